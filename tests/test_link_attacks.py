"""Strangers against a real host process on 127.0.0.1 (tools/link/play.py):
idle connections, slowloris bytes without a newline and floods of
connections and junk lines never keep a joiner or a returning player out,
and a name with control characters reaches the other seats cleaned. Every
attack is bounded in count and time; every wait has a timeout that fails."""
import json
import socket
import threading
import time

from ui.link import proto as P
import test_link_process
from test_link_process import LOCAL, free_port

procs = test_link_process.procs     # the fixture that starts link_play processes

ATTACK_S = 8.0           # an attack runs at most this long
MOST_SOCKETS = 300       # and opens at most this many connections


def connect(port, src=LOCAL, timeout=5.0):
    """A TCP connection to the host (from address src), retried until it listens."""
    end = time.monotonic() + timeout
    while True:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((src, 0))
        s.settimeout(2.0)
        try:
            s.connect((LOCAL, port))
            return s
        except OSError:
            s.close()
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


def read_line(s):
    """One line from s, read a byte at a time: a buffered reader would keep
    the lines after it (a state right behind the welcome) from the caller."""
    raw = b""
    while not raw.endswith(b"\n"):
        c = s.recv(1)
        if not c:
            break
        raw += c
    return raw


def hello(port, timeout=6.0, **msg):
    """Say hello; (the first non-ping answer, seconds it took, the socket)."""
    t0 = time.monotonic()
    s = connect(port)
    s.settimeout(timeout)
    s.sendall(P.encode(dict(msg, t="hello")))
    while True:
        raw = read_line(s)
        if not raw:
            return None, time.monotonic() - t0, s
        m = json.loads(raw)
        if m["t"] != "ping":
            return m, time.monotonic() - t0, s


def closed_after(s, timeout):
    """Seconds until the host closes s (reading and dropping what it says)."""
    t0 = time.monotonic()
    s.settimeout(0.2)
    while time.monotonic() - t0 < timeout:
        try:
            if not s.recv(4096):
                return time.monotonic() - t0
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - t0
    return None


