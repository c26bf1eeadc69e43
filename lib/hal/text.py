# Text-console profile: no screen, no buttons; lines typed over serial or a terminal.
#
# Used on a board without a display, and on the desktop with `--text` or when
# no window can be opened. ui.console.menu drives it through readline() and write().

import os
import sys
import time

from hal.base import Board, prepare_save_dir


def default_save_dir():
    # "/saves" on a board; on a desktop $POCKET_TRICKS_DATA, else pocket-tricks
    # in the XDG data folder (~/.local/share). The desktop profile's too.
    if sys.implementation.name != "cpython":
        return "/saves"
    env = os.environ.get("POCKET_TRICKS_DATA")
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-tricks")


class Text(Board):
    # The HAL contract with display None and an always-empty key queue.

    board_name = "text"

    def __init__(self, save_dir=None, readline=None, write=None, notice=None, opts=None):
        Board.__init__(self)
        self.opts = opts or {}        # the desktop command line (--game, --seed)
        self.save_dir = save_dir or default_save_dir()
        self.writable = prepare_save_dir(self.save_dir)
        self._readline = readline or _input_line
        self._write = write or _print_text
        self.notice = notice          # e.g. "no display found: text console"
        self.bell = False             # beep() rings the terminal bell when True
        self._start = _clock_ms()

    def readline(self, prompt=""):
        # One typed line without its newline; None when the input has ended.
        line = self._readline(prompt)
        self.restarted = False         # (memory running out now is not the restart's)
        return line

    def write(self, text):
        self._write(text)

    def now_ms(self):
        return _clock_ms() - self._start

    def beep(self, freq, ms):
        if self.bell:
            self._write("\a")


def _clock_ms():
    # Milliseconds from the best clock there is (monotonic_ns on CircuitPython/CPython).
    if hasattr(time, "monotonic_ns"):
        return time.monotonic_ns() // 1000000
    return time.ticks_ms()  # plain MicroPython (the test VM)


def _input_line(prompt):
    # None when input has ended (Ctrl-D, a closed pipe, a serial link gone);
    # a line that is not text reads as nothing typed
    try:
        return input(prompt)
    except (EOFError, OSError):
        return None
    except ValueError:        # UnicodeDecodeError: bytes that are not UTF-8
        return ""


def _print_text(text):
    try:
        print(text, end="")
    except OSError:           # the terminal went away: input ends next
        pass
