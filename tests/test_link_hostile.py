"""A hostile host, in one process (tests/linkrig.py's in-memory network): a
hand-written host welcomes a joiner, sends one good table, then state
messages each with one bad value. Both joiners (the screen's RemoteTable and
the text console's LinkConsole) refuse each one with a reason, keep drawing
the last good table, and after three in a row leave with a sentence; names
and texts with control characters reach no screen or terminal."""
import json

import pytest

from engine import games
from tools.link.fake_net import FakeNet, Hub
from ui.link import check as link_check
from ui.link import proto as P
from ui.link.client import MAX_BAD, UNREADABLE

import linkrig
from linkrig import split_lines

GAME, PLAYERS, SEAT = "callbreak", 4, 1


def good_state(moves=6, game=GAME):
    """A state message as a host sends it to SEAT, mid-game (a trick on the table)."""
    st = games.new_game(game, PLAYERS, 11)
    while len(st.log) < moves or st.to_act() != SEAT:
        st.apply(st.legal_actions()[0])
    v = json.loads(json.dumps(st.view(SEAT)))
    hist = v.pop("history")
    return {"t": "state", "deal": 11, "n": len(st.log), "view": v, "h0": 0, "hist": hist,
            "hn": len(hist), "names": ["Ann", "You", "Cy", "Di"],
            "kinds": ["human", "remote", "bot", "bot"], "legal": st.legal_actions(),
            "wait": None}


def bad(path, value):
    m = json.loads(json.dumps(good_state()))
    d = m
    for k in path[:-1]:
        d = d[k]
    if value is DELETE:
        del d[path[-1]]
    else:
        d[path[-1]] = value
    return m


DELETE = object()
# the cases (a crash in view.py, card_text, table_text, the console's
# table and link joiner, link_remote or sheet_page before) and more of the same kind
CASES = [
    (("view", "hands", SEAT, 0), 999), (("view", "hands", SEAT, 0), -1),
    (("view", "hands", SEAT, 0), "QH"), (("view", "hands", SEAT), None),
    (("view", "to_act"), 99), (("view", "dealer"), 77), (("view", "trump"), 9),
    (("view", "hands"), [[1, 2]]), (("view", "counts"), [13]), (("view", "players"), 2),
    (("view", "players"), 9), (("view", "trick"), [[0, 99]]), (("view", "trick"), [[9, 3]]),
    (("view", "trick"), "x"), (("view", "last_trick"), [[1]]), (("view", "scores"), ["a"] * 4),
    (("view", "tricks"), [1, 2]), (("view", "bids"), [True] * 4), (("view", "phase"), "dance"),
    (("view", "last_winner"), 4), (("view", "to_act"), DELETE), (("view",), []),
    (("wait",), ["x", "y"]), (("wait",), [7, 3]), (("winners",), [99]),
    (("winners",), "0"), (("legal",), [999]), (("legal",), ["QH"]), (("n",), -3),
    (("n",), 2.5), (("names",), ["a"]), (("names",), [1, 2, 3, 4]), (("kinds",), ["x"] * 4),
    (("hist",), [{"bids": [1]}]), (("hn",), "x"), (("h0",), -1),
    (("why",), [[101, 5]]), (("words",), [[999, "bid 3"]]), (("words",), [[5, 3]]),
    (("words",), [[5, "x" * 25]]), (("words",), "bid"), (("deal",), "x"),
    (("view", "game"), "nommie"),
    (("view", "calls"), [1, 2, 99]), (("view", "extra"), {"deep": [[1]]}),
]


class HostileHost:
    """Listens on the hub like a host; says whatever the test wants."""

    def __init__(self, hub):
        self.hub = hub
        self.listener = FakeNet(hub, "evil").listen(P.TABLE_PORT)
        self.sock = None
        self.heard = b""

    def accept(self):
        got = self.listener.accept()
        if got is not None:
            self.sock = got[0]

    def say(self, msg):
        self.sock.send(P.encode(dict(msg)))

    def send_raw(self, data):
        self.sock.send(data)

    def answers(self):
        buf = bytearray(65536)
        n = self.sock.recv_into(buf)
        self.heard += bytes(buf[:max(0, n)])
        return split_lines(self.heard)


WELCOME = {"t": "welcome", "seat": SEAT, "token": "abc", "table": "Evil", "game": GAME,
           "players": PLAYERS, "deal": 11, "grace": 30}


def screen_joiner():
    hub = Hub()
    evil = HostileHost(hub)
    j = linkrig.joiner(hub, "j", "Jo")
    for _ in range(3):
        hub.t += 20
        j.app.tick(hub.t)
        evil.accept()
    return hub, evil, j


def step(hub, j, n=5):
    for _ in range(n):
        hub.t += 20
        j.app.tick(hub.t)


