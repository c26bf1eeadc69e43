"""A full drive is told as a full drive (issue 37, item 14), never as
"Storage is read-only": at start, where each board profile probes its save
folder (hal.base.prepare_save_dir), and when a save fails; on a FAT drive
(CircuitPython) a full drive refuses a new file's entry with EACCES, which
reads as full when no free block is left. Saves are still tried, and what
was saved before stays."""
import errno
import os
import shutil
import subprocess
import sys

import pytest

from hal import base
from ui import saves

from test_saves_corrupt import record
from test_storage_fakefs import FakeFS
from uilogic import new_app

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def failing(code):
    def fail(*args, **kw):
        raise OSError(code, os.strerror(code))
    return fail


class NoRoom:
    f_bavail = 0

    def __getitem__(self, i):
        return 0


@pytest.mark.parametrize("code, got", [(errno.ENOSPC, "full"), (errno.EROFS, False),
                                       (errno.EACCES, False), (errno.EIO, False)])
def test_the_probe_tells_a_full_drive_from_a_read_only_one(tmp_path, monkeypatch, code, got):
    monkeypatch.setattr(base, "open", failing(code), raising=False)
    assert base.prepare_save_dir(str(tmp_path / "saves")) == got
    assert os.listdir(str(tmp_path / "saves")) == []          # no probe left behind
    monkeypatch.undo()
    assert base.prepare_save_dir(str(tmp_path / "saves")) is True


def test_a_full_fat_drive_refusing_a_new_entry_is_full(tmp_path, monkeypatch):
    # FatFs: no free cluster for a folder's or a file's entry -> FR_DENIED -> EACCES
    monkeypatch.setattr(base, "open", failing(errno.EACCES), raising=False)
    monkeypatch.setattr(base.os, "statvfs", lambda p: NoRoom())
    assert base.prepare_save_dir(str(tmp_path / "saves")) == "full"
    fs = FakeFS()
    fs.fail_at, fs.error = 1, errno.EACCES
    store = saves.Store("/s", True, fs=fs)
    assert store.save_settings({"speed": 1}) == saves.FULL and store.writable is True


def test_a_store_on_a_full_drive_says_so_and_still_tries(tmp_path):
    fs = FakeFS()
    assert saves.Store("/s", True, fs=fs).save_game(record(10)) is None
    fs.capacity = fs.used()
    store = saves.Store("/s", "full", fs=fs)
    assert store.notice == saves.FULL and store.writable is True
    assert store.load_game()[0] == record(10)                  # the game saved before
    assert store.save_game(record(30)) == saves.FULL
    fs.capacity = None                                         # files deleted: saving works
    assert store.save_game(record(31)) is None
    assert saves.Store("/s", True, fs=fs).load_game()[0] == record(31)


def test_the_title_tells_a_full_drive_on_a_page_and_keeps_its_menu(tmp_path):
    store = saves.Store(str(tmp_path), "full")
    app, d = new_app(store)
    assert app.top().title == "Notice" and " ".join(app.top().lines) == saves.FULL
    assert app.stack[0].footer == "A: choose"


# --- a real full drive: a 64 KiB tmpfs in a mount namespace of its own --------------
FULL_DISK = r"""
import os, subprocess, sys
mnt = sys.argv[1]
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "none", mnt], check=True)
sys.path[:0] = ["lib", "."]
sys.path.insert(0, "tests")
from ui import saves
from test_saves_corrupt import record
os.mkdir(mnt + "/saves")
assert saves.Store(mnt + "/saves", True).save_game(record(12)) is None
with open(mnt + "/fill", "wb", buffering=0) as f:   # every block taken
    try:
        while True:
            f.write(b"x" * 512)
    except OSError:
        pass
print("CONSOLE", subprocess.run(
    [sys.executable, "code.py", "--text", "--data-dir", mnt + "/saves"], input="q\n",
    capture_output=True, text=True, timeout=60).stdout.replace("\n", " "))
from hal.text import Text
hal = Text(save_dir=mnt + "/new/saves", readline=lambda p: None, write=lambda t: None)
print("NEW FOLDER", hal.writable)
store = saves.Store(mnt + "/saves", Text(save_dir=mnt + "/saves").writable)
print("STORE", store.notice, store.load_game()[0] == record(12))
print("SAVE", store.save_game(record(40, seed=5)))      # another game: written whole
print("KEPT", saves.Store(mnt + "/saves", True).load_game()[0] == record(12))
print("MODE", saves.storage_mode(mnt + "/saves"))
"""


def test_a_full_tmpfs_at_start_is_told_as_full():
    if not shutil.which("unshare") or subprocess.run(
            ["unshare", "-rm", "true"], capture_output=True, timeout=30).returncode:
        pytest.skip("needs unshare -rm (a user and mount namespace) to mount a small tmpfs")
    mnt = os.path.join(ROOT, "build", "fullfs")
    os.makedirs(mnt, exist_ok=True)
    r = subprocess.run(["unshare", "-rm", sys.executable, "-c", FULL_DISK, mnt], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert saves.FULL in out.split("CONSOLE")[1] and "read-only" not in out, out
    assert "NEW FOLDER full" in out, out
    assert "STORE %s True" % saves.FULL in out, out
    assert "SAVE %s" % saves.FULL in out and "KEPT True" in out, out
    assert "MODE full" in out, out
