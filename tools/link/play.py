"""Play a link table from a process with no screen (dev-side: the process
tests and timings).

    python -m tools.link.play --host --game nommie --seats "h l 1 1" --port 5391 \\
        --data-dir /tmp/host --bind 127.0.0.1
    python -m tools.link.play --join 127.0.0.1:5391 --data-dir /tmp/j1 --name Jo

The same App, screens and link modules as ``code.py --host`` / ``--join``
(ui.link.lobby.from_options), driven in real time; the humans of this
process are played by a key policy (A mostly, RIGHT now and then, A on the
round summaries), and the table's pauses are cut short (--fast, the default)
so a whole Nommie game takes seconds. Prints ``PROGRESS {json}`` after every
decision of this process's humans and ``RESULT {json}`` at the end (game
over, --max-keys reached, or the time limit). ``--log FILE`` records every
line this process sends and receives over the link.
"""
import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(ROOT, "lib"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from tools.link.auto_key import auto_key  # noqa: E402  (the paths first)


def table_of(app):
    for s in reversed(app.stack):
        if getattr(s, "kind", "") == "table":
            return s
    return None


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", action="store_true")
    ap.add_argument("--join")
    ap.add_argument("--game")
    ap.add_argument("--seats")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--port", type=int, default=5291)
    ap.add_argument("--name")
    ap.add_argument("--grace", type=int, default=30)
    ap.add_argument("--turn", type=int, default=0)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--log")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--max-keys", type=int, default=0)
    ap.add_argument("--slow", action="store_true", help="keep the table's pauses")
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--options", default="{}")
    args = ap.parse_args(argv)

    from ui.app import App
    from ui.saves import Store
    from ui.link import lobby as link_lobby
    os.makedirs(args.data_dir, exist_ok=True)
    app = App(160, 128, Store(args.data_dir, True), "link",
              lambda: int.from_bytes(os.urandom(4), "little"))
    app.settings["speed"] = 3
    app.settings["autoplay"] = False
    app.settings["bot_level"] = args.level
    app.opts = {"bind": args.bind, "port": args.port, "name": args.name, "grace": args.grace,
                "turn": args.turn,
                "host": args.host, "join": args.join, "quick": args.game, "seats": args.seats,
                "seed": args.seed}
    log = open(args.log, "ab") if args.log else None
    t0 = time.monotonic()

    def now():
        return int((time.monotonic() - t0) * 1000)

    def tap(direction, data):
        if log is not None:
            log.write(b"%s %s" % (direction.encode(), data))
            log.flush()

    app.start()
    options = json.loads(args.options)
    if args.host and args.game and options:
        kinds, levels = link_lobby.parse_seats(args.seats)
        link_lobby.host(app, args.game, kinds, levels, args.seed, options, args.grace,
                        args.port, args.name, None, args.turn)
    else:
        link_lobby.from_options(app, app.opts)
    if app.link is None:
        print("RESULT " + json.dumps({"error": app.notice or "no link"}), flush=True)
        return 2
    link = app.link
    if hasattr(link, "tap"):          # the joiner: every line in and out
        link.tap = tap
    keys = 0
    loops = 0
    end = time.monotonic() + args.timeout
    hooked = set()
    while time.monotonic() < end:
        loops += 1
        if args.host and log is not None:
            for line in app.link.lines if app.link is not None else ():
                if id(line) not in hooked:
                    hooked.add(id(line))
                    line.tap = (lambda seat_line: lambda d, b: tap(
                        "%s%d" % (d, seat_line.seat), b))(line)
        wait = app.tick(now())
        t = table_of(app)
        if not args.slow:
            for s in app.stack:
                if getattr(s, "hold_until", 0) > now() + 1:
                    s.hold_until = now() + 1
        top = app.top()
        if type(top).__name__.endswith("GameOver"):
            break
        k = auto_key(app, keys)
        if k is not None:
            keys += 1
            app.key(k)
            if t is not None and t.state() is not None and type(top).__name__ not in (
                    "RoundSummary", "Curtain"):
                st = t.state()
                print("PROGRESS " + json.dumps({"keys": keys, "n": len(st.log) if hasattr(
                    st, "deal_seed") else st.n, "trick": len(st.view(None)["trick"]),
                    "phase": st.view(None)["phase"]}), flush=True)
            if args.max_keys and keys >= args.max_keys:
                break
            continue
        if wait == 0:
            continue
        time.sleep(0.002)
    t = table_of(app)
    res = {"role": "host" if args.host else "join", "keys": keys, "loops": loops,
           "ms": now(), "over": type(app.top()).__name__.endswith("GameOver")}
    if t is not None and t.state() is not None:
        st = t.state()
        v = st.view(None)
        res.update({"game": v["game"], "scores": v["scores"], "winners": st.winners(),
                    "phase": v["phase"]})
        if args.host:
            res["actions"] = st.actions()
            res["seed"] = st.deal_seed
            res["options"] = st.options
            res["players"] = st.players
            h = t.host
            res["drops"] = h.drops
            res["joins"] = h.joins
            res["largest"] = max([ln.largest for ln in h.lines] or [0])
            res["kinds"] = h.kinds()
        else:
            c = t.client
            res["seat"] = c.seat
            res["n"] = st.n
            res["events"] = c.log
            res["largest"] = c.line.largest if c.line is not None else 0
    print("RESULT " + json.dumps(res), flush=True)
    if log is not None:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
