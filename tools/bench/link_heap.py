"""What link play costs in CircuitPython's heap (dev-side).

    python -m tools.bench.link_heap [--game callbreak] [--kind mpy]

The CircuitPython binary has no socketpool, so the network is
tools/link/fake_net.py's in-memory one (its own cost is in the figures, a few
hundred bytes). Three measurements, each in the 32-bit binary whose
collector runs as on a board (CircuitPython's unix port, not provided with the
project: $POCKET_TRICKS_CIRCUITPYTHON, tools/runners/circuitpy.py):

- imports(): what importing each link module adds to the heap once the
  table's own modules are loaded (bytecode, objects, interned names).
- host_game(): a whole game hosted at this board: seat 0 a human pressing
  keys, seat 1 a joiner (a fake client in the same script answering every
  state with its first legal move), the rest level-``level`` bots, autosaves
  to a folder: the largest live heap after a collection between steps, and
  whether it completes in the budget.
- joiner_game(): the joiner's side: the host's messages to one seat,
  recorded from a whole game on CPython, fed to a joining App one line at a
  time while it shows them (round summaries, its own decisions): the
  largest live heap.

plain(): the same game without link play (tools/runners/device_game.py), for the
comparison.
"""
import argparse
import os
import sys

from tools.runners import circuitpy, device_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KB = 1024
BUDGET = 96 * KB
# each device's modules in the order it imports them: a joiner, a host, the
# menus before a table (three runs: a qstr pool's doubling is charged to
# whichever import crosses it, as on the device)
JOINER = ("ui.link.proto", "ui.link.state", "ui.link.client", "ui.link.remote", "ui.link.check")
HOSTER = ("ui.link.proto", "ui.link.host", "ui.link.host_table", "hal.net", "ui.link.saved")
MENUS = ("ui.link.menus", "ui.link.lobby")
LINK_MODULES = JOINER + HOSTER[1:] + MENUS


def _tools():
    # The dev-side modules the scripts import in the binary: the fake network
    # and the scripted human's keys.
    out = {}
    for name in ("fake_net.py", "auto_key.py"):
        with open(os.path.join(ROOT, "tools", "link", name), encoding="utf-8") as f:
            out[name] = f.read()
    return out


IMPORTS = """
import gc
import ui.app
import ui.saves
import ui.table
import ui.session
import ui.screen
import ui.list_screen
import engine.games
gc.collect()
out = {}
for name in %(mods)r:
    gc.collect()
    a = gc.mem_alloc()
    __import__(name)
    gc.collect()
    out[name] = gc.mem_alloc() - a
import json
print("RESULT " + json.dumps(out))
"""

POLICY = """
from auto_key import auto_key


def sample():
    gc.collect()
    return gc.mem_alloc()
"""

HOST = """
import gc
import json
import os
from ui.app import App
from ui.saves import Store
import fake_net
""" + POLICY + """
GAME = %(game)r
SAVES = WORK + "/saves"
try:
    os.mkdir(SAVES)
except OSError:
    pass
hub = fake_net.Hub()
app = App(160, 128, Store(SAVES, True), "host", lambda: 12345)
app.net = fake_net.FakeNet(hub, "host")
app.settings["bot_level"] = %(level)d
app.settings["autoplay"] = False
app.settings["tips"] = False      # (a player who knows the game: the tips' cost is cp_heap's)
app.start()
from ui.link import lobby as link_lobby
link_lobby.host(app, GAME, ["human", "remote"] + ["bot"] * (%(players)d - 2),
                [%(level)d] * %(players)d, %(seed)d, %(options)r, 30)
sock = fake_net.FakeNet(hub, "j").connect("127.0.0.1", 5291)
sock.send(b'{"v":1,"t":"hello","name":"Jo"}\\n')
inq = b""
keys = 0
live = 0
largest = 0
steps = 0
buf = bytearray(1024)
while not type(app.top()).__name__.endswith("GameOver") and steps < %(limit)d:
    steps += 1
    hub.t += 20
    app.tick(hub.t)
    for s in app.stack:
        if getattr(s, "hold_until", 0) > hub.t + 1:
            s.hold_until = hub.t + 1
    n = sock.recv_into(buf)
    while n > 0:
        inq += memoryview(buf)[:n]        # (no copies of its own: the host is measured)
        n = sock.recv_into(buf)
    i = inq.find(b"\\n")
    while i >= 0:
        line, inq = inq[:i], inq[i + 1:]
        largest = max(largest, len(line) + 1)
        m = json.loads(line)
        if m["t"] == "state" and m["legal"]:
            sock.send(('{"v":1,"t":"act","n":%%d,"a":%%d}\\n' %% (m["n"], m["legal"][0])).encode())
        m = line = None
        i = inq.find(b"\\n")
    k = auto_key(app, keys)
    if k is not None:
        keys += 1
        app.key(k)
    if steps %% %(every)d == 0:
        live = max(live, sample())
t = getattr(app.top(), "table", None) or app.top()
st = t.state()
print("RESULT " + json.dumps({"over": st.is_over(), "actions": len(st.log), "keys": keys,
                              "live": live, "largest": largest, "steps": steps}))
"""

