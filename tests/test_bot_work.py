"""Level 3's work budget per decision, counted (not timed): cards played out
in the searches' playouts plus SAMPLE_COST cards for each deal sampled (and,
in a bid search, the game's BID_ROUND_COST for each candidate's later bids
on a deal). The
budgets are what keeps a decision within a board's time (a p95 of at most
0.5 s and the longest at most 1 s on a 120 MHz SAMD51:
tools/bench/level3_time.py, docs/figures.md)."""
import sys

import pytest

from engine import bots, catalog, games
from engine.ondemand import load
from engine.bots import search, search_callbreak, search_linger, search_nines

# work units (cards played out, a sampled deal counting SAMPLE_COST, a
# candidate's later bids on a deal BID_ROUND_COST; Call Break's the cards
# played out only) a decision may take, per game and phase; a bid with a
# hand of BIG_HAND cards or more, half as much again
BUDGET = {("nommie", "play"): 950, ("nommie", "bid"): 1300, ("israeli", "play"): 880,
          ("nines", "play"): 1200, ("nines", "swap"): 540, ("callbreak", "play"): 700,
          ("israeli", "contract"): 750,
          ("linger", "play"): 44 * 40}
BIG_HAND = {"nommie": 11}


def cards_held(hands):
    # cards in a playout's hands: lists of cards, or engine/bots/search.py's bit masks
    return sum(bin(h).count("1") if isinstance(h, int) else len(h) for h in hands)


class Counter:
    def __init__(self):
        self.work = 0
        self.deals = 0

    def wrap_playout(self, fn, hands_at):
        def counted(*args, **kw):
            hands = args[hands_at]
            before = cards_held(hands)
            stock = args[2] if fn is search_linger.playout else None
            drawn = len(stock) if stock is not None else 0
            out = fn(*args, **kw)
            after = cards_held(hands)
            if stock is not None:
                drawn -= len(stock)
            self.work += before + drawn - after
            return out
        return counted

    def wrap_round(self, fn, cost):
        def counted(*args, **kw):
            self.work += cost
            return fn(*args, **kw)
        return counted

    def wrap_sample(self, fn):
        def counted(*args, **kw):
            self.work += search.SAMPLE_COST
            self.deals += 1
            return fn(*args, **kw)
        return counted


def decisions(game, games_count=2):
    """Level 3 at every seat: (phase, work units) per decision with a choice."""
    # the search modules level 3 loads (engine.ondemand) are the ones counted
    # here, even if an earlier test dropped and loaded them again
    for m in (search, search_callbreak, search_linger, search_nines):
        sys.modules[m.__name__] = m
    out = []
    for seed in range(1, games_count + 1):
        st = games.new_game(game, seed=seed)
        while not st.is_over():
            seat = st.to_act()
            view, legal = st.view(seat), st.legal_actions()
            c = Counter()
            sample = c.wrap_sample(search.sample_hands)
            patches = [(search, "playout", c.wrap_playout(search.playout, 1)),
                       (search_nines, "playout", c.wrap_playout(search.playout, 1)),
                       (search_callbreak, "playout", c.wrap_playout(search_callbreak.playout, 1)),
                       (search_linger, "playout", c.wrap_playout(search_linger.playout, 1)),
                       (search, "sample_hands", sample), (search_nines, "sample_hands", sample),
                       (search_callbreak, "sample_hands", sample)]
            bot = load("engine.bots." + game)
            if bot.BID_SEARCH:
                patches.append((bot, "bid_round", c.wrap_round(bot.bid_round, bot.BID_ROUND_COST)))
            saved = [(m, name, getattr(m, name)) for m, name, _ in patches]
            for m, name, f in patches:
                setattr(m, name, f)
            try:
                a = bots.choose(view, legal, 3, seed)
            finally:
                for m, name, f in saved:
                    setattr(m, name, f)
            if len(legal) > 1:
                # Call Break's BUDGET counts the cards played out only
                extra = c.deals * search.SAMPLE_COST if game == "callbreak" else 0
                out.append((view["phase"], c.work - extra, len(view["hands"][seat])))
            st.apply(a)
    return out


@pytest.mark.parametrize("game", catalog.ids())
def test_level_3_keeps_within_its_work_budget(game):
    seen = {}
    big = 0     # the most a bid with a big hand took
    for phase, work, size in decisions(game):
        budget = BUDGET.get((game, phase), 0)
        if phase != "play" and size >= BIG_HAND.get(game, 14):
            budget += budget // 2
            big = max(big, work)
        # a playout stops only between tricks: a trick's cards over, per playout
        slack = 4 * 13 if budget else 0
        assert work <= budget + slack, (game, phase, work)
        seen[phase] = max(seen.get(phase, 0), work)
    for g, phase in BUDGET:     # it does search, in every phase it searches
        if g == game:
            assert seen.get(phase, 0) > BUDGET[(g, phase)] // 3, (phase, seen)
    if game in BIG_HAND:        # and a big hand's bid takes the more it may
        assert big > BUDGET[(game, "bid")], big


@pytest.mark.parametrize("game", ["nommie", "israeli", "nines"])
def test_every_candidate_plays_whole_rounds(game):
    # engine/bots/search.py plays every round out to its end: a game's PLAYOUT
    # covers one sampled deal with every card of the largest hand a candidate
    # (13 cards of 52 at four seats, Nines' 13 of 39 at three: its dummy's
    # 13 are out of play)
    bot = __import__("engine.bots." + game, None, None, ["PLAYOUT"])
    hand, cards = (13, 39) if game == "nines" else (13, 52)
    assert bot.PLAYOUT >= search.SAMPLE_COST + hand * cards
