# Writing a checksummed save file so that a power cut never leaves nothing
# readable. This is the part that stays loaded during a game; reading,
# checking and setting damaged files aside is in ui/storage.py.
#
# A file: one header line "PTSAVE <format> <kind> <checksum>" and the JSON
# payload. The checksum is digest() of the payload itself (dict order does
# not count), so MicroPython can stream the JSON straight into the file with
# json.dump instead of building the whole text in the heap first.
# A write goes to name.tmp (flushed and synced); then name.bak is removed,
# name becomes name.bak and name.tmp becomes name. Each step is a remove or a
# rename onto a free name (FAT on CircuitPython cannot rename over a file),
# and at every moment one complete copy is on the drive: a complete .tmp is
# always the newest, then name, then .bak; a .tmp found complete at start-up
# is committed before the next save overwrites it.
import json
import sys

try:
    import os
except ImportError:  # pragma: no cover
    import uos as os
HEAD = "PTSAVE 1 "
_M = 16777213  # a prime under 2**24: every step stays a small int on the device
_STREAM = sys.implementation.name != "cpython"


def digest(x):
    # A 24-bit checksum of a JSON value: lists in order, dicts in any order.
    t = type(x)
    if t is int:
        return x % _M
    if t is str:
        h = 7
        for c in x:
            h = (h * 31 + ord(c)) % _M
        return h
    if t is list:
        h = 11
        for v in x:
            h = (h * 37 + digest(v)) % _M
        return h
    if t is dict:
        h = 13
        for k in x:
            h = (h + (digest(k) * 41 + digest(x[k])) % _M * 43) % _M
        return h
    return 3 if x is None else 5 if x is True else 17 if x is False else 19


class OsFS:
    # The real filesystem; tests pass a fake with the same methods.
    def open(self, path, mode):
        return open(path, mode)

    def sync(self, f=None):
        # push a file (or, with None, everything) out to the medium
        if f is not None:
            f.flush()
            if hasattr(os, "fsync"):
                os.fsync(f.fileno())
                return
        if hasattr(os, "sync"):
            os.sync()

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def mkdir(self, path):
        os.mkdir(path)

    def kind(self, path):
        # "dir", "file", or None when nothing is there
        try:
            return "dir" if os.stat(path)[0] & 0x4000 else "file"
        except OSError:
            return None


def write(fs, path, kind, payload):
    # OSError passes through: the caller turns it into a notice
    tmp = path + ".tmp"
    f = fs.open(tmp, "wb")
    try:
        f.write(("%s%s %d\n" % (HEAD, kind, digest(payload))).encode())
        if _STREAM:
            try:
                json.dump(payload, f, separators=(",", ":"))
            except TypeError:  # a json without separators: spaces, same payload
                json.dump(payload, f)
        else:
            f.write(json.dumps(payload, separators=(",", ":")).encode())
        fs.sync(f)
    finally:
        f.close()
    commit(fs, path)


def commit(fs, path):
    # make a complete path.tmp the current copy, the current one the backup
    if fs.kind(path):
        bak = path + ".bak"
        if fs.kind(bak):
            fs.remove(bak)
        fs.rename(path, bak)
    fs.rename(path + ".tmp", path)
    fs.sync()
