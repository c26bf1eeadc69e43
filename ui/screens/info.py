# Statistics and About texts and the rules menu: loaded when one of them is
# opened from the title (or the console's statistics), unloaded after (App:
# `module`, Title._text).
from engine.ondemand import call
from ui.screens.common import LEVEL_NAMES, facts, rules_text, short_title
from ui.list_screen import Menu, TextScreen


def stats_lines(store, cols):
    # A small table: per game played, won, best; per bot level, named as New
    # game and Settings name it ("hard"); hinted games (the title's
    # Statistics page and the console's `stats`), cols wide: a game's name
    # longer than its column keeps its first words ("Linger").
    from ui.fmt import rpad, pad, score, shorten
    try:
        st = store.load_stats() or {}
    except (OSError, ValueError):
        st = {}
    games_ = [g for g in call("engine.catalog", "ids")
              if type(st.get(g)) is dict and st[g].get("played")]
    if not games_:
        return ["No games finished yet."]
    w = max([10] + [len(short_title(g)) for g in games_])
    w = max(10, min(w, cols - 14))   # Pld, Won and Best take 14
    names = dict([(g, shorten(short_title(g), w)) for g in games_])
    out = [pad("Game", w) + " Pld Won  Best"]
    per = {}
    hints = []
    for gid in games_:
        g = st[gid]
        best = g.get("best")
        f = facts(gid)
        if type(best) is not int or f["low_wins"] is None:   # Linger Longer keeps no points
            best = "-"
        else:
            best = score(best, f["score_scale"])
        out.append(pad(names[gid], w) + rpad(str(g.get("played", 0)), 4) +
                   rpad(str(g.get("won", 0)), 4) + rpad(best, 6))
        lv = g.get("levels")
        if type(lv) is dict:
            for k in lv:
                pw = per.get(k) or [0, 0]
                per[k] = [pw[0] + lv[k][0], pw[1] + lv[k][1]]
        if g.get("hinted"):
            hints.append(pad(names[gid], w) + rpad(str(g["hinted"]), 4))
    if per:
        out += ["", pad("Bots", w) + " Pld Won"]
        for k in sorted([k for k in per]):
            label = ([LEVEL_NAMES[i] for i in range(len(LEVEL_NAMES)) if str(i) == k] or [k])[0]
            out.append(pad(label, w) + rpad(str(per[k][0]), 4) + rpad(str(per[k][1]), 4))
    if hints:
        out += ["", pad("Hinted", w) + " Pld"] + hints
    return out


def about_text(app):
    from ui.version import VERSION
    free = app.mem_free
    mem = "%d bytes free" % free() if free else "n/a on desktop"
    return ("Pocket Tricks %s\nFive trick-taking card games.\n\nBoard: %s\nScreen: %dx%d\n"
            "Memory: %s\n\nKeys: arrows move, A choose, B back, START pause menu, "
            "SELECT standings and score sheet. On your turn: UP hint, B twice undo." % (
                VERSION, app.board, app.width, app.height, mem))


class RulesMenu(Menu):
    module = "ui.screens.info"

    def __init__(self):
        Menu.__init__(self, "Rules", [])

    def refresh(self):
        self.items = [(short_title(g), self._show(g)) for g in call("engine.catalog", "ids")]
        self.lines = [it[0] for it in self.items]

    def _show(self, gid):
        def show():
            self.app.push(TextScreen(short_title(gid), rules_text(gid)))
        return show
