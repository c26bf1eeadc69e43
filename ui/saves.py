# Saved game, settings and statistics: nothing lost, nothing that crashes.
#
#   store = saves.Store(save_dir, writable)   # writable None: found out here
#   store.load_game() -> record or None; store.save_game(record) -> None or notice
#   store.clear_game(); load_settings(); save_settings(d); load_stats();
#   record_result(game_id, bot_levels, won, score); store.notice
#
# A record is {"save": state.save(), "seats": [...], "levels": [...],
# "names": [...]}; load_game() checks it by replaying it (store.state is the
# state rebuilt). Store never raises: what goes wrong is one sentence in
# store.notice and the return value of a save. Only the write path lives
# here (and in ui/atomic.py); loading (ui/storage.py), settings and
# statistics (ui/prefs.py) and undo (ui/undo.py) are imported when called
# and, on the device, dropped again afterwards.
import sys

from ui import atomic

READ_ONLY = "Storage is read-only: progress will not be saved."
FULL = "Storage is full: progress will not be saved."
NO_MEMORY = "Not enough memory to load or save: progress may not be saved."
_DROP = sys.implementation.name != "cpython"


def _call(name, fn, *args):
    # ui.<name>.<fn>(*args), with the module unloaded after use on the device
    full = "ui." + name
    if full not in sys.modules:
        __import__(full)
    try:
        return getattr(sys.modules[full], fn)(*args)
    finally:
        if _DROP:
            del sys.modules[full]
            if hasattr(sys.modules["ui"], name):
                delattr(sys.modules["ui"], name)


def storage_mode(save_dir="/"):
    # "saves" when the program may write; "usb" when boot.py left the drive
    # to the computer; "readonly" for a read-only desktop folder
    return _call("prefs", "storage_mode", save_dir)


def mode_text(mode):
    # the title screen's line for storage_mode()
    return _call("prefs", "mode_text", mode)


def undo_last_human(save, seats):
    # save() with the last human decision (and the bot moves after it) taken
    # back; None when no human has acted
    return _call("undo", "last_human", save, seats)


class Store:
    def __init__(self, save_dir, writable=None, fs=None, toml=None):
        self.dir = save_dir if save_dir.endswith("/") else save_dir + "/"
        self.fs = fs or atomic.OsFS()
        self.toml = toml  # settings.toml path (None: the usual place)
        self.notice = None
        self.state = None
        if writable is None:
            writable = storage_mode(save_dir) == "saves"
        self.writable = writable
        if not writable:
            self.notice = READ_ONLY

    def load_game(self):
        return self._use(None, "storage", "load_game")

    def save_game(self, record):
        return self._write("game.json", "game", record)

    def clear_game(self):
        # newest copy last, so a power cut midway keeps the newest
        if not self.writable:
            return READ_ONLY
        path = self.dir + "game.json"
        try:
            for p in (path + ".bak", path + ".tmp", path):
                if self.fs.kind(p) == "file":
                    self.fs.remove(p)
            self.fs.sync()
        except OSError as e:
            return self._failed(e)
        return None

    def load_settings(self):
        # every setting: settings.json over the settings.toml defaults
        return self._use({}, "prefs", "load_settings")

    def save_settings(self, settings):
        return self._write("settings.json", "settings", settings)

    def load_stats(self):
        # {game_id: {"played", "won", "best", "levels": {"2": [played, won]}}}
        return self._use({}, "prefs", "load_stats")

    def record_result(self, game_id, levels, won, score):
        # levels: the bot seats' levels; the hardest one files the result
        return self._use(NO_MEMORY, "prefs", "record_result", game_id, levels, won, score)

    def _use(self, default, name, fn, *args):
        # an on-demand module's fn(self, *args); default if it cannot be loaded
        try:
            return _call(name, fn, self, *args)
        except MemoryError:
            self.notice = NO_MEMORY
            return default

    def _write(self, name, kind, payload):
        if not self.writable:
            return READ_ONLY
        path = self.dir + name
        try:
            fs = self.fs
            folder = self.dir[:-1] or "/"  # no trailing slash: FAT stat may refuse it
            if not fs.kind(folder):
                fs.mkdir(folder)
            for p in (path, path + ".tmp"):
                if fs.kind(p) == "dir":
                    _call("storage", "set_aside", fs, p)
            atomic.write(fs, path, kind, payload)
        except OSError as e:
            return self._failed(e)
        except Exception as e:  # never let a save take the game down
            self.notice = "Saving failed: %s." % e
            return self.notice
        return None

    def _failed(self, e):
        code = e.args[0] if e.args else None
        if code in (30, 13, 1):  # EROFS, EACCES, EPERM
            self.writable = False
            self.notice = READ_ONLY
        elif code == 28:  # ENOSPC
            self.notice = FULL
        else:
            self.notice = "Saving failed (error %s): progress may not be saved." % code
        return self.notice
