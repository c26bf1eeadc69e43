"""Call Break: one test per sentence of docs/rules/callbreak.md, per docs/design.md
ruling and per interpretation in engine/callbreak.py's docstring."""
import json
import random

import pytest

from engine import bots, games, IllegalAction
from engine.actions import BID
from engine.games import restore
from engine.callbreak import SPADES, points
from engine.cards import parse_card

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new callbreak game (engine.games makes any registered game)
    return games.new_game("callbreak", players, seed, **options)


def at_round(r=0, hands=None, seed=1, **options):
    """A game at the start of round r (0-based), optionally with hand-built hands."""
    s = new_game(seed=seed, **options)
    s.round = r
    s.start_round()
    if hands is not None:
        s.hands = [cards(h) for h in hands]
    return s


def in_play(hands, r=0, calls=(1, 1, 1, 1), **options):
    """Hand-built hands (by seat), everyone has called: the first trick is next."""
    s = at_round(r, hands, **options)
    for n in calls:
        s.apply(BID + n)
    return s


def play(s, *texts):
    for t in texts:
        s.apply(parse_card(t))


def rejected(s, text, *words):
    """text is illegal now, the message says all words, and nothing changed."""
    before = json.dumps(s.save()), s.view(None)
    with pytest.raises(IllegalAction) as e:
        s.apply(text)
    msg = str(e.value)
    for w in words:
        assert w in msg, msg
    assert (json.dumps(s.save()), s.view(None)) == before
    return msg


def run_bots(s, levels=(1, 1, 1, 1), seed=0):
    while not s.is_over():
        seat = s.to_act()
        s.apply(bots.choose(s.view(seat), s.legal_actions(), levels[seat], seed))
    return s


def starts_of_rounds(s, level=0, seed=3):
    """(round, dealer, first caller, first leader, hands) seen at each round start."""
    out = []
    pending = None
    while not s.is_over():
        v = s.view(None)
        if v["phase"] == "bid" and all(b is None for b in v["bids"]):
            pending = [v["round"], v["dealer"], v["to_act"], None, v["hands"]]
        if v["phase"] == "play" and not v["plays"] and pending:
            pending[3] = v["to_act"]
            out.append(tuple(pending[:4]) + (pending[4],))
            pending = None
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), level, seed))
    return out


# --- Generics: 4 players, 5 rounds, 13 cards, clockwise --------------------------
def test_exactly_four_players():
    assert new_game().players == 4
    for n in (2, 3, 5):
        with pytest.raises(IllegalAction):
            new_game(players=n)


def test_options_are_checked():
    with pytest.raises(IllegalAction):
        new_game(rounds=3)
    with pytest.raises(IllegalAction):
        new_game(eight_wins="yes")
    with pytest.raises(IllegalAction):
        new_game(first_dealer=4)
    assert new_game(eight_wins=False).view()["eight_wins"] is False
    assert new_game().view()["eight_wins"] is True


def test_five_rounds_of_thirteen_cards_from_a_full_deck():
    s = new_game(seed=5, eight_wins=False)
    starts = starts_of_rounds(s)
    assert [x[0] for x in starts] == [0, 1, 2, 3, 4]
    for x in starts:
        dealt = [c for h in x[4] for c in h]
        assert [len(h) for h in x[4]] == [13] * 4
        assert sorted(dealt) == list(range(52))
    assert len(set(tuple(tuple(h) for h in x[4]) for x in starts)) == 5  # fresh shuffles
    assert len(s.view()["history"]) == 5 and s.view()["rounds"] == 5


# --- Taking turns -----------------------------------------------------------------
def test_first_dealer_seat_zero_and_dealer_rotates_clockwise():
    starts = starts_of_rounds(new_game(seed=8, eight_wins=False))
    assert [x[1] for x in starts] == [0, 1, 2, 3, 0]


def test_player_left_of_dealer_calls_first_and_leads_first():
    starts = starts_of_rounds(new_game(seed=9, eight_wins=False))
    for _, dealer, caller, leader, _ in starts:
        assert caller == leader == (dealer + 1) % 4


def test_first_dealer_option():
    s = new_game(first_dealer=2)
    assert s.view()["dealer"] == 2 and s.to_act() == 3


