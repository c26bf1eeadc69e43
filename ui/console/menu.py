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
# expects (ui/console/words.py, which also holds the help).
#
# This module: input and output, the menu, a new game's setup and its pages
# (ui/console/pages.py); a game in play is ui/console/play.py's, inherited.

from engine import IllegalAction
from engine import ondemand
from engine.ondemand import call
from engine.parse import number  # ASCII digits only (not "²" or "٣")
from engine.rng import LAST_DEAL, random_deal
from ui.console import words as W
from ui.screens.common import facts
from ui.clean import clean
from ui.console.play import Playing
from ui.seating import default_names
from ui.session import Session
from ui.version import VERSION



CLEAR = "\n" * 40 + "\x1b[H\x1b[2J\x1b[3J"   # blank lines for any terminal, then ANSI clear


def questions(game_id):
    # The options the console asks at setup (engine.catalog; first_dealer is not
    # asked): (key, setup label, question, lowest, highest, default).
    return tuple([o for o in facts(game_id)["options"] if o[1] is not None])


class Quit(Exception):
    # Input ended or the player left the console.
    pass


class Console(Playing):
    restarted = False     # True: memory ran out in the last run (code.py): back into the save

    def __init__(self, readline, write, store=None, entropy=None, notice=None, opts=None):
        self._readline = readline
        self._write = write
        self.store = store
        self.entropy = entropy
        self.notice = notice
        self.opts = opts or {}     # --game, --seed from the command line
        self.session = None
        self.holder = None         # the human who has the console (pass-and-play)
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
        # A line is the console's page: what the last one loaded on the device
        # (engine.ondemand.call) goes while the player types.
        self.news()
        ondemand.settle()
        line = self._readline(prompt)
        if line is None:
            raise Quit()
        return clean(line)

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
            got = self.store.load_settings() if self.store is not None else {}
            self.settings = call("ui.prefs", "with_defaults", got)   # every setting
        return self.settings

    def level(self):
        # The bots' level setting (the screen's New game and --game use it too).
        return self.prefs()["bot_level"]

    # --- menu -------------------------------------------------------------
    def run(self):
        # The console until the player quits or input ends.
        self.say("Pocket Tricks %s - text console. Type help at any time." % VERSION)
        if self.notice:
            self.say(self.notice)
        try:
            self.news()                      # e.g. storage is read-only
            base = ondemand.held()           # what the menu holds: a game's code goes after it
            saved = self._saved()
            session = self.quick(saved) if not self.restarted else self.back(saved)
            while True:
                if session is None:
                    session = self.menu(saved)
                    saved = None
                if session is None:
                    break
                self.play(session)
                session = None
                ondemand.sweep(base, "ui.draw")
        except (Quit, KeyboardInterrupt):   # input ended: the autosave has the game
            self.say("")
        self.say("Bye.")

    def back(self, saved):
        # The start after memory ran out (code.py restarted the console): the
        # saved game goes on at once, and the player hears why.
        from ui.restart import BACK, FRESH
        if saved is None:
            self.say(FRESH)
            return None
        self.say(BACK, "Resuming %s." % facts(saved.game)["title"])
        return saved

    def quick(self, saved):
        # --game ID: straight to a game, you against bots (as on the screen);
        # a saved game is replaced only if the player says so.
        gid = self.opts.get("quick")
        if gid not in call("engine.catalog", "ids") or not self.replaces(saved):
            return None
        n = facts(gid)["players"]
        level = self.level()
        seed = self.opts.get("seed") or random_deal(self.entropy)
        return self.begin(gid, ["human"] + ["bot"] * (n - 1), [level] * n, seed, {})

    def replaces(self, saved):
        # True unless a saved game would be lost and the player keeps it.
        if saved is None:
            return True
        title = facts(saved.game)["title"]
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
        ids = call("engine.catalog", "ids")
        for i in range(len(ids)):
            gid = ids[i]
            g = facts(gid)
            lo, hi = g["fewest"], g["most"]
            who = "%d" % lo if lo == hi else "%d-%d" % (lo, hi)
            self.say("  %d  %s (%s players)" % (i + 1, g["title"], who))
        if saved is not None:
            self.say("  c  continue the saved %s" % facts(saved.game)["title"])
        self.say("  s  settings    t  statistics    r  rules", "  q  quit")
        while True:
            line = self.ask("Game> ").lower()
            if line in ("q", "quit", "exit"):
                return None
            if line in ("c", "continue", "resume") and saved is not None:
                self.say("Resuming %s." % facts(saved.game)["title"])
                return saved
            if line in W.HELP_WORDS:
                self.say("Type a game number to start it, c to continue a saved game,",
                         "s for settings, t for statistics, r for rules (r 2: the second "
                         "game's), q to quit.")
                continue
            page = W.page(line)
            if page:
                call("ui.console.pages", page[0], self, *page[1:])
                self.say("")
                continue
            n = number(line)
            if n is not None and 1 <= n <= len(ids):
                if not self.replaces(saved):
                    continue
                try:
                    return self.setup(ids[n - 1])
                except Quit:
                    return self.menu()
            self.say("! Type a game's number (1-%d)%s, s, t, r or q." % (
                len(ids), ", c" if saved is not None else ""))

    def setup(self, gid):
        g = facts(gid)
        lo, hi = g["fewest"], g["most"]
        players = lo
        if hi > lo:
            players = self.choose("Players (%d-%d)" % (lo, hi), g["players"],
                                  lambda t: W.whole(t, lo, hi, "Players"),
                                  "How many play %s: %d to %d." % (g["title"], lo, hi))
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
        self.say("%s, deal #%d. %s" % (facts(gid)["title"], seed, ", ".join(
            [session.names[s] + ("" if seats[s] == "human" else " (bot %d)" % levels[s])
             for s in range(len(seats))])))
        self.session = session
        self.autosave()
        return session


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
    console = Console(profile.readline, profile.write, store, profile.entropy,
                      profile.notice, profile.opts)
    console.restarted = profile.restarted
    console.run()
