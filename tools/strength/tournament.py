"""Duplicate bot matches: how much stronger is one bot level than another,
and than players written apart from the project (tools/strength/pool.py)?

    python -m tools.strength.tournament nommie --levels 3 2 2 2 --deals 200 [--jobs 2]
    python -m tools.strength.tournament nommie --levels 2 cautious cautious cautious
    python -m tools.strength.tournament callbreak --pool 2 --deals 200   # level 2 vs each style
    python -m tools.strength.tournament              # every game, levels 2 and 3 vs each style
    python -m tools.strength.tournament --pool 2 --deals 400 --games nommie callbreak

A seat is a bot level (0-3), an opponent style of tools/strength/pool.py (random,
cautious, aggressive, trumps, sober), or ``search``: tools/strength/search.py's
determinized search, about 20-60 ms a decision. ``--pool L`` plays level L against three
(Nines: two) of each style in turn, one match per style. Without a game it
plays every game (or those of ``--games``) so, for levels 2 and 3 (or those
of ``--pool``), and prints one table: per game, level and style the level's
points per deal less the style's, paired deal by deal, with its interval, and
each side's mean bid, tricks taken and exact bids.

Each game (seed 1, 2, ...) is played once in every distinct seating of the
levels (3 2 2 2: 4; 3 2 1 0: 24), so every level plays every hand of the
same deals and meets each neighbour on each side. ``--seatings rotations``
plays only the rotations (the levels moved one seat on each time): quicker
at a mixed table, but a rotation keeps the order round the table (with
--levels 3 2 1 0 the level-3 seat always plays right after the random one,
and in Linger Longer the same bot in the level-3 and level-2 seats scored
1.2 +- 0.6 points a deal apart over 10000 deals). A deal is one round; a
round counts only when its cards were dealt
identically in every seating (a game that ended early, e.g. a Call Break
8-trick win, or a different redeal, drops it). Per level: mean points per
deal with a 95% confidence interval, and the share of games won (ties
split), and for games with bids (Nommie, Call Break, Israeli Whist) the
calibration of its bids over every round its seats played: mean bid, mean
tricks taken, their difference (over- or underbidding; the goal is within
+-0.1) and how often the bid was exact. Per pair of levels: the mean
difference per deal, paired deal by deal (this is the duplicate figure: the
luck of the cards cancels). Nines
counts points down, so its differences are printed as "better by" (lower).
Linger Longer is won by being the last player holding cards, not by tricks:
its deal (the whole game) scores each seat's share of the win in percent.
The engine is integer-only, so a run is reproducible.
"""
import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

LOWER_IS_BETTER = ("nines",)
# Games won by a binary victory, not by points: a deal scores the seat's share
# of the win in percent (100 for a win, 100/k in a k-way draw, else 0).
WIN_SHARE = ("linger",)


# A seat may also be the determinized-search player (tools/strength/search.py,
# built on the pool's sober estimate): slow, so not one of the pool's styles.
SEARCH = "search"


def player_choose(player, view, legal, seed):
    """A seat's action: player is a bot level (int), a tools/strength/pool.py
    style or SEARCH."""
    if type(player) is int:
        from engine import bots
        return bots.choose(view, legal, player, seed)
    if player == SEARCH:
        from tools.strength import search
        return search.choose(view, legal, seed)
    from tools.strength import pool
    return pool.choose(player, view, legal, seed)


def label(player):
    return "L%d" % player if type(player) is int else player


def order_key(player):
    # levels high to low, then styles by name
    return (0, -player, "") if type(player) is int else (1, 0, player)


def seatings(levels, every):
    """The seat orders a deal is played in: each rotation of levels, or
    (every) each distinct permutation."""
    n = len(levels)
    if not every:
        return [[levels[(i - r) % n] for i in range(n)] for r in range(n)]
    import itertools
    out = []
    for p in itertools.permutations(levels):
        if list(p) not in out:
            out.append(list(p))
    return out


