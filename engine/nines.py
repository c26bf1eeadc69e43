# Nines (docs/rules/nines.md): three players race from 9 points down to 0.
#
# The deck is dealt in four hands of 13; the fourth, the dummy, belongs to
# nobody. Swap round: from the dealer clockwise each player once swaps their
# hand with the dummy as it is now (possibly a hand someone just gave up) or
# keeps. The dealer leads; follow suit; a void player plays anything. Trump
# by hand number: C, H, D, S, no trump, repeating. Book of 4: score += 4 -
# tricks. The game ends after the first hand in which a score reaches 0 or
# less; the lowest score wins, ties are joint winners.
#
# Interpretations (beyond docs/design.md's rulings):
# - Trump is known from the deal, so it is shown during the swap round.
# - What a seat may know of hidden hands: every hand is a packet of cards;
#   a seat knows each packet it has held (the one dealt to it, and the dummy
#   it took if it swapped). The view shows the dummy (`dummy`) and another
#   seat's remaining cards (`known_hands`) exactly when the packet now there
#   is one the viewer has held: a swapper sees the hand it gave up in the
#   dummy, or in the hand of a later swapper who took it. Nobody else ever
#   sees the dummy; it is not revealed after the hand.
# - The suits each seat has shown out of this hand (`voids`, bit s = suit s)
#   are public, like the cards played (the base view's `plays`): everyone at
#   the table saw them.
# - Option `start_score` (default 9, 1..99); `first_dealer` (0..2).
# - `round` counts hands played; it is the number of hands at the end.
#
from engine.actions import KEEP, SWAP
from engine.cards import SUIT_NAMES
from engine.state import LEAD, TrickGame

TRUMP_CYCLE = (0, 2, 1, 3, 4)  # clubs, hearts, diamonds, spades, no trump
BOOK = 4
DUMMY = 3  # packet number of the dealt dummy; seats hold packets 0-2 at the deal


# Nines's state (engine.options.make makes it, by its registration in
# engine.catalog: the id and the player count come from there)
class Game(TrickGame):
    LOG_ROOM = 384  # actions in a typical whole game

    def setup(self):
        self.scores = [self.options["start_score"]] * 3
        self.start_hand()

    def hand_size(self):
        return 13

    def start_hand(self):
        self.new_round_fields()
        self.dealer = (self.options["first_dealer"] + self.round) % 3
        self.dummy = self.deal(13)
        self.dummy.sort()
        self.trump = TRUMP_CYCLE[self.round % 5]
        self.swapped = [None] * 3
        self.packet = [0, 1, 2, DUMMY]  # packet now at seat 0, 1, 2 and the dummy
        self.seen = [1, 2, 4]  # per seat: bit p = has held packet p
        self.phase = "swap"
        self.turn = self.dealer
        self.leader = self.dealer

    def choices(self):
        return [SWAP, KEEP] if self.phase == "swap" else []

    def explain(self, a):
        if self.phase == "play":
            return "You must follow suit: play a %s." % SUIT_NAMES[self.trick[0][1] // 13][:-1]
        return None

    def do(self, a):
        # The swap round (cards are played by TrickGame.apply).
        seat = self.turn
        self.swapped[seat] = a == SWAP
        if a == SWAP:
            self.hands[seat], self.dummy = self.dummy, self.hands[seat]
            p = self.packet
            p[seat], p[DUMMY] = p[DUMMY], p[seat]
            self.seen[seat] |= 1 << p[seat]
        if seat == (self.dealer + 2) % 3:
            self.phase = "play"
            self.turn = self.dealer
        else:
            self.turn = (seat + 1) % 3

    def trick_done(self, winner):
        # The hand's last trick: score it, then the next hand or the end.
        self.end_round([BOOK - t for t in self.tricks])
        self.history[-1]["swapped"] = list(self.swapped)
        self.round += 1
        if min(self.scores) <= 0:
            self.phase = "over"
            self.turn = -1
        else:
            self.start_hand()

    def winners(self):
        # The lowest score wins; all seats tied on it are joint winners.
        if self.phase != "over":
            return []
        best = min(self.scores)
        return [s for s in range(3) if self.scores[s] == best]

    def knows(self, seat, where):
        # May seat see the cards at where (a seat 0-2, or DUMMY)?
        if seat is None:
            return True
        if not 0 <= seat < 3:
            return False  # not a seat at the table (to_act() is -1 once the game is over)
        return seat == where or bool(self.seen[seat] & (1 << self.packet[where]))

    def extra_view(self, v, seat):
        v["dummy_count"] = len(self.dummy)
        v["dummy"] = list(self.dummy) if self.knows(seat, DUMMY) else None
        known = []
        for s in range(3):
            h = v["hands"][s]  # the viewer's own hand (all of them for seat None)
            if h is None and self.knows(seat, s):
                h = list(self.hands[s])
            known.append(h)
        v["known_hands"] = known
        v["swapped"] = list(self.swapped)
        voids = [0, 0, 0]  # from the plays: a card off the led suit shows a void
        led = 0
        for x in self.plays:
            if x & LEAD:
                led = x % 64 // 13
            elif x % 64 // 13 != led:
                voids[x >> 6 & 3] |= 1 << led
        v["voids"] = voids
        v["start_score"] = self.options["start_score"]
