# A joiner's connection to the host of a link table: joins, reconnects with
# its token, keeps the latest state (ui.link.state) and sends this seat's
# choices, which the host checks with the engine. The joiner keeps no save:
# the host does; its seat and token are kept in link.json so a restarted
# joiner takes its seat back. The screen (ui.link.remote) and the text
# console (ui.console.link) each show the table their own way. Loaded only
# for link play.
from ui.link import proto as P
from ui.link.state import RemoteSession, RemoteState

RETRY_MS = 1000          # between connection attempts
CONNECT_MS = 1500        # how long one attempt may take
LOOKUP_MS = 100          # between looks at a host name's lookup
MAX_BAD = 3              # state messages in a row this joiner cannot read: it leaves
UNREADABLE = "The host sent a table this version cannot read."


class Client:
    # The connection to the host: joins, reconnects with the token, keeps the
    # latest state. poll(now) runs every tick (App.link).

    def __init__(self, app, net, host, port, name=None, token=None, show=None):
        self.app = app
        # show(client): the table screen made when the first state comes, and
        # again for a new deal (ui.link.remote.show_table); None: the text
        # console shows the table itself (ui.console.link)
        self.show = show
        self.net = net
        self.host = host
        self.port = port
        self.name = name
        self.token = token
        self.line = None
        self.next_try = 0
        self.tries = 0
        self.done = False          # stop reconnecting (refused, or left)
        self.status = "Connecting to %s..." % host
        self.seat = -1
        self.players = 0
        self.game = None
        self.deal = 0
        self.table_name = ""
        self.state = None          # RemoteState once the first state came
        self.session = None
        self.fresh = False         # a state arrived the table has not shown yet
        self.wait = None           # [seat, seconds left or -1] while the table is paused
        self.news = ""             # "Bob is back": a seat's news, since news_at
        self.news_at = 0
        self.turn = None           # seconds the seat to act had left at turn_at (a turn timer)
        self.turn_at = 0
        self.kinds = []
        self.names_seen = None     # the names of the last state (as sent)
        self.known_as = None       # this seat's name at the table, when not the one asked for
        self.table = None          # the RemoteTable showing this table
        self.lost_at = None        # when the host was lost (ms)
        self.back_at = None        # when a seat was given back after a loss
        self.log = []              # (ms, event): drops, returns, unreadable states
        self.bad = 0               # state messages in a row that failed ui.link.check
        self.tap = None

    # --- connection ----------------------------------------------------------
    def poll(self, now=0):
        now = self.net.now_ms()
        line = self.line
        if line is None:
            if not self.done and now >= self.next_try:
                self.connect(now)
            return
        for msg, why in line.poll(now):
            if why:
                line.send({"t": "refused", "re": None, "why": why}, now)
                line.refusal()
            else:
                self.handle(msg, now)
        if self.line is None:
            return
        if line.closed or now - line.heard > P.SILENT_MS:
            self.lost(now, "Host lost: reconnecting...")
        elif now - line.said > P.PING_MS:
            line.send({"t": "ping"}, now)

    def connect(self, now):
        # One attempt; the host's name is looked up first without blocking
        # (hal.net's resolve: a desktop's worker thread, a board's one bounded
        # lookup after a tick that says so).
        try:
            addr = self.net.resolve(self.host)
        except OSError:
            addr = False
        if addr is None:
            self.next_try = now + LOOKUP_MS
            if self.state is None:
                self.status = "Looking up %s..." % self.host
            return
        self.tries += 1
        if addr is False:
            self.next_try = now + RETRY_MS
            if self.state is None:
                self.status = "No address for %s (try %d)" % (self.host, self.tries)
            return
        try:
            sock = self.net.connect(addr, self.port, CONNECT_MS)
        except OSError:
            self.next_try = self.net.now_ms() + RETRY_MS
            if self.state is None:
                self.status = "No table at %s:%d yet (try %d)" % (self.host, self.port, self.tries)
            return
        self.line = P.Line(sock, now)
        self.line.tap = self.tap
        hello = {"t": "hello"}
        if self.name:
            hello["name"] = self.name[:12]
        if self.token:
            hello["token"] = self.token
        self.line.send(hello, now)

    def lost(self, now, why):
        if self.line is not None:
            self.line.close()
            self.line = None
        over = self.state is not None and self.state.is_over()
        if over:
            self.done = True
            return
        if self.lost_at is None:
            self.lost_at = now
            self.log.append((now, "lost"))
        self.status = why
        self.next_try = now + RETRY_MS
        self.fresh = True

    def send_act(self, a, n):
        if self.line is not None:
            self.line.send({"t": "act", "n": n, "a": a}, self.net.now_ms())

    def leave(self):
        # Leave for good: the host gives the seat to a bot now; forget the token.
        if self.line is not None:
            self.line.send({"t": "bye"}, self.net.now_ms())
            self.line.flush()
        self.done = True
        self.close()
        self.keep(None)

    def close(self):
        if self.line is not None:
            self.line.close()
            self.line = None

    def keep(self, info):
        from engine.ondemand import once
        once("ui.link.saved", "put", self.app.store, "join", info)

    # --- messages ------------------------------------------------------------
    def handle(self, msg, now):
        t = msg["t"]
        if t == "state":
            self.on_state(msg, now)
        elif t == "welcome":
            self.on_welcome(msg, now)
        elif t == "refused":
            why = P.words(msg, "why", 200) or "Refused."
            if msg.get("re") == "hello":
                if self.token:         # the host does not know this seat: join anew
                    self.token = None
                    self.keep(None)
                    self.close()
                    self.next_try = now
                    self.status = why
                    return
                self.status = why
                self.done = True
                self.close()
            elif self.table is not None:
                self.table.refused(why)
        elif t == "bye":
            why = P.words(msg, "why", 200) or "The host left."
            if msg.get("freed") is True:   # the host freed this seat: not back on our own
                self.keep(None)
                self.token = None
                return self.give_up(now, why)
            self.lost(now, why + " Reconnecting...")

    def on_welcome(self, msg, now):
        seat = P.number(msg, "seat", 0, 9)
        players = P.number(msg, "players", 2, 10)
        tok = P.text(msg, "token", 40)
        game = msg.get("game")
        deal = msg.get("deal")
        if seat is None or players is None or tok is None or seat >= players \
                or not (type(deal) is int and deal >= 0):
            return
        from engine.ondemand import call
        if game not in call("engine.catalog", "ids"):
            return self.give_up(now, "The host plays a game this version does not know.")
        if self.state is not None and (seat != self.seat or msg.get("deal") != self.deal):
            self.state = None          # another seat or another game: start afresh
        if self.table is not None:
            self.table.refused("")     # a move sent before the loss is not pending any more
        self.seat = seat
        self.players = players
        self.token = tok
        self.game = game
        self.deal = deal
        self.table_name = P.fit_name(P.words(msg, "table", 40) or "")
        self.keep({"host": self.host, "port": self.port, "token": tok, "seat": seat,
                   "table": self.table_name})

    def on_state(self, msg, now):
        if self.seat < 0:
            return
        from engine.ondemand import call   # (on the device: loaded for the check alone)
        why = call("ui.link.check", "problem", msg, self.seat, self.players, self.game)
        if why:
            return self.unreadable(now, why)
        st = self.state
        fresh = st is None or msg.get("deal", self.deal) != self.deal or msg["n"] < st.n
        again = False
        if fresh:
            st = RemoteState()
        for key in ("words", "why"):     # the host's words for moves (ui.link.check bounded
            if msg.get(key):               # their length), printed as they come
                msg[key] = [[w[0], call("ui.clean", "clean", w[1])] for w in msg[key]]
        try:
            st.take(msg)
        except ValueError:         # history that does not follow: ask for all of it
            if self.line is not None:
                self.line.send({"t": "sync"}, now)
            return
        self.bad = 0
        if fresh:
            self.deal = msg.get("deal", self.deal)
            self.state = st
            self.session = RemoteSession(st, self.seat, self.players, self.game, self.deal)
            self.names_seen = None
            again = self.state is not None and self.table is not None \
                and self.show is not None
            if again:                          # a new deal at the same table
                self.table.replaced = True
                self.table = None
        names = msg.get("names")
        me = None
        if names and names != self.names_seen:      # (cleaned when they change)
            self.names_seen = names
            for s in range(self.players):
                if s != self.seat:
                    self.session.names[s] = P.player_name(names[s]) or "P%d" % (s + 1)
            me = P.player_name(names[self.seat])
        kinds = msg.get("kinds") or []
        news = P.seat_news(self.kinds, kinds, self.session.names, self.seat)
        if kinds != self.kinds:       # (a drop: its countdown replaces older news)
            self.news, self.news_at = (news or [""])[-1], now
        if me:
            self.name_news(me, now)
        self.kinds = kinds
        self.wait = msg.get("wait")
        self.turn = msg.get("turn")
        self.turn_at = now
        if self.lost_at is not None:
            self.log.append((now, "back"))
            self.back_at = now
            self.lost_at = None
        self.status = ""
        self.fresh = True
        if again:
            self.start_table()

    def name_news(self, me, now):
        # The host gave this seat another name than the one asked for (another
        # seat has it: ui.seating.unique_name): said once, as the seats' news.
        asked = P.player_name(self.name[:12]) if self.name else ""
        if asked and me != asked and me != self.known_as:
            self.known_as = me
            self.news, self.news_at = "Others see you as %s" % me, now

    def unreadable(self, now, why):
        # A state message ui.link.check refused: answered and logged; the last
        # good table stays; after MAX_BAD in a row this joiner leaves.
        self.bad += 1
        self.log.append((now, "unreadable: " + why))
        if self.line is not None:
            self.line.send({"t": "refused", "re": "state", "why": why}, now)
            self.line.refusal()
        if self.bad >= MAX_BAD:
            self.give_up(now, UNREADABLE)

    def give_up(self, now, why):
        # Leave this host for good (no retry), saying why.
        self.log.append((now, "gave up"))
        self.status = why
        self.done = True
        self.fresh = True
        self.close()

    def news_now(self, now):
        # The seats' latest news while it is fresh, else "".
        return self.news if self.news and now - self.news_at < P.NEWS_MS else ""

    def turn_left(self, now):
        # Seconds the seat to act has for its move, or None (no turn timer).
        if self.turn is None or self.line is None:
            return None
        return max(0, self.turn - (now - self.turn_at) // 1000)

    def start_table(self):
        return self.show(self)
