# The table screen's words: pure functions from the view(None) that ui.table
# builds once per key or tick (and a few facts of the table) to the strings
# and lists its view draws. Nothing here changes a screen. What one game
# has of its own (its phases, its view's extra keys) its face says (t.face:
# ui.faces).
from engine.ondemand import call
from ui import fmt
from ui.fmt import panel_cols
from ui.screen import wrap



def lines2(text, cols):
    # text in at most two lines of cols characters (a third is cut: callers keep it short)
    return "\n".join(wrap(text, cols)[:2])


def seats(face, v, names, pov, lead=-1):
    # (name, words, score) per seat, pov's first (a game without points
    # shows none). The seat lead led the trick on show: its name has the lead mark.
    n = v["players"]
    scale = v.get("score_scale") or 1
    out = []
    for i in range(n):
        s = (pov + i) % n
        out.append((fmt.LEAD + names[s] if s == lead else names[s], face.stats(v, s),
                    fmt.score(v["scores"][s], scale, True) if face.SCORES else ""))
    return out


def trick(v, pov, hold):
    # The trick as (position from pov, card), the leader's first; while a
    # finished trick is held on show (hold), that one: a new round's bids must
    # not bring back the last round's last trick, which the view keeps as last_trick.
    t = v["trick"]
    if not t and hold and v["last_trick"]:
        t = v["last_trick"]
    n = v["players"]
    return [((p[0] - pov) % n, p[1]) for p in t]


def fields(t, v, shown):
    # Table t's fields for v (shown: the seat whose cards may show): header,
    # trump, seats, the acting seat's place, trick, hand, which cards may be
    # played and which are marked (chosen to give, received), whether the
    # cursor shows, face-down cards, what Nines' swapper knows.
    st = t.state()
    names = t.names()
    face = t.face
    n = v["players"]
    pov = t.pov % n
    to_act = v["to_act"]
    hand, legal, marked, cursor, backs = [], [], [], False, 0
    if shown is not None and not t.round_hold:   # only this seat's cards go on screen
        acting = to_act == shown and not t.hold_until
        ok = st.legal_actions() if acting else ()
        marks = t.chosen + (t.received[shown] if t.received else []) + list(t.drawn)
        hand = held(t, v, shown)
        play = acting and face.card_phase(v["phase"])
        legal = [(c in ok) or not play for c in hand]
        marked = [c in marks for c in hand]
        cursor = play and len(hand) > 0
    elif not t.round_hold:
        backs = v["counts"][pov]
    on = trick(v, pov, t.hold_until and t.trick_hold)
    lead = (on[0][0] + pov) % n if on else -1
    if t.round_hold and v["history"]:    # the round's last trick on show: still its round
        e = call("ui.screens.between", "ended", v)     # (the summary's module, next)
        return (t.header or face.header(v, names), t.trump_text, seats(face, e, names, pov, lead),
                -1, on, hand, legal, marked, cursor, backs, t.known)
    return (face.header(v, names), face.trump_text(v),
            seats(face, v, names, pov, lead),
            (to_act - pov) % n if to_act >= 0 else -1, on, hand, legal, marked, cursor, backs,
            face.known(t, pov, names, t.app.cols if t.app else 26))


def held(t, v, seat):
    # seat's hand in v in the order table t shows it (Settings: Hand order, ui.fmt.arrange).
    return fmt.arrange(list(v["hands"][seat] or []), v["trump"],
                       t.app is None or t.app.settings.get("trumps_apart"))


def won_note(trick, winner, names, text=fmt.card):
    # Who took the finished trick, and why: "Bob won: K♠ was highest",
    # "Ann won: 2♥ is trump" (26 characters at most with a 5-letter name;
    # text: a card's words, the console's "KS"). A winning card off the led
    # suit is a trump: the trick says so itself, where the state's trump may
    # be the next round's already.
    c = [p[1] for p in trick if p[0] == winner][0]
    why = "is trump" if c // 13 != trick[0][1] // 13 else "was highest"
    return "%s won: %s %s" % (names[winner], text(c), why)


def trump_note(trump, chooser=None):
    # A trump just chosen (by chooser) or won in an auction: "Cy chose hearts".
    words = fmt.trump_words(trump)
    return "%s chose %s" % (chooser, words) if chooser else "Trump: " + words


def prompt(t, v, shown):
    # The two lines under the hand: a message, a hint, whose turn, what to do.
    if t.message:
        return t.message
    if t.chosen and len(t.chosen) >= t.face.need(v):    # (only a PASSING phase picks)
        return "A: give them  B: take back"      # before a hint: how to finish
    if t.hint is not None:
        return t.hint[1]
    seat = v["to_act"]
    if v["phase"] == "over":
        return "Game over"
    if t.hold_until:
        return t.note
    name = t.names()[seat]
    if not t.session.is_human(seat):
        return "%s is thinking..." % name
    if shown != seat:
        return "%s to play" % name
    if v["phase"] == "play":     # what the blue of a card just drawn means (Linger)
        return ("Your turn" if v["trick"] else "Your lead") + (" (blue: drawn)" if t.drawn else "")
    return t.face.prompt(t, v, shown) or "LEFT/RIGHT choose, A ok"


def panel(t, v, shown):
    # The centre of the table during a decision of shown's: the game's own
    # panel (a Frisch's cards), or the picker's title, "< value >" and its
    # reasons (t.context_lines).
    cols = panel_cols(t.app.width if t.app else 160)
    own = t.face.panel(t, v, shown, cols)
    if own is not None:
        return own
    phase = v["phase"]
    n = len(t.options)
    if t.face.card_phase(phase) or phase == "over" or shown != v["to_act"] or not n \
            or t.dec_seat != shown:
        return None
    left = "<" if t.pick > 0 else " "        # the arrows show which way moves
    right = ">" if t.pick < n - 1 else " "
    value = fmt.action(t.options[t.pick % n])
    # a long value loses the spaces inside its arrows: "<♦ diamonds>"
    value = ("%s %s %s" if len(value) + 4 <= cols else "%s%s%s") % (left, value, right)
    return [t.face.title(v), value] + t.context_lines
