"""Settings (settings.toml defaults under settings.json) and statistics."""
import os

from ui import prefs, saves

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_parse_toml_reads_ints_strings_and_skips_the_rest():
    got = prefs.parse_toml('# c\nA = 3\nB = "x, y" # note\n[table]\nC = true\nD = nonsense\n'
                           'E=-2 # why\nbroken line\nF = "unterminated\n')
    assert got == {"A": 3, "B": "x, y", "C": True, "E": -2}


def test_the_shipped_settings_toml_gives_the_documented_defaults():
    with open(os.path.join(ROOT, "settings.toml")) as f:
        table = prefs.parse_toml(f.read())
    for name in prefs.DEFAULTS:
        default, key = prefs.DEFAULTS[name]
        if key:
            assert key in table, key
    assert table["POCKET_TRICKS_BOT_LEVEL"] == 3
    got = saves.Store("/nonexistent", False).load_settings()
    assert got["bot_level"] == 3 and got["autoplay"] is True
    assert got["names"] == ["You", "Ann", "Bob", "Cy", "Dee"]
    assert got["last_setup"] is None


def test_user_toml_overrides_and_bad_values_are_ignored(tmp_path):
    toml = tmp_path / "settings.toml"
    toml.write_text('POCKET_TRICKS_BOT_LEVEL = 3\nPOCKET_TRICKS_SPEED = 99\n'
                    'POCKET_TRICKS_SOUND = 0\nPOCKET_TRICKS_NAMES = " Me , Zed,,Q"\n')
    got = saves.Store(str(tmp_path), True, toml=str(toml)).load_settings()
    assert got["bot_level"] == 3 and got["speed"] == 2 and got["sound"] is False
    assert got["names"] == ["Me", "Zed", "Q"]


def test_circuitpython_reads_defaults_with_getenv(monkeypatch, tmp_path):
    env = {"POCKET_TRICKS_BOT_LEVEL": 1, "POCKET_TRICKS_AUTOPLAY": 0}
    monkeypatch.setattr(prefs, "_CP", True)
    monkeypatch.setattr(prefs.os, "getenv", env.get)
    got = saves.Store(str(tmp_path), True).load_settings()
    assert got["bot_level"] == 1 and got["autoplay"] is False and got["speed"] == 2


def test_settings_round_trip_over_the_defaults(tmp_path):
    store = saves.Store(str(tmp_path), True)
    s = store.load_settings()
    s["speed"], s["sound"], s["names"] = 3, False, ["Ada", "B", "C", "D"]
    s["last_setup"] = {"game": "nines", "players": 4, "seats": ["human", "bot", "bot", "bot"]}
    assert store.save_settings(s) is None
    assert saves.Store(str(tmp_path), True).load_settings() == s
    assert saves.Store(str(tmp_path), True).notice is None


def test_a_list_setting_keeps_only_a_list_of_names():
    # the names and the games learned are lists of words; anything else in a
    # settings file falls back to the default
    assert prefs.fix("learned", ["nines", "israeli"], []) == ["nines", "israeli"]
    assert prefs.fix("learned", ["nines", 3], []) == []
    assert prefs.fix("learned", "nines", []) == []
    assert prefs.fix("names", ["Ann", "Bob"], None) == ["Ann", "Bob"]
    assert prefs.fix("names", [], None) is None and prefs.fix("names", [1], None) is None


def test_statistics_per_game_and_bot_level_with_best_scores(tmp_path):
    store = saves.Store(str(tmp_path), True)
    assert store.load_stats() == {}
    assert store.record_result("nommie", [2, 2, 2], [(True, 40)]) is None
    assert store.record_result("nommie", [1, 3, 2], [(False, 55)]) is None
    assert store.record_result("nommie", [2, 2, 2], [(False, 12)]) is None
    assert store.record_result("nines", [1], [(True, -3)]) is None
    assert store.record_result("nines", [1], [(False, 4)]) is None
    got = saves.Store(str(tmp_path), True).load_stats()
    assert got["nommie"]["played"] == 3 and got["nommie"]["won"] == 1
    assert got["nommie"]["best"] == 55
    assert got["nommie"]["levels"] == {"2": [2, 1], "3": [1, 0]}
    assert got["nines"]["best"] == -3  # lowest score wins at Nines
    assert got["nines"]["levels"] == {"1": [2, 1]}


def test_the_names_setting_names_the_seats_at_a_new_table(tmp_path):
    # POCKET_TRICKS_NAMES in settings.toml: yours first, then the bots in seat order
    from ui.app import App
    from ui.screens.common import quick_start
    toml = tmp_path / "settings.toml"
    toml.write_text('POCKET_TRICKS_NAMES = "Mara,Zedekiah,Q"\n')
    app = App(160, 128, saves.Store(str(tmp_path), True, toml=str(toml)), "test", lambda: 7)
    app.start()
    quick_start(app, "nommie", 3)
    # at most 5 letters on screen; past the list's end the built-in bot names
    assert app.stack[0].session.names == ["Mara", "Zedek", "Q", "Ann"]


def test_the_default_bot_level_is_hard_everywhere_and_settings_say_what_each_does():
    # level 2 loses to a careful player in Nommie, so new tables default to 3
    from ui.screens import settings
    assert prefs.DEFAULTS["bot_level"][0] == prefs.with_defaults({})["bot_level"] == 3
    assert settings.values(prefs.with_defaults({}))[3] == "hard"
    assert settings.values(prefs.with_defaults({"bot_level": 2}))[3] == "normal"
    s = prefs.with_defaults({})
    settings.change_setting(s, 3, 1)
    assert s["bot_level"] == 0          # 3 -> 0: round from the default
    from hal import keys as K
    from ui.app import App
    from ui.nostore import NoStore
    a = App(160, 128, NoStore(), "test", lambda: 7)
    a.start()
    a.push(settings.Settings())
    top = a.top()
    top.cursor = 2
    top.key(K.DOWN)                     # on the bot level's row the footer says what it does
    assert top.footer == "Hard: plays guesses out"
    top.key(K.RIGHT)                    # (LEFT/RIGHT stop at the ends)
    top.key(K.LEFT)
    assert top.footer == "Normal: counts the cards"
