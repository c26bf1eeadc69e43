# A refused move's reason in a few words for the table's two-line prompt
# ("Follow suit: play a heart", "Beat 9\u2665: play a higher heart"). The engine's
# sentences (engine.explain, the games' explain) stay whole for the text
# console; this says the same from the state, shorter. Loaded only when a move
# is refused (Table.act), unloaded right after.
from engine.actions import BID, KEEP, PASS, SWAP, TRUMP_BID, is_bid, is_card, is_trump, is_trump_bid
from ui import fmt

NOW = {"swap": "swap or keep", "trump_bid": "bid for trump or pass",
       "frisch": "pick cards to pass", "bid": "make your bid",
       "contract": "bid your contract", "trump": "choose trump", "play": "play a card"}
SUITS = ("club", "diamond", "heart", "spade")


def text(state, a, message):
    # The short reason for refused action a (message: the engine's, the fallback).
    try:
        t = short(state, a)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        t = None
    return t or message


def kind_ok(phase, a):
    if phase in ("play", "frisch"):
        return is_card(a)
    if phase in ("bid", "contract"):
        return is_bid(a)
    if phase == "trump":
        return is_trump(a)
    if phase == "trump_bid":
        return is_trump_bid(a) or a == PASS
    if phase == "swap":
        return a in (SWAP, KEEP)
    return False


def short(state, a):
    v = state.view(None)
    phase = v["phase"]
    seat = v["to_act"]
    if not kind_ok(phase, a):
        return "Not now: %s" % NOW.get(phase, "wait")
    game = v["game"]
    if is_card(a) and a not in v["hands"][seat]:
        return "You don't hold %s" % fmt.card(a)
    if phase == "play" and v["trick"]:
        led = v["trick"][0][1] // 13
        if game == "callbreak":
            return callbreak(v, seat, led)
        return "Follow suit: play a %s" % SUITS[led]
    if phase == "bid" and game == "nommie":
        n, hs = a - BID, v["hand_size"]
        if n > hs:
            return "Bids go from 0 to %d" % hs
        if n == 0 and v["zero_streak"][seat] >= 3:
            return "Three 0 bids in a row: bid 1 or more"
        if seat == v["dealer"]:
            return "Dealer's hook: bids can't total %d" % hs
    if phase == "bid" and game == "callbreak":
        return "Calls go from 1 to 8"
    if game == "israeli":
        return israeli(state, v, phase, seat, a)
    return None


def callbreak(v, seat, led):
    from engine.callbreak import LED, WIN_LED, WIN_SPADE, forced
    from engine.tricks import winning_index
    trick = v["trick"]
    rule = forced(v["hands"][seat], trick)[0]
    best = fmt.card(trick[winning_index(trick, 3)][1])
    if rule == WIN_LED:
        return "Beat %s: play a higher %s" % (best, SUITS[led])
    if rule == LED:
        return "Follow suit: play a %s" % SUITS[led]
    if rule == WIN_SPADE:
        if trick[winning_index(trick, 3)][1] // 13 == 3:
            return "No %ss: trump over %s" % (SUITS[led], best)
        return "No %ss: trump with a spade" % SUITS[led]
    return None


def israeli(state, v, phase, seat, a):
    if phase == "trump_bid":
        hb = v["high_bid"]
        if (a - TRUMP_BID) // 5 < v["min_bid"]:
            return "Lowest trump bid now: %d" % v["min_bid"]
        if hb[0] == 13 and hb[1] == 4:
            return "Nobody beats 13 NT: pass"
        return "Beat %d %s: more tricks or a higher suit" % (hb[0], fmt.trump(hb[1]))
    if phase == "frisch":
        return "%s is chosen already" % fmt.card(a)
    if phase == "contract":
        hb = v["high_bid"]
        n = a - BID
        if seat == hb[2] and n < hb[0]:
            return "You won the auction: bid %d or more" % hb[0]
        return "You bid last: %d makes the total 13" % n
    return None
