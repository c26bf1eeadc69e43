# Linger Longer (Sift Smoke): the rules, see the comments.
# Linger Longer, also called Sift Smoke (docs/rules/linger.md): 2-5 players.
#
# Each player gets as many cards as there are players. The next card of the
# deck is shown: its suit is trump, and it is shuffled back into the stock.
# Any card may be played (there is no duty to follow suit). Highest trump, else
# highest card of the led suit, takes the trick; its winner scores a trick,
# draws one card from the stock while it lasts, and leads the next trick.
# Players without cards sit out, so a trick has one card from each player who
# held cards when it was led. After each trick (and the draw) the game ends
# when exactly one player still holds cards (they win, whatever the tricks) or
# nobody does (most tricks wins; a tie is a draw).
#
# Rulings (docs/design.md): no dealer; seat 0 leads the first trick; the revealed
# card is shuffled back into the stock; a trick winner left without cards
# passes the lead clockwise to the next player holding cards.
#
# Interpretations: the whole game is one round. `tricks` and `scores` both
# count the tricks won so far; at the end `history` gets one entry whose
# points are those tricks. Victory is binary and is not a score: `winners()`
# and the view's `result` tell it ("last_holder", "most_tricks" or "draw",
# None while playing). A winner always replaces the card played, so with the
# full deck the stock never runs out before the game ends: the most-tricks
# ending only happens with a shorter stock.
from engine.state import TrickGame


# Linger Longer's state (engine.options.make makes it, by its registration in
# engine.catalog: the id and the player count come from there)
class Game(TrickGame):
    FOLLOW = False  # any card may be played
    EACH_TRICK = True  # the winner draws

    def setup(self):
        n = self.players
        self.dealer = None
        rest = self.deal(n)
        self.trump_card = rest[0]
        self.trump = rest[0] // 13
        self.stock = self.rng.shuffle(rest)  # drawn from the end
        self.result = None
        self.won = []
        self.size = n  # cards in the current trick
        self.turn = 0
        self.leader = 0

    def total_rounds(self):
        return 1

    def hand_size(self):
        return self.players

    def legal_actions(self):
        # Any card of the hand (TrickGame.apply() tests the next action against it).
        legal = self.cache = self.hands[self.turn] if self.phase == "play" else []
        return legal[:]

    def next_seat(self, seat):
        # The next seat clockwise that holds cards (players without cards sit out).
        n = self.players
        s = (seat + 1) % n
        while not self.hands[s] and s != seat:
            s = (s + 1) % n
        return s

    def trick_done(self, winner):
        self.scores[winner] += 1
        hand = self.hands[winner]
        if self.stock:
            hand.append(self.stock.pop())
            hand.sort()
        held = self.players - self.hands.count([])
        if held > 1:
            if not hand:
                self.leader = self.turn = self.next_seat(winner)
            self.size = held
            return
        holders = [s for s in range(self.players) if self.hands[s]]
        if holders:
            self.won, self.result = holders, "last_holder"
        else:
            best = max(self.tricks)
            self.won = [s for s in range(self.players) if self.tricks[s] == best]
            self.result = "draw" if len(self.won) > 1 else "most_tricks"
        self.history.append({"bids": list(self.bids), "tricks": list(self.tricks),
                             "points": list(self.tricks)})
        self.phase = "over"
        self.turn = -1

    def winners(self):
        return list(self.won)

    def extra_view(self, v, seat):
        v["stock"] = len(self.stock)
        v["trump_card"] = self.trump_card
        played = [p[0] for p in self.trick]
        v["sitting_out"] = [s for s in range(self.players)
                            if not self.hands[s] and s not in played]
        v["result"] = self.result
        v["winners"] = list(self.won)
