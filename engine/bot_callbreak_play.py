# Call Break level-2 card play, loaded by engine/bot_callbreak.py on first use.
# (How it plays: see the comment at the top of engine/bot_callbreak.py.)
from engine.botlib import by_suit, current_best
from engine.callbreak import SPADES
from engine.state import LEAD
from engine.tricks import beats

def knowledge(view, hand):
    # (where, ceil) from the round's plays.
    where = bytearray(52)
    ceil = bytearray(b"\x0d" * 16)
    for c in hand:
        where[c] = 1
    led = best = 0
    for x in view["plays"]:
        c = x & 63
        where[c] = 2
        if x & LEAD:
            led, best = c // 13, c
            continue
        k = 4 * ((x >> 6) & 7)
        if c // 13 == led:
            if best // 13 == led and c < best:
                ceil[k + led] = min(ceil[k + led], best % 13)
        else:
            ceil[k + led] = 0
            if c // 13 != SPADES:
                ceil[k + SPADES] = min(ceil[k + SPADES],
                                       best % 13 if best // 13 == SPADES else 0)
        if beats(c, best, SPADES):
            best = c
    return where, ceil


def unseen(where, s, above=-1):
    # Unseen cards of suit s ranked above rank `above`.
    return [c for c in range(13 * s + above + 1, 13 * s + 13) if where[c] == 0]


def is_master(c, where):
    return not unseen(where, c // 13, c % 13)


def threatened(c, led, seats, where, ceil):
    # Could one of seats (still to play to a trick led in suit led) beat card c?
    s = c // 13
    higher = unseen(where, s, c % 13)
    spades = higher if s == SPADES else unseen(where, SPADES)
    short = len(unseen(where, led)) < len(seats)  # then someone after is void
    for p in seats:
        k = 4 * p
        void = ceil[k + led] == 0 or short
        if s == led:
            for h in higher:
                if h % 13 < ceil[k + s]:
                    return True
        if void and led != SPADES:
            for h in spades:
                if h % 13 < ceil[k + SPADES]:
                    return True
    return False


def play(view, legal, seat, hand):
    where, ceil = knowledge(view, hand)
    trick = view["trick"]
    if not trick:
        return lead(view, hand, seat, where, ceil)
    best = current_best(trick, SPADES)
    win = [c for c in legal if beats(c, best, SPADES)]
    if win:
        after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        for c in win:  # lowest first
            if not threatened(c, trick[0][1] // 13, after, where, ceil):
                return c
        return win[0]
    if legal[0] // 13 == trick[0][1] // 13:
        return legal[0]
    return discard(legal, hand, where)


def discard(cards, hand, where):
    # The card worth least: a low side card from a short suit; masters and spades last.
    suits = by_suit(hand)
    best, best_v = cards[0], 999
    for c in cards:
        s = c // 13
        v = 4 * (c % 13) + min(len(suits[s]), 4)
        if s == SPADES:
            v += 100
        elif is_master(c, where):
            v += 60
        if v < best_v:
            best, best_v = c, v
    return best


def lead(view, hand, seat, where, ceil):
    suits = by_suit(hand)
    others = [(seat + k) % 4 for k in range(1, 4)]
    sp = suits[SPADES]
    out = len(unseen(where, SPADES))
    if sp and is_master(sp[-1], where) and out:
        return sp[-1]
    for c in hand:
        if c // 13 != SPADES and is_master(c, where) and \
                not threatened(c, c // 13, others, where, ceil):
            return c
    best, best_v = None, 999
    for s in range(3):
        cards = suits[s]
        if not cards:
            continue
        v = cards[0] % 13
        if len(cards) == 1 and sp:
            v -= 6  # a void to come: spades will ruff it
        for c in cards[1:]:
            if len(unseen(where, s, c % 13)) == 1:
                v += 6  # a guarded second-best card: let others lead the suit
        for p in others:
            if ceil[4 * p + s] == 0 and ceil[4 * p + SPADES]:
                v += 8  # someone would ruff it
        if v < best_v:
            best, best_v = cards[0], v
    if best is not None:
        return best
    need = view["bids"][seat] - view["tricks"][seat]
    return sp[-1] if need >= len(hand) else sp[0]