def test_calls_go_clockwise_once_each_then_play():
    s = at_round(1)  # dealer 1
    order = []
    for n in (1, 2, 3, 4):
        assert s.view()["phase"] == "bid"
        order.append(s.to_act())
        s.apply(BID + n)
    assert order == [2, 3, 0, 1]
    v = s.view()
    assert v["phase"] == "play" and s.to_act() == 2 and v["leader"] == 2
    assert v["bids"] == [3, 4, 1, 2] and v["calls"] == [3, 4, 1, 2]


def test_trick_winner_leads_the_next_trick():
    s = in_play(["2C 3C", "AC 4C", "5C 6C", "7C 8C"])  # seat 1 leads
    play(s, "4C", "5C", "7C", "2C")
    assert s.view()["last_winner"] == 3 and s.to_act() == 3 and s.view()["leader"] == 3


# --- Valid calls --------------------------------------------------------------------
def test_calls_are_one_to_eight():
    s = new_game()
    assert s.legal_actions() == [BID + n for n in range(1, 9)]
    rejected(s, "call 0", "1 to 8")
    rejected(s, "call 9", "1 to 8")
    rejected(s, BID + 13, "1 to 8")
    rejected(s, "2C", "Not now")


def test_call_text_round_trips():
    s = new_game()
    assert s.action_text(BID + 3) == "call 3"
    for t in ("call 3", "bid 3", "3", "CALL 3"):
        assert s.parse_action(t) == BID + 3
    s.apply("call 3")
    assert s.view()["calls"][1] == 3


def test_no_call_during_play():
    s = in_play(["2C", "3C", "4C", "5C"])
    rejected(s, "call 2", "Not now")


# --- Valid play: the forced-play order --------------------------------------------------
def test_any_card_is_a_valid_first_play():
    s = in_play(["2C", "3C 9H AS KD", "4C", "5C"])
    assert s.legal_actions() == cards("3C 9H AS KD")


def test_rule_1_a_winning_card_of_the_led_suit():
    s = in_play(["5H QH 2C", "9H 3C 4C", "2D 3D 4D", "5D 6D 7D"])
    play(s, "9H")
    play(s, "2D")
    play(s, "5D")
    assert s.to_act() == 0
    assert s.legal_actions() == cards("QH")
    rejected(s, "5H", "You must play a winning heart", "9H")
    rejected(s, "2C", "You must play a winning heart")


def test_rule_1_beats_the_best_card_so_far_not_the_lead():
    s = in_play(["2D 3D", "5H 3C", "KH 4C", "QH AH"])
    play(s, "5H", "KH")
    assert s.legal_actions() == cards("AH")  # QH beats the lead but not the KH
    rejected(s, "QH", "winning heart", "KH")


def test_rule_2_any_card_of_the_led_suit_when_none_wins():
    s = in_play(["2D 3D", "KH 3C", "5H QH 2S", "4C 5C"])
    play(s, "KH")
    assert s.legal_actions() == cards("5H QH")
    rejected(s, "2S", "You must follow suit: play a heart")


def test_rule_2_after_the_trick_was_trumped():
    # hearts led, seat 2 trumps: an ace of hearts no longer wins, any heart may go
    s = in_play(["2D 3D", "5H 3C", "2S 4C", "AH 3H 4S"])
    play(s, "5H", "2S")
    assert s.legal_actions() == cards("AH 3H")
    rejected(s, "4S", "follow suit: play a heart")


def test_rule_3_void_must_trump_with_a_spade():
    s = in_play(["2D 3D", "5H 3C", "2S KC", "4C 5C"])
    play(s, "5H")
    assert s.legal_actions() == cards("2S")
    rejected(s, "KC", "You must trump with a spade", "you have no hearts")


def test_rule_3_a_spade_that_beats_the_trump_already_played():
    s = in_play(["5S JS KC", "5H 3C 4C", "9S 2C 3D", "6H 7H 8H"])
    play(s, "5H", "9S", "6H")
    assert s.to_act() == 0
    assert s.legal_actions() == cards("JS")
    rejected(s, "5S", "You must trump with a higher spade", "9S")
    rejected(s, "KC", "higher spade")


