"""Fuzz of a link host by strangers (issue 37), in one process on the
in-memory network (tests/linkrig.py), from fixed seeds: connections that say
hello (names with control characters, escape sequences, NUL, invisible-only
text, huge texts, wrong JSON types, null where a text or a number belongs),
ping and never move; reconnect loops with valid, unknown and ill-typed
tokens; floods of up to 200 connections; partial lines, junk, oversized and
deeply nested lines; the host freeing seats. No exception escapes, the moves
are never lost, link.json is written only when the seats or tokens change,
and afterwards the host frees the silent seats, real joiners take them and
the game is played to its end. Each seed runs in a few seconds.

Lone surrogates ("\\ud800") go in every field, the hello's name too (proto's
player_name cleans them by ui.clean's rule)."""
import json
import random

import pytest

from tools.link.fake_net import FakeNet
from ui.link import proto as P
from ui.link.menus import free_seat
from ui.saves import Store

import linkrig
from linkrig import Player, joiner, run

SEEDS = (1, 2, 3, 4, 5)
STEPS = 300              # fuzz actions a seed
MOST_CONNECTIONS = 200   # a seed opens at most this many
SURROGATE = "\ud800"
TEXTS = ["", " ", "Ann", "\x1b[2J\x1b]0;pwn\x07", "\x00", "A\x00B", "\u200b\u2060\ufeff",
         "Cy\u200b", "\t\r\n", "x" * 5000, "\U0001F600" * 9, "\x7f\x9b31m", "\u202eevil",
         "Bob\x08\x08\x08Eve", "é" * 40]
NAMES = TEXTS + [SURROGATE, "Ann\ud800", "\udcff" * 3]
WRONG = [None, 5, -1, 2 ** 40, 1.5, True, [], [1, "a"], {}, {"a": None}, "1"]
JUNK = [b"\xff\xfe\n", b"{\n", b"[]\n", b"null\n", b'"hello"\n', b"\n" * 30, b" " * 200,
        b"[" * 3000 + b"\n", b"y" * 5000 + b"\n", b'{"v":1,"t":"hello","name":"\\ud800\\udfff"}\n',
        b'{"v":1,"t":5}\n', b'{"v":1,"t":"act","n":0,"a":12}\n', b'{"v":2,"t":"hello"}\n',
        b'{"v":1,"t":"hello","token":"\\ud800"}\n', b'{"v":1,"t":"sync"}\n',
        b'{"v":1,"t":"hello","name":{"$":1}}\n', b'{"v":1,"t":"\\u0000"}\n']


def line_of(msg):
    """The bytes of msg as a line, however long."""
    return json.dumps(dict(msg, v=1)).encode() + b"\n"


# what the fuzz does next, by weight: mostly strangers that say hello and
# ping; now and then the host frees a seat
ACTIONS = ("hello",) * 4 + ("ping",) * 6 + ("loop", "loop", "flood", "partial", "junk", "junk",
                                             "close", "wait", "wait") * 2 + ("free",)


class Conn:
    """One stranger's connection: raw bytes to the host, whatever comes back."""

    def __init__(self, hub, net):
        self.sock = net.connect("127.0.0.1", P.TABLE_PORT)
        self.heard = b""
        self.tokens = []
        self.bye = None

    def send(self, data):
        try:
            self.sock.send(data)
        except OSError:          # the host closed it
            pass

    def say(self, msg):
        self.send(line_of(msg))

    def read(self):
        buf = bytearray(65536)
        while True:
            n = self.sock.recv_into(buf)
            if n <= 0:
                break
            self.heard += bytes(buf[:n])
        *lines, self.heard = self.heard.split(b"\n")
        for raw in lines:
            if raw.strip():
                m = json.loads(raw)
                assert type(m) is dict and m.get("v") == 1, m
                if m["t"] == "welcome":
                    self.tokens.append(m["token"])
                elif m["t"] == "bye":
                    self.bye = m


def writes_counted(store, writes):
    write = store._write

    def counting(name, kind, payload):
        if name == "link.json":
            writes.append(json.loads(json.dumps(payload)))
        return write(name, kind, payload)
    store._write = counting


