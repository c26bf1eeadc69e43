"""Fuzz of text from outside (issue 37): every field of a network message a
host or a joiner prints or stores, settings.json's names and link.json's
values, fed with what an adversary sends: lone surrogates, control
characters, escape sequences, NUL, invisible-only and duplicate names,
other spaces, combining marks alone, long texts and wrong JSON types (null,
numbers, lists, objects where a text is expected). Each part is made from a
fixed seed and runs in process (tests/linkrig.py's in-memory network), in a
few seconds. Asserted: no exception escapes; every name and text a screen
or a terminal gets is printable (it encodes; no control character; the
rule ui.clean applies leaves it as it is); no two seats share a name; nothing
is lost (the table plays on to its end, the joiner keeps its last good
table, the other settings and link.json's other parts stay as they were)."""
import json
import random
import time

import pytest

from tools.link.fake_net import Hub
from ui import prefs
from ui.clean import clean
from ui.link import check as link_check
from ui.link import proto as P
from ui.nostore import NoStore

import linkrig
from test_link_hostile import WELCOME, HostileHost, good_state
from test_outside_text import hello_raw

SEED = 37
BUDGET_S = 20            # the whole file, on a shared two-core machine: well under it

PIECES = ["\ud800", "\udfff", "\udcff", "\ud83d", "\x00", "\x07", "\x08", "\t", "\n", "\r",
          "\x1b", "\x1b[2J", "\x1bc", "\x1b]0;owned\x07", "\x1b[31m", "\x1bP1$r\x1b\\", "\x7f",
          "\x85", "\x9b2J", "\u200b", "\u200c", "\u200d", "\u2060", "\u2062", "\ufeff", "\u00ad",
          "\u202e", "\u2066", "\u061c", "\u3164", "\u115f", "\U000e0041", "\ufe0f", "\ue000",
          "\u00a0", "\u3000", "\u2003", "\u2800", "\u0301", "\u0489", " ", "Ann", "ann", "Bob",
          "Cy", "P2", "You", "you", "Host", "Zo\u00eb", "\u00c5sa", "\U0001f600", "x", "%s", "%d",
          "{}", "\\", "\""]
WRONG = [None, 0, -1, 5, 2 ** 40, 1.5, True, False, [], ["Ann"], [None], {}, {"a": 1},
         {"address": 5}, [[1, 2]]]


def junk_text(rng, most=24):
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, most // 3 + 1)))[:most * 2]


def junk(rng, most=24):
    """A text of adversary's pieces, or (one time in four) a value of a wrong type."""
    if rng.random() < 0.25:
        return rng.choice(WRONG)
    if rng.random() < 0.05:
        return rng.choice(PIECES) * rng.randint(40, 200)     # long
    return junk_text(rng, most)


def printable(text):
    """Shown as it is: it encodes, holds no control character, and the rule keeps it."""
    assert type(text) is str, repr(text)
    text.encode()
    assert not [c for c in text if ord(c) < 32 or 127 <= ord(c) <= 159], repr(text)
    assert clean(text) == text, repr(text)
    return True


def distinct(names):
    low = [n.lower() for n in names]
    assert len(set(low)) == len(low), names
    assert not [n for n in names if not n], names
    return True


@pytest.fixture(autouse=True)
def bounded():
    t0 = time.monotonic()
    yield
    assert time.monotonic() - t0 < BUDGET_S


# --- the rule itself ---------------------------------------------------------------

def test_the_rule_on_random_text_is_printable_idempotent_and_never_empty_of_a_letter():
    rng = random.Random(SEED)
    for _ in range(10000):
        x = junk_text(rng, 60)
        y = clean(x)
        printable(y)
        assert clean(y) == y
        assert y == y.strip() and "\x1b" not in y
        if "\x1b" not in x and [c for c in x if c.isalnum() and ord(c) < 128]:
            assert y, repr(x)                  # a letter or digit outside a sequence stays
        n = P.player_name(x)
        printable(n)
        assert len(n) <= P.NAME_CHARS and len(n.encode()) <= P.NAME_BYTES
    for x in WRONG:
        assert P.player_name(x) == "" and P.words({"k": x}, "k", 20) is None


# --- the host: hellos from strangers and seated joiners ---------------------------

