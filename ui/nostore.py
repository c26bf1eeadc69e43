# The in-memory store: saves, settings and statistics that last only while
# the program runs (tests, the VM, or a board whose saves are unavailable).
# Same methods as ui.saves.Store; loaded only where it is used. A record is
# kept with a copy of its log (its bytes); `game` shows it as the previous
# version's record, whose save() held the action list (tests read that).


class NoStore:
    # Stand-in for ui.saves.Store when saving is not possible (or in tests).

    notice = None

    def __init__(self):
        self.kept = None
        self.settings = {}
        self.stats = {}

    def _get(self):
        rec = self.kept
        if rec is None or "log" not in rec:
            return rec
        save = dict(rec["save"])
        from engine.actions import decode
        save["actions"] = [decode(c) for c in rec["log"]]
        return {"save": save, "seats": rec["seats"], "levels": rec["levels"],
                "names": rec["names"]}

    def _set(self, record):
        self.kept = record

    game = property(_get, _set)

    def load_game(self):
        return self.kept, None       # (Session.from_record replays it)

    def save_game(self, record):
        rec = dict(record)
        rec["log"] = bytes(record["log"])
        self.kept = rec
        return None

    def clear_game(self):
        self.kept = None

    def load_settings(self):
        # every setting: the ones set here over the defaults (ui.prefs's table)
        from engine.ondemand import call
        return call("ui.prefs", "with_defaults", dict(self.settings))

    def save_settings(self, d):
        self.settings = dict(d)

    def load_stats(self):
        return self.stats

    def record_result(self, game_id, levels, results, mark=None):
        from ui import prefs          # the same statistics as the real store keeps
        for won, score in results:
            prefs.tally(self.stats, game_id, levels, won, score)
