# The HAL contract: every member ui.app.run, ui.console.menu, ui.console.link and
# code.py use, each with a do-nothing default. Every board profile subclasses
# Board, calls Board.__init__ first and overrides what its hardware has.
# (tests/test_boards.py checks the list against what the UI reads.)

import os
import sys

from hal import keys as K


# What this machine is (hal.pick reads it once, to choose the profile).
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
        return os.uname().machine
    except AttributeError:
        return ""


class Board:
    board_name = "?"      # shown on the About screen
    display = None        # displayio display (root_group, width, height, refresh); None: text console
    headless = False      # True: no one watches (ui.app reads keys even while busy)
    notice = None         # one line for the player at start, e.g. "no display found"
    # True when this run began because memory ran out in the last one (code.py
    # caught the MemoryError and restart()ed): the app goes back into the saved
    # game, and sets it False at the player's first key. A board knows it from
    # supervisor.reload(); Board.__init__ asks.
    restarted = False

    def __init__(self):
        self.keys = K.Queue()     # logical key events: get() -> Event or None
        self.opts = {}            # the desktop command line (--game, --seed, --host ...)
        self.save_dir = "/saves"  # folder for saves and settings
        self.writable = False     # prepare_save_dir(save_dir): True, False or "full"
        self.restarted = _reloaded()

    def now_ms(self):
        # Milliseconds from a steady clock (no clock here: time stands still).
        return 0

    def idle(self, ms):
        # Wait up to ms for input (or let a virtual clock jump ahead).
        pass

    def input_ended(self):
        # True when no more input can ever come (end of a script, window closed).
        return False

    def after_key(self):
        # Called after a key was handled and the screen redrawn.
        pass

    def finish(self):
        # End of the run: last screenshot, close the window.
        pass

    def beep(self, freq, ms):
        # Start a tone and return at once (silent without a speaker).
        pass

    def sound_ready(self):
        # Make what beep() needs now, at start, while the heap is empty: made
        # mid-game, its long-lived buffers would split the free heap.
        pass

    def entropy(self):
        # 31 random bits for a new deal number.
        try:
            return int.from_bytes(os.urandom(4), "little")
        except (NotImplementedError, AttributeError):
            return self.now_ms() & 0x7FFFFFFF

    def restart(self, why, again):
        # Memory ran out (code.py caught the MemoryError: the game's objects are
        # gone, its last autosave is on the drive). Tell the player why, then
        # start afresh: a board runs code.py again with an empty heap
        # (supervisor.reload; that run finds restarted True and resumes the
        # save); without supervisor (a desktop, a test interpreter) this returns
        # True and code.py goes round again in this process. When the restarted
        # run ran out before the player's first key (the app clears restarted
        # then), `again` is said instead and this returns False: code.py stops
        # (never a loop of restarts no one watches).
        if self.restarted:
            self.tell(again)
            return False
        self.restarted = True
        self.tell(why)
        try:
            import supervisor
        except ImportError:
            return True
        import time
        time.sleep(3)                        # time to read it
        supervisor.reload()
        return True

    def tell(self, text):
        # One line for the player outside any screen of the app (restart()):
        # the console's output; a board with a display shows its terminal.
        self.write(text + "\n")

    def readline(self, prompt=""):
        # Text console: one typed line without its newline; None when input has ended.
        return None

    def write(self, text):
        # Text console: show text as it is (no newline added).
        pass


def _reloaded():
    # True when supervisor.reload() started this run (CircuitPython), which only
    # Board.restart calls.
    try:
        import supervisor
        return supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD
    except (ImportError, AttributeError):
        return False


def prepare_save_dir(folder):
    # Make the save folder and try a write there (every profile's start-up
    # probe): True when saves can be written; "full" when the drive has no
    # room left (saves are tried all the same, and fail with a sentence
    # until there is room); False when it is read-only or out of bounds.
    probe = folder + "/.probe"
    try:
        try:
            if hasattr(os, "makedirs"):      # desktop: parents may be missing
                os.makedirs(folder)
            else:
                os.mkdir(folder)
        except OSError:
            pass                             # there already, or the write below fails
        with open(probe, "w") as f:
            f.write("1")
        os.remove(probe)
        return True
    except OSError as e:
        try:
            os.remove(probe)                 # created, but the byte did not fit
        except OSError:
            pass
        return "full" if full(e, folder) else False


def full(e, folder):
    # True when OSError e says folder's drive is full: ENOSPC (28; CircuitPython
    # raises it for a write a FAT drive has no room for), or EACCES (13) with
    # no free block left (FatFs refuses a new folder or file entry so).
    code = e.args[0] if e.args else None
    if code == 28:
        return True
    if code != 13 or not hasattr(os, "statvfs"):
        return False
    for where in (folder, folder[:folder.rfind("/")] or "/"):
        try:
            return os.statvfs(where)[4] == 0      # f_bavail
        except OSError:
            pass
    return False
