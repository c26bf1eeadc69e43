"""tools/strength/linger_judge.py: Linger Longer's level 3 judged against level 2 at
the decisions where their cards differ."""
import pytest

from engine import bots, games
from tools.strength import linger_judge


def a_position_where_levels_differ():
    # The first position (seeds 1..) where level 3's card is not level 2's.
    for seed in range(1, 60):
        st = games.new_game("linger", players=4, seed=seed)
        while st.phase != "over":
            legal = st.legal_actions()
            view = st.view(st.turn)
            a3 = bots.choose(view, legal, 3, seed)
            a2 = bots.choose(view, legal, 2, seed)
            if a3 != a2:
                return st, a3, a2
            st.apply(a2)
    raise AssertionError("level 3 always played level 2's card")


def test_resampling_keeps_what_the_seat_knows_and_changes_nothing():
    import random
    st, _, _ = a_position_where_levels_differ()
    seat = st.turn
    before = st.save()
    other = linger_judge.resample(st, seat, random.Random(1))
    assert st.save() == before
    assert other.hands[seat] == st.hands[seat] and other.trick == st.trick
    assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
    assert len(other.stock) == len(st.stock)
    cards = sorted(sum(other.hands, []) + other.stock + [c & 63 for c in other.plays])
    assert len(set(cards)) == len(cards)  # no card twice
    mine = set(st.hands[seat]) | {c & 63 for c in st.plays}
    assert all(c not in mine for p, h in enumerate(other.hands) if p != seat for c in h)


def test_a_card_judged_against_itself_gains_nothing():
    import random
    st, a3, a2 = a_position_where_levels_differ()
    seat = st.turn
    levels = [2, 2, 1, 0]
    assert linger_judge.gain(st, seat, a3, a3, levels, 5, random.Random(3)) == 0
    g = linger_judge.gain(st, seat, a3, a2, levels, 5, random.Random(3))
    assert -100 <= g <= 100


def test_judging_a_few_games_counts_the_differing_decisions():
    r = linger_judge.judge((3, 2, 1, 0), 12, 2, 1)
    assert r["games"] == 12 and r["differing"] > 0
    assert -100 <= r["gain"] <= 100 and r["interval"] >= 0


@pytest.mark.parametrize("argv", [["--table", "2", "2", "1", "0"],
                                  ["--table", "3", "3", "2"],
                                  ["--table", "3", "7"],
                                  ["--games", "1"]])
def test_bad_command_lines_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as e:
        linger_judge.main(argv)
    assert e.value.code == 2
    assert "usage" in capsys.readouterr().err
