# Reading what atomic.py wrote: checking a file or a game's journal (and the
# game's replay), setting damaged files aside (name.bad<N>.json, never
# deleted), the one-sentence notices, and a game.json of the previous version
# read once and kept as a journal. ui.saves imports this on demand and drops
# it again on the device, so its bytecode is not in the heap during a game.
import json

from engine import ondemand
from ui.saves import atomic
from ui.saves.atomic import NO_MEMORY

_WHAT = {"game": ("The saved game was damaged", " and cannot be continued."),
         "settings": ("The settings file was damaged", " and the defaults are used."),
         "stats": ("The statistics file was damaged", " and counting starts again.")}
_WHAT["log"] = _WHAT["game"]
LINE = 1024  # the longest journal line read; a longer one is damage
MOST = 65536  # the largest settings, statistics or link file read (they hold a few hundred
              # bytes; the previous version's game.json a few KB): a larger one is damage


# --- files -----------------------------------------------------------------
def parse(fs, path, kind):
    # (payload,) when the file is one of ours and its checksum matches, else why not
    f = fs.open(path, "rb")
    try:
        parts = f.readline(80).split()
        if len(parts) != 4 or parts[0] != b"PTSAVE":
            return "not a save file"
        if parts[1] != b"1":
            return "wrong version"
        if parts[2] != kind.encode():
            return "wrong kind"
        at = f.tell()
        f.seek(0, 2)
        if f.tell() - at > MOST:
            return "too long"
        f.seek(at)
        try:
            payload = json.load(f)
        except ValueError:
            return "not JSON"
        if parts[3] != str(atomic.digest(payload)).encode():
            return "wrong checksum"
        return (payload,)
    finally:
        f.close()


def parse_log(fs, path):
    # (record, (size, last check) or None when the last line is torn, cut)
    # when the journal is good up to its last line or, cut True, up to a
    # damaged line after the part written whole; else why not
    f = fs.open(path, "rb")
    try:
        return _journal(f)
    except (ValueError, TypeError, KeyError, IndexError):
        return "not a journal"
    finally:
        f.close()


def _journal(f, rec=None, h=0):
    # Lines are read into one buffer and taken apart where they lie: no
    # object per line (a game's journal has hundreds). rec given (ui/saves/mend.py):
    # the header to read f's lines after its first with, chained on from h;
    # damage anywhere then keeps the lines before it.
    buf = bytearray(LINE)
    mv = memoryview(buf)
    log = bytearray(64)
    want = 0 if rec is None else -1   # codes written whole (-1: all there)
    size = i = n = ln = 0             # bytes read; buf[i:n] not yet taken; log[:ln] the codes
    eof = torn = cut = False
    while True:
        e = buf.find(b"\n", i, n)
        if e < 0:  # no whole line left in the buffer: move the rest to the front, read on
            if eof:
                torn = i < n  # a last line cut short
                break
            for k in range(i, n):
                buf[k - i] = buf[k]
            n -= i
            i = 0
            if n == LINE:
                return "a line too long"
            got = f.readinto(mv[n:])
            n += got or 0
            eof = not got
            continue
        check = _check(buf, i, e, h)
        if check < 0:  # a bad line: damage unless it is the last (torn)
            i = e + 1
            if i == n and not eof:
                n = f.readinto(mv) or 0
                i = 0
            if i < n:  # good lines follow: damage
                if want >= 0:  # inside the part written whole: the .bak is newer
                    return "a damaged record"
                cut = True  # after it: the moves before the damage are the newest
            torn = True
            break
        if rec is None:
            got = _header(buf, i, e, check)
            if type(got) is not tuple:
                return got
            rec, check, want = got
        elif buf[i] == 99:  # c<start> <hex codes>
            ln, p = _number(buf, i + 1, ln)
            if (e - 8 - p) % 2:
                return "odd codes"
            for k in range(p + 1, e - 7, 2):
                if ln == len(log):  # room doubles: a few blocks, not one per code
                    log += bytearray(len(log))
                log[ln] = _digit(buf[k]) * 16 + _digit(buf[k + 1])
                ln += 1
        elif buf[i] == 112:  # p<json>: seats, levels, names from here on
            people = json.loads(bytes(mv[i + 1:e - 7]).decode())
            for key in ("seats", "levels", "names"):
                rec[key] = people[key]
        else:
            return "an unknown record"
        h = check
        size += e + 1 - i
        if ln >= want:
            want = -1  # the part written whole is all there
        i = e + 1
    if rec is None or want >= 0:
        return "incomplete"
    log[ln:] = b""  # (MicroPython cannot del a bytearray slice)
    rec["log"] = log
    return rec, None if torn else (size, h), cut


