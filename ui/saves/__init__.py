# Saved game, settings and statistics: nothing lost, nothing that crashes.
# This package's own part is the Store, the one object the app saves and
# loads through; its modules: atomic.py writes files and the game's journal
# so that a power cut never leaves nothing readable (loaded with the Store:
# the autosave's write path); loaded when used: load.py (reading and
# checking, damaged files set aside), mend.py (whether an unusable
# journal's backup is its game, and the latest position the two prove).
# What settings and statistics hold is ui/prefs.py's, which the in-memory
# stand-in, ui/nostore.py, shares.
#
#   store = saves.Store(save_dir, writable)   # writable None: found out here
#   store.load_game() -> (record, state) or (None, None); store.save_game(record) -> None or notice
#   store.clear_game(); load_settings(); save_settings(d); load_stats();
#   record_result(game_id, bot_levels, [(won, score), ...], mark); store.notice
#
# A record is {"save": state.save(False), "log": state.log, "seats": [...],
# "levels": [...], "names": [...], "id": the game's id (ui.session.new_id;
# absent in a game saved before ids)}; load_game() checks it by replaying it
# and hands back the state rebuilt. The game is a journal, game.log (format
# in atomic.py): a save appends the codes added since the last one, and
# the Store remembers where the journal stands (a few record ends with the
# hash of the log up to there) to find what is new without a copy of it.
# Store never raises: what goes wrong is one sentence in store.notice and the
# return value of a save. Only the write path stays loaded; reading,
# settings and statistics are imported when called and, on the device,
# dropped again afterwards (engine.ondemand).
from engine import ondemand
from ui.saves import atomic
from ui.saves.atomic import NO_MEMORY

READ_ONLY = "Storage is read-only: progress will not be saved."
FULL = ("Storage is full: progress may not be saved. Free some space by deleting files from "
        "the drive.")
GAME = "game.log"
MARKS = 8  # record ends remembered: an undo back past them rewrites the journal


def storage_mode(save_dir="/"):
    # "saves" when the program may write; "usb" when boot.py left the drive
    # to the computer; "readonly" for a read-only desktop folder; "full"
    # when the drive has no room left
    return ondemand.call("ui.prefs", "storage_mode", save_dir)


def mode_text(mode):
    # the title screen's line for storage_mode()
    return ondemand.call("ui.prefs", "mode_text", mode)


