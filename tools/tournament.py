"""Duplicate bot matches: how much stronger is one bot level than another?

    python -m tools.tournament nommie --levels 3 2 2 2 --deals 200 [--jobs 2]

Each game (seed 1, 2, ...) is played once per seat rotation with the levels
moved one seat on each time, so every level plays every hand of the same
deals. A deal is one round; a round counts only when its cards were dealt
identically in every rotation (a game that ended early, e.g. a Call Break
8-trick win, or a different redeal, drops it). Per level: mean points per
deal with a 95% confidence interval, and the share of games won (ties
split). Per pair of levels: the mean difference per deal, paired deal by
deal (this is the duplicate figure: the luck of the cards cancels). Nines
counts points down, so its differences are printed as "better by" (lower).
Linger Longer is won by being the last player holding cards, not by tricks:
its deal (the whole game) scores each seat's share of the win in percent.
The engine is integer-only, so a run is reproducible.
"""
import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

LOWER_IS_BETTER = ("nines",)
# Games won by a binary victory, not by points: a deal scores the seat's share
# of the win in percent (100 for a win, 100/k in a k-way draw, else 0).
WIN_SHARE = ("linger",)


def play_rotations(job):
    """One seed, every rotation: (seed, [per rotation: (levels per seat,
    [(deal signature, points per seat)], winners, score_scale)])."""
    game, levels, seed = job
    from engine import bots, games
    mod = games.load(game)
    n = len(levels)
    out = []
    for r in range(n):
        seat_levels = [levels[(i - r) % n] for i in range(n)]
        st = mod.new_game(players=n, seed=seed) if game == "linger" else mod.new_game(seed=seed)
        sigs = []
        last_round = -1
        while not st.is_over():
            if st.round != last_round:
                last_round = st.round
                v = st.view(None)
                sigs.append(hash(tuple(tuple(h) for h in v["hands"])))
            seat = st.to_act()
            a = bots.choose(st.view(seat), st.legal_actions(), seat_levels[seat], seed)
            st.apply(a)
        v = st.view(None)
        deals = [(sigs[k], v["history"][k]["points"]) for k in range(min(len(sigs), len(v["history"])))]
        if game in WIN_SHARE:
            w = st.winners()
            deals = [(sigs[0], [100.0 / len(w) if s in w else 0.0 for s in range(n)])]
        out.append((seat_levels, deals, st.winners(), v.get("score_scale", 1) or 1))
    return seed, out


def collect(game, levels, deals, jobs):
    """Per paired deal: {level: mean points of that level's seats}; and win shares."""
    rows = []
    wins = {}
    seats = {}
    seed = 0
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    try:
        while len(rows) < deals:
            batch = [(game, levels, seed + i + 1) for i in range(max(jobs * 2, 1))]
            seed += len(batch)
            results = pool.map(play_rotations, batch) if pool else [play_rotations(j) for j in batch]
            for _, rots in results:
                if len(rows) >= deals:
                    break
                for seat_levels, _, winners, _ in rots:
                    for i in range(len(seat_levels)):
                        lv = seat_levels[i]
                        seats[lv] = seats.get(lv, 0) + 1
                        if i in winners:
                            wins[lv] = wins.get(lv, 0) + 1.0 / len(winners)
                count = min(len(rot[1]) for rot in rots)
                for k in range(count):
                    if len(set(rot[1][k][0] for rot in rots)) != 1:
                        continue  # not the same cards in every rotation
                    sums, ns = {}, {}
                    for seat_levels, ds, _, scale in rots:
                        pts = ds[k][1]
                        for i in range(len(seat_levels)):
                            lv = seat_levels[i]
                            sums[lv] = sums.get(lv, 0) + pts[i] / float(scale)
                            ns[lv] = ns.get(lv, 0) + 1
                    rows.append(dict((lv, sums[lv] / ns[lv]) for lv in sums))
                    if len(rows) >= deals:
                        break
    finally:
        if pool:
            pool.terminate()
    return rows, dict((lv, wins.get(lv, 0.0) / seats[lv]) for lv in seats), seed


def mean_ci(xs):
    """Mean and the half-width of its 95% confidence interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def report(game, levels, rows, winrate, out=sys.stdout):
    sign = -1 if game in LOWER_IS_BETTER else 1
    order = sorted(set(levels), reverse=True)
    out.write("%s: %d deals, levels by seat %s (duplicate: each level plays every seat)\n"
              % (game, len(rows), " ".join(str(x) for x in levels)))
    out.write("{:<7} {:>22} {:>10}\n".format("level", "points/deal (95% CI)", "games won"))
    for lv in order:
        m, h = mean_ci([r[lv] for r in rows])
        out.write("{:<7} {:>22} {:>9.1f}%\n".format("L%d" % lv, "%.2f +- %.2f" % (m, h),
                                                   100 * winrate[lv]))
    pairs = []
    for i in range(len(order)):
        for j in range(i + 1, len(order)):
            a, b = order[i], order[j]
            m, h = mean_ci([sign * (r[a] - r[b]) for r in rows])
            pairs.append((a, b, m, h))
            out.write("L%d - L%d: %+.2f +- %.2f points/deal%s%s\n" % (
                a, b, m, h, " (better by, lower wins)" if sign < 0 else "",
                "  significant" if abs(m) > h else ""))
    return pairs


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.tournament", description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--levels", type=int, nargs="+", default=None,
                    help="bot level per seat (default 3 2 2 2; Nines 3 2 2)")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="processes (default: up to 2)")
    args = ap.parse_args(argv)
    levels = args.levels or ([3, 2, 2] if args.game == "nines" else [3, 2, 2, 2])
    if len(set(levels)) < 2:
        ap.error("give at least two different levels")
    rows, winrate, _ = collect(args.game, levels, args.deals, args.jobs)
    report(args.game, levels, rows, winrate)
    return 0


if __name__ == "__main__":
    sys.exit(main())
