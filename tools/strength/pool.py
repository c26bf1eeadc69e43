"""Opponent styles for the tournament: players written apart from the
project's bots (they share none of engine/bots/*.py), so the bots are measured
against more than themselves. Dev-side only: they never ship.

    from tools.strength import pool
    pool.choose("cautious", view, legal, seed)      # one of legal

Styles (STYLES):
- ``random``: a uniformly random legal action (its own generator).
- ``cautious``: bids only the tricks it is sure of (aces, guarded kings, long
  trumps), rounded down and less a margin; passes Israeli auctions unless
  strong; keeps its Nines hand unless it is poor; plays to win cheaply while
  its bid needs tricks and ducks as high as it can once it is made.
- ``aggressive``: bids its honours generously, rounded up and plus one; bids
  in Israeli auctions on fair hands; swaps Nines hands below average; plays
  like ``cautious``.
- ``trumps``: bids soberly (rounded), chooses and bids its longest suit as
  trump, and leads its top trump whenever it holds one while trumps are out
  (draws trumps), else plays like ``cautious``.
- ``sober``: an exact bidder. It counts the tricks it can see (aces, kings
  with a guard, and trumps beyond three when it would choose trump, or when
  trump is fixed), bids that count, and when the dealer's hook forbids it
  takes the lower neighbour. Short of its bid it wins as cheaply as it can
  (leading a master when it holds one); once its bid is made it ducks and
  throws its winners (in Call Break, where an extra trick scores, it keeps
  winning cheaply). It leads from its longest suit. In the Israeli auction
  it bids only a count that reaches the minimum. In Nines, where every trick
  past the book of four scores, it plays to win cheaply throughout and keeps
  a hand that counts two tricks; in Linger Longer it wins cheaply, throws
  from its short suits and holds its long suit.

They use floats freely: they run on the desktop only.
"""
import random

STYLES = ("random", "cautious", "aggressive", "trumps", "sober")
PASS, SWAP, KEEP, BID, TRUMP, TRUMP_BID = 400, 401, 402, 100, 200, 300

# bid = round(estimate * SCALE + SHIFT) per style (estimate in tricks)
BIDDING = {"cautious": (0.8, -0.45), "aggressive": (1.15, 0.75), "trumps": (1.0, 0.0)}


def choose(style, view, legal, seed=0):
    if style not in STYLES:
        raise ValueError("no style %r (have: %s)" % (style, ", ".join(STYLES)))
    if len(legal) == 1:
        return legal[0]
    if style == "random":
        key = (seed * 1000003 + view["round"] * 7919 + len(view["plays"]) * 131
               + sum(view["counts"]) * 17 + view["to_act"])
        return random.Random(key).choice(legal)
    phase = view["phase"]
    seat = view["to_act"]
    hand = view["hands"][seat]
    if style == "sober":
        return sober(view, phase, seat, hand, legal)
    if phase in ("bid", "contract"):
        return bid(style, view, hand, legal)
    if phase == "trump":
        return TRUMP + choose_trump(style, hand)
    if phase == "trump_bid":
        return auction(style, hand, legal)
    if phase == "frisch":
        return min(legal, key=lambda c: (c % 13, c))
    if phase == "swap":
        return swap(style, view, hand)
    return play(style, view, seat, hand, legal)


# --- hand sense -------------------------------------------------------------

