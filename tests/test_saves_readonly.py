"""Read-only and full storage: saving fails with one sentence, play goes on,
and what was saved before stays intact."""
import errno

from test_storage_fakefs import FakeFS
from test_saves_corrupt import record
from engine import ondemand
from ui import saves


def test_storage_that_turns_out_read_only_gives_a_notice_and_stops_trying():
    fs = FakeFS()
    store = saves.Store("/s", True, fs=fs)
    assert store.save_game(record(10)) is None
    fs.readonly = True
    assert store.save_game(record(11)) == saves.READ_ONLY
    assert store.notice == saves.READ_ONLY and store.writable is False
    ops = fs.ops
    assert store.save_game(record(12)) == saves.READ_ONLY
    assert fs.ops == ops  # no further attempts on a read-only medium
    assert store.load_game()[0] == record(10)
    assert saves.Store("/s", True, fs=fs).load_game()[0] == record(10)


def test_permission_denied_reads_as_read_only():
    fs = FakeFS()
    fs.fail_at, fs.error = 1, errno.EACCES
    assert saves.Store("/s", True, fs=fs).save_settings({"speed": 1}) == saves.READ_ONLY


def test_a_full_disk_gives_a_notice_and_keeps_the_previous_save():
    fs = FakeFS()
    store = saves.Store("/s", True, fs=fs)
    assert store.save_game(record(10)) is None
    fs.capacity = fs.used() + 40
    assert store.save_game(record(40)) == saves.FULL       # an append that does not fit
    assert store.notice == saves.FULL
    fresh = saves.Store("/s", True, fs=fs)
    assert fresh.load_game()[0] == record(10) and fresh.notice is None
    assert saves.Store("/s", True, fs=fs).save_game(record(40)) == saves.FULL  # nor a whole one
    assert saves.Store("/s", True, fs=fs).load_game()[0] == record(10)
    fs.capacity = None  # space freed: saving works again with the same store
    assert store.save_game(record(41)) is None
    assert saves.Store("/s", True, fs=fs).load_game()[0] == record(41)


def test_other_errors_say_saving_failed():
    fs = FakeFS()
    fs.fail_at, fs.error = 2, errno.EIO
    msg = saves.Store("/s", True, fs=fs).save_game(record(5))
    assert msg.startswith("Saving failed") and msg.endswith(".")


def test_a_missing_save_folder_is_created():
    fs = FakeFS()
    store = saves.Store("/s/deep", True, fs=fs)
    assert store.save_game(record(5)) is None
    assert fs.kind("/s/deep/game.log") == "file"


def test_a_non_writable_store_never_touches_the_medium():
    fs = FakeFS()
    store = saves.Store("/s", False, fs=fs)
    assert store.notice == saves.READ_ONLY
    assert store.load_game()[0] is None and store.load_stats() == {}
    assert store.save_game(record(5)) == saves.READ_ONLY
    assert store.record_result("nommie", [1], [(True, 3)]) == saves.READ_ONLY
    assert fs.ops == 0


def test_running_out_of_memory_is_a_notice_not_a_crash(monkeypatch):
    from ui.saves import load
    fs = FakeFS()
    store = saves.Store("/s", True, fs=fs)
    assert store.save_game(record(5)) is None

    def no_memory(*args):
        raise MemoryError()
    monkeypatch.setattr(load, "read", no_memory)
    assert store.load_game()[0] is None and store.notice == saves.NO_MEMORY
    monkeypatch.setattr(ondemand, "call", no_memory)
    store.notice = None
    assert store.load_settings() == {} and store.load_stats() == {}
    assert store.record_result("nommie", [1], [(True, 3)]) == saves.NO_MEMORY
    assert fs.kind("/s/game.log") == "file"  # nothing was set aside
