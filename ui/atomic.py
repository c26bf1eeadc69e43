"""Checksummed JSON files that a power cut can never leave unreadable.

A file is one header line, "PTSAVE <version> <kind> <seq> <crc32>", then the
JSON payload; the CRC covers the payload bytes exactly as stored, so it does
not depend on how a platform orders dict keys. A write goes to name.tmp
(flushed and synced), then name.bak is removed, name becomes name.bak and
name.tmp becomes name: every step is a remove or a rename onto a free name,
which FAT on CircuitPython can do, and after a crash at any step one complete
copy (the new or the previous) is still on the drive. `read` takes the
complete copy with the highest sequence number.
"""
import json

try:
    import os
except ImportError:  # pragma: no cover
    import uos as os
try:
    from binascii import crc32
except ImportError:  # pragma: no cover - boards built without binascii.crc32
    crc32 = None

FORMAT = 1
MAGIC = "PTSAVE"
SUFFIXES = ("", ".tmp", ".bak")
_DIR = 0x4000  # S_IFDIR in os.stat()[0]


def checksum(data, value=0):
    """CRC-32 of bytes, continuing from value (binascii's, or a slow twin)."""
    if crc32 is not None:
        return crc32(data, value) & 0xFFFFFFFF
    value = ~value & 0xFFFFFFFF
    for b in data:
        value ^= b
        for _ in range(8):
            value = (value >> 1) ^ (0xEDB88320 & -(value & 1))
    return ~value & 0xFFFFFFFF


class OsFS:
    """The real filesystem. Tests swap in a fake with the same methods."""

    def open(self, path, mode):
        return open(path, mode)

    def sync(self, f=None):
        """Push a file (or, with None, everything) out to the medium."""
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
        if hasattr(os, "makedirs"):
            os.makedirs(path)
        else:
            os.mkdir(path)

    def kind(self, path):
        """'dir', 'file', or None when nothing is there."""
        try:
            mode = os.stat(path)[0]
        except OSError:
            return None
        return "dir" if mode & _DIR else "file"


def dumps(payload):
    try:
        return json.dumps(payload, separators=(",", ":"))
    except TypeError:  # pragma: no cover - a json without separators
        return json.dumps(payload)


def write(fs, path, kind, seq, payload):
    """Write payload atomically as described above; OSError passes through."""
    body = dumps(payload).encode()
    head = "%s %d %s %d %08x\n" % (MAGIC, FORMAT, kind, seq, checksum(body))
    tmp = path + ".tmp"
    f = fs.open(tmp, "wb")
    try:
        f.write(head.encode())
        f.write(body)
        fs.sync(f)
    finally:
        f.close()
    bak = path + ".bak"
    if fs.kind(bak):
        fs.remove(bak)
    if fs.kind(path):
        fs.rename(path, bak)
    fs.rename(tmp, path)
    fs.sync()


def header(fs, path, kind):
    """(seq, crc, offset) from a file's header line, or a reason it is not one."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return "unreadable"
    try:
        line = f.readline(80)
    except OSError:
        line = b""
    finally:
        f.close()
    parts = line.split()
    if len(parts) != 5 or parts[0] != MAGIC.encode() or not line.endswith(b"\n"):
        return "not a save file"
    if parts[1] != str(FORMAT).encode():
        return "wrong version"
    if parts[2] != kind.encode():
        return "wrong kind"
    try:
        return int(parts[3]), int(parts[4], 16), len(line)
    except ValueError:
        return "bad header"


def body(fs, path, crc, offset):
    """The payload, if its bytes match the checksum; else a reason string."""
    f = fs.open(path, "rb")
    try:
        f.seek(offset)
        value = 0
        while True:
            chunk = f.read(512)
            if not chunk:
                break
            value = checksum(chunk, value)
        if value != crc:
            return "wrong checksum"
        f.seek(offset)
        return (json.load(f),)
    except (OSError, ValueError):
        return "unreadable"
    finally:
        f.close()


def set_aside(fs, path):
    """Rename a bad file (or directory) to <stem>.bad<N><ext>; the new name or None."""
    slash = path.rfind("/") + 1
    dot = path.find(".", slash)
    if dot < 0:
        dot = len(path)
    for n in range(1, 100):
        new = "%s.bad%d%s" % (path[:dot], n, path[dot:])
        if not fs.kind(new):
            try:
                fs.rename(path, new)
            except OSError:
                return None
            return new[slash:]
    return None


def top_seq(fs, path, kind):
    """The highest sequence number in the headers of path's copies."""
    top = 0
    for suffix in SUFFIXES:
        if fs.kind(path + suffix) == "file":
            h = header(fs, path + suffix, kind)
            if type(h) is tuple:
                top = max(top, h[0])
    return top


def read(fs, path, kind, check=None):
    """Load the newest complete copy of path (path, .tmp or .bak).

    check(payload) raises if the payload is unusable. Returns (payload or
    None, highest seq seen, damaged copies): a torn .tmp is what a power cut
    leaves and is not counted as damage (the next write replaces it).
    """
    found = []
    bad = []
    top = 0
    for i in range(3):
        p = path + SUFFIXES[i]
        k = fs.kind(p)
        if k is None:
            continue
        h = header(fs, p, kind) if k == "file" else "a folder"
        if type(h) is str:
            if i != 1 or k == "dir":
                bad.append(p)
            continue
        top = max(top, h[0])
        found.append((h[0], -i, p, h[1], h[2]))
    found.sort()
    while found:
        seq, rank, p, crc, offset = found.pop()
        got = body(fs, p, crc, offset)
        if type(got) is tuple:
            try:
                if check is not None:
                    check(got[0])
                return got[0], top, bad
            except MemoryError:
                raise
            except Exception:
                got = "rejected"
        if rank != -1 or got == "rejected":
            bad.append(p)
    return None, top, bad
