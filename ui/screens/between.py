# Screens between the table's turns: the pass-and-play curtain and the round
# summary (game over: ui/screens/game_over.py). Loaded when one opens, unloaded when
# it closes (App: `module`).
from hal import keys as K
from ui.list_screen import ListScreen, Menu, TextScreen


def ended(v):
    # View v as the round just finished left it: its bids and tricks, the
    # totals before its points (the round's summary shows them next): the
    # table's seats while that round's last trick stays up (ui.table.words).
    h = v["history"][-1]
    n = v["players"]
    points = h.get("points") or [0] * n
    e = dict(v)
    e["phase"], e["bids"], e["tricks"] = "play", h.get("bids"), h["tricks"]
    e["scores"] = [v["scores"][s] - points[s] for s in range(n)]
    return e


class Curtain(ListScreen):
    # Pass-and-play: hides every hand until the next player presses A; then,
    # before their cards, what the others did since their own last move
    # (ui/catchup.py: public moves only), which the next press (A or B)
    # dismisses. START opens a menu that shows no hand (save and quit, the scores).
    module = "ui.screens.between"
    caught = False             # the catch-up is on show

    def __init__(self, table, seat):
        ListScreen.__init__(self, "Pass and play", [], "A: go on  START: menu")
        self.table = table
        self.seat = seat

    def refresh(self):
        if self.caught:
            return
        name = self.table.names()[self.seat]
        self.lines = ["", "Pass to %s" % name, "", "%s: press A" % name, "",
                      "(others look away)"]

    def key(self, k):
        if k == K.START:
            self.app.push(CurtainMenu(self.table))
        elif self.caught and k in (K.UP, K.DOWN, K.LEFT, K.RIGHT):
            ListScreen.key(self, k)        # (a long catch-up scrolls)
        elif k == K.A or (self.caught and k == K.B):
            if not self.caught:      # the curtain lifted: what this seat missed, if anything
                from engine.ondemand import call
                got = call("ui.catchup", "lines", self.table.session, self.seat,
                           self.app.cols - 1)
                if got:
                    self.caught = True
                    self.title, self.lines, self.footer = "Since your last move", got, \
                        "A: your cards"
                    return
            self.app.pop()
            t = self.table           # the device is with this seat's player now
            t.last_human = t.pov = self.seat
            t.turn_again()


class CurtainMenu(Menu):
    # START on the curtain: what may be done before anyone's hand shows.
    module = "ui.screens.between"
    toggle = K.START

    def __init__(self, table):
        Menu.__init__(self, "Paused", [("Back to the curtain", self.back),
                                       ("Score sheet", self.sheet),
                                       ("Save and quit", self.quit)], "A: choose  B: back")
        self.table = table

    def sheet(self):
        self.app.open("score_sheet", self.table)

    def quit(self):
        self.table.autosave()
        self.app.home()


class RoundSummary(TextScreen):
    module = "ui.screens.between"

    def __init__(self, table):
        from engine import ondemand
        v = table.state().view(None)
        n = len(v["history"])
        total = v.get("rounds")
        title = "Round %d of %d" % (n, total) if total else "Round %d" % n
        lines = ondemand.once("ui.screens.sheet", "round_summary", v, table.names(),
                              table.app.cols)
        ondemand.settle()     # (the catalog it read: done with)
        lines += ["", "Deal no. %d" % table.session.seed]
        TextScreen.__init__(self, title, lines, "A: next round")
