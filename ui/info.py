# Statistics and About texts and the rules menu: loaded when one of them is
# opened from the title, unloaded after (App: `module`, Title._text).
from engine import games
from ui.menus import SHORT_TITLES, rules_text
from ui.screen import Menu, TextScreen, wrap


def stats_lines(app):
    try:
        st = app.store.load_stats() or {}
    except (OSError, ValueError):
        st = {}
    out = []
    for gid in games.IDS:
        g = st.get(gid)
        if not g:
            continue
        out.append(SHORT_TITLES[gid])
        keys = sorted([k for k in g])
        for k in keys:
            val = g[k]
            if type(val) is dict:
                val = ", ".join(["%s %s" % (x, val[x]) for x in sorted([y for y in val])])
            out += wrap("  %s: %s" % (k, val), app.cols)
    return out or ["No games finished yet."]


def about_text(app):
    from ui.app import VERSION
    free = getattr(app, "mem_free", None)
    mem = "%d bytes free" % free() if free else "n/a on desktop"
    return ("Pocket Tricks %s\nFive trick-taking card games.\n\nBoard: %s\nScreen: %dx%d\n"
            "Memory: %s\n\nKeys: arrows move, A choose, B back, START pause menu, "
            "SELECT last trick and score sheet." % (
                VERSION, app.board, app.width, app.height, mem))


class RulesMenu(Menu):
    module = "ui.info"

    def __init__(self):
        Menu.__init__(self, "Rules", [])

    def refresh(self):
        self.items = [(SHORT_TITLES[g], self._show(g)) for g in games.IDS]
        self.lines = [it[0] for it in self.items]

    def _show(self, gid):
        def show():
            self.app.push(TextScreen(SHORT_TITLES[gid], rules_text(gid)))
        return show