def test_a_games_own_view_keys_are_checked_as_its_face_says():
    # Israeli Whist's face says what its high bid holds: a bad one is refused
    # there; in Call Break, whose views have none, it is a key this game
    # does not read (a plain value, kept out of the table)
    m = good_state(game="israeli")
    assert link_check.problem(m, SEAT, PLAYERS, "israeli") is None
    m["view"]["high_bid"] = [1, 2, 99]
    assert link_check.problem(m, SEAT, PLAYERS, "israeli") == "bad view's high_bid"
    m = good_state()
    m["view"]["high_bid"] = [1, 2, 99]
    assert link_check.problem(m, SEAT, PLAYERS, GAME) is None
    m["view"]["phase"] = "frisch"          # another game's phase
    assert link_check.problem(m, SEAT, PLAYERS, GAME) == "bad view's phase"


@pytest.mark.parametrize("path,value", CASES, ids=[".".join(map(str, c[0])) + "=" + repr(
    c[1] if c[1] is not DELETE else "deleted")[:12] for c in CASES])
def test_check_refuses_each_bad_value(path, value):
    assert link_check.problem(good_state(), SEAT, PLAYERS, GAME) is None
    assert link_check.problem(bad(path, value), SEAT, PLAYERS, GAME)


def test_screen_joiner_refuses_each_bad_table_and_keeps_the_last_good_one():
    hub, evil, j = screen_joiner()
    evil.say(WELCOME)
    evil.say(good_state())
    step(hub, j)
    t = j.table()
    assert t is not None and t.state().hands[SEAT]
    good = json.dumps(t.state().view(), sort_keys=True)
    for i, (path, value) in enumerate(CASES):
        evil.say(bad(path, value))
        step(hub, j)               # ticks draw the table: no exception
        assert j.table() is t and json.dumps(t.state().view(), sort_keys=True) == good
        refused = [m for m in evil.answers() if m["t"] == "refused" and m["re"] == "state"]
        assert len(refused) == i + 1
        evil.say(good_state())     # (the count of bad tables in a row starts again)
    assert not t.client.done
    assert any(e[1] == "unreadable: bad view's hands" for e in t.client.log)


def test_screen_joiner_leaves_after_bad_tables_in_a_row_with_a_sentence():
    hub, evil, j = screen_joiner()
    evil.say(WELCOME)
    evil.say(good_state())
    step(hub, j)
    t = j.table()
    for path, value in CASES[:MAX_BAD]:
        evil.say(bad(path, value))
        step(hub, j)
    c = t.client
    assert c.done and c.line is None and c.status == UNREADABLE
    assert t.prompt_text(t.state().view(), True) == UNREADABLE
    step(hub, j, 100)              # two seconds: no retry of that host
    evil.accept()
    assert evil.sock.closed or c.line is None
    assert j.table() is t and t.state().hands[SEAT]


def test_a_good_table_between_bad_ones_starts_the_count_again():
    hub, evil, j = screen_joiner()
    evil.say(WELCOME)
    for _ in range(4):
        evil.say(good_state())
        evil.say(bad(("view", "to_act"), 99))
        evil.say(bad(("view", "trump"), 9))
        step(hub, j)
    c = j.table().client
    assert not c.done and c.bad == 2


def console_joiner():
    """A LinkConsole on the hub; run(ms) serves it for ms of the hub's clock
    (each look at the clock moves it on 10 ms); nothing is typed."""
    from ui.console.link import LinkConsole, _App
    from ui.link.client import Client
    from ui.nostore import NoStore
    hub = Hub()
    evil = HostileHost(hub)
    client = Client(_App(NoStore()), FakeNet(hub, "c"), "127.0.0.1", P.TABLE_PORT, "Cy")
    out = []

    def clock():
        hub.t += 10
        return hub.t
    con = LinkConsole(client, out.append, lambda: False, lambda: None, clock=clock)

    def run(ms=200):
        return con.run(ms)
    run(40)
    evil.accept()
    return hub, evil, con, out, run


def test_console_joiner_refuses_bad_tables_and_leaves_with_a_sentence():
    hub, evil, con, out, run = console_joiner()
    evil.say(WELCOME)
    evil.say(good_state())
    run()
    assert con.c.state is not None and any("Your hand" in x or "Moves" in x for x in out), out
    for path, value in CASES[:MAX_BAD - 1]:
        evil.say(bad(path, value))
        assert run() is False and not con.c.done       # (the time given ran out)
    evil.say(bad(*CASES[MAX_BAD]))
    t0 = hub.t
    assert run(5000) is False and hub.t - t0 < 1000    # it left at once
    assert con.c.done and con.c.line is None
    assert UNREADABLE + "\n" in out
    con.command("table")          # the last good table is still there to print
    assert any("Trick" in x or "trick" in x or "Ann" in x for x in out[-12:])


NASTY = "\x1b[2J\x1bc\x07\x00\r\x1b]0;title\x07"      # (an OSC string goes whole)


