"""Link play between real processes on 127.0.0.1 (tools/link/play.py: the
same App and link modules as code.py --host / --join, with this process's
humans played by a key policy): a whole game of every game with two humans
on two processes plus bots, every line a joiner received checked for cards
it may not see; a joiner killed mid-trick and restarted gets its seat back;
a host killed and restarted resumes the table and the joiner comes back;
junk and oversized lines over a real socket are refused. Every socket is
bound to 127.0.0.1 (POCKET_TRICKS_LINK_LOCAL=1 makes hal.desktop_net refuse
anything else); every wait is bounded in time."""
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from ui.link import proto as P
from linkrig import check_privacy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCAL = "127.0.0.1"


def free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((LOCAL, 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Proc:
    """A tools.link.play process whose output lines are read by a thread."""

    def __init__(self, *args, cmd=None, env=None):
        env = dict(os.environ, POCKET_TRICKS_LINK_LOCAL="1", SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1", **(env or {}))
        self.started = time.monotonic()
        cmd = cmd or [sys.executable, "-m", "tools.link.play", "--bind", LOCAL]
        self.p = subprocess.Popen(cmd + list(args), cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, stdin=subprocess.PIPE)
        self.q = queue.Queue()
        self.lines = []
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()

    def _read(self):
        for raw in self.p.stdout:
            self.q.put((time.monotonic(), raw.decode(errors="replace").rstrip("\n")))
        self.q.put((time.monotonic(), None))

    def wait_for(self, pred, timeout):
        """The first (time, line) with pred(line) true; fails after timeout seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                at, line = self.q.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if pred(line):
                return at, line
        raise AssertionError("nothing matched in %.0f s; output:\n%s" % (
            timeout, "\n".join(self.lines[-20:])))

    def progress(self, pred, timeout=60):
        at, line = self.wait_for(lambda x: x.startswith("PROGRESS ") and pred(
            json.loads(x[9:])), timeout)
        return at, json.loads(line[9:])

    def result(self, timeout=120):
        at, line = self.wait_for(lambda x: x.startswith("RESULT "), timeout)
        self.p.wait(timeout=10)
        return json.loads(line[7:])

    def type(self, text):
        try:
            self.p.stdin.write(text.encode() + b"\n")
            self.p.stdin.flush()
        except (BrokenPipeError, ValueError):    # it has finished already
            pass

    def kill(self):
        at = time.monotonic()
        self.p.send_signal(signal.SIGKILL)
        self.p.wait(timeout=10)
        return at

    def stop(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait(timeout=10)


@pytest.fixture
def procs():
    started = []

    def start(*args, **kw):
        p = Proc(*args, **kw)
        started.append(p)
        return p
    yield start
    for p in started:
        p.stop()


def received(log_path):
    """The messages a joiner received, from its --log file."""
    out = []
    with open(log_path, "rb") as f:
        for raw in f.read().split(b"\n"):
            if raw.startswith(b"in "):
                out.append(json.loads(raw[3:]))
    return out


GAMES = [
    ("nommie", "h l 1 1", {}),
    ("linger", "l h 1 l 1", {}),
    ("nines", "1 h l", {"start_score": 4}),
    ("callbreak", "h 1 l 1", {}),
    ("israeli", "1 l 1 h", {"rounds": 3}),
]


@pytest.mark.parametrize("gid,seats,opts", GAMES, ids=[g[0] for g in GAMES])
def test_whole_game_between_processes(procs, tmp_path, gid, seats, opts):
    port = free_port()
    host = procs("--host", "--game", gid, "--seats", seats, "--seed", "13", "--port", str(port),
                 "--options", json.dumps(opts), "--data-dir", str(tmp_path / "host"),
                 "--timeout", "150")
    links = seats.split().count("l")
    joiners = [procs("--join", "%s:%d" % (LOCAL, port), "--name", "J%d" % i,
                     "--data-dir", str(tmp_path / ("j%d" % i)),
                     "--log", str(tmp_path / ("j%d.log" % i)),
                     "--timeout", "150") for i in range(links)]
    res = [j.result(170) for j in joiners]
    h = host.result(170)
    assert h["over"] and h["keys"] > 0 and h["game"] == gid
    seen = set()
    msgs = {}
    for i, r in enumerate(res):
        assert r["over"] and r["keys"] > 0
        assert r["winners"] == h["winners"] and r["scores"] == h["scores"]
        assert r["n"] == len(h["actions"])
        seen.add(r["seat"])
        msgs[r["seat"]] = received(str(tmp_path / ("j%d.log" % i)))
    assert sorted(seen) == [s for s, w in enumerate(seats.split()) if w == "l"]
    n = check_privacy(msgs, gid, h["players"], h["seed"], h["options"], h["actions"])
    assert n >= len(h["actions"])
    assert max(r["largest"] for r in res) < 100                   # joiners say little
    assert h["largest"] < P.MAX_LINE


def test_joiner_killed_mid_trick_gets_its_seat_back(procs, tmp_path):
    port = free_port()
    host = procs("--host", "--game", "callbreak", "--seats", "h l 1 1", "--seed", "5",
                 "--port", str(port), "--grace", "30", "--data-dir", str(tmp_path / "host"),
                 "--timeout", "150")
    args = ("--join", "%s:%d" % (LOCAL, port), "--data-dir", str(tmp_path / "j"), "--name", "Jo",
            "--timeout", "150")
    j = procs(*args)
    at, prog = j.progress(lambda d: d["phase"] == "play" and d["trick"] >= 1 and d["n"] > 30)
    killed = j.kill()
    time.sleep(0.5)
    again = procs(*args)
    r = again.result(170)
    h = host.result(170)
    assert h["over"] and r["over"] and r["seat"] == 1 and r["winners"] == h["winners"]
    drops = [d for d in h["drops"] if d[0] == 1]
    assert len(drops) == 1
    # the drop was seen at once (the socket closed) and the seat came back to
    # the restarted process within its start-up time, long before the grace ended
    detect = drops[0][1] / 1000.0 - killed
    assert -0.05 < detect < 2.0, detect
    assert h["kinds"][1] == "remote"
    first = [e for e in h.get("joins", []) if e[0] == 1]
    assert len(first) == 2
    back = first[1][1] / 1000.0 - again.started
    assert 0 < back < 15, back
    print("\nLINK TIMING joiner: drop seen %.0f ms after the kill, seat back %.0f ms after "
          "the restart" % (detect * 1000, back * 1000))


def test_host_killed_and_restarted_resumes_the_table(procs, tmp_path):
    port = free_port()
    hargs = ("--port", str(port), "--data-dir", str(tmp_path / "host"), "--timeout", "150",
             "--grace", "30")
    host = procs("--host", "--game", "callbreak", "--seats", "h l 1 1", "--seed", "3", *hargs)
    j = procs("--join", "%s:%d" % (LOCAL, port), "--data-dir", str(tmp_path / "j"), "--name",
              "Jo", "--timeout", "150")
    j.progress(lambda d: d["n"] > 100)
    killed = host.kill()
    time.sleep(1.0)
    host2 = procs("--host", *hargs)
    r = j.result(170)
    h = host2.result(170)
    assert h["over"] and r["over"] and r["seat"] == 1
    assert r["winners"] == h["winners"] and r["n"] == len(h["actions"]) > 100
    lost = [e for e in r["events"] if e[1] == "lost"]
    back = [e for e in r["events"] if e[1] == "back"]
    assert len(lost) == 1 and len(back) == 1
    noticed = lost[0][0] / 1000.0 - killed
    returned = back[0][0] / 1000.0 - host2.started
    assert -0.05 < noticed < 2.0, noticed
    assert 0 < returned < 15, returned
    print("\nLINK TIMING host: joiner noticed %.0f ms after the kill, seated again %.0f ms "
          "after the restart" % (noticed * 1000, returned * 1000))


def test_junk_and_oversized_lines_over_a_real_socket(procs, tmp_path):
    port = free_port()
    host = procs("--host", "--game", "linger", "--seats", "h l 1 1", "--port", str(port),
                 "--data-dir", str(tmp_path / "host"), "--timeout", "30")
    s = None
    end = time.monotonic() + 20
    while time.monotonic() < end:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((LOCAL, 0))
        try:
            s.connect((LOCAL, port))
            break
        except OSError:
            s.close()
            s = None
            time.sleep(0.1)
    assert s is not None
    s.settimeout(5)
    f = s.makefile("rb")

    def answer():
        for _ in range(20):
            m = json.loads(f.readline())
            if m["t"] != "ping":
                return m
        raise AssertionError("only pings")

    for data, why in ((b"junk\n", "not JSON"), (b"x" * 9000 + b"\n", "line over"),
                      (b'{"v": 1, "t": "act", "n": 0, "a": 3}\n', "Say hello first"),
                      (b'{"v": 2, "t": "hello"}\n', "version")):
        s.sendall(data)
        m = answer()
        assert m["t"] == "refused" and why in m["why"], (data[:30], m)
    s.sendall(P.encode({"t": "hello", "name": "Raw"}))
    m = answer()
    assert m["t"] == "welcome" and m["seat"] == 1
    m = answer()
    assert m["t"] == "state" and m["view"]["hands"][0] is None and m["view"]["hands"][1]
    s.close()
    host.stop()


OUTCOME = re.compile(r"^(You win!|\S+ wins!|Joint winners: |Draw: )")
MOVE = re.compile(r"Moves:\s+(bid \d+(?: (?:C|D|H|S|NT)\b)?|trump \w+|pass|swap|keep|\S+)")


def test_a_text_console_joins_and_plays_a_whole_game(procs, tmp_path):
    # code.py --text --join: the console joiner, its moves typed by this test
    port = free_port()
    host = procs("--host", "--game", "nines", "--seats", "1 h l", "--port", str(port),
                 "--options", json.dumps({"start_score": 3}), "--data-dir",
                 str(tmp_path / "host"), "--timeout", "90")
    c = procs("--text", "--join", "%s:%d" % (LOCAL, port), "--bind", LOCAL, "--name", "Cy",
              cmd=[sys.executable, "code.py"], env={"POCKET_TRICKS_DATA": str(tmp_path / "c")})
    typed = 0
    for _ in range(400):                 # each turn: its Moves line, then the game's end
        at, line = c.wait_for(lambda x: MOVE.search(x) or OUTCOME.match(x), 60)
        if OUTCOME.match(line):
            break
        if typed == 5:                   # the console's own pages, mid-game
            c.type("last")
            c.type("rules")
        c.type(MOVE.search(line).group(1))
        typed += 1
    c.type("leave")
    c.p.wait(timeout=10)
    out = c.lines
    h = host.result(60)
    assert h["over"], "\n".join(out[-30:])
    assert typed > 3 and "Game over." in out
    text = "\n".join(out)            # (a reply can follow the prompt "You> " on its line)
    assert re.search(r"^(You> )?NINES$", text, re.M), text
    assert re.search(r"^(You> )?(Trick to \w+: |No trick has been played yet)", text, re.M)
    names = ["Ada", "Host", "You"]
    win = [names[s] for s in h["winners"]]
    want = ("You win!" if win == ["You"] else "%s wins!" % win[0]) if len(win) == 1 else \
        "Joint winners: " + ", ".join(win)
    assert want in out


def test_a_host_announces_its_table_on_udp(procs, tmp_path):
    # what the lobby listens for: one datagram a second to port 5290 (here 127.0.0.1)
    port = free_port()
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    u.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if hasattr(socket, "SO_REUSEPORT"):
        u.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    u.bind((LOCAL, P.ANNOUNCE_PORT))
    u.settimeout(0.5)
    host = procs("--host", "--game", "israeli", "--seats", "h l 1 l", "--port", str(port),
                 "--data-dir", str(tmp_path / "host"), "--timeout", "20")
    got = None
    end = time.monotonic() + 15
    try:
        while time.monotonic() < end and got is None:
            try:
                data, addr = u.recvfrom(2048)
            except socket.timeout:
                continue
            msg, why = P.decode(data.rstrip(b"\n"))
            if msg and msg["t"] == "table" and msg.get("port") == port:
                got = msg, addr, len(data)
    finally:
        u.close()
        host.stop()
    assert got is not None
    msg, addr, size = got
    assert addr[0] == LOCAL and msg["game"] == "israeli" and msg["open"] == [1, 3]
    assert size < 200
