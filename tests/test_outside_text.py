"""Text from outside (issue 37, items 1, 2, 3, 11 and 12): what a stranger's
hello, a host's names, texts and rounds, link.json and settings.json hold is
cleaned once where it arrives (ui/clean.py's rule), so no lone surrogate,
control character, escape sequence or invisible-only name reaches a screen
or a terminal, and no seat at a table takes another seat's name. Each test
here failed before that rule; the fuzz test of the same surface is
tests/test_fuzz_text.py."""
import json
import sys
import time

from tools.link.fake_net import FakeNet
from ui import prefs
from ui.clean import clean
from ui.link import check as link_check
from ui.link import proto as P

import linkrig
import test_link_process
from test_link_hostile import WELCOME, console_joiner, good_state, screen_joiner, step
from test_link_process import LOCAL, free_port

procs = test_link_process.procs

SURROGATE = "\ud800"
ESCAPES = "\x1b]0;owned\x07\x1b[2J\x1bc\x07\x00"
INVISIBLE = "\u200b\u2060\ufeff"


def printable(text):
    """True when text reaches a terminal unharmed: it encodes, and holds no
    control character."""
    text.encode()
    return not [c for c in text if ord(c) < 32 and c != "\n" or 127 <= ord(c) <= 159]


# --- the rule ---------------------------------------------------------------------

def test_the_rule_drops_surrogates_controls_escapes_and_what_shows_nothing():
    assert clean("A" + SURROGATE + "b\udcff") == "Ab"
    assert clean(ESCAPES + "Bob") == "Bob"       # (an OSC string goes whole, to its BEL)
    assert clean("Cy\u200b") == "Cy" and clean(INVISIBLE) == ""
    assert clean("\u00ad\u202e\u2066x\u2069\U000e0041\ufe0f") == "x"
    assert clean("\u3000\u00a0Ann\u2003") == "Ann"        # other spaces: plain ones, stripped
    assert clean("\u0301\u0301") == "" and clean("e\u0301") == "e\u0301"
    assert clean("Zo\u00eb \u00c5sa \U0001f600") == "Zo\u00eb \u00c5sa \U0001f600"


# --- item 1: a hello named by a lone surrogate ---------------------------------

def hello_raw(hub, h, raw, who="x"):
    """A stranger's connection that sends raw bytes; what the host answered."""
    sock = FakeNet(hub, who).connect("127.0.0.1", P.TABLE_PORT)
    sock.send(raw)
    for _ in range(5):
        hub.t += 20
        h.step(hub.t)
    buf = bytearray(65536)
    n = sock.recv_into(buf)
    return linkrig.split_lines(bytes(buf[:max(0, n)])), sock


def test_a_hello_named_by_a_lone_surrogate_takes_a_seat_and_the_table_goes_on():
    hub, h = linkrig.host_table("nommie", ["human", "remote", "bot", "bot"])
    got, _ = hello_raw(hub, h, b'{"v":1,"t":"hello","name":"\\ud800"}\n')
    assert [m["t"] for m in got][:1] == ["welcome"], got
    host = h.app.link
    assert host.session.names[1] == "P2"                  # nothing printable: the seat's name
    js = linkrig.joiner(hub, "j", "Jo")                   # the table still works
    linkrig.run([h, js], limit_steps=3000, until=lambda: len(host.session.state.log) > 8)


def test_a_refusal_quotes_nothing_long_from_a_stranger():
    # a seat, a version or a message type of 2000 "é" (6 bytes each once
    # quoted): the refusal used to be over the 4096-byte line, and the host died
    big = "\u00e9" * 2000
    for msg in ({"v": 1, "t": "hello", "seat": big}, {"v": big, "t": "hello"},
                {"v": 1, "t": big}):
        hub, h = linkrig.host_table("nommie", ["human", "remote", "bot", "bot"])
        got, _ = hello_raw(hub, h, (json.dumps(msg, ensure_ascii=False) + "\n").encode())
        assert got and got[0]["t"] == "refused" and len(got[0]["why"]) <= 200, got
        assert len(got[0]["re"] or "") <= 20


def test_a_desktop_host_process_survives_a_surrogate_hello_and_seats_the_next_player(
        procs, tmp_path):
    # the repro: code.py --host, a line with "\ud800" as the name
    port = free_port()
    host = procs("--host", "--game", "nommie", "--seats", "h l l 1", "--bind", LOCAL, "--port",
                 str(port), "--data-dir", str(tmp_path / "host"), cmd=[sys.executable, "code.py"])
    from test_link_attacks import connect, hello
    connect(port, timeout=30).close()                     # listening
    s = connect(port)
    s.settimeout(10)
    s.sendall(b'{"v":1,"t":"hello","name":"\\ud800"}\n')
    f = s.makefile("rb")
    first = json.loads(f.readline())
    assert first["t"] == "welcome" and first["seat"] == 1, first
    m, took, s2 = hello(port, name="Bob")                 # the next player gets a seat
    assert m and m["t"] == "welcome" and m["seat"] == 2, m
    s2.settimeout(10)
    f2 = s2.makefile("rb")
    end = time.monotonic() + 15
    names = None
    while names is None and time.monotonic() < end:
        s.sendall(P.encode({"t": "ping"}))
        s2.sendall(P.encode({"t": "ping"}))
        x = json.loads(f2.readline())
        if x["t"] == "state" and x["names"][2] == "Bob":
            names = x["names"]
    assert names is not None and names[1] == "P2", names
    assert host.p.poll() is None, "\n".join(host.lines[-20:])   # still running
    s.close()
    s2.close()


