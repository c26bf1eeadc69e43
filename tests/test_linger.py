"""Linger Longer: one test per sentence of docs/rules/linger.md and per docs/design.md
ruling, on hand-built deals, then random-playout invariants and the bots."""
import json
import random

import pytest

from engine import bots, games, IllegalAction
from engine.actions import BID, PASS, TRUMP
from engine.cards import parse_card, parse_suit
from engine.games import restore

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new linger game (engine.games makes any registered game)
    return games.new_game("linger", players, seed, **options)


def build(hands, trump="S", stock="", turn=0, seed=1):
    """A game with hand-built hands (one string per seat, "" = no cards) and
    stock (drawn from the right end), seat turn to lead."""
    s = new_game(players=len(hands), seed=seed)
    s.hands = [cards(h) for h in hands]
    s.stock = [parse_card(t) for t in stock.split()]
    s.trump = parse_suit(trump)
    s.trump_card = s.trump * 13 + 5
    s.turn = s.leader = turn
    s.size = len([h for h in s.hands if h])
    return s


def play(s, *texts):
    for t in texts:
        s.apply(parse_card(t))


def run_bots(s, levels=(0,), seed=0):
    while not s.is_over():
        seat = s.to_act()
        s.apply(bots.choose(s.view(seat), s.legal_actions(), levels[seat % len(levels)], seed))
    return s


# --- Players and the deal ---------------------------------------------------------
def test_two_to_five_players_default_four():
    assert new_game().players == 4
    for n in (2, 3, 4, 5):
        assert new_game(players=n).view()["players"] == n
    for bad in (0, 1, 6, "4", True, 4.0):
        with pytest.raises(IllegalAction):
            new_game(players=bad)


def test_unknown_options_are_refused():
    with pytest.raises(IllegalAction) as e:
        new_game(seed=1, first_dealer=2)
    assert "first_dealer" in str(e.value)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_player_is_dealt_as_many_cards_as_players(n):
    for seed in range(20):
        v = new_game(players=n, seed=seed).view(None)
        assert v["counts"] == [n] * n and v["hand_size"] == n
        everything = [c for h in v["hands"] for c in h]
        assert len(everything) == len(set(everything)) == n * n
        assert v["stock"] == 52 - n * n


def test_revealed_card_sets_trump_and_goes_back_into_the_stock():
    for seed in range(30):
        s = new_game(players=4, seed=seed)
        v = s.view(2)
        assert v["trump"] == v["trump_card"] // 13
        assert all(v["trump_card"] not in h for h in s.hands)
        assert v["trump_card"] in s.stock
        assert sorted(s.stock + [c for h in s.hands for c in h]) == list(range(52))


def test_revealed_card_is_shuffled_into_the_stock_not_left_on_top_or_bottom():
    places = set()
    for seed in range(40):
        s = new_game(players=3, seed=seed)
        places.add(s.stock.index(s.trump_card))
    assert len(places) > 10


def test_same_seed_same_deal_different_seed_different_deal():
    assert new_game(seed=5).view(None) == new_game(seed=5).view(None)
    assert new_game(seed=5).view(None)["hands"] != new_game(seed=6).view(None)["hands"]


# --- Turn order -----------------------------------------------------------------
def test_no_dealer_and_seat_zero_leads_the_first_trick():
    for seed in range(10):
        v = new_game(players=3, seed=seed).view(None)
        assert v["dealer"] is None and v["to_act"] == 0 and v["leader"] == 0
        assert v["phase"] == "play" and v["round"] == 0 and v["rounds"] == 1
        assert v["bids"] == [None] * 3


def test_play_goes_clockwise():
    s = build(["2C 3C", "4C 5C", "6C 7C", "8C 9C"])
    seen = []
    for t in ("2C", "4C", "6C"):
        seen.append(s.to_act())
        play(s, t)
    assert seen == [0, 1, 2] and s.to_act() == 3


# --- No duty to follow suit -------------------------------------------------------
def test_any_card_may_be_played():
    s = build(["AC 2C", "KC 3D 4H", "5S 6S"], trump="S")
    play(s, "AC")
    assert s.legal_actions() == cards("KC 3D 4H")  # holds clubs, may still discard
    play(s, "4H")
    assert s.legal_actions() == cards("5S 6S")


# --- Resolving a trick ------------------------------------------------------------
def test_a_trump_beats_the_led_suit():
    s = build(["AC 2D", "KC 2H", "2S 3D"], trump="S")
    play(s, "AC", "KC", "2S")
    assert s.view()["last_winner"] == 2


