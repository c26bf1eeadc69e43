"""The link tests' helpers: in-process tables (tools/link/tables.py: a host
App and joiner Apps on one in-memory network and one virtual clock), the
messages a socket carried, and the privacy check of what a host sent."""
import os

from engine.actions import BID, KEEP, SWAP
from tools.link.fake_net import Hub
from tools.link.tables import Player, counter, host_table, joiner, run

__all__ = ["Hub", "Player", "counter", "host_table", "joiner", "run",
           "split_lines", "normal", "check_privacy", "capture", "by_seat", "whole_game", "SETUPS"]

# any real link socket a test opens stays on 127.0.0.1 (hal/desktop_net.py)
os.environ["POCKET_TRICKS_LINK_LOCAL"] = "1"


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


def capture(hub):
    streams = {}
    hub.tap = lambda name, data: streams.setdefault(name, []).append(data)
    return streams


def by_seat(streams):
    """{seat: [messages the host sent to it]} from the hub's captured bytes."""
    out = {}
    for name, parts in streams.items():
        if not name.startswith("host>"):
            continue
        msgs = split_lines(b"".join(parts))
        seats = [m["seat"] for m in msgs if m["t"] == "welcome"]
        if seats:
            out.setdefault(seats[0], []).extend(msgs)
    return out


# a table of every game for whole-game tests: (game, seats, options), each
# with a person at the host and joiners on its "remote" seats
SETUPS = [
    ("nommie", ["human", "remote", "bot", "bot"], {}),
    ("linger", ["remote", "human", "bot", "remote", "bot"], {}),
    ("nines", ["bot", "human", "remote"], {"start_score": 4}),
    ("callbreak", ["remote", "bot", "human", "bot"], {}),
    ("israeli", ["human", "bot", "remote", "bot"], {"rounds": 4}),
]


def whole_game(gid, kinds, seed, options):
    """A whole game at a host table with a joiner on every "remote" seat, every
    byte captured: (host player, joiners, {stream name: [bytes]})."""
    hub, h = host_table(gid, kinds, seed=seed, options=options)
    streams = capture(hub)
    js = [joiner(hub, "j%d" % i, "Jo%d" % i) for i in range(kinds.count("remote"))]
    run([h] + js)
    return h, js, streams


STATE_KEYS = {"v", "t", "deal", "n", "view", "h0", "hist", "hn", "names", "kinds", "legal", "wait",
              "winners", "why", "turn", "words"}
OTHER_KEYS = {"welcome": {"v", "t", "seat", "token", "table", "game", "players", "deal",
                          "grace", "turn"},
              "refused": {"v", "t", "re", "why"}, "ping": {"v", "t"},
              "bye": {"v", "t", "why", "freed"}}


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
            # words only for what the message shows anyway: its legal actions,
            # the round's bids and calls, swap and keep
            shown = set(m["legal"]) | {BID + b for b in view["bids"] if b is not None} | {
                c for c in view.get("trump_calls") or () if c is not None} | {SWAP, KEEP}
            assert {w[0] for w in m.get("words") or ()} <= shown, (seat, m["n"], m["words"])
            checked += 1
    return checked
