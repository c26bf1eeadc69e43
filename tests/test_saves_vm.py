"""Saves inside the MicroPython VM: a full-length Nommie game (26 rounds,
level-1 bots) is played, saved through ui.saves, dropped, read back and
replayed, one step per VM call so the VM's GC runs between steps as the
device's would. The whole cycle must fit the heap budget; the figures are
printed (pytest -s) for the report. tests/vm/saves_*.py check the rest."""
import json
import os

import pytest

from tools import mpvm

HEAP = 48 * 1024  # the heap a full game with level-1 bots must fit (issue 2)

SCRIPT = """
import os
from engine import games, bots
import sys
from ui import saves
GAME = %(game)r
SEED = %(seed)d
st = games.load(GAME).new_game(seed=SEED)
N = st.players
store = saves.Store("/saves", True)
REC = {"seats": ["human"] + ["bot"] * (N - 1), "levels": [1] * N,
       "names": ["You", "Ann", "Bob", "Cy", "Dee"][:N]}
_phase = 0
_i = 0
_acts = None
_sig = None


def sig(actions):
    h = 0
    for a in actions:
        h = (h * 31 + a) %% 1000003
    return [len(actions), h]


def step():
    global _phase, _i, _acts, _sig, st
    if _phase == 0:  # a bot move ...
        if st.is_over():
            _phase = 2
            return 2
        seat = st.to_act()
        st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, SEED * 10 + seat))
        _phase = 1
        return 1
    if _phase == 1:  # ... and the autosave after it, as the UI does
        REC["save"] = st.save()
        assert store.save_game(REC) is None, store.notice
        REC["save"] = None
        _phase = 0
        return 2
    if _phase == 2:  # switched off: nothing of the game is left
        _sig = sig(st.actions())
        st = None
        _phase = 3
        return 3
    if _phase == 3:  # restart: read and check the file, set up the replay
        rec = saves._call("storage", "read", saves.Store("/saves", True).fs,
                          "/saves/game.json", "game", None)[0]
        saves._call("storage", "game_shape", rec)
        _acts = rec["save"]["actions"]
        base = dict(rec["save"])
        base["actions"] = []
        st = games.restore(base)
        _phase = 4
        return 4
    if _phase == 4:  # the replay Store.load_game does, one action per call
        if _i == len(_acts):
            _phase = 5
            return 5
        st.apply(_acts[_i])
        _i += 1
        return 5
    return None
"""

FINISH = """
import json
print("RESULT " + json.dumps({"size": os.stat("/saves/game.json")[6], "sig": _sig,
      "replayed": sig(st.actions()), "over": st.is_over(), "rounds": st.view(None)["round"]}))
"""


def run_cycle(game="nommie", seed=7, heap=HEAP):
    src = SCRIPT % {"game": game, "seed": seed}
    out, stats = mpvm.run(src, heap=heap, dirs=("engine", "ui"), steps="step",
                          finish=FINISH, max_calls=20000,
                          imports=("engine.games", "engine.bots", "engine." + game,
                                   "ui.atomic", "ui.saves"))
    line = [x for x in out.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):]), stats


def phase_max(stats, values, key):
    got = [p for p, v in zip(stats[key], stats["values"]) if v in values]
    return max(got) if got else 0


def test_full_nommie_save_resume_cycle_fits_the_heap_budget():
    result, stats = run_cycle()
    assert result["over"] and result["rounds"] >= 25
    assert result["replayed"] == result["sig"]  # resumed exactly where it stopped
    play_peak = phase_max(stats, (1,), "peak")
    save_peak = phase_max(stats, (2,), "peak")
    load_peak = phase_max(stats, (4, 5), "peak")
    print("\nVM heap %d: full Nommie save file %d bytes; peak: bot moves %d, autosaves %d, "
          "read+replay %d; live during play %d, after replay %d; grew: %s"
          % (stats["total_initial"], result["size"], play_peak, save_peak, load_peak,
             phase_max(stats, (1, 2), "live"), stats["live"][-1], stats["grew"]))
    assert save_peak > play_peak - 8000 and load_peak > 0
    assert 2000 < result["size"] < 8000
    assert mpvm.fits(stats), (
        "the save/resume cycle grew the VM heap from %d to %d (peaks: save %d, load %d)"
        % (stats["total_initial"], stats["total_final"], save_peak, load_peak))
