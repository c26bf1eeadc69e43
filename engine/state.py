# The base of every game state: the contract of docs/design.md in one place.
#
# A game's rules module subclasses it as Game (engine.options.make builds one
# with the game's id, its GAME, and the player count the registration allows)
# and implements `setup()` (deal the first round),
# `choices()` (the legal actions outside the play phase), `do(a)` (carry out
# a legal action outside the play phase) and, where it needs, `explain(a)`
# (why an action is illegal), `extra_view(v, seat)`, `winners()`,
# `trick_done(winner)`. Playing a card lives here, in `apply()`: the seat to
# act must follow suit if able (FOLLOW; Linger turns it off, Call Break
# overrides `legal_actions()` with its forced play). `apply` validates before
# anything changes, so an illegal action never leaves a half-changed state.
# Everything else a game needs (the action log, saving and rewinding by replay,
# rewinding, trick play, round history) lives here.
from engine import IllegalAction
from engine.actions import BID, SAVE_VERSION, SHIFT, action_text, decode, is_bid
from engine.rng import Rng
from engine.tricks import split

# view["plays"]: every card played this round, in order, as
# card | seat << 6 | LEAD (when it led its trick): public knowledge for bots.
LEAD = 512
# The split (engine/tricks.py) of no hand: a seat's split is rebuilt when its
# last item is not the hand the seat holds (a new list, or none yet).
NOSPLIT = (None, None, None, None, None)


