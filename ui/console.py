# Pocket Tricks as typed commands: the serial REPL of a board without a screen,
# or a terminal (`python code.py --text`). Same games, setup, bots and saves as
# the screen UI (ui.session.Session does the game bookkeeping).
#
# Input comes from readline(prompt) -> str (None when input ends) and output
# goes to write(text), both injected, so tests script a whole game.
#
# Nothing is lost when input ends (Ctrl-D, a serial disconnect): the game is
# autosaved as the screen UI does it (after every human decision, every trick
# and every round) and offered to continue at the next start. Nothing leaks in
# pass-and-play: before another person's turn the screen is cleared and the
# console waits for an empty Enter ("Pass to P2"), a hand is printed only on
# its owner's turn, and Frisch picks are never echoed (their chooser sees
# them, and the cards received, at their own turn). A new game asks before it
# replaces the saved one. What is typed is cleaned and read as the phase
# expects (ui/console_words.py, which also holds the help).

from engine import IllegalAction, games
from engine.ondemand import call
from engine.actions import is_card
from engine.cards import card_text
from engine.parse import number, parse_suit  # ASCII digits only (not "²" or "٣")
from engine.rng import LAST_DEAL, random_deal
from ui import console_words as W, text_table
from ui.session import Session, default_names
from ui.version import VERSION

DEFAULT_LEVEL = 2        # the bots' level when the settings name none
LIST_AT_MOST = 16        # longer legal-move lists are left to the `moves` command
HELP = W.HELP


CLEAR = "\n" * 40 + "\x1b[H\x1b[2J\x1b[3J"   # blank lines for any terminal, then ANSI clear


def facts(game_id):
    # The game's engine.catalog row: (id, title, short title, fewest, most,
    # usual players, low wins, options); the catalog is not kept loaded.
    from engine.catalog import entry
    return entry(game_id)


def questions(game_id):
    # The options the console asks at setup (engine.catalog; first_dealer is not
    # asked): (key, setup label, question, lowest, highest, default).
    return tuple([o for o in facts(game_id)[7] if o[1] is not None])


class Quit(Exception):
    # Input ended or the player left the console.
    pass


