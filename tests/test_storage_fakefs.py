"""FakeFS: an in-memory filesystem for the storage tests, and tests of it.

It counts every step that changes the medium (open for writing or appending,
each write, sync, close, rename, remove, mkdir) and at step `fail_at` either cuts the
power (PowerCut, a BaseException the Store cannot swallow, after which every
call fails until `reboot()`) or raises OSError(`error`). Data written but not
yet synced is lost at a power cut, or with `torn` half of it reaches the
medium. Like FAT on CircuitPython, rename refuses to replace an existing name.
"""
import errno
import io

import pytest

class PowerCut(BaseException):
    """The battery died at this step."""


class _File:
    def __init__(self, fs, path):
        self.fs = fs
        self.path = path
        self.pending = b""
        fs.open_files.append(self)

    def write(self, data):
        self.fs.step("write")
        cap = self.fs.capacity
        if cap is not None and self.fs.used() + len(self.pending) + len(data) > cap:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.pending += bytes(data)
        return len(data)

    def commit(self, part=None):
        data = self.pending if part is None else self.pending[:part]
        self.fs.files[self.path] = self.fs.files.get(self.path, b"") + data
        self.pending = b""

    def flush(self):
        self.fs.step("flush")
        self.commit()

    def close(self):
        self.fs.step("close")
        self.commit()
        if self in self.fs.open_files:
            self.fs.open_files.remove(self)


class FakeFS:
    def __init__(self, root="/s"):
        self.files = {}
        self.dirs = {"/", root}
        self.ops = 0
        self.fail_at = None
        self.error = None  # None: a power cut; else an errno raised as OSError
        self.torn = False
        self.dead = False
        self.readonly = False
        self.capacity = None
        self.open_files = []
        self.steps = []

    # --- fault machinery ---
    def step(self, what):
        if self.dead:
            raise PowerCut("already off")
        if self.readonly:
            raise OSError(errno.EROFS, "Read-only file system")
        self.ops += 1
        self.steps.append(what)
        if self.fail_at is not None and self.ops == self.fail_at:
            if self.error is None:
                self.dead = True
                for f in self.open_files:
                    if self.torn and f.pending:
                        f.commit(len(f.pending) // 2)
                raise PowerCut("power cut at step %d (%s)" % (self.ops, what))
            raise OSError(self.error, "injected failure at step %d" % self.ops)

    def reboot(self):
        self.dead = False
        self.fail_at = None
        self.error = None
        self.open_files = []

    def used(self):
        return sum(len(v) for v in self.files.values())

    # --- the fs interface ui.saves.atomic uses ---
    def open(self, path, mode):
        if self.kind(path) == "dir":
            raise OSError(errno.EISDIR, "Is a directory")
        if "w" in mode or "a" in mode:
            parent = path.rsplit("/", 1)[0] or "/"
            if parent not in self.dirs:
                raise OSError(errno.ENOENT, "No such directory")
            self.step("open")
            if "w" in mode or path not in self.files:
                self.files[path] = b""
            return _File(self, path)
        if self.dead:
            raise PowerCut("already off")
        if path not in self.files:
            raise OSError(errno.ENOENT, "No such file")
        return io.BytesIO(self.files[path])

    def sync(self, f=None):
        self.step("sync")
        if f is not None:
            f.commit()

    def rename(self, old, new):
        if self.kind(new):
            raise OSError(errno.EEXIST, "File exists")
        if not self.kind(old):
            raise OSError(errno.ENOENT, "No such file")
        self.step("rename")
        if old in self.dirs:
            self.dirs.remove(old)
            self.dirs.add(new)
        else:
            self.files[new] = self.files.pop(old)

    def remove(self, path):
        if path not in self.files:
            raise OSError(errno.ENOENT, "No such file")
        self.step("remove")
        del self.files[path]

    def mkdir(self, path):
        self.step("mkdir")
        self.dirs.add(path)

    def kind(self, path):
        path = path.rstrip("/") or "/"
        if path in self.dirs:
            return "dir"
        if path in self.files:
            return "file"
        return None


def test_power_cut_stops_everything_until_reboot():
    fs = FakeFS()
    fs.fail_at = 2
    f = fs.open("/s/a", "wb")
    with pytest.raises(PowerCut):
        f.write(b"hello")
    with pytest.raises(PowerCut):
        fs.remove("/s/a")
    fs.reboot()
    assert fs.files["/s/a"] == b""  # the unsynced write never reached the medium


def test_torn_write_keeps_half_of_the_unsynced_bytes():
    fs = FakeFS()
    fs.torn = True
    fs.fail_at = 3
    f = fs.open("/s/a", "wb")
    f.write(b"abcdef")
    with pytest.raises(PowerCut):
        f.write(b"gh")
    assert fs.files["/s/a"] == b"abc"


def test_append_keeps_what_is_there_and_a_cut_loses_only_the_unsynced_tail():
    fs = FakeFS()
    f = fs.open("/s/a", "wb")
    f.write(b"abc")
    fs.sync(f)
    f.close()
    f = fs.open("/s/a", "ab")
    f.write(b"def")
    fs.sync(f)
    f.close()
    assert fs.files["/s/a"] == b"abcdef"
    fs.fail_at, fs.torn = fs.ops + 3, True
    f = fs.open("/s/a", "ab")
    f.write(b"ghij")
    with pytest.raises(PowerCut):
        fs.sync(f)
    fs.reboot()
    assert fs.files["/s/a"] == b"abcdefgh"   # half the unsynced bytes


def test_rename_refuses_to_replace_like_fat():
    fs = FakeFS()
    fs.files["/s/a"] = b"1"
    fs.files["/s/b"] = b"2"
    with pytest.raises(OSError):
        fs.rename("/s/a", "/s/b")
    fs.rename("/s/a", "/s/c")
    assert fs.files == {"/s/b": b"2", "/s/c": b"1"}


def test_injected_oserror_and_readonly():
    fs = FakeFS()
    fs.fail_at = 1
    fs.error = errno.ENOSPC
    with pytest.raises(OSError):
        fs.open("/s/a", "wb")
    fs.readonly = True
    with pytest.raises(OSError) as e:
        fs.mkdir("/s/d")
    assert e.value.errno == errno.EROFS