class TrickGame:
    SCORE_SCALE = 1  # scores are stored as integers: shown value = score / SCORE_SCALE
    # Room for this many actions is taken for the log when a game starts, while
    # the heap is still whole: a log that grew a byte at a time would need a
    # new, ever larger free block late in the game, when the heap is
    # fragmented (it still grows past this if a game runs longer).
    LOG_ROOM = 64
    FOLLOW = True  # must follow the led suit if able (Linger: legal_actions() is its own)
    EACH_TRICK = False  # trick_done() after every trick, not only a round's last


    def __init__(self, game, players, seed, options):
        self.GAME = game  # the registered id: saves and views carry it as "game"
        self.players = players
        self.deal_seed = seed
        self.options = options
        self._start()

    def _start(self):
        n = self.players
        self.rng = Rng(self.deal_seed)
        self.log = bytearray(self.LOG_ROOM)
        self.log[0:] = b""  # empty, but the room stays allocated
        self.hands = [[] for _ in range(n)]
        self.suits = [NOSPLIT] * n  # per seat: split(hand), kept as cards are played
        self.cache = None  # legal_actions() until the next apply()
        self.trick = []
        self.top = None  # the play winning the trick so far: (seat, card)
        self.plays = []
        self.last_trick = None
        self.last_winner = None
        self.tricks = [0] * n
        self.scores = [0] * n
        self.bids = [None] * n
        self.history = []
        self.round = 0
        self.dealer = self.options.get("first_dealer", 0) % n
        self.leader = None
        self.turn = -1
        self.trump = None
        self.phase = "play"
        self.size = n  # cards in a complete trick
        self.setup()

    # --- the contract -------------------------------------------------
    def legal_actions(self):
        # The legal actions, sorted, as a new list. apply() tests the next
        # action against the list kept here (self.cache) by membership.
        if self.phase != "play":
            legal = self.choices()
        else:
            seat = self.turn
            legal = self.hands[seat]
            trick = self.trick
            if trick:
                sp = self.suits[seat]
                if sp[4] is not legal:
                    sp = self.suits[seat] = split(legal)
                legal = self.playable(legal, sp, trick)
        self.cache = legal
        return legal[:]

    def playable(self, hand, sp, trick):
        # The cards of hand (sp: split by suit) that may follow trick: follow
        # suit when able (Call Break also has to head the trick).
        return sp[trick[0][1] // 13] or hand

    def apply(self, a):
        # Carry out action a (an int, or its text); IllegalAction changes nothing.
        # A card is tested by taking it out of the list legal_actions() kept.
        legal = self.cache
        if self.phase != "play":
            if legal is None or type(a) is not int or a not in legal:
                a = self.check(a)
            self.cache = None
            self.do(a)
            self.log.append(a + SHIFT[a // BID])  # encode(a)
            return
        if legal is None or type(a) is not int:
            a = self.check(a)
            legal = self.hands[self.turn]
        try:
            legal.remove(a)
        except ValueError:
            self.cache = None
            return self.apply(a)  # without the list: IllegalAction (or the list was stale)
        self.cache = None
        # Play card a for the seat to act; resolve the trick when it is complete.
        seat = self.turn
        hand = self.hands[seat]
        if legal is not hand:
            hand.remove(a)
        suit = a // 13
        sp = self.suits[seat]
        if sp[4] is hand:
            f = sp[suit]
            if f is not legal:
                f.remove(a)
        p = (seat, a)
        trick = self.trick
        if trick:
            self.plays.append(a | seat << 6)
            b = self.top[1]  # does a beat the best card so far?
            if suit == b // 13:
                if a > b:
                    self.top = p
            elif suit == self.trump:
                self.top = p
        else:
            self.plays.append(a | seat << 6 | LEAD)
            self.top = p
        trick.append(p)
        self.log.append(a)
        if len(trick) < self.size:
            s = (seat + 1) % self.players
            if not self.hands[s]:
                s = self.next_seat(seat)
            self.turn = s
            return
        w = self.top[0]  # the trick is complete
        self.tricks[w] += 1
        self.last_trick = trick
        self.last_winner = w
        self.trick = []
        self.turn = w
        self.leader = w
        if not self.hands[w] or self.EACH_TRICK:
            self.trick_done(w)

    def check(self, a):
        # Action a as an int when it is legal now, else IllegalAction.
        if type(a) is not int:
            if type(a) is str:
                a = self.parse_action(a)
            if type(a) is not int:
                raise IllegalAction("%r is not an action." % (a,))
        if not self.is_legal(a):
            if self.phase == "over":
                raise IllegalAction("The game is over.")
            raise IllegalAction(self.why_illegal(a))
        return a

    def is_legal(self, a):
        # Is action a (an int) in legal_actions()?
        return a in self.legal_actions()

    def action_text(self, a):
        return action_text(a)

    def parse_action(self, text):
        from engine.parse import parse_action
        return parse_action(text)

    def is_over(self):
        return self.phase == "over"

    def to_act(self):
        return -1 if self.phase == "over" else self.turn

    def winners(self):
        # Seats with the highest score (all of them when tied); [] until the end.
        if self.phase != "over":
            return []
        best = max(self.scores)
        return [s for s in range(self.players) if self.scores[s] == best]

    def actions(self):
        # The actions taken so far, in order (a list: journals and undo use self.log).
        return [decode(c) for c in self.log]

    def save(self, actions=True):
        # The save dict; save(False) leaves out the action list (a journal's
        # header: the codes of self.log are written apart, as they come).
        d = {"game": self.GAME, "version": SAVE_VERSION, "players": self.players,
             "seed": self.deal_seed, "options": dict(self.options)}
        if actions:
            d["actions"] = self.actions()
        return d

    def rewind(self, count):
        # Take back the last count actions by replaying the log's codes without
        # them (a copy of the bytes, not a list of actions).
        keep = self.log[:max(0, len(self.log) - count)]
        self._start()
        for c in keep:
            self.apply(decode(c))

    def view(self, seat=None):
        # What seat may know (None: everything), as a dict of plain values.
        n = self.players
        v = {
            "game": self.GAME, "players": n, "phase": self.phase,
            "to_act": self.to_act(), "round": self.round, "rounds": self.total_rounds(),
            "dealer": self.dealer, "leader": self.leader, "hand_size": self.hand_size(),
            "hands": [list(self.hands[s]) if seat is None or s == seat else None
                      for s in range(n)],
            "counts": [len(h) for h in self.hands],
            "trump": self.trump, "trick": [list(p) for p in self.trick],
            "last_trick": [list(p) for p in self.last_trick] if self.last_trick else None,
            "last_winner": self.last_winner, "bids": list(self.bids),
            "tricks": list(self.tricks), "scores": list(self.scores),
            "history": list(self.history), "seat": seat, "plays": list(self.plays),
            "score_scale": self.SCORE_SCALE,
        }
        self.extra_view(v, seat)
        return v

    # --- for subclasses -----------------------------------------------
    def setup(self):
        raise NotImplementedError

    def choices(self):
        # The legal actions outside the play phase (a list apply() may keep).
        return []

    def do(self, a):
        raise NotImplementedError

    def total_rounds(self):
        return None

    def hand_size(self):
        return None

    def extra_view(self, v, seat):
        pass

    def explain(self, a):
        # A game's own reason why legal-looking action a is illegal, or None.
        return None

    def left_out(self):
        # [(bid action, the game's reason)] for each bid from 0 to the hand's
        # size that the rules leave out now (none outside a bid): the bid
        # picker's reasons, which a link host sends its joiners
        # (ui.link.state answers with them).
        out = []
        legal = self.legal_actions()
        if not [a for a in legal if is_bid(a)]:
            return out
        for n in range((self.hand_size() or 13) + 1):
            t = None if BID + n in legal else self.explain(BID + n)
            if t:
                out.append((BID + n, t))
        return out

    def why_illegal(self, a):
        # Messages live in engine/explain.py, loaded only when a move is refused.
        from engine.explain import why_illegal
        return why_illegal(self, a)

    # --- shared trick play ----------------------------------------------
    def next_seat(self, seat):
        return (seat + 1) % self.players

    def trick_done(self, winner):
        # After a round's last trick (its winner holds no cards), or after
        # every trick with EACH_TRICK; winner already leads the next one.
        pass

    def deal(self, size, hands=None):
        # Shuffle a fresh deck and deal size cards to each of hands; return the rest.
        deck = self.rng.shuffle(list(range(52)))
        hands = self.players if hands is None else hands
        for s in range(hands):
            h = deck[s * size:(s + 1) * size]
            h.sort()
            self.hands[s] = h
            if self.FOLLOW:
                self.suits[s] = split(h)
        return deck[hands * size:]

    def end_round(self, points):
        # Add points to the scores and record the round in history. The round's
        # own lists go into it (no copies: a board's heap keeps every round of a
        # game): new_round_fields() makes the next round's.
        for s in range(self.players):
            self.scores[s] += points[s]
        self.history.append({"bids": self.bids, "tricks": self.tricks, "points": points})

    def new_round_fields(self):
        n = self.players
        self.trick = []
        self.plays = []
        self.tricks = [0] * n
        self.bids = [None] * n

