"""The game in a real browser: dist/web/ (tools/web/build.py, make web) served
on 127.0.0.1 and driven in headless Chromium (tools/web/browser.py). The
page must play as the desktop does, draw what it draws pixel for pixel,
keep a game across a reload, hide every hand behind pass-and-play's
curtain and log no error. Without Chromium these tests skip and say how to
install it (.ci/run installs it)."""
import json
import os

import pytest

from tools.web import browser, build, reference

WHY = browser.missing()
pytestmark = [pytest.mark.skipif(WHY is not None, reason=WHY or ""),
              pytest.mark.timeout(300)]

SIZES = ("160x128", "240x135")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("web"))
    build.build(out)
    return out


@pytest.fixture(scope="module")
def page(folder):
    with browser.Page(folder) as p:
        yield p


@pytest.fixture
def fresh(page):
    """The page with nothing stored, tips off and level-0 bots (quick games),
    and at the end of the test no error or warning in its console."""
    clean(page)
    yield page
    assert page.console_errors() == []
    assert page.js("return pt.errors") == []


def clean(page):
    """Nothing stored but the tests' settings (tips off, level-0 bots)."""
    page.open("", clear=True)
    page.js("pt.py(arguments[0])", SETTINGS)


SETTINGS = ("from ui.saves import Store\n"
            "s = Store('/saves', True)\n"
            "v = s.load_settings()\n"
            "v.update(bot_level=0, tips=False)\n"
            "s.save_settings(v)\n")


def desktop(tmp_path, game, keys, size="160x128", until=None, deal=4242):
    d = str(tmp_path / ("desk%d" % len(os.listdir(str(tmp_path)))))
    os.makedirs(d)
    reference.settings(d, bot_level=0, tips=False)
    return reference.desktop(game, deal, keys, size, d, until)


def same_pixels(a, b):
    from PIL import ImageChops
    assert a.size == b.size
    box = ImageChops.difference(a, b).getbbox()
    return box is None, box


@pytest.mark.parametrize("size", SIZES)
def test_the_title_is_the_desktops_pixel_for_pixel(page, tmp_path, size):
    page.open("?size=" + size, clear=True)
    want, _, _ = desktop(tmp_path, None, "", size, deal=None)
    same, box = same_pixels(page.frame(), want)
    assert same, "the title differs from the desktop's in %s" % (box,)
    assert page.console_errors() == []


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_game_by_keys_plays_and_looks_as_on_the_desktop(fresh, tmp_path, size):
    # Call Break, deal 4242: mid-trick, the score sheet, on to game over; at
    # each point the same moves (checksum) and the same pixels as CPython's
    keys = "A A RIGHT A A"
    fresh.open("?game=callbreak&deal=4242&size=" + size)
    fresh.script(keys)
    want, figures, _ = desktop(tmp_path, "callbreak", keys, size)
    assert fresh.game() == figures and figures["top"] == "Table"
    same, box = same_pixels(fresh.frame(), want)
    assert same, "mid-trick frame differs in %s" % (box,)

    sheet = "START DOWN DOWN DOWN A"        # (Undo my move is the third item now)
    fresh.script(sheet)
    want, figures, _ = desktop(tmp_path, "callbreak", keys + " " + sheet, size)
    assert figures["top"] == "ScoreSheet" and fresh.game() == figures
    same, box = same_pixels(fresh.frame(), want)
    assert same, "score sheet differs in %s" % (box,)

    back = "B B"
    rest = " ".join(["A"] * 200)
    want, figures, pressed = desktop(tmp_path, "callbreak", " ".join((keys, sheet, back, rest)),
                                     size, until="GameOver")
    assert figures["top"] == "GameOver" and figures["over"]
    fresh.script(back + " " + pressed[len(" ".join((keys, sheet, back))) + 1:])
    assert fresh.game() == figures
    same, box = same_pixels(fresh.frame(), want)
    assert same, "game over differs in %s" % (box,)
    link = fresh.js("return document.querySelector('#link a').href")
    assert link.endswith("?game=callbreak&deal=4242&size=" + size)


@pytest.mark.parametrize("size", SIZES)
def test_pass_and_play_curtain_hides_every_hand(fresh, tmp_path, size):
    # seat 2 made human from the pause menu (A closes the first game's bid
    # tip; Seats is the menu's sixth row): before its turn the curtain
    # covers the table, and no card face shows on it
    keys = "A START DOWN DOWN DOWN DOWN DOWN A DOWN LEFT B B " + " ".join(["A"] * 30)
    want, figures, pressed = desktop(tmp_path, "callbreak", keys, size, until="Curtain")
    assert figures["top"] == "Curtain"
    fresh.open("?game=callbreak&deal=4242&size=" + size)
    fresh.script(pressed)
    assert fresh.game() == figures
    same, box = same_pixels(fresh.frame(), want)
    assert same, "the curtain differs in %s" % (box,)
    assert fresh.js("return pt.run.faces()") == 0
    fresh.script("A")                          # P2's page of what they missed: no hand
    assert fresh.game()["top"] == "Curtain" and fresh.js("return pt.run.faces()") == 0
    fresh.script("A")                          # P2 has the console: their hand shows
    assert fresh.game()["top"] == "Table" and fresh.js("return pt.run.faces()") > 0


