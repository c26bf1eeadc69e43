# A joined table's game as this seat knows it, made only of the host's state
# messages (ui/link/proto.py; ui/link/check.py checks each first): the seat's
# own view and legal actions, nothing else ever arrives. RemoteState answers
# what ui.table.Table asks of an engine state; RemoteSession stands in for
# the table's Session (one human seat: this one). Loaded only for link play.
from ui import faces


class RemoteState:
    # What Table reads from an engine state, made of the host's state messages.

    def __init__(self):
        self.v = None
        self.legal = []
        self.n = 0
        self.hn = 0
        self.history = []
        self.win = []
        self.phase = "play"
        self.trick = []
        self.last_trick = None
        self.last_winner = None
        self.hands = []
        self.log = b""
        self.why = []
        self.words = []       # [[action, the host engine's text]] (ui.link.host.words)

    def take(self, msg):
        # Use a state message that ui.link.check passed; ValueError (this state
        # left as it was) if its history does not follow what came before.
        v = msg["view"]
        h0 = msg["h0"]
        if h0 > len(self.history):
            raise ValueError("history gap")
        self.history = self.history[:h0] + msg["hist"]
        self.hn = msg["hn"]
        v["history"] = self.history
        self.v = v
        self.legal = msg["legal"]
        self.n = msg["n"]
        self.win = msg.get("winners") or []
        self.phase = v["phase"]
        self.trick = v["trick"]
        self.last_trick = v.get("last_trick")
        self.last_winner = v.get("last_winner")
        self.hands = v["hands"]
        self.why = msg.get("why") or []
        self.words = msg.get("words") or []

    def complete(self):
        return len(self.history) >= self.hn

    def view(self, seat=None):
        return self.v

    def legal_actions(self):
        return list(self.legal)

    def left_out(self):
        # The bids the rules leave out now, with the host engine's reasons
        # (state messages carry them while this seat bids).
        return [tuple(w) for w in self.why]

    def to_act(self):
        return self.v["to_act"]

    def is_over(self):
        return self.v["phase"] == "over"

    def winners(self):
        return list(self.win)

    def action_text(self, a):
        # The host engine's words for a where its game words a move its own
        # way (a state message sends them), else the words every game uses.
        for w in self.words:
            if w[0] == a:
                return w[1]
        from engine.actions import action_text
        return action_text(a)


class RemoteSession:
    # The Session face of a joined table: one human seat (this one).
    resumed = False          # (the host continues a saved game; a joiner starts afresh)

    def __init__(self, state, seat, players, game, seed):
        self.state = state
        self.seat = seat
        self.players = players
        self.game = game
        self.face = faces.of(game)     # the game's own words and keys (ui.faces)
        self.seed = seed
        self.seats = ["bot"] * players
        self.seats[seat] = "human"
        self.levels = [2] * players
        self.names = ["P%d" % (s + 1) for s in range(players)]
        self.names[seat] = "You"

    def humans(self):
        return [self.seat]

    def is_human(self, seat):
        return seat == self.seat

    def to_act(self):
        return self.state.to_act()
