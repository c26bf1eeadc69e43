# New game setup: game, players, seats (human or bot level), options, deal number.
# Unloaded while a game runs.

from engine import IllegalAction
from engine.rng import random_deal
from ui.screens.common import (SEAT_KINDS, facts, option_help, row, setup_lines, setup_options,
                      start_or_ask, start_table)
from hal import keys as K
from ui.list_screen import ListScreen
from engine.ondemand import call
from ui.session import Session

FOOTER = "L/R change  A start"
DIGITS = 5          # deal numbers 1..99999, entered digit by digit


class Setup(ListScreen):
    # New game: game, players, seats, options, deal number, start.
    module = "ui.screens.newgame"
    seat_kinds = SEAT_KINDS

    def __init__(self):
        ListScreen.__init__(self, "New game", [], FOOTER, 0)
        self.game = 0
        self.players = 4
        self.seats = [0, 3, 3, 3]
        self.options = {}
        self.deal = 0

    def enter(self, app):
        self.app = app
        last = app.settings.get("last_setup")
        level = app.settings["bot_level"]
        self.seats = [0] + [1 + level] * 4
        ids = call("engine.catalog", "ids")
        if type(last) is dict and last.get("game") in ids:
            self.game = ids.index(last["game"])
            if type(last.get("seats")) is list:
                for i in range(min(5, len(last["seats"]))):
                    if type(last["seats"][i]) is int and 0 <= last["seats"][i] < 5:
                        self.seats[i] = last["seats"][i]
            if type(last.get("players")) is int:
                self.players = last["players"]
            if type(last.get("options")) is dict:
                self.options = dict(last["options"])
        if app.default_deal:
            self.deal = app.default_deal
        self.fix_players()
        ListScreen.enter(self, app)

    def game_id(self):
        return call("engine.catalog", "ids")[self.game]

    def fix_players(self):
        g = facts(self.game_id())
        self.players = max(g["fewest"], min(g["most"], self.players))
        while len(self.seats) < 5:
            self.seats.append(3)
        for key, label, values, default in setup_options(self.game_id()):
            if self.options.get(key) not in values:
                self.options[key] = default

    def rows_model(self):
        # (kind, index) per row, so keys know what a row is.
        out = [("game", 0), ("players", 0)]
        for s in range(self.players):
            out.append(("seat", s))
        for i in range(len(setup_options(self.game_id()))):
            out.append(("option", i))
        out += [("deal", 0), ("start", 0)]
        return out

    def refresh(self):
        c = self.app.cols
        lines = setup_lines(self, self.game_id(), c)
        self.lines = lines
        self.cursor = max(0, min(self.cursor, len(lines) - 1))
        kind, i = self.rows_model()[self.cursor]
        if kind == "deal":
            self.footer = "RIGHT: type no.  A start"
        elif kind == "option":          # what the option means ("Starting score")
            self.footer = option_help(self.game_id(), setup_options(self.game_id())[i][0])
        else:
            self.footer = FOOTER

    def kinds(self):
        return ["human" if self.seats[s] == 0 else "bot" for s in range(self.players)]

    def seat_names(self):
        return call("ui.seating", "default_names", self.kinds(), self.app.settings.get("names"))

    def own_row(self, kind, c):
        if kind == "deal":
            return row("Deal no.", str(self.deal) if self.deal else "random", c, self.deal > 0)
        return "  Start the game"

    def key(self, k):
        ListScreen.key(self, k)
        if k in (K.UP, K.DOWN):
            self.refresh()            # the footer says what this row's keys do

    def resume(self):
        self.refresh()                # back from the deal number

    def change(self, i, step):
        kind, idx = self.rows_model()[i]
        gid = self.game_id()
        if kind == "game":
            self.game = (self.game + step) % len(call("engine.catalog", "ids"))
            self.fix_players()
        elif kind == "players":
            g = facts(gid)
            self.players = max(g["fewest"], min(g["most"], self.players + step))
        elif kind == "seat":
            self.seats[idx] = (self.seats[idx] + step) % len(SEAT_KINDS)
        elif kind == "option":
            key, label, values, default = setup_options(gid)[idx]
            cur = self.options.get(key, default)
            j = values.index(cur) if cur in values else 0
            self.options[key] = values[(j + step) % len(values)]
        elif kind == "deal":
            if step > 0:              # RIGHT: type a number digit by digit
                self.app.push(DealEntry(self))
                return
            self.deal = 0             # LEFT: back to a random deal
        self.refresh()

    def choose(self, i):
        # A starts the game from any row (L/R change the values).
        self.start()

    def start(self):
        gid = self.game_id()
        seats = self.kinds()
        levels = [max(0, self.seats[s] - 1) if self.seats[s] else
                  self.app.settings["bot_level"] for s in range(self.players)]
        seed = self.deal
        if not seed:
            seed = random_deal(self.app.entropy)
        opts = {}
        for key, label, values, default in setup_options(gid):
            opts[key] = self.options.get(key, default)
        self.app.settings["last_setup"] = {"game": gid, "players": self.players,
                                           "seats": self.seats[:self.players], "options": opts}
        self.app.save_settings()
        try:
            session = Session.new(gid, seats, levels, seed, opts, self.seat_names())
        except IllegalAction as e:
            self.footer = str(e)
            return
        start_or_ask(self.app, lambda: start_table(self.app, session))


class DealEntry(ListScreen):
    # The deal number, digit by digit: UP/DOWN change a digit, LEFT/RIGHT move.
    module = "ui.screens.newgame"

    def __init__(self, setup):
        ListScreen.__init__(self, "Deal number", [], "A: done  B: cancel")
        self.setup = setup
        n = setup.deal or 0
        self.digits = []
        for _ in range(DIGITS):
            self.digits.insert(0, n % 10)
            n //= 10
        self.at = DIGITS - 1

    def refresh(self):
        digits = " ".join([str(d) for d in self.digits])
        self.lines = ["", "    " + digits, "    " + "  " * self.at + "^", "",
                      "UP/DOWN: change digit", "LEFT/RIGHT: next digit"]

    def key(self, k):
        if k in (K.LEFT, K.RIGHT):
            self.at = max(0, min(DIGITS - 1, self.at + (1 if k == K.RIGHT else -1)))
        elif k in (K.UP, K.DOWN):
            self.digits[self.at] = (self.digits[self.at] + (1 if k == K.UP else -1)) % 10
        elif k == K.A:
            n = 0
            for d in self.digits:
                n = n * 10 + d
            self.setup.deal = n
            self.app.pop()
            return
        elif k == K.B:
            self.app.pop()
            return
        self.refresh()
