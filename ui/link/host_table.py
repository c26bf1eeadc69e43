# The host's table screen at a link table: ui.table.Table with the seats'
# news, the paused table's countdown and the grace and turn timers; the
# referee is ui.link.host.Host. open_table() starts hosting. Loaded only for
# a link table.
from hal import keys as K
from ui.fmt import panel_cols, panel_rows
from ui.link import proto as P
from ui.link.host import Host
from ui.table import Table


class LinkTable(Table):
    pause_screen = "host_pause"
    local = False
    over_screen = "link_over"
    # The host's table: Table with remote seats that wait for their joiner.

    def __init__(self, session, host):
        Table.__init__(self, session)
        self.host = host
        host.table = self
        self.shown_wait = ""
        self.shown_turn = None
        self.kinds_seen = host.kinds()
        self.serial_seen = host.serial
        self.news = ""                  # "Bob is back", until news_until
        self.news_until = 0

    def remote_turn(self, seat):
        return 0 <= seat < self.session.players and self.session.seats[seat] == "remote" \
            and self.host.holds(seat)

    def decided(self, seat):
        # A joiner's turn: nothing to set up here, the joiner decides.
        return self.remote_turn(seat) or Table.decided(self, seat)

    def needs_curtain(self, seat):
        return not self.remote_turn(seat) and Table.needs_curtain(self, seat)

    def autoplay_card(self, v):
        return None if self.remote_turn(v["to_act"]) else Table.autoplay_card(self, v)

    def busy(self):
        if self.host.paused():
            return False
        return Table.busy(self)

    def tick(self, now):
        self.now = now
        if self.finished:
            return None
        h = self.host
        if h.serial != self.serial_seen:
            self.serial_seen = h.serial
            kinds = h.kinds()
            news = P.seat_news(self.kinds_seen, kinds, self.names())
            if kinds != self.kinds_seen:    # (a drop: its countdown replaces older news)
                self.news, self.news_until = (news or [""])[-1], now + P.NEWS_MS
                self.update_fields()
            self.kinds_seen = kinds
        if self.news and now >= self.news_until:
            self.news = ""
            self.update_fields()
        wait = "%d %d" % (h.wait_seat, h.wait_left) if h.wait_seat >= 0 else ""
        turn = h.turn_left()
        if turn != self.shown_turn:
            self.shown_turn = turn
            self.update_fields()
        if wait != self.shown_wait:
            self.shown_wait = wait
            self.update_fields()
        if h.paused():
            return 200
        if self.pending_round and not self.session.humans():
            self.pending_round = False    # nobody at the host to read a round summary
        st = self.state()
        if h.queue and not self.hold_until and not self.pending_round and not st.is_over():
            s, a, line = h.queue.pop(0)
            if st.to_act() != s:
                h.queue = []
                h.refuse(line, "act", "It is not your turn any more.")
            elif not self.act(a, s):
                h.queue = [q for q in h.queue if q[0] != s]
                h.refuse(line, "act", self.message)
            self.update_fields()
            return 0
        return Table.tick(self, now)

    def key(self, k):
        if self.host.paused() and k != K.SELECT and k != K.START:
            self.update_fields()
            return
        Table.key(self, k)

    def prompt_text(self, v, shown):
        # Two lines at most: the seats' news or a drop's countdown, and the
        # game's own prompt (unless the table waits).
        h = self.host
        first = self.news
        if h.wait_seat >= 0 and v["phase"] != "over":
            name = self.names()[h.wait_seat]
            if h.wait_left < 0:
                return "Waiting for %s to join. START: bots" % name
            away = "%s left: bot in %d s" % (name, h.wait_left)
            if h.paused():
                return first + "\n" + away if first else away
            first = first or away
        play = self.play_text(v, shown)
        return first + "\n" + play if first and play and v["phase"] != "over" else play or first

    def play_text(self, v, shown):
        # The prompt of the game itself: a turn timer's seconds, or the table's words.
        left = self.host.turn_left()
        if left is not None and v["phase"] != "over":
            return "%s to play: %d s" % (self.names()[v["to_act"]], left)
        return Table.prompt_text(self, v, shown)

    def panel_lines(self, v, shown):
        # Waiting for a joiner: the table's name, where to join, the open seats,
        # in the panel's columns (13 at 160 px: "192.168.1.20" / "port 53940").
        h = self.host
        if h.wait_seat >= 0 and h.wait_left < 0 and v["phase"] != "over":
            app = self.app
            cols = panel_cols(app.width)
            a, out = h.address, [h.name]
            if len("%s:%d" % (a, h.port)) > cols:
                while len(a) > cols:          # "192.168.100." / "200"
                    i = a.rfind(".", 0, cols) + 1 or cols
                    out.append(a[:i])
                    a = a[i:]
                out += [a, "port %d" % h.port]
            else:
                out.append("%s:%d" % (a, h.port))
            who = " ".join([self.names()[s] for s in h.open_seats()])
            out.append("Waiting for " + who if len(who) + 12 <= cols else "Waiting: " + who)
            return out[:panel_rows(app.width, app.height, app.height // app.rows)]
        return Table.panel_lines(self, v, shown)

    def finish(self):
        Table.finish(self)           # results, the save cleared, game over shown
        from engine.ondemand import once
        once("ui.link.saved", "put", self.app.store, "host", None)

    def exit(self):
        if self.host.table is self:     # (not when a new deal replaced this table)
            self.host.close()
            if self.app is not None and self.app.link is self.host:
                self.app.link = None


def open_table(app, session, info, net=None):
    # Start hosting session (a LinkSession) at this board: the table screen
    # alone on the stack, the host polled by the app. OSError: no network.
    if net is None:
        net = P.net_for(app)
    host = Host(app, net, session, info)
    table = LinkTable(session, host)
    app.begin(table)
    app.link = host
    host.keep()
    table.autosave()
    return table
