"""Strangers at a link table (issue 37, items 6-8), in one process on the
in-memory network (tests/linkrig.py): a connection that takes a seat,
pings and never moves cannot hold the table (the host frees the seat; with
no turn timer a bot makes a move its joiner has not made in a minute);
reconnecting in a loop writes link.json only when something changed; a host
name that never resolves blocks neither the joining screen nor the text
joiner's input."""
import time

from hal import keys as K
from hal.sockets import is_address
from tools.link.fake_net import FakeNet
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


# --- item 8: a host name that never resolves ------------------------------------

def slow_resolver(monkeypatch, seconds=5.0):
    """desktop_net's lookups take `seconds` and find nothing (a dead resolver)."""
    from hal import desktop_net
    calls = []

    def lookup(host):
        calls.append(host)
        time.sleep(seconds)
        raise OSError("no address")
    monkeypatch.setattr(desktop_net, "lookup", lookup)
    return calls


def test_a_name_that_never_resolves_blocks_no_tick_of_the_joining_screen(monkeypatch):
    from hal import desktop_net
    calls = slow_resolver(monkeypatch, 3.0)
    p = Player(linkrig.Hub(), "j")
    net = desktop_net.Net("127.0.0.1")
    from ui.link import remote as link_remote
    link_remote.join(p.app, "nowhere.invalid", 5291, "Jo", net=net)
    worst = 0.0
    t0 = time.monotonic()
    while time.monotonic() - t0 < 1.5:
        a = time.monotonic()
        p.app.tick(int(a * 1000))
        worst = max(worst, time.monotonic() - a)
        time.sleep(0.01)
    assert calls == ["nowhere.invalid"]          # one lookup, in the background
    assert worst < 0.2, worst
    assert "Looking up nowhere.invalid" in p.app.top().client.status
    assert "Looking up nowhere.invalid" in " ".join(p.app.top().lines)
    p.app.top().back()


class DeadResolverNet(FakeNet):
    """A network whose resolver never answers: a connect by name blocks as
    CPython's socket.connect does (the lookup inside it), resolve() is still
    looking."""

    def resolve(self, host):
        return host if is_address(host) else None

    def connect(self, host, port, timeout_ms=2000):
        if not is_address(host):
            time.sleep(2.0)
            raise OSError("no address for %s" % host)
        return FakeNet.connect(self, host, port, timeout_ms)


def typed_help(client, after=0.3, most=1500):
    """`help` typed `after` s into a LinkConsole's run: (seconds until the
    answer or None, everything written)."""
    from ui.console.link import HELP, LinkConsole
    out, typed, answered = [], [], []
    t0 = time.monotonic()

    def ready():
        if not typed and time.monotonic() - t0 > after:
            typed.append(time.monotonic())
        return len(typed) == 1

    def readline():
        typed.append("help")
        return "help"

    def write(text):
        out.append(text)
        if HELP[0] in text and not answered:
            answered.append(time.monotonic())
    LinkConsole(client, write, ready, readline).run(most)
    return (answered[0] - (t0 + after) if answered else None), out   # (from the typing)


def test_help_typed_while_the_resolver_hangs_is_answered_at_once():
    from ui.console.link import _App
    from ui.link.client import Client
    from ui.nostore import NoStore
    client = Client(_App(NoStore()), DeadResolverNet(linkrig.Hub()), "nowhere.invalid", 5291)
    took, out = typed_help(client)
    assert took is not None and took < 0.3, took
    assert any("Looking up nowhere.invalid" in x for x in out)


def test_help_typed_while_a_name_is_looked_up_is_answered_at_once(monkeypatch):
    # the desktop's own resolver (hal.desktop_net), its lookup taking 5 s
    from hal import desktop_net
    from ui.console.link import _App
    from ui.link.client import Client
    from ui.nostore import NoStore
    calls = slow_resolver(monkeypatch, 5.0)
    net = desktop_net.Net("127.0.0.1")
    took, out = typed_help(Client(_App(NoStore()), net, "nowhere.invalid", 5291, "Cy"))
    assert took is not None and took < 0.3, took
    assert any("Looking up nowhere.invalid" in x for x in out)
    assert calls == ["nowhere.invalid"]          # one lookup at a time


def test_an_address_or_a_name_that_resolves_still_joins(monkeypatch):
    from hal import desktop_net
    net = desktop_net.Net("127.0.0.1")
    assert net.resolve("127.0.0.1") == "127.0.0.1"       # no lookup for an address
    monkeypatch.setattr(desktop_net, "lookup", lambda host: "127.0.0.1")
    got = None
    t0 = time.monotonic()
    while got is None and time.monotonic() - t0 < 5:
        got = net.resolve("example.test")
        time.sleep(0.01)
    assert got == "127.0.0.1"


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


def test_a_board_looks_a_name_up_after_a_tick_that_says_so_and_not_again_at_once():
    from hal import wifinet
    looked = []

    class Pool:
        answer = None

        def getaddrinfo(self, host, port):
            looked.append(host)
            if self.answer is None:
                raise OSError(-2)          # (socketpool's gaierror is an OSError)
            return [(2, 1, 0, "", (self.answer, port))]
    net = wifinet.Net.__new__(wifinet.Net)  # (no radio here: the lookups alone)
    net.pool, net.names, clock = Pool(), {}, [0]
    net.now_ms = lambda: clock[0]
    assert net.resolve("192.168.1.20") == "192.168.1.20" and not looked
    assert net.resolve("tv.lan") is None and not looked   # the screen says "Looking up" first
    for _ in range(5):                    # no address: said at once, not looked up again
        try:
            net.resolve("tv.lan")
            raise AssertionError("an address for a name that has none")
        except OSError:
            pass
        clock[0] += 1000
    assert looked == ["tv.lan"]
    clock[0] += wifinet.RETRY_MS
    Pool.answer = "192.168.1.7"
    assert net.resolve("tv.lan") is None
    assert net.resolve("tv.lan") == "192.168.1.7" and net.resolve("tv.lan") == "192.168.1.7"
    assert looked == ["tv.lan", "tv.lan"]
