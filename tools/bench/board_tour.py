# The screen tour's player: runs INSIDE circuitpython-board, as the drive's
# _cpd_player (tools/bench/board_heap.py compiles it to .mpy and hands it to
# run-board --player); never imported on CPython. CircuitPython only: no
# typing, no f-strings.
#
# Like the test player frozen into CircuitPython's board build (run-board's
# built-in _cpd_player; neither is provided with the project) it feeds the fake
# keypad whenever the app waits for a key, through the real board path (code.py
# -> hal.pybadge -> ui.app.run), and finds its way by type(app.top()).__name__
# and the screens' fields. From the title it opens Settings (bot level
# TOUR_LEVEL, sound on), Statistics, Rules and one game's rules, About, Link
# play (its menu, Host a table, Join a table: the lobby, and its Type an
# address...: the on-screen keyboard), then New game: TOUR_GAME with seats 1 and
# 2 human (pass and play: the curtain) and bots of TOUR_LEVEL, deal TOUR_SEED
# typed in the deal entry. At the table, after TOUR_TABLE_AT keys: the pause
# menu, its Hint, then the score sheet (SELECT); then A, and RIGHT every 7th
# key, through every curtain and round summary to game over.
#
# Whenever a screen comes on top (and every TOUR_SAMPLE keys at the table)
# it collects and prints "TOUR <alloc> <free> <label>" and
# micropython.mem_info() (the largest free block), with a screenshot of each
# label's first time when CPD_SHOTS is set. At game over: RESULT {json}.
import gc
import os
import sys

import micropython

import ui.app

GAME = os.getenv("TOUR_GAME") or "nommie"
LEVEL = int(os.getenv("TOUR_LEVEL") or "3")
SEED = int(os.getenv("TOUR_SEED") or "7")
SAMPLE = int(os.getenv("TOUR_SAMPLE") or "5")
TABLE_AT = int(os.getenv("TOUR_TABLE_AT") or "6")
SHOTS = os.getenv("CPD_SHOTS")
HUMANS = 2
LIMIT = 6000
UP, DOWN, LEFT, RIGHT, A, B, START, SELECT = 0, 1, 2, 3, 4, 5, 6, 7   # hal.keys
# the title's rows to visit in turn (TOUR_TITLE, comma-separated): a tour
# that ends back at the title without a game stops there
TITLE_TODO = (os.getenv("TOUR_TITLE") or
              "Settings,Statistics,Rules,About,Link play,New game").split(",")
LABELS = {"Title": "title", "Settings": "settings", "RulesMenu": "rules",
          "LinkMenu": "link menu", "HostSetup": "link host setup", "Lobby": "link lobby",
          "Keyboard": "keyboard",
          "Setup": "setup", "DealEntry": "deal entry", "Pause": "pause menu",
          "ScoreSheet": "score sheet", "Curtain": "curtain", "RoundSummary": "round summary",
          "GameOver": "game over", "Tip": "tip"}
TEXTS = {"Statistics": "statistics", "About": "about", "Notice": "notice"}

_start = ui.app.App.start
_app = None
_down = None        # the raw key held down: released at the next read
_last = None        # the screen on top at the last sample
_shots = {}
_seen = {}          # (label, screen): done with it (rules text, link screens)
_keys = 0           # keys pressed at the table (A, RIGHT), as the frozen player counts
_hinted = False
_sheet = False
_hint_at = 0


def _started(self):
    global _app
    _app = self
    _start(self)


ui.app.App.start = _started


def _press(q, k):
    global _down
    _down = sys.modules["hal.pybadge"].PyBadge.RAW.index(k)
    q._record(_down, True)


def _label(top, name):
    if name == "Table":
        return "hint" if top.hint is not None else "table"
    if name == "TextScreen":
        return TEXTS.get(top.title, "rules text")
    return LABELS.get(name, name)


def _sample(label):
    gc.collect()
    print("TOUR %d %d %s" % (gc.mem_alloc(), gc.mem_free(), label))
    micropython.mem_info()
    if SHOTS and label not in _shots:
        _shots[label] = 1
        import _cpd_display
        _cpd_display.save("%s/%02d-%s.ppm" % (SHOTS, len(_shots), label.replace(" ", "-")))