class Attack:
    """A thread that keeps `idle` connections open (re-opening each one the
    host closes), each sending a byte without a newline every `drip` s (none if
    0), and `junk` lines a second on each; stops after ATTACK_S or MOST_SOCKETS."""

    def __init__(self, port, idle=12, drip=0.0, junk=0, src=LOCAL):
        self.port, self.idle, self.drip, self.junk, self.src = port, idle, drip, junk, src
        self.opened = 0
        self.stop = threading.Event()
        self.t = threading.Thread(target=self.run, daemon=True)

    def __enter__(self):
        self.t.start()
        end = time.monotonic() + 5             # every slot taken and one re-taken first
        while self.opened <= self.idle and time.monotonic() < end:
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.t.join(timeout=ATTACK_S + 5)
        assert not self.t.is_alive()

    def run(self):
        socks = []
        end = time.monotonic() + ATTACK_S
        last_drip = 0.0
        while not self.stop.is_set() and time.monotonic() < end:
            alive = []
            for s in socks:
                try:
                    s.settimeout(0)
                    data = s.recv(4096)
                    if data == b"":
                        s.close()
                        continue
                except (BlockingIOError, socket.timeout):
                    pass
                except OSError:
                    s.close()
                    continue
                alive.append(s)
            socks = alive
            while len(socks) < self.idle and self.opened < MOST_SOCKETS:
                try:
                    socks.append(connect(self.port, self.src, timeout=0.5))
                    self.opened += 1
                except OSError:
                    break
            now = time.monotonic()
            if self.drip and now - last_drip > self.drip:
                last_drip = now
                for s in socks:
                    try:
                        s.send(b"{")
                    except OSError:
                        pass
            for _ in range(self.junk // 20):
                for s in socks:
                    try:
                        s.send(b"junk\n")
                    except OSError:
                        pass
            time.sleep(0.05)
        for s in socks:
            s.close()


def host(procs, tmp_path, seats="h l l 1", timeout=40):
    port = free_port()
    procs("--host", "--game", "callbreak", "--seats", seats, "--port", str(port),
          "--grace", "30", "--data-dir", str(tmp_path / "host"), "--timeout", str(timeout))
    s = connect(port, timeout=20)              # listening
    s.close()
    return port


def test_idle_and_slowloris_connections_keep_nobody_out(procs, tmp_path):
    port = host(procs, tmp_path)
    with Attack(port, idle=14) as a, Attack(port, idle=8, drip=0.3):
        m, took, s1 = hello(port, name="Ann")
        assert m and m["t"] == "welcome" and m["seat"] == 1 and took < 5.0, (m, took)
        tok = m["token"]
        s1.close()                              # Ann drops: her token brings her back
        for _ in range(10):
            m, took, s = hello(port, token=tok)
            assert m and m["t"] == "welcome" and m["seat"] == 1 and took < 5.0, (m, took)
            s.close()
        m, took, s2 = hello(port, name="Bob")
        assert m and m["t"] == "welcome" and m["seat"] == 2 and took < 5.0, (m, took)
        assert a.opened > 14                    # the host closed idle ones; they came back
        s2.close()


def test_a_stranger_is_closed_after_the_hello_time_whatever_it_drips(procs, tmp_path):
    port = host(procs, tmp_path)
    quiet = connect(port)
    dripping = connect(port)
    stop = threading.Event()

    def drip():
        while not stop.is_set():
            try:
                dripping.send(b"{")             # a line that never ends
            except OSError:
                return
            time.sleep(0.2)
    t = threading.Thread(target=drip, daemon=True)
    t.start()
    try:
        gone = closed_after(quiet, P.HELLO_MS / 1000 + 4)
        gone2 = closed_after(dripping, P.HELLO_MS / 1000 + 4)
    finally:
        stop.set()
        t.join(timeout=5)
    assert gone is not None and P.HELLO_MS / 1000 - 1 < gone < P.HELLO_MS / 1000 + 2, gone
    assert gone2 is not None


def test_a_flood_of_connections_and_junk_from_two_addresses(procs, tmp_path):
    # 127.0.0.2 is this machine too (Linux routes 127/8 to loopback): a second address
    port = host(procs, tmp_path)
    with Attack(port, idle=12, junk=100, src="127.0.0.2") as a, Attack(port, idle=12, junk=100):
        for name, seat in (("Ann", 1), ("Bob", 2)):
            m, took, s = hello(port, name=name)
            assert m and m["t"] == "welcome" and m["seat"] == seat and took < 5.0, (m, took)
            s.close()
        assert a.opened > 12


def test_a_name_with_control_characters_reaches_the_others_cleaned(procs, tmp_path):
    port = host(procs, tmp_path)
    m, took, evil = hello(port, name="\x1b[2J\x1bc\x07Eve")
    assert m["t"] == "welcome"
    m, took, s = hello(port, name="Bob")
    assert m["t"] == "welcome", m
    s.settimeout(15)
    f = s.makefile("rb")
    state = None
    end = time.monotonic() + 15
    said = 0.0
    seen = []
    while state is None and time.monotonic() < end:
        if time.monotonic() - said > 1.0:     # both say something each second, as
            said = time.monotonic()           # joiners do: a silent seat is dropped
            s.sendall(P.encode({"t": "ping"}))
            evil.sendall(P.encode({"t": "ping"}))
        raw = f.readline()
        assert raw, "the host closed the connection before a state named the seats"
        x = json.loads(raw)
        seen.append((x["t"], x.get("names")))
        if x["t"] == "state" and x["names"][1] != "P2":
            state = x
    assert state is not None, seen[-12:]           # (what Bob heard instead)
    assert state["names"][1] == "Eve", state["names"]
    evil.close()
    s.close()
