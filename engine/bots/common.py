# Card sense the bots of every game share. Integer arithmetic only, so a
# bot decides the same on CPython and on the device (floats differ there).
#
# Trick estimates are in quarters of a trick (4 = one trick).
from array import array

from engine.tricks import beats

QUARTER = 4


def by_suit(hand):
    # Cards per suit: a list of four sorted lists.
    out = [[], [], [], []]
    for c in hand:
        out[c // 13].append(c)
    return out


def weights(*w):
    # A weight table for hand_quarters, kept small: signed bytes.
    return array("b", w)


def hand_quarters(hand, trump, w, cap=-1):
    # The honour-ladder estimate every game's bids start from: the tricks
    # hand should take with trump (0-3, 4 = no trump), in quarters, with one
    # game's weights w (see each bot module's): w[0:8] a side-suit card,
    # w[8:16] a trump: [0] ace, [2] guarded king, [3] single king, [4] queen
    # with 2+ guards, [5] short queen, [6] jack with 3+ guards, [7] short jack
    # ([1] unused; guarded: 13 - rank cards in the suit); per trump w[16],
    # per trump beyond w[18] (0: a quarter of the hand) w[17], per trump
    # beyond w[20] w[19]; a void, singleton, doubleton side suit w[21:24]
    # (ruffs), in all at most w[24] per trump beyond w[25] (w[24] = 0: no
    # limit), or cap if given. A no-trump table needs only w[0:8].
    suits = by_suit(hand)
    q = ruff = 0
    for s in range(4):
        cs = suits[s]
        n = len(cs)
        k = 8 if s == trump else 0
        for c in cs:
            r = c % 13
            if r >= 9:
                q += w[k + 24 - 2 * r + (0 if n >= 13 - r else 1)]
        if k:
            q += w[16] * n + w[17] * max(0, n - (w[18] or len(hand) // 4)) \
                + w[19] * max(0, n - w[20])
        elif trump < 4 and n < 3:
            ruff += w[21 + n]
    if trump < 4:
        if cap < 0 and w[24]:
            cap = w[24] * max(0, len(suits[trump]) - w[25])
        q += ruff if cap < 0 else min(ruff, cap)
    return q


def hand_table(hand, w, other):
    # hand_quarters(hand, t, w) for every trump t (0-3), then for no trump
    # with the weights other, then the hand's length in each suit, in one
    # pass over the hand (the bid searches' later bidders read every trump
    # of every sampled hand): the same ladder, per suit as a side suit, as
    # trump and at no trump.
    n = [0, 0, 0, 0]
    for c in hand:
        n[c // 13] += 1
    side = [0, 0, 0, 0]
    own = [0, 0, 0, 0]
    plain = 0
    for c in hand:
        r = c % 13
        if r >= 9:
            s = c // 13
            j = 24 - 2 * r + (0 if n[s] >= 13 - r else 1)
            side[s] += w[j]
            own[s] += w[8 + j]
            plain += other[j]
    ruff = [w[21 + k] if k < 3 else 0 for k in n]
    sides = side[0] + side[1] + side[2] + side[3]
    ruffs = ruff[0] + ruff[1] + ruff[2] + ruff[3]
    out = []
    for t in range(4):
        k = n[t]
        q = sides - side[t] + own[t] + w[16] * k + w[17] * max(0, k - (w[18] or len(hand) // 4)) \
            + w[19] * max(0, k - w[20])
        x = ruffs - ruff[t]
        out.append(q + (min(x, w[24] * max(0, k - w[25])) if w[24] else x))
    out.append(plain)
    return out + n


# The shared estimate (level 1 bids and swaps): a side card counts as in trump.
_EST = weights(4, 0, 3, 0, 2, 0, 1, 0, 4, 0, 3, 0, 2, 0, 1, 0, 1, 4, 3, 0, 0, 2, 1, 0, 99, 1)


def estimate_quarters(hand, trump):
    # Roughly how many tricks hand takes with trump (0-3, or 4/None for no trump).
    return hand_quarters(hand, trump, _EST)


def best_trump(hand):
    # The suit (or 4 = no trump) this hand likes best as trump, and its estimate.
    t = hand_table(hand, _EST, _EST)    # (estimate_quarters() of each, the suits' lengths)
    best, best_q = 0, -1
    for s in range(4):
        q = t[s] * 2 + t[5 + s]
        if q > best_q:
            best, best_q = s, q
    if min(t[5:]) >= 2 and t[4] * 2 > best_q:
        best = 4
    return best, t[best]


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


def lowest(cards, trump=None, sign=1):
    # The cheapest card: low rank, non-trump before trump (the first of equals).
    best = None
    for c in cards:
        key = sign * (c % 13 + (20 if c // 13 == trump else 0))
        if best is None or key < best[0]:
            best = (key, c)
    return best[1]


def highest(cards, trump=None):
    # The dearest card (the first of equals).
    return lowest(cards, trump, -1)


def play_for(view, legal, want):
    # Pick a card: try to win the trick cheaply if want, else lose it as high as possible.
    trump = view["trump"]
    trick = view["trick"]
    if not trick:
        # wanting tricks: lead an ace (the cheapest), else the cheapest card
        tops = [c for c in legal if c % 13 == 12] if want else None
        return lowest(tops or legal, trump)
    win = winners_in(legal, trick, trump)
    if want:
        return lowest(win or legal, trump)
    lose = [c for c in legal if c not in win]
    return highest(lose, trump) if lose else lowest(legal, trump)


def low_lead(suits, trump, can_ruff, second, threat=None):
    # A low lead from the side suit (suits: by_suit lists) where it costs
    # least: its lowest rank, 6 less for a singleton when trumps can ruff it
    # later, 6 more for each guarded second-best card (second(c): one unseen
    # card above c), plus threat(s) where given. None without side cards.
    best, bk = None, 999
    for s in range(4):
        cs = suits[s]
        if not cs or s == trump:
            continue
        k = cs[0] % 13 - (6 if len(cs) == 1 and can_ruff else 0)
        for c in cs[1:]:
            if second(c):
                k += 6
        if threat:
            k += threat(s)
        if k < bk:
            best, bk = cs[0], k
    return best