def play_seatings(job):
    """One seed, every seating (seatings()): (seed, [per seating: (levels per
    seat, [(deal signature, points per seat)], winners, score_scale, [(seat,
    bid, taken) per seat and round with a bid])])."""
    game, levels, seed, every = job
    from engine import games
    n = len(levels)
    out = []
    for seat_levels in seatings(levels, every):
        st = games.new_game(game, n if game == "linger" else None, seed)
        sigs = []
        last_round = -1
        while not st.is_over():
            if st.round != last_round:
                last_round = st.round
                v = st.view(None)
                sigs.append(hash(tuple(tuple(h) for h in v["hands"])))
            seat = st.to_act()
            a = player_choose(seat_levels[seat], st.view(seat), st.legal_actions(), seed)
            st.apply(a)
        v = st.view(None)
        deals = [(sigs[k], v["history"][k]["points"])
                 for k in range(min(len(sigs), len(v["history"])))]
        if game in WIN_SHARE:
            w = st.winners()
            deals = [(sigs[0], [100.0 / len(w) if s in w else 0.0 for s in range(n)])]
        calib = [(i, h["bids"][i], h["tricks"][i]) for h in v["history"]
                 for i in range(n) if h["bids"][i] is not None]
        out.append((seat_levels, deals, st.winners(), v.get("score_scale", 1) or 1, calib))
    return seed, out


def collect(game, levels, deals, jobs, calib=None, every=True):
    """Per paired deal: {level: mean points of that level's seats}; and win
    shares. calib, a dict, gets per level [rounds, bid sum, taken sum, exact]."""
    rows = []
    wins = {}
    seats = {}
    if calib is None:
        calib = {}
    seed = 0
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    try:
        while len(rows) < deals:
            batch = [(game, levels, seed + i + 1, every) for i in range(max(jobs * 2, 1))]
            seed += len(batch)
            results = pool.map(play_seatings, batch) if pool else [play_seatings(j) for j in batch]
            for _, runs in results:
                if len(rows) >= deals:
                    break
                for seat_levels, _, winners, _, cal in runs:
                    for i, b, t in cal:
                        c = calib.setdefault(seat_levels[i], [0, 0, 0, 0])
                        c[0] += 1
                        c[1] += b
                        c[2] += t
                        c[3] += 1 if b == t else 0
                    for i in range(len(seat_levels)):
                        lv = seat_levels[i]
                        seats[lv] = seats.get(lv, 0) + 1
                        if i in winners:
                            wins[lv] = wins.get(lv, 0) + 1.0 / len(winners)
                count = min(len(run[1]) for run in runs)
                for k in range(count):
                    if len(set(run[1][k][0] for run in runs)) != 1:
                        continue  # not the same cards in every seating
                    sums, ns = {}, {}
                    for seat_levels, ds, _, scale, _ in runs:
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


def calibration_text(c):
    """'bid 1.60 taken 1.57 (+0.03) exact 51%' from [rounds, bids, taken, exact]."""
    if not c or not c[0]:
        return ""
    n = float(c[0])
    return "bid %.2f taken %.2f (%+.2f) exact %2.0f%%" % (
        c[1] / n, c[2] / n, (c[1] - c[2]) / n, 100.0 * c[3] / n)


def report(game, levels, rows, winrate, out=None, calib=None, every=True):
    out = out or sys.stdout
    sign = -1 if game in LOWER_IS_BETTER else 1
    order = sorted(set(levels), key=order_key)
    calib = calib or {}
    out.write("%s: %d deals, seats %s (duplicate: each deal in %d %s)\n"
              % (game, len(rows), " ".join(label(x) for x in levels),
                 len(seatings(levels, every)), "seatings" if every else "rotations"))
    out.write("{:<11} {:>22} {:>10}  {}\n".format(
        "player", "points/deal (95% CI)", "games won",
        "calibration per round (bid - taken)" if calib else ""))
    for lv in order:
        m, h = mean_ci([r[lv] for r in rows])
        out.write("{:<11} {:>22} {:>9.1f}%  {}\n".format(
            label(lv), "%.2f +- %.2f" % (m, h), 100 * winrate[lv], calibration_text(calib.get(lv))))
    pairs = []
    for i in range(len(order)):
        for j in range(i + 1, len(order)):
            a, b = order[i], order[j]
            m, h = mean_ci([sign * (r[a] - r[b]) for r in rows])
            pairs.append((a, b, m, h))
            out.write("%s - %s: %+.2f +- %.2f points/deal%s%s\n" % (
                label(a), label(b), m, h, " (better by, lower wins)" if sign < 0 else "",
                "  significant" if abs(m) > h else ""))
    return pairs


