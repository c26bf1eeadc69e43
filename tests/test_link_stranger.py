"""Strangers at a link table (issue 37), in one process on the in-memory
network (tests/linkrig.py): a connection that takes a seat, pings and never
moves cannot hold the table (the host frees the seat; with no turn timer a
bot makes a move its joiner has not made in a minute); reconnecting in a
loop writes link.json only when something changed."""
from hal import keys as K
from ui.link import proto as P
from ui.saves import Store

import linkrig
from linkrig import Player, host_table, joiner, run
from test_link_table import Raw, moves_by


class Stranger(Raw):
    """A raw connection that says hello, then only pings (never a move)."""

    def __init__(self, hub, h, **hello):
        Raw.__init__(self, hub, h)
        self.got = self.say(t="hello", **hello)

    def idle(self, ms):
        """ms of the hub's clock with a ping every 2 s; the host's messages."""
        out = []
        end = self.hub.t + ms
        while self.hub.t < end:
            if not self.sock.closed:
                try:
                    self.sock.send(P.encode({"t": "ping"}))
                except OSError:
                    pass
            out += self.pump(200)          # 2 s of the host's ticks
        return out


def menu_rows(app):
    return [it[0] for it in app.top().items]


def choose_row(app, text):
    rows = menu_rows(app)
    i = [r for r in range(len(rows)) if rows[r].startswith(text)][0]
    for _ in range(i):
        app.key(K.DOWN)
    app.key(K.A)


# --- item 6: a silent seat ---------------------------------------------------------

def test_the_host_frees_a_seat_held_by_a_silent_stranger_and_a_friend_takes_it():
    hub, h = host_table("callbreak", ["human", "remote", "bot", "bot"], seed=3)
    evil = Stranger(hub, h, name="Evil")
    assert evil.got[0]["t"] == "welcome" and evil.got[0]["seat"] == 1
    tok = evil.got[0]["token"]
    evil.idle(20000)
    host = h.app.link
    friend = Raw(hub, h)
    assert "No free seat" in friend.say(t="hello", name="Ann")[0]["why"]
    h.app.key(K.START)                           # the host's pause menu
    assert type(h.app.top()).__name__ == "HostPause"
    assert "Free seat 2: Evil" in menu_rows(h.app)
    choose_row(h.app, "Free seat 2")
    assert h.app.top() is h.table()
    bye = [m for m in evil.pump() if m["t"] == "bye"]
    assert bye and bye[0].get("freed") is True and "freed" in bye[0]["why"]
    assert evil.sock.closed or not [ln for ln in host.lines if ln.seat == 1]
    assert host.kind(1) == "open" and host.tokens[1] is None
    assert h.table().names()[1] == "P2"
    again = Raw(hub, h)                          # its token is void now
    assert "Unknown token" in again.say(t="hello", token=tok)[0]["why"]
    j = joiner(hub, "j", "Ann")                  # a real joiner takes the freed seat
    run([h, j], until=lambda: j.table() is not None)
    assert j.table().seat == 1 and host.kind(1) == "remote"
    run([h, j])
    assert h.table().state().is_over()


def test_the_host_can_free_a_dropped_players_seat_too():
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"], seed=6, grace=300)
    a = Raw(hub, h)
    tok = a.say(t="hello", name="Ann")[0]["token"]
    a.sock.close()
    a.pump(5)
    host = h.app.link
    assert host.kind(1) == "away"
    h.app.key(K.START)
    choose_row(h.app, "Free seat 2")
    assert host.kind(1) == "open" and host.away[1] is None
    assert "Unknown token" in Raw(hub, h).say(t="hello", token=tok)[0]["why"]


def test_a_joiner_whose_seat_is_freed_says_so_and_does_not_come_back():
    hub, h = host_table("nommie", ["human", "remote", "bot", "bot"], seed=5)
    j = joiner(hub, "j", "Jo")
    run([h, j], until=lambda: j.table() is not None)
    c = j.table().client
    from ui.link.menus import free_seat
    free_seat(h.app.link, 1)
    run([h, j], until=lambda: c.done)
    assert c.status == "The host freed your seat." and c.token is None
    run([h, j], until=lambda: hub.t > 10000 and h.app.link.kind(1) == "open" or None)
    assert c.line is None and not h.app.link.lines        # no retry
    assert c.table.prompt_text(c.table.state().view(), True) == c.status


