"""Any failure to read or replay a saved copy falls back to the backup (the
journal's: when it proves the backup its game), sets the bad copy aside
(never deleted), says so in one sentence, and never costs the good copy:
deep JSON (RecursionError), MemoryError, a right checksum around wrong types.
The notice reaches the player wherever a save is loaded."""

import pytest

from hal import keys as K

from ui import saves
from ui.saves import atomic
from ui.saves import load

from test_saves_corrupt import head, journal, record


def whole(rec):
    """The bytes of a journal written whole for rec (header fields as given)."""
    return journal(head(rec), b"c0 " + bytes(rec["log"]).hex().encode())


def with_backup(tmp_path, bad_bytes, good=None):
    """game.log.bak a good game, game.log the given bytes."""
    good = good or record(10)
    store = saves.Store(str(tmp_path), True)
    assert store.save_game(good) is None
    (tmp_path / "game.log").rename(tmp_path / "game.log.bak")
    (tmp_path / "game.log").write_bytes(bad_bytes)
    return good


def wrong(key, value):
    rec = record(12)
    rec = dict(rec)
    rec[key] = value
    return rec


WRONG_TYPES = {
    "levels are words": wrong("levels", ["x", "y", "z", "w"]),
    "a level out of range": wrong("levels", [0, 2, 9, 2]),
    "a level that is true": wrong("levels", [True, 2, 2, 2]),
    "names are numbers": wrong("names", [1, 2, 3, 4]),
    "a name that is a list": wrong("names", ["You", ["A"], "B", "C"]),
    "a seat that is a number": wrong("seats", ["human", 3, "bot", "bot"]),
    "levels not a list": wrong("levels", "2222"),
}


@pytest.mark.parametrize("case", sorted(WRONG_TYPES))
def test_right_checksum_wrong_types_falls_back_to_the_backup(tmp_path, case):
    bad = whole(WRONG_TYPES[case])
    good = with_backup(tmp_path, bad)
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] == good
    assert store.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and the previous copy is used.")
    assert (tmp_path / "game.bad1.log").read_bytes() == bad
    # the next saves keep the good game: written whole, then appended
    assert store.save_game(record(14)) is None and store.save_game(record(15)) is None
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(15)


def test_deep_json_in_the_journal_falls_back_and_keeps_the_backup(tmp_path, monkeypatch):
    # On a board json.loads hits the recursion limit far sooner than CPython's;
    # here a header line nested too deep for the journal's line buffer stands
    # in through json.loads raising what a board raises (every time): the
    # lines after it chain on from the backup's id, so they are its game's
    # and the journal's moves are kept on the backup's header
    bad = whole(record(12))
    with_backup(tmp_path, bad)
    real = load.json.loads
    deep = bad.split(b"\n")[0].split(b" ", 3)[3][:-7].decode()

    def deeply(text):
        if text == deep:
            raise RecursionError("maximum recursion depth exceeded")
        return real(text)
    monkeypatch.setattr(load.json, "loads", deeply)
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] == record(12)
    assert store.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and the game is kept up to its last move before the damage.")
    monkeypatch.setattr(load.json, "loads", real)
    assert store.save_game(record(13)) is None
    assert (tmp_path / "game.bad1.log").read_bytes() == bad
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(13)


def test_deep_json_in_a_whole_file_is_damage_not_a_crash(tmp_path):
    deep = b"PTSAVE 1 game 1\n" + b"[" * 200000 + b"]" * 200000
    old = {"save": games_save(30), "seats": ["human", "bot", "bot", "bot"],
           "levels": [0, 2, 2, 2], "names": ["You", "Ann", "Bob", "Cy"]}
    atomic.write(atomic.OsFS(), str(tmp_path / "game.json"), "game", old)
    (tmp_path / "game.json").rename(tmp_path / "game.json.bak")
    (tmp_path / "game.json").write_bytes(deep)
    store = saves.Store(str(tmp_path), True)
    got = store.load_game()[0]
    assert got is not None and bytes(got["log"]) == bytes(record(30)["log"])
    assert "game.bad1.json" in store.notice
    for kind, name in (("settings", "settings.json"), ("stats", "stats.json")):
        (tmp_path / name).write_bytes(b"PTSAVE 1 %s 1\n" % kind.encode() + b"[" * 200000)
    store = saves.Store(str(tmp_path), True)
    assert store.load_settings()["speed"] == 2
    assert "settings.bad1.json" in store.notice
    assert store.load_stats() == {}
    assert "stats.bad1.json" in store.notice


