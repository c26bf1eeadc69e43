"""Corrupt storage on a real directory: each kind of damage is detected, told
in one sentence, moved aside (not deleted) and the program starts fresh."""
import json
import os

import pytest

from engine import games
from ui import saves
from ui.saves import atomic


def record(n=25, seed=3, seats=("human", "bot", "bot", "bot")):
    s = games.new_game("nommie", seed=seed)
    for _ in range(n):
        s.apply(s.legal_actions()[0])
    return {"save": s.save(False), "log": bytes(s.log), "seats": list(seats),
            "levels": [0, 2, 2, 2], "names": ["You", "Ann", "Bob", "Cy"],
            "id": 10000000 + seed}     # a game's id: one per deal here


def header(rec):
    h = {"save": rec["save"], "seats": rec["seats"], "levels": rec["levels"],
         "names": rec["names"]}
    if "id" in rec:
        h["id"] = rec["id"]
    return h


def journal(*bodies):
    """A journal with these line bodies, each with its right check (after a
    PTLOG 2 header, chained on from its id)."""
    out, h = b"", 0
    for body in bodies:
        line, h = atomic.line(body, h)
        if body.startswith(atomic.LOG2):
            h = json.loads(body.split(b" ", 3)[3])["id"]
        out += line
    return out


def head(rec, n=None, version=None):
    n = len(rec["log"]) if n is None else n
    if version is None:
        version = 2 if "id" in rec else 1
    return b"PTLOG %d %d " % (version, n) + json.dumps(header(rec)).encode()


def codes(log, start=0):
    return b"c%d " % start + bytes(log[start:]).hex().encode()


def framed(payload, kind="game", version=1, check=None):
    """A whole file as ui.saves.atomic writes settings, with any field wrong on purpose."""
    if check is None:
        check = atomic.digest(payload)
    return b"PTSAVE %d %s %d\n" % (version, kind.encode(), check) + json.dumps(payload).encode()


def good_bytes(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record())
    return (tmp_path / "game.log").read_bytes()


def appended(tmp_path, *records):
    """The journal of one store saving records in turn (the first whole, the rest appended)."""
    store = saves.Store(str(tmp_path), True)
    for r in records:
        assert store.save_game(r) is None
    return (tmp_path / "game.log").read_bytes()


def change_middle_line(data):
    lines = data.split(b"\n")
    mid = lines[1]
    lines[1] = mid[:-10] + (b"0" if mid[-10:-9] != b"0" else b"1") + mid[-9:]
    return b"\n".join(lines)


R = record()
DAMAGE = {
    "truncated inside the codes written whole": lambda good: good[: len(good) - 30],
    "random bytes": lambda good: bytes(range(256)) * 3,
    "plain JSON, no header": lambda good: json.dumps(header(R)).encode(),
    "the previous version's file format": lambda good: framed({"save": R["save"]}),
    "header of the wrong shape": lambda good: journal(b"PTLOG 1 0 [1, 2, 3]"),
    "record without seats": lambda good: journal(head(R).replace(b'"seats"', b'"sits"'),
                                                 codes(R["log"])),
    "wrong version": lambda good: journal(head(R, version=7), codes(R["log"])),
    "wrong check": lambda good: good.replace(b"\n", b"0\n", 1)[:-1],
    "a changed hex digit": lambda good: good[:-12] + (b"0" if good[-12:-11] != b"0" else b"1")
    + good[-11:],
    "a changed name": lambda good: good.replace(b"Ann", b"Anne"),
    "a damaged line before a good one": lambda good: journal(
        head(R), codes(R["log"][:10])) + b"c10 0a0b 123456\n" + atomic.line(b"c0 ", 0x123456)[0],
    "a code past the last one": lambda good: journal(head(R), codes(R["log"] + b"\x77")),
    "illegal action in the log": lambda good: journal(head(R), codes(R["log"] + b"\x00")),
    "codes out of place": lambda good: journal(head(R, 0), codes(R["log"][:5]),
                                               b"c9 0102"),
    "an unknown record": lambda good: journal(head(R), codes(R["log"]), b"x{}", b"c0 "),
    "a line with no end before a good one": lambda good: good + b"x" * 3000 + b"\n"
    + journal(b"c0 "),
    "another kind's file": lambda good: framed(header(R), kind="stats"),
    "empty": lambda good: b"",
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_damaged_game_is_moved_aside_and_a_new_game_starts(tmp_path, name):
    bad = DAMAGE[name](good_bytes(tmp_path))
    for f in tmp_path.iterdir():
        f.unlink()
    (tmp_path / "game.log").write_bytes(bad)
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] is None
    assert store.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and cannot be continued.")
    assert (tmp_path / "game.bad1.log").read_bytes() == bad
    assert not (tmp_path / "game.log").exists()
    assert store.save_game(record(30)) is None
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(30)


