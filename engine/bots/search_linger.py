# Level 3 card play for Linger Longer: sample, play out, count the wins.
#
# Linger is won by being the last player holding cards, not by tricks: a
# trick costs each loser a card and the winner draws one back from the stock.
# So the generic search (engine/bots/search.py), which plays rounds out
# without a stock and scores tricks, cannot see what matters here. This one
# deals the unseen cards to the other seats by their counts (no duty to
# follow, so no voids to honour), the rest in random order as the stock, plays
# the game on with the trick winner drawing, and scores a playout 12 when this
# seat ends as the only holder (12 / k for a k-way draw on tricks, and by
# card counts when the playout is cut at CAP cards). The heuristic's card
# (engine/bots/linger.py at level 3) is kept unless another card wins clearly
# more often on the same deals: on a board's budget that is rare (about 1
# decision in 160): 72 playouts are mostly noise, ten times as many would
# gain (python -m tools.strength.linger_judge; docs/bots.md).
from engine.bots.search import distinct, pick, seen_cards
from engine.tricks import beats

PLAYOUTS = 44   # playouts per decision, shared out among the candidates (board time)
CAP = 40        # cards per playout before it is scored by card counts
Z4 = 9          # t-statistic (in quarters) another card needs to replace the heuristic's


def choose(view, legal, rng, baseline, bot):
    # (bot: the game's bot module, as engine.bots passes every search; this
    # search keeps its own settings)
    me = view["to_act"]
    n = view["players"]
    hand = view["hands"][me]
    seen, unseen = seen_cards(view)
    cands = distinct(legal, seen)
    if len(cands) == 1:
        return cands[0]
    counts = view["counts"]
    size = n - len(view["sitting_out"])
    samples = max(2, PLAYOUTS // len(cands))
    cst = strengths(view["trump"])
    vals = [[0] * samples for _ in cands]
    for k in range(samples):
        pool = rng.shuffle(list(unseen))
        for i in range(len(cands)):
            hands = []
            j = 0
            for p in range(n):
                if p == me:
                    hands.append(list(hand))
                else:
                    hands.append(pool[j:j + counts[p]])
                    j += counts[p]
            stock = pool[j:]
            vals[i][k] = playout(view, hands, stock, cands[i], size, cst)
    return pick(cands, vals, baseline, Z4)


def playout(view, hands, stock, first, size, cst):
    # Play first for the seat to act, then on to the end of the game (or CAP
    # cards); this seat's share of the win in twelfths. cst: each card's
    # strength (card c beats top when cst[c] > cst[top] and c is of top's
    # suit or a trump).
    n = view["players"]
    me = view["to_act"]
    trump = view["trump"]
    won = list(view["tricks"])
    # the trick so far: k cards, top the card winning it, played by top_seat
    # (nothing is allocated per card)
    k = 0
    top = top_seat = -1
    for p in view["trick"]:
        if top < 0 or beats(p[1], top, trump):
            top, top_seat = p[1], p[0]
        k += 1
    seat = me
    card = first
    left = CAP
    while True:
        hands[seat].remove(card)
        if top < 0 or (cst[card] > cst[top] and (card // 13 == top // 13 or card // 13 == trump)):
            top, top_seat = card, seat
        k += 1
        left -= 1
        if k == size:
            seat = top_seat
            won[seat] += 1
            if stock:
                hands[seat].append(stock.pop())
            holders = 0
            for p in range(n):
                if hands[p]:
                    holders += 1
            if holders <= 1 or left <= 0:
                return score(hands, won, me, n, holders == 0)
            if not hands[seat]:
                seat = next_holder(hands, seat, n)
            k = 0
            top = -1
            size = holders
        else:
            seat = next_holder(hands, seat, n)
        card = policy(hands, seat, k, top, trump, size, cst)


def strengths(trump):
    # Each card's strength: its rank, 13 more for a trump (one list a decision).
    return [c % 13 + (13 if c // 13 == trump else 0) for c in range(52)]


def next_holder(hands, seat, n):
    for i in range(1, n + 1):
        p = (seat + i) % n
        if hands[p]:
            return p
    return seat


def score(hands, won, me, n, by_tricks):
    # 12 for the only holder (or the most tricks when nobody holds cards,
    # or the most cards when the playout was cut), 12 / k when k seats tie.
    key = won if by_tricks else [len(h) for h in hands]
    top = max(key)
    if key[me] != top:
        return 0
    k = 0
    for p in range(n):
        if key[p] == top:
            k += 1
    return 12 // k


def policy(hands, seat, k, top, trump, size, cst):
    # The playout heuristic (it sees the sampled hands): lead the cheapest
    # card; follow (k cards played, top winning) with the cheapest card that
    # takes the trick if none of the seats still to play can beat it, else
    # throw the cheapest. No function calls per card: cst (see playout()).
    hand = hands[seat]
    low, lc = -1, 99
    for c in hand:
        if cst[c] < lc:
            low, lc = c, cst[c]
    if not k:
        return low
    win, wc = -1, 99
    ts, tc = top // 13, cst[top]
    for c in hand:
        x = cst[c]
        if tc < x < wc and (c // 13 == ts or c // 13 == trump):
            win, wc = c, x
    if win < 0:
        return low
    n = len(hands)
    ws = win // 13
    p = seat
    for _ in range(size - 1 - k):
        p = next_holder(hands, p, n)
        for c in hands[p]:
            if cst[c] > wc and (c // 13 == ws or c // 13 == trump):
                return low
    return win
