# A link table's joiner in the text console: `python code.py --text --join
# ADDRESS` (or a board's serial console). The same Client as the screen's
# joiner (ui.link.client); the table is printed when it changes, and when it
# is this seat's turn a typed move (QH, bid 3, pass...) goes to the host,
# which parses and checks it. Input is read only when a whole line is there,
# so the connection is served while the player thinks. It names the game and
# the seat on joining, prints every move it can see (bids, trumps, swaps,
# tricks), the seats' news, the whole table again after a rejoin, and asks
# again after a refusal.
import sys
import time

from engine import ondemand
from engine.ondemand import call
from ui import faces
from ui.console import table as text_table
from ui.link.client import Client

HELP = ("Type a move when it is your turn (QH, 10S, bid 3, trump NT, bid 6 S, pass,",
        "swap, keep), or: table, hand, last, tricks, out, scores, rules, help, leave.")


class _Seat:
    # What the Client calls a table: the console's side of it.
    replaced = False

    def __init__(self, console):
        self.console = console

    def refused(self, why):
        con = self.console
        con.sent = False
        if why:
            con.say("! " + why)
            con.ask()


class _App:
    # The bits of App a Client uses (a store for the seat's token, the
    # network, the command line's options).
    link = net = opts = None

    def __init__(self, store):
        self.store = store

    def top(self):
        return None


class LinkConsole:
    def __init__(self, client, write, ready, readline, clock=None):
        self.c = client
        self.write = write
        self.ready = ready          # ready() -> True when a typed line is waiting
        self.readline = readline    # readline() -> the line (None: input ended)
        self.clock = clock or _ms
        self.sent = False
        self.seen_n = -1
        self.trick = []
        self.hist = 0
        self.status = None
        self.prompted = -1
        self.timed = -1             # the move whose seconds were told
        self.seen_v = None          # the view last shown: the moves between are told
        self.back_seen = None       # the client's back_at last shown (a rejoin)
        self.news_seen = 0
        client.table = _Seat(self)

    def say(self, *lines):
        for line in lines:
            self.write(line + "\n")

    def names(self):
        return self.c.session.names

    def run(self, most_ms=None):
        # Until the game is over, input ends or the player leaves.
        start = self.clock()
        while most_ms is None or self.clock() - start < most_ms:
            self.c.poll()
            if self.c.status != self.status:
                self.status = self.c.status
                if self.status:
                    self.say(self.status)
            if self.c.fresh and self.c.state is not None:
                self.c.fresh = False
                if self.show():
                    return True
            if self.c.done and self.c.line is None:
                return False          # refused, or a host this version cannot read
            if self.ready():
                line = self.readline()
                if line is None or not self.command(line.strip()):
                    return False
                ondemand.settle()     # (what the command loaded)
            time.sleep(0.02)
        return False

    def show(self):
        # Print what changed; True when the game is over.
        st = self.c.state
        v = st.v
        names = self.names()
        c = self.c
        if self.seen_v is None or c.back_at != self.back_seen:
            self.back_seen = c.back_at        # joined, or back: the game, the seat, the table
            from ui.screens.common import facts
            self.say("", "%s %s: %s, seat %d." % (
                "Back at" if self.seen_v is not None else "Joined", c.table_name or "the table",
                facts(c.game)["title"], c.seat + 1))
            self.say(*text_table.table_lines(v, names, c.table_name, c.seat))   # (and the hand)
            self.prompted = -1
        elif st.n != self.seen_n:
            self.say(*auction_lines(self.seen_v, v, names, st))
        if c.news_at != self.news_seen and c.news:
            self.news_seen = c.news_at
            self.say(c.news + ".")
        self.seen_v = v
        if st.n != self.seen_n:
            self.sent = False
            if st.last_trick and not st.trick and self.trick:
                self.say(text_table.trick_won_line(v, names))
            elif st.trick and st.trick != self.trick:
                self.say(text_table.trick_line(v, names))
            if st.hn > self.hist and st.complete():
                self.say("Round %d over:" % st.hn)
                self.say(*call("ui.screens.sheet", "round_summary", v, names, 80))
            self.hist = st.hn
            self.trick = list(st.trick)
            self.seen_n = st.n
        if st.is_over():
            self.say("", "Game over.")
            self.say(*call("ui.screens.sheet_page", "score_sheet", v, names, 80))
            self.say(*call("ui.screens.standings", "outcome", v, st.winners(), names))
            return True
        w = self.c.wait
        if w:
            who = names[w[0]]
            self.say("Waiting for %s to join." % who if w[1] < 0 else
                     "%s left: a bot plays in %d s." % (who, w[1]))
        if st.legal and st.to_act() == self.c.seat:
            left = self.c.turn_left(self.c.net.now_ms())
            if self.prompted != st.n:
                self.prompted = st.n
                self.say("")
                self.say(*text_table.table_lines(v, names, self.c.table_name, self.c.seat))
                self.say(*text_table.moves_lines(st, st.legal))
            elif left is None or self.timed == st.n:
                return False
            if left is not None:      # (a turn timer, or the host's last seconds of a minute)
                self.timed = st.n
                self.say("You have %d s for this move, then a bot makes it." % left)
            self.ask()
        return False

    def ask(self):
        # The prompt again (after a refusal or a reply) while it is this seat's turn.
        st = self.c.state
        if st is not None and st.legal and st.to_act() == self.c.seat and not self.sent:
            self.write("%s> " % self.names()[self.c.seat])

    def command(self, line):
        # One typed line; False to leave.
        st = self.c.state
        word = line.lower()
        if not word:
            return True
        if word in ("leave", "quit", "exit"):
            self.c.leave()
            self.say("You left the table.")
            return False
        if word in ("help", "?", "h"):
            self.say(*HELP)
        elif st is None:
            self.say("! Not seated yet.")
        elif word in ("table", "t"):
            self.say(*text_table.table_lines(st.v, self.names(), self.c.table_name, self.c.seat))
        elif word == "hand":
            self.say(text_table.hand_text(st.v["hands"][self.c.seat] or []))
        elif word in ("scores", "score"):
            self.say(*call("ui.screens.sheet_page", "score_sheet", st.v, self.names(), 80))
        elif word in ("last", "last trick"):
            self.say(text_table.trick_won_line(st.v, self.names()).strip() if st.v.get("last_trick")
                     else "No trick has been played yet this round.")
        elif word in ("tricks", "out"):
            self.say(*call("ui.console.words", "played", word, st.v, self.names(), st.v["game"],
                           self.c.app.store.load_settings()))
        elif word == "rules":
            self.say("", *call("ui.console.pages", "rules_lines", st.v["game"]))
        elif st.to_act() != self.c.seat or not st.legal:
            self.say("! It is not your turn.")
        elif self.sent:
            self.say("! Your move is on its way.")
        else:
            if word.isdigit() and st.v["phase"] in faces.of(st.v["game"]).BIDDING:
                line = "bid " + line
            self.sent = True
            if self.c.line is not None:
                self.c.line.send({"t": "act", "n": st.n, "text": line[:24]}, self.c.net.now_ms())
            return True
        self.ask()
        return True


