# The table: this package's own part is the table screen's turn control
# (whose turn, bots, pauses, autosaves); the human's decision and keys are
# keys.py's, the screen's words words.py's, and what one game has of its own
# its face's (self.face: ui.faces); loaded when used: panel.py (picker
# reasons, refusals, picking cards to pass), take_back.py (B's undo),
# hint.py. A first game's tips are ui/tips.py's: the rules screen reads its
# texts too.
#
# Plain Python: each key or tick builds the state's view(None) once and hands
# it to update_fields, which takes the fields its view draws (header, seats,
# trick, hand, panel, prompt) from the pure functions of ui.table.words. Only
# the seat that is to act (after the pass-and-play curtain) ever has its cards
# in those fields.
from engine import IllegalAction, bots
from engine.actions import is_trump
from engine.ondemand import call, forget, load
from ui.table import words as T    # this package's own modules
from ui.table.keys import Keys
from ui.screen import Screen            # (its base's base: Table.__init__ calls it)


class Table(Keys):
    kind = "table"
    pause_screen = "pause"       # what START and the game's end open (App.open)
    over_screen = "game_over"
    local = True                 # one device's table: B takes back, UP hints, a first
                                 # game's tips (a link table has none of them)
    # the fields the view draws, set by update_fields (version: bumped then)
    header = trump_text = prompt = known = ""
    seat_lines = trick = hand = legal = marked = ()
    active_pos = -1
    backs = version = 0
    show_cursor = False
    panel = None
    # the turn (class defaults: __init__ sets only the lists a table changes in place)
    now = hold_until = 0
    round_hold = False         # last trick of a round on show: hide the new hand
    trick_hold = False         # the hold shows a finished trick (not a bid's or a card's pause)
    pending_round = finished = False
    unrecorded = False         # finished, its results not yet recorded (record())
    last_human = None
    cursor = pick = 0          # the hand's cursor; the picker's index into options
    options = context_lines = ()   # the picker's values, and their reasons (ui.table.panel)
    dec_seat = dec_acts = -1   # the prepared decision: seat, and self.acts then (two
    acts = 0                   # ints, compared every tick); acts: actions taken (or undone)
    message = note = ""        # note: "Bob won: K♠ was highest", while that trick stays up
    seen_until = 0             # a finished trick stays up at least until then
    received = None            # the cards passed to each seat (Israeli's Frisch)
    drawn = ()                 # cards that just reached the shown hand (Linger's draw)
    win_pos = -1               # the finished trick on show: its winner's place
    phase = None               # the phase on screen (its code leaves when it changes)
    hint = None                # (action, reason) level 3 would choose here
    hinted = False             # a hint was asked for in this game (statistics)
    thinking = -1              # the bot seat shown deciding (drawn before it decides)
    # whether last_human's undo can happen now (None: unknown, ui.table.take_back
    # finds out); the acts count it was found at; B's first press (ui.table.take_back)
    undoable = None
    undo_seen = undo_armed = -1
    skip = False               # A pressed while a bot decided: cut the pause after its move
    tipped = None              # the phases whose first-game tip came up (None: no tips)
    tip_at = -1                # a tip to show on the next tick, if acts is still this
    # (till then the table is busy and keys wait in ahead: a script's keys mean
    # the same whatever the timing)

    def __init__(self, session):
        Screen.__init__(self)
        self.session = session
        self.face = session.face   # what the game has of its own (ui.faces)
        self.rounds_seen = len(session.state.history)
        self.pov = session.humans()[0] if session.humans() else 0
        self.chosen = []           # cards picked to pass (the face's PASSING phase)
        self.ahead = []            # keys pressed while the human could not act, kept for its turn

    # --- helpers ---------------------------------------------------------
    def state(self):
        return self.session.state

    def names(self):
        return self.session.names

    def shown_seat(self):
        # The seat whose cards may be on screen now, or None.
        humans = self.session.humans()
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

    def decided(self, seat):
        # True when the decision for seat is set up and nothing happened since.
        return self.dec_seat == seat and self.dec_acts == self.acts

    # --- screen protocol ---------------------------------------------------
    def enter(self, app):
        Screen.enter(self, app)
        humans = self.session.humans()
        if humans:         # (-1: nobody has it yet, the curtain comes first)
            h = call("ui.seating", "holder", self.session)
            self.last_human = -1 if h is None and len(humans) == 1 else h
        if app.settings.get("tips") and self.local:
            self.tipped = []
        # The screens every game opens (the round's summary) have their
        # modules loaded once here and dropped, so the names they intern
        # (kept for good) are placed now, low in the heap, not among a
        # round's passing objects where they would split a board's free heap.
        for name in ("ui.screens.between",):
            load(name)
            forget(name)
        self.update_fields()

    def resume(self):
        self.update_fields()

    def busy(self):
        if self.finished:
            return False
        st = self.state()
        if self.hold_until or self.pending_round or st.is_over():
            return True
        seat = st.to_act()
        return not self.session.is_human(seat) or self.needs_curtain(seat) or \
            not self.decided(seat) or self.tip_at == self.acts   # tick still has to set
        # up (or autoplay), or to show the first-game tip over the decision

    def autoplay_card(self, v):
        if not self.app.settings.get("autoplay") or v["phase"] != "play":
            return None
        legal = self.state().legal_actions()
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
            self.update_fields()
            return self.hold_until - now if self.hold_until else 0
        if self.needs_curtain(seat):
            self.ahead = []    # typed by the previous player: not for the next one
            self.app.open("curtain", self, seat)
            return None
        if self.decided(seat):   # waiting for the human: nothing to recompute
            if self.tip_at == self.acts:
                self.tip_at = -1
                if call("ui.tips", "due", self):
                    self.app.open("tip", self, st.phase)
                self.replay()            # (to the tip first)
            return None
        v = st.view(None)             # one view for the checks and the fields
        a = self.autoplay_card(v)
        if a is not None:
            self.act(a, seat)
            self.note = self.note or "Played your only card " + T.fmt.card(a)
            self.update_fields()
            return self.hold_until - now if self.hold_until else 0
        self.prepare(v)
        self.update_fields(v)
        self.app.beep(880, 60)       # your turn
        if self.tipped is not None and v["phase"] not in self.tipped:
            self.tipped.append(v["phase"])      # a first game: what to do now (ui.tips),
            self.tip_at = self.acts             # over the decision, once it is drawn
            return 0                            # (the keys pressed ahead go to it)
        self.replay()
        return None

    def replay(self):
        # The keys pressed ahead (while bots decided, a pause or the turn's
        # set-up ran), in order, to the top screen (a tip first) while the
        # table can take them as its turn's keys; after a move the rest wait
        # for the next turn. So a script means the same at any speed.
        early, self.ahead = self.ahead, []
        while early and (self.app.top() is not self or not (self.finished or self.busy())):
            self.app.key(early.pop(0))
        self.ahead = early + self.ahead

    def finish(self):
        # Game over: the result screen, which records the results once it is
        # drawn (the table's view gone: the statistics' work has its room). A
        # finished game needs no bots: their modules leave memory first.
        bots.unload()
        self.finished = self.unrecorded = True
        self.update_fields()
        self.app.open(self.over_screen, self)

    def record(self):
        # The results in the statistics and the save dropped (once).
        if self.unrecorded:
            self.unrecorded = False
            self.session.results(self.app.store, self.hinted)

    def turn_again(self):
        # The decision set up afresh and the fields redrawn (a curtain passed,
        # the seats changed, a move taken back).
        self.dec_seat = -1
        self.undoable = None
        self.update_fields()

    # --- doing things --------------------------------------------------------
    def act(self, a, seat):
        # Apply one action for seat; on success pause, autosave and note round
        # ends. The caller updates the fields (once, with the new state).
        st = self.state()
        # Cheap facts, not views: every game is an engine.state.TrickGame, whose trick,
        # last_trick (the finished trick's list), last_winner and history the UI reads.
        last, trump = st.last_trick, st.trump
        who = self.last_human
        human = self.session.is_human(seat)
        real = human and (st.phase == self.face.PASSING or len(st.legal_actions()) > 1)
        # (a decision: each card picked to pass is one)
        mine = list(st.hands[who]) if who is not None else ()
        try:
            self.session.apply(a)
        except IllegalAction as e:    # the engine's reason, short (loaded for a refusal)
            self.message = call("ui.table.panel", "refused", str(e))
            return False
        if who is not None:      # ui/undo.py's rules, move by move (ui.table.take_back)
            if real and seat == who:
                self.undoable = True
            elif human and seat != who:     # another person's move: it stays
                self.undoable = False
            for c in st.hands[who]:
                if c not in mine:       # new cards reached who: the decision stays
                    self.undoable = False
                    break
        pause = self.app.speed_ms()
        self.message = self.note = ""
        self.hint = None
        if seat == who:
            self.drawn = ()
        if self.session.received is not None:   # cards passed round (a Frisch) get marked
            self.received = self.session.received
        elif st.phase == "play" and self.received and not st.trick:
            self.received = None       # the first trick of the deal: marks go
        elif mine:                     # a card or two drawn into who's hand get marked
            new = [c for c in st.hands[who] if c not in mine]
            if 0 < len(new) < 4:
                self.drawn = new
        trick_done = st.last_trick is not None and st.last_trick is not last and not st.trick
        self.trick_hold = trick_done
        if self.session.redealt:                # its sentence (ui.session: not imported
            self.note = self.session.redealt    # here, a joiner's table has no Session)
            pause = pause * 2 + 300
        elif trick_done:
            self.seen_until = self.now + pause   # A cannot skip the trick sooner
            pause = pause * 2 + 300
            w = st.last_winner
            if w is not None and 0 <= w < len(self.names()):
                # who won and why, the winning card marked (ui.draw.table)
                self.note = T.won_note(st.last_trick, w, self.names())
                if self.session.is_human(w):
                    self.app.beep(990, 70)
        elif st.trump != trump and len(st.history) == self.rounds_seen and st.trump is not None:
            self.note = T.trump_note(st.trump, self.names()[seat] if is_trump(a) else None)
        save = self.session.is_human(seat) or trick_done
        if len(st.history) > self.rounds_seen:
            self.rounds_seen = len(st.history)
            self.pending_round = self.round_hold = save = True
            self.app.beep(523, 180)  # round over: a low, longer tone
        self.hold_until = self.now + max(1, pause)
        self.acts += 1
        self.dec_seat = -1
        self.chosen = []
        if save:
            # after each human decision and each completed trick: bots are
            # deterministic, so moves in between replay exactly on Continue
            self.autosave()
        return True

    def autosave(self):
        note = self.session.autosave(self.app.store)
        if note:
            self.app.notice = self.message = note

    # --- the fields the view draws (ui.table.words) -----------------------------
    def update_fields(self, v=None):
        # v: the current view(None) when the caller already has it.
        v = v or self.state().view(None)
        if v["phase"] != self.phase and self.app is not None:
            self.phase = v["phase"]
            self.app.turn_page(False)    # the table's next page: the auction's code goes
        shown = self.shown_seat()
        if shown is not None:
            self.pov = shown
        (self.header, self.trump_text, self.seat_lines, self.active_pos, self.trick, self.hand,
         self.legal, self.marked, self.show_cursor, self.backs, self.known) = T.fields(self, v, shown)
        if self.hand:
            self.cursor = max(0, min(self.cursor, len(self.hand) - 1))
        w = self.state().last_winner
        self.win_pos = (w - self.pov) % v["players"] if \
            self.hold_until and self.trick_hold and w is not None else -1
        self.panel = self.panel_lines(v, shown)
        self.prompt = T.lines2(self.prompt_text(v, shown), self.app.cols if self.app else 26)
        self.version += 1

    def prompt_text(self, v, shown):    # (a link table says more)
        return T.prompt(self, v, shown)

    def panel_lines(self, v, shown):
        return T.panel(self, v, shown)
