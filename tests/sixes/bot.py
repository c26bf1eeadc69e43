"""Sixes' bot: wagers one trick, plays its lowest playable card (level 1)
or its highest (level 2); level 3's cards are search.py's."""
from engine.actions import BID

SEARCH = "engine.bots.search_sixes"
BID_SEARCH = False


def choose(view, legal, level, rng):
    if view["phase"] == "wager":
        return BID + 1 if BID + 1 in legal else legal[0]
    ranked = sorted(legal, key=lambda c: c % 13)
    return ranked[0] if level <= 1 else ranked[-1]
