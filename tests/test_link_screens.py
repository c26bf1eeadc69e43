"""Link play's screens drawn by the real views (tests/test_ui_harness.py's
Rig: every redrawn frame is checked for text that does not fit): the Link
play menu, hosting setup, the host's table waiting with its name and
address, the lobby, a joiner's whole game, the pause countdown on both ends,
at 160x128 and at the Reverse TFT's 240x135. Screenshots go to build/ui/."""
import pytest

from hal import keys as K
from tools.release import docs_shots
from tools.link.fake_net import FakeNet, Hub
from tools.link.auto_key import auto_key

import linkrig
from test_ui_harness import Rig

SIZES = [(160, 128), (240, 135)]


def rig_on(hub, w, h, who):
    r = Rig(w, h, entropy=linkrig.counter())
    r.app.net = FakeNet(hub, who)
    r.app.settings["speed"] = 3
    r.app.settings["autoplay"] = False
    r.start()
    return r


def step(hub, r, others, keys):
    hub.t += 20
    r.app.tick(hub.t)
    r.draw()
    k = auto_key(r.app, keys[0])
    if k is not None:
        keys[0] += 1
        r.app.key(k)
        r.draw()
    for p in others:
        p.step(hub.t)


def run(hub, r, others, until, limit=100000):
    keys = [0]
    for _ in range(limit):
        step(hub, r, others, keys)
        if until():
            return
    raise AssertionError("not reached")


@pytest.mark.parametrize("w,h", SIZES)
def test_host_screens(w, h):
    hub = Hub()
    r = rig_on(hub, w, h, "host")
    # title -> Link play -> Host a table
    titles = [it[0] for it in r.top().items]
    assert "Link play" in titles
    r.top().cursor = titles.index("Link play")
    r.press(K.A)
    assert type(r.top()).__name__ == "LinkMenu"
    r.shot("link_menu")
    r.press(K.A)
    assert type(r.top()).__name__ == "HostSetup"
    r.top().cursor = 0
    r.press(K.RIGHT)                     # Linger Longer: cards only at the host
    assert "Linger" in r.top().lines[0]
    r.shot("link_host_setup")
    r.top().cursor = len(r.top().lines) - 2
    assert r.top().lines[-2].startswith("Turn timer") and r.top().lines[-2].endswith("  Off >")
    r.press(K.RIGHT)                     # (no arrow past either end: it stops there)
    assert r.top().lines[-2].endswith("< 15 s >")
    r.keys("RIGHT " * 4)
    assert r.top().lines[-2].endswith("< 120 s  ")
    r.keys("LEFT " * 5)
    grace = r.top().lines[-3]
    assert grace.startswith("Grace") and grace.endswith("< 30 s >")
    r.top().cursor = len(r.top().lines) - 1
    r.press(K.A)
    t = r.top()
    assert type(t).__name__ == "LinkTable"
    host = r.app.link
    assert host.turn_ms == 0
    assert host.wait_seat == 1 and host.wait_left == -1
    assert t.panel[0] == host.name and t.panel[1] == "127.0.0.1" + (":5291" if w > 160 else "")
    assert "to join" in t.prompt and "START: bots" in t.prompt
    r.shot("link_host_waiting")
    j = linkrig.joiner(hub, "j", "Jo")
    run(hub, r, [j], lambda: host.kind(1) == "remote" and len(t.state().log) > 6)
    r.shot("link_host_playing")
    j.kill()
    run(hub, r, [], lambda: host.wait_seat == 1 and host.wait_left >= 0)
    assert "bot in 30 s" in t.prompt
    r.shot("link_host_countdown")
    r.press(K.START)
    items = [it[0] for it in r.top().items]
    assert items[-1] == "Close the table" and "Bot for Jo now" in items
    r.shot("link_host_pause")
    r.top().cursor = items.index("Bot for Jo now")
    r.press(K.A)
    assert host.kind(1) == "bot"
    run(hub, r, [], lambda: type(r.top()).__name__.endswith("GameOver"))
    r.shot("link_host_over")


@pytest.mark.parametrize("w,h", SIZES)
def test_joiner_screens(w, h):
    hub, host = linkrig.host_table("callbreak", ["human", "remote", "bot", "bot"], seed=5)
    r = rig_on(hub, w, h, "j")
    from ui.link.lobby import LinkMenu
    r.app.push(LinkMenu())
    r.top().cursor = [it[0] for it in r.top().items].index("Join a table")
    r.press(K.A)
    lobby = r.top()
    assert type(lobby).__name__ == "Lobby"
    assert lobby.lines[0] == "Type an address..." and lobby.cursor == 0
    run(hub, r, [host], lambda: lobby.tables)
    r.shot("link_lobby")
    assert lobby.cursor == 0               # a table found keeps the cursor where it was
    r.press(K.DOWN)
    r.press(K.A)
    run(hub, r, [host], lambda: type(r.top()).__name__ == "RemoteTable")
    t = r.top()
    run(hub, r, [host], lambda: t.state().v["phase"] == "play" and t.state().to_act() == 1
        and t.dec_seat == 1)
    r.shot("link_joiner_turn")
    r.press(K.SELECT)                    # the score sheet from the joiner's own view
    assert r.top().kind == "list" and r.top() is not t
    r.shot("link_joiner_sheet")
    r.press(K.B)
    assert r.top() is t
    r.press(K.START)
    assert [it[0] for it in r.top().items][-1] == "Leave the table"
    r.press(K.B)
    host.kill()
    run(hub, r, [], lambda: "reconnecting" in t.prompt.lower())
    r.shot("link_joiner_lost")


