# Pocket Tricks as typed commands: the serial REPL of a board without a screen,
# or a terminal (`python code.py --text`). Same games, setup, bots and saves as
# the screen UI (ui.session.Session does the game bookkeeping).
#
# Input comes from readline(prompt) -> str (None when input ends) and output
# goes to write(text), both injected, so tests script a whole game.

from engine import IllegalAction, games
from ui import fmt, text_table
from ui.session import Session
from ui.version import VERSION

# id: (fewest players, most players, options asked at setup)
# an option: (name, question, default, lowest, highest); lowest None = yes/no
SETUP = {
    "nommie": (4, 4, ()),
    "linger": (2, 5, ()),
    "nines": (3, 3, (("start_score", "Starting score", 9, 1, 99),)),
    "callbreak": (4, 4, (("eight_wins", "Eight tricks win at once (y/n)", True, None, None),)),
    "israeli": (4, 4, (("rounds", "Number of deals", 13, 1, 99),)),
}
DEFAULT_LEVEL = 2
LIST_AT_MOST = 16        # longer legal-move lists are left to the `moves` command

HELP = (
    "Play: a card (QH, 10S, TS; Nines codes s1 ha ce), bid 3 (or just 3),",
    "  trump H / trump NT, bid 6 S / bid 5 NT, pass, swap, keep.",
    "Also: hand, table, moves, scores, undo (undo trick), save, quit, help.",
)


class Quit(Exception):
    # Input ended or the player left the console.
    pass


