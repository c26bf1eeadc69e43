# The pause menu (START at the table) and the seats screen it opens. Loaded
# when START is pressed, unloaded when the menu closes (App: `module`).
from ui.screens.common import SEAT_KINDS, row, rules_text, short_title
from hal import keys as K
from ui.list_screen import ListScreen, Menu, TextScreen
from engine.ondemand import call


class Pause(Menu):
    module = "ui.screens.pause"
    uses = ("ui.screens.common",)      # (its helpers: the table needs none of them)
    toggle = K.START

    def __init__(self, table):
        Menu.__init__(self, "Paused", [], "A: choose  B: resume")
        self.table = table

    def refresh(self):
        # The rows stay in place, so a number of DOWNs always lands on the same
        # one: the hint (level 3's choice: UP at the table) and the undo (B, B)
        # are dimmed when they cannot happen now, and say why when chosen.
        t = self.table
        seat = t.state().to_act()
        mine = t.decided(seat) and t.shown_seat() == seat and not t.hold_until
        self.items = [("Resume", self.app.pop),
                      # (where UP steps the picker, the face's STEPS: no "(UP)")
                      ("Hint (UP)" if t.state().phase != t.face.STEPS else "Hint", self.hint),
                      ("Undo last trick (B)" if call("ui.table.take_back", "trick_game", t)
                       else "Undo my move (B)", self.undo),
                      ("Score sheet", self.sheet), ("Rules", self.rules),
                      ("Seats: human or bot", self.seats), ("Save and quit", self.quit)]
        self.dim = [i for i in (1, 2) if not mine or
                    i == 2 and not t.undo_possible()]
        self.lines = [it[0] for it in self.items]

    def hint(self):
        if 1 in self.dim:
            self.footer = "Hints: on your turn only"
            return
        self.app.pop()
        self.table.ask_hint()

    def sheet(self):
        self.app.open("score_sheet", self.table)

    def rules(self):
        # the rules, after what to do now and the game's terms (ui.tips)
        gid = self.table.session.game
        head = call("ui.tips", "help_text", gid, self.table.state().phase)
        self.app.push(TextScreen(short_title(gid), head + "\n\n" + rules_text(gid)))

    def undo(self):
        if 2 in self.dim:        # why not: here off your turn, else as B says at the table
            if 1 in self.dim:
                self.footer = "Undo: on your turn only"
                return
            self.table.message = call("ui.table.take_back", "why_not", self.table)
            self.app.pop()
            return
        trick = call("ui.table.take_back", "trick_game", self.table)
        q = "Take back the last trick?" if trick else "Take back your last move?"
        from ui.screens.confirm import Confirm
        self.app.push(Confirm(q, self.do_undo))

    def do_undo(self):
        self.app.pop()
        self.table.take_back()

    def seats(self):
        self.app.push(Seats(self.table))

    def quit(self):
        self.table.autosave()
        self.app.home()


class Seats(ListScreen):
    module = "ui.screens.pause"

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
            call("ui.seating", "set_seat", s, i, "human")
        else:
            call("ui.seating", "set_seat", s, i, "bot", nxt - 1)
        self.refresh()

    def choose(self, i):
        self.change(i, 1)

    def back(self):
        self.app.pop()
        # last_human stays the person who has the device (even as a bot seat's
        # now): a different human gets the curtain first
        self.table.autosave()
        self.table.turn_again()
