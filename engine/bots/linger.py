# Linger Longer bots, levels 1-3 (level 3 also searches: engine/bots/search_linger.py).
# A trick costs each loser a card and the winner nothing (it draws one
# back), and the last player holding cards wins, so the question is less
# whether to win than what to spend.
#
# Level 1: lead an ace (else the cheapest card), win with the cheapest card
# that beats the trick so far, otherwise throw the cheapest card.
# Level 2: for each card, from the unseen cards (neither in hand nor in the
# view's `plays`) it counts those that would beat it and those it would beat
# if they were led. "now" is the chance (hypergeometric, 1/1024ths, integers
# only) that none of the cards the players still to play hold beats it;
# "later" is the share of unseen leads it would beat: what keeping it to
# follow with is worth. It plays the best now - later. So it takes a
# trick it is last to play to with its cheapest winner, wins in the middle
# only with a card likely to hold, leads a card that may hold (a side-suit
# ace against few cards) or else its weakest, and keeps trumps to follow
# with. The weights were tuned by duplicate matches against level 1.
# Level 3 (the baseline of engine/bots/search_linger.py) weighs the same two
# chances its own way: a lead faces only 3 in 10 of the cards still to
# play (players mostly keep a winner rather than spend it on a lead, so a
# middling lead often holds), and "later" counts 6/5. Found on seeds 1-200
# and checked on 5001-5600 by `python -m tools.strength.linger_judge` (rollouts with
# the table's own bots from resampled deals, where the two levels' cards
# differ): +0.65 +- 0.44 points of win share a game at the mixed table
# 3 2 1 0, +1.24 +- 0.50 at a table of level 2.
from engine.bots.common import current_best, play_for
from engine.tricks import beats

# How level 3 searches this game (engine.bots, engine/bots/search.py):
SEARCH = "engine.bots.search_linger"   # its own: the stock and the last holder's win
BID_SEARCH = False

ONE = 1024
LEAD_THREATS = (10, 10, 10, 3)  # per level: tenths of the cards still to play a lead faces
LATER = (5, 5, 5, 6)            # per level: the weight of "later", in fifths


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
    after = 0  # cards held by the players still to play this trick
    for s in range(view["players"]):
        if s != seat and s not in played_now:
            after += counts[s]
    best = current_best(trick, trump) if trick else None
    if trick and not after:  # last to play: a sure trick is always taken
        win = [c for c in legal if beats(c, best, trump)]
        if win:
            legal = win
    pool = len(unseen) or 1
    if not trick:
        after = (after * LEAD_THREATS[level] + 5) // 10
    later_w = LATER[level]
    pick, pick_score = legal[0], None
    for c in legal:
        above = 0  # unseen cards that would beat c
        below = 0  # unseen cards c would beat if they were led
        for u in unseen:
            if beats(u, c, trump):
                above += 1
            elif beats(c, u, trump):
                below += 1
        now = 0
        if not trick or beats(c, best, trump):
            now = chance(pool, above, after)
        later = below * ONE * later_w // (5 * pool)
        score = (now - later) * 64 - c % 13
        if c // 13 == trump:
            score -= 20
        if pick_score is None or score > pick_score:
            pick, pick_score = c, score
    return pick


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
