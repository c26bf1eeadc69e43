"""Power loss: cut the power (or fail with an OSError) at every step of a save,
then start again on the same medium: what loads is the new state or the
previous one, never a broken one, and saving works again afterwards.

The game is a journal (ui/saves/atomic.py): the sweeps cover a whole write (a new
game, a rewrite), appends (a move, an undo, a seat change), the rewrite after
a torn append, clearing, an interrupted rewrite and the migration of a
game.json the previous version saved."""
import errno
import random

import pytest

from engine import games
from engine.actions import decode
from test_storage_fakefs import FakeFS, PowerCut
from ui import saves
from ui.saves import atomic

SEATS = ["human", "bot", "bot", "bot"]
NAMES = ["You", "Ann", "Bob", "Cy"]


def game(n, seed=7, last=0):
    s = games.new_game("nommie", seed=seed)
    for i in range(n):
        s.apply(s.legal_actions()[-1 if i == n - 1 and last else 0])
    return s


def record(n, seed=7, seats=SEATS, last=0):
    s = game(n, seed, last)
    return {"save": s.save(False), "log": bytes(s.log), "seats": list(seats),
            "levels": [0, 1, 2, 3], "names": list(NAMES)}


A0, A, B, C = record(10), record(20), record(21), record(22)
OTHER = record(21, last=1)                     # A, then another move than B's
BOTS = record(21, seats=["bot"] * 4)           # B with the human's seat handed to a bot
NEW = record(5, seed=9)                        # another game


def sweep(prepare, action, after, torn=False, error=None):
    """Fail at step 1, 2, ... of action(store) on a medium set up by
    prepare(store) (the same store: it knows what it wrote); after(store)
    checks a fresh Store on the medium. Returns the steps exercised."""
    n = 0
    while True:
        n += 1
        fs = FakeFS()
        store = saves.Store("/s", True, fs=fs)
        prepare(store)
        fs.ops, fs.steps = 0, []
        fs.fail_at, fs.torn, fs.error = n, torn, error
        try:
            result = action(store)
            assert error is not None or fs.ops < n, "a power cut must stop the program"
            # a failed save says so; a failure while resuming is absorbed
            assert result is None or (isinstance(result, str) and result.endswith("."))
        except PowerCut:
            pass
        if fs.ops < n:  # the action finished before step n: every step is covered
            assert n > 1
            return n - 1
        fs.reboot()
        fresh = saves.Store("/s", True, fs=fs)
        after(fresh)
        assert fresh.notice is None, fresh.notice
        assert fresh.save_game(C) is None
        assert saves.Store("/s", True, fs=fs).load_game()[0] == C


def nothing(store):
    pass


def saved(*records):
    def prepare(store):
        for r in records:
            assert store.save_game(r) is None
    return prepare


def loads(*allowed):
    def after(store):
        got = store.load_game()[0]
        assert any(got == r for r in allowed), got and len(got["log"])
    return after


def interrupted(store):
    """A rewrite of NEW stopped before its last rename: game.log.tmp complete,
    game.log (A, appended to A0) already moved to game.log.bak."""
    saved(A0, A)(store)
    assert store.save_game(NEW) is None
    store.fs.rename("/s/game.log", "/s/game.log.tmp")
    assert store.fs.kind("/s/game.log.bak") == "file"


def torn_append(store):
    """The power went while B was appended after A: half of it on the medium."""
    saved(A0, A)(store)
    fs = store.fs
    fs.fail_at, fs.torn = fs.ops + 3, True   # open, write, then the sync
    with pytest.raises(PowerCut):
        store.save_game(B)
    fs.reboot()
    assert not fs.files["/s/game.log"].endswith(b"\n")


def old_version(store):
    """A game.json (and its backup) as the previous version wrote them."""
    for rec in (A, B):
        s = games.new_game("nommie", seed=7)
        for c in rec["log"]:
            s.apply(decode(c))
        atomic.write(store.fs, "/s/game.json", "game",
                     {"save": s.save(), "seats": rec["seats"], "levels": rec["levels"],
                      "names": rec["names"]})


def resume(expected):
    def act(store):
        assert store.load_game()[0] == expected
        return store.save_game(C)
    return act


def resume_torn(store):
    assert store.load_game()[0] == A and store.notice is None
    return store.save_game(C)


