"""Where the heap goes, measured in CircuitPython's own interpreter (dev-side).

    python -m tools.bench.cp_heap [--game nommie] [--levels 1 3] [--kind mpy]

Every figure comes from CircuitPython's 32-bit unix port (not provided with the
project: $POCKET_TRICKS_CIRCUITPYTHON names it, tools/runners/circuitpy.py),
whose collector runs while code executes, as on a board:

- game_figures(): a whole game as a player has it (tools/runners/device_game.py: the
  UI logic, seat 0 pressing keys, bots of one level, autosaves to a folder).
  ``fits``: the smallest fixed heap (4 KB steps) in which it completes;
  ``live``: the most heap in use after a collection between key presses;
  ``largest``: the largest block in use at those moments; ``free_block``: the
  smallest "largest free block" seen there, running in the ``fits`` heap (how
  fragmented the free heap gets);
  ``fails``: the allocation that fails one step below ``fits`` and where.
- screen_figures(): the live heap with each screen on top, from the title
  through a game's table and its menus (screens load their module on entry
  and drop it on exit).
- module_figures(): what importing each device module costs on its own, its
  bytecode, objects and new qstrs (interned names, never freed).
"""
import argparse
import re
import sys

from tools.runners import circuitpy, device_game

KB = 1024
STEP = 4 * KB
LO, HI = 48 * KB, 192 * KB
BUDGET = {"mpy": 96 * KB, "py": 128 * KB}   # a whole level-3 game must complete in these


def _where(output):
    """'allocating N bytes' and the innermost project frame of a MemoryError
    (some of CircuitPython's messages say "N byte")."""
    size = re.search(r"allocating (\d+) byte", output)
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', output)
    inner = [f for f in frames if not f[0].endswith("main.py")]
    at = "%s:%s %s" % inner[-1] if inner else "?"
    return (int(size.group(1)) if size else None), at


def game_figures(game, level=3, kind="mpy", seed=7):
    tree = circuitpy.stage(kind)
    quiet = device_game.script(game, level, seed, sample=10 ** 6)
    fits = circuitpy.smallest_heap(quiet, tree, LO, HI, STEP)
    # the samples come from a run in the smallest heap that fits: the free
    # heap is as fragmented there as the game ever makes it
    # (the collections between samples shift the heap's layout a little, so
    # the sampled run may need a step more)
    probe = device_game.script(game, level, seed, meminfo=True)
    heap = fits or HI
    while heap < HI and not circuitpy.fits(probe, heap, tree):
        heap += STEP
    out = circuitpy.run(probe, heap, tree)
    result = device_game.parse(out)
    samples = device_game.heap_samples(out)
    fig = {"game": game, "level": level, "kind": kind, "fits": fits, "live": result["live"],
           "largest": max(s[2] for s in samples), "free_block": min(s[3] for s in samples),
           "keys": result["keys"], "actions": result["actions"], "fails": None}
    if fits is not None and fits > LO:
        try:
            circuitpy.run(quiet, fits - STEP, tree)
        except circuitpy.CircuitPythonError as e:
            if e.memory_error():
                fig["fails"] = _where(e.output)
    return fig


SCREENS_SCRIPT = """
import gc
from hal import keys as K
from ui.app import App
from ui.driver import Driver
app = App(160, 128)
app.settings["bot_level"] = 2
d = Driver(app)


def press(*ks):
    for k in ks:
        d.press(k)


def to(label):
    top = app.top()
    while top.lines[top.cursor] != label:
        d.press(K.DOWN)
    d.press(K.A)


def show(label):
    gc.collect()
    print("SCREEN %s|%d|%s" % (label, gc.mem_alloc(), type(app.top()).__name__))


"""
# (label, code that brings the screen up)
SCREEN_STEPS = (
    ("title", "app.start()"),
    ("settings", "to('Settings')"),
    ("title again", "press(K.B)"),
    ("statistics", "to('Statistics')"),
    ("title again", "press(K.B)"),
    ("rules menu", "to('Rules')"),
    ("rules text", "press(K.A)"),
    ("title again", "press(K.B, K.B)"),
    ("about", "to('About')"),
    ("title again", "press(K.B)"),
    ("setup", "to('New game')"),
    ("table (nommie)", "app.top().cursor = len(app.top().lines) - 1; press(K.A)"),
    ("table after 6 keys", "press(K.A, K.A, K.A, K.A, K.A, K.A)"),
    ("pause menu", "press(K.START)"),
    ("table again", "press(K.B)"),
    ("score sheet", "press(K.SELECT)"),
    ("table again", "press(K.B)"),
)


def screen_figures(kind="mpy"):
    """[(screen, live bytes, top screen's class)] after a collection."""
    body = "".join("%s\nshow(%r)\n" % (code, label) for label, code in SCREEN_STEPS)
    out = circuitpy.run(SCREENS_SCRIPT + body, HI, circuitpy.stage(kind))
    rows = []
    for line in out.splitlines():
        if line.startswith("SCREEN "):
            label, live, top = line[7:].split("|")
            rows.append((label, int(live), top))
    return rows


