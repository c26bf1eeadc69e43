# The table screen's logic: whose turn, the human's decision, bots, pauses.
#
# Plain Python: it prepares the fields its view draws (header, seats, trick,
# hand, panel, prompt) and decides what each key does. Only the seat that is to
# act (after the pass-and-play curtain) ever has its cards in those fields.

from engine import IllegalAction
from engine.actions import KEEP, PASS, is_card
from hal import keys as K
from ui import fmt
from ui.screen import Screen, wrap

PLAY_PHASES = ("play",)
TITLE_WORDS = {"bid": "Your bid", "contract": "Your contract", "trump": "Choose trump",
               "trump_bid": "Bid for trump", "swap": "Swap or keep?"}


def panel_cols(width):
    # Characters per line in the centre panel of a screen width pixels wide (the
    # side seats' labels take 6 characters and a margin each: 37 pixels).
    return max(8, (width - 76) // 6)


def panel_rows(height, lh):
    # Lines in the centre panel: between the top seat and the bottom seat's line.
    return max(2, (height - 17 - 2 * lh - 6 - 26) // lh)


def lines2(text, cols):
    # text in at most two lines of cols characters (a third is cut: callers keep it short)
    return "\n".join(wrap(text, cols)[:2])


class Table(Screen):
    kind = "table"
    pause_screen = "pause"       # what START and the game's end open (App.open)
    over_screen = "game_over"

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
        self.note = ""             # "Bo won the trick": shown while that trick stays up
        self.seen_until = 0        # a finished trick stays up at least until then
        self.received = None       # Israeli Frisch: the cards passed to each seat
        self.hint = None           # (action, reason) level 3 would choose here
        self.hinted = False        # a hint was asked for in this game (statistics)
        self.context_lines = []    # the picker's reasons (ui.panel), once per decision
        self.thinking = -1         # the bot seat shown deciding (drawn before it decides)
        self.ahead = []            # keys pressed while the human could not act, kept for its turn
        self.skip = False          # A pressed while a bot decided: cut the pause after its move
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
        self.known = ""            # Nines: the cards a swapper knows of another hand
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
        if len(humans) == 1:   # (hidden after a seat change until the curtain passes)
            return humans[0] if humans[0] == self.last_human else None
        seat = self.state().to_act()
        if seat in humans and seat == self.last_human and not self.pending_round:
            return seat
        return None

    def needs_curtain(self, seat):
        # The device passes to another person: pass-and-play, or a seat change
        # that leaves a different human to play than the one who had it.
        humans = self.session.humans()
        return seat in humans and seat != self.last_human and \
            (len(humans) >= 2 or self.last_human is not None)

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

    def round_break(self):
        # Once a round's last trick has been on show: its summary, or the end
        # of the game (the last round goes straight to game over). True when
        # the tick has nothing more to do.
        if self.pending_round:
            self.pending_round = False
            self.update_fields()
            if not self.state().is_over():
                self.app.open("round_summary", self)
                return True
        if self.state().is_over():
            self.finish()
            return True
        return False

    def tick(self, now):
        self.now = now
        if self.finished:
            return None
        fresh = False
        if self.hold_until:
            if now < self.hold_until:
                return self.hold_until - now
            self.hold_until = 0
            self.round_hold = False
            self.update_fields()
            fresh = True
        if self.round_break():
            return None
        st = self.state()
        seat = st.to_act()
        if not self.session.is_human(seat):
            if self.thinking != seat:
                # first draw the table with this seat highlighted and "thinking"
                # (a level-3 move takes a good part of a second on a board);
                # the next tick decides
                self.thinking = seat
                if not fresh:
                    self.update_fields()
                return 0
            a = self.session.bot_action()
            self.thinking = -1
            self.act(a, seat)
            if self.skip:
                self.skip = False
                self.hold_until = max(self.now, min(self.hold_until, self.seen_until))
            return self.hold_until - now if self.hold_until else 0
        if self.needs_curtain(seat):
            self.ahead = []    # typed by the previous player: not for the next one
            self.app.open("curtain", self, seat)
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
        keys, self.ahead = self.ahead, []
        for k in keys:               # pressed while bots were deciding
            self.key(k)
        return None

    def finish(self):
        # Game over: record results once, drop the save, show the result screen.
        self.finished = True
        st = self.state()
        winners = st.winners()
        try:
            bots = [self.session.levels[s] for s in range(self.session.players)
                    if not self.session.is_human(s)]
            for s in self.session.humans():   # (ui.prefs reads the hinted flag)
                self.app.store.record_result(self.session.game,
                                             {"bots": bots, "hinted": self.hinted},
                                             s in winners, st.view(None)["scores"][s])
            self.app.store.clear_game()
        except (OSError, ValueError):
            pass
        self.update_fields()
        self.app.open(self.over_screen, self)

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
        self.message = "Taken back." if ok else (self.session.why or "Nothing to take back.")
        if ok:
            self.autosave()
        self.update_fields()

    def seats_changed(self):
        # last_human stays the person who has the device (even as a bot seat's
        # now): a different human gets the curtain first
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
        frisch = None
        if st.phase == "frisch":      # remember the hands: the passed cards get marked
            frisch = [list(h) for h in st.hands]
        try:
            self.session.apply(a)
        except IllegalAction as e:
            from ui import refusal    # short reasons, loaded only for a refusal
            from engine.ondemand import forget
            self.message = refusal.text(st, a, str(e))
            forget("ui.refusal")
            self.update_fields()
            return False
        pause = self.app.speed_ms()
        self.message = self.note = ""
        self.hint = None
        if frisch is not None and st.phase != "frisch":
            self.received = [[c for c in st.hands[s] if c not in frisch[s]]
                             for s in range(len(frisch))]
        elif st.phase == "play" and self.received and not st.trick:
            self.received = None       # the first trick of the deal: marks go
        trick_done = st.last_trick is not None and st.last_trick is not last and not st.trick
        if trick_done:
            self.seen_until = self.now + pause   # A cannot skip the trick sooner
            pause = pause * 2 + 300
            w = st.last_winner
            if w is not None and 0 <= w < len(self.names()):
                self.note = "%s won the trick" % self.names()[w]
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
        self.options = [a for a in legal if not is_card(a)]
        if v["phase"] == "trump_bid" and PASS in self.options:
            self.options.remove(PASS)
            self.options.insert(0, PASS)
        self.pick = 1 if (self.options and self.options[0] == PASS and len(self.options) > 1) else 0
        if v["phase"] == "swap" and KEEP in self.options:
            self.pick = self.options.index(KEEP)
        cards = [a for a in legal if is_card(a)]
        hand = v["hands"][seat] or []
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        if cards and hand and v["phase"] == "play":
            self.cursor = hand.index(cards[0])    # each turn starts on the first legal card
        elif cards and hand and hand[self.cursor] not in cards:
            self.cursor = hand.index(cards[0])
        self.context_lines = []
        if self.options and v["phase"] != "frisch":
            from ui import panel      # why values are missing etc.: once per decision
            from engine.ondemand import forget
            self.context_lines = panel.context(self, v, v["phase"], seat)
            forget("ui.panel")

    # --- keys ------------------------------------------------------------------
    def key(self, k):
        self.message = ""
        if k == K.START:
            self.app.open(self.pause_screen, self)
            return
        if k == K.SELECT:
            self.app.open("score_sheet", self)
            return
        if self.finished:
            return
        st = self.state()
        seat = st.to_act()
        if self.hold_until:
            if k == K.A:                     # skip the pause, not the finished trick
                self.hold_until = max(self.now, min(self.hold_until, self.seen_until))
            elif len(self.ahead) < 8:
                self.ahead.append(k)         # kept for the human's turn
            return
        if not self.session.is_human(seat):
            if k == K.A:
                self.skip = True             # as A in the pause that follows the move
            elif len(self.ahead) < 8:
                self.ahead.append(k)
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
        if k in (K.LEFT, K.RIGHT):
            # to the next card that may be played (round the hand; chosen Frisch cards too)
            n = len(hand)
            i = self.cursor
            for _ in range(n):
                i = (i + (1 if k == K.RIGHT else -1)) % n
                if self.legal[i] or self.marked[i]:
                    self.cursor = i
                    break
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
        if k in (K.LEFT, K.RIGHT):     # stops at the ends: no wrap from Pass to 13 NT
            self.pick = max(0, min(n - 1, self.pick + (1 if k == K.RIGHT else -1)))
        elif k in (K.UP, K.DOWN):
            step = 5 if phase == "trump_bid" else 1
            self.pick = max(0, min(n - 1, self.pick + (step if k == K.UP else -step)))
        elif k == K.A:
            self.act(self.options[self.pick], seat)

    def show_hint(self, a, text):
        # Level 3's choice (ui.hint): the cursor or picker goes to it, the prompt says why.
        self.hint = (a, text)
        self.hinted = True
        if is_card(a) and a in self.hand:
            self.cursor = self.hand.index(a)
        elif a in self.options:
            self.pick = self.options.index(a)
        self.update_fields()

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
        for i in range(n):
            s = (pov + i) % n
            lines.append((names[s], self.seat_stats(v, s),
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
            got = self.received[shown] if self.received else ()
            self.marked = [c in self.chosen or c in got for c in hand]
            self.show_cursor = acting and play and len(hand) > 0
            if self.hand:
                self.cursor = max(0, min(self.cursor, len(hand) - 1))
        else:
            self.hand = []
            self.legal = []
            self.marked = []
            self.backs = 0 if self.round_hold else v["counts"][pov]
            self.show_cursor = False
        self.known = self.known_text(pov) if v["game"] == "nines" else ""
        self.panel = self.panel_lines(v, shown)
        cols = self.app.cols if self.app else 26
        self.prompt = lines2(self.prompt_text(v, shown), cols)
        self.version += 1

    def known_text(self, seat):
        # Nines: what this seat knows of another hand (its old hand, given up in a swap).
        v = self.state().view(seat)
        cs, who = v.get("dummy"), "Dummy"
        known = v.get("known_hands") or []
        for s in range(len(known)):
            if s != seat and known[s] is not None:
                cs, who = known[s], self.names()[s]
        if not cs:
            return ""
        out = []
        for suit in (3, 2, 1, 0):     # by suit, high first: "AK9♠ QJ♥"
            ranks = [fmt.RANKS[c % 13] for c in cs if c // 13 == suit]
            if ranks:
                ranks.reverse()
                out.append("".join(ranks) + fmt.SUIT_CHARS[suit])
        return lines2("%s: %s" % (who, " ".join(out)), self.app.cols if self.app else 26)

    def seat_stats(self, v, s):
        # A seat's words under its name: ["bid 3", "won 1"], a call, swap, cards left.
        phase = v["phase"]
        if phase == "trump_bid" and v.get("trump_calls"):
            a = v["trump_calls"][s]
            return [] if a is None else [fmt.action(a)]
        if phase == "swap" and v.get("swapped"):
            sw = v["swapped"][s]
            return [] if sw is None else ["swaps" if sw else "keeps"]
        won = "won %d" % v["tricks"][s]
        if v["game"] == "linger":
            if s in (v.get("sitting_out") or []):
                return [won, "out"]
            return [won, "%d left" % v["counts"][s]]
        b = v["bids"][s] if v["bids"] else None
        if b is not None:
            return ["bid %d" % b, won]
        return [won] if phase in ("play", "over") else []

    def prompt_text(self, v, shown):
        if self.message:
            return self.message
        if self.hint is not None:
            return self.hint[1]
        names = self.names()
        seat = v["to_act"]
        if v["phase"] == "over":
            return "Game over"
        if self.hold_until:
            return self.note
        if not self.session.is_human(seat):
            return "%s is thinking..." % names[seat]
        if shown != seat:
            return "%s to play" % names[seat]
        if v["phase"] == "play":
            return "Your turn" if v["trick"] else "Your lead"
        if v["phase"] == "frisch":
            if len(self.chosen) >= self.frisch_need(v):
                return "A: give them  B: take back"
            return "Frisch: pick %d to pass" % (self.frisch_need(v) - len(self.chosen))
        return "LEFT/RIGHT choose, A ok"

    def panel_lines(self, v, shown):
        # Text for the centre of the table during a non-card decision.
        phase = v["phase"]
        seat = v["to_act"]
        if phase == "frisch" and shown == seat:
            return ["Frisch %d of 3" % ((v.get("frisch_count") or 0) + 1),
                    "To the left:", fmt.cards(self.chosen) if self.chosen else "-"]
        if phase in ("play", "frisch", "over") or shown != seat or not self.options:
            return None
        if self.dec_seat != seat:
            return None
        title = TITLE_WORDS.get(phase, phase)
        if v["game"] == "callbreak" and phase == "bid":
            title = "Your call"
        cur = self.options[self.pick % len(self.options)]
        n = len(self.options)
        left = "<" if self.pick > 0 else " "        # the arrows show which way moves
        right = ">" if self.pick < n - 1 else " "
        return [title, "%s %s %s" % (left, fmt.action(cur), right)] + self.context_lines
