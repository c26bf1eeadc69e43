# The score sheet screen (SELECT, the pause menu, game over: the totals,
# the last trick, then a page per round) and the whole sheet as text for the
# console. Loaded while one of them is used.
from hal import keys as K
from ui.fmt import bid_word, card, pad, score
from ui.list_screen import ListScreen
from ui.screens.sheet import columns, round_table, signed
from ui.screens.standings import low_wins, rounds_left, standings


def score_sheet(view, names, cols):
    # The whole sheet as text (the text console): per round bid/won and points.
    n = view["players"]
    scored = low_wins(view["game"]) is not None
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


def last_trick(view, names):
    lt = view.get("last_trick")
    if not lt:
        return ["No trick played yet."]
    out = []
    for seat, c in lt:
        mark = "  won it" if seat == view.get("last_winner") else ""
        out.append(pad(names[seat], 6) + card(c) + mark)
    return out


def totals_page(view, names):
    # The score sheet's first page: a seat a line, leader first, with how
    # far behind it each is; then the rounds left. (Linger Longer: tricks and
    # cards left, its one round's standings.)
    n = view["players"]
    if low_wins(view["game"]) is None:      # a game without points: tricks, cards left
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
    if low_wins(view["game"]) is None:      # (game over's words: "Tricks won:")
        return "Tricks won" if view["phase"] == "over" else "Tricks so far"
    total = view.get("rounds")
    if not n:
        return "Totals: no round yet"
    return "Totals: %d of %d rounds" % (n, total) if total else \
        "Totals: %d round%s" % (n, "" if n == 1 else "s")


class ScoreSheet(ListScreen):
    # SELECT's pages: the totals (who leads, by how much, the rounds left),
    # the last trick, then the rounds, latest first. LEFT/RIGHT turn the
    # pages, UP/DOWN scroll a long one, A/B close.
    module = "ui.screens.sheet_page"
    toggle = K.SELECT

    def __init__(self, table):
        ListScreen.__init__(self, "", [], "L/R: more  B: back")
        self.table = table
        self.page = 0            # 0 totals, 1 last trick, 2... the rounds, latest first

    def refresh(self):
        v = self.table.state().view(None)
        names = self.table.names()
        n = len(v["history"])
        self.page = max(0, min(self.page, n + 1))
        if self.page == 0:
            self.title = totals_title(v)
            self.lines = totals_page(v, names)
        elif self.page == 1:
            self.title = "Last trick"
            self.lines = last_trick(v, names)
        else:
            r = n + 1 - self.page
            rounds = v.get("rounds")      # None: the game has no fixed number (Nines)
            self.title = "Round %d" % (r + 1) + (" of %d" % rounds if rounds else "")
            self.lines = round_table(v, names, r)
        self.footer = "R: last trick  B: back" if self.page == 0 else \
            ("L/R: pages  B: back" if self.page <= n else "L: back a page  B: back")
        self.first = 0

    def exit(self):
        ListScreen.exit(self)
        from engine.ondemand import forget
        forget("ui.screens.sheet")            # loaded for its table helpers
        forget("ui.screens.standings")

    def key(self, k):
        if k in (K.LEFT, K.RIGHT):
            self.page += 1 if k == K.RIGHT else -1
            self.refresh()
            return
        ListScreen.key(self, k)
