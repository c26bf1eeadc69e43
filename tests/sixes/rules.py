"""Sixes' rules (see this package's docstring): a TrickGame with a phase
of its own, "wager", taken with bid actions."""
from engine.actions import BID
from engine.state import TrickGame

SIZES = (8, 4)          # the rounds' hand sizes
EXACT = 3               # points for taking exactly the wager
MOST = 2                # the highest wager


class Game(TrickGame):
    def setup(self):
        self.start_round()

    def total_rounds(self):
        return len(SIZES)

    def hand_size(self):
        return SIZES[self.round] if self.round < len(SIZES) else 0

    def start_round(self):
        n = self.players
        self.new_round_fields()
        self.dealer = (self.options["first_dealer"] + self.round) % n
        self.deal(self.hand_size())
        self.phase = "wager"
        self.turn = (self.dealer + 1) % n
        self.leader = self.turn

    def choices(self):
        return list(range(BID, BID + MOST + 1)) if self.phase == "wager" else []

    def explain(self, a):
        if self.phase == "wager":
            return "Wager 0, 1 or 2 tricks."
        return None

    def do(self, a):
        self.bids[self.turn] = a - BID
        self.turn = (self.turn + 1) % self.players
        if None not in self.bids:
            self.phase = "play"
            self.turn = self.leader

    def trick_done(self, winner):
        n = self.players
        self.end_round([self.tricks[s] + (EXACT if self.tricks[s] == self.bids[s] else 0)
                        for s in range(n)])
        self.round += 1
        if self.round == len(SIZES):
            self.phase = "over"
            self.turn = -1
        else:
            self.start_round()

    def extra_view(self, v, seat):
        # its own view key: the wagers' total so far
        v["pot"] = sum([b for b in self.bids if b is not None])
