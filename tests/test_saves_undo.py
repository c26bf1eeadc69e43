"""Undo by replay: taking back the last human decision (and the bot moves after it)."""

from engine import games
from ui import saves

SEATS = ["human", "bot", "bot", "bot"]


def play(n, seed=4, game="nommie"):
    """A state after n actions, and the seat that made each action."""
    s = games.load(game).new_game(seed=seed)
    actors = []
    for _ in range(n):
        actors.append(s.to_act())
        s.apply(s.legal_actions()[-1])
    return s, actors


def test_undo_takes_back_the_last_human_action_and_the_bot_moves_after_it():
    s, actors = play(40)
    last = max(i for i in range(40) if actors[i] == 0)
    got = saves.undo_last_human(s.save(), SEATS)
    assert got["actions"] == s.actions()[:last]
    back = games.restore(got)
    assert back.to_act() == 0
    assert back.legal_actions() == play(last)[0].legal_actions()
    again = saves.undo_last_human(got, SEATS)
    assert len(again["actions"]) < last
    assert games.restore(again).to_act() == 0


def test_undo_with_other_humans_and_nothing_to_undo():
    s, actors = play(12)
    seats = ["bot", "bot", "human", "bot"]
    last = max(i for i in range(12) if actors[i] == 2)
    assert saves.undo_last_human(s.save(), seats)["actions"] == s.actions()[:last]
    assert saves.undo_last_human(s.save(), ["bot"] * 4) is None
    assert saves.undo_last_human(play(0)[0].save(), SEATS) is None


def test_undo_does_not_change_the_save_it_was_given_and_persists(tmp_path):
    s, _ = play(30)
    save = s.save()
    copy = list(save["actions"])
    got = saves.undo_last_human(save, SEATS)
    assert save["actions"] == copy
    store = saves.Store(str(tmp_path), True)
    rec = {"save": got, "seats": SEATS, "levels": [0, 2, 2, 2], "names": ["a", "b", "c", "d"]}
    assert store.save_game(rec) is None
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == rec
    assert fresh.state.actions() == got["actions"]
