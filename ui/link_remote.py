# A joiner's side of a link table: the connection to the host (Client), the
# table as the host shows it to this seat (RemoteState: the seat's own view
# and legal actions, nothing else ever arrives), and the table screen
# (RemoteTable: ui.table.Table drawing that state and sending the player's
# choices to the host, which checks them with the engine). The joiner keeps
# no save: the host does. Its seat and token are kept in link.json so a
# restarted joiner takes its seat back. Loaded only for link play.
from hal import keys as K
from ui import link_proto as P, table_keys, table_text as T
from ui.list_screen import ListScreen
from ui.screen import wrap
from ui.table import Table

RETRY_MS = 1000          # between connection attempts
CONNECT_MS = 1500        # how long one attempt may take
MAX_BAD = 3              # state messages in a row this joiner cannot read: it leaves
UNREADABLE = "The host sent a table this version cannot read."


class RemoteState:
    # What Table reads from an engine state, made of the host's state messages.

    def __init__(self):
        self.v = None
        self.legal = []
        self.n = 0
        self.hn = 0
        self.history = []
        self.win = []
        self.phase = "play"
        self.trick = []
        self.last_trick = None
        self.last_winner = None
        self.hands = []
        self.log = b""
        self.why = []

    def take(self, msg):
        # Use a state message that ui.link_check passed; ValueError (this state
        # left as it was) if its history does not follow what came before.
        v = msg["view"]
        h0 = msg["h0"]
        if h0 > len(self.history):
            raise ValueError("history gap")
        self.history = self.history[:h0] + msg["hist"]
        self.hn = msg["hn"]
        v["history"] = self.history
        self.v = v
        self.legal = msg["legal"]
        self.n = msg["n"]
        self.win = msg.get("winners") or []
        self.phase = v["phase"]
        self.trick = v["trick"]
        self.last_trick = v.get("last_trick")
        self.last_winner = v.get("last_winner")
        self.hands = v["hands"]
        self.why = msg.get("why") or []

    def complete(self):
        return len(self.history) >= self.hn

    def view(self, seat=None):
        return self.v

    def legal_actions(self):
        return list(self.legal)

    def explain(self, a):
        # The host engine's reason why bid a is left out (state messages carry them).
        for w in self.why:
            if w[0] == a:
                return w[1]
        return None

    def to_act(self):
        return self.v["to_act"]

    def is_over(self):
        return self.v["phase"] == "over"

    def winners(self):
        return list(self.win)

    def action_text(self, a):
        # The engine's words for a; a bid is a "call" where the view has calls
        # (Call Break, as engine.callbreak says it: no engine module loaded here).
        from engine.actions import action_text
        text = action_text(a)
        if self.v is not None and "calls" in self.v and text.startswith("bid "):
            return "call" + text[3:]
        return text


class RemoteSession:
    # The Session face of a joined table: one human seat (this one).
    resumed = False          # (the host continues a saved game; a joiner starts afresh)

    def __init__(self, state, seat, players, game, seed):
        self.state = state
        self.seat = seat
        self.players = players
        self.game = game
        self.seed = seed
        self.seats = ["bot"] * players
        self.seats[seat] = "human"
        self.levels = [2] * players
        self.names = ["P%d" % (s + 1) for s in range(players)]
        self.names[seat] = "You"

    def humans(self):
        return [self.seat]

    def is_human(self, seat):
        return seat == self.seat

    def to_act(self):
        return self.state.to_act()


