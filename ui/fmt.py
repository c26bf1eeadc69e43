"""Short texts for a small screen: cards with suit symbols, actions, scores,
the score sheet and round summaries. Plain Python (no displayio).
"""

from ui.glyphs import SUIT_CHARS

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades", "No Trumps")


def card(c):
    return RANKS[c % 13] + SUIT_CHARS[c // 13]


def cards(cs):
    return " ".join([card(c) for c in cs])


def trump(t):
    if t is None:
        return "-"
    return "NT" if t == 4 else SUIT_CHARS[t]


def action(a):
    """What a picker shows for an action int."""
    if 0 <= a < 52:
        return card(a)
    if 100 <= a < 114:
        return str(a - 100)
    if 200 <= a < 205:
        s = a - 200
        return "No Trumps" if s == 4 else SUIT_CHARS[s] + " " + SUIT_WORDS[s]
    if 325 <= a < 370:
        n, s = (a - 300) // 5, (a - 300) % 5
        return "%d %s" % (n, trump(s))
    return {400: "Pass", 401: "Swap hands", 402: "Keep hand"}.get(a, str(a))


def score(v, scale=1):
    """An integer score shown with its scale (Call Break keeps tenths)."""
    if scale == 1 or v is None:
        return str(v)
    sign = "-" if v < 0 else ""
    v = abs(v)
    return "%s%d.%d" % (sign, v // scale, v % scale) if scale == 10 else str(v / scale)


def pad(s, n):
    """s left-aligned in n columns (no str.ljust on the device)."""
    s = s[:n]
    return s + " " * (n - len(s))


def rpad(s, n):
    s = s[:n]
    return " " * (n - len(s)) + s


def bid_tricks(b, t):
    return ("b-" if b is None else "b%d" % b) + " t%d" % t


def score_sheet(view, names, cols):
    """Lines: a header, then per round bid/tricks and points per seat, then totals."""
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
    """Lines for the screen between rounds: per seat bid, tricks, points, total."""
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
