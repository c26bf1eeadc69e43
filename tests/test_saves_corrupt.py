"""Corrupt storage on a real directory: each kind of damage is detected, told
in one sentence, moved aside (not deleted) and the program starts fresh."""
import json
import os

import pytest

from engine import games
from ui import atomic, saves


def record(n=25, seed=3):
    s = games.load("nommie").new_game(seed=seed)
    for _ in range(n):
        s.apply(s.legal_actions()[0])
    return {"save": s.save(), "seats": ["human", "bot", "bot", "bot"],
            "levels": [0, 2, 2, 2], "names": ["You", "Ann", "Bob", "Cy"]}


def framed(payload, kind="game", version=1, check=None):
    """A file as ui.atomic writes it, with any field wrong on purpose."""
    if check is None:
        check = atomic.digest(payload)
    return b"PTSAVE %d %s %d\n" % (version, kind.encode(), check) + json.dumps(payload).encode()


def good_bytes(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record())
    return (tmp_path / "game.json").read_bytes()


def illegal_log():
    rec = record()
    rec["save"]["actions"] = rec["save"]["actions"] + [999]
    return rec


DAMAGE = {
    "truncated": lambda good: good[: len(good) // 2],
    "random bytes": lambda good: bytes(range(256)) * 3,
    "plain JSON, no header": lambda good: json.dumps(record()).encode(),
    "valid file, wrong shape": lambda good: framed([1, 2, 3]),
    "valid file, record without seats": lambda good: framed({"save": record()["save"]}),
    "wrong version": lambda good: framed(record(), version=7),
    "wrong checksum": lambda good: framed(record(), check=12345),
    "a changed digit": lambda good: good.replace(b",1", b",3", 1),
    "a changed name": lambda good: good.replace(b"Ann", b"Anne"),
    "illegal action in the log": lambda good: framed(illegal_log()),
    "another game's file": lambda good: framed(record(), kind="stats"),
    "empty": lambda good: b"",
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_damaged_game_is_moved_aside_and_a_new_game_starts(tmp_path, name):
    bad = DAMAGE[name](good_bytes(tmp_path))
    for f in tmp_path.iterdir():
        f.unlink()
    (tmp_path / "game.json").write_bytes(bad)
    store = saves.Store(str(tmp_path), True)
    assert store.load_game() is None
    assert store.notice == ("The saved game was damaged; it was moved to game.bad1.json "
                            "and a new game starts.")
    assert (tmp_path / "game.bad1.json").read_bytes() == bad
    assert not (tmp_path / "game.json").exists()
    assert store.save_game(record(30)) is None
    assert saves.Store(str(tmp_path), True).load_game() == record(30)


def test_a_directory_where_the_save_should_be(tmp_path):
    (tmp_path / "game.json").mkdir()
    (tmp_path / "game.json" / "x").write_text("keep me")
    store = saves.Store(str(tmp_path), True)
    assert store.load_game() is None
    assert "game.bad1.json" in store.notice
    assert (tmp_path / "game.bad1.json" / "x").read_text() == "keep me"
    assert store.save_game(record()) is None
    assert saves.Store(str(tmp_path), True).load_game() == record()


def test_damage_twice_uses_the_next_free_bad_name(tmp_path):
    for n in (1, 2):
        (tmp_path / "game.json").write_bytes(b"junk %d" % n)
        store = saves.Store(str(tmp_path), True)
        assert store.load_game() is None
        assert "game.bad%d.json" % n in store.notice
    assert (tmp_path / "game.bad1.json").read_bytes() == b"junk 1"
    assert (tmp_path / "game.bad2.json").read_bytes() == b"junk 2"


def test_damaged_save_falls_back_to_the_previous_copy(tmp_path):
    store = saves.Store(str(tmp_path), True)
    store.save_game(record(10))
    store.save_game(record(11))
    (tmp_path / "game.json").write_bytes(b"\x00" * 40)
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == record(10)
    assert fresh.notice == ("The saved game was damaged; it was moved to game.bad1.json "
                            "and the previous copy is used.")
    assert fresh.state.actions() == record(10)["save"]["actions"]


def test_a_torn_temp_file_is_no_damage(tmp_path):
    store = saves.Store(str(tmp_path), True)
    store.save_game(record(10))
    good = (tmp_path / "game.json").read_bytes()
    (tmp_path / "game.json.tmp").write_bytes(good[:-20])
    fresh = saves.Store(str(tmp_path), True)
    assert fresh.load_game() == record(10)
    assert fresh.notice is None


@pytest.mark.parametrize("kind", ["settings", "stats"])
@pytest.mark.parametrize("bad", [b"", b"{not json", b"PTSAVE 1 %s 1\n{}"])
def test_damaged_settings_and_stats_fall_back_to_defaults(tmp_path, kind, bad):
    if b"%s" in bad:
        bad = bad % kind.encode()
    (tmp_path / ("%s.json" % kind)).write_bytes(bad)
    store = saves.Store(str(tmp_path), True)
    if kind == "settings":
        assert store.load_settings()["bot_level"] in (0, 1, 2, 3)
        assert store.notice.startswith("The settings file was damaged; it was moved to settings.bad1.json")
    else:
        assert store.load_stats() == {}
        assert store.notice.startswith("The statistics file was damaged; it was moved to stats.bad1.json")
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


def test_nothing_raises_out_of_store_whatever_the_bytes(tmp_path):
    import random
    rng = random.Random(1)
    good = good_bytes(tmp_path)
    for i in range(60):
        b = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        for name in os.listdir(str(tmp_path)):
            p = tmp_path / name
            p.unlink() if p.is_file() else None
        (tmp_path / "game.json").write_bytes(bytes(b))
        store = saves.Store(str(tmp_path), True)
        got = store.load_game()
        assert got is None or got == record()
        assert (got is None) == (store.notice is not None)


def test_read_only_storage_loads_but_does_not_save(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record(9))
    saves.Store(str(tmp_path), True).save_game(record(10))
    store = saves.Store(str(tmp_path), False)
    assert store.notice == saves.READ_ONLY
    assert store.load_game() == record(10)
    assert store.save_game(record(11)) == saves.READ_ONLY
    assert store.save_settings({"speed": 1}) == saves.READ_ONLY
    assert store.record_result("nommie", [2], True, 5) == saves.READ_ONLY
    assert store.clear_game() == saves.READ_ONLY
    (tmp_path / "game.json").write_bytes(b"junk")
    ro = saves.Store(str(tmp_path), False)
    assert ro.load_game() == record(9)  # the backup; the damaged file stays put
    assert ro.notice == ("The saved game was damaged; it was left in place "
                         "and the previous copy is used.")
    assert (tmp_path / "game.json").read_bytes() == b"junk"


def test_writable_is_worked_out_when_not_given(tmp_path):
    assert saves.storage_mode(str(tmp_path / "new" / "dir")) == "saves"
    assert saves.Store(str(tmp_path / "new" / "dir")).writable is True
    assert saves.mode_text("usb").startswith("USB")


def test_file_format_is_versioned_and_checksummed(tmp_path):
    saves.Store(str(tmp_path), True).save_game(record())
    head, body = (tmp_path / "game.json").read_bytes().split(b"\n", 1)
    magic, version, kind, check = head.split()
    assert (magic, version, kind) == (b"PTSAVE", b"1", b"game")
    assert int(check) == atomic.digest(json.loads(body)) == atomic.digest(record())
    assert json.loads(body) == record()


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