SCENARIOS = {
    "first save": (nothing, lambda s: s.save_game(B), loads(None, B)),
    "append a move": (saved(A), lambda s: s.save_game(B), loads(A, B)),
    "append after appends": (saved(A0, A), lambda s: s.save_game(B), loads(A, B)),
    "append an undo": (saved(A0, A, B), lambda s: s.save_game(A), loads(A, B)),
    "append an undo and another move": (saved(A, B), lambda s: s.save_game(OTHER),
                                        loads(B, OTHER)),
    "append a seat change": (saved(A0, B), lambda s: s.save_game(BOTS), loads(B, BOTS)),
    "rewrite for a new game": (saved(A0, A), lambda s: s.save_game(NEW), loads(A, NEW)),
    "rewrite after an undo past the marks": (saved(A0, A, B),
                                             lambda s: s.save_game(record(3)),
                                             loads(B, record(3))),
    "clear": (saved(NEW, A0, A), lambda s: s.clear_game(), loads(A, None)),
    "resume an interrupted rewrite, save again": (interrupted, resume(NEW), loads(NEW, C)),
    "resume a torn append, save again": (torn_append, resume_torn, loads(A, C)),
    "resume the previous version's save, save again": (old_version, resume(B),
                                                        loads(B, C)),
}
MODES = {"power cut": {}, "torn write": {"torn": True},
         "EIO": {"error": errno.EIO}, "ENOSPC": {"error": errno.ENOSPC}}
COUNTS = {}


CASES = [(n, m) for n in sorted(SCENARIOS) for m in sorted(MODES)
         if not (n == "clear" and m == "ENOSPC")]  # removing files cannot fill the disk


@pytest.mark.parametrize("name,mode", CASES)
def test_game_save_survives_a_fault_at_every_step(name, mode):
    prepare, action, after = SCENARIOS[name]
    steps = sweep(prepare, action, after, **MODES[mode])
    COUNTS[(name, mode)] = steps
    assert steps >= 3


def _stats_played(store):
    return store.load_stats().get("nommie", {}).get("played", 0)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_settings_and_stats_survive_a_fault_at_every_step(mode):
    def prep(store):
        store.save_settings({"speed": 1})
        store.save_settings({"speed": 3})
        store.record_result("nommie", [2], [(True, 40)])

    def act(store):
        return (store.save_settings({"speed": 2})
                or store.record_result("nommie", [2], [(False, 10)]))

    def after(store):
        assert store.load_settings()["speed"] in (3, 2)
        assert _stats_played(store) in (1, 2)
        if _stats_played(store) == 2:
            assert store.load_settings()["speed"] == 2

    COUNTS[("settings+stats", mode)] = sweep(prep, act, after, **MODES[mode])


def test_a_crash_while_setting_aside_a_damaged_save():
    def prep(store):
        store.save_game(A0)
        saves.Store("/s", True, fs=store.fs).save_game(A)  # a rewrite: A0 is the backup
        store.save_game(B)
        log = store.fs.files["/s/game.log"].split(b"\n")   # the codes written whole damaged
        store.fs.files["/s/game.log"] = b"\n".join([log[0], log[1][:-9] + log[1][-8:]] + log[2:])

    def act(store):
        assert store.load_game()[0] == A0
        assert store.notice.startswith("The saved game was damaged")

    def check(store):
        # the rename to game.bad1.log may or may not have happened
        got = store.load_game()[0]
        assert got == A0
        store.notice = None

    COUNTS[("set aside", "power cut")] = sweep(prep, act, check)


@pytest.mark.parametrize("backup", ["another game", "the same game"])
def test_a_power_cut_while_a_damaged_journal_is_kept_never_shows_another_game(backup):
    # a journal cut at damage after its header is used, set aside and written
    # again whole; a cut at any of those steps never brings back the backup
    # when it is another game (the one before this one was started)
    game_id = dict(A, id=12345678)
    before = dict(NEW, id=11111111) if backup == "another game" else dict(A0, id=12345678)

    def prep(store):
        assert store.save_game(before) is None
        again = saves.Store("/s", True, fs=store.fs)
        for r in (game_id, dict(B, id=12345678), dict(C, id=12345678)):
            assert again.save_game(r) is None
        lines = store.fs.files["/s/game.log"].split(b"\n")
        lines[-3] = lines[-3][:-1] + (b"0" if lines[-3][-1:] != b"0" else b"1")  # B's line
        store.fs.files["/s/game.log"] = b"\n".join(lines)

    def act(store):
        rec, st = store.load_game()
        assert rec["log"] == A["log"] and "before the damage" in store.notice
        again = saves.Store("/s", True, fs=store.fs).load_game()[0]    # the next start
        assert again["id"] == 12345678 and again["log"] == A["log"]

    def after(store):
        rec = store.load_game()[0]
        assert rec is None or rec.get("id") == 12345678, rec
        if rec is not None:
            assert bytes(rec["log"]) in (A["log"], A0["log"])
        store.notice = None

    COUNTS[("mend, " + backup, "power cut")] = sweep(prep, act, after)


def test_a_power_cut_while_both_copies_are_set_aside_never_shows_the_game_before():
    # the journal's header damaged and the backup another game: both go
    # aside, the backup first, so a cut between never leaves it to be shown
    def prep(store):
        assert store.save_game(dict(NEW, id=11111111)) is None
        again = saves.Store("/s", True, fs=store.fs)
        assert again.save_game(dict(A, id=12345678)) is None
        data = bytearray(store.fs.files["/s/game.log"])
        data[20] ^= 4
        store.fs.files["/s/game.log"] = bytes(data)

    def act(store):
        assert store.load_game() == (None, None)
        assert store.notice.endswith("cannot be continued.")

    def after(store):
        assert store.load_game()[0] is None
        store.notice = None

    COUNTS[("both aside", "power cut")] = sweep(prep, act, after)


