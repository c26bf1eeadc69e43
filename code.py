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

import hal


def _arg(name):
    # The value after name on the command line (None on a board, or if absent).
    argv = getattr(sys, "argv", None) or []
    for i in range(len(argv) - 1):
        if argv[i] == name:
            return argv[i + 1]
    return None


def main():
    profile = hal.detect()
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