def test_the_damage_cases_are_damage_and_not_just_a_torn_line():
    # each case's file differs from a good journal before its last line
    good = journal(head(R), codes(R["log"]))
    for name in ("a damaged line before a good one", "codes out of place", "an unknown record",
                 "a line with no end before a good one"):
        bad = DAMAGE[name](good)
        assert b"\n" in bad[:-1], name


def test_a_directory_where_the_save_should_be(tmp_path):
    (tmp_path / "game.log").mkdir()
    (tmp_path / "game.log" / "x").write_text("keep me")
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] is None
    assert "game.bad1.log" in store.notice
    assert (tmp_path / "game.bad1.log" / "x").read_text() == "keep me"
    assert store.save_game(record()) is None
    assert saves.Store(str(tmp_path), True).load_game()[0] == record()


def test_damage_twice_uses_the_next_free_bad_name(tmp_path):
    for n in (1, 2):
        (tmp_path / "game.log").write_bytes(b"junk %d" % n)
        store = saves.Store(str(tmp_path), True)
        assert store.load_game()[0] is None
        assert "game.bad%d.log" % n in store.notice
    assert (tmp_path / "game.bad1.log").read_bytes() == b"junk 1"
    assert (tmp_path / "game.bad2.log").read_bytes() == b"junk 2"


def test_damaged_save_falls_back_to_the_previous_copy(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record(10))
    saves.Store(str(tmp_path), True).save_game(record(11))  # a new store writes whole
    data = (tmp_path / "game.log").read_bytes()
    (tmp_path / "game.log").write_bytes(data[:-20])          # its codes cut short
    fresh = saves.Store(str(tmp_path), True)
    rec, state = fresh.load_game()
    assert rec == record(10)
    assert fresh.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and the previous copy is used.")
    assert bytes(state.log) == record(10)["log"]


@pytest.mark.parametrize("bad", [b"\x00" * 40, b"", b"PTLOG 2 0 {} 000000\n"])
def test_a_journal_that_names_no_game_never_brings_back_the_backup(tmp_path, bad):
    # the backup may be another game (the one before a new game was written
    # whole): a journal that cannot prove it its game sets both aside
    saves.Store(str(tmp_path), True).save_game(record(10))
    saves.Store(str(tmp_path), True).save_game(record(11))
    (tmp_path / "game.log").write_bytes(bad)
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == (None, None)
    assert fresh.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and cannot be continued.")
    assert (tmp_path / "game.bad1.log").read_bytes() == bad
    assert (tmp_path / "game.bad1.log.bak").exists() and not (tmp_path / "game.log.bak").exists()
    assert saves.Store(str(tmp_path), True).load_game() == (None, None)


def test_a_damaged_line_before_good_ones_is_damage(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record(5))
    data = appended(tmp_path, record(10), record(12), record(15))
    (tmp_path / "game.log").write_bytes(change_middle_line(data))
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game()[0] == record(5)  # the backup
    assert "game.bad1.log" in fresh.notice


