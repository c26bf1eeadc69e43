# A game at the text console: the play loop, the commands typed during it
# (hand, table, moves, last, tricks, out, scores, rules, hint, undo, seats,
# save, quit),
# the pass-and-play curtain, autosaves and game over. ui.console.Console
# inherits it and gives it say / ask / clear / prefs and the store; the
# menu, setup and input handling live there.
from engine import IllegalAction
from engine.ondemand import call
from engine.actions import is_card, is_trump
from engine.cards import card_text, trump_text
from engine.parse import parse_suit
from ui import fmt
from ui.console import table as text_table, words as W
from ui.screens.common import facts

LIST_AT_MOST = 16        # longer legal-move lists are left to the `moves` command


class Playing:
    def play(self, session):
        # Play until the game ends or the player quits to the menu.
        self.session = session
        title = facts(session.game)["title"]
        self.holder = call("ui.seating", "holder", session)   # None: the curtain first
        self.pending = [[] for _ in range(session.players)]
        self.hinted = False
        self.autoplay = self.prefs()["autoplay"]    # the screen's setting
        shown_for = None
        while not session.state.is_over():
            seat = session.to_act()
            if not session.is_human(seat):
                self.apply(session.bot_action())
                continue
            if seat != self.holder:
                if not self.curtain(seat):
                    return
                shown_for = None
            if self.forced(seat):
                continue
            if shown_for != len(session.state.log):
                self.say("")
                if self.pending[seat]:
                    self.say(*self.pending[seat])
                    self.pending[seat] = []
                self.show(seat, title)
                shown_for = len(session.state.log)
            if not self.human_turn(seat, title):
                return
        self.game_over(title)

    def forced(self, seat):
        # The autoplay setting, as on the screen: a seat's only playable card
        # is played for it (True when it was).
        st = self.session.state
        if not self.autoplay or st.phase != "play":
            return False
        legal = st.legal_actions()
        if len(legal) != 1:
            return False
        self.say("  %s: only %s may be played" % (self.session.names[seat],
                                                  st.action_text(legal[0])))
        self.apply(legal[0])
        return True

    def curtain(self, seat):
        # Pass-and-play: the screen cleared, then wait for the next person; only
        # an empty Enter lifts it. False: they left the game (saved).
        name = self.session.names[seat]
        self.clear()
        while True:
            line = self.ask("Pass to %s, press Enter (others look away) " % name).lower()
            if not line:
                break
            if line in W.QUIT_WORDS:
                self.leave()
                return False
            if line in W.HELP_WORDS:
                self.say("Enter shows %s's cards; quit leaves the game (saved)." % name)
        self.clear()
        self.holder = seat
        news = call("ui.catchup", "lines", self.session, seat, 78, card_text,
                    trump_text)            # (the screen's words, cards as typed)
        if news:
            self.say("Since your last move:")
            self.say(*news)
        return True

    def apply(self, action):
        # Apply one action and report it: the move, a finished trick, a finished round
        # (each person's curtain tells them what they missed from the session's
        # news: ui/catchup.py); autosaved after a human decision, a trick and a
        # round (as the screen does).
        s = self.session
        st = s.state
        phase = st.phase
        seat = st.to_act()
        tricks = len(st.plays) if phase == "play" else -1
        rounds = len(st.history)
        s.apply(action)
        name = s.names[seat]
        passing = s.face.PASSING
        if phase == passing:       # never echoed: only the chooser may know
            self.say("  %s picked a card to pass" % name)
        else:
            self.say("  %s: %s" % (name, st.action_text(action)))
        if st.phase == passing and phase != passing:      # as the screen's panel says
            self.say("All passed: %s." % s.face.passes(st.view(None)))
        if s.received is not None:      # cards passed round (a Frisch)
            for h in s.humans():
                got = [card_text(c) for c in s.received[h]]
                self.pending[h].append("You received %s from %s." % (
                    " ".join(got), s.names[(h - 1) % s.players]))
        if s.redealt:       # (the others read it after their curtain: ui/catchup.py)
            self.say(s.redealt)
        done = False
        if tricks >= 0 and not st.trick and st.last_trick:
            self.say(text_table.trick_won_line(st.view(None), s.names))
            done = True
        if len(st.history) > rounds:
            after = st.view(None)
            summary = ["Round %d over:" % len(after["history"])] + \
                call("ui.screens.sheet", "round_summary", after, s.names, 80)
            self.say(*summary)
            for h in s.humans():       # and for the others after their curtain
                if h != self.holder:
                    self.pending[h] += summary
            done = True
        if done or s.is_human(seat):
            self.autosave()

    def show(self, seat, title, deal=False):
        s = self.session
        v = s.state.view(seat)
        self.say(*text_table.table_lines(v, s.names, title, seat, self.prefs()["trumps_apart"]))
        if deal:
            self.say("Deal no. %d" % s.seed)
        legal = s.state.legal_actions()
        if len(legal) <= LIST_AT_MOST or not is_card(legal[0]):
            self.say(*text_table.moves_lines(s.state, legal))

    def human_turn(self, seat, title):
        # Read commands until one action is applied or the seats changed (True),
        # or the player quits (False).
        s = self.session
        while True:
            line = self.ask("%s> " % s.names[seat])
            word = line.lower()
            if not word:
                continue
            if parse_suit(word) is not None and [a for a in s.state.legal_actions()
                                                 if is_trump(a)]:
                pass                              # 'h' is hearts here (choosing trump), not help
            elif word in W.HELP_WORDS:
                self.say(*W.HELP)
                self.say(W.expected(s.state, s.state.legal_actions(), s.face))
                continue
            elif word in W.QUIT_WORDS:
                self.leave()
                return False
            else:
                got = self.command(seat, title, word)
                if got is not None:
                    if got:
                        return True
                    continue
            try:
                self.apply(W.read(s.state, line, s.state.legal_actions(), s.face))
                return True
            except IllegalAction as e:
                self.say("! %s" % e)

    def command(self, seat, title, word):
        # A command that is not a move: None when the word is none (it is
        # then read as a move), True when play goes on (a move was taken
        # back, the seats changed), False to ask again.
        s = self.session
        if word == "hand":
            v = s.state.view(seat)
            picked = s.face.chosen(v, seat) if s.face.PASSING else []
            self.say(text_table.hand_text(fmt.arrange([c for c in v["hands"][seat] if c not in
                                                       picked], v["trump"],
                                                      self.prefs()["trumps_apart"])))
        elif word in ("table", "t", "look"):
            self.show(seat, title, True)
        elif word in ("moves", "legal"):
            self.say(*text_table.moves_lines(s.state, s.state.legal_actions()))
        elif word in ("scores", "score"):
            self.say(*call("ui.screens.sheet_page", "score_sheet", s.state.view(seat), s.names, 80))
            self.say("Deal no. %d" % s.seed)
        elif word in ("last", "last trick"):
            v = s.state.view(seat)
            self.say(text_table.trick_won_line(v, s.names).strip() if v.get("last_trick")
                     else "No trick has been played yet this round.")
        elif word in ("tricks", "out"):
            self.say(*W.played(word, s.state.view(seat), s.names, s.game, self.prefs()))
        elif word == "hint":
            self.hint(seat)
        elif word == "rules":
            self.say("", *call("ui.console.pages", "rules_lines", s.game))
        elif word in ("undo", "undo trick"):
            return self.undo(seat, word == "undo trick")
        elif word == "save":
            self.say(self.save() or "Saved.")
        elif word == "seats" or word.startswith("seat "):
            return self.seats(word)
        else:
            return None
        return False

    def hint(self, seat):
        # Level 3's choice for this seat (from its own view) and why (ui/table/hint.py's
        # reason, loaded for it); the game counts as hinted in the statistics.
        s = self.session
        self.say(call("ui.table.hint", "typed", s.state, s.seed, s.face))   # (loaded, dropped)
        self.hinted = True

    def undo(self, seat, trick):
        # True when a move (Israeli Whist: a trick) was taken back.
        s = self.session
        if trick and not hasattr(s.state, "undo_trick"):
            self.say("! " + W.UNDO_TRICK, "  Here 'undo' takes back your last decision.")
            return False
        done = s.undo_trick(seat) if trick else s.undo_human(seat)
        self.say("Taken back." if done else "! " + s.why)
        if done:
            self.autosave()
        return done

    def seats(self, word):
        # 'seats' lists who plays; 'seat 2 h' / 'seat 2 3' gives seat 2 to a
        # person / a level-3 bot (as the screen's Seats). True when changed.
        s = self.session
        try:
            change = W.seat_change(word, s.players)
        except ValueError as e:
            self.say("! %s" % e)
            return False
        if change and change[1] == "bot" and s.humans() == [change[0]]:
            # the bots would play the rest at once (the console does not pace
            # them), ending the game with no way to take the seat back
            self.say("! Seat %d is the last person's: the bots would play the game to its "
                     "end at once. Give another seat to a person first ('seat 2 h')."
                     % (change[0] + 1))
            return False
        if change:
            call("ui.seating", "set_seat", s, change[0], change[1], change[2])
            self.autosave()
        self.say(*["  seat %d %s: %s" % (i + 1, s.names[i], "person" if s.is_human(i)
                                         else "bot %d" % s.levels[i]) for i in range(s.players)])
        return bool(change)

    def leave(self):
        msg = self.save()
        self.say("Left the game%s" % (": " + msg if msg else "; saved, type c to continue."))

    def save(self):
        # None when saved, else the sentence saying why not.
        if self.store is None:
            return "No storage here."
        return self.store.save_game(self.session.record())

    def autosave(self):
        # Save now (Session.autosave, as the screen does); a problem is told
        # once (not at every move).
        if self.store is None:
            return
        note = self.session.autosave(self.store)
        if note and note != self.saved_note:
            self.say("! " + note)
            self.told = self.store.notice     # (the same sentence: not told again)
        self.saved_note = note

    def game_over(self, title):
        s = self.session
        v = s.state.view(None)
        win = s.state.winners()
        self.say("", "%s is over." % title)
        self.say(*call("ui.screens.sheet_page", "score_sheet", v, s.names, 80))
        self.say(*call("ui.screens.standings", "outcome", v, win, s.names))
        if self.store is not None:
            s.results(self.store, self.hinted)  # as the screen does: every person's result
