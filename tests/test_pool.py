"""The tournament's opponent pool (tools/pool.py) and its calibration figures:
every style plays legal actions in every game, deterministically, and the
tournament counts bids and tricks per player."""
import pytest

from engine import games
from tools import pool, tournament

GAMES = ("nommie", "linger", "nines", "callbreak", "israeli")


@pytest.mark.parametrize("game", GAMES)
def test_every_style_plays_a_whole_game_legally(game):
    mod = games.load(game)
    for style in pool.STYLES:
        st = mod.new_game(seed=5)
        moves = []
        while not st.is_over():
            seat = st.to_act()
            legal = st.legal_actions()
            a = pool.choose(style, st.view(seat), legal, 5)
            assert a in legal, (style, st.view(None)["phase"], a)
            st.apply(a)
            moves.append(a)
            if len(moves) > 3000:
                break
        again = mod.new_game(seed=5)
        for a in moves[:60]:      # the same inputs give the same choices
            seat = again.to_act()
            assert pool.choose(style, again.view(seat), again.legal_actions(), 5) == a
            again.apply(a)


def test_unknown_style_is_refused():
    st = games.load("nommie").new_game(seed=1)
    with pytest.raises(ValueError):
        pool.choose("sneaky", st.view(st.to_act()), st.legal_actions())


def test_tournament_counts_calibration_per_player():
    calib = {}
    rows, wins, _ = tournament.collect("callbreak", [2, "cautious", "cautious", "cautious"],
                                       10, 1, calib)
    assert len(rows) == 10 and set(rows[0]) == {2, "cautious"}
    for player in (2, "cautious"):
        n, bids, taken, exact = calib[player]
        assert n > 0 and 0 <= exact <= n
        assert n <= bids <= 8 * n and 0 <= taken <= 13 * n
    text = tournament.calibration_text(calib[2])
    assert text.startswith("bid ") and "exact" in text
    assert tournament.parse_player("3") == 3 and tournament.parse_player("trumps") == "trumps"


def test_every_seating_puts_each_level_after_each_other_equally_often():
    # rotations keep the order round the table; --seatings all does not
    from tools.tournament import seatings
    rot = seatings([3, 2, 1, 0], False)
    assert len(rot) == 4 and all(s[(s.index(3) + 1) % 4] == 2 for s in rot)
    every = seatings([3, 2, 1, 0], True)
    assert len(every) == 24
    after3 = [s[(s.index(3) + 1) % 4] for s in every]
    assert sorted(set(after3)) == [0, 1, 2] and after3.count(0) == after3.count(1) == 8
    for seat in range(4):
        assert sorted(s[seat] for s in every) == sorted([0, 1, 2, 3] * 6)
    assert len(seatings([3, 2, 2, 2], True)) == 4      # distinct seatings only


def test_a_mixed_table_plays_every_seating_unless_told_rotations(capsys):
    tournament.main(["nines", "--levels", "3", "2", "1", "--deals", "1", "--jobs", "1"])
    assert "(duplicate: each deal in 6 seatings)" in capsys.readouterr().out
    tournament.main(["nines", "--levels", "2", "1", "0", "--deals", "1", "--jobs", "1",
                     "--seatings", "rotations"])
    assert "(duplicate: each deal in 3 rotations)" in capsys.readouterr().out