def test_damage_after_the_part_written_whole_keeps_the_moves_before_it(tmp_path):
    # The .bak is the save before the last whole write: older than any line of
    # the journal, so the lines before a damaged append are the newest game.
    saves.Store(str(tmp_path), True).save_game(record(5))
    data = appended(tmp_path, record(10), record(12), record(15))
    lines = data.split(b"\n")
    lines[2] = lines[2][:-10] + (b"0" if lines[2][-10:-9] != b"0" else b"1") + lines[2][-9:]
    (tmp_path / "game.log").write_bytes(b"\n".join(lines))
    fresh = saves.Store(str(tmp_path), True)
    rec, state = fresh.load_game()
    assert rec == record(10) and bytes(state.log) == record(10)["log"]
    assert fresh.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and the game is kept up to its last move before the damage.")
    assert (tmp_path / "game.bad1.log").read_bytes() == b"\n".join(lines)  # kept
    assert fresh.save_game(record(11)) is None  # the next save writes the journal whole
    again = saves.Store(str(tmp_path), True)
    assert again.load_game()[0] == record(11) and again.notice is None


def flip_a_bit(line, at):
    return line[:at] + bytes([line[at] ^ 4]) + line[at + 1:]


@pytest.mark.parametrize("at", [0, 9, 40, -12])
def test_a_damaged_first_line_keeps_every_move_after_it(tmp_path, at):
    # The header line's damage: the lines after it still chain on its check,
    # and the backup (the same game, fewer moves) gives the header again
    saves.Store(str(tmp_path), True).save_game(record(5))
    data = appended(tmp_path, record(10), record(12), record(15))
    first, rest = data.split(b"\n", 1)
    damaged = flip_a_bit(first, at) + b"\n" + rest
    (tmp_path / "game.log").write_bytes(damaged)
    fresh = saves.Store(str(tmp_path), True)
    rec, state = fresh.load_game()
    assert rec == record(15) and bytes(state.log) == record(15)["log"]
    assert fresh.notice == ("The saved game was damaged; it was moved to game.bad1.log "
                            "and the game is kept up to its last move before the damage.")
    assert (tmp_path / "game.bad1.log").read_bytes() == damaged
    assert fresh.save_game(record(16)) is None       # written whole again
    again = saves.Store(str(tmp_path), True)
    assert again.load_game()[0] == record(16) and again.notice is None


def test_a_damaged_first_line_and_a_damaged_later_line_keep_the_moves_between(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record(5))
    data = appended(tmp_path, record(10), record(12), record(15))
    lines = data.split(b"\n")
    lines[0] = flip_a_bit(lines[0], 20)
    lines[3] = flip_a_bit(lines[3], 2)
    (tmp_path / "game.log").write_bytes(b"\n".join(lines))
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game()[0] == record(12)


def test_a_damaged_first_line_of_another_game_sets_both_aside(tmp_path):
    # the backup is not this journal's game (its lines do not chain on from
    # the backup's id): neither the backup nor the journal's moves on its
    # header is shown (issue 37)
    saves.Store(str(tmp_path), True).save_game(record(5, seed=8))
    data = appended(tmp_path, record(10), record(12))
    first, rest = data.split(b"\n", 1)
    (tmp_path / "game.log").write_bytes(flip_a_bit(first, 30) + b"\n" + rest)
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == (None, None)
    assert fresh.notice.endswith("and cannot be continued.")


def test_a_damaged_first_line_of_a_game_saved_before_ids_proves_nothing(tmp_path):
    # without an id the lines chain on from the damaged header itself: the
    # backup cannot be told from another game's, so neither is shown
    old = dict(record(5))
    del old["id"]
    saves.Store(str(tmp_path), True).save_game(old)
    newer = dict(record(10))
    del newer["id"]
    data = appended(tmp_path, newer)
    assert data.startswith(b"PTLOG 1 ")
    first, rest = data.split(b"\n", 1)
    (tmp_path / "game.log").write_bytes(flip_a_bit(first, 30) + b"\n" + rest)
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == (None, None)
    assert fresh.notice.endswith("and cannot be continued.")


def test_a_cut_journal_on_a_read_only_flash_is_used_and_left_in_place(tmp_path):
    data = appended(tmp_path, record(10), record(12), record(15))
    lines = data.split(b"\n")
    lines[2] = lines[2].replace(b"c10 ", b"c10 0")
    (tmp_path / "game.log").write_bytes(b"\n".join(lines))
    fresh = saves.Store(str(tmp_path), False)
    assert fresh.load_game()[0] == record(10)
    assert "left in place and the game is kept" in fresh.notice
    assert (tmp_path / "game.log").read_bytes() == b"\n".join(lines)