def test_hellos_with_adversarys_names_and_fields_never_stop_the_host_nor_share_a_name():
    rng = random.Random(SEED + 1)
    from ui.link import lobby
    hub = Hub()
    h = linkrig.Player(hub, "host")
    lobby.host(h.app, "israeli", ["human", "remote", "remote", "bot"], [1] * 4, 5,
               {"rounds": 2}, net=h.net, name="ann")   # (the first bot would be Ann)
    host = h.app.link
    distinct(host.session.names)
    tokens = {}
    socks = []
    for i in range(500):
        msg = {"v": 1, "t": "hello"}
        for key in ("name", "token", "seat"):
            if rng.random() < (0.9 if key == "name" else 0.2):
                msg[key] = junk(rng)
        if tokens and rng.random() < 0.5:      # a seated joiner says hello again
            seat = rng.choice(sorted(tokens))
            msg["token"] = tokens[seat]
            msg.pop("seat", None)
        if rng.random() < 0.1:                 # or a message of another type, or version
            msg["t"] = junk(rng)
        if rng.random() < 0.05:
            msg["v"] = junk(rng)
        try:
            raw = (json.dumps(msg, ensure_ascii=rng.random() < 0.5) + "\n").encode(
                errors="surrogatepass")
        except (TypeError, ValueError):
            continue
        got, sock = hello_raw(hub, h, raw[:P.MAX_LINE + 50], "s%d" % (i % 7))
        socks.append(sock)
        for m in got:
            assert m["t"] in ("welcome", "refused", "bye", "state", "ping"), m
            if m["t"] == "welcome":
                tokens[m["seat"]] = m["token"]
            if m["t"] in ("refused", "bye"):           # nothing long quoted back
                assert len(m["why"]) <= 200 and len(m.get("re") or "") <= 20, m
        names = host.session.names
        for n in names:
            printable(n)
        distinct(names)
    assert sorted(tokens) == [1, 2]
    for s in socks:                            # every stranger gone: bots play the seats
        s.close()
    host.bots_for_open()
    for seat in (1, 2):
        host.release(seat)
    linkrig.run([h], limit_steps=40000, until=lambda: host.session.state.is_over())
    assert len(host.session.state.log) > 20


# --- the joiner: a host's messages -------------------------------------------------

def mutate(rng, m):
    """A state message with one of the texts or rounds a joiner shows made junk."""
    kind = rng.randrange(5)
    n = len(m["names"])
    if kind == 0:
        m["names"] = [junk(rng) for _ in range(n)] if rng.random() < 0.9 else junk(rng)
    elif kind == 1:
        m["words"] = [[a, junk(rng)] for a in m["legal"][:rng.randint(1, 4)]]
    elif kind == 2:
        m["why"] = [[a, junk(rng, 200)] for a in m["legal"][:rng.randint(1, 3)]]
    elif kind == 3:
        r = {"bids": [rng.choice([1, None, junk(rng)]) for _ in range(n)],
             "tricks": [rng.choice([2, junk(rng)]) for _ in range(n)] if rng.random() < 0.8
             else junk(rng), "points": [rng.choice([3, -1, junk(rng)]) for _ in range(n)]}
        m["hist"], m["hn"] = [r], 1
    else:
        m["names"] = [rng.choice(["Ann", "ann", "You", "\u200b", "P2"]) for _ in range(n)]
    return m


def test_a_text_joiner_prints_every_field_of_a_hostile_hosts_messages_safely(monkeypatch):
    from ui.console import link as console_link
    from ui.console.link import LinkConsole, _App
    from ui.link.client import Client
    from tools.link.fake_net import FakeNet
    monkeypatch.setattr(console_link.time, "sleep", lambda s: None)
    rng = random.Random(SEED + 2)
    hub = Hub()
    evil = HostileHost(hub)
    client = Client(_App(NoStore()), FakeNet(hub, "c"), "127.0.0.1", P.TABLE_PORT,
                    junk_text(rng))
    out = []

    def clock():
        hub.t += 10
        return hub.t
    con = LinkConsole(client, out.append, lambda: False, lambda: None, clock=clock)
    con.run(40)
    evil.accept()
    good = good_state()
    for i in range(500):
        kind = rng.randrange(8)
        if kind == 0:
            evil.say(dict(WELCOME, table=junk(rng, 40)))
        elif kind == 1:
            evil.say({"t": "refused", "re": junk(rng), "why": junk(rng, 200)})
        elif kind == 2:
            evil.say({"t": "bye", "why": junk(rng, 200)})
            old = evil.sock
            for _ in range(20):                # the joiner comes back (with its token)
                con.run(100)
                evil.accept()
                if evil.sock is not old:
                    break
            assert evil.sock is not old
            evil.say(WELCOME)
        else:
            evil.say(mutate(rng, json.loads(json.dumps(good))))
        if rng.random() < 0.3 or i % 2:
            evil.say(good)                     # a good table now and then: the joiner stays
        con.run(40)
        for cmd in ("table", "scores", "hand", "last"):
            if rng.random() < 0.3:
                con.command(cmd)
        assert not client.done, client.status
    text = "".join(out)
    text.encode()
    assert not [c for c in text if ord(c) < 32 and c != "\n" or 127 <= ord(c) <= 159]
    assert client.state is not None and client.state.v["hands"][1]      # the last good table
    refused = [e for e in client.log if e[1].startswith("unreadable")]
    assert len(refused) > 50 and client.seat == 1 and "You   hand: " in text
    printable(client.table_name) if client.table_name else None
    for n in client.session.names:
        printable(n)
    assert link_check.problem(good, 1, 4, "callbreak") is None


