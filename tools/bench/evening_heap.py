"""An evening on one power-on in CircuitPython's own interpreter (dev-side only).

Every game in turn, as a player has them through the UI logic (seat 0
pressing keys, bots of one level, autosaves into a folder): each from a
quick start to game over and back to the title, on one app. After each game
over, back at the title, it collects and prints the live heap and the number
of modules loaded; with --fit, also the smallest heap (4 KB steps) in which
the whole evening completes. No display here: the board interpreter's
figures (tools/bench/board_heap.py) add it.

    python -m tools.bench.evening_heap [--root /tmp/before] [--level 3] [--times 2] [--fit]

Needs the 32-bit unix port ($POCKET_TRICKS_CIRCUITPYTHON, not provided with
the project); without it, it says so and stops.
"""
import argparse
import os
import sys

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tools.runners import circuitpy

GAMES = ("nommie", "linger", "nines", "callbreak", "israeli")
SCRIPT = """
import gc
import os
import sys
from hal import keys as K
from ui.app import App
from ui.driver import Driver
from ui.saves import Store

SAVES = WORK + "/saves"
try:
    os.mkdir(SAVES)
except OSError:
    pass
app = App(160, 128, Store(SAVES, True))
app.settings["bot_level"] = %(level)d
app.start()
d = Driver(app)
for game in %(games)r:
    from ui.screens.common import quick_start    # (it leaves with the setup)
    quick_start(app, game, %(seed)d)
    quick_start = None
    keys = 0
    d.settle()
    while type(app.top()).__name__ != "GameOver" and keys < 6000:
        app.key(K.RIGHT if keys %% 7 == 3 else K.A)
        d.settle()
        keys += 1
    d.settle()                       # the results recorded
    if type(app.top()).__name__ != "GameOver":
        raise RuntimeError("%%s: no game over after %%d keys" %% (game, keys))
    app.home()
    d.settle()
    gc.collect()
    print("EVENING %%s %%d %%d %%d" %% (game, gc.mem_alloc(), len(sys.modules), keys))
print("RESULT {}")
"""


def script(games=GAMES, level=3, seed=7):
    return SCRIPT % {"games": tuple(games), "level": int(level), "seed": int(seed)}


def figures(root=circuitpy.ROOT, games=GAMES, level=3, seed=7, fit=False):
    """{"after": [(game, live bytes, modules, keys pressed)], "fits": bytes or None}."""
    tree = circuitpy.stage_mpy_of(root)
    s = script(games, level, seed)
    out = circuitpy.run(s, heap=512 * 1024, tree=tree)
    rows = []
    for line in out.splitlines():
        if line.startswith("EVENING "):
            _, game, live, mods, keys = line.split()
            rows.append((game, int(live), int(mods), int(keys)))
    fits = circuitpy.smallest_heap(s, tree, 64 * 1024, 256 * 1024) if fit else None
    return {"after": rows, "fits": fits}


def print_figures(label, f, out=sys.stdout):
    out.write("%s: live heap after each game over, back at the title (KB, modules):\n" % label)
    out.write("  " + "  ".join("%s %.1f (%d)" % (g, live / 1024.0, m)
                               for g, live, m, _keys in f["after"]) + "\n")
    if f["fits"]:
        out.write("  the whole evening completes in %d KB\n" % (f["fits"] // 1024))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=circuitpy.ROOT, help="the checkout whose device code runs")
    ap.add_argument("--level", type=int, default=3, choices=range(4))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--times", type=int, default=1, choices=range(1, 5),
                    help="play the five games this many times over (default 1)")
    ap.add_argument("--fit", action="store_true", help="also find the smallest heap (slow)")
    a = ap.parse_args(argv)
    why = circuitpy.available()
    if why:
        ap.exit(2, "evening_heap runs in CircuitPython: %s\n" % why)
    print_figures(a.root, figures(os.path.abspath(a.root), GAMES * a.times, a.level, a.seed,
                                  a.fit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