def test_a_torn_last_line_is_the_previous_save_and_the_next_save_rewrites(tmp_path):
    data = appended(tmp_path, record(10), record(12), record(15))
    for cut in (1, 5, 17):  # the last line is 18 bytes
        (tmp_path / "game.log").write_bytes(data[:-cut])
        fresh = saves.Store(str(tmp_path), True)
        assert fresh.load_game()[0] == record(12) and fresh.notice is None
    (tmp_path / "game.log").write_bytes(data[:-5] + b"\x00" * 300)  # a sector never written
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game()[0] == record(12) and fresh.notice is None
    assert fresh.save_game(record(16)) is None
    assert (tmp_path / "game.log").read_bytes().count(b"\n") == 2  # rewritten whole
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(16)


def test_a_torn_temp_file_is_no_damage(tmp_path):
    store = saves.Store(str(tmp_path), True)
    store.save_game(record(10))
    good = (tmp_path / "game.log").read_bytes()
    (tmp_path / "game.log.tmp").write_bytes(good[:-20])
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game()[0] == record(10)
    assert fresh.notice is None


def test_nothing_raises_out_of_store_whatever_the_bytes(tmp_path):
    import random
    rng = random.Random(1)
    allowed = [record(20), record(22), record(25)]
    good = appended(tmp_path, *allowed)
    for i in range(120):
        b = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        for name in os.listdir(str(tmp_path)):
            p = tmp_path / name
            p.unlink() if p.is_file() else None
        (tmp_path / "game.log").write_bytes(bytes(b))
        store = saves.Store(str(tmp_path), True)
        got = store.load_game()[0]
        assert got is None or got in allowed
        if got is None:
            assert store.notice.endswith("cannot be continued.")
        elif store.notice is not None:  # damage after the part written whole
            assert store.notice.endswith("before the damage.") and got != allowed[-1]


def test_read_only_storage_loads_but_does_not_save(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record(9))
    saves.Store(str(tmp_path), True).save_game(record(10))
    store = saves.Store(str(tmp_path), False)
    assert store.notice == saves.READ_ONLY
    assert store.load_game()[0] == record(10)
    assert store.save_game(record(11)) == saves.READ_ONLY
    assert store.save_settings({"speed": 1}) == saves.READ_ONLY
    assert store.record_result("nommie", [2], [(True, 5)]) == saves.READ_ONLY
    assert store.clear_game() == saves.READ_ONLY
    bad = (tmp_path / "game.log").read_bytes()[:-5] + b"junk\n" + atomic.line(b"c0 ", 0)[0]
    (tmp_path / "game.log").write_bytes(bad)   # its codes damaged, its header good
    ro = saves.Store(str(tmp_path), False)
    assert ro.load_game()[0] == record(9)  # the backup; the damaged file stays put
    assert ro.notice == ("The saved game was damaged; it was left in place "
                         "and the previous copy is used.")
    assert (tmp_path / "game.log").read_bytes() == bad


def test_writable_is_worked_out_when_not_given(tmp_path):
    assert saves.storage_mode(str(tmp_path / "new" / "dir")) == "saves"
    assert saves.Store(str(tmp_path / "new" / "dir")).writable is True
    assert saves.mode_text("usb").startswith("USB")


