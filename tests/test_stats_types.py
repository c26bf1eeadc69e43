"""Statistics of the wrong types (issue 37, item 5): a stats.json whose
checksum is right but whose values are not what the statistics keep is a
damaged file like any other: set aside (never deleted), the player told
once, counting starts again, and the game just finished is still counted."""
import pytest

from ui import saves
from ui.screens import info

from test_console import run_console, setup_lines
from test_saves_corrupt import framed

GOOD = {"played": 3, "won": 1, "best": 40, "hinted": 1, "levels": {"2": [3, 1]},
        "done": [5, 100, 77]}


def entry(**change):
    g = dict(GOOD)
    g.update(change)
    return {"nommie": g}


WRONG = {
    "played a word": entry(played="x"),
    "won null": entry(won=None),
    "a level's count a number": entry(levels={"1": 5}),
    "a level's counts short": entry(levels={"1": [1]}),
    "a level's counts words": entry(levels={"1": ["a", 0]}),
    "levels a list": entry(levels=[1, 2]),
    "levels null": entry(levels=None),
    "best a word": entry(best="x"),
    "best a fraction": entry(best=1.5),
    "hinted true": entry(hinted=True),
    "played negative": entry(played=-4),
    "played huge": entry(played=10 ** 30),
    "a level's count huge": entry(levels={"3": [2 ** 40, 0]}),
    "a game a list": {"nommie": [1, 2, 3]},
    "a game a number": {"nines": 7},
    "nested": entry(levels={"2": [[1], {"a": 1}]}),
}


def put(tmp_path, payload):
    data = framed(payload, kind="stats")
    (tmp_path / "stats.json").write_bytes(data)
    return data


@pytest.mark.parametrize("case", sorted(WRONG))
def test_statistics_of_the_wrong_types_are_set_aside_and_the_game_is_counted(tmp_path, case):
    data = put(tmp_path, WRONG[case])
    store = saves.Store(str(tmp_path), True)
    assert store.record_result("nommie", {"bots": [2], "hinted": False}, [(True, 12)],
                               [9, 52, 1234]) is None
    assert store.notice == ("The statistics file was damaged; it was moved to stats.bad1.json "
                            "and counting starts again.")
    assert (tmp_path / "stats.bad1.json").read_bytes() == data     # kept, never deleted
    got = saves.Store(str(tmp_path), True).load_stats()
    assert got == {"nommie": {"played": 1, "won": 1, "best": 12, "levels": {"2": [1, 1]},
                              "done": [9, 52, 1234]}}


def test_good_statistics_stay_as_they_are(tmp_path):
    put(tmp_path, entry())
    store = saves.Store(str(tmp_path), True)
    assert store.record_result("nommie", [2], [(False, 3)]) is None and store.notice is None
    got = store.load_stats()["nommie"]
    assert got["played"] == 4 and got["won"] == 1 and got["levels"]["2"] == [4, 1]


@pytest.mark.parametrize("case", ["played a word", "a level's count a number", "levels a list"])
def test_the_statistics_page_sets_them_aside_too(tmp_path, case):
    put(tmp_path, WRONG[case])
    store = saves.Store(str(tmp_path), True)
    assert info.stats_lines(store, 30) == ["No games finished yet."]
    assert "stats.bad1.json" in store.notice


def test_a_whole_game_ends_counted_over_statistics_of_the_wrong_types(tmp_path):
    # the repro: every game over crashed and the save stayed to crash again
    put(tmp_path, {"linger": {"played": "x", "won": None, "levels": {"1": 5}}})
    store = saves.Store(str(tmp_path), True)
    con, t, out = run_console(setup_lines("linger", seats="h 0"), store)
    assert con.session.state.is_over()
    assert "The statistics file was damaged; it was moved to stats.bad1.json" in out
    again = saves.Store(str(tmp_path), True)
    assert again.load_stats()["linger"]["played"] == 1 and again.notice is None
    assert again.load_game() == (None, None)          # counted: the save is gone
    assert (tmp_path / "stats.bad1.json").exists()


@pytest.mark.parametrize("kind", ["stats", "settings"])
def test_a_file_far_too_long_is_damage_and_never_parsed(tmp_path, monkeypatch, kind):
    # a right header over 20 MB of JSON: set aside at once, not read into memory
    from ui.saves import load
    data = b"PTSAVE 1 %s 5\n[" % kind.encode() + b"0," * (10 << 20) + b"0]"
    (tmp_path / ("%s.json" % kind)).write_bytes(data)

    parsed = []

    class NoJson:
        def load(self, f):
            parsed.append(f)
            raise ValueError("parsed")
    monkeypatch.setattr(load, "json", NoJson())
    store = saves.Store(str(tmp_path), True)
    got = store.load_stats() if kind == "stats" else store.load_settings()
    assert got == {} if kind == "stats" else got["speed"] == 2
    assert store.notice.startswith("The %s file was damaged; it was moved to %s.bad1.json" % (
        "statistics" if kind == "stats" else "settings", kind))
    assert (tmp_path / ("%s.bad1.json" % kind)).stat().st_size == len(data)
    assert parsed == []
