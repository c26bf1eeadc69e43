# Israeli Whist (docs/rules/israeli.md): trump auction, Frisch, contracts, play.
#
# 4 players, 13 cards each, `rounds` deals (option, default 13), the dealer
# rotates clockwise. Trump auction from left of the dealer: bid a number
# (at least the minimum, 5) and a suit (C < D < H < S < NT) or pass; a pass
# does not eliminate a player; three passes in a row after a bid end it.
# Four passes with no bid: Frisch (each seat, left of the dealer first,
# chooses 3 cards for its left neighbour; they move when all have chosen)
# and the minimum rises 5 -> 6 -> 7 -> 8; after the third Frisch a round of
# passes makes the same dealer redeal with the minimum back at 5. Contracts
# from the trump winner (at least their trump bid) clockwise, 0-13 each; the
# last may not make them total 13 (over > 13 > under). The trump winner
# leads; follow suit. Highest total after the last deal wins (ties joint).
#
# Interpretations beyond docs/design.md's rulings:
# - Frisch cards stay in the chooser's hand (marked in the view as chosen,
#   only to that seat) until all four seats have chosen.
# - A redeal does not count as a deal: same round number, same dealer.
# - undo_trick() takes back the most recent trick that has at least one card
#   played (so a trick in progress, else the last completed one), restoring
#   the state to just before its first card. It also works right after the
#   deal's last trick (the scoring is undone) or the game's end, but not once
#   any action of a later phase has been taken, nor before any trick.
from engine import IllegalAction
from engine.actions import BID, PASS, TRUMP_BID, is_card
from engine.state import NOSPLIT, TrickGame

MIN_BID = 5
MAX_FRISCH = 3


def points(bid, won, over):
    # The score of one seat's deal (the rules' table).
    if bid >= 1:
        return bid * bid + 10 if won == bid else -10 * abs(won - bid)
    if won == 0:
        return 25 if over else 50
    return -50 + 10 * (won - 1)


