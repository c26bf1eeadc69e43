# Level 3's swap in Nines: keep or swap, each played out.
#
# For each sampled deal (the cards this seat has not seen dealt to the other
# two seats and the dummy; a hand or dummy it has held is known, see
# engine/bots/nines.py known()) it plays the hand out twice, once keeping and
# once swapping, the seats still to decide swapping as level 2 would
# (nines.wants_swap), and counts the tricks it takes (each a point off). The
# heuristic's choice stays unless the other takes clearly more tricks on the
# same deals (search.pick).
from engine.actions import KEEP, SWAP
from engine.bots.search import SAMPLE_COST, _always, masks, pick, playout
from engine.bots.search import sample_hands, seen_cards

BUDGET = 540   # cards played out per swap (the later seats' swap tests cost too)
Z4 = 12        # the other choice replaces level 2's at a t above Z4 / 4 (search.pick)


def choose_swap(view, legal, rng, baseline, bot):
    me = view["to_act"]
    trump = view["trump"]
    dealer = view["dealer"]
    seen, unseen = seen_cards(view)
    fixed = bot.known(view, seen)
    unseen = [c for c in unseen if not seen[c]]
    later = [(me + k) % 3 for k in (1, 2) if view["swapped"][(me + k) % 3] is None]
    samples = max(2, BUDGET // (2 * (39 + SAMPLE_COST)))
    cands = [SWAP, KEEP]
    vals = [[0] * samples, [0] * samples]
    mark = bytearray(52)
    for k in range(samples):
        hands = sample_hands(view, me, unseen, [0, 0, 0], rng, fixed)
        if view["dummy"]:
            dummy = view["dummy"]
        else:
            for c in unseen:
                mark[c] = 1
            for p in range(3):
                if p != me:
                    for c in hands[p]:
                        mark[c] = 0
            dummy = [c for c in unseen if mark[c]]
        for i in (0, 1):
            h = [list(x) for x in hands]
            d = list(dummy)
            given = True in view["swapped"]
            if cands[i] == SWAP:
                h[me], d = d, h[me]
                given = True
            for p in later:
                if bot.wants_swap({"trump": trump, "swapped": [given]}, h[p], 2):
                    h[p], d = d, h[p]
                    given = True
            v = {"players": 3, "tricks": [0, 0, 0], "bids": [None] * 3, "trick": [],
                 "to_act": dealer, "counts": [len(x) for x in h]}
            won = playout(v, masks(h), -1, _always, trump)
            vals[i][k] = won[me]
    return pick(cands, vals, baseline, Z4)
