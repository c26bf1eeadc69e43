"""In-process link tables (dev-side): a host App and joiner Apps on one
in-memory network (tools/link/fake_net.py) and one virtual clock, each App's
humans played by tools/link/auto_key.py's policy (A mostly, RIGHT now and
then). tools/bench/link_heap.py records a host's lines with them; the link
tests build their tables with them (tests/linkrig.py)."""
from tools.link.auto_key import auto_key
from tools.link.fake_net import FakeNet, Hub
from ui.app import App
from ui.nostore import NoStore


def counter():
    """An entropy source that gives the same numbers every run."""
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
        self.app = App(160, 128, self.store, "test", entropy or counter())
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
        link = self.app.link
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
    from ui.link import lobby as link_lobby
    hub = hub or Hub()
    h = Player(hub, "host")
    link_lobby.host(h.app, gid, kinds, [level] * len(kinds), seed, options or {}, grace,
                    net=h.net, turn=turn)
    return hub, h


def joiner(hub, who="j", name=None, port=5291):
    from ui.link import remote as link_remote
    p = Player(hub, who)
    link_remote.join(p.app, "127.0.0.1", port, name, net=p.net)
    return p
