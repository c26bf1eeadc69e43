"""Saved game, settings and statistics: nothing lost, nothing that crashes.

Store never raises: what goes wrong becomes one sentence in `store.notice`
(and the return value of a save). Files are written by ui.atomic; a damaged
file is renamed to <name>.bad<N>.json, never deleted. A saved game is
{"save": state.save(), "seats": [...], "levels": [...], "names": [...]}
and is checked by replaying it through the engine before it is offered.
"""
try:
    import os
except ImportError:  # pragma: no cover
    import uos as os
import sys

from ui import atomic

READ_ONLY = "Storage is read-only: progress will not be saved."
FULL = "Storage is full: progress will not be saved."
_EROFS, _EACCES, _EPERM, _ENOSPC = 30, 13, 1, 28
_CP = sys.implementation.name == "circuitpython"

# name: (default, settings.toml key); speed 1 slow .. 3 fast, bot_level 0..3.
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


def storage_mode(save_dir="/"):
    """'saves' when the program can write, 'usb' when boot.py left the drive
    to the computer (device), 'readonly' for a read-only desktop folder."""
    try:
        import storage
        return "usb" if storage.getmount("/").readonly else "saves"
    except ImportError:
        pass
    except Exception:
        return "usb"
    try:
        if not atomic.OsFS().kind(save_dir):
            os.makedirs(save_dir)
        return "saves" if os.access(save_dir, os.W_OK) else "readonly"
    except Exception:
        return "readonly"


def mode_text(mode):
    """The title screen's line for storage_mode()."""
    if mode == "saves":
        return "Progress is saved"
    if mode == "usb":
        return "USB mode: not saving"
    return "Read-only: not saving"


def _problem(e):
    """The one sentence for an OSError from a save."""
    code = e.args[0] if e.args and type(e.args[0]) is int else getattr(e, "errno", None)
    if code in (_EROFS, _EACCES, _EPERM):
        return READ_ONLY
    if code == _ENOSPC:
        return FULL
    return "Saving failed (%s): progress may not be saved." % (code or "error")


def parse_toml(text):
    """KEY = value lines of a settings.toml: ints, "strings", true/false."""
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


def _toml_defaults(path):
    """The user's defaults from settings.toml (os.getenv on CircuitPython)."""
    if path is None and _CP:
        get = os.getenv
    else:
        if path is None:
            here = __file__.replace("\\", "/")
            path = here[:here.rfind("/ui/") + 1] + "settings.toml"
        try:
            with open(path) as f:
                table = parse_toml(f.read())
        except (OSError, ValueError):
            table = {}
        get = table.get
    out = {}
    for name in DEFAULTS:
        value, key = DEFAULTS[name]
        got = get(key) if key else None
        if got is not None:
            if name == "names" and type(got) is str:
                got = [n.strip() for n in got.split(",") if n.strip()]
            value = _fix(name, got, value)
        out[name] = value
    return out


def _fix(name, value, default):
    """value if it has the right type for setting name, else default."""
    if type(default) is bool:
        return bool(value) if type(value) in (bool, int) else default
    if type(default) is int:
        lo, hi = _LIMITS[name]
        return value if type(value) is int and lo <= value <= hi else default
    if type(default) is list:
        if type(value) is list and value and all(type(n) is str for n in value):
            return [n[:12] for n in value]
        return default
    return value if value is None or type(value) is dict else default


def _game_shape(rec):
    """Raise ValueError unless rec looks like a saved game record."""
    if type(rec) is not dict or type(rec.get("save")) is not dict:
        raise ValueError("not a game record")
    n = rec["save"].get("players")
    for key in ("seats", "levels", "names"):
        if type(rec.get(key)) is not list or len(rec[key]) != n:
            raise ValueError("bad " + key)
    for s in rec["seats"]:
        if s not in ("human", "bot"):
            raise ValueError("bad seat")