def _to(top, want):
    # the key towards the row labelled want (A on it)
    i = top.lines.index(want)
    if top.cursor == i:
        return A
    return DOWN if top.cursor < i else UP


def _setup(top):
    model = top.rows_model()
    for i in range(len(model)):
        kind, j = model[i]
        step = 0
        if kind == "game" and top.game_id() != GAME:
            step = RIGHT
        elif kind == "seat" and top.seats[j] != (0 if j < HUMANS else 1 + LEVEL):
            step = RIGHT
        elif kind == "deal" and top.deal != SEED:
            step = RIGHT
        if step:
            return step if top.cursor == i else (DOWN if top.cursor < i else UP)
    return A


def _deal(top):
    want = []
    n = SEED
    for _ in range(len(top.digits)):
        want.insert(0, n % 10)
        n //= 10
    for i in range(len(want)):
        if top.digits[i] != want[i]:
            if top.at != i:
                return RIGHT if top.at < i else LEFT
            return UP if (want[i] - top.digits[i]) % 10 <= 5 else DOWN
    return A


def _settings(top):
    s = top.app.settings
    for label, wrong in (("Bot level", s.get("bot_level") != LEVEL), ("Sound", not s.get("sound"))):
        if wrong:
            i = 0
            while not top.lines[i].startswith(label):
                i += 1
            return RIGHT if top.cursor == i else (DOWN if top.cursor < i else UP)
    return B


def _once(label):
    # True the first time label is asked for
    if label in _seen:
        return False
    _seen[label] = 1
    return True


def _table_key():
    global _keys, _hinted, _sheet
    if _keys >= TABLE_AT and not _hinted and _keys >= _hint_at:
        return START
    if _hinted and not _sheet:
        _sheet = True
        return SELECT
    k = RIGHT if _keys % 7 == 3 else A
    _keys += 1
    return k


def _next(top, name):
    # the key for the screen on top
    global _hinted, _hint_at
    if name == "Title":
        if not TITLE_TODO:
            if _keys:
                raise RuntimeError("tour: back at the title after the game")
            return None               # the title's pages toured: done
        k = _to(top, TITLE_TODO[0])
        if k == A:
            TITLE_TODO.pop(0)
        return k
    if name == "Settings":
        return _settings(top)
    if name == "RulesMenu":
        return A if _once("rules text") else B
    if name == "LinkMenu":
        if "host" not in _seen:
            k = _to(top, "Host a table")
            if k == A:
                _seen["host"] = 1
            return k
        if "join" not in _seen:
            k = _to(top, "Join a table")
            if k == A:
                _seen["join"] = 1
            return k
        return B
    if name == "Setup":
        return _setup(top)
    if name == "DealEntry":
        return _deal(top)
    if name == "Table":
        return _table_key()
    if name == "Pause":
        hint = [x for x in top.lines if x.startswith("Hint")]
        if not _hinted and hint:
            k = _to(top, hint[0])
            if k == A:
                _hinted = True
            return k
        _hint_at = _keys + 1          # no hint on offer now: after the next key
        return B
    if name == "Lobby":
        return A if _once("keyboard") else B    # its first row: the keyboard
    if name in ("HostSetup", "Keyboard", "ScoreSheet", "TextScreen"):
        return B                                # (the keyboard: B on no text closes it)
    if name in ("Curtain", "RoundSummary", "Tip"):
        return A
    raise RuntimeError("tour: no way on from screen %s" % name)


def _finish(app):
    st = app.stack[0].state()
    check = 0
    for c in st.log:
        check = (check * 31 + c) % 16777213
    import json
    print("RESULT " + json.dumps({"game": GAME, "over": st.is_over(), "actions": len(st.log),
                                  "keys": _keys, "checksum": check, "winners": st.winners()}))
    app.quit = True


def _feed(q):
    global _down, _last
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
    if top is not _last or (name == "Table" and _keys % SAMPLE == 0):
        _last = top
        _sample(_label(top, name))
    if name == "GameOver" or _keys >= LIMIT:
        _finish(app)
        return
    k = _next(top, name)
    if k is None:
        print("RESULT {\"over\": true, \"pages\": true}")
        app.quit = True
        return
    _press(q, k)


import keypad  # noqa: E402  (the fake keypad, which imports this module)

keypad._source = _feed