def auction_lines(old, new, names, state):
    # The moves besides cards between two views of the same round, one line
    # each, in the host engine's words (state: the RemoteState; the moves
    # the face reads from a view): "  Ann: bid 3" ("call 3" in Call Break),
    # "  Bob: pass", "  Cy: swap", "  Trump: H".
    from engine.cards import trump_text
    out = []
    if old is None or old.get("round") != new.get("round"):
        return out
    face = faces.of(new["game"])
    for a, b in zip(face.moves(old), face.moves(new)):
        if len(a) != len(b):
            continue
        for s in range(len(b)):
            if b[s] is not None and b[s] != a[s]:
                out.append("  %s: %s" % (names[s], state.action_text(b[s])))
    if new.get("trump") is not None and old.get("trump") != new.get("trump"):
        out.append("  Trump: %s" % trump_text(new["trump"]))
    return out


def _ms():
    if hasattr(time, "monotonic_ns"):
        return time.monotonic_ns() // 1000000
    return int(time.monotonic() * 1000)


def _stdin():
    # (ready, readline) for this machine's console.
    if sys.implementation.name == "cpython":
        import os
        import select
        fd = sys.stdin.fileno()
        got = [b"", False]       # bytes read, input ended

        def ready():
            # whole lines only; os.read, not sys.stdin: its buffer hides lines from select
            while b"\n" not in got[0] and not got[1] and select.select([fd], [], [], 0)[0]:
                data = os.read(fd, 1024)
                if not data:
                    got[1] = True
                got[0] += data
            return b"\n" in got[0] or got[1]

        def readline():
            if b"\n" not in got[0]:
                line, got[0] = got[0], b""
                return line.decode(errors="replace") if line else None
            line, got[0] = got[0].split(b"\n", 1)
            return line.decode(errors="replace")
        return ready, readline
    import supervisor
    buf = []

    def ready_board():
        while supervisor.runtime.serial_bytes_available:
            ch = sys.stdin.read(1)
            if ch in ("\n", "\r"):
                return True
            buf.append(ch)
        return False

    def readline_board():
        line = "".join(buf)
        del buf[:]
        return line
    return ready_board, readline_board


def main(profile, address, name=None, opts=None):
    # `code.py --text --join ADDRESS`: the console joiner on this machine.
    from ui.link import proto as P
    from ui.saves import Store
    store = Store(profile.save_dir, profile.writable)
    app = _App(store)
    app.opts = opts or {}
    try:
        host, port = P.address(address)
    except ValueError as e:
        profile.write("pocket-tricks: --join: %s.\n" % e)
        raise SystemExit(2)
    try:
        net = P.net_for(app)
    except OSError as e:
        profile.write("Link play: %s\n" % e)
        return
    from ui.link import saved as link_saved
    saved = link_saved.get(store, "join")
    token = saved.get("token") if saved and saved.get("host") == host and \
        saved.get("port") == port and type(saved.get("token")) is str else None
    from engine.ondemand import call
    name = call("ui.screens.naming", "link_name", store.load_settings(), name)  # --name, else yours
    client = Client(app, net, host, port, name, token)
    ready, readline = _stdin()
    profile.write("Joining %s:%d.\n%s\n" % (host, port, "\n".join(HELP)))
    LinkConsole(client, profile.write, ready, readline).run()
