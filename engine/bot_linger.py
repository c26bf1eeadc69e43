"""Linger Longer bots. Every trick costs each loser a card and the winner
nothing (it draws), so a bot always tries to win; the question is with what.

Level 1: lead an ace (else the cheapest card), win with the cheapest card
that beats the trick so far, otherwise throw the cheapest card.
Level 2 (and 3 until the bot issue): counts the unseen cards (not in hand,
not played: the view's `plays`) that would beat each candidate and
the number of cards the players still to play hold, and estimates the chance
that the candidate takes the trick (hypergeometric, in 1/1024ths, integers
only). It plays the card with the best chance now minus half what the card is
worth later (its chance as a lead), so it wins cheaply when it can, holds
strong cards when a trick is hopeless and throws the least useful card.
"""
from engine.botlib import current_best, play_for
from engine.tricks import beats

ONE = 1024


def choose(view, legal, level, rng):
    if level <= 1:
        return play_for(view, legal, True)
    seat = view["to_act"]
    trump = view["trump"]
    trick = view["trick"]
    hand = view["hands"][seat]
    counts = view["counts"]
    gone = [False] * 52
    for c in hand:
        gone[c] = True
    for c in view["plays"]:  # card | seat << 6 | lead flag, this trick's too
        gone[c & 63] = True
    played_now = [p[0] for p in trick]
    unseen = [c for c in range(52) if not gone[c]]
    after = 0   # cards held by the players still to play this trick
    others = 0  # cards held by all other players
    for s in range(view["players"]):
        if s != seat:
            others += counts[s]
            if s not in played_now:
                after += counts[s]
    best = current_best(trick, trump) if trick else None
    pick, pick_score = legal[0], None
    for c in legal:
        n = _beaters(c, unseen, trump)
        later = chance(len(unseen), n, others)
        now = 0
        if best is None or beats(c, best, trump):
            now = chance(len(unseen), n, after)
        score = (2 * now - later) * 64 - c % 13 - (20 if c // 13 == trump else 0)
        if pick_score is None or score > pick_score:
            pick, pick_score = c, score
    return pick


def _beaters(card, unseen, trump):
    """How many unseen cards would beat card if it led or were winning."""
    n = 0
    for u in unseen:
        if beats(u, card, trump):
            n += 1
    return n


def chance(pool, bad, drawn):
    """Chance (of ONE) that drawn cards out of pool include none of bad."""
    p = ONE
    i = 0
    while i < drawn and p:
        if pool - i <= 0:
            break
        p = p * (pool - bad - i) // (pool - i)
        if p < 0:
            p = 0
        i += 1
    return p
