"""tools/strength/card_judge.py: level 2's and level 3's cards judged card by
card against their candidates' values on the search player's model."""
import pytest

from tools.strength import card_judge
from tools.strength import search as outside


def test_the_cards_come_from_level_two_tables_and_each_has_a_choice():
    found = card_judge.positions("callbreak", 1)
    assert 100 <= len(found) <= 5 * 52         # five rounds, less the decisions without a choice
    for view, legal, seed in found:
        assert view["phase"] == "play" and seed == 1
        assert len(outside.distinct(legal, outside.Knowledge(view))) > 1


def test_every_candidate_is_valued_on_the_same_deals():
    view, legal, seed = card_judge.positions("callbreak", 1)[0]
    cands, vals = card_judge.values(view, legal, 12, seed)
    assert cands == outside.distinct(legal, outside.Knowledge(view)) and len(vals) == len(cands)
    assert (cands, vals) == card_judge.values(view, legal, 12, seed)   # the same deals: the same
    assert all(-8 <= v <= 8 + 1.3 for v in vals)    # a call of 1-8, and 0.1 a trick over it


def test_a_card_counts_as_the_candidate_it_plays_like():
    cands = [3, 7, 20]
    assert [card_judge.played_as(cands, c) for c in (3, 5, 7, 12, 20, 25)] == [0, 0, 1, 1, 2, 2]


def test_the_search_player_regrets_least_on_its_own_model():
    r = card_judge.judge("callbreak", 1, 20, search=True)
    l2, l3, s = r["players"]
    assert r["positions"] > 100
    assert [p["name"] for p in r["players"]] == ["level 2", "level 3", "search"]
    assert 0 <= s["regret"] < l3["regret"] <= l2["regret"]
    for p in r["players"]:
        assert set(p["by_kind"]) == set(card_judge.KINDS)
        assert sum(n for n, _ in p["by_kind"].values()) == r["positions"]
        assert all(v >= 0 for _, v in p["by_kind"].values())


def test_the_report_names_every_kind_of_decision(capsys):
    r = card_judge.judge("nines", 1, 4)
    card_judge.report("nines", r, 4)
    out = capsys.readouterr().out
    assert "lead (" in out and "follow 2 (" in out and "follow 3" not in out   # three seats
    assert out.splitlines()[2].startswith("level 2") and out.splitlines()[3].startswith("level 3")


@pytest.mark.parametrize("argv", [["--game", "linger"], ["--games", "0"], ["--deals", "-3"],
                                  ["--jobs", "0"], ["--games", "x"]])
def test_bad_command_lines_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as e:
        card_judge.main(argv)
    assert e.value.code == 2 and "error" in capsys.readouterr().err