def test_the_host_setup_says_what_no_turn_timer_means():
    from ui.link.lobby import HostSetup
    p = Player(linkrig.Hub(), "host")
    p.app.push(HostSetup())
    s = p.app.top()
    while s.rows_model()[s.cursor][0] != "turn":
        p.app.key(K.DOWN)
    assert s.footer == "Off: bot moves after 60 s"
    p.app.key(K.RIGHT)
    assert s.footer == "Then a bot makes the move"
    p.app.key(K.DOWN)
    assert s.footer == "L/R change, A open"


def test_without_a_turn_timer_a_silent_joiner_gets_a_bot_move_after_a_minute():
    hub, h = host_table("callbreak", ["bot", "remote", "bot", "bot"], seed=4)
    evil = Stranger(hub, h, name="Evil")
    host = h.app.link
    while h.table().state().to_act() != 1:
        evil.pump(5)
    start = hub.t
    seen = []
    while not moves_by(h, 1) and hub.t - start < 70000:
        for m in evil.idle(2000):
            if m["t"] == "state" and m["turn"] is not None:
                seen.append((hub.t - start, m["turn"]))
        left = host.turn_left()
        if hub.t - start < P.IDLE_MS - P.IDLE_SHOWN_MS - 2000:
            assert left is None, (hub.t - start, left)   # nothing counted down before
    took = hub.t - start
    assert P.IDLE_MS <= took <= P.IDLE_MS + 4000, took
    assert seen and seen[0][1] <= P.IDLE_SHOWN_MS // 1000   # the last 20 s shown
    assert host.kind(1) == "remote"             # the seat stays its joiner's
    start = hub.t
    evil.idle(30000)
    assert len(moves_by(h, 1)) == 1 or hub.t - start >= P.IDLE_MS


# --- item 7: link.json written only on a change -------------------------------------

def counted_store(path, counts):
    store = Store(str(path), True)
    write = store._write

    def counting(name, kind, payload):
        counts.append(name)
        return write(name, kind, payload)
    store._write = counting
    return store


def test_reconnecting_with_a_stored_token_writes_link_json_no_more(tmp_path):
    from ui.link import lobby as link_lobby
    hub = linkrig.Hub()
    writes = []
    h = Player(hub, "host", store=counted_store(tmp_path / "host", writes))
    link_lobby.host(h.app, "nommie", ["human", "remote", "bot", "bot"], [1] * 4, 5, {}, 30,
                    net=h.net)
    a = Raw(hub, h)
    tok = a.say(t="hello", name="Evil")[0]["token"]
    before = writes.count("link.json")
    for _ in range(300):
        a.sock.close()
        a.pump(1)
        a = Raw(hub, h)
        assert a.say(t="hello", token=tok)[0]["t"] == "welcome"
    assert writes.count("link.json") == before
    h.app.link.bots_for_open()                   # a real change is written
    assert writes.count("link.json") == before + 1


def test_a_joiner_welcomed_again_and_again_writes_its_seat_once(tmp_path):
    hub, h = host_table("nommie", ["human", "remote", "bot", "bot"], seed=5)
    writes = []
    j = Player(hub, "j", store=counted_store(tmp_path / "j", writes))
    from ui.link import remote as link_remote
    link_remote.join(j.app, "127.0.0.1", 5291, "Jo", net=j.net)
    run([h, j], until=lambda: j.table() is not None)
    c = j.table().client
    assert writes.count("link.json") == 1
    for _ in range(50):                          # the host drops it, it comes back
        for ln in list(h.app.link.lines):
            ln.close()
        run([h, j], until=lambda: c.line is None)
        run([h, j], until=lambda: c.line is not None and h.app.link.kind(1) == "remote")
    assert writes.count("link.json") == 1


def test_the_text_joiner_is_told_its_last_seconds_when_they_start():
    from test_link_hostile import WELCOME, console_joiner, good_state
    hub, evil, con, out, run = console_joiner()
    evil.say(WELCOME)
    evil.say(good_state())                       # its turn, no seconds counted
    run()
    assert any("> " in x for x in out) and not any("You have" in x for x in out)
    late = good_state()
    late["turn"] = 20                            # the host's last 20 s of the minute
    evil.say(late)
    evil.say(late)
    run()
    told = [x for x in out if "You have" in x]
    assert told == ["You have 20 s for this move, then a bot makes it.\n"], told