HOOKS = ("resume", "enter", "exit", "refresh", "key", "tick", "back", "busy")


@pytest.mark.parametrize("row", ["Host a table", "Join a table"])
def test_back_from_host_or_join_returns_to_the_link_menu(row):
    # B closes the screen and LinkMenu's Screen.resume() hook runs: it must not be
    # the "Resume <table>" action (that re-opened the saved table or said
    # "No link table to resume." on the title).
    hub, h = linkrig.host_table("linger", ["human", "remote", "bot", "bot"], seed=6)
    h.kill()
    r = Rig(160, 128, store=h.store, entropy=linkrig.counter())
    r.app.net = FakeNet(hub, "again")
    r.start()
    titles = [it[0] for it in r.top().items]
    r.top().cursor = titles.index("Link play")
    r.press(K.A)
    menu = r.top()
    assert type(menu).__name__ == "LinkMenu"
    labels = [it[0] for it in menu.items]
    assert labels[0].startswith("Resume ")
    menu.cursor = labels.index(row)
    r.press(K.A)
    assert r.top() is not menu
    r.press(K.B)
    assert r.top() is menu
    assert r.app.link is None and r.app.notice is None
    assert menu.footer == "A: choose  B: back"
    assert [it[0] for it in menu.items] == labels
    for label, action in menu.items:
        assert action.__name__ not in HOOKS, label



@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("address,port", [("127.0.0.1", 5291), ("192.168.1.20", 53940),
                                          ("192.168.100.200", 53940), ("10.0.0.5", 65535)])
