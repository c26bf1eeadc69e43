"""In-game screens around the table: pause menu, seats, round summary, game
over, the pass-and-play curtain, the score sheet; and small helpers the other
menus share. Plain Python (no displayio).
"""

from hal import keys as K
from ui import fmt
from ui.screen import Confirm, ListScreen, Menu, TextScreen, wrap
from ui.session import Session

SEAT_KINDS = ("Human", "Bot L0", "Bot L1", "Bot L2", "Bot L3")
PLAYERS = {"linger": (2, 5), "nines": (3, 3)}
SHORT_TITLES = {"nommie": "Nommie", "linger": "Linger Longer", "nines": "Nines",
                "callbreak": "Call Break", "israeli": "Israeli Whist"}


def row(label, value, cols):
    """'Label    < value >' in cols characters."""
    w = min(9, max(6, cols - 14))
    return fmt.pad(label, w) + "< " + value + " >"


def on_off(v):
    return "On" if v else "Off"


def start_table(app, session):
    """Replace every screen with a table for session (menus leave memory)."""
    from ui.table import Table
    t = Table(session)
    app.begin(t)
    t.autosave()
    return t


def rules_text(game_id):
    """The rules text file shipped beside this module (ui/rules/<id>.txt)."""
    base = __file__.replace("\\", "/").rsplit("/", 1)[0] if "/" in __file__ else "ui"
    try:
        with open(base + "/rules/" + game_id + ".txt") as f:
            return f.read()
    except OSError:
        return "The rules file for this game is missing."


class Curtain(ListScreen):
    """Pass-and-play: hides every hand until the next player presses A."""

    def __init__(self, table, seat):
        ListScreen.__init__(self, "Pass and play", [], "Only A continues")
        self.table = table
        self.seat = seat

    def refresh(self):
        name = self.table.names()[self.seat]
        self.lines = ["", "Pass to %s" % name, "", "%s: press A" % name, "",
                      "(others look away)"]

    def key(self, k):
        if k == K.A:
            self.app.pop()
            self.table.curtain_passed(self.seat)


def sheet_screen(table):
    v = table.state().view(None)
    names = table.names()
    lines = fmt.last_trick(v, names) + [""] + fmt.score_sheet(v, names, table.app.cols)
    return TextScreen("Score sheet", lines)


class RoundSummary(TextScreen):
    def __init__(self, table):
        v = table.state().view(None)
        n = len(v["history"])
        total = v.get("rounds")
        title = "Round %d of %d" % (n, total) if total else "Round %d" % n
        lines = fmt.round_summary(v, table.names(), table.app.cols)
        lines += ["", "Deal no. %d" % table.session.seed]
        TextScreen.__init__(self, title, lines, "A: next round")


class GameOver(ListScreen):
    def __init__(self, table):
        ListScreen.__init__(self, "Game over", [], "A: choose", 0)
        self.table = table
        self.items = [("Play again", self.again), ("Score sheet", self.sheet),
                      ("Main menu", self.menu)]

    def refresh(self):
        st = self.table.state()
        v = st.view(None)
        names = self.table.names()
        win = st.winners()
        scale = v.get("score_scale") or 1
        if v.get("result") == "draw":
            head = "Draw: " + ", ".join([names[s] for s in win])
        elif len(win) > 1:
            head = "Joint winners: " + ", ".join([names[s] for s in win])
        elif win:
            head = ("You win!" if names[win[0]] == "You" else "%s wins!" % names[win[0]])
        else:
            head = "Nobody wins."
        lines = wrap(head, self.app.cols)
        for s in range(v["players"]):
            extra = "%d tricks" % v["tricks"][s] if v["game"] == "linger" else \
                fmt.score(v["scores"][s], scale)
            lines.append("  " + fmt.pad(names[s], 6) + extra)
        self.first_item = len(lines)
        self.lines = lines + ["> " + it[0] for it in self.items]
        self.cursor = max(self.first_item, min(self.cursor, len(self.lines) - 1))

    def key(self, k):
        if k == K.UP:
            self.cursor = max(self.first_item, self.cursor - 1)
        elif k == K.DOWN:
            self.cursor = min(len(self.lines) - 1, self.cursor + 1)
        elif k == K.A:
            self.items[self.cursor - self.first_item][1]()
            return
        elif k == K.B:
            self.menu()
            return
        self.scroll_to_cursor()

    def again(self):
        s = self.table.session
        seed = s.seed + 1
        opts = s.state.save().get("options") or {}
        start_table(self.app, Session.new(s.game, s.seats, s.levels, seed, opts, s.names))

    def sheet(self):
        self.app.push(sheet_screen(self.table))

    def menu(self):
        self.app.home()


class Pause(Menu):
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
        self.app.push(sheet_screen(self.table))

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


def quick_start(app, game_id, seed=None):
    """--game ID on the desktop: straight to a table, you against bots."""
    lo, hi = PLAYERS.get(game_id, (4, 4))
    n = 4 if lo <= 4 <= hi else lo
    level = app.settings.get("bot_level", 2)
    seats = ["human"] + ["bot"] * (n - 1)
    session = Session.new(game_id, seats, [level] * n, seed or 1)
    start_table(app, session)
