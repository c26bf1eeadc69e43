# The table screen's words: pure functions from the view(None) that ui.table
# builds once per key or tick (and a few facts of the table) to the strings
# and lists its view draws. Nothing here changes a screen. A game shows in
# the keys its view has (Linger's "sitting_out", Call Break's "calls", Nines'
# "known_hands"), not in its id.
from engine.ondemand import call
from ui import fmt
from ui.fmt import panel_cols
from ui.screen import wrap

TITLE_WORDS = {"bid": "Your bid", "contract": "Your contract", "trump": "Choose trump",
               "trump_bid": "Bid for trump", "swap": "Swap or keep?"}


def lines2(text, cols):
    # text in at most two lines of cols characters (a third is cut: callers keep it short)
    return "\n".join(wrap(text, cols)[:2])


def header(v, names):
    # "R3/19 dealer Bob", Linger's "Stock 20", "Game over".
    if v["phase"] == "over":
        head = "Game over"
    elif v.get("rounds"):
        head = "R%d/%d" % (v["round"] + 1, v["rounds"])
    else:
        head = "R%d" % (v["round"] + 1)
    if "stock" in v:
        return "Stock %d" % v["stock"]
    if v.get("dealer") is not None:
        return head + " dealer " + names[v["dealer"]]
    return head


def trump_text(v):
    # The header's right end: "trump ♠"; Israeli Whist's play says whether
    # the contracts make an over or an under game there: "♠ under".
    if v["trump"] is None:
        return ""
    if v.get("game_type") and v["phase"] == "play":
        return fmt.trump(v["trump"]) + " " + v["game_type"]
    return "trump " + fmt.trump(v["trump"])


def seats(v, names, pov, lead=-1):
    # (name, words, score) per seat, pov's first; Linger keeps no score but
    # tricks. The seat lead led the trick on show: its name has the lead mark.
    n = v["players"]
    scale = v.get("score_scale") or 1
    out = []
    for i in range(n):
        s = (pov + i) % n
        out.append((fmt.LEAD + names[s] if s == lead else names[s], stats(v, s),
                    "" if "sitting_out" in v else fmt.score(v["scores"][s], scale, True)))
    return out


def stats(v, s):
    # A seat's words under its name: ["bid 3", "won 1"], a call, swap, cards left.
    phase = v["phase"]
    if phase == "trump_bid" and v.get("trump_calls"):
        a = v["trump_calls"][s]
        return [] if a is None else [fmt.action(a)]
    if phase == "swap" and v.get("swapped"):
        sw = v["swapped"][s]
        # (6 letters at most, as every word under a side seat's name: the swap
        # panel reaches to the seven-letter cell)
        return [] if sw is None else ["traded" if sw else "kept"]   # (You kept, Ann traded)
    won = "won %d" % v["tricks"][s]
    out = v.get("sitting_out")
    if out is not None:
        return [won, "out" if s in out else "%d left" % v["counts"][s]]
    b = v["bids"][s] if v["bids"] else None
    if b is not None:
        return ["%s %d" % (fmt.bid_word(v), b), won]
    return [won] if phase in ("play", "over") else []


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
    n = v["players"]
    pov = t.pov % n
    to_act = v["to_act"]
    hand, legal, marked, cursor, backs = [], [], [], False, 0
    if shown is not None and not t.round_hold:   # only this seat's cards go on screen
        acting = to_act == shown and not t.hold_until
        ok = st.legal_actions() if acting else ()
        marks = t.chosen + (t.received[shown] if t.received else []) + list(t.drawn)
        hand = held(t, v, shown)
        play = acting and v["phase"] in ("play", "frisch")
        legal = [(c in ok) or not play for c in hand]
        marked = [c in marks for c in hand]
        cursor = play and len(hand) > 0
    elif not t.round_hold:
        backs = v["counts"][pov]
    on = trick(v, pov, t.hold_until and t.trick_hold)
    lead = (on[0][0] + pov) % n if on else -1
    if t.round_hold and v["history"]:    # the round's last trick on show: still its round
        e = call("ui.screens.between", "ended", v)     # (the summary's module, next)
        return (t.header or header(v, names), t.trump_text, seats(e, names, pov, lead), -1,
                on, hand, legal, marked, cursor, backs, t.known)
    return (header(v, names), trump_text(v),
            seats(v, names, pov, lead),
            (to_act - pov) % n if to_act >= 0 else -1, on, hand, legal, marked, cursor, backs,
            call("ui.table.known", "known", st.view(pov), pov, names, t.app.cols if t.app else 26)
            if "known_hands" in v else "")


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


def frisch_need(v):
    # Cards the seat to act still has to choose (some may be chosen before a reload).
    seat = v["to_act"]
    got = v.get("frisch_chosen") if seat >= 0 else None
    return max(1, 3 - (len(got[seat] or []) if got else 0))


def prompt(t, v, shown):
    # The two lines under the hand: a message, a hint, whose turn, what to do.
    if t.message:
        return t.message
    if v["phase"] == "frisch" and t.chosen and len(t.chosen) >= frisch_need(v):
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
    if v["phase"] == "frisch":
        left = frisch_need(v) - len(t.chosen)
        return "A: give them  B: take back" if left <= 0 else "Frisch: pick %d to pass" % left
    return "LEFT/RIGHT choose, A ok"


def panel(t, v, shown):
    # The centre of the table during a decision of shown's: the picker's
    # title, "< value >" and its reasons (t.context_lines), or Frisch's cards.
    phase = v["phase"]
    seat = v["to_act"]
    if phase == "frisch" and shown == seat:
        return [fmt.frisch_title(v),
                "To the left:", fmt.cards(t.chosen) if t.chosen else "-"]
    if phase == "frisch":        # the others choose: a Frisch is under way
        return [fmt.frisch_title(v)] + wrap("Each passes 3 cards to the left",
                                            panel_cols(t.app.width if t.app else 160))
    n = len(t.options)
    if phase in ("play", "frisch", "over") or shown != seat or not n or t.dec_seat != seat:
        return None
    title = "Your call" if phase == "bid" and fmt.bid_word(v) == "call" else \
        TITLE_WORDS.get(phase, phase)
    left = "<" if t.pick > 0 else " "        # the arrows show which way moves
    right = ">" if t.pick < n - 1 else " "
    value = fmt.action(t.options[t.pick % n])
    # a long value loses the spaces inside its arrows: "<♦ diamonds>"
    value = ("%s %s %s" if len(value) + 4 <= panel_cols(t.app.width if t.app else 160)
             else "%s%s%s") % (left, value, right)
    return [title, value] + t.context_lines
