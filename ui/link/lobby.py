# Link play's screens before a table: the Link play menu (title screen),
# hosting a table (game, seats: You / Link / Bot, options, the grace period,
# the turn timer),
# the lobby that lists the tables announced on the local network and joins
# one, or an address typed on the keyboard (ui/link/address.py), and the
# desktop's --host / --join command line. Unloaded once a table starts.
from engine.ondemand import call
from engine.rng import random_deal
from hal import keys as K
from ui.link import proto as P
from ui.fmt import fit
from ui.list_screen import ListScreen, Menu


GRACES = (10, 20, 30, 45, 60, 90, 120, 300)
DEFAULT_GRACE = 30
TURNS = (0, 15, 30, 60, 120)   # a link seat's seconds for a move (0: no turn timer)
LOBBY_MS = 4000          # a table not announced for this long leaves the list
OWNED = "'s table"       # a table named after its host: "Annie's table" (the lobby may drop it)
TYPE = "Type an address..."     # the lobby's first row: a host it does not list
SETUP_FOOTER = "L/R change, A open"


def _saved(app, key):
    from engine.ondemand import once
    got = once("ui.link.saved", "get", app.store, key)
    return got


def _label(saved):
    # A saved table's name for a menu row (link.json's: cleaned, fitted), or "table".
    return P.fit_name(P.words(saved, "table", 40) or "") or "table"


def _done(got):
    # A table (or the joining screen) is up: this module's code can go.
    from engine.ondemand import forget
    forget("ui.link.lobby")
    return got


def my_name(app):
    # Your seat's name in link play (ui.screens.naming.link_name), or None.
    o = app.opts or {}
    return call("ui.screens.naming", "link_name", app.settings, o.get("name"))


def _fail(app, e):
    app.notice = "Link play: %s" % e
    app.link = None
    app.home()


def table_name(app, name=None):
    # At most P.NAME_COLS characters (a line of the host's panel at 160 px), no
    # word cut: "Bo's table", "Annabelle", else the seat's 5 letters: "Maxim's table".
    if name:
        for t in (name + OWNED, name):
            if len(t) <= P.NAME_COLS:
                return t
        return name[:5].strip() + OWNED
    e = app.entropy() if app.entropy else 0
    return "Table %d" % (10 + e % 90)


def host(app, gid, kinds, levels, seed, options=None, grace=DEFAULT_GRACE, port=None,
         name=None, net=None, turn=0):
    # Open a new link table; kinds per seat "human", "remote" or "bot".
    from ui.link.host_table import open_table
    session = new_session(gid, kinds, levels, seed, options, link_names(kinds, name))
    if name:
        for s in range(len(kinds)):
            if kinds[s] == "human":
                session.names[s] = name[:5]
                break
    info = {"table": table_name(app, name), "port": port or P.TABLE_PORT, "grace": grace,
            "tokens": None, "fill": False, "turn": turn}
    try:
        return _done(open_table(app, session, info, net))
    except OSError as e:
        _fail(app, e)
        return None


def resume(app, net=None, port=None):
    # Host the saved link table again: its joiners come back to their seats.
    from ui.link.host_table import open_table
    session, info = resume_session(app)
    if session is None:
        _fail(app, info)
        return None
    if port:
        info["port"] = port
    try:
        return _done(open_table(app, session, info, net))
    except OSError as e:
        _fail(app, e)
        return None


def join(app, address, name=None, net=None):
    # address: "host" or "host:port".
    from ui.link import remote as link_remote
    try:
        h, port = P.address(address)
    except ValueError as e:
        _fail(app, e)
        return None
    try:
        return _done(link_remote.join(app, h, port, name, net))
    except OSError as e:
        _fail(app, e)
        return None


def parse_seats(text, players=None):
    # "h l 2 2" -> (kinds, levels): h you, l a link seat, 0-3 a bot of that level.
    kinds, levels = [], []
    for w in text.lower().replace(",", " ").split():
        if w in ("h", "human", "you"):
            kinds.append("human")
            levels.append(2)
        elif w in ("l", "link", "remote"):
            kinds.append("remote")
            levels.append(2)
        elif w in ("0", "1", "2", "3"):
            kinds.append("bot")
            levels.append(int(w))
        else:
            raise ValueError("seat '%s': h (you), l (link) or a bot level 0-3" % w)
    if players is not None and len(kinds) != players:
        raise ValueError("give %d seats" % players)
    return kinds, levels