def _header(buf, i, e, h):
    # (record, the check the next line chains on from, codes written whole)
    # of the header line buf[i:e + 1] whose check is h; else why not
    v = bytes(buf[i:i + 8])
    if v != atomic.LOG and v != atomic.LOG2:
        return "not a journal"
    want, p = _number(buf, i + 8)
    rec = json.loads(bytes(buf[p + 1:e - 7]).decode())
    if type(rec) is not dict:
        return "not a record"
    if v == atomic.LOG2:   # the lines after it chain on from the game's id
        h = rec.get("id")
        if type(h) is not int or not 0 < h < 16777213:
            return "not a record"
    return rec, h, want


def first(f):
    # (record, chain, codes written whole) of f's first line when it is a
    # good header (f is left after it), else None
    ln = f.readline(LINE)
    h = _check(ln, 0, len(ln) - 1, 0) if ln[-1:] == b"\n" else -1
    got = _header(ln, 0, len(ln) - 1, h) if h >= 0 else None
    return got if type(got) is tuple else None


def _head_of(fs, path):
    # the header record of the journal at path, or {} (no game named)
    if fs.kind(path) != "file" or not _plain(fs, path):
        return {}
    try:
        f = fs.open(path, "rb")
        try:
            got = first(f)
        finally:
            f.close()
    except Exception:
        return {}
    return got[0] if got else {}


def _check(buf, i, e, h):
    # the check of the line buf[i:e + 1] (e: its newline), or -1 if it is wrong
    if e - i < 8 or buf[e - 7] != 32:
        return -1
    got = 0
    for k in range(e - 6, e):
        d = _digit(buf[k], -1)
        if d < 0:
            return -1
        got = got * 16 + d
    for k in range(i, e - 7):
        h = (h * 31 + buf[k]) % 16777213
    return got if got == h else -1


def _number(buf, p, most=-1):
    # (the decimal number at buf[p:], the index of the space after it);
    # ValueError if it is not one or is above most
    v = 0
    while buf[p] != 32:
        d = buf[p] - 48
        if not 0 <= d <= 9:
            raise ValueError("not a number")
        v = v * 10 + d
        p += 1
    if 0 <= most < v:
        raise ValueError("codes out of place")
    return v, p


def _digit(b, bad=None):
    if 48 <= b <= 57:
        return b - 48
    if 97 <= b <= 102:
        return b - 87
    if bad is None:
        raise ValueError("not hex")
    return bad


def set_aside(fs, path, like=None):
    # rename a bad file (or folder) to <stem>.bad<N><rest> of its name (or of
    # like's); its new name, or None
    like = like or path
    slash = like.rfind("/") + 1
    dot = like.find(".", slash)
    if dot < 0:
        dot = len(like)
    for n in range(1, 100):
        new = "%s.bad%d%s" % (like[:dot], n, like[dot:])
        if not fs.kind(new):
            try:
                fs.rename(path, new)
            except OSError:
                return None
            return new[slash:]
    return None


def read(fs, path, kind, check=None):
    # The newest good copy: a complete .tmp (an interrupted save), then path,
    # then .bak (a journal's: only when the newer copy proves it the same
    # game, else it is set aside too). check(payload) raises if the payload
    # is unusable. Returns
    # (what parse gave: (payload, ...), or None; damaged copies, the copy used,
    # True if a copy failed for want of memory); a torn .tmp is what a power
    # cut leaves, not damage (the next save replaces it). Whatever reading or
    # checking a copy raises (deep JSON's RecursionError, wrong types) makes it
    # a bad copy and the next one is tried; running out of memory is not the
    # copy's fault: it stays where it is, and no older copy is used instead.
    bad = []
    bak = path + ".bak"
    for p in (path + ".tmp", path, bak):
        k = fs.kind(p)
        if k is None:
            continue
        if k == "dir" or not _plain(fs, p):  # a folder, or a FIFO (opening it would wait forever)
            bad.append(p)
            continue
        got = None
        try:
            got = parse_log(fs, p) if kind == "log" else parse(fs, p, kind)
            if type(got) is tuple:
                if check is not None:
                    check(got[0])
                newer = path if fs.kind(path) else path + ".tmp"
                if kind == "log" and p == bak and fs.kind(newer):
                    # a newer copy is there but unusable (a torn .tmp: a
                    # rewrite cut short): the backup may be another game's
                    # (the one before a new game), used only when that copy
                    # proves it its own game (ui/saves/mend.py)
                    more = None
                    if fs.kind(newer) == "file" and _plain(fs, newer):
                        more = ondemand.call("ui.saves.mend", "mend", fs, newer, got[0],
                                             check, first, _journal)
                    if more is None:  # set aside too: never shown as this game
                        bad.append(p)
                        return None, bad, None, False
                    if more is not True:
                        return more, bad, path, False
                if kind == "log" and got[2]:  # cut at damage: used, and set aside
                    bad.append(p)
                return got, bad, p, False
        except OSError:
            if got is None:
                got = "unreadable"
            else:
                got = "rejected"
        except MemoryError:
            got = None
            ondemand.collect()     # what the failed read left, before the next copy
            return None, bad, None, True
        except Exception:
            got = "rejected"
        if got == "rejected" or not p.endswith(".tmp"):
            bad.append(p)
    return None, bad, None, False