def test_rule_4_void_with_only_lower_spades_plays_anything():
    s = in_play(["5S KC 2D", "5H 3C 4C", "9S 2C 3D", "6H 7H 8H"])
    play(s, "5H", "9S", "6H")
    assert s.legal_actions() == cards("5S KC 2D")


def test_rule_4_void_without_spades_plays_anything():
    s = in_play(["2D 3D", "5H 3C", "KC 4D", "4C 5C"])
    play(s, "5H")
    assert s.legal_actions() == cards("KC 4D")


def test_spades_led_needs_a_higher_spade():
    s = in_play(["2D 3D", "9S 3C", "5S JS 2H", "4C 5C"])
    play(s, "9S")
    assert s.legal_actions() == cards("JS")
    rejected(s, "5S", "You must play a winning spade", "9S")
    rejected(s, "2H", "winning spade")


def test_spades_led_with_only_lower_spades_plays_a_spade():
    s = in_play(["2D 3D", "9S 3C", "5S 2H", "4C 5C"])
    play(s, "9S")
    assert s.legal_actions() == cards("5S")
    rejected(s, "2H", "You must follow suit: play a spade")


def test_spades_led_and_no_spades_plays_anything():
    s = in_play(["2D 3D", "9S 3C", "2H KC", "4C 5C"])
    play(s, "9S")
    assert s.legal_actions() == cards("2H KC")


def test_a_card_you_do_not_hold():
    s = in_play(["2D 3D", "9S 3C", "2H KC", "4C 5C"])
    rejected(s, "AS", "You don't hold AS")


# --- Card ranking ------------------------------------------------------------------------
def test_highest_of_the_led_suit_wins_other_suits_lose():
    s = in_play(["AD 3D", "TH 3C", "2H 4D", "9H 5C"])
    play(s, "TH", "2H", "9H", "AD")  # an ace of another suit loses to the ten led
    assert s.view()["last_winner"] == 1


def test_spade_beats_all_other_suits_and_highest_spade_wins():
    s = in_play(["2S 3D", "AH 3C", "3S 4D", "KH 5C"])
    play(s, "AH", "3S", "KH", "2S")
    assert s.view()["last_winner"] == 2
    assert s.view()["trump"] == SPADES


def test_ranking_a_k_q_ten_down_to_two():
    order = "A K Q T 9 8 7 6 5 4 3 2".split()
    for hi, lo in zip(order, order[1:]):
        s = in_play(["2D", lo + "C", hi + "C", "3D"])
        play(s, lo + "C", hi + "C", "3D", "2D")
        assert s.view()["last_winner"] == 2


# --- Scoring (stored in tenths) ----------------------------------------------------------
@pytest.mark.parametrize("call,won,tenths", [
    (3, 3, 30), (1, 1, 10), (8, 8, 80),          # made exactly: +call
    (3, 2, -30), (5, 0, -50), (8, 7, -80),       # fewer: -call
    (3, 5, 32), (1, 13, 22), (2, 3, 21),         # more: +call + 0.1 per extra trick
])
def test_points_table(call, won, tenths):
    assert points(call, won) == tenths


def test_round_end_scores_and_history():
    s = in_play(["AC", "2C", "3C", "4C"], calls=(4, 2, 3, 3), eight_wins=False)
    # calls: seat 1: 4, seat 2: 2, seat 3: 3, seat 0: 3
    s.tricks = [3, 3, 3, 3]
    play(s, "2C", "3C", "4C", "AC")  # seat 0 takes the last trick: 4
    v = s.view()
    assert v["score_scale"] == 10
    assert v["history"] == [{"bids": [3, 4, 2, 3], "tricks": [4, 3, 3, 3],
                             "points": [31, -40, 21, 30]}]
    assert v["scores"] == [31, -40, 21, 30]
    assert v["round"] == 1 and v["phase"] == "bid" and v["dealer"] == 1 and s.to_act() == 2


def test_scores_add_up_over_rounds():
    s = in_play(["AC", "2C", "3C", "4C"], calls=(4, 2, 3, 3), eight_wins=False)
    s.scores = [10, 20, -30, 5]
    s.tricks = [3, 3, 3, 3]
    play(s, "2C", "3C", "4C", "AC")
    assert s.view()["scores"] == [41, -20, -9, 35]


