"""Level 3's decision time on CPython, this tree against another commit's
level 3 in the same run, and what that means on a board. Dev-side only.

    python -m tools.bench.level3_time [--game nommie] [--before REF] [--positions 150]

Positions: every decision with more than one legal action in level-2 games
(seeds 1, 2, ...; the first ``positions`` a game), written to a file, so
both trees decide the very same positions. Each tree runs in a process of
its own (its own modules: the other tree's is unpacked by ``git archive``
under build/, as tools/bench/press_budget.py does) and times
``engine.bots.choose(view, legal, 3, seed)`` per position with
``time.process_time``, the median of ``blocks`` passes.

Board estimate: the ratio of this tree's CPython time to the other's,
times the other's board figures (``BOARD_BEFORE``: docs/figures.md's table,
tools/bench/cp_timing.py's slow-end estimate for commit ``BEFORE``, a
p95 / max in ms). So the board figure for this tree assumes its level 3
spends its time in the same kind of Python as before (integer loops over
lists of cards), which holds while the searches keep their shape. Level 3's
budget: a p95 of at most 500 ms and a longest decision of at most 1000 ms
there.

``figures(games, before, positions, blocks)`` returns plain data::

    {"before": REF, "games": [{"game": "nommie", "positions": 150,
      "after": {"mean_ms": .., "p95_ms": .., "max_ms": ..},
      "before": {...}, "ratio_mean": .., "ratio_p95": .., "ratio_max": ..,
      "board_p95_ms": .., "board_max_ms": ..}, ...]}
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

BEFORE = "337d8df"   # main before issue 41: level 3 as docs/figures.md measured it
# docs/figures.md "Bot decision time": level 3 at commit BEFORE, the slow end
# of tools/bench/cp_timing.py's board estimate (p95 ms, max ms)
BOARD_BEFORE = {"nommie": (497, 865), "linger": (448, 455), "nines": (480, 856),
                "callbreak": (451, 814), "israeli": (466, 630)}
GAMES = ("nommie", "callbreak", "israeli", "nines", "linger")


def positions(game, count):
    """[(view, legal, seed)]: the first count decisions with a choice in
    level-2 games of game, seeds 1, 2, ..."""
    from engine import bots, games
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        st = games.new_game(game, seed=seed)
        while not st.is_over() and len(out) < count:
            seat = st.to_act()
            view, legal = st.view(seat), st.legal_actions()
            if len(legal) > 1:
                out.append((view, legal, seed * 10 + seat))
            st.apply(bots.choose(view, legal, 2, seed))
    return out


def time_positions(root, path, blocks):
    """In this process: import root's engine and time level 3 on the positions
    in path; per position the median of blocks passes, in ms."""
    sys.path.insert(0, root)
    for name in [m for m in sys.modules if m == "engine" or m.startswith("engine.")]:
        del sys.modules[name]
    from engine import bots
    with open(path) as f:
        pos = json.load(f)
    clock = time.process_time
    per = [[] for _ in pos]
    for _ in range(blocks):
        for i, (view, legal, seed) in enumerate(pos):
            t = clock()
            bots.choose(view, legal, 3, seed)
            per[i].append((clock() - t) * 1000.0)
    return [sorted(x)[len(x) // 2] for x in per]


def summary(ms):
    s = sorted(ms)
    return {"mean_ms": sum(s) / len(s), "p95_ms": s[min(len(s) - 1, int(0.95 * len(s)))],
            "max_ms": s[-1]}


def run_tree(root, path, blocks):
    out = path + ".out"
    subprocess.run([sys.executable, "-m", "tools.bench.level3_time", "--time-root", root,
                    "--time-file", path, "--blocks", str(blocks), "--json", out],
                   cwd=ROOT, check=True, timeout=7200)
    with open(out) as f:
        return json.load(f)


def figures(games=GAMES, before=BEFORE, count=150, blocks=3):
    from tools.bench import press_budget
    old = press_budget.checkout(before)
    work = tempfile.mkdtemp(prefix="pt-l3time-")
    rows = []
    for game in games:
        path = os.path.join(work, game + ".json")
        with open(path, "w") as f:
            json.dump(positions(game, count), f)
        # the two trees take turns, the earlier tree first
        b = summary(run_tree(old, path, blocks))
        a = summary(run_tree(ROOT, path, blocks))
        row = {"game": game, "positions": count, "after": a, "before": b}
        for k in ("mean", "p95", "max"):
            row["ratio_" + k] = a[k + "_ms"] / b[k + "_ms"]
        p95, mx = BOARD_BEFORE[game]
        row["board_p95_ms"] = p95 * row["ratio_p95"]
        row["board_max_ms"] = mx * row["ratio_max"]
        rows.append(row)
    return {"before": before, "blocks": blocks, "games": rows}


def print_table(data, out=sys.stdout):
    out.write("Level 3 on CPython: this tree against %s (ms a decision, median of %d passes)\n"
              % (data["before"], data["blocks"]))
    out.write("{:<10} {:>5}  {:>24}  {:>24}  {:>15}  {:>18}\n".format(
        "game", "pos", "before mean/p95/max", "after mean/p95/max", "ratio mean/p95",
        "board p95/max ms"))
    for r in data["games"]:
        b, a = r["before"], r["after"]
        out.write("{:<10} {:>5}  {:>24}  {:>24}  {:>15}  {:>18}\n".format(
            r["game"], r["positions"],
            "%.1f / %.1f / %.1f" % (b["mean_ms"], b["p95_ms"], b["max_ms"]),
            "%.1f / %.1f / %.1f" % (a["mean_ms"], a["p95_ms"], a["max_ms"]),
            "%.2f / %.2f" % (r["ratio_mean"], r["ratio_p95"]),
            "%.0f / %.0f" % (r["board_p95_ms"], r["board_max_ms"])))
    out.write("(board: docs/figures.md's slow-end estimate for %s times the CPython ratio;"
              " budget p95 500, max 1000)\n" % data["before"])


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.level3_time",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES)
    ap.add_argument("--before", default=BEFORE, help="the commit to compare with")
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--blocks", type=int, default=3)
    ap.add_argument("--json")
    ap.add_argument("--time-root", help=argparse.SUPPRESS)
    ap.add_argument("--time-file", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.time_root:
        ms = time_positions(args.time_root, args.time_file, args.blocks)
        with open(args.json, "w") as f:
            json.dump(ms, f)
        return 0
    data = figures(args.game or GAMES, args.before, args.positions, args.blocks)
    print_table(data)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