def fuzz(seed, tmp_path):
    """The fuzz of one seed: (hub, host player, link.json's writes, the changes
    that may write it, the strangers' connections, what happened)."""
    rng = random.Random(seed)
    from ui.link import lobby as link_lobby
    hub = linkrig.Hub()
    store = Store(str(tmp_path / "host"), True)
    writes = []
    writes_counted(store, writes)
    h = Player(hub, "host", store=store)
    link_lobby.host(h.app, "callbreak", ["human", "remote", "remote", "bot"], [1] * 4, 4 + seed,
                    {}, 30, net=h.net)
    host = h.app.link
    st = h.table().state()
    net = FakeNet(hub, "evil")
    conns = []
    opened = 0
    known = []               # every token a welcome gave
    moves = 0
    issued = 0               # seats freed (with the tokens given): the real changes
    seen = {"forced": set(), "waits": 0}    # moves a bot made for a silent seat; open waits

    def step(ms):
        nonlocal moves
        end = hub.t + ms
        while hub.t < end:
            hub.t += 20
            if hub.t % 2000 == 0:          # a seated stranger pings, and never moves
                for c in conns:
                    if c.tokens and not c.sock.closed:
                        c.say({"t": "ping"})
            h.step(hub.t)
            if host.forced >= 0:
                seen["forced"].add(host.forced)
        assert len(st.log) >= moves        # moves are never lost
        moves = len(st.log)
        for c in conns:
            c.read()
            for t in c.tokens:
                if t not in known:
                    known.append(t)

    def connect():
        nonlocal opened
        if opened >= MOST_CONNECTIONS:
            return None
        opened += 1
        c = Conn(hub, net)
        conns.append(c)
        return c

    def hello():
        msg = {"t": "hello"}
        if rng.random() < 0.8:
            msg["name"] = rng.choice(NAMES + WRONG)
        r = rng.random()
        if r < 0.3 and known:
            msg["token"] = rng.choice(known)
        elif r < 0.5:
            msg["token"] = rng.choice(TEXTS + WRONG + [SURROGATE, "0" * 16])
        if rng.random() < 0.2:
            msg["seat"] = rng.choice(WRONG + [0, 1, 2, 3, 4])
        return msg

    for _ in range(STEPS):
        kind = rng.choice(ACTIONS)
        live = [c for c in conns if not c.sock.closed]
        if kind == "hello":
            c = connect()
            if c is not None:
                c.say(hello())
        elif kind == "ping":
            for c in live:
                c.say({"t": "ping"})
        elif kind == "loop" and known:
            tok = rng.choice(known)
            for _ in range(rng.randint(1, 8)):
                c = connect()
                if c is None:
                    break
                c.say({"t": "hello", "token": tok, "name": rng.choice(NAMES)})
                step(20)
                c.sock.close()
        elif kind == "flood":
            for _ in range(rng.randint(3, 15)):
                c = connect()
                if c is not None and rng.random() < 0.5:
                    c.send(rng.choice(JUNK))
        elif kind == "partial" and live:
            c = rng.choice(live)
            data = line_of(hello())
            c.send(data[:rng.randint(1, len(data) - 1)])      # the rest never comes
        elif kind == "junk" and live:
            rng.choice(live).send(rng.choice(JUNK))
        elif kind == "close" and live:
            rng.choice(live).sock.close()
        elif kind == "free":
            seats = [s for s in (1, 2) if host.tokens[s] is not None]
            if seats:
                free_seat(host, rng.choice(seats))
                issued += 1
        step(rng.choice((20, 100, 500, 2000, 9000)))
    issued += len(known)
    return hub, h, writes, issued, conns, seen


@pytest.mark.parametrize("seed", SEEDS)
def test_strangers_flood_and_silent_seats_never_stop_the_table(seed, tmp_path):
    hub, h, writes, issued, conns, seen = fuzz(seed, tmp_path)
    host = h.app.link
    st = h.table().state()
    # link.json: each write a change, and no more than the seats and tokens changed
    for a, b in zip(writes, writes[1:]):
        assert a != b, "link.json rewritten unchanged"
    assert 1 <= len(writes) <= issued + 2, (len(writes), issued)
    # nothing lost: the game as saved is the table's, up to its last autosave;
    # a game the fuzz saw to its end is counted once, and the host deals again
    if st.is_over():
        stats = h.store.load_stats()["callbreak"]
        assert stats["played"] == 1 and h.store.load_game()[0] is None
        from ui.link.menus import again
        again(h.table())
        st = h.table().state()
    else:
        rec = h.store.load_game()[0]
        assert bytes(st.log).startswith(bytes(rec["log"]))
    # the host frees whatever strangers hold; a silent one takes seat 2 again
    # and a real joiner seat 3: the silent seat's moves are made by a bot
    # after a minute each, then the host frees it for a second real joiner
    for c in conns:
        c.sock.close()
    for s in (1, 2):
        free_seat(host, s)
    assert host.kind(1) == host.kind(2) == "open"
    assert not st.is_over()
    silent = Conn(hub, FakeNet(hub, "silent"))
    silent.say({"t": "hello", "name": "Mute", "seat": 1})
    real = [joiner(hub, "real0", "Real0")]
    n = len(st.log)
    made = moves_by(st, 1)
    t0 = hub.t
    while hub.t - t0 < 3 * P.IDLE_MS + 10000 and not st.is_over():
        hub.t += 20
        if hub.t % 2000 == 0:
            silent.say({"t": "ping"})
        for p in [h] + real:
            p.step(hub.t)
    assert host.kind(1) == "remote" and host.kind(2) == "remote"
    assert len(st.log) > n and moves_by(st, 1) > made      # the table went on
    free_seat(host, 1)
    silent.read()
    assert silent.bye["freed"] is True and silent.sock.recv_into(bytearray(9)) == -1
    real.append(joiner(hub, "real1", "Real1"))
    run([h] + real, until=lambda: all(j.table() is not None for j in real))
    assert sorted(j.table().seat for j in real) == [1, 2]
    run([h] + real)
    assert st.is_over()
    assert all(j.table().state().winners() == st.winners() for j in real)


def moves_by(st, seat):
    """How many moves seat made in st (a state of the host's table)."""
    from engine import games
    g = games.new_game(st.view(None)["game"], st.players, st.deal_seed, **st.options)
    k = 0
    for a in st.actions():
        k += g.to_act() == seat
        g.apply(a)
    return k
