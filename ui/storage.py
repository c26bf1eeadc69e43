# Reading what ui.atomic wrote: checking a file (and a game's replay),
# setting damaged files aside (name.bad<N>.json, never deleted) and the
# one-sentence notices. ui.saves imports this on demand and drops it again on
# the device, so its bytecode is not in the heap during a game.
from ui import atomic
from ui.saves import NO_MEMORY

_WHAT = {"game": ("The saved game was damaged", " and a new game starts."),
         "settings": ("The settings file was damaged", " and the defaults are used."),
         "stats": ("The statistics file was damaged", " and counting starts again.")}


# --- files -----------------------------------------------------------------
def parse(fs, path, kind):
    # (payload,) when the file is one of ours and its checksum matches, else why not
    import json
    f = fs.open(path, "rb")
    try:
        parts = f.readline(80).split()
        if len(parts) != 4 or parts[0] != b"PTSAVE":
            return "not a save file"
        if parts[1] != b"1":
            return "wrong version"
        if parts[2] != kind.encode():
            return "wrong kind"
        try:
            payload = json.load(f)
        except ValueError:
            return "not JSON"
        if parts[3] != str(atomic.digest(payload)).encode():
            return "wrong checksum"
        return (payload,)
    finally:
        f.close()


def set_aside(fs, path):
    # rename a bad file (or folder) to <stem>.bad<N><rest>; its new name, or None
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


def read(fs, path, kind, check=None):
    # The newest good copy: a complete .tmp (an interrupted save), then path,
    # then .bak. check(payload) raises if the payload is unusable. Returns
    # (payload or None, damaged copies, the copy used); a torn .tmp is what a power cut
    # leaves, not damage (the next save replaces it).
    bad = []
    for p in (path + ".tmp", path, path + ".bak"):
        k = fs.kind(p)
        if k is None:
            continue
        if k == "dir":
            bad.append(p)
            continue
        try:
            got = parse(fs, p, kind)
        except OSError:
            got = "unreadable"
        if type(got) is tuple:
            try:
                if check is not None:
                    check(got[0])
                return got[0], bad, p
            except MemoryError:
                raise
            except Exception:
                got = "rejected"
        if got == "rejected" or not p.endswith(".tmp"):
            bad.append(p)
    return None, bad, None


def load(store, name, kind, check=None):
    # read() for a Store: damaged copies set aside and told in store.notice
    path = store.dir + name
    try:
        payload, bad, used = read(store.fs, path, kind, check)
    except MemoryError:
        store.notice = NO_MEMORY
        return None
    except Exception:  # a filesystem that fails to answer: as if empty
        return None
    moved = None
    if store.writable:
        for p in bad:
            got = set_aside(store.fs, p)
            moved = moved or got  # name the first (the newest) in the notice
        if used == path + ".tmp":  # commit it before the next save overwrites it
            try:
                atomic.commit(store.fs, path)
            except OSError:
                pass
    if bad:
        what, tail = _WHAT[kind]
        where = "; it was moved to %s" % moved if moved else "; it was left in place"
        store.notice = what + where + (" and the previous copy is used." if payload is not None
                                       else tail)
    return payload


# --- the game ----------------------------------------------------------------
def game_shape(rec):
    # raise ValueError unless rec looks like a saved game record
    if type(rec) is not dict or type(rec.get("save")) is not dict:
        raise ValueError("not a game record")
    n = rec["save"].get("players")
    for key in ("seats", "levels", "names"):
        if type(rec.get(key)) is not list or len(rec[key]) != n:
            raise ValueError("bad " + key)
    for s in rec["seats"]:
        if s not in ("human", "bot"):
            raise ValueError("bad seat")


def load_game(store):
    store.state = None

    def check(rec):
        game_shape(rec)
        from engine import games
        store.state = games.restore(rec["save"])  # an illegal action raises

    return load(store, "game.json", "game", check)