# --- item 2: a host's names, texts and rounds at a desktop joiner -----------------

def test_a_surrogate_in_names_table_refusal_and_bye_reaches_no_joiner_terminal():
    hub, evil, con, out, run = console_joiner()
    evil.say(dict(WELCOME, table="Ev" + SURROGATE + "il"))
    m = good_state()
    m["names"] = ["\udcff", "You", "C" + SURROGATE + "y", "Di"]
    evil.say(m)
    run()
    evil.say({"t": "refused", "re": "act", "why": "No" + SURROGATE})
    run()
    con.command("table")
    con.command("scores")
    evil.say({"t": "bye", "why": "Gone" + SURROGATE})
    run()
    assert printable("".join(out))
    assert con.c.table_name == "Evil" and con.c.session.names[:3] == ["P1", "You", "Cy"]


def test_a_surrogate_in_names_reaches_no_screen_joiner():
    hub, evil, j = screen_joiner()
    evil.say(WELCOME)
    m = good_state()
    m["names"] = [SURROGATE, "You", "\udcffCy", "Di"]
    evil.say(m)
    step(hub, j)
    t = j.table()
    assert t is not None and t.client.session.names[0] == "P1"
    assert t.client.session.names[2] == "Cy"


def finished_round_state(tricks):
    m = good_state()
    r = {"bids": [1, 2, 3, 4], "tricks": tricks, "points": [1, 2, 3, 4]}
    m["hist"], m["hn"] = [r], 1
    return m


def test_a_finished_round_whose_tricks_are_not_numbers_is_refused():
    for tricks in ([None] * 4, ["3"] * 4, [1.5] * 4, [True] * 4, None):
        assert link_check.problem(finished_round_state(tricks), 1, 4, "callbreak"), tricks
    assert link_check.problem(finished_round_state([1, 2, 3, 4]), 1, 4, "callbreak") is None
    m = finished_round_state([1, 2, 3, 4])
    m["hist"][0]["points"] = [None] * 4
    assert link_check.problem(m, 1, 4, "callbreak")


def test_the_text_joiners_scores_survive_a_round_whose_tricks_are_null():
    hub, evil, con, out, run = console_joiner()
    evil.say(WELCOME)
    evil.say(good_state())
    run()
    evil.say(finished_round_state([None] * 4))
    run()
    con.command("scores")                     # the last good table's sheet
    assert con.c.bad == 1 and any("No round finished yet" in x for x in out)


def test_a_host_started_with_a_name_that_is_not_text_uses_its_own():
    # --name $'\xff' reaches Python as "\udcff"
    from ui.screens.naming import link_name
    assert link_name({"names": ["Ann"]}, "\udcff") == "Ann"
    assert link_name({}, "\udcff" + INVISIBLE) is None       # (You: the host is "Host")
    assert link_name({}, "\x1b[31mMo") == "Mo"


# --- item 3: a host's words for moves at a text joiner ----------------------------

def test_the_words_for_moves_reach_a_terminal_without_escape_sequences():
    hub, evil, con, out, run = console_joiner()
    evil.say(WELCOME)
    m = good_state()
    legal = m["legal"]
    m["words"] = [[a, "\x1b]0;x\x07\x1b[2J\x07" + SURROGATE + "c"] for a in legal[:3]]
    evil.say(m)
    run()
    con.command("table")
    text = "".join(out)
    assert printable(text) and "\x1b" not in text
    assert con.c.state.action_text(legal[0]) == "c"          # (the OSC string goes whole)


# --- item 11: link.json's texts ----------------------------------------------------

def link_app(info):
    from tools.link.tables import Player
    from tools.link.fake_net import Hub
    p = Player(Hub(), "me")
    p.store.link_info = info
    return p.app


def test_a_typed_address_that_is_not_text_is_none_and_no_menu_shows_raw_data():
    from ui.link import lobby
    from ui.link.address import ask
    app = link_app({"typed": {"address": 5}, "host": {"table": {"address": 5}},
                    "join": {"host": "10.0.0.2", "port": 5291, "table": ["x"]}})
    ask(app, lambda a: None)                       # used to raise TypeError
    assert app.top().text == ""
    app.pop()
    menu = lobby.LinkMenu()
    app.push(menu)
    assert menu.lines[:2] == ["Rejoin table", "Resume table"], menu.lines
    for bad in ({"address": ["a"]}, {"address": "\x1b[2J"}, {"address": "x" * 99}):
        app = link_app({"typed": bad})
        ask(app, lambda a: None)
        assert app.top().text == "", bad
    app = link_app({"typed": {"address": "192.168.1.20:5291"}})
    ask(app, lambda a: None)
    assert app.top().text == "192.168.1.20:5291"


