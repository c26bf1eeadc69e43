"""The text console's settings, statistics and rules pages: the same options
and texts as the title screen's, saved where the screen reads them, and bad
input changes nothing."""

from engine.catalog import ids
from ui.screens import info
from ui import saves
from ui.console.pages import COLS, rules_lines
from ui.screens.common import rules_text
from ui.nostore import NoStore
from ui.saves import Store

from test_console import run_console, setup_lines


def test_settings_change_and_are_saved_for_the_screen(tmp_path):
    store = Store(str(tmp_path), True)
    con, t, out = run_console(["s", "2", "4 3", "1", "6", "", "q"], store)
    assert "  2  Autoplay   On        your only playable card is played for you" in out
    assert "  6  Deck       2 colours the cards' colours" in out
    assert "Autoplay: Off" in out and "Bot level: hard" in out and "Speed: Fast" in out
    assert "Deck: 4 colours" in out
    assert "Bot level: hard\nHard: plays guesses out\n" in out   # (the screen's footer)
    again = Store(str(tmp_path), True).load_settings()   # what the screen's App loads
    assert again["autoplay"] is False and again["bot_level"] == 3 and again["speed"] == 3
    assert again["four_colours"] is True


def test_the_bot_level_set_on_the_page_is_the_next_games_default(tmp_path):
    store = Store(str(tmp_path), True)
    con, t, out = run_console(["s", "4 0", "", "1", "", "5", "quit"], store)
    assert "Seats: h = human, 0-3 = bot level [h 0 0 0]: " in t.prompts
    assert con.session.levels[1:] == [0, 0, 0]


def test_bad_settings_input_changes_nothing(tmp_path):
    store = Store(str(tmp_path), True)
    con, t, out = run_console(["s", "4 9", "2 1", "10", "0", "x", "1 2 3", "back", "q"], store)
    assert out.count("! A bot level is 0 to 3, like '4 2'.") == 1
    assert out.count("! Only the bot level and your name take a value ('4 2', '9 Ann'); type "
                     "2 alone to change Autoplay.") == 1
    assert out.count("! Type a number from 1 to 9, like '2', or Enter to go back.") == 4
    assert not (tmp_path / "settings.json").exists()


def test_settings_on_read_only_storage_say_so_and_still_apply(tmp_path):
    store = Store(str(tmp_path), False)
    con, t, out = run_console(["s", "4 1", "", "1", "", "5", "quit"], store)
    assert "Bot level: easy\n! " + saves.READ_ONLY in out
    assert not (tmp_path / "settings.json").exists()
    assert con.session.levels[1:] == [1, 1, 1]   # held while the console runs, as on the screen


def test_statistics_show_the_title_pages_table(tmp_path):
    store = Store(str(tmp_path), True)
    run_console(setup_lines("nommie", seats="h 0 0 0", deal="3"), store)  # a whole game
    con, t, out = run_console(["t", "q"], Store(str(tmp_path), True))
    lines = info.stats_lines(Store(str(tmp_path), True), 76)
    assert lines[0].startswith("Game") and lines[1].startswith("Nommie")
    assert "Statistics:\n" + "".join("  %s\n" % ln for ln in lines) in out
    con, t, out = run_console(["stats", "q"], NoStore())
    assert "Statistics:\n  No games finished yet.\n" in out


def test_statistics_name_the_bot_levels_as_the_settings_do():
    # "hard", as New game, Settings and Seats say (not "level 3"), on the
    # console's page as on the title's; a level this version does not know
    # keeps its key.
    store = NoStore()
    for levels in ([3, 3, 1], [0, 0, 0], [1, 2, 1]):
        store.record_result("nommie", {"bots": levels}, [(True, 200)])
    store.stats["nommie"]["levels"]["7"] = [1, 0]
    con, t, out = run_console(["t", "q"], store)
    rows = [ln.split() for ln in out.split("\n")]
    for level, name in ((0, "random"), (2, "normal"), (3, "hard")):
        assert [name, "1", "1"] in rows, name
    assert ["7", "1", "0"] in rows and "level" not in out.split("Bots")[1].split("Hinted")[0]


def test_rules_by_number_name_or_asked_and_in_a_game():
    con, t, out = run_console(["r 3", "r", "9", "", "r", "callbreak", "rules israeli", "q"])
    for gid in ("nines", "callbreak", "israeli"):
        assert "\n".join(rules_lines(gid)) in out
    assert "Rules of which game? (1-5, Enter: back) " in t.prompts
    assert "! Type a game's number from 1 to 5 (or its name, like nines), or Enter to go " \
        "back." in out
    assert out.count("NINES\n") == 1
    con, t, out = run_console(setup_lines("linger", seats="h 1 1 1") + ["rules", "quit"])
    assert "\n".join(rules_lines("linger")) in out


def test_rules_lines_fit_a_terminal_and_keep_every_word():
    for gid in ids():
        lines = rules_lines(gid)
        assert max(len(ln) for ln in lines) <= COLS
        assert " ".join(" ".join(lines).split()) == " ".join(rules_text(gid).split())


def test_help_at_the_menu_names_the_pages():
    con, t, out = run_console(["help", "q"])
    assert "s for settings, t for statistics, r for rules" in out
    assert "  s  settings    t  statistics    r  rules\n" in out


def test_statistics_keep_whole_words_of_long_game_names_in_the_width():
    store = NoStore()
    for gid in ("linger", "israeli", "callbreak"):
        store.record_result(gid, {"bots": [2, 2, 2], "hinted": False}, [(True, 12)])
    narrow = info.stats_lines(store, 25)                  # 160 px: 26 columns, less the bar
    assert [ln.split()[0] for ln in narrow[1:4]] == ["Linger", "Call", "Israeli"]
    assert "Linger Lon" not in " ".join(narrow)
    wide = info.stats_lines(store, 39)                    # 240 px
    assert wide[1].startswith("Linger Longer ") and wide[3].startswith("Israeli Whist ")
    for lines, cols in ((narrow, 25), (wide, 39)):
        assert max(len(ln) for ln in lines) <= cols
        head = lines[0]
        for row in lines[1:4]:   # the numbers stand under their headings
            assert row.rstrip()[-1] != " " and len(row) == len(head)


def test_help_works_on_the_pages_and_a_bad_rules_word_is_told():
    con, t, out = run_console(["s", "help", "", "r foo", "?", "", "r 6", "", "q"], NoStore())
    assert "A number steps its setting on" in out
    assert "! There is no game 'foo'." in out and "! There is no game '6'." in out
    assert "\nType a game's number from 1 to 5 (or its name" in out   # help: no "!"
    con, t, out = run_console(["r " + "x" * 200, "", "q"])
    assert "! There is no game '%s'." % ("x" * 16) in out