class Client:
    # The connection to the host: joins, reconnects with the token, keeps the
    # latest state. poll(now) runs every tick (App.link).

    def __init__(self, app, net, host, port, name=None, token=None):
        self.app = app
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
        self.table = None          # the RemoteTable showing this table
        self.lost_at = None        # when the host was lost (ms)
        self.back_at = None        # when a seat was given back after a loss
        self.log = []              # (ms, event): drops, returns, unreadable states
        self.bad = 0               # state messages in a row that failed ui.link_check
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
        self.tries += 1
        try:
            sock = self.net.connect(self.host, self.port, CONNECT_MS)
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
        from ui import link_saved
        from engine.ondemand import forget
        link_saved.put(self.app.store, "join", info)
        forget("ui.link_saved")

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
            self.lost(now, (P.words(msg, "why", 200) or "The host left.") + " Reconnecting...")

    def on_welcome(self, msg, now):
        seat = P.number(msg, "seat", 0, 9)
        players = P.number(msg, "players", 2, 10)
        tok = P.text(msg, "token", 40)
        game = msg.get("game")
        deal = msg.get("deal")
        if seat is None or players is None or tok is None or seat >= players \
                or not (type(deal) is int and deal >= 0):
            return
        from engine.games import IDS
        if game not in IDS:
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
        why = call("ui.link_check", "problem", msg, self.seat, self.players, self.game)
        if why:
            return self.unreadable(now, why)
        st = self.state
        fresh = st is None or msg.get("deal", self.deal) != self.deal or msg["n"] < st.n
        again = False
        if fresh:
            st = RemoteState()
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
                and hasattr(self.app, "begin")
            if again:                          # a new deal at the same table
                self.table.replaced = True
                self.table = None
        names = msg.get("names")
        if names and names != self.names_seen:      # (cleaned when they change)
            self.names_seen = names
            for s in range(self.players):
                if s != self.seat:
                    self.session.names[s] = P.player_name(names[s]) or "P%d" % (s + 1)
        kinds = msg.get("kinds") or []
        news = P.seat_news(self.kinds, kinds, self.session.names, self.seat)
        if kinds != self.kinds:       # (a drop: its countdown replaces older news)
            self.news, self.news_at = (news or [""])[-1], now
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

    def unreadable(self, now, why):
        # A state message ui.link_check refused: answered and logged; the last
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
        t = RemoteTable(self)
        self.app.begin(t)
        self.app.link = self
        return t