def suits_of(hand):
    out = [[], [], [], []]
    for c in hand:
        out[c // 13].append(c)
    return out


def estimate(hand, trump):
    """Tricks the hand should take with trump (0-3, or 4/None: no trump)."""
    suits = suits_of(hand)
    t = 0.0
    has_trump = trump is not None and trump < 4
    for s in range(4):
        cs = suits[s]
        n = len(cs)
        for c in cs:
            r = c % 13
            if r == 12:
                t += 1.0
            elif r == 11:
                t += 0.75 if n >= 2 else 0.25
            elif r == 10 and n >= 3:
                t += 0.4
        if has_trump and s == trump:
            t += max(0, n - 3)
        elif has_trump and n <= 1 and len(suits[trump]) >= 3:
            t += 0.5 * (2 - n)
    return t


def longest_suit(hand):
    suits = suits_of(hand)
    return max(range(4), key=lambda s: (len(suits[s]), sum(c % 13 for c in suits[s])))


def choose_trump(style, hand):
    if style == "trumps":
        return longest_suit(hand)
    best = max(range(5), key=lambda s: (estimate(hand, s), -s))
    return best


def view_trump(view):
    t = view["trump"]
    if t is None and view["game"] == "callbreak":
        t = 3
    return t


def bid(style, view, hand, legal):
    trump = view_trump(view)
    if view["game"] == "nommie":
        # trump unknown: the longest suit if this hand may choose it
        guess = longest_suit(hand) if style == "trumps" else choose_trump(style, hand)
        est = (estimate(hand, None) + estimate(hand, guess)) / 2.0
    else:
        est = estimate(hand, trump)
    scale, shift = BIDDING[style]
    want = int(est * scale + shift + 0.5)
    if view["game"] == "israeli" and view["to_act"] == view["high_bid"][2]:
        want = max(want, view["high_bid"][0])
    return min(legal, key=lambda a: (abs(a - BID - want), a))


def auction(style, hand, legal):
    # Israeli trump auction: the cheapest bid in the best suit the hand supports.
    if style == "trumps":
        suits = [longest_suit(hand)]
    else:
        suits = [0, 1, 2, 3, 4]
    margin = {"cautious": -1.0, "aggressive": 2.5, "trumps": 1.5}[style]
    best, best_room = PASS, None
    for s in suits:
        tricks = estimate(hand, s) + margin
        for a in legal:
            if a != PASS and (a - TRUMP_BID) % 5 == s:
                room = tricks - (a - TRUMP_BID) // 5
                if room >= 0 and (best_room is None or room > best_room):
                    best, best_room = a, room
                break
    return best


def swap(style, view, hand):
    trump = view["trump"]
    est = estimate(hand, trump)
    below = {"cautious": 2.0, "aggressive": 3.5, "trumps": 3.0}[style]
    if style == "trumps" and trump < 4:
        return SWAP if len([c for c in hand if c // 13 == trump]) < 3 else KEEP
    return SWAP if est < below else KEEP


# --- card play --------------------------------------------------------------

def beats(c, best, trump):
    if c // 13 == best // 13:
        return c > best
    return trump is not None and c // 13 == trump


def split_by_winning(trick, legal, trump):
    # (the legal cards that would take the trick so far, the rest)
    best = trick[0][1]
    for p in trick[1:]:
        if beats(p[1], best, trump):
            best = p[1]
    win = [c for c in legal if beats(c, best, trump)]
    return win, [c for c in legal if c not in win]


def cost(c, trump):
    return c % 13 + (13 if trump is not None and c // 13 == trump else 0)


def wants_tricks(view, seat):
    game = view["game"]
    if game in ("nines", "linger"):
        return True
    b = view["bids"][seat]
    return b is None or view["tricks"][seat] < b


def play(style, view, seat, hand, legal):
    trump = view_trump(view)
    trick = view["trick"]
    want = wants_tricks(view, seat)
    if not trick:
        if style == "trumps" and trump is not None and trump < 4 and want:
            mine = [c for c in legal if c // 13 == trump]
            seen = set(hand) | set(x & 63 for x in view["plays"])
            out = [c for c in range(13 * trump, 13 * trump + 13) if c not in seen]
            if mine and out:
                return max(mine)
        if want:
            aces = [c for c in legal if c % 13 == 12 and c // 13 != trump]
            if aces:
                return aces[0]
            return min(legal, key=lambda c: (cost(c, trump), c))
        return min(legal, key=lambda c: (cost(c, trump), c))
    win, lose = split_by_winning(trick, legal, trump)
    if want:
        if win:
            last = len(trick) == view["players"] - 1
            if last or style == "aggressive":
                return min(win, key=lambda c: (cost(c, trump), c))
            # not last: a winner likely to hold (the highest of the led suit), else the cheapest
            led = [c for c in win if c // 13 == trick[0][1] // 13]
            if led:
                return max(led)
            return min(win, key=lambda c: (cost(c, trump), c))
        return min(lose, key=lambda c: (cost(c, trump), c))
    if lose:
        return max(lose, key=lambda c: (cost(c, trump), c))
    return min(win, key=lambda c: (cost(c, trump), c))


# --- the sober exact bidder -------------------------------------------------

def counted(hand, trump):
    """Tricks the hand can count: aces, guarded kings, trumps past three."""
    suits = suits_of(hand)
    n = 0
    for s in range(4):
        for c in suits[s]:
            if c % 13 == 12 or (c % 13 == 11 and len(suits[s]) >= 2):
                n += 1
    if trump is not None and trump < 4:
        n += max(0, len(suits[trump]) - 3)
    return n


def sober(view, phase, seat, hand, legal):
    game = view["game"]
    if phase in ("bid", "contract"):
        trump = view_trump(view)
        if game == "nommie":
            others = [b for b in view["bids"] if b is not None]
            mine = counted(hand, longest_suit(hand))
            # it would choose trump only with the highest bid
            want = mine if not others or mine > max(others) else counted(hand, None)
        else:
            want = counted(hand, trump)
        if game == "israeli" and seat == view["high_bid"][2]:
            want = max(want, view["high_bid"][0])
        if game == "callbreak":
            want = max(1, want)
        bids = [a - BID for a in legal]
        if want in bids:
            return BID + want
        lower = [b for b in bids if b < want]
        return BID + (max(lower) if lower else min(bids))
    if phase == "trump":
        return TRUMP + max(range(5), key=lambda s: (counted(hand, s), -s))
    if phase == "trump_bid":
        best = PASS
        for s in range(4):
            n = counted(hand, s)
            for a in legal:
                if a != PASS and (a - TRUMP_BID) % 5 == s and (a - TRUMP_BID) // 5 <= n:
                    if best == PASS or (a - TRUMP_BID) // 5 < (best - TRUMP_BID) // 5:
                        best = a
                    break
        return best
    if phase == "frisch":
        return min(legal, key=lambda c: (c % 13, c))
    if phase == "swap":
        return KEEP if counted(hand, view["trump"]) >= 2 else SWAP
    return sober_play(view, seat, hand, legal)


def unseen_above(c, view, hand):
    seen = set(hand) | set(x & 63 for x in view["plays"])
    return [x for x in range(c + 1, c // 13 * 13 + 13) if x not in seen]


def seats_in_trick(view):
    # Linger Longer's players without cards sit the trick out
    if view["game"] != "linger":
        return view["players"]
    played = set(p[0] for p in view["trick"])
    return len([s for s in range(view["players"]) if view["counts"][s] or s in played])


def sober_play(view, seat, hand, legal):
    game = view["game"]
    trump = view_trump(view)
    trick = view["trick"]
    # every trick counts in Nines and Linger Longer, and past the call in Call Break
    want = game in ("nines", "linger", "callbreak") or wants_tricks(view, seat)
    suits = suits_of(legal)
    by_length = sorted(range(4), key=lambda s: (-len(suits_of(hand)[s]), s))
    if not trick:
        if want:
            masters = [c for c in legal if not unseen_above(c, view, hand)]
            if masters:
                return max(masters, key=lambda c: (len(suits[c // 13]), c))
            if game == "linger":    # throw from the short suits, hold the long one
                return min(legal, key=lambda c: (c // 13 == trump, len(suits[c // 13]), c % 13))
        for s in by_length:
            if suits[s] and (s != trump or all(not suits[t] for t in range(4) if t != trump)):
                return min(suits[s])
        return min(legal, key=lambda c: (cost(c, trump), c))
    win, lose = split_by_winning(trick, legal, trump)
    if want:
        if win:
            # the cheapest card nobody can beat if others follow, else the cheapest winner
            sure = [c for c in win if c // 13 == trump or not unseen_above(c, view, hand)]
            last = len(trick) == seats_in_trick(view) - 1
            return min(sure if sure and not last else win, key=lambda c: (cost(c, trump), c))
        if game == "linger":
            return min(lose, key=lambda c: (c // 13 == trump, len(suits[c // 13]), c % 13))
        return min(lose, key=lambda c: (cost(c, trump), c))
    if lose:
        return max(lose, key=lambda c: (cost(c, trump), c))
    last = len(trick) == seats_in_trick(view) - 1
    if last:
        return max(win, key=lambda c: (cost(c, trump), c))
    return min(win, key=lambda c: (cost(c, trump), c))
