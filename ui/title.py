"""The title menu and what it opens: settings, statistics, rules, about.
Unloaded while a game runs (App.begin), so its code costs no heap then.
"""

from engine import IllegalAction, games
from ui.menus import SHORT_TITLES, on_off, row, rules_text
from ui.screen import ListScreen, Menu, TextScreen, wrap
from ui.session import Session


class Title(Menu):
    def __init__(self):
        Menu.__init__(self, "Pocket Tricks", [], "A: choose")

    def refresh(self):
        items = []
        if self.saved_record() is not None:
            items.append(("Continue", self.resume_game))
        items += [("New game", self.new_game), ("Settings", self.settings),
                  ("Statistics", self.stats), ("Rules", self.rules), ("About", self.about)]
        self.items = items
        self.lines = [it[0] for it in items]
        self.cursor = max(0, min(self.cursor, len(items) - 1))
        if self.app.notice:
            self.footer = self.app.notice
            self.app.notice = None
        else:
            self.footer = "A: choose"

    def saved_record(self):
        """The saved game record, read (and checked by replay) once per title screen."""
        if not hasattr(self, "_record"):
            try:
                self._record = self.app.store.load_game()
            except (OSError, ValueError):
                self._record = None
        return self._record

    def resume(self):
        self.refresh()
        self.scroll_to_cursor()

    def back(self):
        pass

    def resume_game(self):
        rec = self.saved_record()
        state = getattr(self.app.store, "state", None)   # the store's replay, reused
        try:
            if state is not None and state.save() != rec["save"]:
                state = None
            session = Session.from_record(rec, state)
        except (IllegalAction, KeyError, TypeError, ValueError, AttributeError) as e:
            self.app.notice = "Saved game unusable: %s" % e
            self.app.store.clear_game()
            self._record = None
            self.refresh()
            return
        from ui.table import Table
        self.app.begin(Table(session))

    def new_game(self):
        from ui.newgame import Setup
        self.app.push(Setup())

    def settings(self):
        self.app.push(Settings())

    def stats(self):
        self.app.push(TextScreen("Statistics", stats_lines(self.app)))

    def rules(self):
        self.app.push(RulesMenu())

    def about(self):
        self.app.push(TextScreen("About", about_text(self.app)))


def stats_lines(app):
    try:
        st = app.store.load_stats() or {}
    except (OSError, ValueError):
        st = {}
    out = []
    for gid in games.IDS:
        g = st.get(gid)
        if not g:
            continue
        out.append(SHORT_TITLES[gid])
        keys = sorted([k for k in g])
        for k in keys:
            val = g[k]
            if type(val) is dict:
                val = ", ".join(["%s %s" % (x, val[x]) for x in sorted([y for y in val])])
            out += wrap("  %s: %s" % (k, val), app.cols)
    return out or ["No games finished yet."]


def about_text(app):
    free = getattr(app, "mem_free", None)
    mem = "%d bytes free" % free() if free else "n/a on desktop"
    return ("Pocket Tricks %s\nFive trick-taking card games.\n\nBoard: %s\nScreen: %dx%d\n"
            "Memory: %s\n\nKeys: arrows move, A choose, B back, START pause menu, "
            "SELECT last trick and score sheet." % (
                _version(), app.board, app.width, app.height, mem))


def _version():
    from ui.app import VERSION
    return VERSION



class Settings(ListScreen):
    def __init__(self):
        ListScreen.__init__(self, "Settings", [], "L/R change, B back", 0)

    def refresh(self):
        from ui.app import SPEEDS
        s = self.app.settings
        c = self.app.cols
        self.lines = [row("Speed", SPEEDS[(s.get("speed", 2) - 1) % len(SPEEDS)], c),
                      row("Autoplay", on_off(s.get("autoplay")), c),
                      row("Sound", on_off(s.get("sound")), c),
                      row("Bot level", str(s.get("bot_level", 2)), c)]

    def change(self, i, step):
        from ui.app import SPEEDS
        s = self.app.settings
        if i == 0:
            s["speed"] = 1 + (s.get("speed", 2) - 1 + step) % len(SPEEDS)
        elif i == 1:
            s["autoplay"] = not s.get("autoplay")
        elif i == 2:
            s["sound"] = not s.get("sound")
        else:
            s["bot_level"] = (s.get("bot_level", 2) + step) % 4
        self.refresh()

    def choose(self, i):
        self.change(i, 1)

    def back(self):
        self.app.save_settings()
        self.app.pop()


class RulesMenu(Menu):
    def __init__(self):
        Menu.__init__(self, "Rules", [])

    def refresh(self):
        self.items = [(SHORT_TITLES[g], self._show(g)) for g in games.IDS]
        self.lines = [it[0] for it in self.items]

    def _show(self, gid):
        def show():
            self.app.push(TextScreen(SHORT_TITLES[gid], rules_text(gid)))
        return show
