"""Issue 22's budget on the board interpreter (tools/bench/board_heap.py): every
game's whole level-3 game, display and sound on, completes from the built
.mpy bundle through code.py in BUDGET_KB and in a PyBadge's 146 KB, with the
same moves as on CPython; the screen tour opens every screen in BUDGET_KB.
Skipped, with the reason, where circuitpython-board cannot run."""
import os

import pytest

from engine import catalog
from tools.bench import board_heap
from tools.runners import device_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BUDGET_KB = 112           # issue 22's goal: every whole game
CEILING_KB = 128          # its hard ceiling: the screen tour
TIMEOUT = 180             # seconds for one board run (a whole game takes ~6 s)


@pytest.fixture(scope="module")
def board():
    why = board_heap.available()
    if why:
        pytest.skip(why)
    board_heap.use_rev(None)          # the working tree
    return board_heap.bundle()


_cpython = {}


def cpython(game):
    # The same key presses on CPython (tools/runners/device_game.py: quick start, then
    # A and RIGHT every 7th key): the board player's menu path leads to the
    # same table (you + bots of level 3, deal 7, the usual player count).
    if game not in _cpython:
        _cpython[game] = device_game.run_cpython(game, board_heap.LEVEL, board_heap.SEED)
    return _cpython[game]


def _died(r):
    return "%s dies in %d KB (sound %s): MemoryError allocating %s B at %s" % (
        r["game"], r["heap_kb"], "on" if r["sound"] else "off", r["where"][0], r["where"][1])


@pytest.mark.parametrize("heap_kb", [BUDGET_KB, board_heap.PYBADGE_KB])
@pytest.mark.parametrize("game", catalog.ids())
def test_a_whole_game_with_display_and_sound_completes_move_for_move(board, game, heap_kb):
    r = board_heap.game(game, heap_kb, sound=True, timeout=TIMEOUT)
    assert r["ok"], _died(r)
    got, want = r["result"], cpython(game)
    assert got["over"] and want["over"]
    for key in ("checksum", "actions", "keys", "scores", "winners"):
        assert got[key] == want[key], key


def test_every_screen_opens_within_the_ceiling(board):
    # The tour's player (tools/bench/board_tour.py) is a .mpy in the heap where the
    # game runs' built-in player is frozen: the tour gets the difference,
    # rounded down to whole KB, on top of the budget (a board has neither).
    # Its game is pass-and-play with a hint and the score sheet over a
    # level-3 table: it needs 124 KB today, inside issue 22's 128 KB ceiling
    # but not its 112 KB goal (docs/figures.md, Memory on a PyBadge).
    t = board_heap.budget_tour(CEILING_KB, timeout=TIMEOUT)
    assert 0 <= t["allowance_kb"] <= 6
    assert not t["memory_error"], \
        "the tour dies in %d KB (+%d for its player's code) after \"%s\": %s B at %s" % (
            (CEILING_KB, t["allowance_kb"], t["last"]) + t["where"])
    assert t["ok"], t["output"]
    assert t["missing"] == []
    assert t["result"]["over"]


# ------------------------------------------------------- without the binary

TRACE = """CPD_SAMPLE title 82352 28816
mem: total=583996, current=536092, peak=536092
GC: total: 111168, used: 82432, free: 28736
 No. of 1-blocks: 871, 2-blocks: 176, max blk sz: 345, max free sz: 455
TOUR 1000 2000 link lobby
GC: total: 111168, used: 1080, free: 1920
 No. of 1-blocks: 8, 2-blocks: 1, max blk sz: 3, max free sz: 12
Traceback (most recent call last):
  File "/code.py", line 47, in <module>
  File "ui/app.py", line 1, in run
  File "lib/hal/sound.py", line 1, in render
  File "_cpd_player.py", line 1, in _sample
MemoryError: memory allocation failed, allocating 2240 bytes
"""


def test_the_output_is_read_as_run_board_prints_it():
    assert board_heap.mem_infos(TRACE, "CPD_SAMPLE") == [("title", 82352, 28816, 455 * 16)]
    assert board_heap.mem_infos(TRACE, "TOUR") == [("link lobby", 1000, 2000, 12 * 16)]
    assert board_heap.free_blocks(TRACE) == [455 * 16, 12 * 16]
    # the innermost frame of the drive's own code, not the player's; no line
    # number where the .mpy has none
    assert board_heap.where(TRACE) == (2240, "lib/hal/sound.py render")
    assert board_heap.where('File "/code.py", line 47, in main\nMemoryError') == \
        (None, "code.py:47 main")


def test_the_heaps_tried_are_4_kb_steps_up_to_a_pybadge():
    s = board_heap.steps()
    assert s[0] == board_heap.LO_KB and s[-2:] == [144, 146]
    assert all(b - a == 4 for a, b in zip(s, s[1:-1]))


def _fake_game(fits):
    calls = []

    def game(name, kb, level, seed, sound, sample):
        calls.append(kb)
        ok = fits(kb)
        return {"ok": ok, "where": None if ok else (kb, "ui/draw/view.py draw")}
    return game, calls


def test_smallest_heap_bisects_then_runs_every_larger_step(monkeypatch):
    # fits from 100 KB, except 120 and 132: the heap from which every step fits is 136
    game, calls = _fake_game(lambda kb: kb >= 100 and kb not in (120, 132))
    monkeypatch.setattr(board_heap, "game", game)
    f = board_heap.smallest_heap("nommie")
    assert f["fits"] == 100 and f["from"] == 136 and f["fails_above"] == [120, 132]
    assert f["fails"] == (132, "ui/draw/view.py draw")
    assert set(calls) >= set(range(100, 146, 4)) | {146} and len(calls) == len(set(calls))
    # nothing fits up to the top: None, and where the top step dies
    game, calls = _fake_game(lambda kb: False)
    monkeypatch.setattr(board_heap, "game", game)
    f = board_heap.smallest_heap("nommie")
    assert f["fits"] is None and f["from"] is None and f["fails"] == (146, "ui/draw/view.py draw")
    assert calls == [146]
    # monotonic: no run above the fit is needed beyond the confirmation
    game, calls = _fake_game(lambda kb: kb >= 112)
    monkeypatch.setattr(board_heap, "game", game)
    f = board_heap.smallest_heap("nommie")
    assert (f["fits"], f["from"], f["fails_above"]) == (112, 112, [])
    assert f["fails"] == (108, "ui/draw/view.py draw")


def test_without_run_board_the_reason_is_given(monkeypatch, tmp_path):
    monkeypatch.setattr(board_heap, "_why", [])
    monkeypatch.setenv(board_heap.RUN_BOARD_ENV, str(tmp_path / "no-run-board"))
    why = board_heap.available()
    assert why and str(tmp_path / "no-run-board") in why
