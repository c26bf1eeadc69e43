# Nines' face (ui.faces): each seat in turn may swap its hand for the dummy,
# and a swapper knows the hand it gave up.
from engine.actions import KEEP, SWAP
from ui import fmt
from ui.faces import base
from ui.screen import wrap


class Face(base.Face):
    TITLES = {"swap": "Swap or keep?"}
    PHASES = ("swap",)
    KEYS = {"known_hands": "C", "dummy": "c?", "voids": "I", "swapped": "B"}

    def stats(self, v, s):
        if v["phase"] == "swap":
            sw = v["swapped"][s]
            # (6 letters at most, as every word under a side seat's name: the
            # swap panel reaches to the seven-letter cell)
            return [] if sw is None else ["traded" if sw else "kept"]
        return base.Face.stats(self, v, s)

    def reasons(self, table, v, seat):
        # Offers go dealer first, clockwise; a swap leaves the swapper's old
        # hand in the dummy, so the dummy is the latest swapper's old hand.
        names = table.names()
        sw = v["swapped"]
        last = None
        for i in range(len(sw)):
            s = (v["dealer"] + i) % len(sw)
            if sw[s]:
                last = s
        if last is not None:
            who = names[last]
            mine = "your" if who == "You" else who + "'s"
            return ["Dummy: %s old hand" % mine], ["Dummy unseen"]
        kept = [names[s] for s in range(len(sw)) if sw[s] is False]
        out = ["Dummy: %d cards, unseen" % (v.get("dummy_count") or 13)]
        if kept:
            out.append("%s kept" % ", ".join(kept))
        return out, ["Dummy unseen"]

    def known(self, table, pov, names, cols):
        # Another hand pov knows (its old one, given up in a swap, or the
        # dummy's), from pov's own view: "Bob: AK9♠ QJ♥" (top centre), by
        # suit, high first.
        kv = table.state().view(pov)
        cs, who = kv.get("dummy"), "Dummy"
        hands = kv.get("known_hands") or []
        for s in range(len(hands)):
            if s != pov and hands[s] is not None:
                cs, who = hands[s], names[s]
        if not cs:
            return ""
        out = []
        for suit in (3, 2, 1, 0):
            ranks = [fmt.RANKS[c % 13] for c in cs if c // 13 == suit]
            if ranks:
                ranks.reverse()
                out.append("".join(ranks) + fmt.SUIT_CHARS[suit])
        return "\n".join(wrap("%s: %s" % (who, " ".join(out)), cols)[:2])

    def lines(self, v, names, seat, text):
        out = []
        if v.get("dummy"):
            out.append("Dummy (your old hand): " + text(v["dummy"]))
        known = v.get("known_hands") or []
        for s in range(len(known)):
            if s != seat and known[s] is not None:
                out.append("%s holds (your old hand): %s" % (names[s], text(known[s])))
        return out

    def moves(self, v):
        return [[None if s is None else SWAP if s else KEEP for s in v.get("swapped") or ()]]

    def reason(self, v, a):
        return "the dummy may be better" if a == SWAP else "your hand will do" if a == KEEP \
            else None