def _plain(fs, path):
    # False for a FIFO or a device where a file should be (opening one may
    # wait forever); the tests' fake filesystems hold only files and folders
    if not isinstance(fs, atomic.OsFS):
        return True
    import os
    try:
        return os.stat(path)[0] & 0xF000 == 0x8000
    except OSError:
        return True


def load(store, name, kind, check=None):
    # read() for a Store: damaged copies set aside and told in store.notice
    got = fetch(store, name, kind, check)[0]
    return got[0] if got else None


def fetch(store, name, kind, check=None):
    # load() with what read() gave and the copy used
    path = store.dir + name
    try:
        got, bad, used, short = read(store.fs, path, kind, check)
    except MemoryError:
        store.notice = NO_MEMORY
        store.unread = kind in ("log", "game")  # (the next save keeps it: keep_unread)
        return None, None
    except Exception:  # a filesystem that fails to answer: as if empty
        store.unread = kind in ("log", "game")
        return None, None
    if short:                         # kept for a start with more memory
        store.notice = NO_MEMORY
        store.unread = kind in ("log", "game")
    moved = None
    if store.writable:
        again = kind == "log" and got is not None and path in bad
        for p in bad[::-1]:  # the oldest first: a backup goes before a copy that could prove it
            if not (again and p == path):
                moved = set_aside(store.fs, p) or moved  # name the newest in the notice
        if again:
            # the game shown is written whole first, so game.log is never
            # missing (the backup might be another game): the damaged journal
            # becomes the backup, then goes aside under the journal's name
            p = path + ".bak" if store.save_game(got[0]) is None else path
            moved = set_aside(store.fs, p, path) or moved
        if used == path + ".tmp":  # commit it before the next save overwrites it
            try:
                atomic.commit(store.fs, path)
            except OSError:
                pass
    if bad:
        what, tail = _WHAT[kind]
        where = "; it was moved to %s" % moved if moved else "; it was left in place"
        if used in bad:  # a journal cut at damage (parse_log)
            tail = " and the game is kept up to its last move before the damage."
        elif got is not None:
            tail = " and the previous copy is used."
        store.notice = what + where + tail
    return got, used


# --- the game ----------------------------------------------------------------
def game_shape(rec):
    # raise ValueError unless rec looks like a saved game record
    if type(rec) is not dict or type(rec.get("save")) is not dict:
        raise ValueError("not a game record")
    n = rec["save"].get("players")
    for key in ("seats", "levels", "names"):
        if type(rec.get(key)) is not list or len(rec[key]) != n:
            raise ValueError("bad " + key)
    # (each message "bad " and a word the tree has already: no new names)
    for i in range(n):
        if rec["seats"][i] not in ("human", "bot"):
            raise ValueError("bad " + "seat")
        lv = rec["levels"][i]
        if type(lv) is not int or not 0 <= lv <= 3:
            raise ValueError("bad " + "level")
        if type(rec["names"][i]) is not str:
            raise ValueError("bad " + "name")
    gid = rec.get("id")
    if gid is not None and (type(gid) is not int or not 0 < gid < 16777213):
        raise ValueError("bad " + "id")


