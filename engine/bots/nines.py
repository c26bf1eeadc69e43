# Nines bots. Every trick is a point off, so a Nines bot always wants the
# trick; the skill is in winning it cheaply and keeping winners for later.
#
# Swap: an estimate of the tricks this hand takes with this hand's trump
# against what the dummy is worth. Level 1 swaps when common's estimate is
# well below that of an average hand. Level 2 uses value(), fitted to Nines,
# and a threshold that is lower when the dummy is a hand another player just
# gave up (it is known to be weak) than when it is the dummy as dealt.
# Play: level 1 wins cheaply when it can, else plays its lowest card; level 2
# tracks the cards still out (see its part below).
#
from engine.actions import KEEP, SWAP
from engine.bots.common import by_suit, estimate_quarters, hand_quarters, lowest, play_for
from engine.bots.common import weights, winners_in

# How level 3 searches this game (engine.bots, engine/bots/search.py):
SEARCH = "engine.bots.search"   # the module that plays level 3's cards
BID_SEARCH = False
SWAP_SEARCH = "engine.bots.search_nines"   # keep or swap, each played out
PLAYOUT = 1200                 # cards simulated per decision


def known(view, seen):
    # For level 3's sampling: the hands this seat has held that another seat
    # now holds (per seat, or None), their cards and the dummy's when it held
    # them (out of play) marked in seen (engine.bots.search.seen_cards' list).
    fixed = view["known_hands"]
    for h in fixed + [view["dummy"]]:
        for c in h or ():
            seen[c] = 1
    return fixed


def round_value(view):
    # None: no bids; every trick won is a point off, so each is wanted
    return None


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
    return play(view, me, hand, legal)


def wants_swap(view, hand, level):
    trump = view["trump"]
    if level < 2:
        return estimate_quarters(hand, trump) < PAR[trump] - 2
    given_up = 1 if True in view["swapped"] else 0
    return value(hand, trump) < SWAP_BELOW[given_up][1 if trump == 4 else 0]


# common.hand_quarters' weights for value(): with the dummy dead, kings and
# queens are worth more than in whist, and short queens and jacks still
# count; trump (every suit in no trump) honours more than side ones; per
# trump, beyond two and beyond four; a side void.
_MAIN = weights(4, 0, 4, 0, 3, 1, 2, 1)
_W = weights(4, 0, 3, 0, 2, 1, 1, 1, 4, 0, 4, 0, 3, 1, 2, 1, 1, 2, 2, 2, 4, 1, 0, 0, 0, 0)


def value(hand, trump):
    # Tricks hand should take in Nines, in quarters (fitted to level-2 play).
    return hand_quarters(hand, trump, _MAIN if trump == 4 else _W)


# --- level-2 card play ----------------------------------------------------

def out_cards(view, hand):
    # Cards an opponent may still hold: not mine, not played, not in a known dummy.
    gone = [0] * 52
    for c in hand:
        gone[c] = 1
    for x in view["plays"]:
        gone[x & 63] = 1
    if view["dummy"] is not None:
        for c in view["dummy"]:
            gone[c] = 1
    return gone


def is_master(c, gone):
    # No card that can still be played against c ranks above it in its suit.
    top = (c // 13) * 13 + 12
    for x in range(c + 1, top + 1):
        if not gone[x]:
            return False
    return True


def may_hold(view, seat, suit, gone):
    # Could seat still hold a card of suit?
    if view["voids"][seat] & (1 << suit):
        return False
    known = view["known_hands"][seat]
    if known is not None:
        return len([c for c in known if c // 13 == suit]) > 0
    for x in range(suit * 13, suit * 13 + 13):
        if not gone[x]:
            return True
    return False


def can_beat(view, seat, card, led, gone):
    # Could seat, playing after us, beat card in a trick led in suit led?
    trump = view["trump"]
    s = card // 13
    if may_hold(view, seat, led, gone):
        if s != led:
            return False  # it must follow suit below a trump
    elif trump > 3 or not may_hold(view, seat, trump, gone):
        return False
    elif s != trump:
        return True  # it may ruff
    known = view["known_hands"][seat]
    for x in range(card + 1, s * 13 + 13):  # a higher card of card's own suit
        if not gone[x] and (known is None or x in known):
            return True
    return False


def play(view, me, hand, legal):
    trump = view["trump"]
    trick = view["trick"]
    gone = out_cards(view, hand)
    later = [(me + i) % 3 for i in range(1, 3 - len(trick))]
    if not trick:
        return lead(view, me, hand, legal, gone)
    led = trick[0][1] // 13
    win = winners_in(legal, trick, trump)
    safe = [c for c in win if not [p for p in later if can_beat(view, p, c, led, gone)]]
    if safe:  # the last player: every winner is safe
        return lowest(safe, trump)
    return discard(hand, legal, trump, gone)


def lead(view, me, hand, legal, gone):
    trump = view["trump"]
    others = [(me + 1) % 3, (me + 2) % 3]
    suits = by_suit(hand)
    if trump < 4 and suits[trump]:
        top = suits[trump][-1]
        out_trumps = [p for p in others if may_hold(view, p, trump, gone)]
        if out_trumps and is_master(top, gone):
            return top  # draw trump with a sure winner
    best = None
    for c in legal:
        s = c // 13
        if s == trump or not is_master(c, gone):
            continue
        if [p for p in others if can_beat(view, p, c, s, gone)]:
            continue
        if best is None or c % 13 < best % 13:
            best = c
    if best is not None:
        return best
    return lead_low(view, others, suits, legal, gone)


def lead_low(view, others, suits, legal, gone):
    # Nothing sure to lead: a low card of the side suit that costs least.
    trump = view["trump"]
    best, key = None, None
    for s in range(4):
        cs = suits[s]
        if not cs or s == trump:
            continue
        k = 2 * len(cs)  # long suits set up winners
        if trump < 4 and len(cs) == 1 and len(suits[trump]) >= 2:
            k += 5  # a singleton led makes a void to ruff with
        if len(cs) <= 2 and cs[-1] % 13 >= 9 and cs[-1] != cs[0]:
            k -= 4  # do not lead away from a short honour
        for p in others:
            if view["voids"][p] & (1 << s) and trump < 4 and may_hold(view, p, trump, gone):
                k -= 20  # an opponent would ruff it
        if key is None or k > key:
            best, key = cs[0], k
    return lowest(legal, trump) if best is None else best


def discard(hand, legal, trump, gone):
    # The card that costs least: low, not a winner, from a short side suit.
    best, key = None, None
    for c in legal:
        s = c // 13
        k = c % 13 * 4 + (200 if s == trump else 0) + (100 if is_master(c, gone) else 0)
        k += len([x for x in hand if x // 13 == s])
        if key is None or k < key:
            best, key = c, k
    return best
