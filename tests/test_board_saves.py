"""Saves under memory pressure, on the board interpreter (issue 22): in the
budget's heap, the autosave after the key at which a whole game's heap is
fullest still writes (the store has no notice) and survives a power cut
there: the journal left on the drive holds the game the table held, up to
the bots' cards of the trick in progress (saves follow decisions and tricks),
and Continue plays it on to game over in the same heap. Skipped, with the
reason, where circuitpython-board cannot run."""
import os
import re

import pytest

from tools.bench import board_heap
from tools.runners import circuitpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PLAYER = os.path.join(ROOT, "tests", "board_save_player.py")
TIMEOUT = 180             # seconds for one board run (a whole game takes ~6 s)
GAME = "nommie"           # the most rounds, so the longest journal


@pytest.fixture(scope="module")
def player(tmp_path_factory):
    why = board_heap.available()
    if why:
        pytest.skip(why)
    board_heap.use_rev(None)
    path = str(tmp_path_factory.mktemp("player") / "_cpd_player.mpy")
    circuitpy.compile_mpy(PLAYER, path, "_cpd_player.py")
    return path


def _run(player, env, drive=None, keep=None):
    env = dict(env, CPD_PLAYER="1", SAVE_GAME=GAME)
    return board_heap.run(board_heap.BUDGET_KB, env, drive=drive, player_file=player,
                          keep=keep, timeout=TIMEOUT)


def test_the_autosave_at_the_fullest_heap_writes_and_survives_a_cut(player, tmp_path):
    rc, out = _run(player, {})
    assert rc == 0 and "RESULT" in out, out[-3000:]
    key, live = [int(x) for x in re.search(r"^PEAK (\d+) (\d+)$", out, re.M).groups()]
    assert key > 0 and live > 80 * 1024, (key, live)

    drive = str(tmp_path / "drive")
    rc, out = _run(player, {"SAVE_CUT": str(key)}, keep=drive)
    cut = re.search(r"^CUT (\d+) (\d+) (.*)\n([0-9a-f]+)$", out, re.M)
    assert cut and rc != 0, out[-3000:]
    moves, notice = int(cut.group(1)), cut.group(3)
    table = bytes.fromhex(cut.group(4))
    assert len(table) == moves
    assert notice == "None", notice                   # every save written, none refused

    from ui.saves import Store
    record, state = Store(os.path.join(drive, "saves"), True).load_game()
    assert state is not None, "no game in the journal the cut left"
    # the game as last saved (after every decision and trick): at most the
    # bots' cards of the trick in progress are played again after a cut
    saved = bytes(state.log)
    assert table[:len(saved)] == saved and 0 <= moves - len(saved) < state.players, (
        moves, len(saved))

    rc, out = _run(player, {"SAVE_CONTINUE": "1"}, drive=drive)
    assert rc == 0 and '"over": true' in out, out[-3000:]
    assert int(re.search(r'"actions": (\d+)', out).group(1)) > moves
