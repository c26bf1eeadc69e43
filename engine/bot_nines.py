# Nines bots. Every trick is a point off, so a Nines bot always wants the
# trick; the skill is in winning it cheaply and keeping winners for later.
#
# Swap: an estimate of the tricks this hand takes with this hand's trump
# against what the dummy is worth. Level 1 swaps when botlib's estimate is
# well below that of an average hand. Level 2 uses value(), fitted to Nines,
# and a threshold that is lower when the dummy is a hand another player just
# gave up (it is known to be weak) than when it is the dummy as dealt.
# Play: level 1 wins cheaply when it can, else plays its lowest card; level 2
# is engine/bot_nines_play.py.
#
from engine.actions import KEEP, SWAP
from engine.botlib import by_suit, estimate_quarters, play_for

# Level 1: the average estimate_quarters of a random Nines hand per trump
# (C, D, H, S, NT), measured over 20000 random hands; it swaps well below par.
PAR = (15, 15, 15, 15, 9)
# Level 2 swaps when value() is below these (trump, no trump) for a dummy as
# dealt, and for one another player gave up. Fitted on 24000 swap decisions,
# each played out both ways by level-2 bots (the swap's gain in tricks).
SWAP_BELOW = ((18, 14), (13, 12))


def choose(view, legal, level, rng):
    me = view["to_act"]
    hand = view["hands"][me]
    if view["phase"] == "swap":
        return SWAP if wants_swap(view, hand, level) else KEEP
    if level < 2:
        return play_for(view, legal, True)
    # Level-2 card play is its own module, compiled only when first needed.
    from engine.bot_nines_play import play
    return play(view, me, hand, legal)


def wants_swap(view, hand, level):
    trump = view["trump"]
    if level < 2:
        return estimate_quarters(hand, trump) < PAR[trump] - 2
    given_up = 1 if True in view["swapped"] else 0
    return value(hand, trump) < SWAP_BELOW[given_up][1 if trump == 4 else 0]


def value(hand, trump):
    # Tricks hand should take in Nines, in quarters (fitted to level-2 play:
    # with the dummy dead, kings and queens are worth more than in whist).
    q = 0
    suits = by_suit(hand)
    for s in range(4):
        n = len(suits[s])
        main = s == trump or trump == 4
        for c in suits[s]:
            r = c % 13
            if r == 12:
                q += 4
            elif r == 11 and n >= 2:
                q += 4 if main else 3
            elif r == 10:
                q += (3 if main else 2) if n >= 3 else 1
            elif r == 9:
                q += (2 if main else 1) if n >= 4 else 1
        if s == trump:
            q += n + 2 * max(0, n - 2) + 2 * max(0, n - 4)
        elif trump < 4 and n == 0:
            q += 1
    return q