def test_a_saved_joins_address_that_is_not_text_offers_no_rejoin():
    from ui.link import lobby
    app = link_app({"join": {"host": {"a": 1}, "port": "x", "table": "T" + SURROGATE}})
    menu = lobby.LinkMenu()
    app.push(menu)
    assert menu.lines == ["Host a table", "Join a table"], menu.lines


def test_a_saved_tables_name_is_cleaned_on_the_menu_and_at_the_host():
    from ui.link.host import Host
    from ui.link import lobby
    app = link_app({"host": {"table": "\x1b[2JOur" + SURROGATE + "\u200b table"}})
    menu = lobby.LinkMenu()
    app.push(menu)
    assert menu.lines[0] == "Resume Our table"
    hub, h = linkrig.host_table("nommie", ["human", "remote", "bot", "bot"])
    info = dict(h.app.link.info(), table="\x07" + SURROGATE + "Pub", port=P.TABLE_PORT + 1)
    assert Host(h.app, h.net, h.app.link.session, info).name == "Pub"


# --- item 12: names in settings.json, and names at a table -------------------------

def test_names_in_settings_are_cleaned_and_an_empty_one_is_the_built_in_name():
    got = prefs.fix("names", ["\x1b[31mMo\x00", "Z" + SURROGATE + "ed", INVISIBLE, "\x07"], None)
    assert got == ["Mo", "Zed", "Bob", "Cy"]
    assert prefs.fix("names", [INVISIBLE + SURROGATE], None) == ["You"]


def test_the_console_starts_a_game_with_names_from_a_damaged_settings_file(tmp_path):
    from test_console import run_console, setup_lines
    con, _, out = run_console(setup_lines("callbreak") + ["quit"], _settings_store(tmp_path))
    assert printable(out)
    assert con.session.names[:3] == ["You", "A", "Bob"], con.session.names


def _settings_store(tmp_path):
    # a settings.json with a good checksum whose names are a lone surrogate,
    # escapes and NUL, and invisible characters (the adversary's file)
    from ui.saves import Store
    store = Store(str(tmp_path), True)
    s = store.load_settings()
    s["names"] = ["\ud800", "A\x1b[2J\x00", "\u200b\u2060\ufeff"]
    store.save_settings(s)
    return Store(str(tmp_path), True)


def joiner_names(*hellos, host_name="Cy"):
    """A host (seats: you, three link seats; its bots Ann...) and joiners with
    these names: the names the table gives their seats."""
    hub, h = linkrig.host_table("nommie", ["human", "remote", "remote", "remote"])
    host = h.app.link
    host.session.names[0] = host_name
    socks = []
    for i, name in enumerate(hellos):
        got, sock = hello_raw(hub, h, P.encode({"t": "hello", "name": name}), "s%d" % i)
        assert got and got[0]["t"] == "welcome", got
        socks.append(sock)
    return list(host.session.names)


def test_a_joiner_takes_no_other_seats_name_nor_an_invisible_one():
    assert joiner_names("Cy\u200b", INVISIBLE, "cy") == ["Cy", "P2", "P3", "P4"]
    assert joiner_names("Zed", "zed", "ZED") == ["Cy", "Zed", "P3", "P4"]
    # P4 is seat 4's until a joiner there names it; You is every joiner's own seat
    assert joiner_names("P4", "", "You", host_name="p3") == ["p3", "P2", "P3.1", "P4"]


def test_a_joiner_whose_name_was_taken_is_told_what_the_others_see():
    hub, h = linkrig.host_table("nommie", ["human", "remote", "bot", "bot"])
    h.app.link.session.names[0] = "Jo"
    js = linkrig.joiner(hub, "j", "jo")
    linkrig.run([h, js], limit_steps=400, until=lambda: js.table() is not None)
    assert js.table().client.news == "Others see you as P2"


def test_names_in_a_saved_games_journal_are_cleaned_as_it_loads(tmp_path):
    # The journal is a file from outside too: its names reach the console and
    # the table by the same rule (one that shows nothing: the built-in name).
    from ui.saves import Store
    from ui.session import Session
    session = Session.new("nines", ["human", "bot", "bot"], [0, 1, 1], 5, None,
                          ["Zed", "Ann", "Bob"])
    rec = session.record()
    rec["names"] = ["\x1b]0;owned\x07Zed\x1b[2J", "\ud800\u200b", "Bo\x00b"]
    store = Store(str(tmp_path), True)
    assert store.save_game(rec) is None
    got = Store(str(tmp_path), True).load_game()[0]
    assert got["names"] == ["Zed", "Ann", "Bob"]
