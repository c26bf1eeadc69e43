# The host of a link table: the referee. Only the host runs the engine and
# keeps the autosave. Each joiner holds one seat (a "remote" seat of the
# session) with a token it got at join; it receives only its own seat's
# view and legal actions, and its actions go through the same Table.act ->
# state.apply as a local player's, so the engine checks them.
#
# A joiner that drops has the grace period to come back (a countdown on every
# screen); the table goes on until that seat is to act, and waits there. After
# it a bot plays the seat until the player comes back
# with its token and gets the seat, with the hand as it is now. A host that
# restarts resumes from its autosave (seats and tokens in link.json) and every
# link seat gets the grace period to reconnect. A player who drops again soon
# after coming back (within a grace period) gets only what was left of it, so
# rejoin loops cannot stall the table. With a turn timer (off by default) a
# seat whose player does not move in it is played once by a bot; without
# one, a link seat gets that bot move after P.IDLE_MS (its last P.IDLE_SHOWN_MS
# counted down on every screen), so a connection that holds a seat and never
# moves cannot stall the table. The host can free a link seat (its pause
# menu: ui.link.menus.free_seat). Loaded only for a link table; its table
# screen is ui/link/host_table.py.
from ui import faces
from ui.link import proto as P
from ui.session import Session

ANNOUNCE_MS = 1000
ACCEPTS = 16             # new connections taken per poll at most
HIST_CHUNK = 10          # finished rounds per state message at most


def words(st, v, legal):
    # [[action, text]] for each move a state message names (the legal ones
    # and the round's moves besides cards that the view shows: bids, trump
    # calls, swaps: the face's moves) that the host's game words its own way
    # (Call Break's "call 3"; engine.actions words the rest the same in every
    # game, and the joiner says those itself).
    from engine.actions import action_text
    named = list(legal)
    for made in faces.of(v["game"]).moves(v):
        named += [a for a in made if a is not None]
    out = []
    for a in named:
        text = st.action_text(a)
        if text != action_text(a) and not [w for w in out if w[0] == a]:
            out.append([a, text])
    return out


class LinkSession(Session):
    # A session whose "remote" seats are played by joiners while one holds them.
    host = None

    def is_human(self, seat):
        if 0 <= seat < self.players and self.seats[seat] == "remote":
            h = self.host
            return h is not None and h.holds(seat) and not h.forced_now(seat)
        return Session.is_human(self, seat)

    def record(self):
        # Saved with link seats as bot seats: a plain Continue lets bots play
        # them; link.json says which seats are link seats.
        rec = Session.record(self)
        rec["seats"] = ["bot" if k == "remote" else k for k in rec["seats"]]
        return rec


def token(app, seat):
    e = app.entropy
    a = e() if e else seat * 7919 + 1
    b = e() if e else seat * 104729 + 3
    return "%08x%08x" % (a & 0xFFFFFFFF, b & 0xFFFFFFFF)


