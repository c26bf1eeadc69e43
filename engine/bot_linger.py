"""Linger Longer bots, levels 1-2 (see the comments)."""
# Linger Longer bots. A trick costs each loser a card and the winner
# nothing (it draws one back), and the last player holding cards wins, so the
# question is less whether to win than what to spend.
#
# Level 1: lead an ace (else the cheapest card), win with the cheapest card
# that beats the trick so far, otherwise throw the cheapest card.
# Level 2: from the unseen cards (neither in hand nor in the view's `plays`)
# it counts, for each card, those that would beat it, and estimates in 1/1024ths
# (hypergeometric, integers only) the chance it takes this trick against the
# cards the players still to play hold ("now"), and against a few cards, as
# the table thins out ("later": what keeping it is worth). It plays the best
# now - 2 * later: it leads its weakest card (a lead rarely holds: keep
# strength to follow with), takes a trick it is last to play to with the
# cheapest winner, in the middle wins only when the card is likely to hold,
# and otherwise throws its least useful card. The weights were tuned by
# duplicate matches against level 1.
from engine.botlib import current_best, play_for
from engine.tricks import beats

ONE = 1024
NOW_WEIGHT = 1
LATER_WEIGHT = 2
LATER_CARDS = 4


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
    horizon = min(others, LATER_CARDS)
    pick, pick_score = legal[0], None
    if trick and not after:  # last to play: a sure trick is always taken
        win = [c for c in legal if beats(c, best, trump)]
        if win:
            legal = win
    for c in legal:
        n = _beaters(c, unseen, trump)
        later = chance(len(unseen), n, horizon)
        now = 0
        if trick and beats(c, best, trump):
            now = chance(len(unseen), n, after)
        # leads go weakest first: a lead rarely holds, so keep strength to follow with
        score = (NOW_WEIGHT * now - LATER_WEIGHT * later) * 64 - c % 13
        if c // 13 == trump:
            score -= 20
        if pick_score is None or score > pick_score:
            pick, pick_score = c, score
    return pick


def _beaters(card, unseen, trump):
    # How many unseen cards would beat card if it led or were winning.
    n = 0
    for u in unseen:
        if beats(u, card, trump):
            n += 1
    return n


def chance(pool, bad, drawn):
    # Chance (of ONE) that drawn cards out of pool include none of bad.
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