def from_options(app, opts):
    # The desktop's --host / --join (code.py --help lists the options).
    port = opts.get("port")
    if opts.get("join"):
        return join(app, opts["join"], my_name(app))
    gid = opts.get("quick")
    if not gid:
        if _saved(app, "host") is not None:
            return resume(app, None, port)
        app.push(HostSetup())
        return None
    from ui.screens.common import facts
    level = app.settings["bot_level"]
    try:
        g = facts(gid)
        lo, hi = g["fewest"], g["most"]
        if opts.get("seats"):
            kinds, levels = parse_seats(opts["seats"])
            if not lo <= len(kinds) <= hi:
                raise ValueError("%s takes %d to %d seats" % (gid, lo, hi))
        else:
            n = g["players"]
            kinds = ["human", "remote"] + ["bot"] * (n - 2)
            levels = [level] * n
    except ValueError as e:
        _fail(app, e)
        return None
    seed = opts.get("seed") or random_deal(app.entropy)
    grace = opts.get("grace")             # (0: no grace at all)
    if grace is None:
        grace = DEFAULT_GRACE
    from ui.screens.common import start_or_ask
    start_or_ask(app, lambda: host(app, gid, kinds, levels, seed, None, grace, port,
                                   my_name(app), None, opts.get("turn") or 0))
    return None


class LinkMenu(Menu):
    # Title screen -> Link play.
    module = "ui.link.lobby"

    def __init__(self):
        Menu.__init__(self, "Link play", [], "A: choose  B: back")

    def refresh(self):
        items = [("Host a table", self.host), ("Join a table", self.join)]
        self.saved_host = _saved(self.app, "host")
        j = _saved(self.app, "join")
        if j is not None and (type(j.get("host")) is not str or type(j.get("port")) is not int):
            j = None               # (a damaged link.json: no address to join)
        self.saved_join = j
        if self.saved_host:
            items.insert(0, ("Resume %s" % _label(self.saved_host), self.resume_table))
        if j:
            items.insert(0, ("Rejoin %s" % _label(j), self.rejoin))
        self.items = items
        self.lines = [it[0] for it in items]
        self.cursor = max(0, min(self.cursor, len(items) - 1))

    def resume_table(self):
        # Not resume(): that is the Screen hook run when a screen above closes.
        resume(self.app)

    def rejoin(self):
        j = self.saved_join
        join(self.app, "%s:%s" % (j.get("host"), j.get("port")), my_name(self.app))

    def host(self):
        self.app.push(HostSetup())

    def join(self):
        self.app.push(Lobby())