class Host:
    def __init__(self, app, net, session, info):
        # info: {"table": name, "port", "grace" (s), "link": [bool per seat],
        # "tokens": [str or None per seat], "fill": open seats to bots,
        # "turn": seconds a link seat has for a move (0 or missing: no timer)}
        n = session.players
        self.app = app
        self.net = net
        self.session = session
        session.host = self
        name = P.words(info, "table", 40)    # (link.json's: maybe another version's, or damaged)
        self.name = P.fit_name(name) if name else "Link table"
        self.port = info["port"]
        self.grace_ms = info["grace"] * 1000
        turn = info.get("turn")
        self.turn_ms = turn * 1000 if type(turn) is int and turn > 0 else 0
        tokens = info.get("tokens")
        self.tokens = list(tokens) if type(tokens) is list and len(tokens) == n else [None] * n
        self.fill = bool(info.get("fill"))
        self.conn = [None] * n          # the Line holding each seat
        self.away = [None] * n          # when the seat's grace began (its player dropped)
        self.back = [None] * n          # (when, grace ms left) as the player came back
        self.turn_key = None            # (moves made, seat to act) the turn timer times
        self.turn_used = 0              # ms of it gone
        self.turn_last = 0
        self.forced = -1                # a bot makes this move (its number) for its seat
        self.lines = []                 # open connections
        self.queue = []                 # [seat, action, line] waiting for the table
        self.table = None
        self.serial = 0                 # bumped when names, seats or tokens change
        self.key = None                 # what the joiners were last sent (broadcast)
        self.kept = None                # what link.json was last given (keep)
        self.now = net.now_ms()
        self.next_announce = 0
        self.wait_seat = -1
        self.wait_left = -1             # seconds left, -1: waiting for a joiner
        self.drops = []                 # (seat, ms) of each drop and each join:
        self.joins = []                 # the tests' timings
        self.listener = net.listen(self.port)
        self.address = net.address()
        try:
            self.udp = net.udp(0)
        except OSError:
            self.udp = None
        for s in range(n):
            if self.remote(s) and self.tokens[s]:
                self.away[s] = self.now   # resumed: the grace period starts now

    # --- seats -------------------------------------------------------------
    def remote(self, s):
        return self.session.seats[s] == "remote"

    def kind(self, s):
        # human (at the host), remote, away (grace running), open (nobody
        # joined yet) or bot (a bot seat, or a link seat a bot plays).
        if not self.remote(s):
            return self.session.seats[s]
        if self.conn[s] is not None:
            return "remote"
        if self.away[s] is not None:
            return "away"
        if self.tokens[s] is None and not self.fill:
            return "open"
        return "bot"

    def holds(self, s):
        return self.kind(s) in ("remote", "away", "open")

    def waiting(self):
        # The seat the table waits for (a drop in its grace period first), or -1.
        return self.wait_seat

    def _wait(self, now):
        # wait_seat, wait_left: a drop in its grace period (the seat to act
        # first), then an open seat.
        seat, left = -1, -1
        turn = self.session.state.to_act()
        for s in range(self.session.players):
            k = self.kind(s)
            if k == "away" and not self.forced_now(s) and (left < 0 or s == turn):
                seat, left = s, max(0, (self.away[s] + self.grace_ms - now + 999) // 1000)
            elif k == "open" and seat < 0:
                seat = s
        self.wait_seat = seat
        self.wait_left = left

    def paused(self):
        # The table waits: for an open seat to be joined, or for the seat to
        # act whose player dropped (its grace period running).
        if self.wait_seat < 0:
            return False
        return self.wait_left < 0 or self.session.state.to_act() == self.wait_seat

    def info(self):
        n = self.session.players
        return {"table": self.name, "port": self.port, "grace": self.grace_ms // 1000,
                "turn": self.turn_ms // 1000,
                "link": [self.remote(s) for s in range(n)], "tokens": list(self.tokens),
                "fill": self.fill, "game": self.session.game, "deal": self.session.seed}

    def keep(self):
        # link.json: the seats and tokens, so a restarted host takes its joiners
        # back. Written only when they changed (a joiner reconnecting in a loop
        # with its token changes nothing: no flash wear on a board).
        info = self.info()
        if info == self.kept:
            return
        self.kept = info
        from engine.ondemand import once
        once("ui.link.saved", "put", self.app.store, "host", info)

    def open_seats(self):
        return [s for s in range(self.session.players)
                if self.remote(s) and self.tokens[s] is None]

    def bots_for_open(self):
        self.fill = True
        self.serial += 1
        self.keep()

    def release(self, s):
        # A bot plays seat s from now (its player may still come back).
        if self.away[s] is not None:
            self.away[s] = None
            self.serial += 1

    # --- the network ---------------------------------------------------------
    def poll(self, now):
        self.now = now = self.net.now_ms()
        for _ in range(ACCEPTS):
            got = self.listener.accept()
            if got is None:
                break
            self.admit(P.Line(got[0], now), got[1], now)
        for line in list(self.lines):
            self.serve(line, now)
        for s in range(self.session.players):
            if self.away[s] is not None and now - self.away[s] >= self.grace_ms:
                self.release(s)
        self.time_turn(now)
        self._wait(now)
        self.broadcast()
        for line in self.lines:
            if now - line.said > P.PING_MS:
                self.send(line, {"t": "ping"})
        if self.udp is not None and now >= self.next_announce:
            self.next_announce = now + ANNOUNCE_MS
            self.announce()

    def admit(self, line, addr, now):
        # A new connection: room is made by closing the oldest connection
        # without a seat (of its address first), never a seated one, so a
        # player with a token always gets in. Its hello is read at once.
        line.seat = -1
        line.hist = 0
        line.key = None
        line.bye = False
        line.addr = addr
        line.born = now
        strangers = [x for x in self.lines if x.seat < 0]
        same = [x for x in strangers if x.addr == addr]
        if len(same) >= P.PER_ADDRESS:
            self.evict(same[0])
        elif len(strangers) >= P.MAX_STRANGERS:
            self.evict(strangers[0])
        self.lines.append(line)
        self.serve(line, now)

    def evict(self, line):
        self.send(line, {"t": "bye", "why": "The table is busy: new connections came."})
        line.bye = True
        line.close()
        self.dropped(line)

    def serve(self, line, now):
        # Its messages; closed when silent, or still without a seat after HELLO_MS.
        for msg, why in line.poll(now):
            if why:
                self.refuse(line, None, why)
            else:
                self.handle(line, msg)
        if not line.closed:
            if line.seat < 0 and now - line.born > P.HELLO_MS:
                self.send(line, {"t": "bye", "why": "No seat taken in %d s." % (P.HELLO_MS // 1000)})
                line.close()
            elif now - line.heard > P.SILENT_MS:
                line.close()
        if line.closed:
            self.dropped(line)

    def send(self, line, msg):
        line.send(msg, self.now)

    def refuse(self, line, re, why):
        # (re, the refused message's type, and why may quote what a stranger
        # sent: cut short, so that the answer always fits in a line)
        self.send(line, {"t": "refused", "re": re[:20] if re else re, "why": why[:200]})
        line.refusal()

    def dropped(self, line):
        if line in self.lines:
            self.lines.remove(line)
        s = line.seat
        if s < 0 or self.conn[s] is not line:
            return
        self.conn[s] = None
        self.queue = [q for q in self.queue if q[0] != s]
        self.drops.append((s, self.now))
        if not line.bye:             # the grace period starts, or goes on
            b = self.back[s]
            left = b[1] if b is not None and self.now - b[0] < self.grace_ms else self.grace_ms
            self.away[s] = self.now - (self.grace_ms - left)
        self.serial += 1
        if self.table is not None:
            self.table.update_fields()

    def handle(self, line, msg):
        t = msg["t"]
        if t == "ping":
            return
        if t == "hello":
            self.hello(line, msg)
        elif line.seat < 0:
            self.refuse(line, t, "Say hello first.")
        elif t == "act":
            self.act(line, msg)
        elif t == "sync":
            line.hist = 0
            line.key = None
        elif t == "bye":
            line.bye = True
            line.close()
        else:
            self.refuse(line, t, "Unknown message type.")

    def hello(self, line, msg):
        n = self.session.players
        name = P.text(msg, "name", 40)
        tok = msg.get("token")
        want = msg.get("seat")
        if ("name" in msg and name is None) or (tok is not None and P.text(msg, "token", 40) is None):
            return self.refuse(line, "hello", "name and token must be short texts.")
        if want is not None and P.number(msg, "seat", 0, n - 1) is None:
            return self.refuse(line, "hello", "There is no seat %s at this table." % want)
        if line.seat >= 0:
            return self.refuse(line, "hello", "You already sit in seat %d." % line.seat)
        if tok:
            if tok not in self.tokens:
                return self.refuse(line, "hello", "Unknown token: this table does not know you.")
            s = self.tokens.index(tok)
        else:
            if want is not None:
                if not self.remote(want):
                    return self.refuse(line, "hello", "Seat %d is not a link seat." % want)
                if self.tokens[want] is not None:
                    return self.refuse(line, "hello", "Seat %d is taken." % want)
                s = want
            else:
                free = self.open_seats()
                if not free:
                    return self.refuse(line, "hello", "No free seat at this table.")
                s = free[0]
            self.tokens[s] = token(self.app, s)
        old = self.conn[s]
        if old is not None and old is not line:
            self.send(old, {"t": "bye", "why": "Your seat was taken by a new connection."})
            old.bye = True
            old.close()
            self.dropped(old)
        self.conn[s] = line
        self.joins.append((s, self.now))
        line.seat = s
        line.hist = 0
        line.key = None
        if self.away[s] is not None:    # back inside the grace period: what is left of it
            self.back[s] = (self.now, max(0, self.away[s] + self.grace_ms - self.now))
        self.away[s] = None
        # printable, 5 characters, 16 bytes, no other seat's (docs/link-protocol.md)
        from ui.seating import unique_name
        self.session.names[s] = unique_name(self.session.names, s, P.player_name(name))
        self.serial += 1
        self.keep()
        self.send(line, {"t": "welcome", "seat": s, "token": self.tokens[s], "table": self.name,
                         "game": self.session.game, "players": n, "deal": self.session.seed,
                         "grace": self.grace_ms // 1000, "turn": self.turn_ms // 1000})
        if self.table is not None:
            self.table.update_fields()

    def act(self, line, msg):
        s = line.seat
        st = self.session.state
        if msg.get("seat", s) != s:
            return self.refuse(line, "act", "You sit in seat %d: you cannot act for another seat." % s)
        if st.is_over():
            return self.refuse(line, "act", "The game is over.")
        if self.paused():
            return self.refuse(line, "act", "The table is paused.")
        if st.to_act() != s:
            return self.refuse(line, "act", "It is not your turn.")
        n = P.number(msg, "n", 0, 1 << 30)
        queued = len(self.queue)
        if n is None:
            return self.refuse(line, "act", "act needs n, the number of moves made so far.")
        if n != len(st.log) + queued:
            return self.refuse(line, "act", "Out of date: the table is at move %d." %
                               (len(st.log) + queued))
        a = msg.get("a")
        if type(a) is not int:
            words = P.text(msg, "text", 24)
            if words is None:
                return self.refuse(line, "act", "act needs a (an action number) or text.")
            try:
                a = st.parse_action(words)
            except ValueError as e:     # engine.IllegalAction
                return self.refuse(line, "act", str(e))
        if queued >= 3:
            return self.refuse(line, "act", "Too many moves at once.")
        if not queued and a not in st.legal_actions():
            return self.refuse(line, "act", st.why_illegal(a))
        self.queue.append([s, a, line])

    # --- the turn timer ---------------------------------------------------------
    def time_turn(self, now):
        # The time the link seat to act has used for this move; a bot makes
        # the move once it is up. Counted while the seat's player holds it or
        # is away (not while the table waits for another seat, or shows a
        # trick or a round summary); a rejoin does not start it again.
        st = self.session.state
        key = (len(st.log), st.to_act())
        if key != self.turn_key:
            self.turn_key = key
            self.turn_used = 0
        elif self.turn_running():
            self.turn_used += now - self.turn_last
            if self.turn_used >= (self.turn_ms or P.IDLE_MS) and self.forced != key[0]:
                self.forced = key[0]
                self.serial += 1
                if self.table is not None:
                    self.table.update_fields()
        self.turn_last = now

    def turn_running(self):
        st = self.session.state
        s = st.to_act()
        t = self.table
        if s < 0 or not self.remote(s) or st.is_over() \
                or self.kind(s) not in ("remote", "away") or self.forced_now(s):
            return False
        if self.wait_seat >= 0 and self.wait_left < 0:
            return False                 # (an open seat: the game has not begun)
        return t is None or not (t.hold_until or t.pending_round)

    def turn_left(self):
        # Seconds the seat to act has left, or None when no timer runs (or,
        # without a turn timer, until the last P.IDLE_SHOWN_MS of P.IDLE_MS).
        if not self.turn_running():
            return None
        left = (self.turn_ms or P.IDLE_MS) - self.turn_used
        if not self.turn_ms and left > P.IDLE_SHOWN_MS:
            return None
        return max(0, (left + 999) // 1000)

    def forced_now(self, s):
        # A bot makes this move for seat s (its time ran out).
        st = self.session.state
        return self.forced == len(st.log) and st.to_act() == s

    def kinds(self):
        return [self.kind(s) for s in range(self.session.players)]

    def broadcast(self):
        # A state to every seated joiner whose screen is out of date (what it
        # last got is line.key: compared by identity, rebuilt only on a change).
        st = self.session.state
        n = len(st.log)
        k = self.key
        timed = self.turn_left() is not None   # (joiners count the seconds down themselves)
        if k is None or k[0] != n or k[1] != self.serial or k[2] != self.wait_seat \
                or k[3] != self.wait_left or k[4] is not st or k[5] != timed:
            self.key = k = (n, self.serial, self.wait_seat, self.wait_left, st, timed)
        for line in self.lines:
            if line.seat >= 0 and (line.key is not k or line.hist < len(st.history)):
                line.key = k
                self.send(line, self.state_msg(line))

    def state_msg(self, line):
        st = self.session.state
        s = line.seat
        v = st.view(s)
        hist = v.pop("history")
        h0 = line.hist if line.hist <= len(hist) else 0
        part = hist[h0:h0 + HIST_CHUNK]
        line.hist = h0 + len(part)
        paused = self.paused()
        msg = {"t": "state", "deal": self.session.seed, "n": len(st.log), "view": v,
               "h0": h0, "hist": part,
               "hn": len(hist), "names": list(self.session.names), "kinds": self.kinds(),
               "legal": st.legal_actions() if st.to_act() == s and not paused
               and not self.forced_now(s) else [],
               "wait": [self.wait_seat, self.wait_left] if self.wait_seat >= 0 else None,
               "turn": self.turn_left()}
        if st.is_over():
            msg["winners"] = st.winners()
        said = words(st, v, msg["legal"])
        if said:
            msg["words"] = said
        if msg["legal"] and st.phase in self.session.face.BIDDING:
            # the rules' reasons for the bids left out, as the engine says them
            # (the joiner's picker panel shows them as a local player's does)
            msg["why"] = [list(w) for w in st.left_out()]
        return msg

    def announce(self):
        msg = {"t": "table", "name": self.name, "game": self.session.game, "port": self.port,
               "players": self.session.players, "open": self.open_seats()}
        self.udp.send(P.encode(msg), self.net.broadcast(), P.ANNOUNCE_PORT)

    def close(self, why="The host closed the table."):
        for line in self.lines:
            self.send(line, {"t": "bye", "why": why})
            line.close()
        self.lines = []
        self.listener.close()
        if self.udp is not None:
            self.udp.close()
            self.udp = None