def test_highest_total_after_five_rounds_wins():
    s = in_play(["AC", "2C", "3C", "4C"], r=4, calls=(1, 1, 1, 1), eight_wins=False)
    s.scores = [0, 50, 0, 0]
    s.tricks = [3, 3, 3, 3]
    play(s, "2C", "3C", "4C", "AC")  # dealer 0, seat 1 leads
    assert s.is_over() and s.to_act() == -1 and s.legal_actions() == []
    assert s.view()["scores"] == [13, 62, 12, 12]
    assert s.winners() == [1]
    rejected(s, "call 1", "over")


def test_tied_totals_are_joint_winners():
    s = in_play(["AC", "2C", "3C", "4C"], r=4, calls=(1, 1, 1, 1), eight_wins=False)
    s.scores = [0, 48, 58, 0]  # seat 0 takes the last trick
    s.tricks = [3, 3, 2, 3]
    play(s, "2C", "3C", "4C", "AC")
    assert s.view()["scores"] == [13, 60, 69, 12]
    assert s.winners() == [2]
    s = in_play(["AC", "2C", "3C", "4C"], r=4, calls=(1, 1, 1, 1), eight_wins=False)
    s.scores = [0, 50, 50, 0]
    s.tricks = [3, 3, 3, 3]
    play(s, "2C", "3C", "4C", "AC")
    assert s.view()["scores"] == [13, 62, 62, 12]
    assert s.winners() == [1, 2]


def test_no_winner_before_the_end():
    assert new_game().winners() == []


