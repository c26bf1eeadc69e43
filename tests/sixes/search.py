"""Sixes' level-3 card choice: win the trick cheaply while short of the
wager, else duck."""
from engine.tricks import trick_winner


def choose(view, legal, rng, a, bot):
    seat = view["to_act"]
    need = (view["bids"][seat] or 0) > view["tricks"][seat]
    trick = view["trick"]
    ranked = sorted(legal, key=lambda c: c % 13)
    if not trick:
        return ranked[-1] if need else ranked[0]
    wins = [c for c in ranked if trick_winner(trick + [[seat, c]], None) == seat]
    if need and wins:
        return wins[0]
    losers = [c for c in ranked if c not in wins]
    return losers[-1] if losers else ranked[0]
