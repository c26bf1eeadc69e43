# The pause menu (START at the table) and the seats screen it opens. Loaded
# when START is pressed, unloaded when the menu closes (App: `module`).
from ui.menus import SEAT_KINDS, SHORT_TITLES, row, rules_text
from ui.screen import Confirm, ListScreen, Menu, TextScreen


class Pause(Menu):
    module = "ui.pause"

    def __init__(self, table):
        Menu.__init__(self, "Paused", [], "A: choose  B: resume")
        self.table = table

    def refresh(self):
        s = self.table.session
        items = [("Resume", self.app.pop), ("Score sheet", self.sheet), ("Rules", self.rules)]
        if s.game != "israeli":
            items.append(("Undo my last move", self.undo))
        elif s.can_undo_trick():      # the engine's rule: only while a trick can go back
            items.append(("Undo last trick", self.undo))
        self.items = items + [("Seats: human or bot", self.seats), ("Save and quit", self.quit)]
        self.lines = [it[0] for it in self.items]

    def sheet(self):
        from ui import sheet
        sheet.show(self.table)

    def rules(self):
        gid = self.table.session.game
        self.app.push(TextScreen(SHORT_TITLES[gid], rules_text(gid)))

    def undo(self):
        israeli = self.table.session.game == "israeli"
        q = "Take back the last trick?" if israeli else "Take back your last move?"
        self.app.push(Confirm(q, self.do_undo))

    def do_undo(self):
        s = self.table.session
        ok = s.undo_trick() if s.game == "israeli" else s.undo_human()
        self.app.pop()
        self.table.after_undo(ok)

    def seats(self):
        self.app.push(Seats(self.table))

    def quit(self):
        self.table.autosave()
        self.app.home()


class Seats(ListScreen):
    module = "ui.pause"

    def __init__(self, table):
        ListScreen.__init__(self, "Seats", [], "L/R change, B back", 0)
        self.table = table

    def refresh(self):
        s = self.table.session
        self.lines = [row("%d %s" % (i + 1, s.names[i]),
                          SEAT_KINDS[0 if s.seats[i] == "human" else 1 + s.levels[i]],
                          self.app.cols) for i in range(s.players)]

    def change(self, i, step):
        s = self.table.session
        cur = 0 if s.seats[i] == "human" else 1 + s.levels[i]
        nxt = (cur + step) % len(SEAT_KINDS)
        if nxt == 0:
            s.set_seat(i, "human")
        else:
            s.set_seat(i, "bot", nxt - 1)
        self.refresh()

    def choose(self, i):
        self.change(i, 1)

    def back(self):
        self.app.pop()
        self.table.seats_changed()