def test_journal_format_header_then_appended_records_each_checked(tmp_path):
    store = saves.Store(str(tmp_path), True)
    store.save_game(record(10))
    store.save_game(record(10))                     # nothing new: nothing written
    assert (tmp_path / "game.log").read_bytes().count(b"\n") == 2
    store.save_game(record(14))
    store.save_game(record(12))                     # an undo: from the last record end before it
    store.save_game(record(12, seats=["bot"] * 4))  # a seat handed to a bot
    lines = (tmp_path / "game.log").read_bytes().split(b"\n")
    assert lines[-1] == b""
    h = 0
    for line in lines[:-1]:
        body, check = line[:-7], line[-6:]
        assert line[-7:-6] == b" " and int(check, 16) == atomic.check(body, h)
        h = int(check, 16) if line is not lines[0] else record(10)["id"]  # (then from the id)
    magic, version, n, payload = lines[0][:-7].split(b" ", 3)
    assert (magic, version, n) == (b"PTLOG", b"2", b"10")
    assert json.loads(payload) == header(record(10))
    log = record(14)["log"]
    assert lines[1][:-7] == b"c0 " + log[:10].hex().encode()
    assert lines[2][:-7] == b"c10 " + log[10:14].hex().encode()
    assert lines[3][:-7] == b"c10 " + log[10:12].hex().encode()
    assert json.loads(lines[4][1:-7]) == {"seats": ["bot"] * 4, "levels": [0, 2, 2, 2],
                                          "names": ["You", "Ann", "Bob", "Cy"]}
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(12, seats=["bot"] * 4)


def test_an_undo_past_the_remembered_saves_or_many_undos_rewrite_the_journal(tmp_path):
    store = saves.Store(str(tmp_path), True)
    for n in range(10, 10 + saves.MARKS + 2):
        store.save_game(record(n))
    store.save_game(record(10))                     # further back than the marks
    data = (tmp_path / "game.log").read_bytes()
    assert data.count(b"\n") == 2 and b" 10 " in data.split(b"\n")[0]
    for i in range(60):                             # undo and redo, again and again
        store.save_game(record(12 if i % 2 else 11))
        assert (tmp_path / "game.log").stat().st_size < 16 * 12 + 4096 + 100
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(12)
    assert (tmp_path / "game.log.bak").exists()     # it was rewritten on the way


def test_a_journal_removed_behind_the_stores_back_is_written_whole(tmp_path):
    store = saves.Store(str(tmp_path), True)
    store.save_game(record(10))
    (tmp_path / "game.log").unlink()
    assert store.save_game(record(12)) is None  # not an append to a new, headless file
    assert saves.Store(str(tmp_path), True).load_game()[0] == record(12)


def test_the_previous_versions_game_json_continues_as_a_journal(tmp_path):
    rec = dict(record(30))
    del rec["id"]        # (a game saved before ids goes on without one)
    s = games.new_game("nommie", seed=3)
    for _ in range(30):
        s.apply(s.legal_actions()[0])
    old = {"save": s.save(), "seats": rec["seats"], "levels": rec["levels"],
           "names": rec["names"]}
    fs = atomic.OsFS()
    atomic.write(fs, str(tmp_path / "game.json"), "game", old)
    atomic.write(fs, str(tmp_path / "game.json"), "game", old)   # and its backup
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] == rec and store.notice is None
    assert sorted(os.listdir(str(tmp_path))) == ["game.log"]
    assert saves.Store(str(tmp_path), True).load_game()[0] == rec
    ro = tmp_path / "ro"
    ro.mkdir()
    atomic.write(fs, str(ro / "game.json"), "game", old)
    assert saves.Store(str(ro), False).load_game()[0] == rec      # read-only: read, kept as is
    assert os.listdir(str(ro)) == ["game.json"]
    (tmp_path / "game.log").unlink()
    (tmp_path / "game.json").write_bytes(b"PTSAVE 1 game 5\n{}")
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0] is None
    assert store.notice == ("The saved game was damaged; it was moved to game.bad1.json "
                            "and cannot be continued.")


@pytest.mark.parametrize("kind", ["settings", "stats"])
@pytest.mark.parametrize("bad", [b"", b"{not json", b"PTSAVE 1 %s 1\n{}"])
def test_damaged_settings_and_stats_fall_back_to_defaults(tmp_path, kind, bad):
    if b"%s" in bad:
        bad = bad % kind.encode()
    (tmp_path / ("%s.json" % kind)).write_bytes(bad)
    store = saves.Store(str(tmp_path), True)
    if kind == "settings":
        assert store.load_settings()["bot_level"] in (0, 1, 2, 3)
        assert store.notice.startswith(
            "The settings file was damaged; it was moved to settings.bad1.json")
    else:
        assert store.load_stats() == {}
        assert store.notice.startswith(
            "The statistics file was damaged; it was moved to stats.bad1.json")
    assert (tmp_path / ("%s.bad1.json" % kind)).read_bytes() == bad


