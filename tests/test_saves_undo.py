"""Undo by replay: taking back the last human decision (and the bot moves after
it), in place, from the state's log of action codes (no list of all actions).
undo.last_human returns None when done, else the sentence why not."""

from engine import games
from ui import saves, undo

SEATS = ["human", "bot", "bot", "bot"]


def play(n, seed=4, game="nommie", forced=None):
    """A state after n actions, and the seat that made each action (forced: a
    list that gets, per action, whether it was the only legal one)."""
    s = games.new_game(game, seed=seed)
    actors = []
    for _ in range(n):
        actors.append(s.to_act())
        if forced is not None:
            forced.append(len(s.legal_actions()) == 1)
        s.apply(s.legal_actions()[-1])
    return s, actors


def test_undo_takes_back_the_last_human_action_and_the_bot_moves_after_it():
    forced = []
    s, actors = play(40, forced=forced)
    full = bytes(s.log)
    last = max(i for i in range(40) if actors[i] == 0 and not forced[i])
    assert undo.last_human(s, SEATS) is None
    assert bytes(s.log) == full[:last]
    assert s.to_act() == 0
    assert s.legal_actions() == play(last)[0].legal_actions()
    assert s.view(None) == play(last)[0].view(None)
    assert undo.last_human(s, SEATS) is None
    assert len(s.log) < last and s.to_act() == 0


def test_undo_with_other_humans_and_nothing_to_undo():
    s, actors = play(12)
    full = bytes(s.log)
    seats = ["bot", "bot", "human", "bot"]
    last = max(i for i in range(12) if actors[i] == 2)
    assert undo.last_human(s, ["bot"] * 4) == "Nothing to take back."
    assert bytes(s.log) == full and s.view(None) == play(12)[0].view(None)
    assert undo.last_human(s, seats) is None
    assert bytes(s.log) == full[:last]
    assert undo.last_human(play(0)[0], SEATS) == "Nothing to take back."


def test_rewind_replays_the_codes_without_the_tail():
    s, _ = play(30)
    full = bytes(s.log)
    s.rewind(7)
    assert bytes(s.log) == full[:23] and s.view(None) == play(23)[0].view(None)
    s.rewind(100)
    assert len(s.log) == 0 and s.view(None) == play(0)[0].view(None)


def test_an_undo_is_saved_as_a_short_record_and_persists(tmp_path):
    s = games.new_game("nommie", seed=4)
    store = saves.Store(str(tmp_path), True)

    def rec():
        return {"save": s.save(False), "log": s.log, "seats": SEATS, "levels": [0, 2, 2, 2],
                "names": ["a", "b", "c", "d"]}
    for _ in range(30):  # autosaved after every action
        s.apply(s.legal_actions()[-1])
        assert store.save_game(rec()) is None
    lines = (tmp_path / "game.log").read_bytes().count(b"\n")
    assert undo.last_human(s, SEATS) is None
    assert store.save_game(rec()) is None
    data = (tmp_path / "game.log").read_bytes()
    assert data.count(b"\n") == lines + 1  # appended: one line, "c<n> " cutting the log
    assert data.split(b"\n")[-2][:-7] == b"c%d " % len(s.log)
    fresh = saves.Store(str(tmp_path), True)
    got, state = fresh.load_game()
    assert got["log"] == s.log and state.view(None) == s.view(None)