def test_names_and_texts_from_a_host_put_no_control_character_on_a_terminal():
    hub, evil, con, out, run = console_joiner()
    w = dict(WELCOME, table="A" + NASTY + "B")
    evil.say(w)
    m = good_state()
    m["names"] = [NASTY + "Ann", "You", "C\x9by", "\u202eDi"]
    evil.say(m)
    run()
    evil.say({"t": "refused", "re": "act", "why": "No" + NASTY})
    run()
    con.command("table")
    text = "".join(out)
    assert con.c.session.names[0] == "Ann" and con.c.session.names[2] == "Cy"
    assert con.c.session.names[3] == "Di"
    for ch in "\x1b\x07\x00\r\x9b\u202e":
        assert ch not in text, repr(ch)
    assert "Ann" in text and con.c.table_name == "AB" and "! No" in text and "title" not in text


def test_player_name_is_printable_and_short_in_characters_and_bytes():
    assert P.player_name("\x1b[2J\x1bcBob") == "Bob"
    assert P.player_name("Annabelle") == "Annab"
    assert P.player_name("\U0001f600" * 5) == "\U0001f600" * 4       # 16 bytes
    assert P.player_name("\x07\x00") == "" and P.player_name(5) == ""


# --- the text joiner at a real (in-process) host ------------------------------------

def console_at_host(gid="nommie", kinds=("bot", "remote", "bot", "bot"), seed=3):
    from ui.console.link import LinkConsole, _App
    from ui.link.client import Client
    from ui.nostore import NoStore
    hub, h = linkrig.host_table(gid, list(kinds), seed=seed)
    client = Client(_App(NoStore()), FakeNet(hub, "c"), "127.0.0.1", P.TABLE_PORT, "Cy")
    out = []
    con = LinkConsole(client, lambda x: out.append(x), lambda: False, lambda: None,
                      clock=lambda: hub.t)

    def serve(until, most=3000):
        for _ in range(most):
            hub.t += 20
            h.step(hub.t)
            client.poll()
            if client.status != con.status:
                con.status = client.status
                if con.status:
                    con.say(con.status)
            if client.fresh and client.state is not None:
                client.fresh = False
                con.show()
            if until():
                return
        raise AssertionError("not reached:\n" + "".join(out[-30:]))
    return hub, h, con, out, serve


def my_turn(con):
    st = con.c.state
    return st is not None and st.legal and st.to_act() == con.c.seat


def test_the_text_joiner_of_call_break_tells_calls_in_the_hosts_words():
    # Call Break's engine says "call 3", not "bid 3": the joiner runs no
    # engine, so it tells each seat's call with the words the host sent
    hub, h, con, out, serve = console_at_host("callbreak")
    serve(lambda: my_turn(con))
    con.command("call 2")
    serve(lambda: my_turn(con) and con.c.state.v["phase"] == "play")
    lines = "".join(out).replace("You> ", "").split("\n")
    calls = [x for x in lines if x.startswith("  ") and ": call " in x]
    assert len(calls) >= 4 and "  Cy: call 2" in calls, lines
    assert not [x for x in lines if ": bid " in x], lines


def test_the_text_joiner_names_the_game_tells_the_bids_and_asks_again_after_a_refusal():
    hub, h, con, out, serve = console_at_host()
    serve(lambda: my_turn(con))
    text = "".join(out)
    assert "Joined " in text and ": Nomination Whist, seat 2." in text
    assert "You   hand: " in text
    con.command("bid 1")
    serve(lambda: my_turn(con) and con.c.state.v["phase"] == "play")
    text = "".join(out)
    bids = [x for x in text.replace("You> ", "").split("\n")
            if x.startswith("  ") and ": bid " in x]
    assert len(bids) >= 4, text                     # every seat's bid, the bots' too
    assert "  Trump: " in text or con.c.state.v["trump"] is None
    del out[:]
    hand = con.c.state.v["hands"][con.c.seat]
    legal = set(con.c.state.legal)
    wrong = [c for c in range(52) if c not in hand][0]
    from engine.cards import card_text
    con.command(card_text(wrong))                   # not in the hand: the host refuses
    serve(lambda: any(x.startswith("! ") for x in out))
    assert out[-1] == "Cy> " or out[-1].endswith("> "), out[-3:]
    assert legal


def test_the_text_joiner_shows_the_whole_table_after_a_rejoin():
    hub, h, con, out, serve = console_at_host()
    serve(lambda: my_turn(con))
    con.c.line.sock.close()                         # the connection drops
    del out[:]
    serve(lambda: con.c.back_at is not None and con.c.state is not None and not con.c.fresh)
    text = "".join(out)
    assert "Back at " in text and "You   hand: " in text, text
    assert any(x.startswith("NOMINATION WHIST") or "round" in x for x in out), text
