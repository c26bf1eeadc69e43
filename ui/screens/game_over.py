# Game over (App.open("game_over")): who won, every seat's total, and the
# menu; the results are recorded once it is drawn. A module of its own,
# loaded at a game's end, so the round summary's (ui.screens.between) stays small;
# ui.link.over's screen is built on it.
from hal import keys as K
from ui.list_screen import ListScreen


class GameOver(ListScreen):
    # Who won in the title; why (when a rule decided it) and every seat's
    # total, winners first, two to a line where that is what fits; then the
    # menu (the rounds are on the score sheet).
    module = "ui.screens.game_over"

    def __init__(self, table):
        ListScreen.__init__(self, "Game over", [], "A: choose", 0)
        self.table = table
        self.items = [("Play again", self.again), ("Score sheet", self.sheet),
                      ("Main menu", self.menu)]

    def busy(self):
        return self.table.unrecorded

    def tick(self, now):
        # Once drawn (the table's view freed): the results recorded, and a
        # first game's tips ended (ui.tips); a key before that does it first.
        t = self.table
        if t.unrecorded:
            t.record()
            from engine import ondemand
            if t.tipped is not None:
                ondemand.call("ui.tips", "learned", t.app, t.session.game)
            ondemand.settle()     # recorded: its code goes at once
        return None

    def refresh(self):
        st = self.table.state()
        v = st.view(None)
        from engine.ondemand import once
        self.title, lines = once("ui.screens.standings", "over", v, st.winners(),
                                 self.table.names(), self.app.cols - 1)
        self.first_item = len(lines)
        self.lines = lines + ["> " + it[0] for it in self.items]
        self.cursor = max(self.first_item, min(self.cursor, len(self.lines) - 1))

    def key(self, k):
        self.tick(0)
        if k in (K.UP, K.DOWN):      # over the menu only; the words above stay in view
            step = 1 if k == K.DOWN else -1
            self.cursor = max(self.first_item, min(len(self.lines) - 1, self.cursor + step))
            self.first = 0
        elif k == K.A:
            self.items[self.cursor - self.first_item][1]()
        elif k == K.B:
            self.menu()

    def again(self):
        from ui.screens.common import start_table
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