class Store:
    def __init__(self, save_dir, writable=None, fs=None, toml=None):
        self.dir = save_dir if save_dir.endswith("/") else save_dir + "/"
        self.fs = fs or atomic.OsFS()
        self.toml = toml  # settings.toml path (None: the usual place)
        self.notice = None
        self._head = self._marks = None  # the journal's game, record ends + hashes
        self._gid = None  # the journal's game id
        self._people = None
        self._size = self._last = 0
        self.unread = False  # the journal could not be read: the next new game keeps it
        if writable is None:
            writable = storage_mode(save_dir)
            writable = writable if writable == "full" else writable == "saves"
        if writable == "full":  # (hal.base.prepare_save_dir) saves are tried, and fail until
            writable = True     # there is room
            self.notice = FULL
        self.writable = writable
        if not writable:
            self.notice = READ_ONLY

    def load_game(self):
        return self._use((None, None), "ui.saves.load", "load_game")

    def save_game(self, record):
        # Append the codes added since the last save (and new seats, if any)
        # to the journal; write it whole when that cannot be done.
        if not self.writable:
            return READ_ONLY
        return self._guard(self._save_game, record)

    def _save_game(self, record):
        log = record["log"]
        people = [record["seats"], record["levels"], record["names"]]
        m = self._marks
        if (record["save"] != self._head or record.get("id") != self._gid or m is None
                or self.fs.kind(self.dir + GAME) != "file"):
            return self._whole(record)  # a new game, or the journal is not as left
        k = 0  # the last record end at which log still agrees with the journal
        h = 0
        while k + 2 < len(m) and m[k + 2] <= len(log):
            got = atomic.check(memoryview(log)[m[k]:m[k + 2]], h)
            if got != m[k + 3]:
                break
            h = got
            k += 2
        start = m[k]
        if (k == 0 and len(m) > 2) or self._size > 16 * len(log) + 4096:
            return self._whole(record)  # undone past the marks, or mostly undos
        data = b""
        h = self._last
        if people != self._people:
            data, h = atomic.line(b"p" + atomic.to_json({"seats": people[0], "levels": people[1],
                                                         "names": people[2]}).encode(), h)
        if start < m[-2] or start < len(log):
            more, h = atomic.line(atomic.codes(log, start, len(log)), h)
            data += more
        if not data:
            return None
        self._marks = None  # until the append is known to be complete
        atomic.append(self.fs, self.dir + GAME, data)
        self._size += len(data)
        self._last = h
        self._people = [list(people[0]), list(people[1]), list(people[2])]
        del m[k + 2:]
        if start < len(log):
            m.append(len(log))
            m.append(atomic.check(memoryview(log)[start:], m[k + 1]))
        if len(m) > 2 * MARKS + 2:
            del m[2:4]
        self._marks = m
        return None

    def _whole(self, record):
        # the journal written whole (a new game, or what an append cannot do)
        self._head = self._marks = None
        self._folder(GAME)
        if self.unread:
            self.unread = False
            ondemand.call("ui.saves.load", "keep_unread", self)
        log = record["log"]
        header = {"save": record["save"], "seats": record["seats"],
                  "levels": record["levels"], "names": record["names"]}
        if record.get("id") is not None:
            header["id"] = record["id"]
        size, last = atomic.journal(self.fs, self.dir + GAME, header, log)
        self.known(header, log, size, last)
        return None

    def known(self, header, log, size, last):
        # what game.log holds now: appends follow on from it
        self._head = header["save"]
        self._gid = header.get("id")  # (two plays of one deal: two ids)
        self._people = [list(header["seats"]), list(header["levels"]), list(header["names"])]
        self._marks = [0, 0, len(log), atomic.check(log)] if len(log) else [0, 0]
        self._size = size
        self._last = last

    def reject_game(self):
        # the loaded game could not be continued: its copy is set aside
        return self._use(None, "ui.saves.load", "reject_game")

    def clear_game(self):
        # newest copy last, so a power cut midway keeps the newest (game.json:
        # the previous version's save)
        if not self.writable:
            return READ_ONLY
        self._head = self._marks = None
        if self.unread:  # never remove a game that could not be read
            self.unread = False
            self._use(None, "ui.saves.load", "keep_unread")
        try:
            for name in ("game.json.bak", "game.json.tmp", "game.json",
                         GAME + ".bak", GAME + ".tmp", GAME):
                if self.fs.kind(self.dir + name) == "file":
                    self.fs.remove(self.dir + name)
            self.fs.sync()
        except OSError as e:
            return self._failed(e)
        return None

    def load_settings(self):
        # every setting: settings.json over the settings.toml defaults
        return self._use({}, "ui.prefs", "load_settings")

    def save_settings(self, settings):
        return self._write("settings.json", "settings", settings)

    def load_stats(self):
        # {game_id: {"played", "won", "best", "levels": {"2": [played, won]}}}
        return self._use({}, "ui.saves.load", "load_stats")

    def record_result(self, game_id, levels, results, mark=None):
        # levels: the bot seats' levels (the hardest one files the results);
        # results: each person's (won, score); mark: atomic.finished_mark
        return self._use(NO_MEMORY, "ui.prefs", "record_result", game_id, levels, results, mark)

    def _use(self, default, module, fn, *args):
        # an on-demand module's fn(self, *args); default if it cannot be loaded
        try:
            return ondemand.call(module, fn, self, *args)
        except MemoryError:
            self.notice = NO_MEMORY
            return default

    def _write(self, name, kind, payload):
        if not self.writable:
            return READ_ONLY
        return self._guard(self._whole_file, name, kind, payload)

    def _whole_file(self, name, kind, payload):
        self._folder(name)
        atomic.write(self.fs, self.dir + name, kind, payload)

    def _folder(self, name):
        # the save folder made if missing; a folder where name, its .tmp or
        # its .bak should be is set aside
        fs = self.fs
        folder = self.dir[:-1] or "/"  # no trailing slash: FAT stat may refuse it
        if not fs.kind(folder):
            fs.mkdir(folder)
        for p in (name, name + ".tmp", name + ".bak"):
            if fs.kind(self.dir + p) == "dir":
                ondemand.call("ui.saves.load", "set_aside", fs, self.dir + p)

    def _guard(self, fn, *args):
        # fn(*args) with what goes wrong as a notice (and returned)
        try:
            fn(*args)
        except OSError as e:
            return self._failed(e)
        except MemoryError:
            self.notice = NO_MEMORY
            return self.notice
        except Exception as e:  # never let a save take the game down
            self.notice = "Saving failed: %s." % e
            return self.notice
        return None

    def _failed(self, e):
        code = e.args[0] if e.args else None
        from hal.base import full
        if full(e, self.dir[:-1] or "/"):  # ENOSPC, or a full FAT drive's EACCES
            self.notice = FULL
        elif code in (30, 13, 1):  # EROFS, EACCES, EPERM
            self.writable = False
            self.notice = READ_ONLY
        else:
            self.notice = "Saving failed (error %s): progress may not be saved." % code
        return self.notice
