# Nomination Whist ("Nommie"), locked rules (docs/rules/nommie.md).
#
# 4 players, 26 rounds with hand sizes 13..2, 2, 2, 2, 3..13. Bidding starts
# left of the dealer, the dealer bids last and may not make the bids total the
# hand size (the hook). Nobody bids 0 more than three rounds in a row. The
# highest bid (ties: earliest bidder) chooses trump or No Trumps; left of the
# dealer leads; follow suit. +1 a trick, +10 for an exact bid. Highest total
# after round 26 wins; ties are joint winners.
#
# Rulings (docs/design.md): first dealer seat 0 unless option first_dealer; the
# zero rule counts consecutive 0-bids per player across rounds.
from engine.actions import BID, TRUMP
from engine.cards import SUIT_NAMES
from engine.state import TrickGame

SCHEDULE = (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2,
            3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
MAX_ZEROS = 3


def round_points(bid, taken):
    # A seat's round score: +1 a trick, +10 for taking exactly its bid.
    return taken + (10 if taken == bid else 0)


def hook(hand_size, bids):
    # The bid the dealer may not make: the one that makes the bids total the hand size.
    return hand_size - sum([b for b in bids if b is not None])


def highest_bidder(dealer, bids):
    # The seat with the highest bid; ties go to the earliest bidder (left of dealer first).
    best = None
    for i in range(1, 5):
        s = (dealer + i) % 4
        if best is None or bids[s] > bids[best]:
            best = s
    return best


# Nomination Whist's state (engine.options.make makes it, by its registration in
# engine.catalog: the id and the player count come from there)
class Game(TrickGame):
    LOG_ROOM = 880  # actions in a typical whole game

    def setup(self):
        self.zero_streak = [0] * 4
        self.declarer = None
        self.start_round()

    def total_rounds(self):
        return len(SCHEDULE)

    def hand_size(self):
        return SCHEDULE[self.round] if self.round < len(SCHEDULE) else 0

    def start_round(self):
        self.new_round_fields()
        self.dealer = (self.options["first_dealer"] + self.round) % 4
        self.deal(self.hand_size())
        self.trump = None
        self.declarer = None
        self.phase = "bid"
        self.turn = (self.dealer + 1) % 4
        self.leader = self.turn

    def choices(self):
        # Bids 0 (1 after three 0-bids running) to the hand size, the dealer's
        # hook left out; trump.
        if self.phase == "bid":
            hs = SCHEDULE[self.round]
            seat = self.turn
            low = BID + 1 if self.zero_streak[seat] >= MAX_ZEROS else BID
            out = list(range(low, BID + hs + 1))
            if seat == self.dealer:
                h = BID + hook(hs, self.bids)
                if h in out:
                    out.remove(h)
            return out
        if self.phase == "trump":
            return list(range(TRUMP, TRUMP + 5))
        return []

    def explain(self, a):
        seat = self.turn
        if self.phase == "bid":
            n = a - BID
            hs = self.hand_size()
            if n > hs:
                return "Bids go from 0 to %d this round." % hs
            if n == 0 and self.zero_streak[seat] >= MAX_ZEROS:
                return "Three rounds at 0 in a row: bid at least 1."
            if seat == self.dealer:
                return ("The dealer may not bid %d: the bids would total %d, the hand size."
                        % (n, hs))
        if self.phase == "play":
            return "You must follow suit: play a %s." % SUIT_NAMES[self.trick[0][1] // 13][:-1]
        return None

    def do(self, a):
        if self.phase == "bid":
            self.bids[self.turn] = a - BID
            if self.turn != self.dealer:
                self.turn = (self.turn + 1) % 4
                return
            self.declarer = highest_bidder(self.dealer, self.bids)
            self.turn = self.declarer
            self.phase = "trump"
        elif self.phase == "trump":
            self.trump = a - TRUMP
            self.phase = "play"
            self.turn = self.leader

    def trick_done(self, winner):
        # The round's last trick: score it, then the next round or the end.
        points = [round_points(self.bids[s], self.tricks[s]) for s in range(4)]
        for s in range(4):
            self.zero_streak[s] = self.zero_streak[s] + 1 if self.bids[s] == 0 else 0
        self.end_round(points)
        self.round += 1
        if self.round == len(SCHEDULE):
            self.phase = "over"
            self.turn = -1
        else:
            self.start_round()

    def extra_view(self, v, seat):
        v["zero_streak"] = list(self.zero_streak)
        v["declarer"] = self.declarer
