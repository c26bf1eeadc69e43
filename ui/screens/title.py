# The title menu. What it opens (setup, settings, statistics, rules, about)
# lives in modules loaded only while open, and this one is unloaded while a
# game runs (App: `module`), so its code costs no heap then.
from ui.list_screen import Menu, TextScreen


class Title(Menu):
    module = "ui.screens.title"

    def __init__(self):
        Menu.__init__(self, "Pocket Tricks", [], "A: choose")

    def refresh(self):
        items = []
        rec = self.saved_game()[0]
        if rec is not None:
            items.append(("Continue " + self.saved_name(), self.resume_game))
        items += [("New game", self.new_game), ("Link play", self.link),
                  ("Settings", self.settings), ("Statistics", self.stats), ("Rules", self.rules),
                  ("About", self.about)]
        self.items = items
        self.lines = [it[0] for it in items]
        self.cursor = max(0, min(self.cursor, len(items) - 1))
        # the notice's page is read once; the footer keeps saying it
        self.footer = "A: choose" if getattr(self.app.store, "writable", True) is not False \
            else "Read-only: no saves"

    def saved_game(self):
        # (record, state) of the saved game, read (and checked by replay) once
        # per title screen; (None, None) when there is none.
        if not hasattr(self, "_saved"):
            store = self.app.store
            before = store.notice
            try:
                self._saved = store.load_game()
            except (OSError, ValueError):
                self._saved = (None, None)
            if store.notice and store.notice != before:
                self.app.notice = store.notice   # damage found now: say so here
        return self._saved

    def enter(self, app):
        Menu.enter(self, app)
        self.tell()

    def resume(self):
        # Back on top: the helpers the screens it opened shared (ui.screens.common and
        # ui.fmt) leave memory with them; the title needs neither.
        from engine.ondemand import forget
        forget("ui.screens.common")
        forget("ui.fmt")
        self.refresh()
        self.scroll_to_cursor()
        self.tell()

    def tell(self):
        # A notice (storage, a damaged save, a link error) in the footer when
        # it fits on its line, else on a page of its own over the title.
        note = self.app.notice
        if not note:
            return
        self.app.notice = None
        if len(note) < self.app.cols:
            self.footer = note
        else:
            self.app.push(TextScreen("Notice", note, "A/B: OK"))

    def back(self):
        pass

    def resume_game(self):
        from engine import IllegalAction
        from ui.session import Session
        rec, state = self.saved_game()       # the store's replay, reused
        try:
            session = Session.from_record(rec, state)
        except (IllegalAction, KeyError, TypeError, ValueError, AttributeError) as e:
            self.app.notice = "Saved game unusable: %s" % e
            store = self.app.store
            if hasattr(store, "reject_game"):   # set aside, never deleted
                store.reject_game()
            else:
                store.clear_game()
            del self._saved                     # the backup, if any, is offered
            self.refresh()
            self.tell()
            return
        from ui.table import Table
        self.app.begin(Table(session))

    def new_game(self):
        from ui.screens.newgame import Setup
        self.app.push(Setup())

    def saved_name(self):
        # "Nommie" when a saved game would be replaced by a new one, else None.
        rec = self.saved_game()[0]
        if rec is None:
            return None
        from ui.screens.common import short_title
        return short_title(rec["save"].get("game"), "")

    def link(self):
        # Host or join a table over the network (ui.link.lobby: loaded only now).
        self.app.open("link_menu")

    def settings(self):
        from ui.screens.settings import Settings
        self.app.push(Settings())

    def stats(self):
        self._text("Statistics", "stats_lines", self.app.store, self.app.cols - 1)

    def rules(self):
        from ui.screens.info import RulesMenu
        self.app.push(RulesMenu())

    def about(self):
        self._text("About", "about_text", self.app)

    def _text(self, title, maker, *args):
        # A read-only page whose text ui.screens.info builds (maker(*args)); ui.screens.info
        # leaves memory after.
        from engine.ondemand import once
        self.app.push(TextScreen(title, once("ui.screens.info", maker, *args)))