class Store:
    """The save directory: one game, settings and statistics."""

    def __init__(self, save_dir, writable=None, fs=None, toml=None):
        self.dir = save_dir.rstrip("/") + "/" if save_dir != "/" else "/"
        self.fs = fs or atomic.OsFS()
        self.toml = toml
        self.notice = None
        self.state = None  # the engine state load_game() rebuilt, for the UI to reuse
        self._seq = {}
        if writable is None:
            writable = storage_mode(save_dir) == "saves"
        self.writable = writable
        if not writable:
            self.notice = READ_ONLY

    # --- generic -------------------------------------------------------
    def _read(self, name, kind, check=None):
        path = self.dir + name
        try:
            payload, top, bad = atomic.read(self.fs, path, kind, check)
        except MemoryError:
            self.notice = "Not enough memory to load the saved %s." % kind
            return None
        except Exception:  # a filesystem that fails to answer: treat as empty
            return None
        self._seq[name] = max(top, self._seq.get(name, 0))
        moved = None
        for p in bad:
            if self.writable:
                got = atomic.set_aside(self.fs, p)
                moved = moved or got
        if bad:
            what = {"game": "The saved game was damaged",
                    "settings": "The settings file was damaged",
                    "stats": "The statistics file was damaged"}[kind]
            where = "; it was moved to %s" % moved if moved else "; it was left in place"
            if payload is not None:
                tail = " and the previous copy is used."
            else:
                tail = {"game": " and a new game starts.",
                        "settings": " and the defaults are used.",
                        "stats": " and counting starts again."}[kind]
            self.notice = what + where + tail
        return payload

    def _write(self, name, kind, payload):
        if not self.writable:
            return READ_ONLY
        path = self.dir + name
        try:
            seq = self._seq.get(name)
            if seq is None:
                seq = atomic.top_seq(self.fs, path, kind)
            if not self.fs.kind(self.dir):
                self.fs.mkdir(self.dir.rstrip("/"))
            for p in (path, path + ".tmp"):
                if self.fs.kind(p) == "dir":
                    atomic.set_aside(self.fs, p)
            atomic.write(self.fs, path, kind, seq + 1, payload)
        except OSError as e:
            msg = _problem(e)
            if msg == READ_ONLY:
                self.writable = False
            self.notice = msg
            return msg
        except Exception as e:  # never let a save take the game down
            self.notice = "Saving failed: %s" % e
            return self.notice
        self._seq[name] = seq + 1
        return None

    # --- the game --------------------------------------------------------
    def load_game(self):
        """The saved game record (checked by replay), or None."""
        self.state = None

        def check(rec):
            _game_shape(rec)
            try:
                from engine import games
            except ImportError:  # pragma: no cover
                return
            self.state = games.restore(rec["save"])

        return self._read("game.json", "game", check)

    def save_game(self, record):
        """None when saved, else the sentence to show."""
        return self._write("game.json", "game", record)

    def clear_game(self):
        """Forget the saved game (newest copy last, so a crash keeps the newest)."""
        if not self.writable:
            return READ_ONLY
        path = self.dir + "game.json"
        try:
            for p in (path + ".bak", path + ".tmp", path):
                if self.fs.kind(p) == "file":
                    self.fs.remove(p)
            self.fs.sync()
        except OSError as e:
            self.notice = _problem(e)
            return self.notice
        return None

    # --- settings ----------------------------------------------------------
    def load_settings(self):
        """Every setting, from settings.json over the settings.toml defaults."""
        out = _toml_defaults(self.toml)
        got = self._read("settings.json", "settings", _must_be_dict)
        if got:
            for name in DEFAULTS:
                if name in got:
                    out[name] = _fix(name, got[name], out[name])
        return out

    def save_settings(self, settings):
        return self._write("settings.json", "settings", settings)

    # --- statistics ------------------------------------------------------------
    def load_stats(self):
        """{game_id: {"played", "won", "best", "levels": {"2": [played, won]}}}."""
        return self._read("stats.json", "stats", _must_be_dict) or {}

    def record_result(self, game_id, levels, won, score):
        """Count a finished game; levels are the bot seats' levels (the hardest
        one files the result)."""
        stats = self.load_stats()
        g = stats.get(game_id)
        if type(g) is not dict:
            g = {"played": 0, "won": 0, "best": None, "levels": {}}
            stats[game_id] = g
        won = 1 if won else 0
        g["played"] = g.get("played", 0) + 1
        g["won"] = g.get("won", 0) + won
        best = g.get("best")
        low = game_id in LOW_WINS
        if type(score) is int and (best is None or (score < best if low else score > best)):
            g["best"] = score
        if type(levels) is int:
            levels = [levels]
        key = str(max(levels)) if levels else "none"
        per = g.setdefault("levels", {})
        pw = per.get(key) or [0, 0]
        per[key] = [pw[0] + 1, pw[1] + won]
        return self._write("stats.json", "stats", stats)


def _must_be_dict(payload):
    if type(payload) is not dict:
        raise ValueError("not a table")


# --- undo ----------------------------------------------------------------------
def _replay(save):
    """(fresh state with no actions, the action list) for a save() dict."""
    from engine import games
    base = dict(save)
    actions = base["actions"]
    base["actions"] = []
    return games.restore(base), base, actions


def undo_last_human(save, seats):
    """The save with the last human decision (and the bot moves after it)
    taken back, or None when no human has acted."""
    state, base, actions = _replay(save)
    cut = -1
    for i in range(len(actions)):
        if seats[state.to_act()] == "human":
            cut = i
        state.apply(actions[i])
    if cut < 0:
        return None
    base["actions"] = actions[:cut]
    return base


def undo_last_trick(save):
    """The save taken back to the start of the last completed trick (Israeli
    Whist's undo), or None when no trick has been completed."""
    state, base, actions = _replay(save)
    starts = []
    for i in range(len(actions)):
        v = state.view(None)
        if v["phase"] == "play" and not v["trick"]:
            starts.append(i)
        state.apply(actions[i])
    if state.view(None)["trick"]:
        starts = starts[:-1]
    if not starts:
        return None
    base["actions"] = actions[:starts[-1]]
    return base
