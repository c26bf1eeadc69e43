"""Menus and text screens around the table: title, setup, settings, stats,
rules, about, pause, seats, round summary, game over, the pass-and-play
curtain. Plain Python (no displayio).
"""

from engine import IllegalAction, games
from hal import keys as K
from ui import fmt
from ui.screen import Confirm, ListScreen, Menu, TextScreen, wrap
from ui.session import Session

SEAT_KINDS = ("Human", "Bot L0", "Bot L1", "Bot L2", "Bot L3")
PLAYERS = {"linger": (2, 5), "nines": (3, 3)}
# game options the setup offers: (option key, label, values, default)
OPTIONS = {
    "callbreak": (("eight_wins", "8 wins", (True, False), True),),
    "israeli": (("rounds", "Deals", tuple(range(1, 27)), 13),),
    "nines": (("start_score", "Start at", tuple(range(1, 21)), 9),),
}
SHORT_TITLES = {"nommie": "Nommie", "linger": "Linger Longer", "nines": "Nines",
                "callbreak": "Call Break", "israeli": "Israeli Whist"}


def row(label, value, cols):
    """'Label    < value >' in cols characters."""
    w = min(9, max(6, cols - 14))
    return fmt.pad(label, w) + "< " + value + " >"


def on_off(v):
    return "On" if v else "Off"


def start_table(app, session):
    from ui.table import Table
    t = Table(session)
    app.push(t)
    t.autosave()
    return t


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
        try:
            return self.app.store.load_game()
        except (OSError, ValueError):
            return None

    def resume(self):
        self.refresh()
        self.scroll_to_cursor()

    def back(self):
        pass

    def resume_game(self):
        rec = self.saved_record()
        try:
            session = Session.from_record(rec)
        except (IllegalAction, KeyError, TypeError, ValueError, AttributeError) as e:
            self.footer = "Saved game unusable: %s" % e
            self.app.store.clear_game()
            self.refresh()
            return
        from ui.table import Table
        self.app.push(Table(session))

    def new_game(self):
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