class Console:
    def __init__(self, readline, write, store=None, entropy=None, notice=None, opts=None):
        self._readline = readline
        self._write = write
        self.store = store
        self.entropy = entropy
        self.notice = notice
        self.opts = opts or {}     # --game, --seed from the command line
        self.session = None
        self.holder = None         # the human who has the console (pass-and-play)
        self.recent = []           # moves since a human last saw the table
        self.saved_note = None     # the last autosave problem told
        self.told = None           # the last store.notice told
        self.pending = []          # per seat: lines for its owner's next turn
        self.hinted = False        # a hint was asked for in this game (statistics)
        self.settings = None       # prefs(): read at first need

    # --- input / output -------------------------------------------------
    def say(self, *lines):
        for line in lines:
            self._write(line + "\n")

    def news(self):
        # A new store.notice (a damaged file set aside, storage read-only) is told once.
        note = self.store.notice if self.store is not None else None
        if note and note != self.told:
            self.say(note)
        self.told = note

    def ask(self, prompt):
        # One typed line, cleaned of escape sequences and control characters.
        self.news()
        line = self._readline(prompt)
        if line is None:
            raise Quit()
        return W.clean(line)

    def clear(self):
        self._write(CLEAR)

    def choose(self, prompt, default, parse, help_text):
        # Ask until parse(text) accepts; blank = default; 'quit' raises Quit.
        while True:
            line = self.ask("%s [%s]: " % (prompt, default))
            if line.lower() in ("quit", "q", "exit"):
                raise Quit()
            if line.lower() in ("help", "?"):
                self.say(help_text, "Enter takes %s; quit goes back to the menu." % default)
                continue
            if not line:
                line = str(default)
            try:
                return parse(line)
            except ValueError as e:
                self.say("! %s" % e)

    def prefs(self):
        # The settings, read once (as the screen's App does); the settings page
        # changes this dict, so a change holds even where it cannot be saved.
        if self.settings is None:
            self.settings = self.store.load_settings() if self.store is not None else {}
        return self.settings

    def level(self):
        # The bots' level setting (the screen's New game and --game use it too).
        return self.prefs().get("bot_level", DEFAULT_LEVEL)

    # --- menu -------------------------------------------------------------
    def run(self):
        # The console until the player quits or input ends.
        self.say("Pocket Tricks %s - text console. Type help at any time." % VERSION)
        if self.notice:
            self.say(self.notice)
        try:
            self.news()                      # e.g. storage is read-only
            saved = self._saved()
            session = self.quick(saved)
            while True:
                if session is None:
                    session = self.menu(saved)
                    saved = None
                if session is None:
                    break
                self.play(session)
                session = None
        except (Quit, KeyboardInterrupt):   # input ended: the autosave has the game
            self.say("")
        self.say("Bye.")

    def quick(self, saved):
        # --game ID: straight to a game, you against bots (as on the screen);
        # a saved game is replaced only if the player says so.
        gid = self.opts.get("quick")
        if gid not in games.IDS or not self.replaces(saved):
            return None
        n = facts(gid)[5]
        level = self.level()
        seed = self.opts.get("seed") or random_deal(self.entropy)
        return self.begin(gid, ["human"] + ["bot"] * (n - 1), [level] * n, seed, {})

    def replaces(self, saved):
        # True unless a saved game would be lost and the player keeps it.
        if saved is None:
            return True
        title = facts(saved.game)[1]
        while True:
            line = self.ask("Your saved %s game will be replaced. Start the new game? [y/N] "
                            % title).lower()
            if line in ("y", "yes"):
                return True
            if line in ("", "n", "no") or line in W.QUIT_WORDS:
                self.say("Kept the saved %s: type c to continue it." % title)
                return False
            if line in W.HELP_WORDS:
                self.say("y: start the new game, the saved one is lost. n or Enter: keep it.")
            else:
                self.say("! Answer y or n.")

    def _saved(self):
        if self.store is None:
            return None
        rec = None
        try:
            rec, state = self.store.load_game()   # replayed by the store: its state is reused
            got = Session.from_record(rec, state) if rec else None
        except (IllegalAction, KeyError, ValueError, TypeError, AttributeError) as e:
            got = None
            if rec is not None and hasattr(self.store, "reject_game"):
                self.store.reject_game()   # set aside, never deleted
                self.say("! The saved game could not be continued (%s)." % e)
        self.news()                        # damage found: the player hears of it
        return got

    def menu(self, saved=None):
        # A new or resumed Session, or None to leave.
        if saved is None:
            saved = self._saved()
        self.say("")
        for i in range(len(games.IDS)):
            gid = games.IDS[i]
            g = facts(gid)
            who = "%d" % g[3] if g[3] == g[4] else "%d-%d" % (g[3], g[4])
            self.say("  %d  %s (%s players)" % (i + 1, g[1], who))
        if saved is not None:
            self.say("  c  continue the saved %s" % facts(saved.game)[1])
        self.say("  s  settings    t  statistics    r  rules", "  q  quit")
        while True:
            line = self.ask("Game> ").lower()
            if line in ("q", "quit", "exit"):
                return None
            if line in ("c", "continue", "resume") and saved is not None:
                self.say("Resuming %s." % facts(saved.game)[1])
                return saved
            if line in W.HELP_WORDS:
                self.say("Type a game number to start it, c to continue a saved game,",
                         "s for settings, t for statistics, r for rules (r 2: the second "
                         "game's), q to quit.")
                continue
            page = W.page(line)
            if page:
                call("ui.console_pages", page[0], self, *page[1:])
                self.say("")
                continue
            n = number(line)
            if n is not None and 1 <= n <= len(games.IDS):
                if not self.replaces(saved):
                    continue
                try:
                    return self.setup(games.IDS[n - 1])
                except Quit:
                    return self.menu()
            self.say("! Type a number from 1 to %d%s, or q." % (
                len(games.IDS), ", c" if saved is not None else ""))

    def setup(self, gid):
        g = facts(gid)
        lo, hi = g[3], g[4]
        players = lo
        if hi > lo:
            players = self.choose("Players (%d-%d)" % (lo, hi), g[5],
                                  lambda t: W.whole(t, lo, hi, "Players"),
                                  "How many play %s: %d to %d." % (g[1], lo, hi))
        level = self.level()
        default = "h" + " %d" % level * (players - 1)
        seats, levels = self.choose("Seats: h = human, 0-3 = bot level", default,
                                    lambda t: W.seats(t, players, level),
                                    "One word a seat, yours first: h a person at this "
                                    "console, 0-3 a bot (3 plays best).")
        options = {}
        for name, label, question, qlo, qhi, dflt in questions(gid):
            if qlo is None:
                options[name] = self.choose(question + " (y/n)", "y" if dflt else "n",
                                            W.yes_no, question + " Answer y or n.")
            else:
                options[name] = self.choose("%s (%d-%d)" % (question, qlo, qhi), dflt,
                                            lambda t: W.whole(t, qlo, qhi, question),
                                            "%s A number from %d to %d." % (question, qlo, qhi))
        rnd = self.opts.get("seed") or random_deal(self.entropy)
        seed = self.choose("Deal number", rnd,
                           lambda t: W.whole(t, 1, LAST_DEAL, "Deal number"),
                           "A deal number (1-%d) deals the same cards every time." % LAST_DEAL)
        return self.begin(gid, seats, levels, seed, options)

    def begin(self, gid, seats, levels, seed, options):
        # A new game, announced and saved at once (Continue offers it from now on).
        names = self.prefs().get("names")
        session = Session.new(gid, seats, levels, seed, options, default_names(seats, names))
        self.say("%s, deal #%d. %s" % (facts(gid)[1], seed, ", ".join(
            [session.names[s] + ("" if seats[s] == "human" else " (bot %d)" % levels[s])
             for s in range(len(seats))])))
        self.session = session
        self.autosave()
        return session

    # --- playing ----------------------------------------------------------
    def play(self, session):
        # Play until the game ends or the player quits to the menu.
        self.session = session
        title = facts(session.game)[1]
        humans = session.humans()
        self.holder = humans[0] if len(humans) == 1 else None   # several: the curtain first
        self.recent = []
        self.pending = [[] for _ in range(session.players)]
        self.hinted = False
        self.autoplay = self.prefs().get("autoplay", True)    # the screen's setting
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
                self.recent = []
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
        self.tell("  %s: only %s may be played" % (self.session.names[seat],
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
        if self.recent:
            self.say("Since your last turn:")
            self.say(*self.recent)
        return True

    def tell(self, *lines):
        # A public line about the game: said, and kept for the next curtain.
        self.say(*lines)
        self.recent += lines

    def to_humans(self, line):
        # A line for every person at the table, each at their next turn (after the curtain).
        for s in self.session.humans():
            self.pending[s].append(line)

    def apply(self, action):
        # Apply one action and report it: the move, a finished trick, a finished round;
        # autosaved after a human decision, a trick and a round (as the screen does).
        s = self.session
        st = s.state
        phase = st.phase
        seat = st.to_act()
        tricks = len(st.plays) if phase == "play" else -1
        rounds = len(st.history)
        s.apply(action)
        name = s.names[seat]
        if phase == "frisch":       # never echoed: only the chooser may know
            self.tell("  %s picked a card to pass" % name)
        else:
            self.tell("  %s: %s" % (name, st.action_text(action)))
        if s.received is not None:      # a Frisch's cards went round
            for h in s.humans():
                got = [card_text(c) for c in s.received[h]]
                self.pending[h].append("You received %s from %s." % (
                    " ".join(got), s.names[(h - 1) % s.players]))
        if s.redealt:
            self.to_humans(s.redealt)
        done = False
        if tricks >= 0 and not st.trick and st.last_trick:
            self.tell(text_table.trick_won_line(st.view(None), s.names))
            done = True
        if len(st.history) > rounds:
            after = st.view(None)
            self.tell("Round %d over:" % len(after["history"]))
            self.tell(*call("ui.sheet", "round_summary", after, s.names, 80))
            done = True
        if done or s.is_human(seat):
            self.autosave()

    def show(self, seat, title, deal=False):
        s = self.session
        v = s.state.view(seat)
        self.say(*text_table.table_lines(v, s.names, title, seat))
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
            if s.state.phase == "trump" and parse_suit(word) is not None:
                pass                              # 'h' is hearts here, not help
            elif word in W.HELP_WORDS:
                self.say(*HELP)
                self.say(W.expected(s.state, s.state.legal_actions()))
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
                self.apply(W.read(s.state, line, s.state.legal_actions()))
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
            picked = text_table.frisch_picked(v, seat)
            self.say(text_table.hand_text([c for c in v["hands"][seat] if c not in picked]))
        elif word in ("table", "t", "look"):
            self.show(seat, title, True)
        elif word in ("moves", "legal"):
            self.say(*text_table.moves_lines(s.state, s.state.legal_actions()))
        elif word in ("scores", "score"):
            self.say(*call("ui.sheet_page", "score_sheet", s.state.view(seat), s.names, 80))
            self.say("Deal no. %d" % s.seed)
        elif word in ("last", "last trick"):
            v = s.state.view(seat)
            self.say(text_table.trick_won_line(v, s.names).strip() if v.get("last_trick")
                     else "No trick has been played yet this round.")
        elif word == "hint":
            self.hint(seat)
        elif word == "rules":
            self.say("", *call("ui.console_pages", "rules_lines", s.game))
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
        # Level 3's choice for this seat (from its own view) and why (ui/hint.py's
        # reason, loaded for it); the game counts as hinted in the statistics.
        s = self.session
        self.say(call("ui.hint", "typed", s.state, s.seed))   # loaded once, dropped after
        self.hinted = True

    def undo(self, seat, trick):
        # True when a move (Israeli Whist: a trick) was taken back.
        s = self.session
        if trick and s.game != "israeli":
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
        if change:
            s.set_seat(change[0], change[1], change[2])
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
        self.say(*call("ui.sheet_page", "score_sheet", v, s.names, 80))
        self.say(*call("ui.sheet_page", "outcome", v, win, s.names))
        if self.store is not None:
            s.results(self.store, self.hinted)  # as the screen does: every person's result


def main(profile):
    # Run the console on a HAL profile with readline/write (hal.text.Text);
    # profile.opts: the command line's --game and --seed (the desktop).
    why = W.refused(profile.opts or {})
    if why:
        profile.write("pocket-tricks: %s\n" % why)
        raise SystemExit(2)
    store = None
    try:
        from ui.saves import Store
        store = Store(profile.save_dir, profile.writable)
    except ImportError:
        pass
    Console(profile.readline, profile.write, store, profile.entropy,
            profile.notice, profile.opts).run()