# --- Eight tricks win the game ----------------------------------------------------------------
def test_eighth_trick_wins_at_once_and_the_round_is_not_scored():
    s = in_play(["AC KC", "2C 3C", "4C 5C", "6C 7C"], r=2, calls=(1, 2, 3, 4))
    s.scores = [10, 90, 50, 20]
    s.history = [{"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1], "points": [0, 0, 0, 0]}] * 2
    s.tricks = [7, 1, 2, 1]  # dealer 2: seat 3 leads
    play(s, "6C", "AC", "2C", "4C")
    v = s.view()
    assert s.is_over() and v["phase"] == "over" and s.to_act() == -1
    assert s.legal_actions() == []
    assert s.winners() == [0]  # the only winner, though seat 1 has the higher total
    assert v["eight_winner"] == 0
    assert v["tricks"] == [8, 1, 2, 1]
    assert v["scores"] == [10, 90, 50, 20] and len(v["history"]) == 2
    rejected(s, "KC", "over")


def test_eighth_trick_as_the_last_trick_of_a_round_also_ends_the_game():
    s = in_play(["AC", "2C", "3C", "4C"], calls=(1, 1, 1, 1))
    s.tricks = [7, 2, 2, 1]
    play(s, "2C", "3C", "4C", "AC")
    assert s.is_over() and s.winners() == [0] and s.view()["history"] == []


def test_seven_tricks_do_not_end_the_game():
    s = in_play(["AC KC", "2C 3C", "4C 5C", "6C 7C"], calls=(1, 2, 3, 4))
    s.tricks = [6, 1, 2, 1]
    play(s, "2C", "4C", "6C", "AC")
    assert not s.is_over() and s.view()["eight_winner"] is None and s.to_act() == 0


def test_eight_wins_off_scores_eight_tricks_as_an_over_call():
    s = in_play(["AC KC", "2C 3C", "4C 5C", "6C 7C"], calls=(1, 2, 3, 4), eight_wins=False)
    s.tricks = [7, 1, 1, 2]
    play(s, "2C", "4C", "6C", "AC")
    assert not s.is_over() and s.view()["tricks"] == [8, 1, 1, 2]
    play(s, "KC", "3C", "5C", "7C")
    v = s.view()
    assert v["round"] == 1 and v["history"][0]["points"] == [40 + 5, 10, -20, -30]


def test_eight_wins_survives_save_and_restore():
    s = new_game(seed=4, eight_wins=False)
    t = restore(json.loads(json.dumps(s.save())))
    assert t.view()["eight_wins"] is False


def test_eight_trick_wins_happen_in_bot_games():
    """Random play reaches 8 tricks now and then: those games end early, one winner."""
    early = 0
    for seed in range(60):
        s = run_bots(new_game(seed=seed), levels=(0, 0, 0, 0), seed=seed)
        v = s.view()
        if v["eight_winner"] is not None:
            early += 1
            assert s.winners() == [v["eight_winner"]]
            assert v["tricks"][v["eight_winner"]] == 8
            assert len(v["history"]) == v["round"] < 5
        else:
            assert len(v["history"]) == 5
    assert early > 0


# --- View ---------------------------------------------------------------------------------------
def test_view_hides_other_hands_and_shows_calls_and_plays():
    s = in_play(["AC KC", "2C 3C", "4C 5C", "6C 7C"], calls=(1, 2, 3, 4))
    play(s, "2C", "4C")
    v = s.view(3)
    assert v["hands"][3] == cards("6C 7C") and v["hands"][0] is None and v["hands"][1] is None
    assert v["calls"] == v["bids"] == [4, 1, 2, 3]
    assert [x & 63 for x in v["plays"]] == [parse_card("2C"), parse_card("4C")]
    assert v["trick"] == [[1, parse_card("2C")], [2, parse_card("4C")]]
    assert v["trump"] == SPADES and v["counts"] == [2, 1, 1, 2]
    play(s, "6C", "AC", "KC", "3C", "5C", "7C")
    assert s.view()["plays"] == []  # a new round


# --- Random playouts ------------------------------------------------------------------------------
UNIVERSE = list(range(52)) + list(range(100, 114)) + list(range(200, 205)) + [400, 401, 402]


def test_random_playouts_conserve_cards_and_follow_the_rules():
    rnd = random.Random(11)
    for g in range(300):
        s = new_game(seed=g, eight_wins=g % 2 == 0)
        while not s.is_over():
            v = s.view(None)
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            held = [c for h in v["hands"] for c in h]
            played = [x & 63 for x in v["plays"]]
            assert sorted(held + played) == list(range(52))
            assert sum(v["tricks"]) * 4 + len(v["trick"]) == len(played)
            if v["phase"] == "play" and v["trick"]:
                led = v["trick"][0][1] // 13
                hand = v["hands"][v["to_act"]]
                if any(c // 13 == led for c in hand):
                    assert all(c // 13 == led for c in legal)
            a = rnd.choice(legal)
            assert s.parse_action(s.action_text(a)) == a
            s.apply(a)
        v = s.view()
        assert s.winners()
        if v["eight_winner"] is None:
            assert len(v["history"]) == 5
            assert sum(v["scores"]) == sum(sum(h["points"]) for h in v["history"])


def test_save_restore_at_every_step_continues_identically():
    rnd = random.Random(5)
    for g in range(3):
        s = new_game(seed=100 + g, eight_wins=g != 1)
        while not s.is_over():
            t = restore(json.loads(json.dumps(s.save())))
            assert t.view(None) == s.view(None)
            a = rnd.choice(s.legal_actions())
            s.apply(a)
            t.apply(a)
            assert t.view(None) == s.view(None)


def test_every_illegal_action_is_rejected_without_change():
    rnd = random.Random(2)
    for g in range(3):
        s = new_game(seed=200 + g)
        while not s.is_over():
            legal = s.legal_actions()
            before = json.dumps(s.save()), s.view(None)
            for a in UNIVERSE:
                if a not in legal:
                    with pytest.raises(IllegalAction) as e:
                        s.apply(a)
                    assert str(e.value)
            assert (json.dumps(s.save()), s.view(None)) == before
            s.apply(rnd.choice(legal))


def test_restore_rejects_other_and_damaged_saves():
    with pytest.raises(IllegalAction):
        restore({"game": "nommie"})
    saved = new_game(seed=1).save()
    saved["actions"] = [BID + 9]
    with pytest.raises(IllegalAction) as e:
        restore(saved)
    assert "move 1" in str(e.value)


# --- Bots ------------------------------------------------------------------------
@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_bots_of_every_level_play_full_games(level):
    for seed in range(1 if level == 3 else 4):
        s = run_bots(new_game(seed=seed, eight_wins=seed % 2 == 0), levels=(level,) * 4,
                     seed=seed)
        assert s.is_over() and s.winners()
