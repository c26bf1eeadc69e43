"""Saves within the heap budget, in CircuitPython's own interpreter (the
reference, docs/design.md) and in the MicroPython VM.

Play: a full-length Nommie game (26 rounds, level-1 bots) autosaved through
ui.saves after every action (each save appends its codes to the journal
game.log). Resume: a fresh interpreter (the device was switched off) is given
that file, reads and checks it with ui.saves.load, and replays its codes.

CircuitPython runs the .mpy files a board loads, with its collector running
during execution: play and resume must each complete in CP_HEAP (the previous
format, a whole JSON file with the action list rewritten at every save, did
not fit 58 KB to play; the journal needs about 50). The MicroPython VM
compiles from source and collects only between calls, so there each bot
move, save and replayed action is its own VM call; its heap must not grow in
VM_HEAP (the compiler's peak for ui.saves.load from source sets it, not the game
or the journal). Figures are printed (pytest -s)
for the report. tests/vm/saves_device.py checks Store.load_game()[0] and the rest
in both interpreters with a large heap.
"""
import ast

import pytest

import game_script
from tools.runners import circuitpy, mpvm

VM_HEAP = 64 * 1024  # the VM's compiler needs 56 KB for ui.saves.load at resume (boards load .mpy)
CP_HEAP = 56 * 1024
IMPORTS = tuple(game_script.game_imports("nommie")) + ("ui.saves.atomic", "ui.saves")

PLAY = """
import os
from engine import games, bots
from ui import saves
st = games.new_game(%(game)r, seed=%(seed)d)
N = st.players
store = saves.Store("/saves", True)
REC = {"seats": ["human"] + ["bot"] * (N - 1), "levels": [1] * N,
       "names": ["You", "Ann", "Bob", "Cy", "Dee"][:N]}
_save_next = False


def step():
    global _save_next
    if _save_next:  # the autosave after each move, as the UI does
        REC["save"], REC["log"] = st.save(False), st.log
        assert store.save_game(REC) is None, store.notice
        REC["save"] = REC["log"] = None
        _save_next = False
        return 2
    if st.is_over():
        return None
    seat = st.to_act()
    st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, %(seed)d * 10 + seat))
    _save_next = True
    return 1
"""
PLAY_FINISH = """
f = open("/saves/game.log", "rb")
print("FILE " + repr(f.read()))
f.close()
"""

# The device was off: a fresh VM gets the file, then imports what the game
# needs (one call each, as mpvm does), then the driver, compiled on its own by
# exec() so the file's bytes are not kept with it. ui.saves.load is imported in
# a call of its own too and dropped after the read, as ui.saves does.
RESUME = """
import os
os.mkdir("/saves")
f = open("/saves/game.log", "wb")
"""
CHUNK = 512  # the file is handed over in pieces, one call each (a 13 KB literal would not fit)
DRIVER = """
import sys
st = None
_rec = None
_i = 0


def step():
    global st, _rec, _i
    if _rec is None:  # start-up: read and check the journal
        from ui import saves
        from ui.saves import load
        _rec = load.read(saves.Store("/saves", True).fs, "/saves/game.log", "log",
                         load.game_shape)[0][0]
        load = None
        del sys.modules["ui.saves.load"]  # and dropped, as ui.saves does on the device
        del sys.modules["ui.saves"].load
        return 4
    if st is None:  # the deal; the log's codes follow one per call
        from engine.saved import replay
        st = replay(_rec["save"], b"")
        return 4
    if _i == len(_rec["log"]):
        return None
    from engine.actions import decode
    st.apply(decode(_rec["log"][_i]))  # the replay Store.load_game()[0] does, one code per call
    _i += 1
    return 5
"""
RESUME_STEPS = ["import %s" % m for m in IMPORTS + ("engine.saved",)] + ["import ui.saves.load",
                                                                 "exec(%r)" % DRIVER]
RESUME_FINISH = """
h = 0
for c in st.log:  # the engine's own action codes: no big list in the heap
    h = (h * 31 + c) % 1000003
print("RESULT %d %d %d %d" % (len(st.log), h, st.is_over(), len(st.view(None)["history"])))
"""


def log_hash(codes):
    h = 0  # as RESUME_FINISH
    for c in codes:
        h = (h * 31 + c) % 1000003
    return h


def journal_codes(data):
    """The log a journal holds, read on CPython by the same code."""
    import tempfile
    from ui import saves
    folder = tempfile.mkdtemp()
    with open(folder + "/game.log", "wb") as f:
        f.write(data)
    store = saves.Store(folder, False)
    rec = store.load_game()[0]
    assert store.notice == saves.READ_ONLY, store.notice
    return bytes(rec["log"])