class RemoteTable(Table):
    pause_screen = "join_pause"
    over_screen = "link_over"
    local = False
    # The table screen of a joiner: Table's drawing and keys, the host's state.

    def __init__(self, client):
        Table.__init__(self, client.session)
        self.client = client
        client.table = self
        self.seat = client.seat
        self.sent = 0              # actions sent the host has not answered yet
        self.seen_n = client.state.n
        self.seen_last = client.state.last_trick
        self.replaced = False
        self.rounds_seen = client.state.hn
        self.shown_turn = None
        self.shown_news = ""

    def take(self):
        # A new state from the host: note a finished trick or round, redraw.
        st = self.state()
        if st.n != self.seen_n:
            self.sent = 0
            self.dec_seat = -1
            self.acts += 1
            self.chosen = []
            if st.last_trick and st.last_trick != self.seen_last and not st.trick \
                    and st.n > self.seen_n:
                pause = self.app.speed_ms()
                self.hold_until = self.now + pause * 2 + 300
                self.trick_hold = True
                w = st.last_winner
                if w is not None and 0 <= w < len(self.names()):
                    self.note = T.won_note(st.last_trick, w, st.v.get("trump"), self.names())
            if st.complete() and st.hn > self.rounds_seen:
                self.pending_round = True
                self.round_hold = True
            if st.complete():
                self.rounds_seen = st.hn
            self.seen_n = st.n
            self.seen_last = st.last_trick
        self.update_fields()

    def tick(self, now):
        self.now = now
        c = self.client
        if c.fresh:
            c.fresh = False
            self.take()
        left = c.turn_left(now)
        news = c.news_now(now)
        if left != self.shown_turn or news != self.shown_news:   # seconds, the seats' news
            self.shown_turn = left
            self.shown_news = news
            self.update_fields()
        if self.finished:
            return None
        if self.hold_until:
            if now < self.hold_until:
                return min(100, self.hold_until - now)
            self.hold_until = 0
            self.round_hold = False
            self.update_fields()
        if self.round_break():
            return None
        st = self.state()
        seat = st.to_act()
        if seat == self.seat and st.legal and not self.sent and c.line is not None \
                and not self.decided(seat):
            v = st.view()
            a = self.autoplay_card(v)
            if a is not None:
                self.act(a, seat)
                return 0
            table_keys.prepare(self, v)
            self.update_fields(v)
            self.app.beep(880, 60)
        return 100

    def busy(self):
        return bool(self.hold_until or self.pending_round or self.client.fresh)

    def act(self, a, seat):
        # Send the choice; the host's next state (or its refusal) answers it.
        self.client.send_act(a, self.state().n + self.sent)
        self.sent += 1
        self.dec_seat = -1
        self.message = ""
        self.update_fields()
        return True

    def refused(self, why):
        self.sent = 0
        self.dec_seat = -1
        self.chosen = []
        self.message = why
        self.update_fields()

    def key(self, k):
        if self.sent and k != K.START and k != K.SELECT:
            return
        Table.key(self, k)

    def autosave(self):
        pass                       # the host keeps the save

    def finish(self):
        self.finished = True
        self.update_fields()
        self.app.open(self.over_screen, self)

    def prompt_text(self, v, shown):
        c = self.client
        if c.status:
            return c.status
        first = c.news_now(self.now)
        if c.wait and v["phase"] != "over":
            s, left = c.wait[0], c.wait[1]
            name = self.names()[s]
            if left < 0:
                return "Waiting for %s to join" % name
            away = "%s left: bot in %d s" % (name, left)
            if s == v["to_act"] or (v["to_act"] == self.seat and not c.state.legal):
                return first + "\n" + away if first else away    # the table waits
            first = first or away                    # the game goes on
        play = self.play_text(v, shown)
        return first + "\n" + play if first and play and v["phase"] != "over" else play or first

    def play_text(self, v, shown):
        # The prompt of the game itself: a move on its way, a turn timer's
        # seconds, who is to play (a person, not "thinking"), or the table's words.
        c = self.client
        if self.sent:
            return "Sent to the host..."
        left = c.turn_left(self.now)
        if left is not None and v["phase"] != "over":
            if v["to_act"] == self.seat:
                return "%d s  %s" % (left, Table.prompt_text(self, v, shown))
            return "%s: %d s to play" % (self.names()[v["to_act"]], left)
        s = v["to_act"]
        if 0 <= s < len(c.kinds) and s != self.seat and c.kinds[s] in ("human", "remote") \
                and v["phase"] != "over" and not self.hold_until and not self.message:
            return "%s to play" % self.names()[s]           # a person, not a bot thinking
        return Table.prompt_text(self, v, shown)

    def exit(self):
        if self.client.table is self and not self.replaced:
            self.client.close()
            self.client.done = True
            if self.app is not None and getattr(self.app, "link", None) is self.client:
                self.app.link = None


class Joining(ListScreen):
    # Connecting and waiting for the first state; B gives up.
    module = "ui.link_remote"

    def __init__(self, client):
        ListScreen.__init__(self, "Link play", [], "B: cancel")
        self.client = client
        self.shown = None

    def refresh(self):
        c = self.client
        cols = self.app.cols - 1             # the last column: the scroll bar
        self.lines = wrap("Joining %s:%d" % (c.host, c.port), cols) + [""] + \
            wrap(c.status or "Joined.", cols)
        self.shown = c.status

    def tick(self, now):
        c = self.client
        if c.state is not None and c.table is None:
            c.start_table()
            return 0
        if c.status != self.shown:
            self.refresh()
        return 100

    def back(self):
        self.client.done = True
        self.client.close()
        self.app.link = None
        self.app.home()

    def exit(self):
        if self.client.table is None:
            self.client.done = True
            self.client.close()
            if getattr(self.app, "link", None) is self.client:
                self.app.link = None


def join(app, host, port=None, name=None, net=None, token=None):
    # Show the joining screen for host[:port]; the saved token of a seat at
    # that address is used (the same seat comes back). OSError: no network.
    if net is None:
        net = P.net_for(app)
    port = port or P.TABLE_PORT
    if token is None:
        from ui import link_saved
        from engine.ondemand import forget
        saved = link_saved.get(app.store, "join")
        forget("ui.link_saved")
        if saved and saved.get("host") == host and saved.get("port") == port:
            token = saved.get("token")
    client = Client(app, net, host, port, name, token)
    app.begin(Joining(client))
    app.link = client
    return client
