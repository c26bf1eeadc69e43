# The score sheet screen (SELECT, the pause menu, game over: a page per
# round, then the totals and the last trick), the whole sheet as text for the
# console, and game over's words and line per round. Loaded while one of them is used.
from hal import keys as K
from ui.fmt import bid_word, card, pad, score
from ui.list_screen import ListScreen
from ui.sheet import columns, round_table, signed


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


def outcome(view, win, names):
    # Game over's words on every front end: who won (win: the winning seats)
    # and, where a rule decided it rather than the totals, which rule.
    who = ", ".join([names[s] for s in win])
    result = view.get("result")      # Linger Longer's: how the game ended
    if result == "draw":
        head = "Draw: " + who
    elif len(win) > 1:
        head = "Joint winners: " + who
    elif win:
        head = "You win!" if names[win[0]] == "You" else who + " wins!"
    else:
        head = "Nobody wins."
    out = [head]
    eight = view.get("eight_winner")
    if eight is not None:
        out.append("%s took 8 tricks in round %d: an instant win."
                   % (names[eight], view["round"] + 1))
    if result == "last_holder":
        out.append("Last to hold cards.")
    elif result in ("most_tricks", "draw"):
        out.append("The stock ran out: most tricks wins.")
    return out


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
                cell = "%s %d %s" % (bid_word(view), bids[s], cell)
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
    # One page per finished round and a last page with the last trick and the
    # totals: LEFT/RIGHT move a round, UP/DOWN scroll a long page, A/B close.
    module = "ui.sheet_page"
    toggle = K.SELECT

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
            # The last trick first (SELECT's quick look: the seats' scores are
            # on the table already), then the totals.
            self.page = -1
            total = v.get("rounds")
            if v["game"] == "linger":    # one round, won by lingering: tricks and cards
                self.title = "Score sheet"
                rows = [["", "Won", "Left"]] + [[names[s], str(v["tricks"][s]), str(v["counts"][s])]
                                                for s in range(v["players"])]
                lines = columns(rows)
            else:
                self.title = "Totals, %d round%s" % (n, "" if n == 1 else "s") if n else "Score sheet"
                rows = [["", "Total"]] + [[names[s], score(v["scores"][s], v.get("score_scale") or 1)]
                                          for s in range(v["players"])]
                lines = columns(rows)
                if not n:
                    lines = ["No round finished yet.", ""] + lines
                if total:
                    lines.append("%d of %d rounds played" % (n, total))
            self.lines = last_trick(v, names) + [""] + lines
        else:
            rounds = v.get("rounds")      # None: the game has no fixed number (Nines)
            self.title = "Round %d" % (self.page + 1) + (" of %d" % rounds if rounds else "")
            self.lines = round_table(v, names, self.page)
        self.first = 0

    def exit(self):
        ListScreen.exit(self)
        from engine.ondemand import forget
        forget("ui.sheet")            # loaded for its table helpers

    def key(self, k):
        n = len(self.table.state().view(None)["history"])
        if k in (K.LEFT, K.RIGHT):
            page = n if self.page < 0 else self.page      # the totals page comes last
            page = max(0, min(n, page + (1 if k == K.RIGHT else -1)))
            self.page = -1 if page == n else page
            self.refresh()
            return
        ListScreen.key(self, k)