MODULE_SCRIPT = """
import gc
import micropython
for m in %r:
    __import__(m)
gc.collect()
mid = gc.mem_alloc()
micropython.qstr_info()
__import__(%r)
gc.collect()
print("MODULE %%d" %% (gc.mem_alloc() - mid))
micropython.qstr_info()
"""
# The device modules a game uses, in the order a game loads them.
MODULES = ("hal.keys", "engine", "engine.cards", "engine.actions", "engine.rng", "engine.tricks",
           "engine.state", "engine.games", "engine.options", "engine.bots", "engine.bots.common",
           "engine.nommie", "engine.bots.nommie", "engine.bots.search",
           "engine.linger", "engine.bots.linger", "engine.bots.search_linger",
           "engine.nines", "engine.bots.nines", "engine.callbreak", "engine.bots.callbreak",
           "engine.bots.search_callbreak", "engine.israeli", "engine.bots.israeli",
           "engine.explain", "engine.parse", "engine.saved",
           "ui.fmt", "ui.screen", "ui.session", "ui.app", "ui.saves", "ui.saves.load",
           "ui.table", "ui.screens.common", "ui.screens.title", "ui.screens.newgame",
           "ui.screens.pause", "ui.screens.between", "ui.screens.sheet", "ui.screens.sheet_page",
           "ui.table.panel", "ui.table.hint",
           "ui.screens.settings",
           "ui.screens.info", "ui.prefs", "ui.undo", "ui.console.play", "ui.console.menu")


def module_figures(kind="mpy", modules=MODULES):
    """[(module, bytes its import adds, new qstrs)], each after the modules it
    imports are loaded.

    Each module is measured in a fresh interpreter with its dependencies
    imported first, so a module is charged only for itself (qstr pools grow
    in doubling steps, so a few bytes of that growth land on whichever module
    crosses a step)."""
    tree = circuitpy.stage(kind)
    rows = []
    for m in modules:
        deps = _deps(m)
        out = circuitpy.run(MODULE_SCRIPT % (deps, m), HI, tree)
        qstrs = [int(n) for n in re.findall(r"n_qstr=(\d+)", out)]
        rows.append((m, int(re.search(r"MODULE (-?\d+)", out).group(1)), qstrs[1] - qstrs[0]))
    return rows


def _deps(module):
    # the project modules `module` imports when it loads (mpvm knows how to read that)
    from tools.runners import mpvm
    # (a package's own module is charged for the modules it imports from
    # inside itself: importing one of them would load the package first)
    order = mpvm.import_order([module], dirs=("engine", "ui", "lib/hal"))
    return [m for m in order if m != module and not m.startswith(module + ".")]


def kb(n):
    return "-" if n is None else "%.1f" % (n / 1024.0)


def print_games(rows, out=sys.stdout):
    w = out.write
    w("\nCircuitPython heap: a whole game through the UI logic, seat 0 human, bots at the\n"
      "level shown, autosaves (budget: completes in 96 KB from the .mpy bundle, 128 KB\n"
      "from source)\n")
    w("{:<10} {:>3} {:>4} {:>8} {:>8} {:>9} {:>10}  {}\n".format(
        "game", "lvl", "code", "fits KB", "live KB", "largest B", "min free B", "fails below"))
    for r in rows:
        fails = "-" if not r["fails"] else "%s B at %s" % r["fails"]
        w("{:<10} {:>3} {:>4} {:>8} {:>8} {:>9} {:>10}  {}\n".format(
            r["game"], r["level"], r["kind"],
            ">%d" % (HI // KB) if r["fits"] is None else kb(r["fits"]),
            kb(r["live"]), r["largest"], r["free_block"], fails))


def print_screens(rows, out=sys.stdout):
    out.write("\nCircuitPython live heap per screen (.mpy, after a collection)\n")
    for label, live, top in rows:
        out.write("  %-20s %7.1f KB  (%s)\n" % (label, live / 1024.0, top))


def print_modules(rows, out=sys.stdout):
    out.write("\nCircuitPython heap per module (.mpy, imported after its own imports): bytes,\n"
              "and the names it interns (qstrs, never freed; their pools grow in doubling\n"
              "steps, so a module that crosses a step is charged for the step; a package's\n"
              "own module with the modules it imports from inside it: ui.table with its\n"
              "keys and words)\n")
    for m, b, q in sorted(rows, key=lambda r: -r[1]):
        out.write("  %-28s %6d B %5d qstrs\n" % (m, b, q))


def main(argv=None):
    from engine import catalog
    ap = argparse.ArgumentParser(prog="python -m tools.bench.cp_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=catalog.ids(),
                    help="only this game (repeatable)")
    ap.add_argument("--levels", type=int, nargs="*", default=[1, 2, 3], choices=(0, 1, 2, 3))
    ap.add_argument("--kind", choices=("mpy", "py", "both"), default="both")
    args = ap.parse_args(argv)
    why = circuitpy.available()
    if why:
        ap.exit(2, why + "\n")
    kinds = ("mpy", "py") if args.kind == "both" else (args.kind,)
    rows = [game_figures(g, lv, k) for k in kinds for g in (args.game or catalog.ids())
            for lv in args.levels]
    print_games(rows)
    print_screens(screen_figures())
    print_modules(module_figures())
    return 0


if __name__ == "__main__":
    sys.exit(main())
