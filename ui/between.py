# Screens between the table's turns: the pass-and-play curtain, the round
# summary and game over. Loaded when one opens, unloaded when it closes
# (App: `module`).
from hal import keys as K
from ui.list_screen import ListScreen, Menu, TextScreen
from ui.screen import wrap


class Curtain(ListScreen):
    # Pass-and-play: hides every hand until the next player presses A;
    # START opens a menu that shows no hand (save and quit, the scores).
    module = "ui.between"

    def __init__(self, table, seat):
        ListScreen.__init__(self, "Pass and play", [], "A: go on  START: menu")
        self.table = table
        self.seat = seat

    def refresh(self):
        name = self.table.names()[self.seat]
        self.lines = ["", "Pass to %s" % name, "", "%s: press A" % name, "",
                      "(others look away)"]

    def key(self, k):
        if k == K.A:
            self.app.pop()
            t = self.table           # the device is with this seat's player now
            t.last_human = t.pov = self.seat
            t.turn_again()
        elif k == K.START:
            self.app.push(CurtainMenu(self.table))


class CurtainMenu(Menu):
    # START on the curtain: what may be done before anyone's hand shows.
    module = "ui.between"
    toggle = K.START

    def __init__(self, table):
        Menu.__init__(self, "Paused", [("Back to the curtain", self.back),
                                       ("Score sheet", self.sheet),
                                       ("Save and quit", self.quit)], "A: choose  B: back")
        self.table = table

    def sheet(self):
        self.app.open("score_sheet", self.table)

    def quit(self):
        self.table.autosave()
        self.app.home()


class RoundSummary(TextScreen):
    module = "ui.between"

    def __init__(self, table):
        from ui import sheet
        from engine.ondemand import forget
        v = table.state().view(None)
        n = len(v["history"])
        total = v.get("rounds")
        title = "Round %d of %d" % (n, total) if total else "Round %d" % n
        lines = sheet.round_summary(v, table.names(), table.app.cols)
        forget("ui.sheet")
        lines += ["", "Deal no. %d" % table.session.seed]
        TextScreen.__init__(self, title, lines, "A: next round")


class GameOver(ListScreen):
    # Who won in the title; why (when a rule decided it) and every seat's
    # total, winners first, two to a line where that is what fits; then the
    # menu (the rounds are on the score sheet).
    module = "ui.between"

    def __init__(self, table):
        ListScreen.__init__(self, "Game over", [], "A: choose", 0)
        self.table = table
        self.items = [("Play again", self.again), ("Score sheet", self.sheet),
                      ("Main menu", self.menu)]
        if table.tipped is not None:     # a first game's tips end with it (ui.tips)
            from engine.ondemand import call
            call("ui.tips", "learned", table.app, table.session.game)

    def refresh(self):
        st = self.table.state()
        v = st.view(None)
        names = self.table.names()
        from ui import standings
        win = st.winners()
        said = standings.outcome(v, win, names)
        self.title = said[0]
        cols = self.app.cols - 1
        lines = []
        for sentence in said[1:]:
            lines += wrap(sentence, cols)
        if v.get("eight_winner") is None or v["history"]:
            lines += standings.final_lines(v, names, cols, win)
        from engine.ondemand import forget
        forget("ui.standings")
        self.first_item = len(lines)
        self.lines = lines + ["> " + it[0] for it in self.items]
        self.cursor = max(self.first_item, min(self.cursor, len(self.lines) - 1))

    def key(self, k):
        if k in (K.UP, K.DOWN):      # over the menu only; the words above stay in view
            step = 1 if k == K.DOWN else -1
            self.cursor = max(self.first_item, min(len(self.lines) - 1, self.cursor + step))
            self.first = 0
        elif k == K.A:
            self.items[self.cursor - self.first_item][1]()
        elif k == K.B:
            self.menu()

    def again(self):
        from ui.menus import start_table
        from ui.session import Session
        s = self.table.session
        from engine.rng import LAST_DEAL
        seed = s.seed % LAST_DEAL + 1     # the next deal number, 1 after the last
        opts = s.state.save(False).get("options") or {}
        start_table(self.app, Session.new(s.game, s.seats, s.levels, seed, opts, s.names))

    def sheet(self):
        self.app.open("score_sheet", self.table)

    def menu(self):
        self.app.home()