JOIN = """
import gc
import json
from ui.app import App
from ui.nostore import NoStore
import fake_net
""" + POLICY + """
hub = fake_net.Hub()
app = App(160, 128, NoStore(), "joiner", lambda: 12345)
app.net = fake_net.FakeNet(hub, "j")
app.settings["autoplay"] = False
app.start()
host = fake_net.FakeNet(hub, "host").listen(5291)
from ui.link import remote as link_remote
link_remote.join(app, "127.0.0.1", 5291, "Jo")
f = open(WORK + "/host_lines.txt", "rb")
peer = None
keys = 0
live = 0
steps = 0
fed = 0
buf = bytearray(1024)
while steps < %(limit)d:
    steps += 1
    hub.t += 20
    app.tick(hub.t)
    if peer is None:
        got = host.accept()
        if got is not None:
            peer = got[0]
    elif not peer.peer.inq:
        line = f.readline()
        if not line:
            break
        peer.send(line)
        fed += 1
        line = None
    while peer is not None and peer.recv_into(buf) > 0:
        pass
    k = auto_key(app, keys)
    if k is not None:
        keys += 1
        app.key(k)
    if steps %% %(every)d == 0:
        live = max(live, sample())
t = app.link
t = t.table if t is not None else None
print("RESULT " + json.dumps({"fed": fed, "keys": keys, "live": live, "steps": steps,
                              "over": t is not None and t.state().is_over()}))
"""

DEFAULTS = {"nommie": {}, "linger": {}, "nines": {}, "callbreak": {}, "israeli": {"rounds": 4}}
PLAYERS = {"nines": 3}


def imports(kind="mpy", mods=LINK_MODULES):
    out = circuitpy.run(IMPORTS % {"mods": mods}, 256 * KB, circuitpy.stage(kind))
    return device_game.parse(out)


def costs(kind="mpy"):
    # {"joiner": bytes, "host": bytes, module: bytes...}: each set imported in a run of its own
    out = {}
    for role, mods in (("joiner", JOINER), ("host", HOSTER), ("menus", MENUS)):
        got = imports(kind, mods)
        out[role] = sum(got.values())
        for m in mods:
            out.setdefault(m, got[m])
    return out


def host_script(game, level=3, seed=7, every=5, limit=40000):
    return HOST % {"game": game, "level": level, "seed": seed, "every": every, "limit": limit,
                   "options": DEFAULTS.get(game, {}), "players": PLAYERS.get(game, 4)}


def host_game(game="callbreak", level=3, seed=7, kind="mpy", heap=192 * KB):
    out = circuitpy.run(host_script(game, level, seed), heap, circuitpy.stage(kind),
                        files=_tools())
    return device_game.parse(out)


def host_lines(game="callbreak", seed=7):
    """The host's lines to seat 1 in a whole game (CPython, in one process)."""
    sys.path[:0] = [p for p in (os.path.join(ROOT, "lib"), ROOT) if p not in sys.path]
    from tools.link import tables
    n = PLAYERS.get(game, 4)
    hub, h = tables.host_table(game, ["human", "remote"] + ["bot"] * (n - 2), seed=seed,
                                options=DEFAULTS.get(game, {}))
    streams = {}
    hub.tap = lambda name, data: streams.setdefault(name, []).append(data)
    j = tables.joiner(hub)
    tables.run([h, j])
    data = b"".join(streams[[k for k in streams if k.startswith("host>")][0]])
    return data


def joiner_game(game="callbreak", seed=7, kind="mpy", heap=192 * KB):
    lines = host_lines(game, seed).decode()
    script = JOIN % {"every": 5, "limit": 200000}
    files = _tools()
    files["host_lines.txt"] = lines
    out = circuitpy.run(script, heap, circuitpy.stage(kind), files=files)
    res = device_game.parse(out)
    res["lines"] = lines.count("\n")
    res["largest"] = max(len(x) + 1 for x in lines.split("\n"))
    return res


def plain(game="callbreak", level=3, seed=7, kind="mpy"):
    out = circuitpy.run(device_game.script(game, level, seed, sample=5), BUDGET,
                        circuitpy.stage(kind))
    return device_game.parse(out)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="callbreak")
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--kind", default="mpy")
    args = ap.parse_args(argv)
    imp = costs(args.kind)
    print("import cost (%s), bytes:" % args.kind)
    for m in LINK_MODULES:
        print("  %-16s %6d" % (m, imp[m]))
    print("  joiner (%s) %d, host (%s) %d" % (
        " + ".join(JOINER), imp["joiner"], " + ".join(HOSTER), imp["host"]))
    p = plain(args.game, args.level, kind=args.kind)
    h = host_game(args.game, args.level, kind=args.kind)
    j = joiner_game(args.game, kind=args.kind)
    print("%s, level-%d bots, %s, largest live heap:" % (args.game, args.level, args.kind))
    print("  plain game %6d B" % p["live"])
    print("  hosting    %6d B (%+d), %d moves, largest line %d B" % (
        h["live"], h["live"] - p["live"], h["actions"], h["largest"]))
    print("  joining    %6d B, %d lines fed, largest line %d B"
          % (j["live"], j["fed"], j["largest"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