def test_waiting_host_shows_its_address_in_the_panel(w, h, address, port):
    # The panel is 13 characters wide at 160 px: "192.168.1.20:53940" was drawn
    # over the side seats. Each line fits; the lines give the address and port.
    from ui.fmt import panel_cols, panel_rows
    from ui.link import lobby as link_lobby
    r = rig_on(Hub(), w, h, "host")
    link_lobby.host(r.app, "israeli", ["human", "remote", "bot", "bot"], [1] * 4, 5, {}, 30,
                    port, "Bo")
    t = r.top()
    host = r.app.link
    host.address = address
    r.app.tick(20)
    t.update_fields()
    r.draw()                             # (the rig checks every label fits)
    cols = panel_cols(w)
    assert len(t.panel) <= panel_rows(w, h, h // r.app.rows)
    assert all(len(x) <= cols for x in t.panel), t.panel
    assert t.panel[0] == "Bo's table"
    where = [x for x in t.panel[1:] if not x.startswith("Waiting")]
    if len(where) == 1:
        assert where[0] == "%s:%d" % (address, port)
    else:                                # "192.168.1.20" / "port 53940"
        assert where[-1] == "port %d" % port and "".join(where[:-1]) == address
    if len(address) <= cols:             # (13 characters at 160 px: "Waiting: P2")
        assert t.panel[-1] in ("Waiting for P2", "Waiting: P2")
    r.shot("link_host_waiting_%s" % address.replace(".", "_"))


@pytest.mark.parametrize("w,h", SIZES)
def test_joining_screen_wraps_its_lines(w, h):
    # "Joining 192.168.100.200:5399" and "No table at ... yet (try 1)" were cut at 160 px.
    from ui.link import lobby as link_lobby
    hub = Hub()
    r = rig_on(hub, w, h, "j")
    link_lobby.join(r.app, "192.168.100.200:5399")
    s = r.top()
    assert type(s).__name__ == "Joining"
    r.draw()
    seen = [list(s.lines)]
    for _ in range(200):
        hub.t += 20
        r.app.tick(hub.t)
        r.draw()
        seen.append(list(s.lines))
        if "(try 2)" in " ".join(s.lines):
            break
    r.shot("link_joining")
    cols = r.app.cols - 1
    assert any("Connecting to 192.168.100.200" in " ".join(x) for x in seen)
    for lines in seen:
        assert all(len(x) <= cols for x in lines), lines
    text = " ".join(s.lines)
    assert "Joining 192.168.100.200:5399" in text
    assert "No table at 192.168.100.200:5399 yet (try 2)" in text
    assert len(s.lines) <= s.rows()


@pytest.mark.parametrize("name,want", [
    ("Bo", "Bo's table"), ("Annie", "Annie's table"), ("Annabelle", "Annabelle"),
    ("Maximilianus", "Maximilianus"), ("Anna Lindqvist", "Anna Lindqvist"),
    ("Maximilianus-Karl", "Maxim's table"), ("Anna Lindqvist Berg", "Anna's table")])
def test_table_name_fits_the_panel_and_no_word_is_cut(name, want):
    # "Annabelle's table" was cut to "Annabelle's tabl" (16 characters).
    from ui.link import lobby as link_lobby
    got = link_lobby.table_name(None, name)
    assert got == want and len(got) <= 14


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("gid,name", [("israeli", "Annabelle"), ("callbreak", "Annie"),
                                      ("linger", None)])
def test_table_name_on_the_host_and_in_the_lobby(w, h, gid, name):
    from ui.link import lobby as link_lobby
    from ui.screens.common import facts, short_title
    hub = Hub()
    host = linkrig.Player(hub, "host")
    n = facts(gid)["players"]
    link_lobby.host(host.app, gid, ["human", "remote"] + ["bot"] * (n - 2), [1] * n, 5, {}, 30,
                    None, name, net=host.net)
    table = host.app.link.name
    assert len(table) <= 14
    if name:
        assert table.startswith(name)
    r = rig_on(hub, w, h, "lobby")
    r.app.push(link_lobby.Lobby())
    lobby = r.top()
    run(hub, r, [host], lambda: lobby.tables)
    r.shot("link_lobby_%s" % gid)
    line = lobby.lines[1]
    shown = table if line.startswith(table + " ") else table[:-len("'s table")]
    assert line.startswith(shown + " ") and line.endswith(" 1 open")
    assert len(line) <= r.app.cols - 1
    game = line[len(shown) + 1:-len(" 1 open")]
    full = short_title(gid)
    assert game == "" or (full + " ").startswith(game + " ")      # whole words of it
    if w == 240 or gid == "callbreak":     # "Annie Call Break 1 open": the game whole
        assert game == short_title(gid)


def type_text(r, text):
    """Type text on the keyboard on top (tools.release.docs_shots.type_text)."""
    docs_shots.type_text(r.top(), text, r.press)


def lobby_keyboard(r):
    from ui.link.lobby import LinkMenu
    r.app.push(LinkMenu())
    r.top().cursor = [it[0] for it in r.top().items].index("Join a table")
    r.press(K.A)
    lobby = r.top()
    assert type(lobby).__name__ == "Lobby" and lobby.lines[lobby.cursor] == "Type an address..."
    r.press(K.A)
    assert type(r.top()).__name__ == "Keyboard" and r.top().title == "Host's address"
    return lobby, r.top()


@pytest.mark.parametrize("w,h", SIZES)
def test_a_bad_typed_address_is_explained_and_changes_nothing(w, h):
    from ui.link import saved as link_saved
    hub = Hub()
    r = rig_on(hub, w, h, "j")
    lobby, kb = lobby_keyboard(r)
    r.press(K.START)                     # nothing typed
    assert kb.why == "Type the address the host's screen shows, like 192.168.1.20"
    r.press(K.A)
    type_text(r, "10.0.0.5:99999")
    r.press(K.START)
    assert r.top() is kb and kb.text == "10.0.0.5:99999"
    assert kb.why == "The port in 10.0.0.5:99999 must be a number from 1 to 65535."
    assert " ".join(kb.lines[2:]) == kb.why       # the whole sentence, wrapped
    r.shot("link_typed_address_refused")
    assert r.app.link is None and r.app.notice is None
    assert link_saved.get(r.app.store, "typed") is None
    r.press(K.B)                         # back to typing: the text is there to mend
    assert kb.why is None and kb.text == "10.0.0.5:99999"
    for _ in range(len(kb.text)):
        r.press(K.B)
    r.press(K.B)                         # B on nothing: back to the lobby, nothing joined
    assert r.top() is lobby and r.app.link is None


@pytest.mark.parametrize("w,h", SIZES)
def test_a_typed_address_joins_and_is_offered_next_time(w, h):
    from ui.link import saved as link_saved
    hub, host = linkrig.host_table("nommie", ["human", "remote", "bot", "bot"], seed=5)
    r = rig_on(hub, w, h, "j")
    r.app.settings["names"] = ["Zed"]
    lobby, kb = lobby_keyboard(r)
    assert kb.text == ""
    type_text(r, "127.0.0.1:5291")
    r.shot("link_typed_address")
    r.press(K.START)
    assert link_saved.get(r.app.store, "typed") == {"address": "127.0.0.1:5291"}
    assert r.app.link is not None and r.app.link.port == 5291 and r.app.link.name == "Zed"
    run(hub, r, [host], lambda: type(r.top()).__name__ == "RemoteTable")
    run(hub, r, [host], lambda: host.app.link.kind(1) == "remote")
    assert host.table().session.names[1] == "Zed"
    # the next time the keyboard starts from the address typed last
    r.app.home()
    lobby, kb = lobby_keyboard(r)
    assert kb.text == "127.0.0.1:5291"
