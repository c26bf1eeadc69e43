# The picker panel's reasons: why bid values are missing, the high bid, what
# the dummy is. Loaded when a decision is set up, unloaded right after
# (Table.prepare), so the table's module stays small in the heap.
from engine.actions import bid
from ui import fmt
from ui.screen import wrap
from ui.table import panel_cols, panel_rows


def context(table, v, phase, seat):
    # Lines (panel_cols wide) for below the "< value >" row; as many as fit.
    app = table.app
    cols = panel_cols(app.width) if app else 14
    room = (panel_rows(app.height, app.height // app.rows) if app else 4) - 2
    full, short = reasons(table, v, phase, seat)
    out = []
    for s in full:
        out += wrap(s, cols)
    if len(out) > room:
        out = []
        for s in short:
            out += wrap(s, cols)
    return out[:room]


def reasons(table, v, phase, seat):
    # (sentences, the same in fewer words): each a short line or two.
    names = table.names()
    legal = table.options
    if phase in ("bid", "contract"):
        hs = v.get("hand_size") or 13
        full, short = [], []
        for n in range(0, hs + 1):
            if bid(n) not in legal:
                why = why_missing(v, seat, n, names)
                if why:
                    full.append(why[0])
                    short.append(why[1])
        if not full:
            low = v.get("min_bid") or 0
            t = "Call 1 to 8" if v["game"] == "callbreak" else "Bid %d to %d" % (low, hs)
            return [t], [t]
        return full, short
    if phase == "trump_bid":
        hb = v.get("high_bid")
        first = ("High: %s %d %s" % (names[hb[2]], hb[0], fmt.trump(hb[1])) if hb
                 else "Lowest bid %d" % (v.get("min_bid") or 5))
        got = table.received[seat] if table.received else None
        if got:
            return [first, "Blue cards: passed to you"], [first, "Blue = passed"]
        return [first], [first]
    if phase == "swap":
        return swap_words(v, names), ["Dummy unseen"]
    if phase == "trump":
        return ["Highest bid picks"], ["You bid most"]
    return [], []


def why_missing(v, seat, n, names):
    # (a reason bid n is not offered, a shorter one), or None if simply out of range.
    game = v["game"]
    bids = [b for b in v["bids"] if b is not None]
    if game == "nommie":
        hs = v.get("hand_size") or 13
        if n == 0 and (v.get("zero_streak") or [0] * 4)[seat] >= 3:
            return "No 0: 3 zero bids running", "No 0 (3 zeros)"
        if seat == v["dealer"] and sum(bids) + n == hs:
            return "No %d: dealer's hook, sum %d" % (n, hs), "No %d (hook)" % n
    elif game == "israeli":
        if len(bids) == v["players"] - 1 and sum(bids) + n == 13:
            return "No %d: total can't be 13" % n, "No %d (sum 13)" % n
        hb = v.get("high_bid")
        if hb and seat == hb[2] and n == hb[0] - 1:
            return "Min %d: your trump bid" % hb[0], "Min %d" % hb[0]
    return None


def swap_words(v, names):
    # Offers go dealer first, clockwise; a swap leaves the swapper's old hand
    # in the dummy, so the dummy is the latest swapper's old hand.
    sw = v.get("swapped") or []
    last = None
    for i in range(len(sw)):
        s = (v["dealer"] + i) % len(sw)
        if sw[s]:
            last = s
    if last is not None:
        who = names[last]
        return ["Dummy: %s old hand" % ("your" if who == "You" else who + "'s")]
    kept = [names[s] for s in range(len(sw)) if sw[s] is False]
    out = ["Dummy: %d cards, unseen" % (v.get("dummy_count") or 13)]
    if kept:
        out.append("%s kept" % ", ".join(kept))
    return out
