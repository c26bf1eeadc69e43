"""Call Break bots. Level 1: call from the shared trick estimate with spades
as trump, win tricks cheaply while the call needs them and duck after.
"""
from engine.actions import BID
from engine.botlib import estimate_quarters, play_for

SPADES = 3


def choose(view, legal, level, rng):
    seat = view["to_act"]
    hand = view["hands"][seat]
    if view["phase"] == "bid":
        call = (estimate_quarters(hand, SPADES) + 2) // 4
        return BID + min(8, max(1, call))
    need = view["bids"][seat] - view["tricks"][seat]
    return play_for(view, legal, need > 0)
