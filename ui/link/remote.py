# A joiner's table on the screen: RemoteTable (ui.table.Table drawing the
# host's state, ui.link.state, and sending the player's choices through the
# connection, ui.link.client) and the joining screen. Loaded only for link
# play.
from hal import keys as K
from ui.link import proto as P
from ui.link.client import Client
from ui.list_screen import ListScreen
from ui.screen import wrap
from ui.table import Table, words as T


def show_table(client):
    # The table screen for client's first state (Client.start_table).
    t = RemoteTable(client)
    client.app.begin(t)
    client.app.link = client
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
                    self.note = T.won_note(st.last_trick, w, self.names())
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
            self.prepare(v)
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
            if self.app is not None and self.app.link is self.client:
                self.app.link = None


class Joining(ListScreen):
    # Connecting and waiting for the first state; B gives up.
    module = "ui.link.remote"

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
            if self.app.link is self.client:
                self.app.link = None


def join(app, host, port=None, name=None, net=None, token=None):
    # Show the joining screen for host[:port]; the saved token of a seat at
    # that address is used (the same seat comes back). OSError: no network.
    if net is None:
        net = P.net_for(app)
    port = port or P.TABLE_PORT
    if token is None:
        from engine.ondemand import once
        saved = once("ui.link.saved", "get", app.store, "join")
        if saved and saved.get("host") == host and saved.get("port") == port:
            token = saved.get("token") if type(saved.get("token")) is str else None
    client = Client(app, net, host, port, name, token, show_table)
    app.begin(Joining(client))
    app.link = client
    return client
