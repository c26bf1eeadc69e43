"""The on-screen keyboard (ui/screens/keyboard.py): typing, erasing, cancelling,
taking the text, its limits and a refused text, drawn by the real views at
160x128 and 240x135 (every frame checked for text that does not fit:
tests/test_ui_harness.py's Rig); your name typed in Settings, saved and used
at the table and in link play; the console's settings set it too.
Screenshots go to build/ui/<size>/keyboard_*.png."""
import pytest

from hal import keys as K
from ui.screens import keyboard, naming
from ui import seating
from ui.screens.keyboard import Keyboard, key_row

from test_ui_harness import Rig

SIZES = [(160, 128), (240, 135)]


def open_keyboard(w=160, h=128, text="", keys="abc123", most=5, check=None):
    r = Rig(w, h).start()
    got = []
    kb = Keyboard("Type", text, keys, most, got.append, check)
    r.app.push(kb)
    r.draw()
    return r, kb, got


def test_key_rows_bracket_the_cursors_key():
    assert key_row("abc", -1) == " a b c"
    assert key_row("abc", 0) == "[a]b c"
    assert key_row("abc", 1) == " a[b]c"
    assert key_row("abc", 2) == " a b[c]"
    assert key_row(("Del", "OK"), 1) == " Del[OK]"


def test_typing_erasing_and_taking_the_text():
    r, kb, got = open_keyboard()
    r.keys("A RIGHT A RIGHT RIGHT RIGHT A")       # a, b, 2
    assert kb.text == "ab2" and kb.lines[0] == " ab2_"
    assert kb.cursor == 1 and kb.lines[1] == " a b c 1[2]3"
    r.keys("B")
    assert kb.text == "ab"
    r.keys("START")
    assert got == ["ab"] and r.top() is not kb


def test_del_and_ok_keys_on_the_grid():
    r, kb, got = open_keyboard(text="ca")
    r.keys("UP")                                # wraps to the last row: Del OK
    assert kb.lines[-1] == "[Del]OK" and kb.cursor == len(kb.lines) - 1
    r.keys("A")
    assert kb.text == "c"
    r.keys("RIGHT")
    assert kb.lines[-1] == " Del[OK]"
    r.keys("A")
    assert got == ["c"]


def test_b_on_an_empty_text_cancels():
    r, kb, got = open_keyboard(text="a")
    r.keys("B")
    assert r.top() is kb and kb.text == ""
    r.keys("B")
    assert r.top() is not kb and got == []


def test_the_length_limit_and_the_allowed_keys():
    r, kb, got = open_keyboard(text="a!b?c1d2", most=4)   # only allowed keys are kept
    assert kb.text == "abc1"
    r.keys("A")
    assert kb.text == "abc1" and kb.footer == "4 characters at most"
    r.keys("B")
    assert kb.text == "abc" and kb.footer == keyboard.FOOTER


def test_cursor_moves_wrap_and_keep_inside_a_shorter_row():
    r, kb, got = open_keyboard(keys="abcdefghijklmnopqrstuvwxyz")   # 12 a row at 160 px
    assert kb.grid()[:3] == ["abcdefghijkl", "mnopqrstuvwx", "yz"]
    r.keys("LEFT")
    assert (kb.row, kb.col) == (0, 11)
    r.keys("DOWN DOWN")
    assert (kb.row, kb.col) == (2, 1)           # "z": the last of its row
    r.keys("A DOWN A")                          # z, then Del (the column kept at 1: OK)
    assert got == ["z"]


def test_a_refused_text_is_explained_and_kept():
    r, kb, got = open_keyboard(text="ab", check=lambda t: "No good: %s" % t if t == "ab"
                               else None)
    r.keys("START")
    assert r.top() is kb and kb.cursor == -1 and "No good: ab" in kb.lines
    assert kb.footer == "Any key: change it"
    r.keys("A")                                 # back to typing: the key does nothing else
    assert kb.text == "ab" and kb.cursor == 1 and kb.why is None
    r.keys("B START")
    assert got == ["a"]


def test_a_long_text_shows_its_end():
    r, kb, got = open_keyboard(text="a" * 30 + "b", keys="ab", most=60)
    assert len(kb.lines[0]) == r.app.cols - 1
    assert kb.lines[0].startswith(" <") and kb.lines[0].endswith("ab_")


@pytest.mark.parametrize("w,h", SIZES)
def test_the_keyboard_fits_both_screens(w, h):
    # the names' keys and the addresses': every row on the screen at once
    from ui.link.address import KEYS as ADDRESS_KEYS, MOST as ADDRESS_MOST
    for name, keys, most, text in (("name", naming.KEYS, naming.MOST, "Ann"),
                                   ("address", ADDRESS_KEYS, ADDRESS_MOST, "192.168.1.20")):
        r, kb, got = open_keyboard(w, h, text, keys, most)
        assert len(kb.lines) <= r.app.rows - 2
        assert "".join(kb.grid()[:-1]) == keys
        assert max(len(x) for x in kb.lines) <= r.app.cols - 1
        r.keys("DOWN RIGHT RIGHT")
        lv = r.screen.list_view
        assert lv.row_texts()[:len(kb.lines)] == kb.lines and lv.footer.text == kb.footer
        r.shot("keyboard_" + name)
        kb.why = "The port in 1.2.3.4:99999 must be a number from 1 to 65535."
        kb.refresh()
        r.draw()
        assert max(len(x) for x in kb.lines) <= r.app.cols - 1
        r.shot("keyboard_%s_refused" % name)


