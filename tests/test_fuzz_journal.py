"""Fuzz the saved game's journal (issue 37, items 4 and 9), from a fixed seed.

A player plays games (Nines, Linger Longer, Call Break) with moves saved as
the table saves them, undoes (shallow ones appended, deep ones that rewrite
the journal whole), abandons games for new ones (often the same deal again:
two plays of one deal are two games), finishes games, and loses power
between a finished game's last save and its statistics, or between the
statistics and the save's removal. Between sessions the adversary damages
game.log or game.log.bak: bits flipped, bytes cut off or inserted in the
header, the first line of codes, the middle, the last line and the line of
an undo; either file emptied, filled with junk, made a folder, a FIFO or a
symbolic link to a device.

On every start the game Continue offers is the player's current game at a
position it really had (a prefix of one of its saved logs: never another
game's moves on its header, never the game before it) or nothing, with a
sentence; nothing damaged is deleted; without damage the last save comes
back exactly; every finished game is counted once, never twice, never lost.
"""
import os
import random
import time

import pytest

from engine.actions import decode
from ui import saves
from ui.saves import atomic
from ui import session
from ui.session import Session

SEED = 37
ROUNDS = 1500
BUDGET = 20.0          # seconds: the test fails beyond it
GAMES = (("nines", 3), ("linger", 3), ("callbreak", 4))


@pytest.fixture
def fast_disk(monkeypatch):
    # the journal's fsyncs are a real disk's wait, not what is tested here;
    # game ids from the seed too, so that a failure can be replayed
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None, raising=False)
    monkeypatch.setattr(atomic.os, "sync", lambda: None, raising=False)
    ids = random.Random(SEED + 1)
    monkeypatch.setattr(session, "new_id", lambda: ids.randrange(10000000, 16777213),
                        raising=False)


class Player:
    """The player's side: the game in play and every log it was saved with."""

    def __init__(self, rng, d):
        self.rng = rng
        self.dir = d
        self.sess = None
        self.had = []          # the current game's logs at its saves
        self.gid = None        # the current game's id
        self.expect = False    # a save Continue must offer (a game on, or finished uncounted)
        self.counted = 0       # finished games the statistics must hold
        self.ids = set()       # the ids of the games counted: none twice
        self.last_done = None  # (game, deal, moves) of the game counted last

    def store(self):
        return saves.Store(self.dir, True)

    def new_game(self, store, again=False):
        if again and self.last_done:
            game, seed, _ = self.last_done
        else:
            game, seed = self.rng.choice(GAMES)[0], self.rng.randint(1, 4)
        n = dict(GAMES)[game]
        self.sess = Session.new(game, ["human"] + ["bot"] * (n - 1), [0] + [1] * (n - 1), seed)
        self.had = []
        self.gid = getattr(self.sess, "id", None)
        self.save(store)
        self.expect = True
        if again and self.last_done:   # the counted game's very moves
            for code in self.last_done[2]:
                self.sess.apply(decode(code))
                self.save(store)

    def save(self, store):
        assert self.sess.autosave(store) is None, store.notice
        self.had.append(bytes(self.sess.state.log))

    def move(self, store, first=False):
        st = self.sess.state
        if self.sess.is_human(st.to_act()):
            legal = st.legal_actions()
            a = legal[0] if first else self.rng.choice(legal)
        else:
            a = self.sess.bot_action()
        self.sess.apply(a)
        self.save(store)

    def results(self, store, sess):
        gid = getattr(sess, "id", None)    # (None: the code before game ids)
        assert gid is None or gid not in self.ids, "a game counted twice"
        sess.results(store, False)
        self.ids.add(gid)
        self.counted += 1

    def play(self, store, n, first=False):
        for _ in range(n):
            if self.sess.state.is_over():
                return
            self.move(store, first)

    def undo(self, store, deep):
        st = self.sess.state
        if not len(st.log):
            return
        k = self.rng.randint(12, 40) if deep else self.rng.randint(1, 3)
        st.rewind(min(k, len(st.log)))
        self.save(store)

    def finish(self, store, cut):
        # play to the end; cut: "before stats" (the power goes after the last
        # save), "after stats" (after the statistics, before the save's removal)
        self.play(store, 10000, first=True)
        st = self.sess.state
        mark = (self.sess.game, st.deal_seed, bytes(st.log))
        if cut == "before stats":
            self.sess = None        # the next start finds it finished, not counted
            return
        self.expect = False     # counted: a save found again ("after stats") is not offered
        kept = open(os.path.join(self.dir, "game.log"), "rb").read()
        self.results(store, self.sess)
        self.last_done = mark
        if cut == "after stats":
            with open(os.path.join(self.dir, "game.log"), "wb") as f:
                f.write(kept)
        else:
            self.had = []
        self.sess = None


# --- the adversary ---------------------------------------------------------------
def lines_of(data):
    """[(start, end)] of each line, and the indexes of the lines that undo (c<start>
    below the codes so far)."""
    spans, undos, p, total = [], [], 0, 0
    while p < len(data):
        e = data.find(b"\n", p)
        e = len(data) if e < 0 else e + 1
        parts = data[p:e].split(b" ")
        if parts[0][:1] == b"c" and parts[0][1:].isdigit() and len(parts) == 3:
            start = int(parts[0][1:])
            if start < total:
                undos.append(len(spans))
            total = start + len(parts[1]) // 2
        spans.append((p, e))
        p = e
    return spans, undos