def test_settings_of_the_wrong_shape_are_damage_and_wrong_values_get_defaults(tmp_path):
    (tmp_path / "settings.json").write_bytes(framed([1, 2], kind="settings"))
    store = saves.Store(str(tmp_path), True)
    assert store.load_settings()["speed"] == 2
    assert "settings.bad1.json" in store.notice
    store.save_settings({"speed": 9, "sound": False, "names": "x", "bot_level": 3})
    got = saves.Store(str(tmp_path), True).load_settings()
    assert got["speed"] == 2 and got["sound"] is False and got["bot_level"] == 3
    assert got["names"][0] == "You"


def test_digest_ignores_dict_order_but_sees_every_value():
    a = {"x": [1, 2, 3], "y": "Ann", "z": None, "t": True, "f": False}
    b = {"f": False, "t": True, "z": None, "y": "Ann", "x": [1, 2, 3]}
    assert atomic.digest(a) == atomic.digest(b)
    seen = {atomic.digest(a)}
    for change in ({"x": [1, 3, 2]}, {"x": [1, 2, 4]}, {"y": "Anne"}, {"z": 0},
                   {"t": False}, {"f": None}, {"w": 1}, {"x": [1, 2, 3, 0]}):
        c = dict(a)
        c.update(change)
        seen.add(atomic.digest(c))
    assert len(seen) == 9
    assert 0 <= atomic.digest(-5) < 2 ** 24 and atomic.digest(2 ** 40) < 2 ** 24


# --- special files and folders in the data folder --------------------------------

SPECIAL = r"""
import sys, time
sys.path[:0] = ["lib", "."]
from ui import saves
s = saves.Store(sys.argv[1], True)
t = time.monotonic()
print("GAME", s.load_game()[0] is None, s.notice)
s.notice = None
print("SETTINGS", s.load_settings().get("speed"), s.notice)
print("SECONDS", round(time.monotonic() - t, 1))
"""


def test_a_fifo_where_a_save_belongs_is_refused_with_a_sentence(tmp_path):
    # opening a FIFO for reading waits for a writer: it must never be opened
    import subprocess
    import sys
    os.mkfifo(str(tmp_path / "game.log"))
    os.mkfifo(str(tmp_path / "settings.json"))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    r = subprocess.run([sys.executable, "-c", SPECIAL, str(tmp_path)], cwd=root,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert ("GAME True The saved game was damaged; it was moved to game.bad1.log and cannot "
            "be continued.") in out
    assert ("SETTINGS 2 The settings file was damaged; it was moved to settings.bad1.json and "
            "the defaults are used.") in out
    assert sorted(os.listdir(str(tmp_path))) == ["game.bad1.log", "settings.bad1.json"]


@pytest.mark.parametrize("name", ["game.log.bak", "stats.json.bak", "settings.json.bak"])
def test_a_folder_at_the_backups_place_is_set_aside_and_saving_goes_on(tmp_path, name):
    os.mkdir(str(tmp_path / name))
    s = saves.Store(str(tmp_path), True)
    for _ in range(3):                       # each write makes the previous copy the .bak
        if name.startswith("game"):
            s._head = None                   # written whole each time
            got = s.save_game(record())
        elif name.startswith("stats"):
            got = s.record_result("nommie", [2], [(True, 10)])
        else:
            got = s.save_settings({"speed": 3})
        assert got is None and "failed" not in (s.notice or ""), (got, s.notice)
        assert s.notice is None or "moved to %s" % name.replace(".", ".bad1.", 1) in s.notice
    assert os.path.isfile(str(tmp_path / name))
    aside = [p for p in os.listdir(str(tmp_path)) if ".bad1" in p]
    assert len(aside) == 1 and os.path.isdir(str(tmp_path / aside[0]))
    if name.startswith("stats"):
        assert saves.Store(str(tmp_path), True).load_stats()["nommie"]["played"] == 3