class Setup(ListScreen):
    """New game: game, players, seats, options, deal number, start."""

    def __init__(self):
        ListScreen.__init__(self, "New game", [], "L/R change, A start", 0)
        self.game = 0
        self.players = 4
        self.seats = [0, 3, 3, 3]
        self.options = {}
        self.deal = 0

    def enter(self, app):
        self.app = app
        last = app.settings.get("last_setup")
        level = app.settings.get("bot_level", 2)
        self.seats = [0] + [1 + level] * 4
        if type(last) is dict and last.get("game") in games.IDS:
            self.game = games.IDS.index(last["game"])
            if type(last.get("seats")) is list:
                for i in range(min(5, len(last["seats"]))):
                    if type(last["seats"][i]) is int and 0 <= last["seats"][i] < 5:
                        self.seats[i] = last["seats"][i]
            if type(last.get("players")) is int:
                self.players = last["players"]
            if type(last.get("options")) is dict:
                self.options = dict(last["options"])
        if getattr(app, "default_deal", None):
            self.deal = app.default_deal
        self.fix_players()
        ListScreen.enter(self, app)

    def game_id(self):
        return games.IDS[self.game]

    def fix_players(self):
        lo, hi = PLAYERS.get(self.game_id(), (4, 4))
        self.players = max(lo, min(hi, self.players))
        while len(self.seats) < 5:
            self.seats.append(3)
        for key, label, values, default in OPTIONS.get(self.game_id(), ()):
            if self.options.get(key) not in values:
                self.options[key] = default

    def rows_model(self):
        """(kind, index) per row, so keys know what a row is."""
        out = [("game", 0), ("players", 0)]
        for s in range(self.players):
            out.append(("seat", s))
        for i in range(len(OPTIONS.get(self.game_id(), ()))):
            out.append(("option", i))
        out += [("deal", 0), ("start", 0)]
        return out

    def refresh(self):
        c = self.app.cols
        gid = self.game_id()
        lines = []
        for kind, i in self.rows_model():
            if kind == "game":
                lines.append(row("Game", SHORT_TITLES[gid], c))
            elif kind == "players":
                lo, hi = PLAYERS.get(gid, (4, 4))
                lines.append(row("Players", str(self.players), c) if lo != hi
                             else fmt.pad("Players", min(9, max(6, c - 14))) + "  %d" % self.players)
            elif kind == "seat":
                lines.append(row("Seat %d" % (i + 1), SEAT_KINDS[self.seats[i]], c))
            elif kind == "option":
                key, label, values, default = OPTIONS[gid][i]
                v = self.options.get(key, default)
                lines.append(row(label, on_off(v) if type(v) is bool else str(v), c))
            elif kind == "deal":
                lines.append(row("Deal no.", str(self.deal) if self.deal else "random", c))
            else:
                lines.append("  Start the game")
        self.lines = lines
        self.cursor = max(0, min(self.cursor, len(lines) - 1))

    def change(self, i, step):
        kind, idx = self.rows_model()[i]
        gid = self.game_id()
        if kind == "game":
            self.game = (self.game + step) % len(games.IDS)
            self.fix_players()
        elif kind == "players":
            lo, hi = PLAYERS.get(gid, (4, 4))
            self.players = max(lo, min(hi, self.players + step))
        elif kind == "seat":
            self.seats[idx] = (self.seats[idx] + step) % len(SEAT_KINDS)
        elif kind == "option":
            key, label, values, default = OPTIONS[gid][idx]
            cur = self.options.get(key, default)
            j = values.index(cur) if cur in values else 0
            self.options[key] = values[(j + step) % len(values)]
        elif kind == "deal":
            self.deal = max(0, min(99999, self.deal + step))
        self.refresh()

    def choose(self, i):
        kind, idx = self.rows_model()[i]
        if kind == "start":
            self.start()
        elif kind == "deal" and self.app.entropy:
            self.deal = 1 + self.app.entropy() % 9999
            self.refresh()
        else:
            self.change(i, 1)

    def start(self):
        gid = self.game_id()
        seats = ["human" if self.seats[s] == 0 else "bot" for s in range(self.players)]
        levels = [max(0, self.seats[s] - 1) if self.seats[s] else
                  self.app.settings.get("bot_level", 2) for s in range(self.players)]
        seed = self.deal
        if not seed:
            seed = 1 + (self.app.entropy() % 9999 if self.app.entropy else 0)
        opts = {}
        for key, label, values, default in OPTIONS.get(gid, ()):
            opts[key] = self.options.get(key, default)
        self.app.settings["last_setup"] = {"game": gid, "players": self.players,
                                           "seats": self.seats[:self.players], "options": opts}
        self.app.save_settings()
        try:
            session = Session.new(gid, seats, levels, seed, opts)
        except IllegalAction as e:
            self.footer = str(e)
            return
        self.app.pop()
        start_table(self.app, session)


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


def rules_text(game_id):
    """The rules text file shipped beside this module (ui/rules/<id>.txt)."""
    base = __file__.replace("\\", "/").rsplit("/", 1)[0] if "/" in __file__ else "ui"
    try:
        with open(base + "/rules/" + game_id + ".txt") as f:
            return f.read()
    except OSError:
        return "The rules file for this game is missing."


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
        new = Session.new(s.game, s.seats, s.levels, seed, opts, s.names)
        self.app.home()
        start_table(self.app, new)

    def sheet(self):
        self.app.push(sheet_screen(self.table))

    def menu(self):
        self.app.home()


class Pause(Menu):
    def __init__(self, table):
        Menu.__init__(self, "Paused", [], "A: choose  B: resume")
        self.table = table

    def refresh(self):
        israeli = self.table.session.game == "israeli"
        self.items = [("Resume", self.app.pop), ("Score sheet", self.sheet),
                      ("Rules", self.rules),
                      ("Undo last trick" if israeli else "Undo my last move", self.undo),
                      ("Seats: human or bot", self.seats), ("Save and quit", self.quit)]
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
