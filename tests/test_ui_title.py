"""The title and the menus it opens, without a display: Continue only with a
saved game, settings, statistics, rules and about, and the small texts and
helpers those screens use (ui.screens.title, ui.screens.settings, ui.screens.info,
ui.screens.common, ui.screen; virtual time via ui.driver)."""
import pytest

from hal import keys as K
from ui import fmt
from ui.screens import standings
from ui.nostore import NoStore
from ui.screens.common import LEVEL_NAMES, rules_text
from ui.screen import wrap

from engine.catalog import ids

from uilogic import choose_menu, human_turn, name, new_app, start, until


def test_wrap_keeps_words_and_splits_long_ones():
    assert wrap("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert wrap("one\ntwo", 10) == ["one", "two"]


def test_card_and_score_texts():
    assert fmt.card(51) == "A\u2660" and fmt.card(8) == "10\u2663" and fmt.card(13) == "2\u2666"
    assert fmt.action(204) == "No Trumps" and fmt.action(400) == "Pass"
    assert fmt.action(300 + 5 * 6 + 3) == "6 \u2660"
    assert fmt.score(-15, 10) == "-1.5" and fmt.score(123, 1) == "123"


def test_unknown_keys_are_ignored():
    app, d = new_app()
    before = (name(app), app.top().cursor)
    for k in (99, -3, 8, "A", None, 3.5):
        app.key(k)
    assert (name(app), app.top().cursor) == before


def test_title_offers_continue_only_with_a_saved_game():
    store = NoStore()
    app, d = new_app(store)
    assert app.top().lines == ["New game", "Link play", "Settings", "Statistics", "Rules",
                               "About"]
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=9)
    until(d, lambda: human_turn(t))
    bid = t.options[t.pick]
    d.press(K.A)                      # the human's bid: autosaved
    saved = store.game["save"]["actions"]
    assert saved[-1] == bid and t.state().save()["actions"][:len(saved)] == saved
    until(d, lambda: human_turn(t))
    actions = t.state().save()["actions"]
    app2, d2 = new_app(store)
    assert app2.top().lines[0] == "Continue Nommie"
    d2.press(K.A)
    t2 = app2.top()
    assert name(app2) == "Table"
    d2.settle()                       # bots replay their moves exactly
    assert t2.state().save()["actions"] == actions


def test_settings_change_and_are_saved():
    store = NoStore()
    app, d = new_app(store)
    choose_menu(d, app, "Settings")
    before = dict(app.settings)
    d.press(K.RIGHT)                 # speed
    d.press(K.DOWN)
    d.press(K.A)                     # autoplay
    d.press(K.B)
    assert store.settings["speed"] != before["speed"]
    assert store.settings["autoplay"] == (not before["autoplay"])
    assert name(app) == "Title"


@pytest.mark.parametrize("gid", ids())
def test_rules_text_exists_for_every_game(gid):
    text = rules_text(gid)
    assert len(text) > 400 and "missing" not in text
    app, d = new_app()
    choose_menu(d, app, "Rules")
    choose_menu(d, app, {"nommie": "Nommie", "linger": "Linger", "nines": "Nines",
                         "callbreak": "Call Break", "israeli": "Israeli"}[gid])
    top = app.top()
    assert len(top.lines) > 8 and max(len(x) for x in top.lines) <= app.cols
    d.press(K.DOWN)
    assert top.first == 1
    d.press(K.B)
    assert name(app) == "RulesMenu"


def test_about_and_statistics():
    store = NoStore()
    store.record_result("nines", [2, 2], [(True, -1)])
    app, d = new_app(store)
    choose_menu(d, app, "About")
    text = " ".join(app.top().lines)
    assert "Pocket Tricks" in text and "Board: test" in text and "Memory" in text
    d.press(K.B)
    choose_menu(d, app, "Statistics")
    lines = app.top().lines
    assert lines[0].split() == ["Game", "Pld", "Won", "Best"]
    assert lines[1].split() == ["Nines", "1", "1", "-1"]
    assert ["normal", "1", "1"] in [ln.split() for ln in lines]