# Israeli Whist's state (engine.options.make makes it, by its registration in
# engine.catalog: the id and the player count come from there)
class Game(TrickGame):
    LOG_ROOM = 896  # actions in a typical whole game

    def setup(self):
        self.start_deal()

    def total_rounds(self):
        return self.options["rounds"]

    def hand_size(self):
        return 13

    def start_deal(self, redeal=False):
        # Deal a round (or redeal it after three Frisches nobody bid after:
        # `redeals` counts them, for the screens to say so).
        self.redeals = self.redeals + 1 if redeal else 0
        self.new_round_fields()
        self.dealer = (self.options["first_dealer"] + self.round) % 4
        self.deal(13)
        self.trump = None
        self.leader = None
        self.frisch_count = 0
        self.chosen = None
        self.start_auction()

    def start_auction(self):
        self.phase = "trump_bid"
        self.high = None  # [amount, suit, seat]
        self.passes = 0
        self.calls = [None] * 4
        self.turn = (self.dealer + 1) % 4

    @property
    def min_bid(self):
        return MIN_BID + self.frisch_count

    @property
    def trick_start(self):
        # Where in the log the trick undo_trick() takes back starts: the trick
        # in progress, else the one just completed while no later action has
        # been taken (the deal's last trick: before the next deal's first call);
        # None otherwise.
        n = len(self.log)
        if self.trick:
            return n - len(self.trick)
        p = self.phase
        if p == "play" and self.plays or p == "over" or (
                p == "trump_bid" and n and is_card(self.log[-1]) and self.frisch_count == 0
                and self.calls == [None] * 4):
            return n - 4
        return None

    # --- legality -------------------------------------------------------
    def contract_sum(self):
        return sum([b for b in self.bids if b is not None])

    def choices(self):
        p = self.phase
        h = self.high  # [amount, suit, seat] of the highest trump bid
        if p == "trump_bid":
            # from the smallest bid that outbids the auction so far to 13 NT, and pass
            low = 5 * self.min_bid if h is None else 5 * h[0] + h[1] + 1
            out = list(range(TRUMP_BID + low, TRUMP_BID + 70))
            out.append(PASS)
            return out
        if p == "frisch":
            chosen = self.chosen[self.turn]
            return [c for c in self.hands[self.turn] if c not in chosen]
        if p == "contract":
            # 0-13 (the trump winner: at least its bid); the last may not make 13
            seat = self.turn
            out = list(range(BID + h[0] if seat == h[2] else BID, BID + 14))
            if seat == (h[2] + 3) % 4:
                hook = BID + 13 - self.contract_sum()
                if hook in out:
                    out.remove(hook)
            return out
        return []

    def explain(self, a):
        # The messages are in engine/israeli_explain.py, loaded only on a refusal.
        from engine.israeli_explain import explain
        return explain(self, a)

    # --- moves ----------------------------------------------------------
    def do(self, a):
        # The phases before play (TrickGame.apply plays cards).
        p = self.phase
        if p == "trump_bid":
            self.auction(a)
        elif p == "frisch":
            self.choose_frisch(a)
        else:
            self.bids[self.turn] = a - BID
            self.turn = (self.turn + 1) % 4
            if self.turn == self.high[2]:
                self.phase = "play"

    # --- the trump auction and Frisch -----------------------------------
    def auction(self, a):
        seat = self.turn
        self.calls[seat] = a
        self.turn = (seat + 1) % 4
        if a != PASS:
            self.high = [(a - TRUMP_BID) // 5, (a - TRUMP_BID) % 5, seat]
            self.passes = 0
            return
        self.passes += 1
        if self.high is not None and self.passes == 3:
            self.trump = self.high[1]
            self.leader = self.turn = self.high[2]
            self.phase = "contract"
        elif self.high is None and self.passes == 4:
            if self.frisch_count == MAX_FRISCH:
                self.start_deal(True)
            else:
                self.phase = "frisch"
                self.chosen = [[], [], [], []]

    def choose_frisch(self, card):
        seat = self.turn
        self.chosen[seat].append(card)
        if len(self.chosen[seat]) < 3:
            return
        self.turn = (seat + 1) % 4
        if self.turn != (self.dealer + 1) % 4:
            return
        for s in range(4):
            for c in self.chosen[s]:
                self.hands[s].remove(c)
        for s in range(4):
            self.hands[(s + 1) % 4].extend(self.chosen[s])
            self.hands[(s + 1) % 4].sort()
        self.suits = [NOSPLIT] * 4  # the hands changed in place
        self.chosen = None
        self.frisch_count += 1
        self.start_auction()

    def trick_done(self, winner):
        # The deal's last trick: score it, then the next deal or the end.
        over = self.contract_sum() > 13
        self.end_round([points(self.bids[s], self.tricks[s], over) for s in range(4)])
        self.round += 1
        if self.round == self.total_rounds():
            self.phase = "over"
            self.turn = -1
        else:
            self.start_deal()

    def undo_trick(self):
        # Take back the most recent trick with a card in it (see the docstring).
        if self.trick_start is None:
            raise IllegalAction("There is no trick to take back.")
        self.rewind(len(self.log) - self.trick_start)

    # --- view -----------------------------------------------------------
    def extra_view(self, v, seat):
        v["min_bid"] = self.min_bid
        v["frisch_count"] = self.frisch_count
        v["redeals"] = self.redeals
        v["high_bid"] = list(self.high) if self.high else None
        v["trump_calls"] = list(self.calls)
        v["contract_sum"] = self.contract_sum()
        done = self.phase in ("play", "over") and None not in self.bids
        v["game_type"] = (("over" if v["contract_sum"] > 13 else "under") if done else None)
        chosen = self.chosen if self.phase == "frisch" else None
        v["frisch_chosen"] = [list(chosen[s]) if chosen and (seat is None or seat == s)
                              else None for s in range(4)]
        v["can_undo"] = self.trick_start is not None
