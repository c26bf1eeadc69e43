# A game journal whose first line (its header) is damaged still holds the
# moves after it: each later line is checked on from the line before, so they
# chain on the check the damaged header line still carries at its end. With
# the header of an older copy of the same game (the backup), those lines are
# read again as a journal of their own. ui.saves.load asks for this only when
# the journal's first line is bad and a backup was read; it is dropped after.
from ui.saves import atomic


def mend(fs, path, older, check, parse, line_check):
    # (record, None, True) as ui.saves.load's parse_log gives for a journal cut at
    # damage, when the journal at path keeps more moves than older (the
    # backup's record: its moves must be their beginning) and check(record)
    # passes (the replay); else None. parse, line_check: ui.saves.load's journal
    # reader and its check of one line.
    f = fs.open(path, "rb")
    try:
        first = f.readline()
        if len(first) < 9 or first[-1] != 10 or first[-8] != 32:
            return None
        got = parse(_Rechained(f, older, _hex(first[-7:-1]), line_check))
    except (ValueError, TypeError, KeyError, IndexError):
        return None
    finally:
        f.close()
    if type(got) is not tuple:
        return None
    rec, k = got[0], len(older["log"])
    if len(rec["log"]) <= k or bytes(rec["log"][:k]) != bytes(older["log"]):
        return None
    if check is not None:
        try:
            check(rec)
        except Exception:      # (another game's header: its moves do not replay)
            return None
    return rec, None, True     # set aside; the next save writes the journal whole


def _hex(b):
    # a line's stored check (6 hex digits), or -1
    try:
        return int(bytes(b).decode(), 16)
    except ValueError:
        return -1


class _Rechained:
    # A journal read on the fly: older's header as its first line, then the
    # damaged journal's lines for as long as they chain on (each written
    # again with the check that follows from the new header). A file to
    # storage's reader (readinto), one line in memory at a time.
    def __init__(self, f, older, stored, line_check):
        self.f = f
        self.line_check = line_check
        self.was = stored               # the damaged journal's chain
        head = {"save": older["save"], "seats": older["seats"],
                "levels": older["levels"], "names": older["names"]}
        self.out, self.now = atomic.line(atomic.LOG + b"0 " + atomic.to_json(head).encode(), 0)
        self.done = stored < 0

    def readinto(self, mv):
        while len(self.out) < len(mv) and not self.done:
            self._next()
        n = min(len(mv), len(self.out))
        mv[:n] = self.out[:n]
        self.out = self.out[n:]
        return n

    def _next(self):
        ln = self.f.readline()
        was = self.line_check(ln, 0, len(ln) - 1, self.was) if ln[-1:] == b"\n" else -1
        if was < 0:
            self.done = True   # the end, a torn last line, or damage: the moves before stay
            return
        self.was = was
        line, self.now = atomic.line(ln[:-8], self.now)
        self.out += line