def load_game(store):
    # (record, the state its replay rebuilt), or (None, None)
    store.unread = False
    store._head = store._marks = None  # the next save writes the journal whole
    replayed = []

    def check(rec):
        game_shape(rec)
        from engine.saved import replay
        replayed[:] = [replay(rec["save"], rec["log"])]  # an illegal action raises

    got, used = fetch(store, "game.log", "log", check)
    if got is None:
        return old_game(store)
    rec, tail = got[0], got[1]
    if used == store.dir + "game.log" and tail is not None:
        store.known(rec, rec["log"], tail[0], tail[1])  # appends follow on
    old_files(store)  # a migration cut short before it removed them
    st = replayed[0]
    if _counted(store, st, rec.get("id")):
        store.clear_game()  # counted, then the power went before the save was removed
        return None, None
    names = rec["names"]
    if [n for n in names if not n or [c for c in n if not " " <= c <= "~"]]:
        rec["names"] = ondemand.call("ui.clean", "names", names)   # text from a file: one rule
    return rec, st      # (finished but not counted: Continue shows its game over)


def settings(store):
    # settings.json's table (None if missing or damaged: set aside, the notice
    # told); ui.prefs puts it over the defaults
    return load(store, "settings.json", "settings", must_be_dict)


def load_stats(store):
    # stats.json's {game id: its counts} ({} if missing or damaged)
    return load(store, "stats.json", "stats", stats_shape) or {}


def must_be_dict(payload):
    if type(payload) is not dict:
        raise ValueError("not a table")


def stats_shape(stats):
    # Raise ValueError unless stats holds what ui.prefs.tally keeps: per game,
    # counts (played, won, hinted), a best score and per bot level [played,
    # won]. Anything else is a damaged file (set aside); keys it does not know
    # (the last game's "done" mark, compared only) are left alone.
    must_be_dict(stats)
    for gid in stats:
        g = stats[gid]
        must_be_dict(g)
        for key in ("played", "won", "hinted", "best"):
            if key in g:
                _count(g[key], key == "best")
        per = g.get("levels", {})
        must_be_dict(per)
        for k in per:
            pw = per[k]
            if type(pw) is not list or len(pw) != 2:
                raise ValueError("not a level's counts")
            _count(pw[0])
            _count(pw[1])


def _count(v, best=False):
    # a count, 0..10**9, or with best a best score, -10**9..10**9 (small ints on a board)
    if type(v) is not int or not (-1000000000 if best else 0) <= v <= 1000000000:
        raise ValueError("not a count")


def _counted(store, st, gid):
    # True when st (gid its id) is the game the statistics counted last: by
    # its id at any position (a damaged save of it may come back short of
    # its end), by its deal and moves when finished for a game saved before ids
    if gid is None and not st.is_over():
        return False
    g = load_stats(store).get(st.GAME)
    done = g.get("done") if type(g) is dict else None
    if gid is not None:
        return type(done) is list and len(done) == 4 and done[3] == gid
    return done == atomic.finished_mark(st)


def old_game(store):
    # a game.json the previous version saved: read once, kept as a journal
    restored = []

    def check(rec):
        game_shape(rec)
        from engine import games
        restored[:] = [games.restore(rec["save"])]

    old = load(store, "game.json", "game", check)
    if old is None:
        return None, None
    st = restored[0]
    rec = {"save": st.save(False), "log": bytearray(st.log), "seats": old["seats"],
           "levels": old["levels"], "names": old["names"]}
    if store.save_game(rec) is None:  # the journal holds it now
        old_files(store)
    return rec, st


def old_files(store):
    # remove the previous version's game.json copies (newest last)
    if not store.writable:
        return
    try:
        for p in ("game.json.bak", "game.json.tmp", "game.json"):
            if store.fs.kind(store.dir + p) == "file":
                store.fs.remove(store.dir + p)
    except OSError:
        pass


def keep_unread(store):
    # Before a new game is written over a journal that could not be read at
    # all (no memory to try): set its copies aside so the rotation of saves
    # cannot remove them.
    moved = None
    for p in (store.dir + "game.log", store.dir + "game.log.bak"):
        if store.fs.kind(p):
            moved = moved or set_aside(store.fs, p)
    if moved:
        store.notice = "The saved game could not be read; it was kept as %s." % moved


def reject_game(store):
    # Continue failed on a record load_game() accepted: set the copy it came
    # from aside (never delete it); load_game() then offers the backup when
    # its header names the same game (else it goes aside first).
    fs, p = store.fs, store.dir + "game.log"
    moved = None
    if store.writable and fs.kind(p):
        if fs.kind(p + ".bak") and not ondemand.call("ui.saves.mend", "same",
                                                     _head_of(fs, p), _head_of(fs, p + ".bak")):
            set_aside(fs, p + ".bak")
        moved = set_aside(fs, p)
    store._head = store._marks = None
    if moved:
        store.notice = "The saved game could not be continued; it was moved to %s." % moved
    return moved
