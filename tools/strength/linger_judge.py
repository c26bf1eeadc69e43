"""Linger Longer, level 3 against level 2, judged decision by decision.
Dev-side only.

    python -m tools.strength.linger_judge [--table 3 2 1 0] [--games 600] [--rollouts 100]
                                 [--first 1]

A tournament compares whole games, and in Linger Longer the deal decides
most of a game, so a small edge drowns (identical bots: +-0.15 points of
win share after 72,000 games). This tool looks only where level 3 and level
2 would play different cards. Games (seeds first, first + 1, ...) are played
at the table (bot levels per seat, rotated one seat per game); at every
decision of the level-3 seat where its card differs from level 2's, both
cards are played out `rollouts` times. Each rollout resamples what the seat
cannot see (the unseen cards dealt to the others by their counts, the rest
shuffled as the stock), then the table's own bots play the game to its end
(the level-3 seat as level 2, so only this one card differs), the same
resampled deal and the same bot seeds for both cards. A decision's gain is
the mean difference in the seat's share of the win, in percent; a game's
gain is the sum over its decisions. Printed: the mean gain per game with a
95% interval, and how many decisions a game differed in.

``judge(table, count, rollouts, first)`` (count: games) returns
``{"games": .., "differing": .., "gain": .., "interval": ..}``.
"""
import argparse
import copy
import math
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots, games  # noqa: E402  (the path first)


def resample(state, seat, rnd):
    """A copy of state with what seat cannot see dealt afresh."""
    out = copy.deepcopy(state)
    known = set(state.hands[seat])
    for c in state.plays:
        known.add(c & 63)
    unseen = [c for c in range(52) if c not in known]
    rnd.shuffle(unseen)
    j = 0
    for p in range(state.players):
        if p != seat:
            n = len(state.hands[p])
            out.hands[p] = sorted(unseen[j:j + n])
            j += n
    out.stock = unseen[j:]
    out.cache = None
    return out


def play_out(state, seat, card, levels, seed):
    """seat's share of the win (percent) when it plays card and the bots play on."""
    state.legal_actions()
    state.apply(card)
    k = 0
    while state.phase != "over":
        legal = state.legal_actions()
        p = state.turn
        state.apply(bots.choose(state.view(p), legal, levels[p], seed * 7919 + k))
        k += 1
    won = state.winners()
    return 100.0 / len(won) if seat in won else 0.0


def gain(state, seat, mine, theirs, levels, rollouts, rnd):
    """Mean win share of card mine over card theirs, over resampled deals."""
    total = 0.0
    for r in range(rollouts):
        a = resample(state, seat, rnd)
        b = copy.deepcopy(a)
        total += play_out(a, seat, mine, levels, r) - play_out(b, seat, theirs, levels, r)
    return total / rollouts


def judge(table=(3, 2, 1, 0), count=600, rollouts=100, first=1):
    n = len(table)
    per_game = []
    differing = 0
    for g in range(first, first + count):
        levels = list(table[g % n:]) + list(table[:g % n])
        seat = levels.index(3)
        rollout_levels = list(levels)
        rollout_levels[seat] = 2  # only the judged card differs
        state = games.new_game("linger", players=n, seed=g)
        total = 0.0
        while state.phase != "over":
            legal = state.legal_actions()
            p = state.turn
            view = state.view(p)
            a = bots.choose(view, legal, levels[p], g)
            if p == seat and len(legal) > 1:
                b = bots.choose(view, legal, 2, g)
                if a != b:
                    differing += 1
                    rnd = random.Random(g * 1000 + differing)
                    total += gain(state, seat, a, b, rollout_levels, rollouts, rnd)
            state.apply(a)
        per_game.append(total)
    mean = sum(per_game) / count
    var = sum((x - mean) ** 2 for x in per_game) / max(1, count - 1)
    return {"games": count, "differing": differing, "gain": mean,
            "interval": 1.96 * math.sqrt(var / count)}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.linger_judge",
                                 description="Linger Longer level 3 vs level 2, "
                                             "decision by decision")
    ap.add_argument("--table", type=int, nargs="+", default=[3, 2, 1, 0],
                    help="bot level per seat, one of them 3 (default 3 2 1 0)")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--rollouts", type=int, default=100)
    ap.add_argument("--first", type=int, default=1, help="first seed")
    args = ap.parse_args(argv)
    if args.table.count(3) != 1 or not 2 <= len(args.table) <= 5 or \
            any(x not in (0, 1, 2, 3) for x in args.table):
        ap.error("--table needs 2-5 bot levels (0-3), exactly one of them 3")
    if args.games < 2 or args.rollouts < 1:
        ap.error("--games needs at least 2 and --rollouts at least 1")
    r = judge(tuple(args.table), args.games, args.rollouts, args.first)
    print("linger, table %s, %d games, %d rollouts a decision"
          % (" ".join("L%d" % x for x in args.table), r["games"], args.rollouts))
    print("level 3 played another card than level 2 %.2f times a game"
          % (r["differing"] / r["games"]))
    print("gain of level 3 over level 2: %+.2f +- %.2f points of win share a game"
          % (r["gain"], r["interval"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
