# The save-under-pressure test's player (tests/test_board_saves.py): runs
# INSIDE circuitpython-board as the drive's _cpd_player, never on CPython.
# CircuitPython only: # comments, no typing, no f-strings.
#
# Like the frozen test player it feeds the fake keypad whenever the app waits
# for a key, through the real board path (code.py -> hal.pybadge ->
# ui.app.run). SAVE_GAME from the title: straight to a table (ui.screens.common'
# quick start, deal SAVE_SEED, bots of the settings' level), then A, and
# RIGHT every 7th key. After each key, with the bots done and the autosave
# written, it collects and notes the live heap.
# - SAVE_CUT unset: plays to game over, prints "PEAK <key> <alloc>" (the key
#   after which the heap held the most) and RESULT.
# - SAVE_CUT=k: after key k prints "CUT <moves> <checksum> <notice>" (what the
#   table holds, and the store's notice: "None" when every save was written),
#   then the moves in hex on a line of their own, and stops the interpreter
#   there, as a power cut would: nothing after it runs, no clean exit.
# - SAVE_CONTINUE=1: takes Continue on the title and plays on to game over.
import gc
import os
import sys

import keypad
import ui.app

GAME = os.getenv("SAVE_GAME") or "nommie"
SEED = int(os.getenv("SAVE_SEED") or "7")
CUT = int(os.getenv("SAVE_CUT") or "-1")
CONTINUE = bool(os.getenv("SAVE_CONTINUE"))
LIMIT = 6000
RIGHT, A = 3, 4         # hal.keys

_start = ui.app.App.start
_app = None
_down = None
_keys = 0
_began = False
_peak = [0, 0]


def _started(self):
    global _app
    _app = self
    _start(self)


ui.app.App.start = _started


def _checksum(log):
    check = 0
    for c in log:
        check = (check * 31 + c) % 16777213
    return check


def _press(q, k):
    global _down
    _down = sys.modules["hal.pybadge"].PyBadge.RAW.index(k)
    q._record(_down, True)


def _feed(q):
    global _down, _keys, _began
    if _down is not None:
        q._record(_down, False)
        _down = None
        return
    app = _app
    if app is None or app.quit or app.busy():
        return
    top = app.top()
    if getattr(top, "tip_at", -1) == getattr(top, "acts", 0):
        return          # a first game's tip opens on the next tick: wait for it, as a person would
    name = type(top).__name__
    if not _began:
        _began = True
        if CONTINUE:
            if not top.lines[0].startswith("Continue"):
                raise RuntimeError("save player: no saved game to continue")
            top.cursor = 0
            _press(q, A)
            return
        from ui.screens.common import quick_start
        quick_start(app, GAME, SEED)
        return
    st = app.stack[0].state()
    if _keys:
        gc.collect()
        live = gc.mem_alloc()
        if live > _peak[1]:
            _peak[0], _peak[1] = _keys, live
    if _keys == CUT:
        print("CUT %d %d %s" % (len(st.log), _checksum(st.log), app.store.notice))
        for c in st.log:                        # the moves themselves, in hex
            print("%02x" % c, end="")
        print()
        raise SystemExit(3)          # the power goes: no more saves, no clean exit
    if name == "GameOver" or _keys >= LIMIT:
        print("PEAK %d %d" % (_peak[0], _peak[1]))
        print("RESULT {\"over\": %s, \"actions\": %d, \"checksum\": %d}" % (
            "true" if st.is_over() else "false", len(st.log), _checksum(st.log)))
        app.quit = True
        return
    _press(q, RIGHT if _keys % 7 == 3 else A)
    _keys += 1


keypad._source = _feed
