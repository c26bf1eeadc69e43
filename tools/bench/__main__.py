"""`make bench`: what each press costs, and memory and speed figures for every game.

    python -m tools.bench [--game nommie] [--levels 1 3] [--quick] [--before REF]
                          [--json out/bench.json]

First, on CPython, whatever the machine: each press of an evening through the
real screens with the device's memory policy (tools/bench/press_budget.py):
per press class the modules imported, collections, Python calls and pixels
refreshed, beside the same figures at commit --before (default: main before
the per-screen memory policy); the resident device modules and their
compiled size per screen, and after each game over.

Then the game in a browser (tools/bench/web.py, where Chromium is installed):
the title's time on screen after opening the page, each press's time to
the canvas drawn and each screen change's, the folder's size.

Every heap and time figure after that is measured in CircuitPython's own
interpreter (tools/runners/circuitpy.py: the 32-bit unix build whose collector
runs as on a board; not provided with the project, so skipped, with the
reason, where $POCKET_TRICKS_CIRCUITPYTHON does not name one):

- the board interpreter the board interpreter (tools/bench/board_heap.py: circuitpython-board runs
  the .mpy bundle through code.py with the display and sound, as a PyBadge
  would): the smallest heap in which a whole level-3 game completes, sound on
  and off, in every 4 KB step up to the PyBadge's 146 KB; the live heap at the
  table and the largest free block; the live heap per screen. Budget (issue
  22): 112 KB, 128 KB at most. Skipped, with the reason, where it cannot run.
- heap per game and level (tools/bench/cp_heap.py): the smallest heap in which a
  whole game completes as a player has it (UI logic, a human pressing keys,
  bots, autosaves), from the .mpy bundle's files and from source; the live
  heap between key presses, the largest block, the tightest free block, the
  allocation that fails just below. Budget: level 3 in 96 KB from .mpy,
  128 KB from source.
- live heap per screen and per module (tools/bench/cp_heap.py).
- bot decision time per level (tools/bench/cp_timing.py): p50/p95/max ms in the
  binary, and what that means on a 120 MHz SAMD51 (from instruction counts).
- random playouts on CPython: games/s and actions/s (CPU time, median of
  5 blocks).
- per-action engine cost on CPython beside OpenSpiel's oh_hell in the same
  process (tools/bench/engine_speed.py; OpenSpiel is the optional extra
  requirements-bench.txt, `make bench-extra`; without it, against the
  figure recorded in issue 15).
- level 3's decision time on CPython, this tree against the level 3 of
  issue 41's start in the same run, and the board estimate that ratio gives
  (tools/bench/level3_time.py).
"""
import argparse
import json
import os
import sys
import time

from tools.runners import circuitpy
from tools.bench import cp_heap, level3_time

ROOT = circuitpy.ROOT


def game_ids():
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from engine import catalog
    return list(catalog.ids())


def levels_available():
    from engine import bots
    return list(getattr(bots, "LEVELS", (0, 1, 2, 3)))


BLOCKS = 5


