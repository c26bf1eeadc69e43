# The table as a few lines of plain ASCII for the text console (<= 80 columns).
#
# Cards are shown as the codes a player types (QH, TS), so what you read is
# what you can enter. Compact on purpose: a serial console scrolls.

from engine.actions import is_trump_bid
from engine.cards import card_text, trump_text
from ui import faces, fmt


def hand_text(hand):
    # Cards grouped by suit: '2C 9C | 3D | QH AH'.
    groups = []
    cur = -1
    for c in hand:
        if c // 13 != cur:
            groups.append([])
            cur = c // 13
        groups[-1].append(card_text(c))
    return " | ".join([" ".join(g) for g in groups]) or "(no cards)"


def status_line(v, title):
    # 'Nomination Whist  round 3/19  11 cards  trump H  dealer Bo'.
    parts = [title]
    rounds = v.get("rounds")
    if v.get("round") is not None:
        parts.append("round %d%s" % (v["round"] + 1, "/%d" % rounds if rounds else ""))
    if v.get("hand_size"):
        parts.append("%d cards" % v["hand_size"])
    if v.get("trump") is not None:
        parts.append("trump " + trump_text(v["trump"]))
    own = getattr(faces.of(v["game"]), "status", None)      # (the game's own: a stock...)
    return "  ".join(parts + (own(v) if own else []))


def seat_lines(v, names):
    # One line per seat: marker, name, bid, tricks, score, cards held.
    n = v["players"]
    scale = v.get("score_scale") or 1
    face = faces.of(v["game"])
    out = []
    for s in range(n):
        mark = ">" if s == v.get("to_act") else " "
        if s == v.get("dealer"):
            mark += "D"
        else:
            mark += " "
        bid = v["bids"][s] if v.get("bids") else None
        line = mark + " " + fmt.pad(names[s], 5)
        if bid is not None or v["phase"] in face.BIDDING:
            line += " %s " % face.BID + fmt.rpad("-" if bid is None else str(bid), 2)
        line += "  won " + fmt.rpad(str(v["tricks"][s]), 2)
        line += "  score " + fmt.rpad(fmt.score(v["scores"][s], scale), 5)
        line += "  cards " + str(v["counts"][s])
        out.append(line)
    return out


def trick_line(v, names):
    # 'Trick: Bob led 7D, Cy 8D'.
    trick = v.get("trick") or []
    if not trick:
        return None
    return "Trick: " + ", ".join([fmt.played(names[trick[i][0]], card_text(trick[i][1]), i == 0)
                                  for i in range(len(trick))])


def table_lines(v, names, title, seat=None, on=True):
    # The whole table for seat (its hand shown when known, its trumps apart
    # unless on is False: Settings' Hand order, ui.fmt.arrange).
    out = [status_line(v, title)]
    out += seat_lines(v, names)
    t = trick_line(v, names)
    if t:
        out.append(t)
    if seat is not None and v["hands"][seat] is not None:
        face = faces.of(v["game"])
        picked = face.chosen(v, seat) if face.PASSING else []
        hand = [c for c in v["hands"][seat] if c not in picked]
        out.append(fmt.pad(names[seat], 5) + " hand: " +
                   hand_text(fmt.arrange(hand, v["trump"], on)))
        own = getattr(face, "lines", None)          # (picked to pass, known hands)
        out += own(v, names, seat, hand_text) if own else []
    return out


def trick_won_line(v, names):
    lt = v.get("last_trick") or []
    w = v.get("last_winner")
    who = names[w] if w is not None and 0 <= w < len(names) else "?"
    return "  Trick to %s: %s" % (who, " ".join([card_text(p[1]) for p in lt]))


def moves_lines(state, legal, width=80):
    # The legal moves wrapped to width; a long trump auction is summarised.
    bids = [a for a in legal if is_trump_bid(a)]
    if len(bids) > 10:
        rest = [state.action_text(a) for a in legal if not is_trump_bid(a)]
        words = ["bid N SUIT from '%s' up (SUIT C D H S NT)" % state.action_text(bids[0])] + rest
    else:
        words = [state.action_text(a) for a in legal]
    out = []
    line = "Moves:"
    for w in words:
        if len(line) + 1 + len(w) > width:
            out.append(line)
            line = "      "
        line += " " + w
    out.append(line)
    return out
