# Level 3 card play for Call Break: sample, play out, score the call.
#
# The generic search (engine/bots/search.py) plays its rounds out with a
# policy much weaker than Call Break's level 2, so its rounds misjudge the
# cards. This one plays them out the way level 2 plays (engine/bots/callbreak.py),
# made cheap by looking at the sampled hands instead of inferring them: win
# with the lowest card nobody after can beat, else the lowest winner; lead
# the top spade while others hold spades, else a side card nobody can beat,
# else low from the shortest side suit; discard low side cards. Deals are
# sampled honouring shown voids; a playout scores this seat's round points
# (engine.callbreak.points) less the others' mean, so setting a caller
# counts too, and the level-2 card stays unless another card clearly does
# better on the same deals.
from engine.bots.search import against, distinct, known_voids, pick, sample_hands, seen_cards
from engine.callbreak import SPADES
from engine.tricks import beats

BUDGET = 500   # cards played out per decision (board time: tools/bench/cp_timing.py)
def choose(view, legal, rng, baseline, bot):
    # (bot: the game's bot module, as engine.bots passes every search; this
    # search keeps its own settings)
    import engine.callbreak as cb
    me = view["to_act"]
    seen, unseen = seen_cards(view)
    cands = distinct(legal, seen)
    if len(cands) == 1:
        return cands[0]
    voids = known_voids(view["plays"], 4)
    left = sum(view["counts"])
    samples = BUDGET // (left * len(cands))
    if samples < 2:
        return baseline  # two deals would overrun the budget: level 2's card
    calls = view["bids"]
    vals = [[0] * samples for _ in cands]
    for k in range(samples):
        hands = sample_hands(view, me, unseen, voids, rng)
        for h in hands:
            h.sort()
        for i in range(len(cands)):
            h = [list(x) for x in hands]
            vals[i][k] = against(cb.points, calls, playout(view, h, cands[i]), me)
    return pick(cands, vals, baseline)


def round_tricks(n, hands, bids, trump, first):
    # The tricks each seat takes when the round (hands: lists of cards, left
    # as they are) is played out from seat first's lead: the call search's
    # playout (engine/bots/search.py choose_bid).
    hands = [sorted(h) for h in hands]
    v = {"to_act": first, "tricks": [0, 0, 0, 0], "trick": []}
    return playout(v, hands, lead(hands, first, [0] * 8))


def playout(view, hands, first):
    # Play first for the seat to act, then the round out; the tricks each
    # seat ends with. Nothing is allocated per card: the trick's cards go
    # into one list of 4 (k of them played so far).
    seat = view["to_act"]
    won = list(view["tricks"])
    trick = [0, 0, 0, 0]
    scratch = [0, 0, 0, 0, 0, 0, 0, 0]
    k = 0
    for p in view["trick"]:
        trick[k] = p[1]
        k += 1
    best = 0
    lead_seat = view["trick"][0][0] if k else seat
    for j in range(1, k):
        if beats(trick[j], trick[best], SPADES):
            best = j
    card = first
    while True:
        hands[seat].remove(card)
        trick[k] = card
        if k == 0:
            best, lead_seat = 0, seat
        elif (card > trick[best]) if card // 13 == trick[best] // 13 else card >= 39:
            best = k  # beats(card, trick[best], SPADES), without the call
        k += 1
        if k == 4:
            seat = (lead_seat + best) % 4
            won[seat] += 1
            if not hands[seat]:
                return won
            k = 0
            card = lead(hands, seat, scratch)
        else:
            seat = (seat + 1) % 4
            card = follow(hands, seat, trick, k, best, scratch)


def follow(hands, seat, trick, k, best, scratch):
    # The card seat plays to trick[:k] (trick[best] winning it so far).
    hand = hands[seat]
    led = trick[0] // 13
    top = trick[best]
    lo = hi = -1  # this seat's cards of the led suit: hand[lo:hi]
    for j in range(len(hand)):
        if hand[j] // 13 == led:
            if lo < 0:
                lo = j
            hi = j + 1
    if lo >= 0:
        for j in range(lo, hi):
            if hand[j] > top or top // 13 != led:
                if top // 13 != led:
                    break  # ruffed: no card of the led suit wins
                return cheapest_safe(hands, seat, led, 3 - k, j, hi)
        return hand[lo]
    for j in range(len(hand)):
        if hand[j] >= 39 and (top < 39 or hand[j] > top):  # a spade that wins
            return cheapest_safe(hands, seat, led, 3 - k, j, len(hand))
    return discard(hand, scratch)


def cheapest_safe(hands, seat, led, later, j, end):
    # hand[j:end] all win the trick so far (same suit, ascending): the lowest
    # that none of the `later` seats still to play can beat, else the lowest.
    hand = hands[seat]
    for i in range(j, end):
        if not beaten_later(hands, seat, later, hand[i], led):
            return hand[i]
    return hand[j]


def beaten_later(hands, seat, later, c, led):
    for i in range(1, later + 1):
        h = hands[(seat + i) % 4]
        has_led = False
        for x in h:
            if x // 13 == led:
                has_led = True
                if c // 13 == led and x > c:
                    return True
        if not has_led and led != SPADES:
            for x in h:
                if x // 13 == SPADES and (c // 13 != SPADES or x > c):
                    return True
    return False


def lead(hands, seat, scratch):
    # scratch: 8 ints this call may overwrite (the others' top card per suit,
    # then this hand's cards per suit).
    hand = hands[seat]
    for s in range(8):
        scratch[s] = -1 if s < 4 else 0
    for i in range(1, 4):
        for x in hands[(seat + i) % 4]:
            if x > scratch[x // 13]:
                scratch[x // 13] = x
    if hand[-1] // 13 == SPADES and scratch[SPADES] >= 0 and hand[-1] > scratch[SPADES]:
        return hand[-1]  # the master spade draws the others' ruffs
    for x in hand:
        scratch[4 + x // 13] += 1
    low, low_n = -1, 99
    for x in hand:
        s = x // 13
        if s == SPADES:
            continue
        if x > scratch[s] and not beaten_later(hands, seat, 3, x, s):
            return x
        if scratch[4 + s] < low_n or (scratch[4 + s] == low_n and x % 13 < low % 13):
            low, low_n = x, scratch[4 + s]
    return low if low >= 0 else hand[0]


def discard(hand, scratch):
    # The lowest side card of the shortest side suit; a spade only if nothing else.
    for s in range(4):
        scratch[s] = 0
    for x in hand:
        scratch[x // 13] += 1
    best, key = hand[0], 999
    for x in hand:
        k = x % 13 * 4 + scratch[x // 13] + (200 if x // 13 == SPADES else 0)
        if k < key:
            best, key = x, k
    return best
