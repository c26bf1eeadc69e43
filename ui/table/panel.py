# The picker panel's reasons (why bid values are missing, the high bid, what
# the dummy is) and a refused move's reason for the prompt. The rules' reasons
# come from the engine (a state's left_out(), the text console's sentences),
# shortened for the screen. Also the picker's start, the steps of Israeli
# Whist's auction and Frisch's keys. Loaded once per picker decision, auction
# step, Frisch key or refusal and unloaded right after (ui.table.keys and
# Table.act), so the table's module stays small.
from engine.actions import KEEP, PASS, bid, is_bid, is_trump_bid
from hal import keys as K
from ui import fmt
from ui.fmt import panel_cols, panel_rows
from ui.screen import wrap
from ui.table.words import frisch_need


def parts(msg):
    # An engine sentence as (the whole, its reason, its instruction): "You must
    # ..." and the full stop dropped, halves split at the first ": ".
    t = msg.rstrip(".")
    if t.startswith("You must "):
        t = t[9].upper() + t[10:]
    i = t.find(": ")
    if i < 0:
        return t, t, t
    return t, t[:i], t[i + 2].upper() + t[i + 3:]


def ways(msgs):
    # Engine sentences said whole, by their reasons, by their instructions.
    return [[parts(m)[k] for m in msgs] for k in (0, 1, 2)]


def fit(alts, cols, rows):
    # The first of alts (lists of sentences, longest first) that fits in rows
    # lines of cols, as lines; else the last one, cut.
    for lines in alts:
        out = []
        for s in lines:
            out += wrap(s, cols)
        if len(out) <= rows:
            break
    return out[:rows]


def refused(msg):
    # The engine's reason for a refused move in the prompt's two lines (26
    # characters each: the smallest screen's).
    return " ".join(fit(ways([msg]), 26, 2))


def setup(table, v, phase, seat):
    # A picker decision: Pass first (Israeli's auction) with the picker past
    # it, Keep to start a swap; the reasons under the value.
    opts = table.options
    if PASS in opts:
        opts.remove(PASS)
        opts.insert(0, PASS)
    table.pick = opts.index(KEEP) if KEEP in opts else int(len(opts) > 1 and opts[0] == PASS)
    table.context_lines = context(table, v, phase, seat)


def frisch_key(table, k, seat, v):
    # Israeli's Frisch: A marks or unmarks a card; with all chosen, A gives
    # them (one engine action a card) and B unmarks the last.
    chosen = table.chosen
    st = table.state()
    if k == K.B and chosen:
        chosen.pop()
    elif k == K.A and len(chosen) >= frisch_need(v):
        for c in list(chosen):
            if st.to_act() != seat or st.phase != "frisch" or not table.act(c, seat):
                break
        table.chosen = []
    elif k == K.A:
        c = table.hand[table.cursor]
        if c in chosen:
            chosen.remove(c)
        elif c not in st.legal_actions():
            table.message = "You can't give %s." % fmt.card(c)
        else:
            chosen.append(c)


def context(table, v, phase, seat):
    # Lines (panel_cols wide) for below the "< value >" row; as many as fit.
    app = table.app
    cols = panel_cols(app.width) if app else 14
    room = (panel_rows(app.width, app.height, app.height // app.rows) if app else 4) - 2
    return fit(reasons(table, v, phase, seat), cols, room)


def reasons(table, v, phase, seat):
    # Ways to say why, longest first: lists of short sentences.
    names = table.names()
    legal = table.options
    if phase in ("bid", "contract"):
        out = []
        missing = []
        for a, t in table.state().left_out():
            missing.append(str(a - bid(0)))
            if t not in out:
                out.append(t)
        if out:       # last, for the smallest panel: which bids, if not why
            return ways(out) + [["Can't bid " + ", ".join(missing)]]
        bids = [a - bid(0) for a in legal if is_bid(a)]
        return [["Bid %d to %d" % (bids[0], bids[-1])]]
    if phase == "trump_bid":
        hb = v.get("high_bid")
        first = ("High: %s %d %s" % (names[hb[2]], hb[0], fmt.trump(hb[1])) if hb
                 else "Lowest bid %d" % (v.get("min_bid") or 5))
        if table.received and table.received[seat]:
            return [first, "Blue cards: passed to you"], [first, "Blue: received"]
        return [[first]]
    if phase == "swap":
        return swap_words(v, names), ["Dummy unseen"]
    if phase == "trump":
        return ["Highest bid picks"], ["You bid most"]
    return [[]]


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


def trick_step(opts, pick, up):
    # Israeli's auction (Pass first, then the bids in order): UP/DOWN a trick
    # at the same trump; a lower bid not allowed goes to the lowest bid, then
    # Pass; from Pass UP goes to the lowest bid. DOWN then UP comes back.
    a = opts[pick]
    low = min(1, len(opts) - 1)          # the lowest bid (opts[0] is Pass)
    if not is_trump_bid(a):
        return low if up else pick
    b = a + 5 if up else a - 5           # engine.actions.trump_bid: 5 a trick
    if b in opts:
        return opts.index(b)
    if up:
        return len(opts) - 1
    return low if pick > low else 0