def test_a_screen_joiner_shows_a_hostile_hosts_names_and_words_safely():
    from test_link_hostile import screen_joiner, step
    rng = random.Random(SEED + 3)
    hub, evil, j = screen_joiner()
    evil.say(WELCOME)
    good = good_state()
    evil.say(good)
    step(hub, j)
    for i in range(150):
        evil.say(mutate(rng, json.loads(json.dumps(good))))
        if i % 2:
            evil.say(good)
        step(hub, j, 3)
        t = j.table()
        assert t is not None and not t.client.done
        for n in t.client.session.names:
            printable(n)
        for a in t.client.state.legal:
            printable(t.client.state.action_text(a))
        for b, why in t.client.state.left_out():
            printable(why)


def test_announced_tables_reach_the_lobby_cleaned():
    from ui.link.lobby import Lobby
    from tools.link.tables import Player
    rng = random.Random(SEED + 4)
    p = Player(Hub(), "me")
    lobby = Lobby(p.net)
    p.app.push(lobby)
    for i in range(300):
        msg = {"v": 1, "t": "table", "name": junk(rng, 40), "game": junk(rng),
               "port": rng.choice([5291, junk(rng)]), "players": junk(rng), "open": junk(rng)}
        lobby.heard(msg, "10.0.0.%d" % (i % 5), i)
    lobby.refresh()
    for x in lobby.tables:
        printable(x[0])
        assert x[0]
    for line in lobby.lines:
        printable(line)


# --- the files: settings.json's names, link.json's values -------------------------

def test_settings_names_of_any_kind_are_printable_and_the_other_settings_stay(tmp_path):
    from ui.saves import Store
    from ui.console.menu import Console
    from ui.screens.naming import link_name
    rng = random.Random(SEED + 5)
    for i in range(60):
        d = tmp_path / str(i)
        d.mkdir()
        store = Store(str(d), True)
        s = store.load_settings()
        names = [junk(rng, 12) for _ in range(rng.randint(0, 6))] if rng.random() < 0.9 \
            else junk(rng)
        s["names"], s["speed"], s["bot_level"] = names, 1, 0
        assert store.save_settings(s) is None
        got = Store(str(d), True).load_settings()
        assert got["speed"] == 1 and got["bot_level"] == 0       # nothing else lost
        assert (d / "settings.json").exists()
        if got["names"] is not None:
            assert type(got["names"]) is list and got["names"]
            for n in got["names"]:
                printable(n)
                assert n and len(n) <= 12
        out = []
        con = Console(lambda p: None, out.append, Store(str(d), True), lambda: 7)
        session = con.begin("callbreak", ["human", "bot", "bot", "bot"], [1] * 4, 5, {})
        for n in session.names:
            printable(n)
        "".join(out).encode()
        me = link_name(got, junk(rng, 40) if rng.random() < 0.7 else None)
        assert me is None or (printable(me) and me)
    assert prefs.fix("names", [], None) is None


def test_link_json_values_of_any_kind_show_no_raw_data_and_stay(tmp_path):
    from ui.link import lobby
    from ui.link.address import ask, KEYS
    from tools.link.tables import Player
    rng = random.Random(SEED + 6)
    for i in range(150):
        info = {"typed": {"address": junk(rng, 60)} if rng.random() < 0.8 else junk(rng),
                "host": {"table": junk(rng, 40), "grace": junk(rng)} if rng.random() < 0.8
                else junk(rng),
                "join": {"host": junk(rng), "port": rng.choice([5291, junk(rng)]),
                         "table": junk(rng, 40), "token": junk(rng)}}
        keep = json.loads(json.dumps(info))
        p = Player(Hub(), "me")
        p.store.link_info = info
        ask(p.app, lambda a: None)
        typed = p.app.top().text
        assert type(typed) is str and not [c for c in typed if c not in KEYS]
        p.app.pop()
        menu = lobby.LinkMenu()
        p.app.push(menu)
        for line in menu.lines:
            printable(line)
        for word, key in (("Resume ", "host"), ("Rejoin ", "join")):
            rows = [x[len(word):] for x in menu.lines if x.startswith(word)]
            table = info[key].get("table") if type(info[key]) is dict else None
            for label in rows:                 # the saved name cleaned, else just "table"
                assert label == "table" or (type(table) is str and label in clean(table)), \
                    (label, table)
        assert json.loads(json.dumps(p.store.link_info)) == keep     # nothing written
