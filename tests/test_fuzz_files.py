"""Fuzz of every data file the app reads (issue 37): settings.json,
stats.json, the journal (game.log, its .bak and .tmp: loading only; its
mending is tests/test_saves_corrupt.py's), link.json and the rules and tips
texts, each replaced by damage generated from a fixed seed: torn, garbage
bytes, flipped bytes, values of the wrong types under a right checksum,
hostile text (lone surrogates, ESC sequences, NUL, zero-width and
invisible-only strings, bidi overrides), other encodings (Latin-1,
UTF-16), huge (a sparse 200 MB file, a 2 MB line), a FIFO, a folder, a
symlink to /dev/zero and a dangling one. Then, in-process: the app starts
(settings, the title, the saved game), the Rules pages and the tips are
read, link.json is read, a finished game is counted, and now and then the
text console continues the saved game to its end and shows its rules and
statistics. Asserted: no exception escapes, nothing hangs (an alarm fails
a trial that waits), no damaged file is deleted (its bytes are still in
a file of its name or set aside beside it), the game in progress loads
as it was saved when its journal was not damaged, and the finished game
is counted (a damaged .bak or .tmp may be replaced by the next save: that
is what those copies are for). About 10 s."""
import json
import os
import random
import shutil
import signal
import time

import pytest

from engine import games
from ui import saves, tips
from ui.link import saved as link_saved
from ui.saves import atomic
from ui.screens.common import rules_text

from test_console import run_console
from test_saves_corrupt import framed, journal
from uilogic import new_app

SEED = 37
TRIALS = 300
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ("settings.json", "stats.json", "game.log", "game.log.bak", "game.log.tmp",
           "stats.json.bak", "settings.json.tmp", "link.json",
           "rules/nommie.txt", "rules/linger.txt", "rules/linger.tips", "rules/nommie.tips")
KINDS = ("torn", "garbage", "flipped", "wrong types", "hostile text", "latin-1", "utf-16",
         "huge sparse", "huge line", "fifo", "folder", "dev zero", "dangling")
HOSTILE = ("\ud800", "\udfff", "a\ud83d", "\x1b[2J\x1b[3J", "\x1b]0;title\x07", "\x07\x08",
           "\x00", "Cy\u200b", "\u200b\u2060\ufeff", "\u202eevil", "\x9b31m", "\r\n", "",
           " " * 40, "x" * 5000)


def linger_record(moves):
    """A Linger Longer game in progress: you against a level-0 bot."""
    st = games.new_game("linger", 2, 11)
    for _ in range(moves):
        st.apply(st.legal_actions()[0])
    return {"save": st.save(False), "log": bytes(st.log), "seats": ["human", "bot"],
            "levels": [0, 0], "names": ["You", "Ann"]}


