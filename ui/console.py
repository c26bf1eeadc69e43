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
# console waits for Enter ("Pass to P2"), a hand is printed only on its
# owner's turn, and Frisch picks are never echoed.

from engine import IllegalAction, games
from engine.ondemand import call
from engine.actions import is_card
from engine.parse import number  # ASCII digits only (not "²" or "٣")
from engine.rng import LAST_DEAL
from ui import fmt, text_table
from ui.session import Session, default_names
from ui.version import VERSION

DEFAULT_LEVEL = 2
LIST_AT_MOST = 16        # longer legal-move lists are left to the `moves` command

HELP = (
    "Play: a card (QH, 10S, TS; Nines codes s1 ha ce), bid 3 (or just 3),",
    "  trump H / trump NT, bid 6 S / bid 5 NT, pass, swap, keep.",
    "Also: hand, table, moves, scores, undo (undo trick), save, quit, help.",
)


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

    # --- input / output -------------------------------------------------
    def say(self, *lines):
        for line in lines:
            self._write(line + "\n")

    def ask(self, prompt):
        line = self._readline(prompt)
        if line is None:
            raise Quit()
        return line.strip()

    def clear(self):
        self._write(CLEAR)

    def choose(self, prompt, default, parse):
        # Ask until parse(text) accepts; blank = default; 'quit' raises Quit.
        while True:
            line = self.ask("%s [%s]: " % (prompt, default))
            if line.lower() in ("quit", "q", "exit"):
                raise Quit()
            if not line:
                line = str(default)
            try:
                return parse(line)
            except ValueError as e:
                self.say("! %s" % e)

    # --- menu -------------------------------------------------------------
    def run(self):
        # The console until the player quits or input ends.
        self.say("Pocket Tricks %s - text console. Type help at any time." % VERSION)
        if self.notice:
            self.say(self.notice)
        if self.store is not None and self.store.notice:
            self.say(self.store.notice)      # e.g. storage is read-only
        try:
            session = self.quick()
            while True:
                if session is None:
                    session = self.menu()
                if session is None:
                    break
                self.play(session)
                session = None
        except (Quit, KeyboardInterrupt):   # input ended: the autosave has the game
            self.say("")
        self.say("Bye.")

    def quick(self):
        # --game ID: straight to a game, you against bots (as on the screen).
        gid = self.opts.get("quick")
        if gid not in games.IDS:
            return None
        n = facts(gid)[5]
        level = DEFAULT_LEVEL
        if self.store is not None:
            level = self.store.load_settings().get("bot_level", DEFAULT_LEVEL)
        seed = self.opts.get("seed") or self.random_deal()
        return self.begin(gid, ["human"] + ["bot"] * (n - 1), [level] * n, seed, {})

    def random_deal(self):
        return 1 + (self.entropy() if self.entropy else 0) % LAST_DEAL

    def _saved(self):
        if self.store is None:
            return None
        before = self.store.notice
        rec = None
        try:
            rec, state = self.store.load_game()   # replayed by the store: its state is reused
            got = Session.from_record(rec, state) if rec else None
        except (IllegalAction, KeyError, ValueError, TypeError, AttributeError) as e:
            got = None
            if rec is not None and hasattr(self.store, "reject_game"):
                self.store.reject_game()   # set aside, never deleted
                self.say("! The saved game could not be continued (%s)." % e)
        if self.store.notice and self.store.notice != before:
            self.say(self.store.notice)    # damage found: the player hears of it
        return got

    def menu(self):
        # A new or resumed Session, or None to leave.
        saved = self._saved()
        self.say("")
        for i in range(len(games.IDS)):
            gid = games.IDS[i]
            g = facts(gid)
            who = "%d" % g[3] if g[3] == g[4] else "%d-%d" % (g[3], g[4])
            self.say("  %d  %s (%s players)" % (i + 1, g[1], who))
        if saved is not None:
            self.say("  c  continue the saved %s" % facts(saved.game)[1])
        self.say("  q  quit")
        while True:
            line = self.ask("Game> ").lower()
            if line in ("q", "quit", "exit"):
                return None
            if line in ("c", "continue", "resume") and saved is not None:
                self.say("Resuming %s." % facts(saved.game)[1])
                return saved
            if line in ("h", "help", "?"):
                self.say("Type a game number, c to continue a saved game, q to quit.")
                continue
            n = number(line)
            if n is not None and 1 <= n <= len(games.IDS):
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
                                  lambda t: _number(t, lo, hi, "Players"))
        default = "h" + " %d" % DEFAULT_LEVEL * (players - 1)
        seats, levels = self.choose("Seats: h = human, 0-3 = bot level", default,
                                    lambda t: _seats(t, players))
        options = {}
        for name, label, question, qlo, qhi, dflt in questions(gid):
            if qlo is None:
                options[name] = self.choose(question + " (y/n)", "y" if dflt else "n", _yes_no)
            else:
                options[name] = self.choose("%s (%d-%d)" % (question, qlo, qhi), dflt,
                                            lambda t: _number(t, qlo, qhi, question))
        rnd = self.opts.get("seed") or self.random_deal()
        seed = self.choose("Deal number", rnd,
                           lambda t: _number(t, 1, LAST_DEAL, "Deal number"))
        return self.begin(gid, seats, levels, seed, options)

    def begin(self, gid, seats, levels, seed, options):
        # A new game, announced and saved at once (Continue offers it from now on).
        names = self.store.load_settings().get("names") if self.store is not None else None
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
        shown_for = None
        while not session.state.is_over():
            seat = session.to_act()
            if not session.is_human(seat):
                self.apply(session.bot_action())
                continue
            if seat != self.holder:
                self.curtain(seat)
                shown_for = None
            if shown_for != len(session.state.log):
                self.show(seat, title)
                shown_for = len(session.state.log)
                self.recent = []
            if not self.human_turn(seat, title):
                return
        self.game_over(title)

    def curtain(self, seat):
        # Pass-and-play: the screen cleared, then wait for the next person.
        name = self.session.names[seat]
        self.clear()
        self.ask("Pass to %s, press Enter (others look away) " % name)
        self.clear()
        self.holder = seat
        if self.recent:
            self.say("Since your last turn:")
            self.say(*self.recent)

    def tell(self, *lines):
        # A public line about the game: said, and kept for the next curtain.
        self.say(*lines)
        self.recent += lines

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
            self.tell("  %s picks a card to pass" % name)
        else:
            self.tell("  %s: %s" % (name, st.action_text(action)))
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

    def show(self, seat, title):
        s = self.session
        v = s.state.view(seat)
        self.say("")
        self.say(*text_table.table_lines(v, s.names, title, seat))
        legal = s.state.legal_actions()
        if len(legal) <= LIST_AT_MOST or not is_card(legal[0]):
            self.say(*text_table.moves_lines(s.state, legal))

    def human_turn(self, seat, title):
        # Read commands until one action is applied (True) or the player quits (False).
        s = self.session
        while True:
            line = self.ask("%s> " % s.names[seat])
            word = line.lower()
            if not word:
                continue
            if word in ("help", "?", "h"):
                self.say(*HELP)
            elif word == "hand":
                self.say(text_table.hand_text(s.state.view(seat)["hands"][seat]))
            elif word in ("table", "t", "look"):
                self.show(seat, title)
            elif word in ("moves", "legal"):
                self.say(*text_table.moves_lines(s.state, s.state.legal_actions()))
            elif word in ("scores", "score"):
                self.say(*call("ui.sheet_page", "score_sheet", s.state.view(seat), s.names, 80))
            elif word in ("undo", "undo trick"):
                done = s.undo_trick(seat) if word == "undo trick" else s.undo_human(seat)
                self.say("Taken back." if done else "! " + s.why)
                if done:
                    self.autosave()
                    return True
            elif word == "save":
                self.say(self.save() or "Saved.")
            elif word in ("quit", "exit", "menu"):
                msg = self.save()
                self.say("Left the game%s" % (": " + msg if msg else "; saved, type c to continue."))
                return False
            else:
                if number(word) is not None and s.state.phase in ("bid", "contract"):
                    line = "bid " + line
                try:
                    self.apply(s.state.parse_action(line))
                    return True
                except IllegalAction as e:
                    self.say("! %s" % e)

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
        self.saved_note = note

    def game_over(self, title):
        s = self.session
        v = s.state.view(None)
        win = s.state.winners()
        self.say("", "%s is over." % title)
        self.say(*call("ui.sheet_page", "score_sheet", v, s.names, 80))
        self.say(*call("ui.sheet_page", "outcome", v, win, s.names))
        if self.store is not None:
            s.results(self.store, False)  # as the screen does: every person's result


