# The human's side of the table: Keys, the part of ui.table's Table that
# sets a decision up once (the hand's cursor on the first playable card, the picker's values),
# and what each key does. START and SELECT open the pause menu and the score
# sheet; keys pressed while a bot decides or a trick stays up are kept for
# the human's turn (A cuts the pause short); on the human's turn LEFT/RIGHT
# move over the hand's playable cards or the picker's values, A plays or
# chooses, UP asks for a hint and B takes the last move back (pressed twice:
# ui.table.take_back). Where a game's face steps its picker (its STEPS
# phase: Israeli Whist's auction) UP/DOWN step a trick instead (the first-game
# tip says so); in its PASSING phase A picks cards and B puts one back
# (ui.table.panel's key). While a first-game tip is due
# (Table.tip_at), keys wait for it as they wait for a bot: the tip takes them
# first, whatever the timing. (A class of its own so the table's module
# stays small to read: Table subclasses Keys, a Screen; one base each, as
# CircuitPython looks names up through several bases in another order.)
from engine.actions import is_card
from engine.ondemand import call
from hal import keys as K
from ui.screen import Screen
from ui.table.words import held


class Keys(Screen):
    def key(self, k):
        self.message = ""
        if k != K.B:
            self.undo_armed = -1        # B's second press must follow its first
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
        if self.hold_until or not self.session.is_human(seat):
            if k == K.A:    # skip the pause (not the finished trick), or the one after the move
                if self.hold_until:
                    self.hold_until = max(self.now, min(self.hold_until, self.seen_until))
                else:
                    self.skip = True
            elif len(self.ahead) < 8:
                self.ahead.append(k)         # kept for the human's turn
            return
        if self.tip_at == self.acts or (self.local and not self.decided(seat)):
            if len(self.ahead) < 8:          # the next tick sets the turn up (and shows its
                self.ahead.append(k)         # tip): the keys follow, in order (a joiner's
            return                        # table, with no tips, sets it up on the key)
        if self.shown_seat() != seat:
            return
        phase = st.phase
        face = self.face
        if k == K.B and self.local and not self.chosen:
            self.press_b()
            self.update_fields()
            return
        v = None if self.decided(seat) and phase != face.PASSING else st.view(None)
        if v:
            self.prepare(v)
        if k == K.UP and self.local and phase != face.STEPS:
            self.ask_hint()
            return
        acts = self.acts
        if not face.card_phase(phase):
            self.picker_key(k, seat, phase)
        elif self.hand:
            self.hand_key(k, seat, phase, v)
        self.update_fields(v if self.acts == acts else None)   # the same view if nothing was played

    def prepare(self, v):
        # Set up the picker or the hand cursor for the human to act (once per decision).
        seat = v["to_act"]
        if self.decided(seat):
            return
        self.dec_seat = seat
        self.dec_acts = self.acts
        legal = self.state().legal_actions()
        phase = v["phase"]
        self.options = [a for a in legal if not is_card(a)]
        self.pick = 0
        cards = [a for a in legal if is_card(a)]
        hand = held(self, v, seat)                # (as the table shows it)
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        if cards and hand and (phase == "play" or hand[self.cursor] not in cards):
            self.cursor = [i for i in range(len(hand)) if hand[i] in cards][0]   # each turn starts
            # on the first legal card
        self.context_lines = ()
        if self.options:      # the picker's order, start and reasons: once per decision
            self.options, self.pick, self.context_lines = call("ui.table.panel", "setup", self,
                                                               v, phase, seat)

    def picker_key(self, k, seat, phase):
        n = len(self.options)
        if k in (K.LEFT, K.RIGHT):     # stops at the ends: no wrap from Pass to 13 NT
            self.pick = max(0, min(n - 1, self.pick + (1 if k == K.RIGHT else -1)))
        elif k in (K.UP, K.DOWN) and phase == self.face.STEPS and n:
            self.pick = self.face.step(self.options, self.pick, k == K.UP)
        elif k == K.DOWN:
            self.pick = max(0, self.pick - 1)
        if self.hint is not None and n and self.options[self.pick] != self.hint[0]:
            self.hint = None               # moved off the hinted value: its words go
        if k == K.A and n:
            self.act(self.options[self.pick], seat)

    def hand_key(self, k, seat, phase, v):
        hand = self.hand
        if k in (K.LEFT, K.RIGHT):
            # to the next card that may be played (round the hand; cards picked to pass too)
            n = len(hand)
            i = self.cursor
            for _ in range(n):
                i = (i + (1 if k == K.RIGHT else -1)) % n
                if self.legal[i] or self.marked[i]:
                    self.cursor = i
                    break
        elif k == K.A and phase == "play":
            self.act(hand[self.cursor], seat)
        elif phase == self.face.PASSING:     # (picking cards to pass: its keys load with the panel)
            self.message = call("ui.table.panel", "key", self, k, seat, v)

    def press_b(self):
        # B on the person's turn: the first press asks, the second takes back.
        if self.undo_armed == self.acts:
            self.take_back()
        elif self.undo_possible():
            self.undo_armed = self.acts
            self.message = call("ui.table.take_back", "asking", self)
        else:
            self.message = call("ui.table.take_back", "why_not", self)

    def undo_possible(self):
        # True when last_human's undo would be done now: the flag, or a dry
        # run of ui/undo.py's rules where it cannot say (once per move).
        if call("ui.table.take_back", "must_ask", self):
            self.undoable = call("ui.table.take_back", "why_not", self) is None
            self.undo_seen = self.acts
        return self.undoable

    def take_back(self):
        # The undo (ui.table.take_back), then the table as after a move: its
        # holds and counts afresh, saved, redrawn.
        ok, self.message = call("ui.table.take_back", "do", self)
        self.rounds_seen = len(self.state().history)
        self.hold_until = 0
        self.pending_round = self.round_hold = self.finished = False
        self.acts += 1
        self.chosen = []
        if ok:
            self.autosave()
        self.turn_again()      # (the undo flag goes back to unknown there)

    def ask_hint(self):
        # UP (or the pause menu's Hint): the cursor or picker goes to level 3's
        # choice (ui.table.hint), the prompt says why.
        a, text = call("ui.table.hint", "ask", self)
        self.hint = (a, text)
        self.hinted = True
        if is_card(a) and a in self.hand:
            self.cursor = self.hand.index(a)
        elif a in self.options:
            self.pick = self.options.index(a)
        self.update_fields()