class Console:
    def __init__(self, readline, write, store=None, entropy=None, notice=None):
        self._readline = readline
        self._write = write
        self.store = store
        self.entropy = entropy
        self.notice = notice
        self.session = None

    # --- input / output -------------------------------------------------
    def say(self, *lines):
        for line in lines:
            self._write(line + "\n")

    def ask(self, prompt):
        line = self._readline(prompt)
        if line is None:
            raise Quit()
        return line.strip()

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
        try:
            while True:
                session = self.menu()
                if session is None:
                    break
                self.play(session)
        except Quit:
            self.say("")
        self.say("Bye.")

    def _saved(self):
        if self.store is None:
            return None
        try:
            rec = self.store.load_game()   # replayed by the store: its state is reused
            return Session.from_record(rec, getattr(self.store, "state", None)) if rec else None
        except (IllegalAction, KeyError, ValueError, TypeError):
            return None

    def menu(self):
        # A new or resumed Session, or None to leave.
        saved = self._saved()
        self.say("")
        for i in range(len(games.IDS)):
            gid = games.IDS[i]
            lo, hi = SETUP[gid][0], SETUP[gid][1]
            who = "%d" % lo if lo == hi else "%d-%d" % (lo, hi)
            self.say("  %d  %s (%s players)" % (i + 1, games.TITLES[gid], who))
        if saved is not None:
            self.say("  c  continue the saved %s" % games.TITLES[saved.game])
        self.say("  q  quit")
        while True:
            line = self.ask("Game> ").lower()
            if line in ("q", "quit", "exit"):
                return None
            if line in ("c", "continue", "resume") and saved is not None:
                self.say("Resuming %s." % games.TITLES[saved.game])
                return saved
            if line in ("h", "help", "?"):
                self.say("Type a game number, c to continue a saved game, q to quit.")
                continue
            if line.isdigit() and 1 <= int(line) <= len(games.IDS):
                try:
                    return self.setup(games.IDS[int(line) - 1])
                except Quit:
                    return self.menu()
            self.say("! Type a number from 1 to %d%s, or q." % (
                len(games.IDS), ", c" if saved is not None else ""))

    def setup(self, gid):
        lo, hi, questions = SETUP[gid]
        players = lo
        if hi > lo:
            players = self.choose("Players (%d-%d)" % (lo, hi), 4 if lo <= 4 <= hi else lo,
                                  lambda t: _number(t, lo, hi, "Players"))
        default = "h" + " %d" % DEFAULT_LEVEL * (players - 1)
        seats, levels = self.choose("Seats: h = human, 0-3 = bot level", default,
                                    lambda t: _seats(t, players))
        options = {}
        for name, question, dflt, qlo, qhi in questions:
            if qlo is None:
                options[name] = self.choose(question, "y" if dflt else "n", _yes_no)
            else:
                options[name] = self.choose(question, dflt,
                                            lambda t: _number(t, qlo, qhi, question))
        rnd = (self.entropy() if self.entropy else 1) % 100000
        seed = self.choose("Deal number", rnd, lambda t: _number(t, 0, 999999999, "Deal number"))
        session = Session.new(gid, seats, levels, seed, options)
        self.say("%s, deal #%d. %s" % (games.TITLES[gid], seed, ", ".join(
            [session.names[s] + ("" if seats[s] == "human" else " (bot %d)" % levels[s])
             for s in range(players)])))
        return session

    # --- playing ----------------------------------------------------------
    def play(self, session):
        # Play until the game ends or the player quits to the menu.
        self.session = session
        title = games.TITLES[session.game]
        shown_for = None
        while not session.state.is_over():
            seat = session.to_act()
            if not session.is_human(seat):
                self.apply(session.bot_action())
                continue
            if shown_for != len(session.state.actions()):
                self.show(seat, title)
                shown_for = len(session.state.actions())
            if not self.human_turn(seat, title):
                return
        self.game_over(title)

    def apply(self, action):
        # Apply one action and report it: the move, a finished trick, a finished round.
        s = self.session
        before = s.state.view(None)
        seat = before["to_act"]
        s.apply(action)
        after = s.state.view(None)
        name = s.names[seat]
        if before["phase"] == "frisch" and not s.is_human(seat):
            self.say("  %s picks a card to pass" % name)
        else:
            self.say("  %s: %s" % (name, s.state.action_text(action)))
        if before["phase"] == "play" and before["trick"] and not after["trick"] \
                and after.get("last_trick"):
            self.say(text_table.trick_won_line(after, s.names))
        if len(after["history"]) > len(before["history"]):
            self.say("Round %d over:" % len(after["history"]))
            self.say(*fmt.round_summary(after, s.names, 80))

    def show(self, seat, title):
        s = self.session
        v = s.state.view(seat)
        self.say("")
        self.say(*text_table.table_lines(v, s.names, title, seat))
        legal = s.state.legal_actions()
        if len(legal) <= LIST_AT_MOST or legal[0] >= 100:
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
                self.say(*fmt.score_sheet(s.state.view(seat), s.names, 80))
            elif word in ("undo", "undo trick"):
                done = s.undo_trick() if word == "undo trick" else s.undo_human()
                self.say("Taken back." if done else "! Nothing to take back.")
                if done:
                    return True
            elif word == "save":
                self.say(self.save() or "Saved.")
            elif word in ("quit", "exit", "menu"):
                msg = self.save()
                self.say("Left the game%s" % (": " + msg if msg else "; saved, type c to continue."))
                return False
            else:
                if word.isdigit() and s.state.view(None)["phase"] in ("bid", "contract"):
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

    def game_over(self, title):
        s = self.session
        v = s.state.view(None)
        win = s.state.winners()
        self.say("", "%s is over." % title)
        self.say(*fmt.score_sheet(v, s.names, 80))
        self.say("Winner%s: %s" % ("s" if len(win) > 1 else "", ", ".join([s.names[w] for w in win])))
        if self.store is not None:
            self.store.clear_game()
            humans = s.humans()
            if len(humans) == 1:
                bots_ = [s.levels[i] for i in range(s.players) if not s.is_human(i)]
                self.store.record_result(s.game, bots_, humans[0] in win,
                                         v["scores"][humans[0]])


def _number(text, lo, hi, what):
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise ValueError("%s: a number from %d to %d." % (what, lo, hi))
    return int(text)


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
    # Run the console on a HAL profile with readline/write (hal.text.Text).
    store = None
    try:
        from ui.saves import Store
        store = Store(profile.save_dir, profile.writable)
    except ImportError:
        pass
    Console(profile.readline, profile.write, store, profile.entropy,
            getattr(profile, "notice", None)).run()
