"""Nommie bots. Level 1: bid from honours and trump length, choose the
longest strong suit as trump, win tricks while the bid needs them and duck
after. Levels 2-3 use the same play until the bot issue adds more.
"""
from engine.actions import BID, TRUMP
from engine.botlib import best_trump, estimate_quarters, play_for


def choose(view, legal, level, rng):
    seat = view["to_act"]
    hand = view["hands"][seat]
    phase = view["phase"]
    if phase == "bid":
        _, q = best_trump(hand)
        want = (q + 2) // 4
        return nearest([a - BID for a in legal], want) + BID
    if phase == "trump":
        s, _ = best_trump(hand)
        return TRUMP + s
    need = view["bids"][seat] - view["tricks"][seat]
    return play_for(view, legal, need > 0)


def nearest(options, want):
    best = options[0]
    for o in options:
        if abs(o - want) < abs(best - want):
            best = o
    return best
