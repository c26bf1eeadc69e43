# Modules imported on demand and dropped after use: the one place that does it.
#
# On the device a module's bytecode lives in the same heap as the game, so code
# that is rarely needed (a game module, a screen over the table, the journal's
# repair) is imported when asked for and forgotten once done: its bytecode can
# then be collected, and the next use imports it again. Engine and ui use it.
import gc
import sys

# Dropping after call() pays on the device only; CPython keeps the module.
DROP = sys.implementation.name != "cpython"


def load(name):
    # The module called name ("engine.nommie"), imported on first use. On the
    # device the heap is collected first: the collector frees what the game
    # has let go of, and the module's code then goes into the lowest free
    # blocks instead of above that garbage, where it would split the free
    # heap (a whole game needs a smaller heap so: docs/figures.md).
    if name not in sys.modules:
        if DROP:
            gc.collect()
        __import__(name)
    return sys.modules[name]


def forget(name):
    # Drop module name so its bytecode can be collected (imported again on next
    # use); a package inside a package that has nothing of its own (ui.screens:
    # engine.bots, with choose(), stays) goes too once none of its modules is
    # left.
    if name in sys.modules:
        del sys.modules[name]
        parent, _, child = name.rpartition(".")
        pkg = sys.modules.get(parent)
        if pkg is not None:
            if hasattr(pkg, child):
                delattr(pkg, child)
            if "." in parent and not [m for m in sys.modules if m.startswith(parent + ".")] \
                    and not [k for k in dir(pkg) if k[0] != "_"]:
                forget(parent)


def call(name, fn, *args):
    # name.fn(*args), with module name forgotten afterwards on the device.
    try:
        return getattr(load(name), fn)(*args)
    finally:
        if DROP:
            forget(name)
