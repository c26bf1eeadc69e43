# The score sheet (SELECT, the pause menu, game over) and the round summary
# texts: loaded when one is shown, unloaded again once the screen is built.
from ui.fmt import bid_tricks, card, pad, rpad, score
from ui.screen import TextScreen


def sheet_screen(table):
    v = table.state().view(None)
    names = table.names()
    lines = last_trick(v, names) + [""] + score_sheet(v, names, table.app.cols)
    return TextScreen("Score sheet", lines)


def show(table):
    # Push the score sheet over whatever is on top and unload this module.
    from ui.app import forget
    table.app.push(sheet_screen(table))
    forget("ui.sheet")


def score_sheet(view, names, cols):
    # Lines: a header, then per round bid/tricks and points per seat, then totals.
    n = view["players"]
    scale = view.get("score_scale") or 1
    w = max(3, min(6, (cols - 3) // n))
    out = [pad("Rd", 3) + "".join([rpad(names[s], w) for s in range(n)])]
    hist = view.get("history") or []
    has_bids = False
    for h in hist:
        for b in h.get("bids") or []:
            if b is not None:
                has_bids = True
    for r in range(len(hist)):
        h = hist[r]
        if has_bids:
            bids = h.get("bids") or [None] * n
            out.append(pad(str(r + 1), 3) + "".join(
                [rpad(bid_tricks(bids[s], h["tricks"][s]), w) for s in range(n)]))
            lead = "   "
        else:
            lead = pad(str(r + 1), 3)
        pts = h.get("points") or [0] * n
        out.append(lead + "".join([rpad(signed(pts[s], scale), w) for s in range(n)]))
    out.append(pad("Tot", 3) + "".join([rpad(score(view["scores"][s], scale), w)
                                        for s in range(n)]))
    if not hist:
        out.insert(1, "No round finished yet.")
    return out


def signed(v, scale=1):
    t = score(v, scale)
    return t if v is None or v < 0 else "+" + t


def round_summary(view, names, cols):
    # Lines for the screen between rounds: per seat bid, tricks, points, total.
    n = view["players"]
    scale = view.get("score_scale") or 1
    h = view["history"][-1]
    bids = h.get("bids") or [None] * n
    has_bids = [b for b in bids if b is not None]
    out = [pad("", 5) + (rpad("bid", 4) if has_bids else "") + rpad("won", 4) +
           rpad("pts", 6) + rpad("total", 7)]
    for s in range(n):
        bid = rpad("-" if bids[s] is None else str(bids[s]), 4) if has_bids else ""
        out.append(pad(names[s], 5) + bid + rpad(str(h["tricks"][s]), 4) +
                   rpad(signed(h["points"][s], scale), 6) + rpad(score(view["scores"][s], scale), 7))
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
