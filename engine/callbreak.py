# Call Break (docs/rules/callbreak.md): 4 players, 5 rounds, calls 1-8, spades trump.
# Each player calls 1-8 tricks, clockwise from left of the dealer, who also
# leads the first trick; the trick winner leads the next. Spades are always
# trump. Forced play, in order: a winning card of the led suit, else any card
# of it, else a winning spade (one that beats the best card so far), else
# anything. Scores are stored in tenths (SCORE_SCALE 10): under the call
# -10*call, otherwise 10*call + 1 per extra trick. Highest total after round 5
# wins (ties are joint winners).
#
# Rulings (docs/design.md): round 1 dealer seat 0 (option first_dealer), the dealer
# rotates clockwise. Option eight_wins (default True): the trick that gives a
# player their 8th trick of a round ends the game at once, that player the
# only winner.
# Interpretations beyond the rulings:
# - The round cut short by an 8-trick win is not scored and not added to
#   history: the rules score a round by its final trick counts, which the
#   unplayed tricks could still change. `scores` stay at the last complete
#   round; view key `eight_winner` names the winner (None otherwise).
# - With eight_wins off, 8 or more tricks simply score as an over-call.
# - A spade led: a higher spade if you have one, else any spade; a player
#   with no spades may then play anything (rule 3 cannot apply).
# - Void with spades that are all lower than a spade already in the trick:
#   rule 4 applies, any card (a low spade included).
from engine.actions import BID
from engine.cards import SUIT_NAMES, card_text
from engine.state import TrickGame
from engine.tricks import above, beats, split, winning_index  # noqa: F401 (beats: for callers)

SPADES = 3
ROUNDS = 5
MIN_CALL = 1
MAX_CALL = 8
EIGHT = 8
# Which forced-play rule applies (forced()).
ANY, WIN_LED, LED, WIN_SPADE = 0, 1, 2, 3


def points(call, won):
    # Round points in tenths: -call under, +call (+0.1 per extra trick) otherwise.
    if won < call:
        return -10 * call
    return 10 * call + won - call


def forced(hand, trick, sp=None, best=None):
    # (rule, cards): the forced-play rule that applies and the cards it allows,
    # hand itself or a list of sp = split(hand) (engine/tricks.py): not to be
    # changed. With sp, best is the card winning the trick so far.
    if not trick:
        return ANY, hand
    if sp is None:
        sp = split(hand)
        best = trick[winning_index(trick, SPADES)][1]
    follow = sp[trick[0][1] // 13]
    if follow:
        if follow[-1] > best and best // 13 == follow[0] // 13:
            return WIN_LED, above(follow, best)
        return LED, follow  # none wins (or the trick is ruffed)
    spades = sp[SPADES]
    if spades and spades[-1] > best:  # any spade beats a card of another suit
        return WIN_SPADE, above(spades, best)
    return ANY, hand


# Call Break's state (engine.options.make makes it, by its registration in
# engine.catalog: the id and the player count come from there)
class Game(TrickGame):
    LOG_ROOM = 288  # actions in a typical whole game
    SCORE_SCALE = 10
    EACH_TRICK = True

    def setup(self):
        self.trump = SPADES
        self.eight_winner = None
        self.start_round()

    def total_rounds(self):
        return ROUNDS

    def hand_size(self):
        return 13

    def start_round(self):
        self.new_round_fields()
        self.dealer = (self.options["first_dealer"] + self.round) % 4
        self.deal(13)
        self.phase = "bid"
        self.turn = (self.dealer + 1) % 4
        self.leader = self.turn

    def choices(self):
        return list(range(BID + MIN_CALL, BID + MAX_CALL + 1)) if self.phase == "bid" else []

    def playable(self, hand, sp, trick):
        # The forced play (forced()) once a trick is led.
        return forced(hand, trick, sp, self.top[1])[1]

    def action_text(self, a):
        if BID <= a < BID + 14:
            return "call %d" % (a - BID)
        return TrickGame.action_text(self, a)

    def explain(self, a):
        if self.phase == "bid":
            return "Calls go from %d to %d tricks." % (MIN_CALL, MAX_CALL)
        if self.phase != "play":
            return None
        rule, _ = forced(self.hands[self.turn], self.trick)
        led = SUIT_NAMES[self.trick[0][1] // 13]
        best = card_text(self.trick[winning_index(self.trick, SPADES)][1])
        if rule == WIN_LED:
            return "You must play a winning %s (higher than %s)." % (led[:-1], best)
        if rule == LED:
            return "You must follow suit: play a %s." % led[:-1]
        if rule == WIN_SPADE:
            if best[1] == "S":
                return "You must trump with a higher spade (above %s): you have no %s." % (
                    best, led)
            return "You must trump with a spade: you have no %s." % led
        return None

    def do(self, a):
        self.bids[self.turn] = a - BID
        self.turn = (self.turn + 1) % 4
        if self.turn == self.leader:
            self.phase = "play"

    def trick_done(self, winner):
        # After every trick (EACH_TRICK): the 8-trick win, the round's end.
        if self.options["eight_wins"] and self.tricks[winner] >= EIGHT:
            self.eight_winner = winner
            self.phase = "over"
            self.turn = -1
            return
        if self.hands[winner]:
            return
        self.end_round([points(self.bids[s], self.tricks[s]) for s in range(4)])
        self.round += 1
        if self.round == ROUNDS:
            self.phase = "over"
            self.turn = -1
        else:
            self.start_round()

    def winners(self):
        if self.eight_winner is not None:
            return [self.eight_winner]
        return TrickGame.winners(self)

    def extra_view(self, v, seat):
        v["calls"] = list(self.bids)
        v["eight_wins"] = self.options["eight_wins"]
        v["eight_winner"] = self.eight_winner
