# Call Break bots: level 1 easy, level 2 counts cards and infers holdings.
# Integers only, so choices match on the device.
# Level 1 (easy): call from the shared trick estimate with spades as trump,
# win tricks cheaply while the call needs them and duck after.
# Level 2 (normal): a Call Break call estimate (spade honours and length,
# side aces and guarded kings, ruffs from short suits with spare spades,
# rounded down: missing a call costs the call, an extra trick gains 0.1).
# Play reads the round's plays from the view: which cards are still
# out, which players are void in a suit, and the highest card a player can
# still hold in a suit (the forced-play rules reveal it: a player who follows
# without winning holds nothing above the winning card; a void player who
# does not trump holds no spade that would have won). Extra tricks still pay
# and break other calls, so it always tries to win, but cheaply: the lowest
# winner that nobody after it can beat (only a void player can overtrump),
# else the lowest winner. It leads its top spade while it is the master and
# others hold spades (draws their ruffs), then safe side masters, else low
# from a short side suit (ruffs to come), keeping guarded honours; it
# discards low side cards, never a master or a spade if it can.
# The lead and threat rules were tuned by duplicate matches against the
# previous version (e.g. drawing spades only with length: -0.6 points/game).
# Level-2 card play is engine/bot_callbreak_play.py, loaded on first use:
# compiled as one module it set the device's heap peak.
from engine import module
from engine.actions import BID
from engine.botlib import by_suit, estimate_quarters, play_for
from engine.callbreak import SPADES

def choose(view, legal, level, rng):
    seat = view["to_act"]
    hand = view["hands"][seat]
    if view["phase"] == "bid":
        if level < 2:
            call = (estimate_quarters(hand, SPADES) + 2) // 4
        else:
            call = call_quarters(hand) // 4
        return BID + min(8, max(1, call))
    if level < 2:
        need = view["bids"][seat] - view["tricks"][seat]
        return play_for(view, legal, need > 0)
    return module("bot_callbreak_play").play(view, legal, seat, hand)


def call_quarters(hand):
    # Expected tricks of hand, in quarters, with spades trump.
    suits = by_suit(hand)
    ns = len(suits[SPADES])
    q = 0
    small = 0
    for c in suits[SPADES]:
        r = c % 13
        if r == 12:
            q += 4
        elif r == 11:
            q += 4 if ns >= 2 else 2
        elif r == 10:
            q += 3 if ns >= 3 else 1
        elif r == 9 and ns >= 4:
            q += 2
        else:
            small += 1
    if ns > 4:
        q += 4 * (ns - 4)
        small = max(0, small - (ns - 4))
    ruffs = 0
    for s in range(3):
        n = len(suits[s])
        for c in suits[s]:
            r = c % 13
            if r == 12:
                q += 4 if n <= 5 else 3
            elif r == 11 and n >= 2:
                q += 3 if n <= 4 else 2
            elif r == 10 and n >= 3:
                q += 1
        ruffs += (6, 3, 1)[n] if n < 3 else 0
    return q + min(ruffs, 3 * small)


# where[c]: 0 unseen, 1 mine, 2 played. ceil[4 * p + s]: seat p holds no
# card of suit s of this rank or higher (13 = no limit known, 0 = void).