def playout_throughput(game, seconds=1.5, blocks=BLOCKS):
    """Uniform random legal actions on CPython, no bots: games/s and actions/s
    in CPU time (time.process_time), the median of `blocks` blocks of
    seconds / blocks each, so a busy machine slowing one block moves nothing."""
    from engine import games
    from engine.rng import Rng
    rng = Rng(12345)
    clock = time.process_time
    per_block = seconds / float(blocks)
    rates = []
    n_games = 0
    for _ in range(blocks):
        g = a = 0
        start = clock()
        while True:
            st = games.new_game(game, seed=n_games + 1)
            while not st.is_over():
                legal = st.legal_actions()
                st.apply(legal[rng.below(len(legal))])
                a += 1
            g += 1
            n_games += 1
            elapsed = clock() - start
            if elapsed >= per_block:
                rates.append((g / elapsed, a / elapsed))
                break
    rates.sort()
    games_s = rates[len(rates) // 2][0]
    rates.sort(key=lambda r: r[1])
    return {"games_per_s": games_s, "actions_per_s": rates[len(rates) // 2][1],
            "games": n_games, "blocks": blocks}


def print_playouts(results, out=sys.stdout):
    w = out.write
    w("\nRandom playouts on CPython (uniform legal actions, no bots; CPU time, median block)\n")
    w("{:<10} {:>10} {:>12}\n".format("game", "games/s", "actions/s"))
    for g, p in results:
        w("{:<10} {:>10.1f} {:>12.0f}\n".format(g, p["games_per_s"], p["actions_per_s"]))


def press_budget_baseline():
    from tools.bench import press_budget
    return press_budget.BASELINE


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--levels", type=int, nargs="*", help="bot levels (default: all)")
    ap.add_argument("--seconds", type=float, default=1.5, help="CPython playout time per game")
    ap.add_argument("--quick", action="store_true",
                    help="heap from .mpy only, level 3 only; board heap with sound on only, "
                         "without running every step above the fit (a few minutes less)")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--before", metavar="REF", default=press_budget_baseline(),
                    help="the commit the press figures are compared with (default %(default)s; "
                         "'' for none)")
    args = ap.parse_args(argv)
    ids = game_ids()
    games = args.game or ids
    for g in games:
        if g not in ids:
            ap.error("no game %r here (have: %s)" % (g, ", ".join(ids)))
    levels = args.levels if args.levels is not None else levels_available()
    t0 = time.perf_counter()
    data = {}
    sys.stderr.write("bench: each press through the real screens, before and after ...\n")
    from tools.bench import press_budget
    before = None
    if args.before:
        before = press_budget.measure(press_budget.checkout(args.before), games)
    data["presses"] = press_budget.measure(ROOT, games)
    print("Each press on CPython with the device's memory policy (tools/bench/press_budget.py):")
    press_budget.print_compare(before, data["presses"], args.before or "")
    sys.stdout.flush()
    sys.stderr.write("bench: the page in Chromium ...\n")
    from tools.bench import web
    why_web = web.browser.missing()
    if why_web:
        print("\nWeb page figures skipped: " + why_web)
        data["web"] = {"skipped": why_web}
    else:
        print()
        data["web"] = web.measure()
        web.print_figures(data["web"])
    sys.stdout.flush()
    sys.stderr.write("bench: level 3 on CPython against %s ...\n" % level3_time.BEFORE)
    data["level3_time"] = level3_time.figures(games)
    print()
    level3_time.print_table(data["level3_time"])
    sys.stdout.flush()
    why = circuitpy.available()
    if why:
        print("\nCircuitPython figures skipped: " + why)
        data["circuitpython"] = {"skipped": why}
        return _finish(data, args, t0)
    sys.stderr.write("bench: board interpreter (display and sound) ...\n")
    from tools.bench import board_heap
    why_board = board_heap.available()
    if why_board:
        print("\nBoard interpreter figures skipped: " + why_board)
        data["board"] = {"skipped": why_board}
    else:
        data["board"] = board_heap.figures(games, sound_off=not args.quick, confirm=not args.quick,
                                           log=sys.stderr.write)
        board_heap.print_table(data["board"])
    sys.stdout.flush()
    sys.stderr.write("bench: CircuitPython heap ...\n")
    heap_levels = [3] if args.quick else [lv for lv in levels if lv >= 1]
    rows = [cp_heap.game_figures(g, lv, "mpy") for g in games for lv in heap_levels]
    if not args.quick:
        rows += [cp_heap.game_figures(g, 3, "py") for g in games]
    data["heap"] = rows
    cp_heap.print_games(rows)
    data["screens"] = cp_heap.screen_figures()
    cp_heap.print_screens(data["screens"])
    data["modules"] = cp_heap.module_figures()
    cp_heap.print_modules(data["modules"])
    sys.stderr.write("bench: decision times ...\n")
    from tools.bench import cp_timing
    data["decisions"] = cp_timing.figures(games, levels=levels)
    cp_timing.print_tables(data["decisions"], sys.stdout)
    data["playouts"] = [(g, playout_throughput(g, args.seconds)) for g in games]
    print_playouts(data["playouts"])
    from tools.bench import engine_speed
    data["engine_speed"] = engine_speed.figures(games)
    engine_speed.print_table(data["engine_speed"])
    return _finish(data, args, t0)


def _finish(data, args, t0):
    print("\n(bench took %.0f s)" % (time.perf_counter() - t0))
    sys.stdout.flush()
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as fh:
            json.dump(data, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
