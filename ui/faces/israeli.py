# Israeli Whist's face (ui.faces): an auction for trump (bid a count of
# tricks and a suit, or pass), up to three Frisches of three cards passed to
# the left when all pass, then contracts; the contracts' sum makes an over
# or an under game.
from engine.actions import BID, PASS, is_trump_bid
from ui import fmt
from ui.faces import base
from ui.screen import wrap



class Face(base.Face):
    TITLES = {"bid": "Your bid", "contract": "Your contract", "trump_bid": "Bid for trump"}
    PHASES = ("trump_bid", "frisch", "contract")
    PASSING = "frisch"
    BIDDING = ("contract",)
    STEPS = "trump_bid"
    # after three Frisches nobody bid after, the same dealer deals again
    REDEALT = "No bid after 3 Frisches: dealt again"
    KEYS = {"frisch_chosen": "C", "trump_calls": "A", "high_bid": "h?", "min_bid": "m?"}

    def frisch(self, v):
        # "Frisch 2 of 3" (frisch_count: the Frisches done before this one;
        # 3 is engine.israeli.MAX_FRISCH, which a joiner's heap does not load).
        return "Frisch %d of 3" % ((v.get("frisch_count") or 0) + 1)

    def redeals(self, state):
        return state.redeals

    def passes(self, v):
        return "%s, each passes %d cards to the left" % (self.frisch(v), 3)

    def trump_text(self, v):
        # In the play, whether the contracts make an over or an under game: "♠ under".
        if v["trump"] is not None and v.get("game_type") and v["phase"] == "play":
            return fmt.trump(v["trump"]) + " " + v["game_type"]
        return base.Face.trump_text(self, v)

    def stats(self, v, s):
        if v["phase"] == "trump_bid" and v.get("trump_calls"):
            a = v["trump_calls"][s]
            return [] if a is None else [fmt.action(a)]
        return base.Face.stats(self, v, s)

    def status(self, v):
        out = []
        if v["phase"] == "trump_bid" and v.get("min_bid") is not None:
            out.append("min bid %s" % v["min_bid"])
        if v.get("game_type"):
            out.append("bids %s" % v["game_type"])
        if v["phase"] == "frisch":
            out.append(self.frisch(v))
        return out

    def need(self, v):
        seat = v["to_act"]
        got = v.get("frisch_chosen") if seat >= 0 else None
        return max(1, 3 - (len(got[seat] or []) if got else 0))

    def chosen(self, v, seat):
        chosen = v.get("frisch_chosen") if v["phase"] == "frisch" else None
        return (chosen[seat] or []) if chosen else []

    def prompt(self, t, v, shown):
        if v["phase"] != "frisch" or v["to_act"] != shown:
            return None
        left = self.need(v) - len(t.chosen)
        return "A: give them  B: take back" if left <= 0 else "Frisch: pick %d to pass" % left

    def panel(self, t, v, shown, cols):
        if v["phase"] != "frisch":
            return None
        if shown == v["to_act"]:
            return [self.frisch(v), "To the left:", fmt.cards(t.chosen) if t.chosen else "-"]
        # the others choose: a Frisch is under way
        return [self.frisch(v)] + wrap("Each passes %d cards to the left" % 3, cols)

    def reasons(self, table, v, seat):
        hb = v.get("high_bid")
        names = table.names()
        first = ("High: %s %d %s" % (names[hb[2]], hb[0], fmt.trump(hb[1])) if hb
                 else "Lowest bid %d" % (v.get("min_bid") or 5))
        if table.received and table.received[seat]:
            return [first, "Blue cards: passed to you"], [first, "Blue: received"]
        return [[first]]

    def step(self, opts, pick, up):
        # The auction (Pass first, then the bids in order): UP/DOWN a trick
        # at the same trump; a lower bid not allowed goes to the lowest bid,
        # then Pass; from Pass UP goes to the lowest bid. DOWN then UP comes back.
        a = opts[pick]
        low = min(1, len(opts) - 1)          # the lowest bid (opts[0] is Pass)
        if not is_trump_bid(a):
            return low if up else pick
        b = a + 5 if up else a - 5           # engine.actions.trump_bid: 5 a trick
        if b in opts:
            return opts.index(b)
        if up:
            return len(opts) - 1
        return low if pick > low else 0

    def expected(self, state, legal):
        if state.phase == "trump_bid":
            bids = [a for a in legal if is_trump_bid(a)]
            if not bids:
                return "Type pass."
            low = state.action_text(bids[0])
            return "Bid %s to 13 and a suit (C D H S NT), like '%s', or pass." % (
                low.split()[1], low)
        if state.phase == "frisch" and legal:
            return "Pick a card to pass, one at a time, like '%s'." % state.action_text(legal[0])
        return None

    def lines(self, v, names, seat, text):
        # What seat has picked to pass, or what it is to do.
        from engine.cards import card_text
        if v["phase"] != "frisch":
            return []
        picked = self.chosen(v, seat)
        left = 3 - len(picked)
        if picked:
            return ["Picked to pass: " + " ".join([card_text(c) for c in picked])
                    + (" (%d more)" % left if left else "")]
        if v["to_act"] == seat:
            return ["Pick %d cards to pass to %s." % (3, names[(seat + 1) % v["players"]])]
        return []

    def moves(self, v):
        return [v.get("trump_calls") or [],
                [None if b is None else BID + b for b in v.get("bids") or ()]]

    def reason(self, v, a):
        if v["phase"] == "frisch":
            return "pass it on"
        return "too weak to bid" if a == PASS else None
