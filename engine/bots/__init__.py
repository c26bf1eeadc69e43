# Bots: engine.bots.choose(view, legal, level, seed) -> one of legal.
#
# A bot sees only its own seat's view, so it can never use hidden cards. The
# same inputs give the same choice: its randomness comes from engine.rng
# seeded by `seed` and the position. Level 0 is uniform random (the baseline);
# levels 1-2 (and level 3's bidding, and the bid or card its search starts
# from: level 2's, or a level-3 rule: Nommie's bids, Linger Longer's cards)
# are the game's own module engine/bots/<game>.py, imported when first
# needed, whose `choose(view, legal, level, rng)` knows that game. That
# module also says how level 3 searches it: SEARCH names the module that
# plays its cards (engine/bots/search.py's sampling and playouts, or the
# game's own engine/bots/search_<game>.py), and BID_SEARCH whether its bids
# are searched by simulation too (engine/bots/search.py choose_bid, with the
# game's bid_round and bid_value), and SWAP_SEARCH the module that searches
# a Nines swap (engine/bots/search_nines.py).
from engine.ondemand import forget, load
from engine.rng import Rng


def unload():
    # Forget the bot modules loaded so far (the next decision loads its own again).
    forget("engine.bots.")


def position_key(view):
    # A number that differs between the decisions of one game.
    k = view["round"] * 7919 + (view["to_act"] + 1) * 131
    for c in view["counts"]:
        k = k * 17 + c
    for p in view["trick"]:
        k = k * 53 + p[1]
    for b in view["bids"]:
        k = k * 3 + (0 if b is None else b + 1)
    return k & 0xFFFFFF


def choose(view, legal, level=2, seed=0):
    if not legal:
        raise ValueError("No legal action to choose from.")
    rng = Rng((seed * 1000003 + position_key(view)) & 0x3FFFFFFF)
    if len(legal) == 1:
        return legal[0]
    if level <= 0:
        return legal[rng.below(len(legal))]
    bot = load("engine.bots." + view["game"])
    # the game's heuristic (levels 2 and 3 alike, except Linger Longer's)
    a = bot.choose(view, legal, level, rng)
    if a not in legal:
        a = legal[0]
    if level < 3:
        return a
    from engine.actions import SWAP, is_bid    # (a game's, by then: not the setup's)
    try:
        if bot.BID_SEARCH and is_bid(legal[0]):      # (a bid: the decision's moves' kind)
            return load("engine.bots.search").choose_bid(view, legal, rng, a, bot)
        if SWAP in legal and getattr(bot, "SWAP_SEARCH", None):
            return load(bot.SWAP_SEARCH).choose_swap(view, legal, rng, a, bot)
        if view["phase"] == "play":
            return load(bot.SEARCH).choose(view, legal, rng, a, bot)
    except MemoryError:
        pass    # no room for the search (a board's heap in pieces): the heuristic's
                # choice stands and the game goes on
    return a
