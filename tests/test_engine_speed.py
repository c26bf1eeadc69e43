# tools/bench/engine_speed.py: the timed loop is OpenSpiel's, so what it counts
# must be exactly the decisions of each round before its last card.
import pytest

from tools.bench import engine_speed


@pytest.mark.parametrize("game", engine_speed.game_ids())
def test_the_twin_finds_where_each_round_s_last_card_falls(game):
    st = engine_speed._new(game, 7)
    twin = engine_speed._new(game, 7)
    x = 12345
    rounds = last_cards = 0
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
            last_cards += 1
        assert bytes(st.log) == bytes(twin.log)  # still in step
        rounds += 1
    # three rounds walked, or the whole game; a walk that did not end the game
    # checked the last card of a round
    assert rounds == 3 or st.phase == "over", (rounds, st.phase)
    assert last_cards or st.phase == "over", rounds


def test_figures_time_every_game_against_one_reference():
    data = engine_speed.figures(["nommie", "callbreak"], blocks=1, seconds=0.05)
    assert [g["game"] for g in data["games"]] == ["nommie", "callbreak"]
    for g in data["games"]:
        assert g["us_per_action"] > 0 and len(g["blocks"]) == 1
        ref = data["openspiel"]["blocks"][0] if data["openspiel"] else data["reference_us"]
        assert g["ratio"] == pytest.approx(g["blocks"][0] / ref)  # one turn: its own ratio


def test_bare_tricks_is_a_whole_deal_of_correct_trick_play():
    # the floor must do what it claims: follow suit, the highest of the suit led wins
    for seed in range(1, 40):
        st = engine_speed.BareTricks(seed)
        assert sorted(sum(st.hands, [])) == list(range(52))
        x = seed
        trick = []
        while any(st.hands):
            seat = st.turn
            hand = list(st.hands[seat])
            legal = st.legal_actions()
            led = trick[0][1] // 13 if trick else None
            want = [c for c in hand if c // 13 == led] or hand
            assert legal == want
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            a = legal[x % len(legal)]
            st.apply(a)
            trick.append((seat, a))
            if len(trick) == 4:
                led = [p for p in trick if p[1] // 13 == trick[0][1] // 13]
                best = max(led, key=lambda p: p[1])
                assert st.turn == best[0]
                trick = []
        assert sum(st.tricks) == 13 and len(st.log) == 52


def test_figures_time_the_floors_in_the_same_turns():
    data = engine_speed.figures(["nines"], blocks=2, seconds=0.04)
    assert [f["floor"] for f in data["floors"]] == ["loop only", "bare trick play"]
    for f in data["floors"]:
        assert f["us_per_action"] > 0 and len(f["blocks"]) == 2


def test_level3_time_compares_the_same_positions_in_both_trees():
    # tools/bench/level3_time.py: level 3 against the commit before issue 41,
    # each tree in its own process on the very same positions
    from tools.bench import level3_time
    data = level3_time.figures(["nines"], count=4, blocks=1)
    (row,) = data["games"]
    assert row["game"] == "nines" and row["positions"] == 4
    for side in ("before", "after"):
        assert 0 < row[side]["mean_ms"] <= row[side]["p95_ms"] <= row[side]["max_ms"]
    assert row["ratio_p95"] == row["after"]["p95_ms"] / row["before"]["p95_ms"]
    assert row["board_p95_ms"] == level3_time.BOARD_BEFORE["nines"][0] * row["ratio_p95"]