def test_a_reload_mid_game_offers_continue_and_finishes_it(fresh, tmp_path):
    fresh.open("?game=callbreak&deal=4242")
    fresh.script("A A RIGHT A A")
    before = fresh.game()
    fresh.reload()
    assert fresh.game()["top"] == "Title"
    rows = json.loads(fresh.js("return pt.run.rows()"))
    assert rows[1].startswith("Continue"), rows
    fresh.script("A")
    after = fresh.game()
    assert after["top"] == "Table" and after["checksum"] == before["checksum"]
    fresh.script(" ".join(["A"] * 200), until="GameOver")
    assert fresh.game()["over"] and fresh.game()["top"] == "GameOver"


def test_the_keyboard_and_the_on_screen_buttons_are_the_consoles_keys(fresh, tmp_path):
    # real events: the desktop's keys on the keyboard, the buttons under the
    # screen clicked; each screen as the desktop shows it after those keys
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    fresh.open("")
    ActionChains(fresh.driver).send_keys(Keys.ARROW_DOWN).perform()
    fresh.wait("pt.run.idle()")
    fresh.driver.find_element(By.CSS_SELECTOR, "[data-key=DOWN]").click()
    fresh.wait("pt.run.idle()")
    want, _, _ = desktop(tmp_path, None, "DOWN DOWN", deal=None)
    same, box = same_pixels(fresh.frame(), want)
    assert same, "after DOWN (keyboard) DOWN (button): differs in %s" % (box,)
    ActionChains(fresh.driver).send_keys("z").perform()
    fresh.wait("pt.run.idle()")
    assert json.loads(fresh.js("return pt.run.rows()"))[0] == "Settings"
    fresh.driver.find_element(By.CSS_SELECTOR, "[data-key=B]").click()
    fresh.wait("pt.run.idle()")
    assert json.loads(fresh.js("return pt.run.rows()"))[0] == "Pocket Tricks"
    touch(fresh, "[data-key=DOWN]")                # a finger on the phone's D-pad
    touch(fresh, "[data-key=A]")
    fresh.wait("pt.run.idle()")
    want, _, _ = desktop(tmp_path, None, "DOWN DOWN DOWN A", deal=None)
    same, box = same_pixels(fresh.frame(), want)
    assert same, "after touches on DOWN and A: differs in %s" % (box,)
    assert fresh.js("return pt.presses.length") == 6


def touch(page, selector):
    # a touch on the element's middle, through Chromium's own touch input
    r = page.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                "return [r.x + r.width / 2, r.y + r.height / 2];", selector)
    point = {"x": r[0], "y": r[1]}
    page.driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                                {"type": "touchStart", "touchPoints": [point]})
    page.driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                                {"type": "touchEnd", "touchPoints": []})


def test_a_damaged_settings_file_is_set_aside_and_said_so(fresh):
    # the browser's storage has the flash's guarantees: the saves code reads
    # it as it reads a drive, so a damaged file goes aside under its own name
    key = "pocket-tricks:/saves/settings.json"
    text = fresh.js("return localStorage.getItem(arguments[0])", key)
    assert text and text.startswith("PTSAVE")
    fresh.js("localStorage.setItem(arguments[0], arguments[1])", key,
             text.replace("bot_level", "bot_levex"))
    fresh.reload()
    rows = json.loads(fresh.js("return pt.run.rows()"))
    assert rows[0] == "Notice" and "damaged" in " ".join(rows), rows
    kept = fresh.js("return Object.keys(localStorage).filter(k => k.includes('settings.bad'))")
    assert kept, "the damaged file was not kept aside"
    assert fresh.js("return localStorage.getItem(arguments[0])", kept[0]).endswith(
        text.replace("bot_level", "bot_levex")[-20:])


def test_a_save_the_storage_refuses_leaves_the_previous_one(fresh):
    # a full store: the close of the new copy fails as on a full drive, and
    # what is stored is still the last whole save
    fresh.open("?game=callbreak&deal=4242")
    fresh.script("A A")
    key = "pocket-tricks:/saves/game.log"
    before = fresh.js("return localStorage.getItem(arguments[0])", key)
    assert before
    fresh.js("Storage.prototype._set = Storage.prototype.setItem;"
             "Storage.prototype.setItem = function () {"
             " throw new DOMException('full', 'QuotaExceededError'); };")
    fresh.script("RIGHT A A")
    assert fresh.js("return localStorage.getItem(arguments[0])", key) == before
    fresh.js("Storage.prototype.setItem = Storage.prototype._set;")
    fresh.reload()
    rows = json.loads(fresh.js("return pt.run.rows()"))
    assert rows[1].startswith("Continue"), rows


