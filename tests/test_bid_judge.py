"""tools/strength/bid_judge.py: level 3's bid search judged bid by bid against
the values of its candidates played out on many deals."""
import pytest

from engine import bots
from engine.rng import Rng
from tools.strength import bid_judge


def test_the_bids_come_from_level_two_tables_and_each_has_a_choice():
    found = bid_judge.positions("nommie", 1)
    assert 90 <= len(found) <= 26 * 4      # a bid a seat a round, less the forced ones
    for view, legal, seed in found:
        assert view["phase"] == "bid" and len(legal) > 1 and seed == 1


def test_a_candidates_value_is_its_mean_over_the_same_deals_for_every_candidate():
    view, legal, _ = bid_judge.positions("nommie", 1)[0]
    bot = bots.load("engine.bots.nommie")
    base, first, cands = bid_judge.candidates(view, legal, bot, Rng(1))
    assert base in cands and first in cands and cands == sorted(set(cands))
    assert all(abs(b - base) <= bid_judge.WIDTH or abs(b - first) <= bot.BID_SPREAD
               for b in cands)
    assert [b for b in legal if abs(b - base) <= bid_judge.WIDTH] == [
        b for b in cands if abs(b - base) <= bid_judge.WIDTH]
    vals = bid_judge.values(view, cands, bot, 12, Rng(5))
    assert len(vals) == len(cands)
    assert vals == bid_judge.values(view, cands, bot, 12, Rng(5))     # the same deals: the same
    # a round is worth its points less the others' mean: never above 10 + a
    # trick for each card in the hand
    assert all(-13 - 10 <= v <= 13 + 10 for v in vals)


def test_level_three_regrets_its_bids_less_than_level_two():
    r = bid_judge.judge("nommie", 1, 40, [700])
    l2, l3 = r["bidders"]
    assert r["positions"] > 80 and l2["name"] == "level 2" and l3["name"] == "level 3 at 700"
    assert 0 <= l3["regret"] < l2["regret"]
    assert all(v >= 0 for b in r["bidders"] for v in b["by_size"].values())


def test_a_budgeted_bot_is_the_game_bot_with_another_budget():
    bot = bots.load("engine.bots.nommie")
    b = bid_judge.Budgeted(bot, 1400)
    assert b.BID_BUDGET == 1400 and b.BID_SPREAD == bot.BID_SPREAD and b.bid_round is bot.bid_round


@pytest.mark.parametrize("argv", [["--game", "nines"], ["--games", "0"], ["--deals", "-3"],
                                  ["--budgets", "0"], ["--jobs", "0"], ["--games", "x"]])
def test_bad_command_lines_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as e:
        bid_judge.main(argv)
    assert e.value.code == 2 and "error" in capsys.readouterr().err
