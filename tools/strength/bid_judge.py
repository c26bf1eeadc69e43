"""Level 3's bid search judged bid by bid (Nommie's bids, Israeli Whist's
contracts). Dev-side only.

    python -m tools.strength.bid_judge [--game nommie] [--games 30] [--deals 200]
                                       [--budgets 700 1400 2800] [--search] [--jobs 2]

A tournament judges bids through whole games, where the card play and the
deal drown a bid's share (600 Nommie deals: +-0.20 points a deal). This tool
looks at the bids alone. Games (seeds 1..N) are played by level 2 at every
seat; at every bid with a choice, each candidate (within WIDTH of level 2's
bid, and every bid level 3 may pick: within the game's BID_SPREAD of the bid
its search starts from) is played out on `deals` sampled deals as level
3's bid search plays a round out (engine/bots/search.py choose_bid: the
later bids level 2's, the playout seeing every hand, a round valued as this
seat's points less the others' mean): that mean is the
candidate's value. A bidder's regret at a bid is the best candidate's value
less its pick's, in points a deal; printed per bidder, overall and by hand
size: level 2's bid, level 3's bid search at each budget (cards, the
game's BID_BUDGET first), and with --search the search player
(tools/strength/search.py), whose own model of the round differs (its later
bidders sober, its deals fitted to the bids), so it is judged on level 3's
model, not its own.

``judge(game, games, deals, budgets, search=False)`` returns
``{"positions": .., "bidders": [{"name": .., "regret": .., "by_size": {size: regret}}]}``.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots, games  # noqa: E402  (the path first)
from engine.bots import search as bid_search  # noqa: E402
from engine.rng import Rng  # noqa: E402
from tools.strength.regret import judge_all, regrets  # noqa: E402

GAMES = ("nommie", "israeli")   # the games whose bids level 3 searches
WIDTH = 3       # the bids either side of level 2's judged (with level 3's own)


class Budgeted:
    """A game's bot module with another BID_BUDGET."""
    def __init__(self, bot, budget):
        self._bot = bot
        self.BID_BUDGET = budget

    def __getattr__(self, name):
        return getattr(self._bot, name)


def positions(game, count):
    """(view, legal, seed) of every bid with a choice in count games (seeds
    1..count) of level 2 at every seat."""
    from engine.actions import is_bid
    out = []
    for seed in range(1, count + 1):
        st = games.new_game(game, seed=seed)
        while not st.is_over():
            view, legal = st.view(st.to_act()), st.legal_actions()
            if len(legal) > 1 and is_bid(legal[0]):
                out.append((view, legal, seed))
            st.apply(bots.choose(view, legal, 2, seed))
    return out


def candidates(view, legal, bot, rng):
    """Level 2's bid, the bid level 3's search starts from (the game's
    heuristic at level 3: Nommie's start(), Israeli Whist's level 2's), and
    the bids judged: within WIDTH of level 2's or BID_SPREAD of level 3's."""
    base = bot.choose(view, legal, 2, rng)
    first = bot.choose(view, legal, 3, rng)
    return base, first, [b for b in legal if abs(b - base) <= WIDTH
                         or abs(b - first) <= bot.BID_SPREAD]


def values(view, cands, bot, deals, rng):
    """Each candidate's mean value over deals sampled deals, in points a deal:
    the round played out as level 3's bid search plays it (its own
    tally(), with no budget)."""
    totals, k = bid_search.tally(view, cands, rng, bot, float("inf"), deals)
    return [t / float(k * (view["players"] - 1)) for t in totals]


def judged(job):
    """One position: (hand size, the candidates' values, each bidder's pick's index)."""
    game, (view, legal, seed), deals, budgets, search = job
    bot = bots.load("engine.bots." + game)
    key = seed * 1000003 + bots.position_key(view)
    base, first, cands = candidates(view, legal, bot, Rng(key & 0x3FFFFFFF))
    vals = values(view, cands, bot, deals, Rng((key + 1) & 0x3FFFFFFF))
    picks = [base]
    for budget in budgets:
        picks.append(bid_search.choose_bid(view, legal, Rng((key + 2) & 0x3FFFFFFF), first,
                                           Budgeted(bot, budget)))
    if search:
        from tools.strength import search as outside
        a = outside.choose(view, legal, seed)
        picks.append(min(cands, key=lambda b: (abs(b - a), b)))  # (outside them: the nearest)
    return len(view["hands"][view["to_act"]]), vals, [cands.index(b) for b in picks]


def judge(game, count, deals, budgets, search=False, jobs=1):
    bot = bots.load("engine.bots." + game)
    budgets = list(budgets) or [bot.BID_BUDGET]
    names = ["level 2"] + ["level 3 at %d" % b for b in budgets] + (["search"] if search else [])
    work = [(game, p, deals, budgets, search) for p in positions(game, count)]
    out = regrets(names, judge_all(judged, work, jobs))
    for b in out:
        b["by_size"] = dict((s, r) for s, (n, r) in b.pop("by_group").items())
    return {"positions": len(work), "bidders": out}


def report(game, result, deals, out=None):
    out = out or sys.stdout
    out.write("%s: %d bids, each candidate played out on %d deals; regret, points a deal\n"
              % (game, result["positions"], deals))
    sizes = sorted(result["bidders"][0]["by_size"])
    head = "  ".join("%5d" % s for s in sizes)
    out.write("%-18s %7s  %s\n" % ("bidder", "regret", head))
    for b in result["bidders"]:
        out.write("%-18s %7.3f  %s\n" % (b["name"], b["regret"],
                                         "  ".join("%5.2f" % b["by_size"][s] for s in sizes)))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.bid_judge",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=GAMES, default="nommie")
    ap.add_argument("--games", type=int, default=30, help="games of level 2 the bids come from")
    ap.add_argument("--deals", type=int, default=200, help="deals a candidate is valued on")
    ap.add_argument("--budgets", type=int, nargs="*", default=[],
                    help="level 3's bid budgets to judge (cards; default the game's)")
    ap.add_argument("--search", action="store_true", help="judge the search player's bids too")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1 or args.deals < 1 or args.jobs < 1:
        ap.error("--games, --deals and --jobs must be at least 1")
    if any(b < 1 for b in args.budgets):
        ap.error("a budget must be at least 1 card")
    result = judge(args.game, args.games, args.deals, args.budgets, args.search, args.jobs)
    report(args.game, result, args.deals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
