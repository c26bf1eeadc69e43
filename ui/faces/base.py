# The part of a game's face every game shares (ui.faces): bids, tricks,
# scores, a header with the round and the dealer. A game's own face
# (ui/faces/<id>.py) subclasses Face and says what only it has. Words only
# the console or game over ask for are hooks a face may have and the asker
# does without: expected(state, legal) (the console's sentence, else by the
# moves' kind), status(v) and lines(v, names, seat, text) (the console's
# table), outcome(view, names) (how a game ended: (a draw?, the rule's
# lines, whether the final scores are listed)).
from engine.actions import BID
from ui import fmt


class Face:
    # The picker's title for a decision, by phase (a game's own phases add theirs).
    TITLES = {"bid": "Your bid"}
    BID = "bid"         # what a bid is called ("call": Call Break)
    # the phase in which each seat picks cards to pass (Israeli's Frisch): a
    # game with one has need(v) (the cards the seat to act still has to
    # pick), chosen(v, seat) (those it picked) and passes(v) (its words as
    # the phase starts)
    PASSING = None
    STEPS = None        # the phase whose UP/DOWN step the picker (step(opts, pick, up))
    # what every front end says when the same round is dealt again (a game
    # that can redeal has redeals(state): how many times so far)
    REDEALT = None
    SCORES = True       # the seats show scores (a game without points: False)
    TRICKS_KNOWN = True     # a round's tricks are its hand size (draws make it open: False)
    # the game's own view keys for a link joiner's check (ui.link.check's codes)
    KEYS = {}
    PHASES = ()         # the game's own phases, beside "bid", "play" and "over"
    BIDDING = ("bid",)  # the phases whose decision is a bid (a number of tricks)

    def title(self, v):
        # "Your bid", "Choose trump": what the picker asks in v's phase.
        return self.TITLES.get(v["phase"], v["phase"])

    def header(self, v, names):
        # "R3/19 dealer Bob", "Game over".
        if v["phase"] == "over":
            head = "Game over"
        elif v.get("rounds"):
            head = "R%d/%d" % (v["round"] + 1, v["rounds"])
        else:
            head = "R%d" % (v["round"] + 1)
        if v.get("dealer") is not None:
            return head + " dealer " + names[v["dealer"]]
        return head

    def trump_text(self, v):
        # The header's right end: "trump ♠".
        return "" if v["trump"] is None else "trump " + fmt.trump(v["trump"])

    def stats(self, v, s):
        # A seat's words under its name: ["bid 3", "won 1"].
        won = "won %d" % v["tricks"][s]
        b = v["bids"][s] if v["bids"] else None
        if b is not None:
            return ["%s %d" % (self.BID, b), won]
        return [won] if v["phase"] in ("play", "over") else []

    def card_phase(self, phase):
        # Whether the decision in phase is a card from the hand.
        return phase == "play" or phase == self.PASSING

    def prompt(self, t, v, shown):
        # The prompt in the game's own phases (None: the table's own words).
        return None

    def panel(self, t, v, shown, cols):
        # The centre panel (cols characters wide) in the game's own phases
        # (None: the picker's).
        return None

    def reasons(self, table, v, seat):
        # Ways to say why the picker offers what it does in the game's own
        # phases, longest first (ui.table.panel's fit): lists of sentences.
        return [[]]

    def known(self, table, pov, names, cols):
        # The table's line of what pov knows of others' hands ("" for none).
        return ""

    def moves(self, v):
        # The round's moves other than cards that the view shows, a list per
        # kind (bids, trump calls...), each per seat: an action or None.
        return [[None if b is None else BID + b for b in v.get("bids") or ()]]

    def reason(self, v, a):
        # Why level 3's choice a (not a card, nor a bid) suits: None for the shared words.
        return None