class HostSetup(ListScreen):
    # Host a table: game, players, each seat You / Link / Bot, options, grace,
    # the turn timer.
    module = "ui.link.lobby"

    @property
    def seat_kinds(self):
        # You, Link, then the bot levels by name (ui.screens.common: the setup rows load it)
        from ui.screens.common import SEAT_KINDS
        return ("You", "Link") + SEAT_KINDS[1:]

    def __init__(self):
        ListScreen.__init__(self, "Host a table", [], SETUP_FOOTER, 0)
        self.game = 0
        self.players = 4
        self.seats = [0, 1, 4, 4, 4]
        self.options = {}
        self.grace = DEFAULT_GRACE
        self.turn = 0

    def enter(self, app):
        level = app.settings["bot_level"]
        self.seats = [0, 1] + [2 + level] * 3
        last = _saved_grace(app)
        if last:
            self.grace = last
        ListScreen.enter(self, app)

    def gid(self):
        return call("engine.catalog", "ids")[self.game]

    def rows_model(self):
        from ui.screens.common import setup_options
        out = [("game", 0), ("players", 0)]
        out += [("seat", s) for s in range(self.players)]
        out += [("option", i) for i in range(len(setup_options(self.gid())))]
        return out + [("grace", 0), ("turn", 0), ("start", 0)]

    def refresh(self):
        from ui.screens.common import facts, setup_lines
        gid = self.gid()
        g = facts(gid)
        self.players = max(g["fewest"], min(g["most"], self.players))
        lines = setup_lines(self, gid, self.app.cols)
        self.lines = lines
        self.cursor = max(0, min(self.cursor, len(lines) - 1))
        self.footer = SETUP_FOOTER
        if self.rows_model()[self.cursor][0] == "turn":   # (a seat that never moves: P.IDLE_MS)
            self.footer = "Then a bot makes the move" if self.turn else \
                "Off: bot moves after %d s" % (P.IDLE_MS // 1000)

    def key(self, k):
        ListScreen.key(self, k)
        if k in (K.UP, K.DOWN):
            self.refresh()            # the footer says what the turn timer's row means

    def own_row(self, kind, c):
        if kind == "grace":           # (both stop at their ends: ui.screens.common.row)
            from ui.screens.common import row
            return row("Grace", "%d s" % self.grace, c, self.grace != GRACES[0],
                       self.grace != GRACES[-1])
        if kind == "turn":
            from ui.screens.common import row
            return row("Turn timer", "%d s" % self.turn if self.turn else "Off", c,
                       self.turn != TURNS[0], self.turn != TURNS[-1])
        return "  Open the table"

    def change(self, i, step):
        from ui.screens.common import facts, setup_options
        kind, idx = self.rows_model()[i]
        if kind == "game":
            self.game = (self.game + step) % len(call("engine.catalog", "ids"))
        elif kind == "players":
            g = facts(self.gid())
            self.players = max(g["fewest"], min(g["most"], self.players + step))
        elif kind == "seat":
            self.seats[idx] = (self.seats[idx] + step) % len(self.seat_kinds)
        elif kind == "option":
            key, label, values, default = setup_options(self.gid())[idx]
            cur = self.options.get(key, default)
            j = values.index(cur) if cur in values else 0
            self.options[key] = values[(j + step) % len(values)]
        elif kind == "grace":
            j = GRACES.index(self.grace) if self.grace in GRACES else 2
            self.grace = GRACES[max(0, min(len(GRACES) - 1, j + step))]
        elif kind == "turn":
            j = TURNS.index(self.turn) if self.turn in TURNS else 0
            self.turn = TURNS[max(0, min(len(TURNS) - 1, j + step))]
        self.refresh()

    def choose(self, i):
        if self.rows_model()[i][0] == "start":
            self.start()
        else:
            self.change(i, 1)

    def kinds(self):
        return [("human", "remote", "bot")[min(2, self.seats[s])] for s in range(self.players)]

    def seat_names(self):
        return link_names(self.kinds())

    def start(self):
        n = self.players
        kinds = self.kinds()
        if "remote" not in kinds:
            self.footer = "Make a seat Link"
            return
        levels = [max(0, self.seats[s] - 2) for s in range(n)]
        from ui.screens.common import setup_options, start_or_ask
        opts = {}
        for key, label, values, default in setup_options(self.gid()):
            opts[key] = self.options.get(key, default)
        seed = random_deal(self.app.entropy)
        o = self.app.opts or {}
        start_or_ask(self.app, lambda: host(self.app, self.gid(), kinds, levels, seed, opts,
                                            self.grace, o.get("port"), my_name(self.app), None,
                                            self.turn))


def _saved_grace(app):
    h = _saved(app, "host")
    g = h.get("grace") if h else None
    return g if type(g) is int and g > 0 else None


class Lobby(ListScreen):
    # The first row types a host's address on the keyboard; then the tables
    # announced on the local network: A joins the one under the cursor.
    module = "ui.link.lobby"

    def __init__(self, net=None):
        ListScreen.__init__(self, "Join a table", [], "A: join  B: back", 0)
        self.net = net
        self.udp = None
        self.tables = []          # [name, game, host, port, open seats, last heard]
        self.buf = bytearray(512)
        self.why = None

    def enter(self, app):
        try:
            if self.net is None:
                self.net = P.net_for(app)
            self.udp = self.net.udp(P.ANNOUNCE_PORT)
        except OSError as e:
            self.why = str(e)
        ListScreen.enter(self, app)

    def exit(self):
        if self.udp is not None:
            self.udp.close()
            self.udp = None

    def refresh(self):
        # TYPE, then a row per table; without tables what the lobby is doing,
        # below a gap (the cursor stays on the rows it can choose).
        from ui.screens.common import short_title
        if self.why:
            self.lines = [TYPE, "", "No network:", self.why]
        elif not self.tables:
            self.lines = [TYPE, "", "Looking for tables..."]
        else:
            cols = self.app.cols - 1
            lines = [TYPE]
            for t in self.tables:     # "Annabelle Israeli 1 open": words cut whole
                tail = "%d open" % len(t[4])
                name = P.fit_name(t[0])
                game = short_title(t[1])
                if len(name) + len(game) + len(tail) + 2 > cols and name.endswith(OWNED):
                    name = name[:-len(OWNED)]   # "Annie's table" -> "Annie": the game whole
                game = fit(game, cols - len(name) - len(tail) - 2)
                lines.append(" ".join([x for x in (name, game, tail) if x]))
            self.lines = lines
        self.cursor = max(0, min(self.cursor, len(self.tables)))

    def key(self, k):
        if k in (K.UP, K.DOWN):       # over TYPE and the tables only
            self.cursor = (self.cursor + (1 if k == K.DOWN else -1)) % (len(self.tables) + 1)
            self.scroll_to_cursor()
        else:
            ListScreen.key(self, k)

    def tick(self, now):
        if self.udp is None:
            return None
        t = self.net.now_ms()
        changed = False
        for _ in range(8):
            got = self.udp.recv(self.buf)
            if got is None:
                break
            n, addr = got
            msg, why = P.decode(bytes(self.buf[:n]).rstrip(b"\n"))
            if why or msg["t"] != "table":
                continue
            changed = self.heard(msg, addr, t) or changed
        keep = [x for x in self.tables if t - x[5] < LOBBY_MS]
        if len(keep) != len(self.tables) or changed:
            self.tables = keep
            self.refresh()
        return 200

    def heard(self, msg, addr, t):
        name = P.words(msg, "name", 40)      # (anyone on the network may announce)
        port = P.number(msg, "port", 1, 65535)
        if name is None or port is None:
            return False
        name = name or "Table"
        game = P.text(msg, "game", 20) or "?"
        free = msg.get("open") if type(msg.get("open")) is list else []
        for x in self.tables:
            if x[2] == addr and x[3] == port:
                changed = x[0] != name or x[4] != free
                x[0], x[1], x[4], x[5] = name, game, free, t
                return changed
        self.tables.append([name, game, addr, port, free, t])
        return True

    def choose(self, i):
        if i == 0:
            app, net = self.app, self.net
            call("ui.link.address", "ask", app, lambda a: join(app, a, my_name(app), net))
        elif i <= len(self.tables):
            x = self.tables[i - 1]
            join(self.app, "%s:%d" % (x[2], x[3]), my_name(self.app), self.net)


def link_names(kinds, mine=None):
    # Seats as every joiner sees them (kinds per seat: "human", "remote" or
    # "bot"): people P1.. (one host player: mine, the host's name, else Host)
    # until a joiner's hello names its seat, bots by the built-in names as at
    # a local table, but for one that is the host's name in any case.
    from ui.seating import BOT_NAMES, default_names
    me = mine[:5] if mine else "Host"
    bots = [n for n in BOT_NAMES if n.lower() != me.lower()]
    names = default_names(["bot" if k == "bot" else "human" for k in kinds], [me] + bots)
    hosts = kinds.count("human")
    for i in range(len(kinds)):
        if kinds[i] == "human" and hosts == 1:
            names[i] = me
    return names


def new_session(game_id, kinds, levels, seed, options=None, names=None):
    # kinds per seat: "human", "remote" or "bot".
    names = names or link_names(kinds)
    from ui.link.host import LinkSession
    from ui.session import Session
    s = Session.new(game_id, ["bot"] * len(kinds), levels, seed, options, names)
    return LinkSession(s.state, kinds, levels, names)


def resume_session(app):
    # The saved link game as a LinkSession and its link.json info, or (None, why).
    from ui.link.host import LinkSession
    from ui.session import Session
    info = _saved(app, "host")
    if info is None:
        return None, "No link table to resume."
    try:
        rec, state = app.store.load_game()
    except (OSError, ValueError):
        rec = None
    if not rec:
        return None, "The link table's game is not saved."
    try:
        s = Session.from_record(rec, state)
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        return None, "Saved game unusable: %s" % e
    link = info.get("link")
    if s.game != info.get("game") or s.seed != info.get("deal") or type(link) is not list \
            or len(link) != s.players:
        return None, "The saved game is not the link table's."
    kinds = ["remote" if link[i] else s.seats[i] for i in range(s.players)]
    return LinkSession(s.state, kinds, s.levels, s.names), info