def damage(rng, path):
    """Damage the file at path; returns what was done (for a failing assertion's message)."""
    kind = rng.random()
    if kind < 0.08:
        os.remove(path)
        what = rng.choice(["folder", "fifo", "symlink", "empty", "junk"])
        if what == "folder":
            os.mkdir(path)
            open(os.path.join(path, "x"), "w").close()
        elif what == "fifo":
            os.mkfifo(path)
        elif what == "symlink":
            os.symlink("/dev/zero", path)
        else:
            with open(path, "wb") as f:
                f.write(b"" if what == "empty" else bytes(rng.randrange(256) for _ in range(60)))
        return what
    data = bytearray(open(path, "rb").read())
    if not data:
        return "nothing to damage"
    spans, undos = lines_of(bytes(data))
    places = {"header": 0, "first codes": min(1, len(spans) - 1),
              "middle": len(spans) // 2, "last": len(spans) - 1}
    if undos:
        places["undo"] = rng.choice(undos)
    where = rng.choice(sorted(places))
    a, b = spans[places[where]]
    at = rng.randrange(a, b)
    how = rng.choice(["flip", "flip", "cut", "insert", "newline"])
    if how == "flip":
        data[at] ^= 1 << rng.randrange(8)
    elif how == "cut":
        del data[at:]
    elif how == "insert":
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 5)))
    else:
        data[at:at] = b"\n"
    with open(path, "wb") as f:
        f.write(bytes(data))
    return "%s at %s (byte %d)" % (how, where, at)


def snapshot(d):
    """{name: bytes} of the plain files in d (what must never be deleted)."""
    out = {}
    for name in os.listdir(d):
        p = os.path.join(d, name)
        if os.path.isfile(p) and not os.path.islink(p):
            out[name] = open(p, "rb").read()
    return out


def tidy(d):
    # the set-aside copies pile up over hundreds of starts: clear them
    for name in os.listdir(d):
        if ".bad" in name:
            p = os.path.join(d, name)
            if os.path.isdir(p) and not os.path.islink(p):
                for f in os.listdir(p):
                    os.remove(os.path.join(p, f))
                os.rmdir(p)
            else:
                os.remove(p)


# --- the run -----------------------------------------------------------------------
def start(player, damaged, what):
    """A new start: what Continue offers, checked; the session continued (or None)."""
    store = player.store()
    hurt = None
    if damaged and os.path.isfile(what) and not os.path.islink(what):
        hurt = open(what, "rb").read()
    rec, st = store.load_game()
    if hurt is not None and store.notice is not None:   # told of: kept, in place or aside
        assert hurt in snapshot(player.dir).values(), "a damaged copy was deleted"
    if not damaged:
        assert (rec is not None) == player.expect, "a save lost, or one that was not there"
    if rec is None:
        if store.notice is not None:
            assert store.notice.startswith("The saved game") and store.notice.endswith(".")
        return store, None
    assert player.had, "a game came back that was not saved"
    assert rec.get("id") == player.gid, "another game's header, or the game before"
    log = bytes(st.log)
    assert any(h[:len(log)] == log for h in player.had), "a position the game never had"
    if not damaged:
        assert log == player.had[-1] and store.notice is None, "a save lost without damage"
    return store, Session.from_record(rec, st)


def test_journal_fuzz(tmp_path, fast_disk):
    rng = random.Random(SEED)
    d = str(tmp_path)
    p = Player(rng, d)
    began = time.monotonic()
    shown = {"game": 0, "none": 0, "damaged, shown": 0, "damaged, an older position": 0,
             "damaged, set aside": 0, "same deal again": 0}
    store = p.store()
    p.new_game(store)
    for rnd in range(ROUNDS):
        r = rng.random()
        if p.sess is None or r < 0.12:         # abandon (or nothing to go on with): a new game
            p.new_game(store)
        elif r < 0.55:
            p.play(store, rng.randint(1, 25))
        elif r < 0.70:
            p.undo(store, deep=rng.random() < 0.5)
        elif r < 0.85:
            p.finish(store, rng.choice(["before stats", "after stats", None]))
            if p.sess is None and not p.expect and rng.random() < 0.6 and p.last_done:
                p.new_game(store, again=True)  # the same deal, the same moves
                p.sess = None                  # the power goes before its statistics
                shown["same deal again"] += 1
        damaged, what = rng.random() < 0.6, None
        if damaged:
            name = "game.log" if rng.random() < 0.75 else "game.log.bak"
            what = os.path.join(d, name)
            if os.path.lexists(what):
                how = damage(rng, what)
            else:
                damaged = False
        try:
            store, sess = start(p, damaged, what)
        except AssertionError as e:
            raise AssertionError("round %d, %s %s: %s" % (rnd, what, damaged and how, e))
        if sess is None:
            shown["damaged, set aside" if damaged else "none"] += 1
            p.sess, p.had, p.expect = None, [], False
        else:
            log = bytes(sess.state.log)
            key = "game" if not damaged else "damaged, shown" if log == p.had[-1] else \
                "damaged, an older position"
            shown[key] += 1
            p.sess, p.expect = sess, True
            if log != p.had[-1]:
                p.had.append(log)
            if sess.state.is_over():           # Continue shows its game over: counted now
                p.results(store, sess)
                p.last_done = (sess.game, sess.state.deal_seed, log)
                p.sess, p.had, p.expect = None, [], False
        stats = store.load_stats()
        played = sum(g.get("played", 0) for g in stats.values() if type(g) is dict)
        assert played == p.counted, "round %d, %s: counted %d, expected %d" % (
            rnd, what, played, p.counted)
        if damaged:
            tidy(d)
        assert time.monotonic() - began < BUDGET, "the fuzz ran out of time at round %d" % rnd
    print("\njournal fuzz: %d rounds, %d games counted, %s, %.1f s" % (
        ROUNDS, p.counted, shown, time.monotonic() - began))
    assert shown["damaged, set aside"] and shown["damaged, shown"] and p.counted >= 10
    assert shown["same deal again"] >= 3
