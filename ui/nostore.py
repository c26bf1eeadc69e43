# The in-memory store: saves, settings and statistics that last only while
# the program runs (tests, the VM, or a board whose saves are unavailable).
# Same methods as ui.saves.Store; loaded only where it is used.
from ui.app import DEFAULT_SETTINGS


class NoStore:
    # Stand-in for ui.saves.Store when saving is not possible (or in tests).

    notice = None

    def __init__(self):
        self.game = None
        self.settings = {}
        self.stats = {}

    def load_game(self):
        return self.game

    def save_game(self, record):
        self.game = record
        return None

    def clear_game(self):
        self.game = None

    def load_settings(self):
        d = {}
        for k in DEFAULT_SETTINGS:
            d[k] = self.settings.get(k, DEFAULT_SETTINGS[k])
        return d

    def save_settings(self, d):
        self.settings = dict(d)

    def load_stats(self):
        return self.stats

    def record_result(self, game_id, levels, won, score):
        g = self.stats.setdefault(game_id, {"played": 0, "won": 0})
        g["played"] += 1
        if won:
            g["won"] += 1
