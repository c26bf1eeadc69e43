"""`make bench`: memory and speed figures for every game that exists.

    python -m tools.bench [--game nommie] [--levels 0 1 3] [--json out/bench.json]

Per game:
- min heap: the smallest MicroPython VM heap (binary search, 512-byte steps)
  in which the engine compiles from source and a full game with level-1 bots
  in every seat completes without the VM growing its heap. Targets: 32 KB,
  48 KB at most. Also: the heap the imports alone need (compiling a big
  module from source needs room for its parse tree), the live heap after the
  imports (the code) and the most live heap seen between decisions.
- bot decision time in the VM per level: p50/p95/max over decisions with more
  than one legal action, timed from node around the bot call alone as the
  node process's CPU time (the VM's ticks_us only moves in whole
  milliseconds, and wall time jumps whenever other processes share the two
  cores). Targets at level 3: p95 <= 20 ms, max <= 60 ms. "held" is the most
  live heap a decision left behind (target <= 1 KB).
- random playouts on CPython: games/s and actions/s.
"""
import argparse
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from tools import bench_game, mpvm

KB = 1024
HEAP_LO, HEAP_HI, HEAP_STEP = 8 * KB, 256 * KB, 512
TIME_HEAP = 1024 * KB          # timing runs: plenty, so growth never interferes
MIN_DECISIONS = 300            # timing: play games until this many real decisions
BUDGET_S = 12.0                # ... or this much bot time per game and level


def game_ids():
    if mpvm.ROOT not in sys.path:
        sys.path.insert(0, mpvm.ROOT)
    from engine import games
    return [g for g in games.IDS if os.path.exists(os.path.join(mpvm.ROOT, "engine", g + ".py"))]


def levels_available():
    from engine import bots
    return list(getattr(bots, "LEVELS", (0, 1, 2, 3)))


def percentile(values, p):
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * p / 100.0
    i = int(k)
    return s[i] if i + 1 >= len(s) else s[i] + (s[i + 1] - s[i]) * (k - i)


def fits_at(game, heap, seed):
    """Did a full level-1 game fit this heap? Returns (fits, stats)."""
    result, stats = bench_game.run_vm(game, seed, (1,), heap=heap, split=True, check=False)
    ok = (stats is not None and not stats.get("error") and result is not None
          and result.get("over") and mpvm.fits(stats))
    return ok, stats


def compiles_at(game, heap):
    """Do the game's modules alone compile and import in this heap?"""
    out, stats = mpvm.run("", heap=heap, imports=bench_game.game_imports(game), check=False)
    return stats is not None and not stats.get("error") and mpvm.fits(stats), stats


def min_heap(game, seed=7, test=None):
    """Binary search for the smallest heap where ``test(game, heap)`` (default:
    a full level-1 game) fits; (None, stats) above HEAP_HI."""
    test = test or (lambda g, h: fits_at(g, h, seed))
    ok, stats = test(game, HEAP_HI)
    if not ok:
        if stats and stats.get("error"):
            raise mpvm.VMError(stats["error"]["type"], stats["error"]["message"])
        return None, stats
    lo, hi, best = HEAP_LO, HEAP_HI, stats      # invariant: hi fits
    while hi - lo > HEAP_STEP:
        mid = (lo + hi) // 2 // HEAP_STEP * HEAP_STEP
        ok, stats = test(game, mid)
        if ok:
            hi, best = mid, stats
        else:
            lo = mid
    return hi, best


def decision_times(game, level, budget_s=BUDGET_S):
    """Bot timing in the VM, all seats at ``level``: dict of figures. Games
    are played until MIN_DECISIONS decisions or ``budget_s`` of bot time
    (then the last game stops part way: "partial")."""
    times, walls, held, forced, games, seed, partial = [], [], [], 0, 0, 1, False
    spent = 0.0
    while (len(times) < MIN_DECISIONS and games < 20 and spent < budget_s * 1000) or games == 0:
        _, stats = bench_game.run_vm(game, seed, (level,), heap=TIME_HEAP, split=True,
                                     budget_ms=budget_s * 1000 - spent)
        values, live, ms = stats["values"], stats["live"], stats["cpu_ms"]
        spent += sum(stats["ms"])
        partial = partial or stats["truncated"]
        before = stats["script_live"]
        for i, v in enumerate(values):
            if v == bench_game.CHOOSE:
                times.append(ms[i])
                walls.append(stats["ms"][i])
                held.append(live[i] - before)
            elif v == bench_game.FORCED:
                forced += 1
                held.append(live[i] - before)
            elif v == bench_game.APPLY:
                before = live[i]
        games += 1
        seed += 1
    return {"level": level, "decisions": len(times), "forced": forced, "games": games,
            "partial": partial, "p50_ms": percentile(times, 50), "p95_ms": percentile(times, 95),
            "max_ms": max(times) if times else None, "wall_p95_ms": percentile(walls, 95),
            "held_max_bytes": max(held) if held else 0}


