"""Saves as the screens show them, without a display: save and quit, then
Continue (a fake store and the real one), a damaged save refused with a
message, a long notice on its own page, read-only storage in the footer, and
a new game that asks before it replaces the saved one (ui.screens.title, ui.screens.newgame,
ui.saves)."""
import pytest

from engine import IllegalAction
from hal import keys as K
from ui.app import App
from ui.nostore import NoStore
from ui.session import Session

from uilogic import choose_menu, human_turn, name, new_app, pause_item, start, until


def test_save_and_quit_then_continue():
    store = NoStore()
    app, d = new_app(store)
    t = start(app, "callbreak", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    d.press(K.A)
    until(d, lambda: human_turn(t))
    actions = t.state().save()["actions"]
    pause_item(d, app, "Save and quit")
    assert name(app) == "Title" and app.top().lines[0].startswith("Continue ")
    d.press(K.A)
    assert app.top().state().save()["actions"] == actions


def test_a_damaged_save_is_refused_with_a_message():
    store = NoStore()
    store.game = {"save": {"game": "nommie", "version": 1, "players": 4, "seed": 1,
                           "options": {}, "actions": [999]},
                  "seats": ["human", "bot", "bot", "bot"], "levels": [1, 1, 1, 1],
                  "names": ["a", "b", "c", "d"]}
    app, d = new_app(store)
    d.press(K.A)
    top = app.top()
    text = top.footer if name(app) == "Title" else " ".join(top.lines)
    assert "unusable" in text
    if name(app) != "Title":                   # a long notice: a page over the title
        assert top.title == "Notice"
        d.press(K.B)
    assert name(app) == "Title" and app.top().footer == "A: choose"
    with pytest.raises(IllegalAction):
        Session.from_record({"save": {"game": "nommie", "version": 1, "players": 4, "seed": 1,
                                      "options": {}, "actions": [999]}})


def test_continue_with_the_real_store(tmp_path):
    from ui import saves
    app, d = new_app(saves.Store(str(tmp_path), True))
    t = start(app, "nines", ["human", "bot", "bot"], seed=4)
    until(d, lambda: human_turn(t))
    d.press(K.A)
    until(d, lambda: human_turn(t))
    actions = t.state().save()["actions"]
    pause_item(d, app, "Save and quit")
    app2, d2 = new_app(saves.Store(str(tmp_path), True))
    assert app2.top().lines[0] == "Continue Nines"
    d2.press(K.A)
    t2 = app2.top()
    assert name(app2) == "Table" and t2.session.seats == ["human", "bot", "bot"]
    assert t2.state().save()["actions"] == actions


def _saved_nines(store):
    # A store holding a Nines game in progress; the app back at the title.
    app, d = new_app(store)
    t = start(app, "nines", ["human", "bot", "bot"], seed=5)
    until(d, lambda: human_turn(t))
    d.press(K.A)
    until(d, lambda: human_turn(t))
    t.autosave()
    app.home()
    assert app.top().lines[0] == "Continue Nines"
    log = store.load_game()[0]["log"]
    assert len(log) > 1
    return app, d, log


def test_a_new_game_asks_before_it_replaces_the_saved_one():
    store = NoStore()
    app, d, log = _saved_nines(store)
    choose_menu(d, app, "New game")
    assert name(app) == "Setup"
    d.press(K.A)                                   # start (from any row)
    assert name(app) == "Confirm"
    assert "The saved Nines game will be lost." in " ".join(app.top().lines)
    assert app.top().lines[app.top().cursor].strip() == "Keep it"   # the safe default
    d.press(K.A)
    assert name(app) == "Setup" and store.load_game()[0]["log"] == log
    d.press(K.A)
    d.press(K.B)                                   # B keeps it too
    assert name(app) == "Setup" and store.load_game()[0]["log"] == log
    d.press(K.A)
    d.press(K.UP)                                  # "Start new game"
    d.press(K.A)
    assert name(app) == "Table"
    assert store.load_game()[0]["save"]["game"] == app.top().session.game
    assert store.load_game()[0]["log"] != log


def test_without_a_saved_game_a_new_game_starts_at_once():
    app, d = new_app(NoStore())
    choose_menu(d, app, "New game")
    d.press(K.A)
    assert name(app) == "Table"


def test_game_from_the_command_line_asks_before_it_replaces_the_saved_game():
    from ui.screens.common import quick_start
    store = NoStore()
    app, d, log = _saved_nines(store)
    quick_start(app, "nommie")
    assert name(app) == "Confirm"
    d.press(K.B)                                   # keep it: the title, Continue Nines
    assert name(app) == "Title" and app.top().lines[0] == "Continue Nines"
    assert store.load_game()[0]["log"] == log
    quick_start(app, "nommie")
    d.press(K.UP)
    d.press(K.A)
    assert name(app) == "Table" and app.top().session.game == "nommie"


def test_a_long_notice_gets_a_page_and_read_only_storage_stays_in_the_footer(tmp_path):
    from ui import saves
    store = saves.Store(str(tmp_path), False)
    app = App(160, 128, store, "test", lambda: 7)
    app.start()
    page = app.top()
    assert page.title == "Notice" and " ".join(page.lines) == saves.READ_ONLY
    app.key(K.A)
    assert name(app) == "Title" and app.top().footer == "Read-only: no saves"