def parse_player(text):
    from tools.strength import pool
    if text.isdigit():
        return int(text)
    seats = pool.STYLES + (SEARCH,)
    if text not in seats:
        raise argparse.ArgumentTypeError("a level 0-3 or a style: %s" % ", ".join(seats))
    return text


GAMES = ("nommie", "callbreak", "israeli", "nines", "linger")


def pool_matches(game, level):
    """level against each pool style: one seat for the level, the rest the style."""
    from tools.strength import pool
    seats = 3 if game == "nines" else 4
    return [[level] + [style] * (seats - 1) for style in pool.STYLES]


def calib_cells(c):
    # "bid / taken / exact" of [rounds, bids, taken, exact], or "-" without bids
    if not c or not c[0]:
        return "-"
    n = float(c[0])
    return "%.2f / %.2f / %.0f%%" % (c[1] / n, c[2] / n, 100.0 * c[3] / n)


def pool_table(games, levels, deals, jobs, out=None):
    """Every game and level against each pool style: rows of (game, level,
    style, mean, half-width, level's calibration, style's calibration), the
    mean being the level's points per deal better than the style's (Nines:
    fewer points), paired deal by deal; the rows are also printed."""
    out = out or sys.stdout
    out.write("| game | level | style | points/deal, level - style (95% CI)"
              " | level: bid / taken / exact | style: bid / taken / exact |\n"
              "|---|---|---|---|---|---|\n")
    table = []
    for game in games:
        sign = -1 if game in LOWER_IS_BETTER else 1
        for level in levels:
            for match in pool_matches(game, level):
                style = match[1]
                calib = {}
                rows, _, _ = collect(game, match, deals, jobs, calib, True)
                m, h = mean_ci([sign * (r[level] - r[style]) for r in rows])
                row = (game, level, style, m, h, calib.get(level), calib.get(style))
                table.append(row)
                out.write("| %s | L%d | %s | %+.2f +- %.2f%s | %s | %s |\n" % (
                    game, level, style, m, h, "" if abs(m) > h else " (not significant)",
                    calib_cells(row[5]), calib_cells(row[6])))
                out.flush()
    return table


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.tournament",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("game", nargs="?", choices=GAMES,
                    help="one game; without it, every game's levels against the pool")
    ap.add_argument("--games", nargs="+", choices=GAMES, default=None,
                    help="the games of the pool table (default: all)")
    ap.add_argument("--levels", type=parse_player, nargs="+", default=None,
                    help="bot level or pool style per seat (default 3 2 2 2; Nines 3 2 2)")
    ap.add_argument("--pool", type=int, nargs="+", default=None, metavar="LEVEL",
                    help="play LEVEL against each style of tools/strength/pool.py in turn"
                         " (without a game: default 2 3)")
    ap.add_argument("--deals", type=int, default=None,
                    help="deals a match (default 200; the pool table 100)")
    ap.add_argument("--seatings", choices=("all", "rotations"), default="all",
                    help="each deal in every distinct seating (default) or only in every"
                         " rotation (quicker, but each level keeps its neighbours)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="processes (default: up to 2)")
    args = ap.parse_args(argv)
    for level in args.pool or ():
        if not 0 <= level <= 3:
            ap.error("a bot level is 0 to 3, not %d" % level)
    if args.game is None:
        if args.levels:
            ap.error("--levels needs a game")
        pool_table(args.games or GAMES, args.pool or [2, 3], args.deals or 100, args.jobs)
        return 0
    seats = 3 if args.game == "nines" else 4
    if args.pool is not None:
        matches = [m for level in args.pool for m in pool_matches(args.game, level)]
    else:
        matches = [args.levels or ([3, 2, 2] if args.game == "nines" else [3, 2, 2, 2])]
    for levels in matches:
        if len(set(levels)) < 2:
            ap.error("give at least two different players")
        if len(levels) != seats:
            ap.error("%s is played by %d players: give %d" % (args.game, seats, seats))
        calib = {}
        every = args.seatings == "all"
        rows, winrate, _ = collect(args.game, levels, args.deals or 200, args.jobs, calib, every)
        report(args.game, levels, rows, winrate, calib=calib, every=every)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
