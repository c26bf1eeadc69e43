# The picker panel's reasons (why bid values are missing; a game's own
# phases' reasons are its face's: the high bid, what the dummy is) and a
# refused move's reason for the prompt. The rules' reasons come from the
# engine (a state's left_out(), the text console's sentences), shortened for
# the screen. Also the picker's start and the keys that pick cards to pass.
# Loaded once per picker decision, pick key or refusal and unloaded right
# after (ui.table.keys and Table.act), so the table's module stays small.
from engine.actions import KEEP, PASS, bid, is_bid
from hal import keys as K
from ui import fmt
from ui.fmt import panel_cols, panel_rows
from ui.screen import wrap


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
    # A picker decision: (its values with Pass first (Israeli's auction),
    # where the picker starts: past Pass, on Keep to start a swap, the
    # reasons under the value).
    opts = table.options
    if PASS in opts:
        opts.remove(PASS)
        opts.insert(0, PASS)
    return (opts, opts.index(KEEP) if KEEP in opts else int(len(opts) > 1 and opts[0] == PASS),
            context(table, v, phase, seat))


def key(table, k, seat, v):
    # Picking cards to pass (the face's PASSING phase: Israeli's Frisch): A
    # marks or unmarks a card in table.chosen; with all chosen, A gives them
    # (one engine action a card) and B unmarks the last. Returns what the
    # prompt says ("" for nothing).
    chosen = table.chosen
    st = table.state()
    phase = st.phase
    if k == K.B and chosen:
        chosen.pop()
    elif k == K.A and len(chosen) >= table.face.need(v):
        for c in list(chosen):
            if st.to_act() != seat or st.phase != phase or not table.act(c, seat):
                break
        del chosen[:]
    elif k == K.A:
        c = table.hand[table.cursor]
        if c in chosen:
            chosen.remove(c)
        elif c not in st.legal_actions():
            return "You can't give %s." % fmt.card(c)
        else:
            chosen.append(c)
    return ""


def context(table, v, phase, seat):
    # Lines (panel_cols wide) for below the "< value >" row; as many as fit.
    app = table.app
    cols = panel_cols(app.width) if app else 14
    room = (panel_rows(app.width, app.height, app.height // app.rows) if app else 4) - 2
    return fit(reasons(table, v, phase, seat), cols, room)


def reasons(table, v, phase, seat):
    # Ways to say why, longest first: lists of short sentences.
    legal = table.options
    if [a for a in legal if is_bid(a)]:
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
    return table.face.reasons(table, v, seat)
