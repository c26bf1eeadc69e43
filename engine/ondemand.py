# Modules imported on demand and dropped after use: the one place that does it.
#
# On the device a module's bytecode lives in the same heap as the game, so code
# that is rarely needed (a game module, a screen over the table, the journal's
# repair) is imported when asked for and dropped when the screen that used it
# goes: its bytecode can then be collected, and the next use imports it again.
# The policy pays in time as well as memory (each import reads a file, each
# collection walks the heap), so it works per screen, not per call:
#
# - load(name): the caller holds the module and forgets it itself (a screen's
#   own module leaves with the screen: ui.app).
# - call(name, fn, ...): the module (and whatever its import brought in) is
#   passing: it stays while the screen on top is the same, so the presses on
#   one screen import nothing twice, and settle() drops it when the top screen
#   changes (ui.app), with the heap collected once then.
# - once(name, fn, ...): the module is used for one call and dropped at once
#   (a small file read or written, a page's text made).
# - sweep(keep, skip): back at the title, every engine and ui module the title
#   does not hold goes (ui.app.App.home): no earlier game's code stays.
# - forget(name): the one unload (a screen's module as it closes, a helper a
#   screen imported, "engine.bots." every bot); no other module writes
#   sys.modules (tests/test_wiring.py).
import gc
import sys

# Dropping pays on the device only; CPython keeps every module.
DROP = sys.implementation.name != "cpython"

_passing = []       # modules call() brought in, dropped by the next settle()


def load(name):
    # The module called name ("engine.nommie"), imported on first use; the
    # caller holds it (a module call() had brought in is passing no more).
    if name not in sys.modules:
        __import__(name)
    elif name in _passing:
        _passing.remove(name)
    return sys.modules[name]


def forget(name):
    # Drop module name so its bytecode can be collected (imported again on next
    # use); a package inside a package that has nothing of its own (ui.screens:
    # engine.bots, with choose(), stays) goes too once none of its modules is
    # left. A name ending in "." drops every module under it ("engine.bots.":
    # the bots loaded so far, not the package).
    if name[-1] == ".":
        for m in [m for m in sys.modules if m.startswith(name)]:
            forget(m)
    elif name in sys.modules:
        del sys.modules[name]
        parent, _, child = name.rpartition(".")
        pkg = sys.modules.get(parent)
        if pkg is not None:
            if hasattr(pkg, child):
                delattr(pkg, child)
            if "." in parent and not [m for m in sys.modules if m.startswith(parent + ".")] \
                    and not [k for k in dir(pkg) if k[0] != "_"]:
                forget(parent)


def collect():
    # Collect the heap now (what a failed read left, before the next copy is
    # tried: ui.saves.load); the only collections are these and settle's,
    # sweep's and load's.
    gc.collect()


def call(name, fn, *args):
    # name.fn(*args); on the device a module imported for it is passing.
    m = sys.modules.get(name)
    if m is None:
        had = set(sys.modules) if DROP else None
        m = load(name)
        if had is not None:
            for k in sys.modules:
                if k not in had and k not in _passing:
                    _passing.append(k)
    return getattr(m, fn)(*args)


def once(name, fn, *args):
    # name.fn(*args), the module dropped again at once (if this loaded it):
    # a job done once in a while (a small file read or written, a page's
    # text made) that leaves nothing behind, even before the screen changes.
    had = name in sys.modules
    m = load(name)
    try:
        return getattr(m, fn)(*args)
    finally:
        if not had:
            forget(name)


def passing():
    # How many modules are passing now: a press notes it as it starts, and a
    # screen change in that press drops only those (settle).
    return len(_passing)


def settle(upto=None, collect=True, keep=()):
    # The top screen changes: the first upto passing modules (those the
    # screens before this press used; None: all of them) go, but for those
    # in keep (what the screen on top uses on every page), and the heap is
    # collected once if any went (unless collect is False: the collector
    # frees them when it next runs). Returns how many went.
    if upto is None:
        upto = len(_passing)
    n = 0
    for name in _passing[:upto]:
        if name in keep:
            _passing.append(name)
        elif name in sys.modules:
            forget(name)
            n += 1
    del _passing[:upto]
    if n and collect:
        gc.collect()
    return n


def held():
    # The modules loaded now that are not passing.
    return set(m for m in sys.modules if m not in _passing)


def sweep(keep, skip):
    # Forget every engine and ui module not in keep (the names a screen
    # holds) and not under skip (a package that holds its own: the drawing
    # layer's views); the heap is collected once if any went (on the device:
    # CPython keeps every module). Returns how many went.
    del _passing[:]
    if not DROP:
        return 0
    gone = [m for m in sys.modules if m not in keep and m.split(".")[0] in ("engine", "ui")
            and not m.startswith(skip)]
    for name in gone:
        forget(name)
    if gone:
        gc.collect()
    return len(gone)
