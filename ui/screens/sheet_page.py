# The score sheet screen (SELECT, the pause menu, game over: the totals;
# right of them every trick of the round, latest first, then a page per
# round; left of them what is out, where its setting has it) and the whole
# sheet as text for the console. Loaded while one of them is used.
from hal import keys as K
from ui import faces
from ui.fmt import score
from ui.list_screen import ListScreen
from ui.screens.sheet import columns, round_table, signed
from ui.screens.standings import rounds_left, standings


def score_sheet(view, names, cols):
    # The whole sheet as text (the text console): per round bid/won and points.
    n = view["players"]
    face = faces.of(view["game"])
    scored = face.SCORES
    scale = view.get("score_scale") or 1
    hist = view.get("history") or []
    rows = [["Rd"] + [names[s] for s in range(n)]]
    for r in range(len(hist)):
        h = hist[r]
        bids = h.get("bids") or [None] * n
        row = [str(r + 1)]
        for s in range(n):
            cell = "won %d" % h["tricks"][s]
            if bids[s] is not None:
                cell = "%s %d %s" % (face.BID, bids[s], cell)
            if scored:
                cell += " " + signed(h["points"][s], scale)
            row.append(cell)
        rows.append(row)
    if scored:
        rows.append(["Tot"] + [score(x, scale) for x in view["scores"]])
    out = columns(rows)
    if not hist:
        out.insert(1, "No round finished yet.")
    elif scored and view["phase"] != "over":
        out.append(lead_sentence(view, names))
    return out


def lead_sentence(view, names):
    # The totals page's news in words (the text console): "Bob leads by 3;
    # 6 rounds left."
    scale = view.get("score_scale") or 1
    table = standings(view)
    tied = [names[s] for s, _, behind in table if not behind]
    if len(tied) > 1:
        head = " and ".join(tied) + " share the lead"
    else:
        head = "%s lead%s by %s" % (tied[0], "" if tied[0] == "You" else "s",
                                    score(table[1][2], scale))
    more = rounds_left(view)
    return head + ("; " + more[0].lower() + more[1:] if more else "") + "."


def totals_page(view, names):
    # The score sheet's first page: a seat a line, leader first, with how
    # far behind it each is; then the rounds left. (Linger Longer: tricks and
    # cards left, its one round's standings.)
    n = view["players"]
    if not faces.of(view["game"]).SCORES:      # a game without points: tricks, cards left
        rows = [["", "Won", "Cards"]] + [[names[s], str(view["tricks"][s]), str(view["counts"][s])]
                                        for s in range(n)]
        return columns(rows) + ["", "Last to hold cards wins"]
    scale = view.get("score_scale") or 1
    table = standings(view)
    rows = [[names[s], score(total, scale)] for s, total, _ in table]
    notes = []
    for s, total, behind in table:
        if behind:
            notes.append(score(behind, scale) + " behind")
        elif len(table) > 1 and table[1][2]:
            notes.append("leads by " + score(table[1][2], scale))
        else:
            notes.append("tied" if len(table) > 1 else "")
    out = [line + "  " + note for line, note in zip(columns(rows), notes)]
    more = rounds_left(view)
    return out + ([""] + [more] if more else [])


def totals_title(view):
    n = len(view["history"])
    if not faces.of(view["game"]).SCORES:      # (game over's words: "Tricks won:")
        return "Tricks won" if view["phase"] == "over" else "Tricks so far"
    total = view.get("rounds")
    if not n:
        return "Totals: no round yet"
    return "Totals: %d of %d rounds" % (n, total) if total else \
        "Totals: %d round%s" % (n, "" if n == 1 else "s")


class ScoreSheet(ListScreen):
    # SELECT's pages: the totals (who leads, by how much, the rounds left);
    # RIGHT the round's tricks, latest first (ui.screens.played), then the
    # rounds, latest first; LEFT what is out (where the setting has it).
    # UP/DOWN scroll a long page, A/B close.
    module = "ui.screens.sheet_page"
    # its table helpers, the standings, the trick pages
    uses = ("ui.screens.sheet", "ui.screens.standings", "ui.screens.played")
    toggle = K.SELECT

    def __init__(self, table):
        ListScreen.__init__(self, "", [], "L/R: more  B: back")
        self.table = table
        self.page = 0       # -1 what is out, 0 totals, 1.. the tricks, then the rounds
        self.out = self.last = 0    # the first and the last page, as refresh found them

    def refresh(self):
        from ui.screens import played          # (the console's sheet does without it)
        v = self.table.state().view(None)
        names = self.table.names()
        n = len(v["history"])
        cols = self.app.cols
        out = -1 if played.shown(self.app.settings.get("count"), v["game"]) else 0
        last = played.count(v) + n
        self.out, self.last = out, last     # the first and the last page (key)
        self.page = max(out, min(self.page, last))
        if self.page < 0:
            self.title, self.lines = played.out(v, cols)
        elif self.page == 0:
            self.title = totals_title(v)
            self.lines = totals_page(v, names)
        elif self.page <= last - n:
            self.title, self.lines = played.page(v, names, self.page - 1, cols)
        else:
            r = last - self.page
            rounds = v.get("rounds")      # None: the game has no fixed number (Nines)
            self.title = "Round %d" % (r + 1) + (" of %d" % rounds if rounds else "")
            self.lines = round_table(v, names, r)
        self.footer = "R: totals  B: back" if self.page < 0 else \
            ("L/R: out, tricks  B: back" if out else "R: tricks  B: back") if not self.page \
            else "L/R: pages  B: back" if self.page < last else "L: back a page  B: back"
        self.first = 0

    def key(self, k):
        if k in (K.LEFT, K.RIGHT):
            page = self.page + (1 if k == K.RIGHT else -1)
            if self.out <= page <= self.last:      # (at either end: nothing to build)
                self.page = page
                self.refresh()
            return
        ListScreen.key(self, k)