def value(rnd, depth=0):
    """A JSON value of any type, hostile strings and numbers included."""
    pick = rnd.randrange(10 if depth < 3 else 7)
    if pick == 0:
        return None
    if pick == 1:
        return rnd.choice((True, False))
    if pick == 2:
        return rnd.choice((0, -1, 5, 2 ** 31, -(10 ** 12), 10 ** 30))
    if pick == 3:
        return rnd.choice((1.5, -0.0, 1e308))
    if pick in (4, 5, 6):
        return rnd.choice(HOSTILE + ("nommie", "2", "none", "You"))
    if pick in (7, 8):
        return [value(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    return dict((rnd.choice(HOSTILE + ("played", "won", "levels", "best", "names")),
                 value(rnd, depth + 1)) for _ in range(rnd.randrange(4)))


def mutate(rnd, x):
    """x (a JSON value) with one leaf or member replaced by value()."""
    if type(x) is dict and x and rnd.random() < 0.8:
        k = rnd.choice(sorted(x))
        y = dict(x)
        y[k] = mutate(rnd, x[k])
        return y
    if type(x) is list and x and rnd.random() < 0.8:
        i = rnd.randrange(len(x))
        return x[:i] + [mutate(rnd, x[i])] + x[i + 1:]
    return value(rnd)


GOOD_STATS = {"linger": {"played": 2, "won": 1, "levels": {"0": [2, 1]}, "hinted": 1},
              "nommie": {"played": 1, "won": 0, "best": 30, "levels": {"3": [1, 0]}}}
GOOD_SETTINGS = {"speed": 3, "names": ["Zed", "Ann"], "learned": ["nines"],
                 "last_setup": {"game": "nommie", "seats": ["human", "bot", "bot", "bot"]}}
GOOD_LINK = {"typed": {"address": "192.168.1.5"},
             "join": {"host": "10.0.0.2", "port": 5741, "seat": 1, "token": "ab12"}}


def wrong_types(rnd, name, good):
    """Bytes of the file's own format whose values are of the wrong types."""
    if name.startswith("rules/"):
        return "".join(rnd.choice(HOSTILE) + "\n" for _ in range(8)).encode("utf-8",
                                                                            "surrogatepass")
    if name.startswith("game.log"):
        rec = json.loads(good.split(b"\n", 1)[0].split(b" ", 3)[3][:-7].decode())
        bad = mutate(rnd, rec)
        return journal(b"PTLOG 1 0 " + json.dumps(bad).encode())
    kind = name.split(".")[0]
    payload = {"stats": GOOD_STATS, "settings": GOOD_SETTINGS, "link": GOOD_LINK}[kind]
    return framed(mutate(rnd, payload) if rnd.random() < 0.8 else value(rnd), kind=kind)


def hostile_text(rnd, name, good):
    """The file's own format, checksums right, with hostile strings in its texts."""
    if name.startswith("rules/"):
        lines = good.split(b"\n")
        i = rnd.randrange(len(lines))
        lines[i] = rnd.choice(HOSTILE).encode("utf-8", "surrogatepass") + lines[i]
        return b"\n".join(lines)
    if name.startswith("game.log"):
        rec = json.loads(good.split(b"\n", 1)[0].split(b" ", 3)[3][:-7].decode())
        rec["names"] = [rnd.choice(HOSTILE), rnd.choice(HOSTILE)]
        return journal(b"PTLOG 1 0 " + json.dumps(rec).encode())
    kind = name.split(".")[0]
    if kind == "settings":
        payload = dict(GOOD_SETTINGS, names=[rnd.choice(HOSTILE), rnd.choice(HOSTILE)])
    elif kind == "stats":
        payload = dict(GOOD_STATS)
        payload[rnd.choice(HOSTILE)] = {"played": 1}
    else:
        payload = {"typed": {"address": rnd.choice(HOSTILE)},
                   "join": {"host": rnd.choice(HOSTILE), "table": rnd.choice(HOSTILE)}}
    return framed(payload, kind=kind)


def damage(rnd, kind, name, path, good):
    """Make path (the file name of the data folder) damaged of this kind;
    the bytes written, or None for what is not a plain file."""
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    data = None
    if kind == "torn":
        data = good[:rnd.randrange(max(1, len(good)))]
    elif kind == "garbage":
        data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(2000)))
    elif kind == "flipped":
        b = bytearray(good or b"x")
        for _ in range(rnd.randrange(1, 4)):
            b[rnd.randrange(len(b))] ^= 1 << rnd.randrange(8)
        data = bytes(b)
    elif kind == "wrong types":
        data = wrong_types(rnd, name, good)
    elif kind == "hostile text":
        data = hostile_text(rnd, name, good)
    elif kind == "latin-1":
        data = good.decode("utf-8").replace("e", "\xe9").encode("latin-1")
    elif kind == "utf-16":
        data = good.decode("utf-8").encode("utf-16")
    elif kind == "huge line":
        data = b"{" + b"x" * (2 << 20)
    elif kind == "huge sparse":
        with open(path, "wb") as f:
            f.truncate(200 << 20)
        return ("sparse", 200 << 20)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        os.mkdir(path)
        with open(os.path.join(path, "inside"), "wb") as f:
            f.write(b"kept")
    elif kind == "dev zero":
        os.symlink("/dev/zero", path)
    else:
        os.symlink(path + ".nowhere", path)
    if data is not None:
        with open(path, "wb") as f:
            f.write(data)
    return data


class Hung(Exception):
    pass


def _alarm(signum, frame):
    raise Hung()


def everything(folder):
    """{path: bytes or ("sparse", size) or "dir"/"fifo"/"link"} of what is in folder."""
    out = {}
    for base, dirs, files in os.walk(folder):
        for n in dirs + files:
            p = os.path.join(base, n)
            if os.path.islink(p):
                out[p] = "link"
            elif os.path.isdir(p):
                out[p] = "dir"
            elif not os.path.isfile(p):
                out[p] = "fifo"
            elif os.path.getsize(p) > (1 << 20):
                out[p] = ("sparse", os.path.getsize(p))
            else:
                with open(p, "rb") as f:
                    out[p] = f.read()
    return out


def kept(before, after, folder, name):
    """True when what name held (before) is still there, under its name or set aside
    beside it (<stem>.bad<N><rest>, ui.saves.load.set_aside)."""
    d, base = os.path.split(os.path.join(folder, name))
    stem = base.split(".")[0]
    for p, what in after.items():
        if os.path.dirname(p) == d and os.path.basename(p).split(".")[0] == stem \
                and what == before:
            return True
    return False


