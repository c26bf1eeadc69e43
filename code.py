# Pocket Tricks: pick the board profile and start the console UI.
#
# Runs unchanged on a CircuitPython board and on desktop CPython (Blinka),
# where command-line options are read (python code.py --help).
import sys

if "lib" not in sys.path:
    sys.path.insert(0, "lib")
try:
    import os
    _here = os.path.dirname(os.path.abspath(__file__))
    for _p in (_here, os.path.join(_here, "lib")):
        if _p not in sys.path:
            sys.path.insert(0, _p)
except (ImportError, AttributeError, NameError):
    pass

import gc

import hal

# Said as the app restarts after memory ran out (the restarted app says the
# rest), and when the restarted app ran out again before a key was pressed.
OUT_OF_MEMORY = "Out of memory: restarting from the last save."
AGAIN = "Out of memory again. The game is saved: switch off and on to go on."


def _arg(name):
    # The value after name on the command line (None on a board, or if absent).
    argv = getattr(sys, "argv", None) or []
    for i in range(len(argv) - 1):
        if argv[i] == name:
            return argv[i + 1]
    return None


def main():
    # The app, and after memory ran out a sentence and a fresh start (the
    # profile restarts the board; a desktop goes round again in this process)
    # that goes back into the saved game: never a traceback.
    profile = hal.detect()
    while True:
        try:
            start(profile)
            return
        except MemoryError:
            pass               # (out of the handler, the game's objects are garbage)
        gc.collect()
        if not profile.restart(OUT_OF_MEMORY, AGAIN):
            raise SystemExit(1)


def start(profile):
    join = _arg("--join")
    if profile.display is None and join:  # a link table's joiner in the terminal
        from ui.console import link
        link.main(profile, join, _arg("--name"), {"bind": _arg("--bind")})
    elif profile.display is None:  # no screen (or --text): play over the serial console / terminal
        from ui.console import menu
        menu.main(profile)
    else:
        from ui import app
        app.run(profile)


# On a board code.py always runs; on a desktop only as a script, never when
# CPython imports its standard `code` module (pdb does) and finds this file.
if __name__ == "__main__" or sys.implementation.name == "circuitpython":
    main()
