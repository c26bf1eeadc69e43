# The table screen's logic: whose turn, the human's decision, bots, pauses.
#
# Plain Python: it prepares the fields its view draws (header, seats, trick,
# hand, panel, prompt) and decides what each key does. Only the seat that is to
# act (after the pass-and-play curtain) ever has its cards in those fields.

from engine import IllegalAction
from hal import keys as K
from ui import fmt
from ui.screen import Screen, wrap

PLAY_PHASES = ("play",)
TITLE_WORDS = {"bid": "Your bid", "contract": "Your contract", "trump": "Choose trump",
               "trump_bid": "Bid for trump", "swap": "Swap or keep?"}


def panel_cols(cols):
    # Characters per line in the centre panel (the side seats take 5 + a margin each).
    return max(8, cols - 12)


class Table(Screen):
    kind = "table"

    def __init__(self, session):
        Screen.__init__(self)
        self.session = session
        self.now = 0
        self.hold_until = 0
        self.round_hold = False    # last trick of a round on show: hide the new hand
        self.rounds_seen = len(session.state.view(None)["history"])
        self.pending_round = False
        self.finished = False
        self.last_human = None
        self.pov = session.humans()[0] if session.humans() else 0
        self.cursor = 0
        self.chosen = []           # Frisch: cards picked to give
        self.pick = 0              # picker index into self.options
        self.options = []
        self.dec_seat = -1         # the prepared decision: seat, and self.acts then
        self.dec_acts = -1         # (two ints: compared every tick without allocating)
        self.acts = 0              # actions taken through this screen (or undone)
        self.message = ""
        # view fields
        self.header = ""
        self.trump_text = ""
        self.seat_lines = []
        self.active_pos = -1
        self.trick = []
        self.hand = []
        self.legal = []
        self.marked = []
        self.backs = 0
        self.show_cursor = False
        self.panel = None
        self.prompt = ""
        self.version = 0           # bumped when the fields change

    # --- helpers ---------------------------------------------------------
    def state(self):
        return self.session.state

    def view_all(self):
        return self.session.state.view(None)

    def shown_seat(self):
        # The seat whose cards may be on screen now, or None.
        humans = self.session.humans()
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        seat = self.state().to_act()
        if seat in humans and seat == self.last_human and not self.pending_round:
            return seat
        return None

    def needs_curtain(self, seat):
        humans = self.session.humans()
        return len(humans) >= 2 and seat in humans and seat != self.last_human

    def names(self):
        return self.session.names

    def decided(self, seat):
        # True when the decision for seat is set up and nothing happened since.
        return self.dec_seat == seat and self.dec_acts == self.acts

    # --- screen protocol ---------------------------------------------------
    def enter(self, app):
        Screen.enter(self, app)
        humans = self.session.humans()
        if len(humans) == 1:
            self.last_human = humans[0]
        self.update_fields()

    def resume(self):
        self.update_fields()

    def busy(self):
        if self.finished:
            return False
        if self.hold_until or self.pending_round or self.state().is_over():
            return True
        seat = self.state().to_act()
        if not self.session.is_human(seat):
            return True
        if self.needs_curtain(seat):
            return True
        return not self.decided(seat)   # tick still has to set up (or autoplay)

    def autoplay_card(self, v):
        st = self.state()
        if not self.app.settings.get("autoplay"):
            return None
        if v["phase"] not in PLAY_PHASES:
            return None
        legal = st.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def tick(self, now):
        self.now = now
        if self.finished:
            return None
        if self.hold_until:
            if now < self.hold_until:
                return self.hold_until - now
            self.hold_until = 0
            self.round_hold = False
            self.update_fields()
        if self.pending_round:
            self.pending_round = False
            self.update_fields()
            if not self.state().is_over():   # the last round goes straight to game over
                from ui.between import RoundSummary
                self.app.push(RoundSummary(self))
                return None
        st = self.state()
        if st.is_over():
            self.finish()
            return None
        seat = st.to_act()
        if not self.session.is_human(seat):
            self.act(self.session.bot_action(), seat)
            return self.hold_until - now if self.hold_until else 0
        if self.needs_curtain(seat):
            from ui.between import Curtain
            self.app.push(Curtain(self, seat))
            return None
        if self.decided(seat):
            return None          # waiting for the human: nothing to recompute
        v = st.view(None)             # one view for the checks and the fields
        a = self.autoplay_card(v)
        if a is not None:
            self.act(a, seat)
            return self.hold_until - now if self.hold_until else 0
        self.prepare(v)
        self.update_fields(v)
        self.app.beep(880, 60)       # your turn
        return None

    def finish(self):
        # Game over: record results once, drop the save, show the result screen.
        self.finished = True
        st = self.state()
        winners = st.winners()
        try:
            for s in self.session.humans():
                self.app.store.record_result(self.session.game, list(self.session.levels),
                                             s in winners, st.view(None)["scores"][s])
            self.app.store.clear_game()
        except (OSError, ValueError):
            pass
        self.update_fields()
        from ui.between import GameOver
        self.app.push(GameOver(self))

    def curtain_passed(self, seat):
        self.last_human = seat
        self.pov = seat
        self.dec_seat = -1
        self.update_fields()

    def after_undo(self, ok):
        v = self.view_all()
        self.rounds_seen = len(v["history"])
        self.hold_until = 0
        self.pending_round = False
        self.round_hold = False
        self.finished = False
        self.dec_seat = -1
        self.acts += 1
        self.chosen = []
        self.message = "Taken back." if ok else "Nothing to take back."
        if ok:
            self.autosave()
        self.update_fields()

    def seats_changed(self):
        humans = self.session.humans()
        if len(humans) == 1:
            self.last_human = humans[0]
        elif self.last_human not in humans:
            self.last_human = None
        self.dec_seat = -1
        self.autosave()
        self.update_fields()

    # --- doing things --------------------------------------------------------
    def act(self, a, seat):
        # Apply one action for seat; on success pause, autosave and note round ends.
        st = self.state()
        # Cheap facts instead of two full views per action: every game is an
        # engine.state.TrickGame, whose trick, last_trick (the finished trick's
        # own list), last_winner and history the UI only reads.
        last = st.last_trick
        try:
            self.session.apply(a)
        except IllegalAction as e:
            self.message = str(e)
            self.update_fields()
            return False
        pause = self.app.speed_ms()
        self.message = ""
        trick_done = st.last_trick is not None and st.last_trick is not last and not st.trick
        if trick_done:
            pause = pause * 2 + 300
            w = st.last_winner
            if w is not None and 0 <= w < len(self.names()):
                self.message = "%s won the trick" % self.names()[w]
                if self.session.is_human(w):
                    self.app.beep(990, 70)
        save = self.session.is_human(seat) or trick_done
        if len(st.history) > self.rounds_seen:
            self.rounds_seen = len(st.history)
            self.pending_round = True
            self.round_hold = True
            save = True
            self.app.beep(523, 180)  # round over: a low, longer tone
        self.hold_until = self.now + max(1, pause)
        self.acts += 1
        self.dec_seat = -1
        self.chosen = []
        if save:
            # after each human decision and each completed trick: bots are
            # deterministic, so moves in between replay exactly on Continue
            self.autosave()
        self.update_fields()
        return True

    def autosave(self):
        if self.state().is_over():
            return
        try:
            note = self.app.store.save_game(self.session.record())
        except (OSError, ValueError) as e:
            note = "Could not save: %s" % e
        if note:
            self.app.notice = note
            self.message = note

    def prepare(self, v=None):
        # Set up the picker or the hand cursor for the human to act (once per decision).
        st = self.state()
        v = v or st.view(None)
        seat = v["to_act"]
        if self.decided(seat):
            return
        self.dec_seat = seat
        self.dec_acts = self.acts
        legal = st.legal_actions()
        self.options = [a for a in legal if a >= 52]
        if v["phase"] == "trump_bid" and 400 in self.options:
            self.options.remove(400)
            self.options.insert(0, 400)
        self.pick = 1 if (self.options and self.options[0] == 400 and len(self.options) > 1) else 0
        if v["phase"] == "swap" and 402 in self.options:
            self.pick = self.options.index(402)
        cards = [a for a in legal if a < 52]
        hand = v["hands"][seat] or []
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        if cards and hand and hand[self.cursor] not in cards:
            self.cursor = hand.index(cards[0])

    # --- keys ------------------------------------------------------------------
    def key(self, k):
        self.message = ""
        if k == K.START:
            from ui.pause import Pause
            self.app.push(Pause(self))
            return
        if k == K.SELECT:
            from ui import sheet
            sheet.show(self)
            return
        if self.finished:
            return
        st = self.state()
        seat = st.to_act()
        if self.hold_until:
            if k == K.A:
                self.hold_until = self.now   # skip the pause
            return
        if not self.session.is_human(seat):
            return
        if self.shown_seat() != seat:
            return
        v = st.view(None)
        self.prepare(v)
        phase = v["phase"]
        acts = self.acts
        if phase in ("play", "frisch"):
            self.hand_key(k, seat, phase)
        else:
            self.picker_key(k, seat, phase)
        self.update_fields(v if self.acts == acts else None)   # the same view if nothing was played

    def hand_key(self, k, seat, phase):
        hand = self.hand
        if not hand:
            return
        if k == K.LEFT:
            self.cursor = (self.cursor - 1) % len(hand)
        elif k == K.RIGHT:
            self.cursor = (self.cursor + 1) % len(hand)
        elif k == K.B and phase == "frisch" and self.chosen:
            self.chosen.pop()
        elif k == K.A and phase == "play":
            self.act(hand[self.cursor], seat)
        elif k == K.A and phase == "frisch":
            self.frisch_key(seat)

    def frisch_need(self, v=None):
        # Cards the seat to act still has to choose (some may be chosen before a reload).
        st = self.state()
        seat = st.to_act()
        got = (v or st.view(seat)).get("frisch_chosen") if seat >= 0 else None
        done = len(got[seat] or []) if got else 0
        return max(1, 3 - done)

    def frisch_key(self, seat):
        # A marks or unmarks a card; with all chosen, A gives them (B unmarks the last).
        if len(self.chosen) >= self.frisch_need():
            self.give_chosen(seat)
            return
        c = self.hand[self.cursor]
        if c in self.chosen:
            self.chosen.remove(c)
        elif c not in self.state().legal_actions():
            self.message = "You can't give %s." % fmt.card(c)
        else:
            self.chosen.append(c)

    def give_chosen(self, seat):
        # Frisch confirmed: give the chosen cards, one engine action each.
        chosen = list(self.chosen)
        st = self.state()
        for c in chosen:
            if st.to_act() != seat or st.view(None)["phase"] != "frisch":
                break
            if not self.act(c, seat):
                break
        self.chosen = []

    def picker_key(self, k, seat, phase):
        n = len(self.options)
        if not n:
            return
        if k in (K.LEFT, K.RIGHT):
            self.pick = (self.pick + (1 if k == K.RIGHT else -1)) % n
        elif k in (K.UP, K.DOWN):
            step = 5 if phase == "trump_bid" else 1
            self.pick = max(0, min(n - 1, self.pick + (step if k == K.UP else -step)))
        elif k == K.A:
            self.act(self.options[self.pick], seat)

    # --- the fields the view draws ---------------------------------------------
    def update_fields(self, v=None):
        # v: the current view(None) when the caller already has it.
        st = self.state()
        v = v or st.view(None)
        n = v["players"]
        names = self.names()
        shown = self.shown_seat()
        if shown is not None:
            self.pov = shown
        pov = self.pov % n
        scale = v.get("score_scale") or 1
        rounds = v.get("rounds")
        rnd = "R%d/%d" % (v["round"] + 1, rounds) if rounds else "R%d" % (v["round"] + 1)
        if v["phase"] == "over":
            rnd = "Game over"
        dealer = v.get("dealer")
        head = rnd
        if v["game"] == "linger":
            head = "Stock %d" % (v.get("stock") or 0)
        elif v.get("game_type") and v["phase"] == "play":
            head += " %s %d" % (v["game_type"], v.get("contract_sum") or 0)
        elif dealer is not None:
            head += " dealer " + names[dealer]
        self.header = head
        self.trump_text = "" if v["trump"] is None else "trump " + fmt.trump(v["trump"])
        to_act = v["to_act"]
        lines = []
        has_bids = False
        for b in v["bids"] or []:
            if b is not None:
                has_bids = True
        for i in range(n):
            s = (pov + i) % n
            lines.append((names[s], self.seat_stats(v, s, has_bids),
                          "" if v["game"] == "linger" else fmt.score(v["scores"][s], scale)))
        self.seat_lines = lines
        self.active_pos = (to_act - pov) % n if to_act >= 0 else -1
        trick = v["trick"]
        if not trick and self.hold_until and v["last_trick"]:
            trick = v["last_trick"]
        self.trick = [((p[0] - pov) % n, p[1]) for p in trick]
        # the hand: only the seat allowed to see it
        if shown is not None and not self.round_hold:
            hand = v["hands"][shown] or []     # only this seat's cards go on screen
            acting = to_act == shown and not self.hold_until
            legal = st.legal_actions() if acting else []
            self.hand = list(hand)
            self.backs = 0
            play = v["phase"] in ("play", "frisch")
            self.legal = [(c in legal) or not (acting and play) for c in hand]
            self.marked = [c in self.chosen for c in hand]
            self.show_cursor = acting and play and len(hand) > 0
            if self.hand:
                self.cursor = max(0, min(self.cursor, len(hand) - 1))
        else:
            self.hand = []
            self.legal = []
            self.marked = []
            self.backs = 0 if self.round_hold else v["counts"][pov]
            self.show_cursor = False
        self.panel = self.panel_lines(v, shown)
        self.prompt = self.prompt_text(v, shown)
        self.version += 1

    def seat_stats(self, v, s, has_bids):
        # The short middle line of a seat: bid and tricks, a call, swap, cards left.
        phase = v["phase"]
        if phase == "trump_bid" and v.get("trump_calls"):
            a = v["trump_calls"][s]
            return "-" if a is None else fmt.action(a)
        if phase == "swap" and v.get("swapped"):
            sw = v["swapped"][s]
            return "-" if sw is None else ("swap" if sw else "keep")
        if v["game"] == "linger":
            if s in (v.get("sitting_out") or []):
                return "out t%d" % v["tricks"][s]
            return "t%d c%d" % (v["tricks"][s], v["counts"][s])
        if has_bids or phase in ("bid", "contract"):
            return fmt.bid_tricks(v["bids"][s], v["tricks"][s])
        return "t%d" % v["tricks"][s]

    def prompt_text(self, v, shown):
        if self.message:
            return self.message
        names = self.names()
        seat = v["to_act"]
        if v["phase"] == "over":
            return "Game over"
        if self.hold_until:
            return ""
        if not self.session.is_human(seat):
            return "%s is thinking..." % names[seat]
        if shown != seat:
            return "%s to play" % names[seat]
        if v["phase"] == "play":
            return "Your turn: play a card"
        if v["phase"] == "frisch":
            if len(self.chosen) >= self.frisch_need(v):
                return "A: give them, B: change"
            return "Frisch: pick %d to pass" % self.frisch_need(v)
        return "LEFT/RIGHT choose, A ok"

    def panel_lines(self, v, shown):
        # Text for the centre of the table during a non-card decision.
        phase = v["phase"]
        seat = v["to_act"]
        cols = panel_cols(self.app.cols) if self.app else 14
        if phase == "frisch" and shown == seat:
            out = ["Frisch %d of 3" % ((v.get("frisch_count") or 0) + 1),
                   "To the left:", fmt.cards(self.chosen) if self.chosen else "-"]
            if len(self.chosen) >= self.frisch_need(v):
                out.append("A: give  B: change")
            return out
        if phase in ("play", "frisch", "over") or shown != seat or not self.options:
            return None
        if self.dec_seat != seat:
            return None
        title = TITLE_WORDS.get(phase, phase)
        if v["game"] == "callbreak" and phase == "bid":
            title = "Your call"
        out = [title]
        cur = self.options[self.pick % len(self.options)]
        out.append("< %s >" % fmt.action(cur))
        out += wrap(self.context(v, phase, seat), cols)
        return out

    def context(self, v, phase, seat):
        # Why values are missing, the high bid, the dummy: one short sentence.
        legal = self.options
        if phase in ("bid", "contract"):
            hs = v.get("hand_size") or 13
            low = v.get("min_bid") or 0
            missing = [n for n in range(0, hs + 1) if 100 + n not in legal]
            parts = []
            for n in missing:
                why = self.why_missing(v, phase, seat, n)
                if why:
                    parts.append(why)
            if not parts:
                return "Bid %d to %d" % (low, hs) if v["game"] != "callbreak" else "Call 1 to 8"
            return " ".join(parts)
        if phase == "trump_bid":
            hb = v.get("high_bid")
            if hb:
                return "High: %s" % self.bid_words(hb)
            return "Lowest bid %d" % (v.get("min_bid") or 5)
        if phase == "swap":
            # offers go dealer first, clockwise; a swap leaves the swapper's old
            # hand in the dummy, so the dummy is the latest swapper's old hand
            sw = v.get("swapped") or []
            last = None
            for i in range(len(sw)):
                s = (v["dealer"] + i) % len(sw)
                if sw[s]:
                    last = s
            kept = [self.names()[s] for s in range(len(sw)) if sw[s] is False]
            out = "Dummy: %d cards, unseen." % (v.get("dummy_count") or 13)
            if last is not None:
                who = self.names()[last]
                out = "The dummy is %s old hand." % ("your" if who == "You" else who + "'s")
            elif kept:
                out += " %s kept." % ", ".join(kept)
            return out
        if phase == "trump":
            return "Highest bid picks"
        return ""

    def bid_words(self, hb):
        if type(hb) is int:
            return fmt.action(hb)
        if type(hb) in (list, tuple) and len(hb) >= 3:   # [amount, suit, seat]
            return "%s %d %s" % (self.names()[hb[2]], hb[0], fmt.trump(hb[1]))
        return str(hb)

    def why_missing(self, v, phase, seat, n):
        # A short reason a bid value is not offered (None if simply out of range).
        game = v["game"]
        bids = [b for b in v["bids"] if b is not None]
        if game == "nommie":
            hs = v.get("hand_size") or 13
            if n == 0 and (v.get("zero_streak") or [0] * 4)[seat] >= 3:
                return "No 0: three zero bids in a row."
            if seat == v["dealer"] and sum(bids) + n == hs:
                return "No %d: dealer's hook (sum %d)" % (n, hs)
        elif game == "israeli":
            if len(bids) == v["players"] - 1 and sum(bids) + n == 13:
                return "No %d: total can't be 13" % n
            hb = v.get("high_bid")
            if hb and seat == hb[2] and n == hb[0] - 1:
                return "Min %d: your trump bid" % hb[0]
        return None