def run_cycle(seed=7, heap=VM_HEAP):
    imports = IMPORTS
    out, play = mpvm.run(PLAY % {"game": "nommie", "seed": seed}, heap=heap, dirs=("engine", "ui"),
                         steps="step", finish=PLAY_FINISH, max_calls=20000, imports=imports)
    data = ast.literal_eval([x for x in out.splitlines() if x.startswith("FILE ")][-1][5:])
    write = ["f.write(%r)" % data[i:i + CHUNK] for i in range(0, len(data), CHUNK)]
    steps = (write + ["f.close()\ndel f"] + RESUME_STEPS
             + ["step()"] * (len(journal_codes(data)) + 3))
    out, resume = mpvm.run(RESUME, heap=heap, dirs=("engine", "ui"),
                           steps=steps, finish=RESUME_FINISH)
    n, h, over, rounds = [x for x in out.splitlines() if x.startswith("RESULT ")][-1].split()[1:]
    got = {"n": int(n), "hash": int(h), "over": over == "1", "rounds": int(rounds)}
    return data, got, play, resume


def phase_max(stats, values, key):
    got = [p for p, v in zip(stats[key], stats["values"]) if v in values]
    return max(got) if got else 0


def test_full_nommie_save_resume_cycle_fits_the_vm_heap():
    data, result, play, resume = run_cycle()
    expected = game_script.run_cpython("nommie", 7, (1,))
    assert result["over"] and result["rounds"] == 26
    assert result["n"] == expected["actions"]  # the whole game came back
    assert data.startswith(b"PTLOG 1 1 ")  # written whole at the first save, then appended
    assert log_hash(journal_codes(data)) == result["hash"]
    # the read step; the replay follows
    k = len(RESUME_STEPS) + (len(data) + CHUNK - 1) // CHUNK + 1
    read_peak = resume["peak"][k]
    print("\nVM heap %d: full Nommie journal %d bytes; play peaks: bot move %d, autosave %d "
          "(live %d); resume peaks: read %d, replay %d (live at end %d); grew: %s / %s"
          % (play["total_initial"], len(data), phase_max(play, (1,), "peak"),
             phase_max(play, (2,), "peak"), max(play["live"]), read_peak,
             max(resume["peak"][k + 1:]), resume["live"][-1], play["grew"], resume["grew"]))
    assert 2000 < len(data) < 16 * result["n"] + 4096
    assert phase_max(play, (2,), "peak") > 0
    assert resume["live"][k] < resume["live"][k - 1]  # the read dropped ui.saves.load again
    assert mpvm.fits(play), "playing with autosaves grew the VM heap"
    assert mpvm.fits(resume), "resuming grew the VM heap"


CP_PLAY = """
from engine import games, bots
from ui import saves
st = games.new_game("nommie", seed=%(seed)d)
store = saves.Store(WORK, True)
REC = {"seats": ["human", "bot", "bot", "bot"], "levels": [1] * 4,
       "names": ["You", "Ann", "Bob", "Cy"]}
while not st.is_over():
    seat = st.to_act()
    st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, %(seed)d * 10 + seat))
    if not st.is_over():  # the autosave after each move, as the UI does
        REC["save"], REC["log"] = st.save(False), st.log
        assert store.save_game(REC) is None, store.notice
        REC["save"] = REC["log"] = None
print("PLAYED", len(st.log))
"""
CP_FILE = """
f = open(WORK + "/game.log", "rb")
while True:
    part = f.read(256)
    if not part:
        break
    print("FILE " + repr(part))
f.close()
"""
CP_RESUME = """
from ui import saves
store = saves.Store(WORK, True)
rec, state = store.load_game()
assert rec is not None and store.notice is None, store.notice
h = 0
for c in state.log:
    h = (h * 31 + c) % 1000003
print("RESULT", len(state.log), h, state.to_act())
"""
WHY = circuitpy.available()


@pytest.mark.skipif(WHY is not None, reason=WHY or "")
def test_full_nommie_save_resume_cycle_fits_circuitpython_heap_budget():
    tree = circuitpy.stage("mpy")
    out = circuitpy.run(CP_PLAY % {"seed": 7} + CP_FILE, CP_HEAP, tree)
    data = b"".join(ast.literal_eval(x[5:]) for x in out.splitlines() if x.startswith("FILE "))
    codes = journal_codes(data)
    out = circuitpy.run(CP_RESUME, CP_HEAP, tree, files={"game.log": data.decode()})
    n, h, to_act = [x for x in out.splitlines() if x.startswith("RESULT ")][-1].split()[1:]
    expected = game_script.run_cpython("nommie", 7, (1,))
    assert int(n) == len(codes) == expected["actions"] - 1  # saved before the last action
    assert int(h) == log_hash(codes) and int(to_act) >= 0
    # and the budget can fail: the same game does not fit a heap far too small
    assert not circuitpy.fits(CP_PLAY % {"seed": 7}, 36 * 1024, tree)
    print("\nCircuitPython %d KB: a whole Nommie game autosaved after every action, then "
          "resumed from its %d-byte journal" % (CP_HEAP // 1024, len(data)))
