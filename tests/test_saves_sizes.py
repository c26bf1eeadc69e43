"""Save file size of a whole game of each kind (level-1 bots, autosaved at
the end), printed for the report (pytest -s); each must stay small."""
import os

import pytest

from engine import bots, games
from ui import saves


@pytest.mark.parametrize("game", games.IDS)
def test_full_game_save_file_is_small_and_resumes(tmp_path, game):
    st = games.load(game).new_game(seed=21)
    n = st.players
    while not st.is_over():
        seat = st.to_act()
        st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, 210 + seat))
    rec = {"save": st.save(), "seats": ["human"] + ["bot"] * (n - 1), "levels": [1] * n,
           "names": ["You", "Ann", "Bob", "Cy", "Dee"][:n]}
    store = saves.Store(str(tmp_path), True)
    assert store.save_game(rec) is None
    size = os.path.getsize(str(tmp_path / "game.json"))
    print("\n%s: %d actions, %d rounds, save file %d bytes"
          % (game, len(rec["save"]["actions"]), len(st.view(None)["history"]), size))
    assert size < 6000
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == rec
    assert fresh.state.is_over() and fresh.state.winners() == st.winners()
