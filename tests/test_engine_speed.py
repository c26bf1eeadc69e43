# tools/engine_speed.py: the timed loop is OpenSpiel's, so what it counts
# must be exactly the decisions of each round before its last card.
import pytest

from tools import engine_speed


@pytest.mark.parametrize("game", engine_speed.GAME_IDS)
def test_the_twin_finds_where_each_round_s_last_card_falls(game):
    from engine import games
    mod = games.load(game)
    st = engine_speed._new(mod, game, 7)
    twin = engine_speed._new(mod, game, 7)
    x = 12345
    rounds = 0
    while st.phase != "over" and rounds < 3:
        rnd = st.round
        todo, last = engine_speed._round_ahead(twin, x)
        assert todo > 0
        for _ in range(todo):  # the timed loop, as ours_block runs it
            legal = st.legal_actions()
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            st.apply(legal[x % len(legal)])
        if last is None:  # the round ended early
            assert st.round != rnd or st.phase == "over"
        else:
            assert st.round == rnd and st.legal_actions() == [last]
            assert engine_speed._last_card(st)
            st.apply(last)
        assert bytes(st.log) == bytes(twin.log)  # still in step
        rounds += 1
    assert rounds


def test_figures_time_every_game_against_one_reference():
    data = engine_speed.figures(["nommie", "callbreak"], blocks=1, seconds=0.05)
    assert [g["game"] for g in data["games"]] == ["nommie", "callbreak"]
    for g in data["games"]:
        assert g["us_per_action"] > 0 and len(g["blocks"]) == 1
        ref = data["openspiel"]["blocks"][0] if data["openspiel"] else data["reference_us"]
        assert g["ratio"] == pytest.approx(g["blocks"][0] / ref)  # one turn: its own ratio
