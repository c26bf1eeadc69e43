# One game in progress: the engine state plus who sits where.
#
# Knows seats (human or bot, bot levels, names: ui/seating.py makes and
# changes them), asks bots for moves, keeps the save record (the state's
# save(False) header and its log of action codes: never a list of all
# actions), and undoes by replaying the log without its tail (the engine's
# intended save/restore path).

from engine import IllegalAction, bots, ondemand
from ui import faces


def new_id():
    # A new game's id, 8 decimal digits (every journal header the same size):
    # random, so two plays of one deal are two games (ui/saves/atomic.py)
    try:
        import os
        n = int.from_bytes(os.urandom(3), "little")
    except (ImportError, AttributeError, NotImplementedError):  # no random source: a clock
        import time
        n = int((getattr(time, "monotonic_ns", None) or getattr(time, "ticks_us", None)
                 or time.time)())
    return 10000000 + n % 6777213


class Session:
    counted = False      # results() has counted the finished game
    resumed = False      # continued from a save (from_record)

    def __init__(self, state, seats, levels, names=None):
        self.state = state
        self.game = state.view(None)["game"]
        self.face = faces.of(self.game)   # what the game has of its own (its words, its keys)
        self.players = len(seats)
        self.seats = list(seats)
        self.levels = list(levels)
        self.names = list(names) if names else ondemand.call("ui.seating", "default_names", seats)
        self.seed = state.deal_seed  # the deal number (save() would copy the whole action list)
        self.id = new_id()           # this game's (None: a game saved before ids)
        self.why = None              # why the last undo was refused
        self.redealt = None          # the face's REDEALT when the last action dealt again
        self.received = None         # per seat: the cards the last action passed to it (Frisch)
        # With two people or more: the public moves since the earliest one's own
        # last move, and per seat the log's length after its own last move.
        self.news = []
        self.seen = [len(state.log)] * self.players
        self.book = None             # ui.catchup, held while two people or more play

    @staticmethod
    def new(game_id, seats, levels, seed=0, options=None, names=None):
        kw = {}
        if options:
            for k in options:
                kw[k] = options[k]
        # (engine.options: the game's checks and its making, needed this long)
        state = ondemand.call("engine.options", "make", game_id, len(seats), seed, kw)
        return Session(state, seats, levels, names)

    @staticmethod
    def from_record(record, state=None):
        # A session from a saved record (state: its save already replayed); raises
        # IllegalAction/KeyError if it is damaged. A record with "log" replays
        # its codes; one whose save() holds the action list replays that.
        if state is None:
            if "log" in record:
                from engine.saved import replay
                state = replay(record["save"], record["log"])
            else:
                state = ondemand.call("engine.games", "restore", record["save"])
        n = state.view(None)["players"]
        seats = record.get("seats") or ["human"] + ["bot"] * (n - 1)
        levels = record.get("levels") or [2] * n
        if len(seats) != n or len(levels) != n:
            raise IllegalAction("The saved seats do not match the game.")
        s = Session(state, seats, levels, record.get("names"))
        s.id = record.get("id")
        s.resumed = True
        return s

    def record(self):
        # What a store saves: the header and the live log (not a copy; a store
        # writes only the codes added since its last save).
        rec = {"save": self.state.save(False), "log": self.state.log,
               "seats": list(self.seats), "levels": list(self.levels),
               "names": list(self.names)}
        if self.id is not None:
            rec["id"] = self.id
        return rec

    def autosave(self, store):
        # Save the game to store: None, or a note for the player. The finished
        # game is saved too (its last move kept until results() has counted
        # it), never after results() removed it.
        if self.counted:
            return None
        try:
            return store.save_game(self.record())
        except (OSError, ValueError) as e:
            return "Could not save: %s" % e

    def results(self, store, hinted):
        # Game over: every human's result in the statistics in one write, with
        # the game's mark (a power cut before the save is removed leaves a game
        # the load recognises as counted: ui.saves.load), then the save removed
        # (kept when the statistics could not be written).
        # hinted: a hint was asked for (ui.prefs reads it). A finished game
        # needs no bots: their modules leave memory first (the game-over
        # screen and the statistics load theirs).
        bots.unload()
        st = self.state
        self.counted = True
        try:
            levels = [self.levels[s] for s in range(self.players) if not self.is_human(s)]
            people = [(s in st.winners(), st.scores[s]) for s in self.humans()]
            from ui.saves.atomic import finished_mark   # (a board's store holds it)
            mark = finished_mark(st, self.id)
            if store.record_result(self.game, {"bots": levels, "hinted": hinted}, people, mark) is None:
                store.clear_game()  # (not counted: the save stays, its game over counts it)
        except (OSError, ValueError):
            pass

    def humans(self):
        return [s for s in range(self.players) if self.seats[s] == "human"]

    def is_human(self, seat):
        return 0 <= seat < self.players and self.seats[seat] == "human"

    def to_act(self):
        return self.state.to_act()

    def bot_action(self):
        # The bot's choice for the seat to act (from that seat's own view only).
        seat = self.state.to_act()
        view = self.state.view(seat)
        return bots.choose(view, self.state.legal_actions(), self.levels[seat],
                           self.seed * 8 + seat)

    def apply(self, action):
        # Apply an action (IllegalAction propagates, changing nothing), noting
        # what the front ends tell of it: an Israeli redeal, the cards passed
        # round when the face's PASSING phase (a Frisch) ends.
        st = self.state
        face = self.face
        redeals = face.redeals(st) if face.REDEALT else 0
        phase, seat, at, rounds = st.phase, st.to_act(), len(st.log), len(st.history)
        led = phase == "play" and not st.trick
        passing = face.PASSING
        before = [list(h) for h in st.hands] if phase == passing else None
        st.apply(action)
        self.redealt = face.REDEALT if face.REDEALT and face.redeals(st) > redeals else None
        self.received = None
        if before is not None and st.phase != passing:      # the cards went round
            self.received = [[c for c in st.hands[s] if c not in before[s]]
                             for s in range(len(before))]
        if self.seats.count("human") > 1:   # pass-and-play: the news (a lone player's
            if self.book is None:               # table holds none of its code)
                self.book = ondemand.load("ui.catchup")
            self.book.note(self, at, seat, phase, action, led, rounds, phase == passing)
        elif self.news:
            self.news = []

    # --- undo ------------------------------------------------------------
    def undo_human(self, who=None):
        # Take back who's last decision and the moves after it (a replay of
        # the log without its tail; the rules are in ui/undo.py); False and
        # self.why when it may not.
        self.why = self.take_back(who, False)
        return self.why is None

    def can_undo_trick(self):
        # Israeli Whist: a trick may be taken back when the engine says so and
        # doing it changes something: not the deal's first trick while it holds
        # only bots' cards (ui/undo.py's trick_start).
        return hasattr(self.state, "undo_trick") and ondemand.call(
            "ui.undo", "trick_start", self.state, self.seats) is not None

    def undo_trick(self, who=None):
        # Israeli Whist: the engine's own undo (the trick in progress, else the
        # last completed one), under ui/undo.py's rules; False and self.why
        # when it may not.
        self.why = self.take_back(who, True)   # (ui/undo.py: NO_TRICK when there is none)
        return self.why is None

    def take_back(self, who, trick, dry=False):
        # ui/undo.py's last_human (loaded for the undo): None when done (dry:
        # when it could be done), else why not.
        why = ondemand.call("ui.undo", "last_human", self.state, self.seats, who, trick, dry,
                           self.face.PASSING)
        if why is None and not dry and self.book is not None:   # the news of the moves
            self.book.rewind(self, len(self.state.log))        # taken back goes
        return why