def _number(text, lo, hi, what):
    n = number(text)
    if n is None or not lo <= n <= hi:
        raise ValueError("%s: a number from %d to %d." % (what, lo, hi))
    return n


def _yes_no(text):
    t = text.lower()
    if t in ("y", "yes", "on", "1"):
        return True
    if t in ("n", "no", "off", "0"):
        return False
    raise ValueError("Answer y or n.")


def _seats(text, players):
    # 'h 2 2 2' -> (["human", "bot", ...], [levels]).
    words = text.lower().replace(",", " ").split()
    if len(words) != players:
        raise ValueError("Give %d seats, e.g. h%s." % (players, " 2" * (players - 1)))
    seats, levels = [], []
    for w in words:
        if w in ("h", "human"):
            seats.append("human")
            levels.append(DEFAULT_LEVEL)
        elif w in ("0", "1", "2", "3"):
            seats.append("bot")
            levels.append(int(w))
        else:
            raise ValueError("'%s': a seat is h (human) or a bot level 0-3." % w)
    return seats, levels


def main(profile):
    # Run the console on a HAL profile with readline/write (hal.text.Text);
    # profile.opts: the command line's --game and --seed (the desktop).
    store = None
    try:
        from ui.saves import Store
        store = Store(profile.save_dir, profile.writable)
    except ImportError:
        pass
    Console(profile.readline, profile.write, store, profile.entropy,
            profile.notice, profile.opts).run()