def test_highest_trump_wins():
    s = build(["3S 2D", "AC 2H", "5S 3D"], trump="S")
    play(s, "3S", "AC", "5S")
    assert s.view()["last_winner"] == 2


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    s = build(["7C 2D", "AH 2H", "9C 3D"], trump="S")
    play(s, "7C", "AH", "9C")  # the ace of hearts is off-suit: it cannot win
    assert s.view()["last_winner"] == 2


def test_the_led_card_wins_when_nobody_beats_it():
    s = build(["7C 2D", "AH 2H", "5C 3D"], trump="S")
    play(s, "7C", "AH", "5C")
    assert s.view()["last_winner"] == 0


# --- After a trick ----------------------------------------------------------------
def test_winner_scores_a_trick_draws_the_top_card_and_leads():
    s = build(["7C 2D", "AC 2H", "5C 3D"], trump="S", stock="QD JH")
    play(s, "7C", "AC", "5C")
    v = s.view(None)
    assert v["tricks"] == [0, 1, 0] and v["scores"] == [0, 1, 0]
    assert v["hands"][1] == cards("2H JH") and v["stock"] == 1
    assert v["counts"] == [1, 2, 1]
    assert v["to_act"] == 1 and v["leader"] == 1
    assert v["last_trick"] == [[0, parse_card("7C")], [1, parse_card("AC")],
                               [2, parse_card("5C")]]


def test_no_draw_once_the_stock_is_empty():
    s = build(["7C 2D", "AC 2H 3H", "5C 3D"], trump="S")
    play(s, "7C", "AC", "5C")
    v = s.view(None)
    assert v["stock"] == 0 and v["counts"] == [1, 2, 1] and v["to_act"] == 1


def test_losers_only_lose_the_card_they_played():
    s = build(["7C 2D 4D", "AC 2H 4H", "5C 3D 4S"], trump="S", stock="9D")
    play(s, "7C", "AC", "5C")
    assert s.view()["counts"] == [2, 3, 2]


# --- Players without cards sit out --------------------------------------------------
def test_players_without_cards_sit_out_of_tricks():
    s = build(["7C 2D", "", "5C 3D", "8H"], trump="S", stock="6D")
    v = s.view(0)
    assert v["sitting_out"] == [1]
    play(s, "7C")
    assert s.to_act() == 2  # seat 1 is skipped
    play(s, "5C")
    assert s.to_act() == 3
    play(s, "8H")  # three holders: the trick is complete with three cards
    v = s.view(None)
    assert len(v["last_trick"]) == 3 and v["last_winner"] == 0 and v["trick"] == []
    assert v["sitting_out"] == [1, 3]  # seat 3 played its last card and lost


def test_a_player_who_plays_their_last_card_is_in_that_trick_only():
    s = build(["AC 2D", "3C", "5C 3D"], trump="S", stock="6D 7D")
    play(s, "AC")
    play(s, "3C")
    v = s.view(2)
    assert v["counts"][1] == 0 and v["sitting_out"] == []  # still in this trick
    play(s, "5C")
    v = s.view(None)
    assert v["sitting_out"] == [1] and v["to_act"] == 0
    play(s, "2D")
    assert s.to_act() == 2  # the next trick skips seat 1
    play(s, "3D")
    assert len(s.view()["last_trick"]) == 2


def test_a_player_whose_last_card_wins_draws_and_stays_in():
    s = build(["2C 2D", "AC", "5C 3D"], trump="S", stock="6D 7D")
    play(s, "2C", "AC", "5C")
    v = s.view(None)
    assert v["hands"][1] == cards("7D") and v["to_act"] == 1 and v["sitting_out"] == []
    assert not s.is_over()


def test_winner_without_cards_passes_the_lead_clockwise_to_a_holder():
    # empty stock: seat 1 wins with its last card, seat 2 is already out
    s = build(["2C 2D", "AC", "", "5C 3D"], trump="S")
    play(s, "2C", "AC", "5C")
    v = s.view(None)
    assert v["last_winner"] == 1 and v["counts"] == [1, 0, 0, 1]
    assert v["to_act"] == 3 and v["leader"] == 3 and not s.is_over()
    assert v["sitting_out"] == [1, 2]


def test_lead_passing_wraps_around_the_table():
    s = build(["2C 2D", "", "5C 3D", "AC"], trump="S")
    play(s, "2C", "5C", "AC")
    v = s.view(None)
    assert v["last_winner"] == 3 and v["to_act"] == 0 and v["leader"] == 0