def games_save(n):
    from engine import games
    s = games.new_game("nommie", seed=3)
    for _ in range(n):
        s.apply(s.legal_actions()[0])
    return s.save()


def test_memory_error_while_replaying_keeps_the_newest_copy(tmp_path, monkeypatch):
    # Running out of memory is not damage: the newest copy stays where it is
    # (never set aside, never replaced by the older backup, which would lose
    # moves) and the player hears why; with memory, the next start has it all.
    from engine import saved
    with_backup(tmp_path, whole(record(12)))          # game.log.bak: 10 moves
    newest = (tmp_path / "game.log").read_bytes()
    real = saved.replay
    calls = []

    def replay(head, codes):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError()
        return real(head, codes)
    monkeypatch.setattr(saved, "replay", replay)
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] is None and store.notice == saves.NO_MEMORY
    assert len(calls) == 1                                  # the backup was not tried
    assert (tmp_path / "game.log").read_bytes() == newest
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("game.bad")]
    again = saves.Store(str(tmp_path), True)
    assert again.load_game()[0] == record(12) and again.notice is None


def test_both_copies_damaged_says_so_and_keeps_both(tmp_path):
    bad = whole(WRONG_TYPES["names are numbers"])
    with_backup(tmp_path, bad)
    (tmp_path / "game.log.bak").write_bytes(b"junk")
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] is None
    assert store.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and cannot be continued.")
    assert (tmp_path / "game.bad1.log").read_bytes() == bad
    assert (tmp_path / "game.bad1.log.bak").read_bytes() == b"junk"


def test_a_store_that_could_not_read_keeps_the_game_when_a_new_one_is_saved(
        tmp_path, monkeypatch):
    store = saves.Store(str(tmp_path), True)
    assert store.save_game(record(10)) is None
    assert saves.Store(str(tmp_path), True).save_game(record(11)) is None  # .bak = 10
    kept = (tmp_path / "game.log").read_bytes()

    def no_memory(*args):
        raise MemoryError()
    monkeypatch.setattr(load, "read", no_memory)
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] is None and store.notice == saves.NO_MEMORY
    monkeypatch.undo()
    for n in (3, 4, 5):     # a new game, written whole more than once
        assert store.save_game(record(n, seed=9)) is None
        store._marks = None
    found = [p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("game.bad")]
    assert kept in found


# --- the notice reaches the player ------------------------------------------------
def damaged_dir(tmp_path, both=False):
    # the journal's header good (the backup's game), its codes damaged
    good = record(10)
    with_backup(tmp_path, journal(head(good), b"c0 junk", b"c0 "), good)
    if both:
        (tmp_path / "game.log.bak").write_bytes(b"more junk")


@pytest.mark.parametrize("both", [False, True])
def test_the_title_screen_shows_the_damage_notice(tmp_path, both):
    from ui.app import App
    damaged_dir(tmp_path, both)
    app = App(160, 128, saves.Store(str(tmp_path), True), "test", lambda: 7)
    app.start()
    page = app.top()                     # too long for the footer: a page of its own
    assert page.title == "Notice" and page.footer == "A/B: OK"
    text = " ".join(page.lines)
    assert "damaged" in text and "game.bad1.log" in text
    app.key(K.A)
    title = app.top()
    assert title.footer == "A: choose"
    assert (title.lines[0].startswith("Continue")) == (not both)


def test_continue_that_fails_never_deletes_the_saves(tmp_path, monkeypatch):
    # Even if a record the store accepted cannot be resumed, Continue sets the
    # copy aside instead of removing every copy.
    from ui.app import App
    from ui import session as session_mod
    saves.Store(str(tmp_path), True).save_game(record(10))
    saves.Store(str(tmp_path), True).save_game(record(12))
    app = App(160, 128, saves.Store(str(tmp_path), True), "test", lambda: 7)
    app.start()

    def broken(rec, state=None):
        raise ValueError("broken")
    monkeypatch.setattr(session_mod.Session, "from_record", staticmethod(broken))
    app.top().resume_game()
    top = app.top()
    text = top.footer if top.title != "Notice" else " ".join(top.lines)
    assert "unusable" in text or "damaged" in text
    names = sorted(p.name for p in tmp_path.iterdir())
    assert any(n.startswith("game.bad") for n in names)
    assert sum(len(p.read_bytes()) for p in tmp_path.iterdir()) > 0
    assert "game.log.bak" in names or "game.log" in names
