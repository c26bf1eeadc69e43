"""Save file sizes of a whole game of each kind (level-1 bots), printed for the
report (pytest -s): the journal written whole at the end, and the journal of
a game autosaved after every action. Each must stay small and resume."""
import os

import pytest

from engine import bots, catalog, games
from ui import saves


def play(game, store=None):
    st = games.new_game(game, seed=21)
    n = st.players
    rec = {"seats": ["human"] + ["bot"] * (n - 1), "levels": [1] * n,
           "names": ["You", "Ann", "Bob", "Cy", "Dee"][:n]}
    saved = 0
    while not st.is_over():
        seat = st.to_act()
        st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, 210 + seat))
        if store is not None and not st.is_over():
            rec["save"], rec["log"] = st.save(False), st.log
            assert store.save_game(rec) is None
            saved += 1
    rec["save"], rec["log"] = st.save(False), st.log
    return st, rec, saved


@pytest.mark.parametrize("game", catalog.ids())
def test_full_game_save_file_is_small_and_resumes(tmp_path, game):
    st, rec, _ = play(game)
    store = saves.Store(str(tmp_path), True)
    assert store.save_game(rec) is None
    size = os.path.getsize(str(tmp_path / "game.log"))
    (tmp_path / "every").mkdir()
    every = saves.Store(str(tmp_path / "every"), True)
    _, _, saved = play(game, every)
    journal = os.path.getsize(str(tmp_path / "every" / "game.log"))
    print("\n%s: %d actions, %d rounds, journal written whole %d bytes; autosaved after "
          "every action (%d saves) %d bytes" % (game, len(st.log), len(st.view(None)["history"]),
                                                size, saved, journal))
    assert size < 2 * len(st.log) + 1000
    assert journal < 16 * len(st.log) + 4096
    fresh = saves.Store(str(tmp_path), True)
    got, state = fresh.load_game()
    assert got == rec
    assert state.is_over() and state.winners() == st.winners()
    again = saves.Store(str(tmp_path / "every"), True)
    got, state = again.load_game()
    assert bytes(got["log"]) == bytes(st.log[:-1])
    state.apply(st.actions()[-1])
    assert state.is_over() and state.winners() == st.winners()