def test_switching_off_at_random_moments_never_loses_more_than_the_last_move():
    """Autosave after every action of a whole Nommie game, with the power cut
    at random steps; each restart resumes and the game ends as it would have."""
    rng = random.Random(5)
    ref = games.new_game("nommie", seed=11)
    while not ref.is_over():
        ref.apply(ref.legal_actions()[-1])
    fs = FakeFS()
    cuts = 0
    reached = 0
    state = None
    for _ in range(200):  # bounded: a store that loses progress never finishes
        store = saves.Store("/s", True, fs=fs)
        rec, state = store.load_game()
        assert store.notice is None
        state = state if rec else games.new_game("nommie", seed=11)
        assert len(state.log) >= reached, "progress lost at a restart"
        reached = len(state.log)
        if rec:
            assert rec["seats"] == SEATS and rec["names"][0] == "You"
        if state.is_over():
            break
        fs.ops, fs.fail_at, fs.torn = 0, rng.randint(1, 400), rng.random() < 0.5
        try:
            while not state.is_over():
                before = len(state.log)
                state.apply(state.legal_actions()[-1])
                reached = before  # saving the new action may be cut short
                assert store.save_game({"save": state.save(False), "log": state.log,
                                        "seats": SEATS, "levels": [0, 2, 2, 2],
                                        "names": ["You", "A", "B", "C"]}) is None
                assert len(state.log) == before + 1
        except PowerCut:
            cuts += 1
            fs.reboot()
    assert state.is_over() and cuts >= 5
    assert state.actions() == ref.actions()
    assert state.view()["scores"] == ref.view()["scores"]


def _before_the_last_move():
    """A Linger Longer game one move before its end, and that move."""
    s = games.new_game("linger", 3, 4)
    while True:
        a = s.legal_actions()[0]
        t = games.new_game("linger", 3, 4)
        for code in s.log:
            t.apply(decode(code))
        t.apply(a)
        if t.is_over():
            return s, a
        s.apply(a)


def _finish(store, sess, move):
    # what a table does with the last move: autosave, then the results
    sess.apply(move)
    sess.autosave(store)
    sess.results(store, False)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_finished_game_is_counted_once_whatever_step_fails(mode):
    # The last move is saved, the statistics written with the game's mark,
    # then the save removed: a fault at any step neither counts the game
    # twice nor loses it (a finished save the statistics counted is removed
    # at load; one they did not is offered, and its game over counts it)
    from ui.session import Session
    start, last = _before_the_last_move()

    def prep(store):
        assert store.save_game({"save": start.save(False), "log": bytes(start.log),
                                "seats": ["human", "bot", "human"], "levels": [0, 1, 2],
                                "names": ["You", "Ann", "Eve"]}) is None

    def act(store):
        rec, st = store.load_game()
        _finish(store, Session.from_record(rec, st), last)

    def after(store):
        rec, st = store.load_game()
        store.notice = None
        stats = store.load_stats().get("linger", {})
        if rec is None:
            assert stats["played"] == 2            # both people, counted once
            return
        assert stats.get("played", 0) == 0
        sess = Session.from_record(rec, st)
        if st.is_over():                           # saved, not yet counted
            sess.results(store, False)
        else:
            _finish(store, sess, last)
        assert store.load_stats()["linger"]["played"] == 2
        assert store.load_game() == (None, None)

    COUNTS[("finished game", mode)] = sweep(prep, act, after, **MODES[mode])


def test_a_counted_game_is_never_taken_for_another_with_the_same_deal():
    # the mark is the deal and the moves: the same deal played again is a
    # game of its own, offered to Continue
    from ui.session import Session
    fs = FakeFS()
    store = saves.Store("/s", True, fs=fs)
    start, last = _before_the_last_move()
    rec = {"save": start.save(False), "log": bytes(start.log), "seats": ["human", "bot", "bot"],
           "levels": [0, 1, 2], "names": ["You", "Ann", "Bob"]}
    store.save_game(rec)
    _finish(store, Session.from_record(*store.load_game()), last)
    again = games.new_game("linger", 3, 4)
    again.apply(again.legal_actions()[-1])
    rec["log"] = bytes(again.log)
    store.save_game(rec)
    got, st = saves.Store("/s", True, fs=fs).load_game()
    assert got is not None and not st.is_over()


def test_fault_points_exercised_are_counted():
    """Runs last in this file: prints the number of fault points for the report."""
    total = sum(COUNTS.values())
    print("\nfault points exercised: %d %s" % (total, sorted(COUNTS.items())))
    assert not COUNTS or total >= 60
