# Writing saves so that a power cut never leaves nothing readable. This is
# the part that stays loaded during a game, with the Store; reading,
# checking and setting damaged files aside is load.py's.
#
# Settings and statistics: a whole file, one header line
# "PTSAVE <format> <kind> <checksum>" and the JSON payload. The checksum is
# digest() of the payload itself (dict order does not count), so MicroPython
# can stream the JSON straight into the file with json.dump.
# A whole write goes to name.tmp (flushed and synced); then name.bak is removed,
# name becomes name.bak and name.tmp becomes name. Each step is a remove or a
# rename onto a free name (FAT on CircuitPython cannot rename over a file),
# and at every moment one complete copy is on the drive: a complete .tmp is
# always the newest, then name, then .bak; a .tmp found complete at start-up
# is committed before the next save overwrites it.
#
# The game: a journal, game.log, so that an autosave appends a few bytes
# (open for append, write, flush + sync: no rename, no list of all actions).
# Text lines, each "<body> <check>\n": check is 6 hex digits, the line's body
# hashed on from the previous line's check (0 before the header; after the
# header of a journal with a game id, the id: below). Bodies:
#   PTLOG 2 <n> <json>  the header, first line: {"save": state.save(False),
#                       "seats", "levels", "names", "id"}; n = the codes written
#                       whole after it (a journal that has not got that far
#                       is a torn rewrite, not a game). id: the game's own
#                       number (ui.session.new_id), the same through every
#                       rewrite of the game and no other game's (two plays of
#                       one deal have two), so the lines after a damaged
#                       header still tell which game they belong to: they
#                       chain on from the id, not from the header's check
#                       (ui/saves/mend.py). PTLOG 1: a game saved before ids
#                       (no id; the lines chain on from the header's check),
#                       still read, and written so while that game goes on.
#   c<start> <hex>      the log's codes from index start on, two hex digits a
#                       code; start below the codes so far cuts them there
#                       first (an undo); written whole: 64 codes a line
#   p<json>             {"seats", "levels", "names"} from here on
# Reading (ui/saves/load.py) keeps the longest run of good lines: a bad last
# line is what a power cut leaves (the previous save); a bad line before a
# good one is damage. The journal is written whole (through name.tmp as
# above) for a new game, after a torn or failed append, after an undo deeper
# than the last saves, or when undos left it much longer than its log.
import json
import sys

try:
    import os
except ImportError:  # pragma: no cover
    import uos as os
# the notice when memory runs out for a save or a read (the Store and load.py tell it)
NO_MEMORY = "Not enough memory to load or save: progress may not be saved."
HEAD = "PTSAVE 1 "
LOG = b"PTLOG 1 "  # a journal without a game id; LOG2 with one
LOG2 = b"PTLOG 2 "
CHUNK = 64  # codes per line of a journal written whole
_HEX = b"0123456789abcdef"
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


# --- the game journal ----------------------------------------------------------
def check(data, h=0):
    # the hash of a line's bytes (or of log codes), on from h
    for c in data:
        h = (h * 31 + c) % _M
    return h


def finished_mark(state, game_id=None):
    # A finished game's mark in the statistics (its deal, its moves and its
    # id: the same deal played again the same way is another game): the
    # save of a game the statistics counted is recognised at load, removed
    # and never counted again (ui.session.results, ui.saves.load.load_game).
    # A game saved before ids has the mark it had then.
    mark = [state.deal_seed, len(state.log), check(state.log)]
    if game_id is not None:
        mark.append(game_id)
    return mark


def head(header, n):
    # (the header line for header with n codes written whole, the check the
    # next line chains on from)
    gid = header.get("id")
    data, h = line((LOG if gid is None else LOG2) + ("%d " % n).encode()
                   + to_json(header).encode(), 0)
    return data, h if gid is None else gid


def line(body, prev):
    # (body + " " + its check + newline, the check)
    h = check(body, prev)
    return body + (" %06x\n" % h).encode(), h


def codes(log, start, end):
    # the body of a line with log[start:end]
    b = bytearray(("c%d " % start).encode())
    for i in range(start, end):
        c = log[i]
        b.append(_HEX[c >> 4])
        b.append(_HEX[c & 15])
    return b


def to_json(x):
    try:
        return json.dumps(x, separators=(",", ":"))
    except TypeError:  # a json without separators
        return json.dumps(x)


def append(fs, path, data):
    # add data at the end of path, pushed out to the medium
    f = fs.open(path, "ab")
    try:
        f.write(data)
        fs.sync(f)
    finally:
        f.close()


def journal(fs, path, header, log):
    # write the whole journal (header: the record without its log) through
    # path.tmp; returns (bytes written, the last line's check)
    tmp = path + ".tmp"
    f = fs.open(tmp, "wb")
    try:
        n = len(log)
        data, h = head(header, n)
        size = len(data)
        f.write(data)
        for i in range(0, n, CHUNK):
            data, h = line(codes(log, i, min(n, i + CHUNK)), h)
            size += len(data)
            f.write(data)
        fs.sync(f)
    finally:
        f.close()
    commit(fs, path)
    return size, h