def playout_throughput(game, seconds=1.5):
    """Uniform random legal actions on CPython, no bots: games/s and actions/s."""
    from engine import games
    from engine.rng import Rng
    mod = games.load(game)
    rng = Rng(12345)
    n_games = n_actions = 0
    start = time.perf_counter()
    while True:
        st = mod.new_game(seed=n_games + 1)
        while not st.is_over():
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
            n_actions += 1
        n_games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"games_per_s": n_games / elapsed, "actions_per_s": n_actions / elapsed,
                    "games": n_games}


def memory_figures(game):
    heap, stats = min_heap(game)
    mem = {"min_heap": heap, "compile_heap": min_heap(game, test=compiles_at)[0]}
    if stats:
        mem.update(code_live=stats["import_live"], live_max=max(stats["live"] or [0]),
                   peak_max=max(stats["peak"] or [0]))
    return mem


def kb(n):
    return "-" if n is None else "%.1f" % (n / 1024.0)


def ms(x):
    return "-" if x is None else "%.2f" % x


def print_tables(results, out=sys.stdout):
    w = out.write
    w("\nMemory: full game, level-1 bots in every seat, engine compiled from source in the VM\n")
    w("(target: min heap <= 32 KB, 48 KB at most)\n")
    w("(compile-only: the heap the imports alone need; code: live heap after them)\n")
    w("{:<10} {:>12} {:>13} {:>8} {:>12} {:>13} {:>8}\n".format(
        "game", "min heap KB", "compile-only", "code KB", "live max KB", "step peak KB", "verdict"))
    for r in results:
        m = r["memory"]
        h = m["min_heap"]
        verdict = "none<256" if h is None else ("ok" if h <= 32 * KB else ("<=48" if h <= 48 * KB else "OVER"))
        c = m.get("compile_heap")
        w("{:<10} {:>12} {:>13} {:>8} {:>12} {:>13} {:>8}\n".format(
            r["game"], ">256" if h is None else kb(h), ">256" if c is None else kb(c),
            kb(m.get("code_live")),
            kb(m.get("live_max")), kb(m.get("peak_max")), verdict))
    w("\nBot decision time in the MicroPython VM (ms, decisions with a choice)\n")
    w("(CPU time; target at level 3: p95 <= 20 ms, max <= 60 ms; held <= 1 KB between decisions)\n")
    w("{:<10} {:>5} {:>9} {:>8} {:>8} {:>8} {:>10}\n".format(
        "game", "level", "decisions", "p50", "p95", "max", "held B"))
    for r in results:
        for b in r["bots"]:
            w("{:<10} {:>5} {:>9} {:>8} {:>8} {:>8} {:>10}{}\n".format(
                r["game"], b["level"], b["decisions"], ms(b["p50_ms"]), ms(b["p95_ms"]),
                ms(b["max_ms"]), b["held_max_bytes"], "  (partial game)" if b["partial"] else ""))
    w("\nRandom playouts on CPython (uniform legal actions, no bots)\n")
    w("{:<10} {:>10} {:>12}\n".format("game", "games/s", "actions/s"))
    for r in results:
        p = r["playouts"]
        w("{:<10} {:>10.1f} {:>12.0f}\n".format(r["game"], p["games_per_s"], p["actions_per_s"]))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--levels", type=int, nargs="*", help="bot levels to time (default: all)")
    ap.add_argument("--seconds", type=float, default=1.5, help="CPython playout time per game")
    ap.add_argument("--budget", type=float, default=BUDGET_S,
                    help="seconds of bot time per game and level (default %(default)s)")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    ids = game_ids()
    games = args.game or ids
    for g in games:
        if g not in ids:
            ap.error("no game %r here (have: %s)" % (g, ", ".join(ids)))
    levels = args.levels if args.levels is not None else levels_available()
    t0 = time.perf_counter()
    # Heap searches do not time anything: two at once on the two cores.
    with ThreadPoolExecutor(max_workers=2) as pool:
        memory = dict(zip(games, pool.map(memory_figures, games)))
    results = []
    for g in games:         # timings one at a time
        sys.stderr.write("bench: %s bots ...\n" % g)
        results.append({"game": g, "memory": memory[g],
                        "bots": [decision_times(g, lv, args.budget) for lv in levels],
                        "playouts": playout_throughput(g, args.seconds)})
    print_tables(results)
    print("\n(bench took %.0f s)" % (time.perf_counter() - t0))
    sys.stdout.flush()
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