@pytest.mark.parametrize("game", ("nommie", "linger", "nines", "callbreak", "israeli"))
def test_every_game_plays_its_deal_as_on_the_desktop(fresh, tmp_path, game):
    # the address's game and deal, a dozen keys: the same moves and pixels
    keys = "A A RIGHT A A A RIGHT RIGHT A A A A"
    want, figures, pressed = desktop(tmp_path, game, keys, deal=77, until="GameOver")
    fresh.open("?game=%s&deal=77" % game)
    fresh.script(pressed, until="GameOver")
    assert fresh.game() == figures and figures["game"] == game and figures["actions"] > 0
    same, box = same_pixels(fresh.frame(), want)
    assert same, "%s differs in %s" % (game, box)


def test_the_pause_menu_shows_the_deal_link_beside_the_screen(fresh):
    fresh.open("?game=nines&deal=4242")
    assert fresh.js("return document.getElementById('link').hidden")
    fresh.script("START")
    assert not fresh.js("return document.getElementById('link').hidden")
    href = fresh.js("return document.querySelector('#link a').href")
    assert href.endswith("/?game=nines&deal=4242")
    fresh.script("B")
    assert fresh.js("return document.getElementById('link').hidden")


def test_sound_is_off_until_the_first_key_then_beeps(fresh):
    from selenium.webdriver.common.action_chains import ActionChains
    fresh.open("?game=callbreak&deal=4242")
    asked = fresh.js("return pt.sound")
    assert asked["asked"] > 0 and asked["played"] == 0      # "your turn": silent so far
    ActionChains(fresh.driver).send_keys("z").perform()      # a real key: sound may start
    fresh.wait("pt.run.idle()")
    fresh.wait("pt.sound.played > 0", timeout=30, what="a beep after the first key")


def test_a_held_arrow_button_repeats_as_a_held_arrow_key(fresh):
    import time
    fresh.open("")
    r = fresh.js("const r = document.querySelector('[data-key=DOWN]').getBoundingClientRect();"
                 "return [r.x + r.width / 2, r.y + r.height / 2];")
    fresh.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": "touchStart", "touchPoints": [{"x": r[0], "y": r[1]}]})
    time.sleep(0.8)                      # 350 ms, then one every 70 ms
    fresh.driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                                 {"type": "touchEnd", "touchPoints": []})
    presses = fresh.js("return pt.presses")
    assert len(presses) >= 3 and {p["key"] for p in presses} == {1}
    fresh.wait("pt.run.idle()")
    assert fresh.js("return pt.presses.length") == len(presses)   # none after letting go


def test_an_address_that_is_not_right_is_ignored_and_said_so(fresh):
    fresh.open("?game=chess&deal=0")
    rows = json.loads(fresh.js("return pt.run.rows()"))
    text = " ".join(rows)
    assert rows[0] == "Notice" and "no game 'chess'" in text and "deal must be" in text, rows
    fresh.script("A")
    assert json.loads(fresh.js("return pt.run.rows()"))[0] == "Pocket Tricks"


def test_a_second_tab_saving_is_said_in_the_first(fresh):
    # each tab has its own copy of the files: the first tab says so when the
    # second saves, rather than overwrite it unawares
    fresh.open("")
    first = fresh.driver.current_window_handle
    fresh.driver.switch_to.new_window("tab")
    try:
        fresh.driver.get(fresh.server.url + "?game=nines&deal=5")
        fresh.wait("window.pt && pt.ready")
        fresh.script("A A")
    finally:
        fresh.driver.close()
        fresh.driver.switch_to.window(first)
    fresh.wait("pt.otherTab === true", timeout=10, what="the first tab to hear of it")
    assert "another tab" in fresh.js("return document.getElementById('status').textContent")


def test_a_link_deals_the_same_cards_with_its_players_and_options(fresh):
    # a game's players and options that are not its defaults go in its link
    fresh.open("?game=linger&deal=77&players=3")
    assert fresh.game()["players"] == 3
    fresh.script("START")
    assert fresh.js("return document.querySelector('#link a').href").endswith(
        "/?game=linger&deal=77&players=3")
    clean(fresh)                               # (no saved game to ask about)
    fresh.open("?game=callbreak&deal=9&eight_wins=0")
    fresh.script("START")
    assert fresh.js("return document.querySelector('#link a').href").endswith(
        "/?game=callbreak&deal=9&eight_wins=0")
    clean(fresh)
    fresh.open("?game=nines&deal=9&start_score=99")
    rows = json.loads(fresh.js("return pt.run.rows()"))
    assert rows[0] == "Notice" and "start_score must be 1-20" in " ".join(rows)
