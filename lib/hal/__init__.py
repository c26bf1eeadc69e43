# Hardware abstraction: hal.detect() returns the profile for this machine.
#
# Every profile subclasses hal.base.Board: the contract (display, keys,
# now_ms(), idle(), save_dir, writable, beep(), entropy(), opts ...) with a
# do-nothing default for each member.
#
# Kept tiny: every `from hal import keys` runs this file first. The choice of
# profile is in hal.pick, loaded only by detect().

import sys


def _on_cpython():
    return getattr(sys, "implementation", None) is not None and \
        sys.implementation.name == "cpython"


def _board_id():
    try:
        import board
        return getattr(board, "board_id", "")
    except (ImportError, NotImplementedError, RuntimeError, AttributeError):
        return ""


def _machine():
    # os.uname().machine, e.g. "Adafruit PyGamer with samd51j19" ("" if unknown).
    try:
        import os
        return os.uname().machine
    except (ImportError, AttributeError):
        return ""


def detect(argv=None):
    # Pick the board profile (hal.pick: one readable chain, first match wins).
    from hal import pick
    try:
        return pick.detect(argv)
    finally:
        if "hal.pick" in sys.modules:
            del sys.modules["hal.pick"]
        g = globals()
        if "pick" in g:
            del g["pick"]
