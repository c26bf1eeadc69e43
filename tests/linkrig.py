"""In-process link tables for the tests: a host App and joiner Apps on one
in-memory network (tools/link_fake.py) and one virtual clock, each App's
humans played by a simple key policy (A mostly, RIGHT now and then)."""
import os

from tools.link_fake import FakeNet, Hub
from tools.link_keys import auto_key
from ui.app import App
from ui.nostore import NoStore

# any real link socket a test opens stays on 127.0.0.1 (hal/desktop_net.py)
os.environ["POCKET_TRICKS_LINK_LOCAL"] = "1"


def _counter():
    n = [4242]

    def entropy():
        n[0] = (n[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return n[0]
    return entropy


class Player:
    """One App (host or joiner) on the hub, with its auto-pressing humans."""

    def __init__(self, hub, who, entropy=None, store=None):
        self.hub = hub
        self.net = FakeNet(hub, who)
        self.store = store or NoStore()
        self.app = App(160, 128, self.store, "test", entropy or _counter())
        self.app.settings["tips"] = False     # (not shown at link tables anyway)
        self.app.net = self.net
        self.app.settings["speed"] = 3
        self.app.settings["autoplay"] = False
        self.app.start()
        self.keys = 0
        self.who = who

    def table(self):
        for s in reversed(self.app.stack):
            if getattr(s, "kind", "") == "table":
                return s
        return None

    def over(self):
        return type(self.app.top()).__name__.endswith("GameOver")

    dead = False

    def step(self, now):
        if self.dead:
            return
        self.app.tick(now)
        if self.over():
            return
        k = auto_key(self.app, self.keys)
        if k is not None:
            self.press(k)

    def press(self, k):
        self.keys += 1
        self.app.key(k)

    def kill(self):
        """As if the process died: every socket closes, nothing is said."""
        link = getattr(self.app, "link", None)
        if link is None:
            return
        if hasattr(link, "listener"):
            link.listener.close()
            for line in link.lines:
                line.sock.close()
        elif link.line is not None:
            link.line.sock.close()
        self.app.link = None
        self.dead = True


def run(players, limit_steps=400000, dt=20, until=None):
    """Step every player until all show game over (or until(), or the limit)."""
    hub = players[0].hub
    for n in range(limit_steps):
        hub.t += dt
        for p in players:
            p.step(hub.t)
        if until is not None and until():
            return n
        if until is None and all(p.over() for p in players if not p.dead):
            return n
    raise AssertionError("not done after %d steps" % limit_steps)


def host_table(gid, kinds, seed=5, options=None, level=1, grace=30, hub=None, turn=0):
    """A hub with a host Player that opened a link table."""
    from ui import link_lobby
    hub = hub or Hub()
    h = Player(hub, "host")
    link_lobby.host(h.app, gid, kinds, [level] * len(kinds), seed, options or {}, grace,
                    net=h.net, turn=turn)
    return hub, h


def joiner(hub, who="j", name=None, port=5291):
    from ui import link_remote
    p = Player(hub, who)
    link_remote.join(p.app, "127.0.0.1", port, name, net=p.net)
    return p


def split_lines(data):
    import json
    out = []
    for raw in data.split(b"\n"):
        if raw.strip():
            out.append(json.loads(raw))
    return out


def normal(x):
    import json
    return json.loads(json.dumps(x))


STATE_KEYS = {"v", "t", "deal", "n", "view", "h0", "hist", "hn", "names", "kinds", "legal", "wait",
              "winners", "why", "turn"}
OTHER_KEYS = {"welcome": {"v", "t", "seat", "token", "table", "game", "players", "deal",
                          "grace", "turn"},
              "refused": {"v", "t", "re", "why"}, "ping": {"v", "t"}, "bye": {"v", "t", "why"}}


def check_privacy(received, game, players, seed, options, actions):
    """received: {seat: [every message the host sent to that seat, in order]}.
    Every state message must be exactly the engine's view(seat) at its move
    (history accumulated as the protocol says), with that seat's legal actions
    only when it is to act; no other seat's hand; every other message carries
    no game data. Returns the number of state messages checked."""
    from engine import games
    need = {}
    for seat, msgs in received.items():
        for m in msgs:
            if m["t"] == "state":
                need.setdefault(m["n"], set()).add(seat)
            else:
                assert set(m) <= OTHER_KEYS[m["t"]], m
    expect = {}
    st = games.new_game(game, players, seed, **options)
    for k in range(len(actions) + 1):
        if k in need:
            for seat in need[k]:
                expect[(k, seat)] = (normal(st.view(seat)), st.legal_actions()
                                     if st.to_act() == seat else [])
        if k < len(actions):
            st.apply(actions[k])
    checked = 0
    for seat, msgs in received.items():
        hist = []
        for m in msgs:
            if m["t"] != "state":
                continue
            assert set(m) <= STATE_KEYS, m.keys()
            view = dict(m["view"])
            hist = hist[:m["h0"]] + m["hist"]
            view["history"] = hist
            want, legal = expect[(m["n"], seat)]
            if len(hist) == m["hn"]:
                assert view == want, (seat, m["n"])
            else:                     # history still arriving in chunks
                partial = dict(want)
                partial["history"] = want["history"][:len(hist)]
                assert view == partial, (seat, m["n"])
            for o in range(players):
                if o != seat:
                    assert view["hands"][o] is None
            assert m["legal"] == (legal if m["wait"] is None else []), (seat, m["n"])
            checked += 1
    return checked
