# Nommie bots (levels 1-2; level 3 plays with engine/bot_search.py).
# Integers only, so the device decides as CPython does.
#
# Level 1: bid from honours and trump length, take the longest strong suit as
# trump, win tricks while the bid needs them and duck after.
# Level 2: the exact bid is worth 10 points and each extra trick costs 9, so
# everything serves landing the bid exactly.
# - Bid: expected tricks in quarters (honours scaled to the hand size, trump
#   length only when this hand will likely choose trump), rounded; the dealer
#   hooked off its bid takes the neighbour its fraction leans to; a zero
#   streak forbids 0 (the legal list says so).
# - Trump (declarer): the suit whose estimate is closest to the bid.
# - Play tracks the round from view["plays"]: cards out, suits a seat has
#   shown out of. Needing tricks: win with the lowest card nobody after can
#   beat, lead masters, draw trumps with the master trump, never lead a low
#   trump when every trick is needed. Bid made: duck under the winning card
#   as high as possible, shed the most dangerous card when void, lead the card
#   most likely to be beaten. (Level-2 play is engine/bot_nommie_play.py,
#   loaded on first use: compiling one big module would set the heap peak.)
from engine import module
from engine.actions import BID, TRUMP
from engine.botlib import best_trump, by_suit, play_for


def choose(view, legal, level, rng):
    seat = view["to_act"]
    hand = view["hands"][seat]
    phase = view["phase"]
    if phase == "bid":
        if level < 2:
            _, q = best_trump(hand)
            return nearest([a - BID for a in legal], (q + 2) // 4) + BID
        return BID + bid(view, hand, [a - BID for a in legal])
    if phase == "trump":
        if level < 2:
            return TRUMP + best_trump(hand)[0]
        return TRUMP + trump_for(hand, view["bids"][seat])
    need = view["bids"][seat] - view["tricks"][seat]
    if level < 2:
        return play_for(view, legal, need > 0)
    return module("bot_nommie_play").play(view, legal, seat, hand, need)


def nearest(options, want):
    best = options[0]
    for o in options:
        if abs(o - want) < abs(best - want):
            best = o
    return best


# --- bidding ---------------------------------------------------------------

# Quarter-trick weights fitted by least squares to the tricks level-2 bots
# take in self-play (tools: duplicate matches), small hands (<= 5 cards) and
# large apart: side ace, guarded king, single king, queen with 2+ guards,
# then for the trump chooser only: per trump, per trump honour (Q-A), per
# trump beyond a quarter of the hand, per short side suit; and a constant.
_W = ((2, 2, 1, 1, 0, 0, 0, 0, 1), (3, 3, 1, 1, 0, 0, 0, 0, 2),
      (2, 1, 1, 0, 5, 1, -2, 0, 0), (3, 3, 2, 2, 5, 3, -2, 1, -6))


ROUND = 1


def quarters(hand, trump, size):
    # Tricks hand should take, in quarters, if it chooses trump (4 = no
    # trump, or trump unknown: someone else chooses).
    w = _W[(2 if trump < 4 else 0) + (1 if size > 5 else 0)]
    suits = by_suit(hand)
    q = w[8]
    for s in range(4):
        cs = suits[s]
        n = len(cs)
        if s == trump:
            q += w[4] * n + w[6] * max(0, n - size // 4)
            for c in cs:
                if c % 13 >= 10:
                    q += w[5]
            continue
        for c in cs:
            r = c % 13
            if r == 12:
                q += w[0]
            elif r == 11:
                q += w[1] if n >= 2 else w[2]
            elif r == 10 and n >= 3:
                q += w[3]
        if trump < 4 and n <= 1 and len(suits[trump]) >= 2:
            q += w[7] * (2 - n)
    return max(0, q)


def bid(view, hand, options):
    size = view["hand_size"]
    trump, q = choice_quarters(hand, size)
    others = [b for b in view["bids"] if b is not None]
    high = max(others) if others else 0
    qn = quarters(hand, 4, size)  # someone else picks trump: count honours only
    mine = 4 * high <= q + 2
    if not mine:
        q = qn
    elif q < size + 4:
        q = (q + qn) // 2  # maybe mine to choose: an average hand rarely is
    want = (q + ROUND) // 4
    if want in options:
        return want
    # hooked (or a zero streak): lean to the side the estimate leans to
    down = want - 1 in options
    up = want + 1 in options and want + 1 <= tops(hand, trump, mine)
    if down and (not up or q - 4 * want <= 0):
        return want - 1
    if up:
        return want + 1
    return nearest(options, want)


def tops(hand, trump, mine):
    # The most tricks the hand could plausibly take: jacks and better, plus
    # small trumps when this hand chooses them.
    n = 0
    for c in hand:
        if c % 13 >= 9 or (mine and c // 13 == trump):
            n += 1
    return n


def choice_quarters(hand, size):
    best, best_q = 4, quarters(hand, 4, size)
    for s in range(4):
        q = quarters(hand, s, size)
        if q > best_q:
            best, best_q = s, q
    return best, best_q


def trump_for(hand, b):
    size = len(hand)
    best, best_d = 4, None
    for s in range(5):
        q = quarters(hand, s, size)
        d = abs(q - 4 * b) * 4 - (len([c for c in hand if c // 13 == s]) if s < 4 else 0)
        if best_d is None or d < best_d:
            best, best_d = s, d
    return best
