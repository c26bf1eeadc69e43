# Nines: what a seat knows of another hand (its own old hand, given up in a
# swap, or the dummy's), top centre at the table. Loaded for each redraw of a
# Nines table and dropped after (ui.table.words), so other games never hold it.
from ui import fmt
from ui.screen import wrap


def known(kv, seat, names, cols):
    # Nines: what seat knows of another hand (its old one, given up in a swap),
    # from kv, seat's own view: "Bob: AK9♠ QJ♥".
    cs, who = kv.get("dummy"), "Dummy"
    hands = kv.get("known_hands") or []
    for s in range(len(hands)):
        if s != seat and hands[s] is not None:
            cs, who = hands[s], names[s]
    if not cs:
        return ""
    out = []
    for suit in (3, 2, 1, 0):     # by suit, high first
        ranks = [fmt.RANKS[c % 13] for c in cs if c // 13 == suit]
        if ranks:
            ranks.reverse()
            out.append("".join(ranks) + fmt.SUIT_CHARS[suit])
    return "\n".join(wrap("%s: %s" % (who, " ".join(out)), cols)[:2])   # two lines at most
