"""Saves inside the MicroPython VM, within the heap budget.

Play: a full-length Nommie game (26 rounds, level-1 bots) autosaved through
ui.saves after every action. Resume: a fresh VM (the device was switched
off) is given that file, reads and checks it with ui.storage, and replays
it. Each bot move, save and replayed action is its own VM call so the VM's
GC runs between them as the device's would. Both runs must fit the budget;
figures are printed (pytest -s) for the report. tests/vm/saves_device.py
checks Store.load_game() and the rest in the VM with a large heap.
"""
import ast
import json

from tools import bench_game, mpvm

HEAP = 48 * 1024  # the heap a full game with level-1 bots must fit (issue 2)
IMPORTS = tuple(bench_game.game_imports("nommie")) + ("ui.atomic", "ui.saves")

PLAY = """
import os
from engine import games, bots
from ui import saves
st = games.load(%(game)r).new_game(seed=%(seed)d)
N = st.players
store = saves.Store("/saves", True)
REC = {"seats": ["human"] + ["bot"] * (N - 1), "levels": [1] * N,
       "names": ["You", "Ann", "Bob", "Cy", "Dee"][:N]}
_save_next = False


def step():
    global _save_next
    if _save_next:  # the autosave after each move, as the UI does
        REC["save"] = st.save()
        assert store.save_game(REC) is None, store.notice
        REC["save"] = None
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
f = open("/saves/game.json", "rb")
print("FILE " + repr(f.read()))
f.close()
"""

# The device was off: a fresh VM gets the file, then imports what the game
# needs (one call each, as mpvm does), then the driver, compiled on its own by
# exec() so the file's bytes are not kept with it. ui.storage is imported in
# a call of its own too and dropped after the read, as ui.saves does.
RESUME = """
import os
os.mkdir("/saves")
f = open("/saves/game.json", "wb")
f.write(%(data)r)
f.close()
"""
DRIVER = """
import sys
st = None
_acts = None
_i = 0


def step():
    global st, _acts, _i
    if st is None:  # start-up: read and check the file, set up the replay
        from engine import games
        from ui import saves, storage
        rec = storage.read(saves.Store("/saves", True).fs, "/saves/game.json", "game",
                           storage.game_shape)[0]
        storage = None
        del sys.modules["ui.storage"]  # and dropped, as ui.saves does on the device
        del sys.modules["ui"].storage
        _acts = rec["save"]["actions"]
        base = dict(rec["save"])
        base["actions"] = []
        st = games.restore(base)
        return 4
    if _i == len(_acts):
        return None
    st.apply(_acts[_i])  # the replay Store.load_game() does, one action per call
    _i += 1
    return 5
"""
RESUME_STEPS = ["import %s" % m for m in IMPORTS] + ["import ui.storage", "exec(%r)" % DRIVER]
RESUME_FINISH = """
h = 0
for c in st.log:  # the engine's own action codes: no big list in the heap
    h = (h * 31 + c) % 1000003
print("RESULT %d %d %d %d" % (len(st.log), h, st.is_over(), len(st.view(None)["history"])))
"""


def log_hash(actions):
    from engine.actions import encode
    h = 0  # as RESUME_FINISH
    for a in actions:
        h = (h * 31 + encode(a)) % 1000003
    return h


def run_cycle(seed=7, heap=HEAP):
    imports = IMPORTS
    out, play = mpvm.run(PLAY % {"game": "nommie", "seed": seed}, heap=heap, dirs=("engine", "ui"),
                         steps="step", finish=PLAY_FINISH, max_calls=20000, imports=imports)
    data = ast.literal_eval([x for x in out.splitlines() if x.startswith("FILE ")][-1][5:])
    steps = RESUME_STEPS + ["step()"] * (data.count(b",") + 2)
    out, resume = mpvm.run(RESUME % {"data": data}, heap=heap, dirs=("engine", "ui"),
                           steps=steps, finish=RESUME_FINISH)
    n, h, over, rounds = [x for x in out.splitlines() if x.startswith("RESULT ")][-1].split()[1:]
    return data, {"n": int(n), "hash": int(h), "over": over == "1", "rounds": int(rounds)}, play, resume


def phase_max(stats, values, key):
    got = [p for p, v in zip(stats[key], stats["values"]) if v in values]
    return max(got) if got else 0


def test_full_nommie_save_resume_cycle_fits_the_heap_budget():
    data, result, play, resume = run_cycle()
    expected = bench_game.run_cpython("nommie", 7, (1,))
    assert result["over"] and result["rounds"] == 26
    assert result["n"] == expected["actions"]  # the whole game came back
    assert data.startswith(b"PTSAVE 1 game ")
    assert log_hash(json.loads(data.split(b"\n", 1)[1])["save"]["actions"]) == result["hash"]
    k = len(RESUME_STEPS)  # the read step; the replay follows
    read_peak = resume["peak"][k]
    print("\nVM heap %d: full Nommie save file %d bytes; play peaks: bot move %d, autosave %d "
          "(live %d); resume peaks: read %d, replay %d (live at end %d); grew: %s / %s"
          % (play["total_initial"], len(data), phase_max(play, (1,), "peak"),
             phase_max(play, (2,), "peak"), max(play["live"]), read_peak,
             max(resume["peak"][k + 1:]), resume["live"][-1], play["grew"], resume["grew"]))
    assert 2000 < len(data) < 8000
    assert phase_max(play, (2,), "peak") > 0 and read_peak > resume["live"][k - 1]
    assert mpvm.fits(play), "playing with autosaves grew the VM heap"
    assert mpvm.fits(resume), "resuming grew the VM heap"
