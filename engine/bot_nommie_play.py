# Nommie level-2 card play, loaded by engine/bot_nommie.py on first use.
#
# Play tracks the round from view["plays"]: cards out, suits a seat has shown
# out of. Needing tricks: win with the lowest card nobody after can beat, lead
# masters, draw trumps with the master trump, never lead a low trump when
# every trick is needed. Bid made: duck under the winning card as high as
# possible, shed the most dangerous card when void, lead the card most likely
# to be beaten.
from engine.botlib import by_suit
from engine.state import LEAD
from engine.tricks import beats


def knowledge(view, hand):
    # out[c]: 1 while card c is unseen by this seat; voids[p]: suits bitmask.
    out = bytearray(b"\x01" * 52)
    for c in hand:
        out[c] = 0
    voids = [0, 0, 0, 0]
    led = 0
    for x in view["plays"]:
        c = x & 63
        out[c] = 0
        if x & LEAD:
            led = c // 13
        elif c // 13 != led:
            voids[(x >> 6) & 3] |= 1 << led
    return out, voids


def higher_out(c, out):
    # Unseen cards of c's suit above c.
    n = 0
    for x in range(c + 1, c // 13 * 13 + 13):
        n += out[x]
    return n


def suit_out(s, out):
    n = 0
    for x in range(13 * s, 13 * s + 13):
        n += out[x]
    return n


def safe(c, led, after, trump, out, voids):
    # Can nobody still to play beat c? (Voids are known; holdings are not.)
    s = c // 13
    tr = trump is not None and trump < 4
    for p in after:
        v = voids[p]
        if s == led and not v & (1 << led) and higher_out(c, out):
            return False
        if tr and s != trump and (v & (1 << led) or not suit_out(led, out)) \
                and not v & (1 << trump) and suit_out(trump, out):
            return False
        if tr and s == trump and led != trump and higher_out(c, out) \
                and (v & (1 << led) or not suit_out(led, out)) and not v & (1 << trump):
            return False
    return True


def play(view, legal, seat, hand, need):
    trump = view["trump"]
    trick = view["trick"]
    out, voids = knowledge(view, hand)
    left = len(hand)
    if need > left:
        need = left  # the bid is lost: tricks still score a point each
    if not trick:
        return lead(legal, trump, out, voids, seat, need, left)
    best = trick[0][1]
    for p in trick[1:]:
        if beats(p[1], best, trump):
            best = p[1]
    led = trick[0][1] // 13
    win = [c for c in legal if beats(c, best, trump)]
    lose = [c for c in legal if c not in win]
    after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
    if need <= 0:
        if lose:
            return shed(lose, trump, out, led)
        if not after:
            return danger_top(win, trump, out)
        return cheapest(win, trump)  # someone after may still take it
    if not win:
        return shed_low(lose, trump, out)
    for c in sorted(win, key=lambda c: _cost(c, trump)):
        if safe(c, led, after, trump, out, voids):
            return c
    if need >= left:
        return danger_top(win, trump, out)
    w = cheapest(win, trump)
    if w // 13 == trump and led != trump:
        return w  # a ruff wins unless overruffed
    return shed_low(lose, trump, out) if lose and higher_out(w, out) > 1 else w


def _cost(c, trump):
    return c % 13 + (13 if c // 13 == trump else 0)


def cheapest(cards, trump):
    best = cards[0]
    for c in cards:
        if _cost(c, trump) < _cost(best, trump):
            best = c
    return best


def danger_top(cards, trump, out):
    best = cards[0]
    for c in cards:
        if _cost(c, trump) > _cost(best, trump):
            best = c
    return best


def shed(lose, trump, out, led):
    # Bid made, cannot be forced to win: get rid of the card most likely to win later.
    best, bk = lose[0], -1
    for c in lose:
        k = 40 - 3 * higher_out(c, out) + (20 if c // 13 == trump else 0)
        if c // 13 != led and c // 13 == trump:
            k = -5  # never ruff by accident: losing trumps stay
        if k > bk:
            best, bk = c, k
    return best


def shed_low(cards, trump, out):
    # A card that cannot win now: keep masters and trumps, throw low from short suits.
    suits = [0, 0, 0, 0]
    for c in cards:
        suits[c // 13] += 1
    best, bk = cards[0], 999
    for c in cards:
        k = 4 * (c % 13) + min(suits[c // 13], 4)
        if c // 13 == trump:
            k += 100
        elif not higher_out(c, out):
            k += 60
        if k < bk:
            best, bk = c, k
    return best


def lead(legal, trump, out, voids, seat, need, left):
    others = [(seat + k) % 4 for k in range(1, 4)]
    tr = trump is not None and trump < 4
    suits = by_suit(legal)
    if need <= 0:
        # the card most likely beaten: many unseen higher cards, no trump
        best, bk = legal[0], -999
        for c in legal:
            k = 4 * higher_out(c, out) - c % 13
            if tr and c // 13 == trump:
                k -= 60
            for p in others:
                if voids[p] & (1 << (c // 13)) and c // 13 != trump:
                    k += 8  # a void seat may ruff it: someone else takes it
            if k > bk:
                best, bk = c, k
        return best
    trumps_out = suit_out(trump, out) if tr else 0
    if tr and suits[trump] and trumps_out and not higher_out(suits[trump][-1], out):
        return suits[trump][-1]  # draw trumps with the master
    for c in legal:
        s = c // 13
        if s == trump or higher_out(c, out):
            continue
        ruff = False
        for p in others:
            if tr and voids[p] & (1 << s) and not voids[p] & (1 << trump) and trumps_out:
                ruff = True
        if not ruff:
            return c
    side = [c for c in legal if not tr or c // 13 != trump]
    if need >= left:
        if tr and suits[trump] and not side:
            return suits[trump][-1]
        if side:
            return danger_top(side, trump, out) if not tr else _best_side(side, out)
    if not side:
        return suits[trump][0] if need < left else suits[trump][-1]
    return _best_side(side, out, tr and len(suits[trump]) > 0)


def _best_side(side, out, can_ruff=False):
    # Low from the suit where the lead costs least: a singleton when trumps
    # can ruff later, never away from a guarded second-best card.
    suits = by_suit(side)
    best, bk = side[0], 999
    for s in range(4):
        cs = suits[s]
        if not cs:
            continue
        k = cs[0] % 13
        if len(cs) == 1 and can_ruff:
            k -= 6
        for c in cs[1:]:
            if higher_out(c, out) == 1:
                k += 6
        if k < bk:
            best, bk = cs[0], k
    return best