def test_statistics_table_columns_line_up():
    store = NoStore()
    for gid, levels, won, score in (("nommie", {"bots": [3, 3, 2], "hinted": True}, True, 212),
                                    ("callbreak", [1, 1, 1], False, -125),
                                    ("nommie", [2, 2, 2], False, 180),
                                    ("israeli", {"bots": [0], "hinted": False}, True, 45)):
        store.record_result(gid, levels, [(won, score)])
    assert store.stats["nommie"]["hinted"] == 1 and "hinted" not in store.stats["israeli"]
    for size in ((160, 128), (240, 135)):
        app, d = new_app(store, *size)
        choose_menu(d, app, "Statistics")
        lines = app.top().lines
        assert max(len(x) for x in lines) <= app.cols - 1
        w = lines[0].index(" Pld")           # the names' column, as wide as fits
        hinted = [i for i in range(len(lines)) if lines[i].startswith("Hinted ")][0]
        assert lines[hinted][w:].split() == ["Pld"]
        rows = dict((ln[:w].strip(), ln[w:].split()) for ln in lines[:hinted] if ln)
        assert rows["Nommie"] == ["2", "1", "212"] and rows["Call Break"] == ["1", "0", "-12.5"]
        assert rows["hard"] == ["1", "1"] and rows["random"] == ["1", "1"]
        assert rows["Israeli Whist" if size[0] == 240 else "Israeli"] == ["1", "1", "45"]
        assert lines[hinted + 1].split() == ["Nommie", "1"]
    assert [g for g in ids() if standings.low_wins(g)] == ["nines"]


def test_rare_screens_leave_memory_when_closed():
    import sys
    lazy = ["ui.screens." + m for m in ("title", "newgame", "settings", "info", "pause", "between",
                                        "sheet", "sheet_page", "played", "common")]
    lazy += ["ui.draw.glyphs", "ui.nostore", "hal.pick"]
    from engine.ondemand import forget
    for m in lazy:                                 # left over by earlier tests' apps
        forget(m)
    app, d = new_app()
    for label in ("Settings", "Statistics", "Rules", "About"):
        choose_menu(d, app, label)
        d.keys([K.B, K.B] if label == "Rules" else [K.B])
        assert name(app) == "Title"
        gone = ("ui.screens.settings", "ui.screens.info")
        assert not [m for m in gone if m in sys.modules], label
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    d.keys([K.START, K.B, K.SELECT, K.B])
    assert app.top() is t
    assert not [m for m in lazy if m in sys.modules and m != "ui.nostore"]
    d.keys([K.SELECT, K.RIGHT, K.RIGHT, K.LEFT, K.LEFT, K.LEFT, K.B])  # the tricks, what is out
    assert app.top() is t
    assert not [m for m in lazy if m in sys.modules and m != "ui.nostore"]


def test_settings_speed_goes_slow_normal_fast_and_levels_have_names():
    app, d = new_app(NoStore())
    choose_menu(d, app, "Settings")
    top = app.top()
    assert top.lines[0].endswith("< Normal >") and top.lines[3].endswith("< hard  ")
    seen = []
    for k in [K.LEFT, K.LEFT, K.RIGHT, K.RIGHT, K.RIGHT]:
        d.press(k)
        seen.append(top.lines[0][10:].strip(" <>"))
    assert seen == ["Slow", "Slow", "Normal", "Fast", "Fast"]     # L/R stop at the ends
    d.press(K.A)
    assert top.lines[0].endswith("  Slow >")                      # A goes round
    top.cursor = 3
    seen = []
    for k in [K.RIGHT, K.RIGHT, K.LEFT, K.LEFT, K.LEFT, K.LEFT]:
        d.press(k)
        seen.append(top.lines[3][10:].strip(" <>"))
    assert seen == ["hard", "hard", "normal", "easy", "random", "random"]


def test_settings_show_an_arrow_only_where_left_or_right_moves():
    # Speed and level stop at their ends (LEFT/RIGHT): no arrow points past
    # one; the on/off rows go either way, so both arrows stay.
    app, d = new_app(NoStore())
    choose_menu(d, app, "Settings")
    top = app.top()
    ends = {0: ("  Slow >", "< Normal >", "< Fast  "), 3: ("  random >", "< easy >", "< hard  ")}
    for i in ends:
        top.cursor = i
        for _ in range(4):
            d.press(K.LEFT)
        got = [top.lines[i]]
        for _ in range(len(LEVEL_NAMES) + 1):
            d.press(K.RIGHT)
            got.append(top.lines[i])
        assert got[0].endswith(ends[i][0]) and got[1].endswith(ends[i][1])
        assert got[-1].endswith(ends[i][2]) and got[-2].endswith(ends[i][2])
    assert top.lines[2].endswith(" >") and "< " in top.lines[2]   # Sound: On/Off either way


def test_statistics_show_no_best_score_for_a_game_without_points():
    from ui.screens.info import stats_lines
    store = NoStore()
    store.record_result("linger", {"bots": [2]}, [(True, 0)])
    store.record_result("nines", {"bots": [2]}, [(False, 3)])
    lines = stats_lines(store, 26)
    row = [ln for ln in lines if ln.startswith("Linger")][0]
    assert row.split()[-3:] == ["1", "1", "-"]
    assert [ln for ln in lines if ln.startswith("Nines")][0].split()[-1] == "3"
