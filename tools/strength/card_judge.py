"""Level 2's and level 3's cards judged card by card on the search player's
model (tools/strength/search.py). Dev-side only.

    python -m tools.strength.card_judge [--game callbreak] [--games 25] [--deals 400]
                                        [--search] [--jobs 2]

A tournament says how far apart two players are; this tool says at which
cards. Games (seeds 1..N) are played by level 2 at every seat, so level 3
does not steer the positions; at every card decision with a choice, each
distinct candidate (cards that play alike count once) is played out on
`deals` of the search player's own deals (fitted to the bids, honouring what
the play has shown) by its rollout and valued as it values a round: the
candidate's value. A player's regret at a decision is the best candidate's
value less its pick's, in points a deal (Nines: tricks, each a point off the
seat's count); printed per player,
overall and by the kind of decision (a lead, the first, second or last
follow). The model is the search player's, so its own picks look better
than they are (--search): the figures point, a tournament decides.

``judge(game, games, deals, search=False)`` returns
``{"positions": .., "players": [{"name": .., "regret": .., "by_kind": {kind: (n, regret)}}]}``.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import bots, games  # noqa: E402  (the path first)
from tools.strength import search as outside  # noqa: E402
from tools.strength.regret import judge_all, regrets  # noqa: E402

GAMES = ("callbreak", "nommie", "israeli", "nines")    # follow-suit card play
KINDS = ("lead", "follow 1", "follow 2", "follow 3")


def positions(game, count):
    """(view, legal, seed) of every card decision with a choice in count
    games (seeds 1..count) of level 2 at every seat."""
    out = []
    for seed in range(1, count + 1):
        st = games.new_game(game, seed=seed)
        while not st.is_over():
            view, legal = st.view(st.to_act()), st.legal_actions()
            if view["phase"] == "play":
                if len(outside.distinct(legal, outside.Knowledge(view))) > 1:
                    out.append((view, legal, seed))
            st.apply(bots.choose(view, legal, 2, seed))
    return out


def values(view, legal, deals, seed):
    """(candidates, each one's mean value over the same deals sampled deals)."""
    import random
    know = outside.Knowledge(view)
    cands = outside.distinct(legal, know)
    rng = random.Random(outside.position_key(view, seed) + 1)
    totals = outside.card_totals(view, cands, know, rng, deals)
    return cands, [t / deals for t in totals]


def played_as(cands, card):
    """The index of the candidate card plays as (distinct() keeps the lower
    of cards that play alike)."""
    k = 0
    for i in range(len(cands)):
        if cands[i] <= card:
            k = i
    return k


def judged(job):
    """One position: (its kind, the candidates' values, each player's pick's index)."""
    (view, legal, seed), deals, search = job
    cands, vals = values(view, legal, deals, seed)
    picks = [bots.choose(view, legal, 2, seed), bots.choose(view, legal, 3, seed)]
    if search:
        picks.append(outside.choose(view, legal, seed))
    return KINDS[len(view["trick"])], vals, [played_as(cands, c) for c in picks]


def judge(game, count, deals, search=False, jobs=1):
    names = ["level 2", "level 3"] + (["search"] if search else [])
    work = [(p, deals, search) for p in positions(game, count)]
    out = regrets(names, judge_all(judged, work, jobs))
    for p in out:
        p["by_kind"] = p.pop("by_group")
    return {"positions": len(work), "players": out}


def report(game, result, deals, out=None):
    out = out or sys.stdout
    out.write("%s: %d card decisions, each candidate played out on %d of the search "
              "player's deals; regret, points a deal\n" % (game, result["positions"], deals))
    kinds = [k for k in KINDS if k in result["players"][0]["by_kind"]]
    counts = result["players"][0]["by_kind"]
    out.write("%-10s %7s  %s\n" % ("player", "all", "  ".join(
        "%s (%d)" % (k, counts[k][0]) for k in kinds)))
    for p in result["players"]:
        out.write("%-10s %7.3f  %s\n" % (p["name"], p["regret"], "  ".join(
            "%*.3f" % (len("%s (%d)" % (k, counts[k][0])), p["by_kind"][k][1]) for k in kinds)))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.card_judge",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=GAMES, default="callbreak")
    ap.add_argument("--games", type=int, default=25, help="games of level 2 the cards come from")
    ap.add_argument("--deals", type=int, default=400, help="deals a candidate is valued on")
    ap.add_argument("--search", action="store_true", help="judge the search player's cards too")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1 or args.deals < 1 or args.jobs < 1:
        ap.error("--games, --deals and --jobs must be at least 1")
    result = judge(args.game, args.games, args.deals, args.search, args.jobs)
    report(args.game, result, args.deals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
