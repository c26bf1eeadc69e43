# Card sense the bots of every game share. Integer arithmetic only, so a
# bot decides the same on CPython and on the device (floats differ there).
#
# Trick estimates are in quarters of a trick (4 = one trick).
from engine.tricks import beats

QUARTER = 4


def by_suit(hand):
    # Cards per suit: a list of four sorted lists.
    out = [[], [], [], []]
    for c in hand:
        out[c // 13].append(c)
    return out


def estimate_quarters(hand, trump):
    # Roughly how many tricks hand takes with trump (0-3, or 4/None for no trump).
    q = 0
    suits = by_suit(hand)
    for s in range(4):
        cards = suits[s]
        n = len(cards)
        for c in cards:
            r = c % 13
            if r == 12:
                q += 4
            elif r == 11 and n >= 2:
                q += 3
            elif r == 10 and n >= 3:
                q += 2
            elif r == 9 and n >= 4:
                q += 1
        if s == trump:
            if n > 3:
                q += 4 * (n - 3)
            q += n  # small trumps ruff side suits
        elif trump is not None and trump < 4 and n <= 1 and len(suits[trump]) >= 2:
            q += 2 if n == 0 else 1
    return q


def best_trump(hand, allow_nt=True):
    # The suit (or 4 = no trump) this hand likes best as trump, and its estimate.
    best, best_q = 0, -1
    for s in range(4):
        q = estimate_quarters(hand, s) * 2 + len([c for c in hand if c // 13 == s])
        if q > best_q:
            best, best_q = s, q
    if allow_nt:
        q = estimate_quarters(hand, 4) * 2
        suits = by_suit(hand)
        if min([len(x) for x in suits]) >= 2 and q > best_q:
            best, best_q = 4, q
    return best, estimate_quarters(hand, best)


def drift(view, seat, gain):
    # Quarter tricks to take off this seat's next bid: the tricks its bids
    # have run above what it took this game, summed (so the correction grows
    # until the bids stop running high), times gain / 4, scaled to this
    # round's hand size (a 13-card hand drifts more than a 2-card one) and
    # kept within 4 tricks either way.
    s = 0
    for h in view["history"]:
        b = h["bids"][seat]
        if b is not None:
            s += b - h["tricks"][seat]
    c = s * gain * view["hand_size"] // 52
    return max(-16, min(16, c))


def current_best(trick, trump):
    # The card now winning trick (non-empty).
    best = trick[0][1]
    for p in trick[1:]:
        if beats(p[1], best, trump):
            best = p[1]
    return best


def winners_in(legal, trick, trump):
    # Legal cards that would take the lead of the trick so far.
    if not trick:
        return list(legal)
    best = current_best(trick, trump)
    return [c for c in legal if beats(c, best, trump)]


def lowest(cards, trump=None):
    # The cheapest card: low rank, non-trump before trump.
    best = None
    for c in cards:
        key = c % 13 + (20 if c // 13 == trump else 0)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1]


def highest(cards, trump=None):
    best = None
    for c in cards:
        key = c % 13 + (20 if c // 13 == trump else 0)
        if best is None or key > best[0]:
            best = (key, c)
    return best[1]


def play_for(view, legal, want):
    # Pick a card: try to win the trick cheaply if want, else lose it as high as possible.
    trump = view["trump"]
    trick = view["trick"]
    if not trick:
        if want:
            # lead an ace or a top trump, else a low card of the longest side suit
            tops = [c for c in legal if c % 13 == 12]
            if tops:
                return lowest(tops, trump)
            return lowest(legal, trump)
        return lowest(legal, trump)
    win = winners_in(legal, trick, trump)
    if want:
        if win:
            return lowest(win, trump)
        return lowest(legal, trump)
    lose = [c for c in legal if c not in win]
    if lose:
        return highest(lose, trump)
    return lowest(legal, trump)
