# Reading what ui.atomic wrote, and everything about saves that is not needed
# while a game runs: checking a file and its replay, setting damaged files
# aside (name.bad<N>.json, never deleted), the one-sentence notices,
# settings (settings.toml defaults, settings.json), statistics and the
# storage mode. ui.saves imports this on demand and drops it again on the
# device, so its bytecode does not sit in the heap during a game.
try:
    import os
except ImportError:  # pragma: no cover
    import uos as os
import sys

from ui import atomic
from ui.saves import READ_ONLY

_CP = sys.implementation.name == "circuitpython"
# name: (default, settings.toml key); speed 1 slow .. 3 fast, bot_level 0..3
DEFAULTS = {
    "speed": (2, "POCKET_TRICKS_SPEED"),
    "autoplay": (True, "POCKET_TRICKS_AUTOPLAY"),
    "sound": (True, "POCKET_TRICKS_SOUND"),
    "bot_level": (2, "POCKET_TRICKS_BOT_LEVEL"),
    "names": (["You", "Ann", "Bob", "Cy", "Dee"], "POCKET_TRICKS_NAMES"),
    "last_setup": (None, None),
}
_LIMITS = {"speed": (1, 3), "bot_level": (0, 3)}
LOW_WINS = ("nines",)  # games where the lowest score is best
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
        store.notice = "There is not enough memory to load the saved %s." % kind
        return None
    except Exception:  # a filesystem that fails to answer: as if empty
        return None
    moved = None
    if store.writable:
        for p in bad:
            moved = set_aside(store.fs, p) or moved
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


# --- settings and statistics ------------------------------------------------------
def parse_toml(text):
    # KEY = value lines of a settings.toml: ints, "strings", true/false
    out = {}
    for line in text.split("\n"):
        line = line.strip()
        if not line or line[0] in "#[" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key, value = key.strip(), value.strip()
        if value[:1] == '"':
            end = value.find('"', 1)
            if end > 0:
                out[key] = value[1:end]
            continue
        value = value.split("#", 1)[0].strip()
        if value in ("true", "false"):
            out[key] = value == "true"
            continue
        try:
            out[key] = int(value)
        except ValueError:
            pass
    return out


def toml_defaults(path):
    # the defaults with settings.toml applied (os.getenv on CircuitPython)
    if path is None and _CP:
        get = os.getenv
    else:
        if path is None:
            here = __file__.replace("\\", "/")
            path = here[:here.rfind("/ui/") + 1] + "settings.toml"
        try:
            with open(path) as f:
                get = parse_toml(f.read()).get
        except (OSError, ValueError):
            get = {}.get
    out = {}
    for name in DEFAULTS:
        value, key = DEFAULTS[name]
        got = get(key) if key else None
        if name == "names" and type(got) is str:
            got = [n.strip() for n in got.split(",") if n.strip()]
        out[name] = fix(name, got, value)
    return out


def fix(name, value, default):
    # value if it suits setting name, else default
    if value is None:
        return default
    if type(default) is bool:
        return bool(value) if type(value) in (bool, int) else default
    if type(default) is int:
        lo, hi = _LIMITS[name]
        return value if type(value) is int and lo <= value <= hi else default
    if type(default) is list:
        if type(value) is list and value and all(type(n) is str for n in value):
            return [n[:12] for n in value]
        return default
    return value if type(value) is dict else default


def must_be_dict(payload):
    if type(payload) is not dict:
        raise ValueError("not a table")


def load_settings(store):
    out = toml_defaults(store.toml)
    got = load(store, "settings.json", "settings", must_be_dict)
    if got:
        for name in DEFAULTS:
            if name in got:
                out[name] = fix(name, got[name], out[name])
    return out


def load_stats(store):
    return load(store, "stats.json", "stats", must_be_dict) or {}


def record_result(store, game_id, levels, won, score):
    stats = load_stats(store)
    g = stats.get(game_id)
    if type(g) is not dict:
        g = {}
        stats[game_id] = g
    won = 1 if won else 0
    g["played"] = g.get("played", 0) + 1
    g["won"] = g.get("won", 0) + won
    best = g.get("best")
    if type(score) is int and (best is None or (score < best if game_id in LOW_WINS
                                                else score > best)):
        g["best"] = score
    if type(levels) is int:
        levels = [levels]
    key = str(max(levels)) if levels else "none"
    per = g.get("levels")
    if type(per) is not dict:
        per = g["levels"] = {}
    pw = per.get(key) or [0, 0]
    per[key] = [pw[0] + 1, pw[1] + won]
    return store._write("stats.json", "stats", stats)


# --- storage mode ---------------------------------------------------------------
def storage_mode(save_dir):
    try:
        import storage
        return "usb" if storage.getmount("/").readonly else "saves"
    except ImportError:
        pass
    except Exception:
        return "usb"
    try:
        if not atomic.OsFS().kind(save_dir):
            getattr(os, "makedirs", os.mkdir)(save_dir)
        access = getattr(os, "access", None)
        return "saves" if access is None or access(save_dir, os.W_OK) else "readonly"
    except Exception:
        return "readonly"


def mode_text(mode):
    if mode == "saves":
        return "Progress is saved"
    if mode == "usb":
        return "USB mode: not saving"
    return READ_ONLY
