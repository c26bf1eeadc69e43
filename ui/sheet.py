# The score sheet (SELECT, the pause menu, game over), the round summary and
# the per-round lines, as tables with real columns: each column as wide as
# its widest entry, numbers right-aligned, so bids of 10+, Call Break's
# tenths and 2-5 players line up. Loaded while one of them is shown.
from hal import keys as K
from ui.fmt import card, pad, rpad, score
from ui.screen import ListScreen


def columns(rows):
    # Lines of a table: the first column left-aligned, the others right-aligned,
    # one space between columns.
    n = len(rows[0])
    w = [0] * n
    for r in rows:
        for i in range(n):
            w[i] = max(w[i], len(r[i]))
    out = []
    for r in rows:
        line = pad(r[0], w[0])
        for i in range(1, n):
            line += " " + rpad(r[i], w[i])
        out.append(line)
    return out


def signed(v, scale=1):
    t = score(v, scale)
    return t if v is None or v < 0 else "+" + t


def totals_after(view, r):
    # Each seat's total once round r (0-based) was scored.
    hist = view["history"]
    tot = list(view["scores"])
    for h in hist[r + 1:]:
        for s in range(len(tot)):
            tot[s] -= (h.get("points") or [0] * len(tot))[s]
    return tot


def round_table(view, names, r):
    # Lines for round r: per seat its bid, tricks won, points and total after it.
    n = view["players"]
    scale = view.get("score_scale") or 1
    h = view["history"][r]
    bids = h.get("bids") or [None] * n
    has_bids = [b for b in bids if b is not None]
    scored = view["game"] != "linger"
    tot = totals_after(view, r)
    rows = [[""] + (["Bid"] if has_bids else []) + ["Won"] + (["Pts", "Total"] if scored else [])]
    for s in range(n):
        row = [names[s]]
        if has_bids:
            row.append("-" if bids[s] is None else str(bids[s]))
        row.append(str(h["tricks"][s]))
        if scored:
            row += [signed(h["points"][s], scale), score(tot[s], scale)]
        rows.append(row)
    return columns(rows)


def round_lines(view, names):
    # One line per round with each seat's points, then the totals (game over).
    n = view["players"]
    scale = view.get("score_scale") or 1
    hist = view.get("history") or []
    if view["game"] == "linger":
        rows = [["Rd"] + [names[s] for s in range(n)]]
        for r in range(len(hist)):
            rows.append([str(r + 1)] + [str(t) for t in hist[r]["tricks"]])
        return columns(rows) if hist else []
    rows = [["Rd"] + [names[s] for s in range(n)]]
    for r in range(len(hist)):
        rows.append([str(r + 1)] + [signed(p, scale) for p in hist[r].get("points") or [0] * n])
    rows.append(["Tot"] + [score(x, scale) for x in view["scores"]])
    return columns(rows)


def score_sheet(view, names, cols):
    # The whole sheet as text (the text console): per round bid/won and points.
    n = view["players"]
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
                cell = "bid %d %s" % (bids[s], cell)
            if view["game"] != "linger":
                cell += " " + signed(h["points"][s], scale)
            row.append(cell)
        rows.append(row)
    if view["game"] != "linger":
        rows.append(["Tot"] + [score(x, scale) for x in view["scores"]])
    out = columns(rows)
    if not hist:
        out.insert(1, "No round finished yet.")
    return out


def round_summary(view, names, cols):
    # The screen between rounds (and the console's round end): the last round's table.
    return round_table(view, names, len(view["history"]) - 1)


def last_trick(view, names):
    lt = view.get("last_trick")
    if not lt:
        return ["No trick played yet."]
    out = ["Last trick:"]
    for seat, c in lt:
        mark = "  wins" if seat == view.get("last_winner") else ""
        out.append("  " + pad(names[seat], 5) + card(c) + mark)
    return out


class ScoreSheet(ListScreen):
    # One page per finished round and a last page with the totals and the last
    # trick: LEFT/RIGHT move a round, UP/DOWN scroll a long page, A/B close.
    module = "ui.sheet"

    def __init__(self, table):
        ListScreen.__init__(self, "Score sheet", [], "L/R: round  B: back")
        self.table = table
        self.page = -1            # -1: the totals page

    def refresh(self):
        v = self.table.state().view(None)
        names = self.table.names()
        hist = v["history"]
        n = len(hist)
        if self.page < 0 or self.page >= n:
            self.page = -1
            total = v.get("rounds")
            self.title = "Totals, %d round%s" % (n, "" if n == 1 else "s") if n else "Score sheet"
            rows = [["", "Total"]] + [[names[s], score(v["scores"][s], v.get("score_scale") or 1)]
                                      for s in range(v["players"])]
            lines = columns(rows) if v["game"] != "linger" else []
            if not n:
                lines = ["No round finished yet."] + ([""] if lines else []) + lines
            if total:
                lines.append("%d of %d rounds played" % (n, total))
            self.lines = lines + [""] + last_trick(v, names)
        else:
            self.title = "Round %d of %s" % (self.page + 1, v.get("rounds") or n)
            self.lines = round_table(v, names, self.page)
        self.first = 0

    def key(self, k):
        n = len(self.table.state().view(None)["history"])
        if k in (K.LEFT, K.RIGHT):
            page = n if self.page < 0 else self.page      # the totals page comes last
            page = max(0, min(n, page + (1 if k == K.RIGHT else -1)))
            self.page = -1 if page == n else page
            self.refresh()
            return
        ListScreen.key(self, k)


def sheet_screen(table):
    return ScoreSheet(table)


def show(table):
    # Push the score sheet over whatever is on top (this module leaves with it).
    table.app.push(ScoreSheet(table))