# --- Ending conditions --------------------------------------------------------------
def test_a_lone_card_holder_wins_at_once_even_with_fewer_tricks():
    s = build(["2C", "AS 3D", "4C 5D"], trump="S", stock="2H 3H")
    s.tricks, s.scores = [3, 0, 0], [3, 0, 0]
    play(s, "2C", "AS", "4C")  # seat 1 wins and draws: seats 1 and 2 still hold cards
    assert not s.is_over()
    s = build(["2C", "AS", "4C 5D"], trump="S")
    s.tricks, s.scores = [3, 0, 0], [3, 0, 0]
    play(s, "2C", "AS", "4C")  # seat 1 wins its last card, no stock: only seat 2 holds cards
    v = s.view(None)
    assert s.is_over() and s.winners() == [2] and v["result"] == "last_holder"
    assert v["tricks"] == [3, 1, 0] and v["winners"] == [2] and v["to_act"] == -1


def test_a_lone_holder_wins_even_while_the_stock_lasts():
    s = build(["AC 2D", "3C"], trump="S", stock="9H 8H 7H")
    play(s, "AC", "3C")
    v = s.view(None)
    assert s.is_over() and s.winners() == [0] and v["result"] == "last_holder"
    assert v["stock"] == 2 and v["phase"] == "over" and s.legal_actions() == []


def test_nobody_holding_cards_most_tricks_wins():
    s = build(["AC", "3C", "4C"], trump="S")
    s.tricks = [0, 2, 1]
    play(s, "AC", "3C", "4C")  # seat 0 wins the last trick but has fewer tricks
    v = s.view(None)
    assert s.is_over() and v["tricks"] == [1, 2, 1]
    assert s.winners() == [1] and v["result"] == "most_tricks"


def test_a_tie_for_most_tricks_is_a_draw():
    s = build(["AC", "3C", "4C"], trump="S")
    s.tricks = [1, 2, 0]
    play(s, "AC", "3C", "4C")
    v = s.view(None)
    assert s.is_over() and v["tricks"] == [2, 2, 0]
    assert s.winners() == [0, 1] and v["result"] == "draw" and v["winners"] == [0, 1]


def test_result_is_none_while_playing():
    v = new_game(seed=3).view(1)
    assert v["result"] is None and v["winners"] == [] and new_game().winners() == []


def test_victory_is_binary_one_round_of_history_with_tricks_as_points():
    s = build(["AC 2D", "3C"], trump="S", stock="9H")
    play(s, "AC", "3C")
    v = s.view(None)
    assert v["history"] == [{"bids": [None, None], "tricks": [1, 0], "points": [1, 0]}]
    assert v["scores"] == v["tricks"] == [1, 0]


def test_full_deals_never_empty_the_stock():
    # a winner always draws back the card it played, so some player runs out first
    for n in (2, 3, 4, 5):
        for seed in range(60):
            s = run_bots(new_game(players=n, seed=seed), (0,), seed)
            v = s.view(None)
            assert v["result"] == "last_holder" and v["stock"] > 0
            assert len(s.winners()) == 1 and v["counts"][s.winners()[0]] > 0


# --- Bad input ------------------------------------------------------------------------
def unchanged_after(s, action):
    before = (json.dumps(s.save()), s.view(None))
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert (json.dumps(s.save()), s.view(None)) == before
    return str(e.value)


def test_playing_a_card_you_do_not_hold_is_refused():
    s = new_game(seed=2)
    missing = [c for c in range(52) if c not in s.hands[0]][0]
    assert "don't hold" in unchanged_after(s, missing)


def test_bids_trumps_passes_and_nonsense_are_refused_in_play():
    s = new_game(seed=2)
    for a in (BID + 2, TRUMP + 1, PASS, 401, 402, "bid 3", "pass"):
        assert "play a card" in unchanged_after(s, a)
    assert "not a card" in unchanged_after(s, "ZZ")
    assert unchanged_after(s, 3.5)


def test_nothing_is_allowed_after_the_end():
    s = build(["AC 2D", "3C"], trump="S", stock="9H")
    play(s, "AC", "3C")
    assert "over" in unchanged_after(s, parse_card("2D"))


def test_a_damaged_save_is_refused():
    s = new_game(players=3, seed=4)
    saved = s.save()
    for bad in (None, {}, dict(saved, game="nommie"), dict(saved, players=7),
                dict(saved, actions=[99]), dict(saved, options={"x": 1})):
        with pytest.raises(IllegalAction):
            restore(bad)


