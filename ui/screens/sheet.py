# Score tables with real columns: each column as wide as its widest entry,
# numbers right-aligned, so bids of 10+, Call Break's tenths and 2-5 players
# line up. This module holds what the round summary needs (loaded at a round's
# end, beside a level-3 game: kept small); the score sheet screen, the text
# sheet and game over's lines are in ui.screens.sheet_page (which builds on this
# one), loaded when asked for.
from ui import faces
from ui.fmt import pad, rpad, score


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
    face = faces.of(view["game"])
    scored = face.SCORES                # (a game without points: tricks only)
    tot = totals_after(view, r)
    bid = face.BID[0].upper() + face.BID[1:]
    rows = [[""] + ([bid] if has_bids else []) + ["Won"] + (["Pts", "Total"] if scored else [])]
    for s in range(n):
        row = [names[s]]
        if has_bids:
            row.append("-" if bids[s] is None else str(bids[s]))
        row.append(str(h["tricks"][s]))
        if scored:
            row += [signed(h["points"][s], scale), score(tot[s], scale)]
        rows.append(row)
    return columns(rows)


def round_summary(view, names, cols):
    # The screen between rounds (and the console's round end): the last round's table.
    return round_table(view, names, len(view["history"]) - 1)
