# The in-game menus of a link table: the host's pause menu (open seats to
# bots, a dropped player's seat to a bot now, a link seat freed, close the
# table), the joiner's
# (leave the table), and the host's new deal after game over (chosen on
# ui.link.over's LinkGameOver). Loaded when one opens, unloaded when it closes
# (App: `module`).
from hal import keys as K
from ui.list_screen import Menu, TextScreen


class _Pause(Menu):
    module = "ui.link.menus"
    uses = ("ui.screens.common",)      # (the rules page's helpers)
    toggle = K.START

    def __init__(self, table):
        Menu.__init__(self, "Link table", [], "A: choose  B: resume")
        self.table = table

    def sheet(self):
        self.app.open("score_sheet", self.table)

    def rules(self):
        from ui.screens.common import rules_text, short_title
        gid = self.table.session.game
        self.app.push(TextScreen(short_title(gid), rules_text(gid)))


class HostPause(_Pause):
    def refresh(self):
        h = self.table.host
        items = [("Resume", self.app.pop), ("Score sheet", self.sheet), ("Rules", self.rules)]
        if h.open_seats() and not h.fill:
            items.append(("Bots for open seats", self.fill))
        for s in range(self.table.session.players):
            if h.kind(s) == "away":
                items.append(("Bot for %s now" % self.table.names()[s], self._release(s)))
        for s in range(self.table.session.players):
            if h.remote(s) and h.tokens[s] is not None:     # (held, or may come back)
                items.append(("Free seat %d: %s" % (s + 1, self.table.names()[s]),
                              self._free(s)))
        items.append(("Close the table", self.close))
        self.items = items
        self.lines = [it[0] for it in items]
        self.cursor = max(0, min(self.cursor, len(items) - 1))
        self.title = h.name

    def _release(self, s):
        def go():
            self.table.host.release(s)
            self.app.pop()
        return go

    def _free(self, s):
        def go():
            free_seat(self.table.host, s)
            self.app.pop()
        return go

    def fill(self):
        self.table.host.bots_for_open()
        self.app.pop()

    def close(self):
        # The game stays saved: hosting again resumes it, and the joiners come back.
        self.table.autosave()
        self.app.home()


class JoinPause(_Pause):
    def refresh(self):
        c = self.table.client
        self.items = [("Resume", self.app.pop), ("Score sheet", self.sheet),
                      ("Rules", self.rules), ("Leave the table", self.leave)]
        self.lines = [it[0] for it in self.items]
        self.title = c.table_name or "Link table"

    def leave(self):
        # A bot takes the seat at once; the token is forgotten.
        self.table.client.leave()
        self.app.home()


def free_seat(h, s):
    # The host (h, a ui.link.host.Host) frees link seat s: its connection is
    # closed ("freed": the joiner does not come back on its own), its token
    # void, its name the seat's number again; the seat is open to the next
    # joiner (a bot's until one comes, after "Bots for open seats").
    if not h.remote(s) or h.tokens[s] is None:
        return
    line = h.conn[s]
    if line is not None:
        h.send(line, {"t": "bye", "why": "The host freed your seat.", "freed": True})
        line.bye = True
        line.close()
        h.dropped(line)
    h.tokens[s] = None
    h.away[s] = h.back[s] = None
    h.session.names[s] = "P%d" % (s + 1)
    h.serial += 1
    h.keep()
    if h.table is not None:
        h.table.update_fields()


def again(table):
    # The host deals the next game at the same table; the joiners stay seated.
    from ui.link.host import LinkSession
    from ui.link.host_table import LinkTable
    from ui.session import Session
    h = table.host
    s = table.session
    opts = s.state.save(False).get("options") or {}
    from engine.rng import LAST_DEAL
    st = Session.new(s.game, ["bot"] * s.players, s.levels, s.seed % LAST_DEAL + 1, opts).state
    ns = LinkSession(st, s.seats, s.levels, s.names)
    ns.host = h
    h.session = ns
    h.queue = []
    h.serial += 1
    t = LinkTable(ns, h)
    table.app.begin(t)
    table.app.link = h
    h.keep()
    t.autosave()