# --- Random playouts ----------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playout_invariants(n):
    rnd = random.Random(n)
    for seed in range(300):
        s = new_game(players=n, seed=seed)
        check = seed % 25 == 0
        while not s.is_over():
            v = s.view(None)
            legal = s.legal_actions()
            assert legal and legal == v["hands"][v["to_act"]]
            held = [c for h in v["hands"] for c in h]
            in_play = [p[1] for p in v["trick"]]
            gone = 52 - len(held) - v["stock"] - len(in_play)
            assert len(set(held + s.stock + in_play)) == len(held) + v["stock"] + len(in_play)
            if "plays" in v:
                assert gone == len(v["plays"]) - len(in_play)
            assert 2 * sum(v["tricks"]) <= gone
            seat = v["to_act"]
            assert v["counts"][seat] > 0 and seat not in v["sitting_out"]
            assert seat not in [p[0] for p in v["trick"]]
            if check:
                t = restore(json.loads(json.dumps(s.save())))
                assert t.view(None) == v
                wrong = rnd.choice([c for c in range(52) if c not in legal])
                unchanged_after(s, wrong)
            a = rnd.choice(legal)
            assert s.parse_action(s.action_text(a)) == a
            s.apply(a)
        v = s.view(None)
        assert s.winners() and v["result"] in ("last_holder", "most_tricks", "draw")
        assert len([c for c in v["counts"] if c]) <= 1
        assert restore(s.save()).view(None) == v


def test_restore_continues_identically():
    s = new_game(players=5, seed=9)
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    t = restore(s.save())
    for _ in range(5):
        a = s.legal_actions()[-1]
        s.apply(a)
        t.apply(a)
        assert s.view(None) == t.view(None)


# --- Bots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [0, 1, 2, 3])
@pytest.mark.parametrize("n", [2, 3, 5])
def test_bots_of_every_level_finish_games_the_same_way_twice(level, n):
    for seed in range(5):
        a = run_bots(new_game(players=n, seed=seed), (level,), seed).save()
        b = run_bots(new_game(players=n, seed=seed), (level,), seed).save()
        assert a == b


def test_bot_wins_cheaply_when_last_to_play():
    s = build(["9C 4D", "KC 5D", "QC 2D AC 3S"], trump="S", stock="4H")
    play(s, "9C", "KC")
    for level in (1, 2):
        assert bots.choose(s.view(2), s.legal_actions(), level, 0) == parse_card("AC")
    s = build(["9C 4D", "KC 5D", "2D 3S AS"], trump="S", stock="4H")
    play(s, "9C", "KC")
    for level in (1, 2):
        assert bots.choose(s.view(2), s.legal_actions(), level, 0) == parse_card("3S")


def test_bot_throws_its_least_useful_card_when_it_cannot_win():
    s = build(["AS 4D", "KC 5D", "QC 2D AH"], trump="S", stock="4H")
    play(s, "AS", "KC")
    for level in (1, 2):
        assert bots.choose(s.view(2), s.legal_actions(), level, 0) == parse_card("2D")


def test_level_two_leads_its_weakest_card_and_keeps_its_strength():
    s = build(["AS 2D 7H", "KC 5D 9D", "QC 3H 4H"], trump="S", stock="4C")
    assert bots.choose(s.view(0), s.legal_actions(), 2, 0) == parse_card("2D")


def test_level_two_does_not_ruff_low_when_an_overruff_is_likely():
    s = build(["9C 8C", "2S 3D", "QC 3H 4H", "5C 6C 7C"], trump="S", stock="4C")
    play(s, "9C")
    assert bots.choose(s.view(1), s.legal_actions(), 2, 0) == parse_card("3D")


def test_level_two_takes_a_trick_when_last_even_with_a_high_trump():
    s = build(["9C 8C", "KC 3D", "AS 2D 4H"], trump="S", stock="4C")
    play(s, "9C", "KC")
    assert bots.choose(s.view(2), s.legal_actions(), 2, 0) == parse_card("AS")


def test_the_revealed_card_can_be_drawn_by_a_trick_winner():
    drawn = 0
    for seed in range(200):
        s = new_game(players=2, seed=seed)
        top = s.stock[-1]
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
        w = s.view()["last_winner"]
        assert top in s.hands[w] and top not in s.stock
        drawn += top == s.trump_card
    assert drawn > 0