def trial(i, rnd, tmp_path, monkeypatch, rec, older, finished):
    data = tmp_path / ("t%d" % i)
    rules = data / "rules"
    shutil.copytree(os.path.join(ROOT, "rules"), str(rules))
    monkeypatch.setattr(tips, "rules_path", lambda n: str(rules / n))
    folder = str(data)
    s = saves.Store(folder, True)              # a game saved twice: game.log and its .bak
    assert s.save_game(older) is None
    s = saves.Store(folder, True)
    assert s.save_game(rec) is None and s.record_result("nommie", [3], [(False, 30)]) is None
    s.save_settings(GOOD_SETTINGS)
    link_saved.put(s, "typed", GOOD_LINK["typed"])
    good = {}
    for n in TARGETS:
        p = os.path.join(folder, n)
        if n.endswith(".tmp"):
            good[n] = open(p[:-4], "rb").read()
        else:
            good[n] = open(p, "rb").read() if os.path.isfile(p) else b""
    targets = rnd.sample(TARGETS, rnd.choice((1, 1, 2, 3)))
    made = {}
    for n in targets:
        kind = rnd.choice(KINDS)
        if kind in ("latin-1", "utf-16") and not n.startswith("rules/"):
            kind = rnd.choice(("torn", "garbage"))
        made[n] = (kind, damage(rnd, kind, n, os.path.join(folder, n), good[n]))
    what = "trial %d: %s" % (i, ", ".join("%s %s" % (n, made[n][0]) for n in targets))
    before = everything(folder)
    ended = False
    signal.alarm(20)
    try:
        store = saves.Store(folder, True)
        app, d = new_app(store)                         # settings, the title, the saved game
        title = app.stack[0]
        if not [n for n in targets if n.startswith("game.log")]:
            assert title.lines[0] == "Continue Linger Longer", (what, title.lines)
            assert store.load_game()[0] == rec, what
        for gid in ("nommie", "linger"):
            assert type(rules_text(gid)) is str, what
            assert type(tips.help_text(gid, "play")) is str, what
            tips.tip(gid, "play")
        link_saved.get(store, "typed")
        link_saved.get(store, "join")
        if i % 8 == 0:                                   # the console: rules, statistics, Continue
            con, t, out = run_console(["r", "2", "t", "c"], saves.Store(folder, True))
            # (names from settings.json and the journal are cleaned as they are read)
            assert "\x1b" not in out.replace("\x1b[H\x1b[2J\x1b[3J", ""), what
            if con.session is not None and con.session.game == "linger":
                assert con.session.state.is_over(), what
                ended = True                             # (its save is gone: counted)
                got = saves.Store(folder, True).load_stats().get("linger", {})
                assert got.get("played", 0) >= 1, (what, got)
        else:                                            # a game over, counted
            s2 = saves.Store(folder, True)
            assert s2.record_result("linger", {"bots": [0], "hinted": False}, [(True, 3)],
                                    finished) is None, (what, s2.notice)
            got = saves.Store(folder, True).load_stats()["linger"]
            assert got["played"] >= 1 and got.get("done") == finished, (what, got)
    except Hung:
        pytest.fail("%s: waited more than 20 s" % what)
    finally:
        signal.alarm(0)
    after = everything(folder)
    for n in targets:      # (a .bak or .tmp is the saves' own copy: the next save replaces it)
        p = os.path.join(folder, n)
        mine = n.endswith((".json", ".log", ".txt", ".tips"))
        if mine and type(before.get(p)) in (bytes, tuple) and not (ended and n == "game.log"):
            assert kept(before[p], after, folder, n), "%s: %s is gone" % (what, n)
    shutil.rmtree(str(data), ignore_errors=True)
    return what


def test_damaged_data_files_never_crash_hang_or_lose_anything(tmp_path, monkeypatch):
    rnd = random.Random(SEED)
    rec = linger_record(2)
    older = linger_record(1)
    older["names"] = ["You", "Bob"]
    st = games.new_game("linger", 2, 11)
    while not st.is_over():
        st.apply(st.legal_actions()[0])
    finished = atomic.finished_mark(st)
    old = signal.signal(signal.SIGALRM, _alarm)
    start = time.monotonic()
    done = []
    try:
        for i in range(TRIALS):
            done.append(trial(i, rnd, tmp_path, monkeypatch, rec, older, finished))
    finally:
        signal.signal(signal.SIGALRM, old)
    seconds = time.monotonic() - start
    kinds = set(w.split(": ", 1)[1] for w in done)
    assert len(done) == TRIALS and len(kinds) > TRIALS // 2
    assert seconds < 60, "%d trials took %.1f s" % (TRIALS, seconds)
    print("\n%d trials of damaged data files in %.1f s" % (TRIALS, seconds))