def test_the_keyboard_leaves_memory_when_it_closes():
    import sys
    from engine import ondemand
    r = Rig().start()
    r.app.push(ondemand.load("ui.screens.keyboard").Keyboard("Type", "", "ab", 3, lambda t: None))
    assert "ui.screens.keyboard" in sys.modules
    r.keys("B")
    assert "ui.screens.keyboard" not in sys.modules


# --- your name ----------------------------------------------------------------

def to_row(r, label):
    top = r.top()
    while not top.lines[top.cursor].startswith(label):
        r.press(K.DOWN)


@pytest.mark.parametrize("w,h", SIZES)
def test_settings_types_your_name_saves_it_and_the_table_uses_it(w, h, tmp_path):
    from ui.saves import Store
    r = Rig(w, h, store=Store(str(tmp_path), True)).start()
    to_row(r, "Settings")
    r.press(K.A)
    to_row(r, "Name")
    assert r.top().lines[r.top().cursor] == "Name        You"
    assert r.top().footer == "A: type your name"
    r.press(K.A)
    kb = r.top()
    assert type(kb).__name__ == "Keyboard" and kb.text == "You" and kb.title == "Your name"
    r.keys("B B B")                             # erased
    r.keys("A")                                 # "A"
    n = [i for i in range(len(kb.grid())) if "n" in kb.grid()[i]][0]
    r.keys("DOWN " * n + "RIGHT " * kb.grid()[n].index("n") + "A A")    # "n" twice
    r.shot("keyboard_your_name")
    r.keys("START")
    settings = r.top()
    assert type(settings).__name__ == "Settings"
    assert settings.lines[settings.cursor].endswith("Ann")
    r.keys("B")                                 # leaving Settings saves them
    saved = Store(str(tmp_path), True).load_settings()
    assert saved["names"] == ["Ann", "Ann", "Bob", "Cy", "Dee"]   # the bots' names kept
    # a new table: your seat has your name, and no bot takes it
    to_row(r, "New game")
    r.press(K.A)
    assert r.top().lines[2].startswith("Ann ") and r.top().lines[3].startswith("Bob ")
    r.press(K.A)                                # A starts the game from any row
    t = r.table()
    assert t.session.names == ["Ann", "Bob", "Cy", "Dee"]


def test_an_empty_name_is_you_again_and_the_bots_names_stay():
    from ui.screens.naming import set_name
    s = {"names": ["Zed", "Ann", "Bob"]}
    set_name(s, "Al")
    assert s["names"] == ["Al", "Ann", "Bob"]
    set_name(s, "")
    assert s["names"] == ["You", "Ann", "Bob"]
    s = {"names": None}
    set_name(s, "Bo")
    assert s["names"] == ["Bo"]
    assert seating.default_names(["human", "bot", "bot"], s["names"]) == ["Bo", "Ann", "Bob"]
    # a bot never has your name (nor a name a bot before it has)
    assert seating.default_names(["bot", "human", "bot", "bot"], ["Bob", "Ann", "Bob"]) == [
        "Ann", "Bob", "Cy", "Dee"]


def test_the_name_limit_is_link_plays_and_the_tables():
    from ui.link import proto as link_proto
    assert naming.MOST == link_proto.NAME_CHARS
    assert len(naming.KEYS.encode()) == len(naming.KEYS)   # one byte each
    assert naming.MOST <= link_proto.NAME_BYTES
    assert seating.default_names(["human"], ["Abcdefgh"]) == ["Abcdefgh"[:naming.MOST]]
    assert naming.mine({"names": ["Abcdefgh"]}) == "Abcde" and naming.mine({}) == "You"
    assert naming.why_not("Ann") is None and naming.why_not("") is None
    assert naming.why_not("Annabel") and naming.why_not("A!")


def test_link_play_names_your_seat_after_the_setting():
    from ui.app import App
    from ui.link.lobby import my_name
    app = App()
    assert my_name(app) is None                 # "You": the host's seat stays "Host"
    app.settings["names"] = ["Ann", "Bob"]
    assert my_name(app) == "Ann"
    app.opts = {"name": "Cyd"}                  # the desktop's --name wins
    assert my_name(app) == "Cyd"
    # the text console's joiner (ui/console/link.py) asks the same
    assert naming.link_name({"names": ["Ann"]}, None) == "Ann"
    assert naming.link_name({"names": ["You", "Ann"]}, None) is None
    assert naming.link_name({}, "Cyd") == "Cyd"


def test_the_console_sets_your_name_too(tmp_path):
    from ui.saves import Store
    from test_console import run_console
    store = Store(str(tmp_path), True)
    con, t, out = run_console(["s", "9 Ann", "9 Annabel", "9 A!", "", "q"], store)
    assert "  9  Name       You       yours at the table and in link play: 9 Ann (9 alone: " \
        "You)" in out
    assert "Name: Ann" in out
    assert out.count("! A name is up to 5 letters, digits, '-' or '.', like '9 Ann'.") == 2
    again = Store(str(tmp_path), True).load_settings()
    assert again["names"][0] == "Ann"
    con, t, out = run_console(["s", "9", "", "q"], store)
    assert "Name: You" in out
