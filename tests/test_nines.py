"""Nines: one test per sentence of docs/rules/nines.md, per docs/design.md ruling and
per interpretation in engine/nines.py's docstring."""
import json
import random

import pytest

from engine import bots, games, IllegalAction
from engine.actions import BID, KEEP, PASS, SWAP, TRUMP
from engine.cards import parse_card
from engine.games import restore
from engine.nines import TRUMP_CYCLE

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new nines game (engine.games makes any registered game)
    return games.new_game("nines", players, seed, **options)


C, D, H, S, NT = 0, 1, 2, 3, 4


def built(hands, dummy=None, rnd=0, dealer=0, swap=False, scores=None):
    """A hand-built deal: hand number rnd (0-based), dealer seat, straight to play unless swap."""
    s = new_game(seed=1)
    s.round = rnd
    s.start_hand()
    s.dealer = s.turn = s.leader = dealer
    s.hands = [cards(h) for h in hands]
    if dummy is not None:
        s.dummy = cards(dummy)
    if scores is not None:
        s.scores = list(scores)
    if not swap:
        s.phase = "play"
    return s


def play(s, *texts):
    for t in texts:
        s.apply(t)


def bot_step(s, level=0, seed=0):
    s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), level, seed))


def finish(s, level=0, seed=0):
    while not s.is_over():
        bot_step(s, level, seed)
    return s


def hand_starts(s, level=0, seed=0):
    """Play s to the end; the view(None) at the start of each hand."""
    out = []
    while not s.is_over():
        v = s.view(None)
        if v["phase"] == "swap" and v["swapped"] == [None] * 3:
            out.append(v)
        bot_step(s, level, seed)
    return out


# The 8 / 3 / 2 hand (no trump, dealer 0): seat 0 runs eight spades while
# the others discard, then seat 1 takes three hearts and seat 2 two diamonds.
EXAMPLE = (["2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H",
            "JH QH KH 2D 3D TH AH 4D 5D 6D 7D 8D 9D",
            "7H 8H 9H AD KD TD JD QD 2C 3C 4C 5C 6C"],
           "TS JS QS KS AS 7C 8C 9C TC JC QC KC AC")


def play_example(s):
    discards1 = "TH AH 4D 5D 6D 7D 8D 9D".split()
    discards2 = "TD JD QD 2C 3C 4C 5C 6C".split()
    spades = "2S 3S 4S 5S 6S 7S 8S 9S".split()
    for i in range(8):
        play(s, spades[i], discards1[i], discards2[i])
    # the rest in the rules' terminal codes: h2 = 2H, hd = QH, hb = JH, ...
    play(s, "h2", "he", "h7")      # seat 1 wins with KH
    play(s, "hd", "h8", "h3")      # seat 1
    play(s, "hb", "h9", "h4")      # seat 1
    play(s, "d2", "d1", "h5")      # seat 2 wins with AD
    play(s, "de", "h6", "d3")      # seat 2


# --- Players, deck, deal -------------------------------------------------------
def test_exactly_three_players():
    assert new_game().players == 3
    for n in (2, 4, 5):
        with pytest.raises(IllegalAction) as e:
            new_game(players=n)
        assert "3 players" in str(e.value)


def test_whole_deck_dealt_in_four_hands_of_thirteen_the_fourth_is_the_dummy():
    for seed in range(20):
        v = new_game(seed=seed).view(None)
        assert v["counts"] == [13, 13, 13] and v["dummy_count"] == 13
        assert len(v["dummy"]) == 13
        assert sorted(v["hands"][0] + v["hands"][1] + v["hands"][2] + v["dummy"]) == list(range(52))


def test_each_hand_is_a_fresh_deal():
    deals = [tuple(v["hands"][0] + v["dummy"])
             for v in hand_starts(new_game(seed=4, start_score=20))]
    assert len(deals) >= 6 and len(set(deals)) == len(deals)


def test_aces_are_high():
    s = built(["AC 2D", "KC 3D", "2C 4D"], rnd=4)
    play(s, "AC", "KC", "2C")
    assert s.view()["last_winner"] == 0


# --- Scores from 9 towards 0 ---------------------------------------------------
def test_everyone_starts_with_nine_points():
    assert new_game().view()["scores"] == [9, 9, 9]


def test_start_score_option():
    assert new_game(start_score=5).view()["scores"] == [5, 5, 5]
    assert new_game(start_score=5).view()["start_score"] == 5
    for bad in (0, -1, 100, "9", True, 9.0, None):
        with pytest.raises(IllegalAction) as e:
            new_game(start_score=bad)
        assert "starting score" in str(e.value).lower()


def test_options_are_checked():
    with pytest.raises(IllegalAction) as e:
        new_game(rounds=5)
    assert "no option 'rounds'" in str(e.value)
    for bad in (3, -1, "0", True):
        with pytest.raises(IllegalAction):
            new_game(first_dealer=bad)


# --- The swap round ----------------------------------------------------------------
def test_swap_offers_start_with_the_dealer_then_clockwise_one_each():
    for first in range(3):
        s = new_game(seed=2, first_dealer=first)
        v = s.view()
        assert v["phase"] == "swap" and v["dealer"] == first
        order = []
        for _ in range(3):
            assert s.legal_actions() == [SWAP, KEEP]
            order.append(s.to_act())
            s.apply(KEEP)
        assert order == [first, (first + 1) % 3, (first + 2) % 3]
        assert s.view()["phase"] == "play" and s.view()["swapped"] == [False] * 3


def test_swap_exchanges_hand_with_the_dummy():
    s = new_game(seed=3)
    v0 = s.view(None)
    s.apply("swap")
    v = s.view(None)
    assert v["hands"][0] == v0["dummy"] and v["dummy"] == v0["hands"][0]
    assert v["hands"][1:] == v0["hands"][1:]
    assert v["swapped"] == [True, None, None]


def test_keep_changes_no_cards():
    s = new_game(seed=3)
    v0 = s.view(None)
    s.apply("keep")
    v = s.view(None)
    assert v["hands"] == v0["hands"] and v["dummy"] == v0["dummy"]
    assert v["swapped"] == [False, None, None]


def test_a_player_may_take_a_dummy_someone_gave_up():
    s = new_game(seed=3)
    v0 = s.view(None)
    play(s, "swap", "swap", "swap")
    v = s.view(None)
    # seat 0 took the dealt dummy, seat 1 seat 0's hand, seat 2 seat 1's hand
    assert v["hands"] == [v0["dummy"], v0["hands"][0], v0["hands"][1]]
    assert v["dummy"] == v0["hands"][2]
    assert v["swapped"] == [True, True, True]


def test_swaps_are_recorded_in_history():
    s = new_game(seed=3)
    play(s, "keep", "swap", "keep")
    while s.view()["round"] == 0:
        bot_step(s)
    assert s.view()["history"][0]["swapped"] == [False, True, False]
    assert s.view()["swapped"] == [None] * 3


# --- What a seat may know about hidden cards ------------------------------------------
def test_nobody_sees_the_dummy_or_other_hands_at_the_deal():
    s = new_game(seed=6)
    for seat in range(3):
        v = s.view(seat)
        assert v["dummy"] is None
        assert v["known_hands"] == [v["hands"][p] if p == seat else None for p in range(3)]
        assert [h is None for h in v["hands"]] == [p != seat for p in range(3)]


def test_a_swapper_knows_the_dummy_it_gave_up():
    s = new_game(seed=6)
    old0 = s.view(0)["hands"][0]
    s.apply(SWAP)
    assert s.view(0)["dummy"] == old0
    assert s.view(1)["dummy"] is None and s.view(2)["dummy"] is None
    assert s.view(None)["dummy"] == old0
    s.apply(KEEP)
    s.apply(KEEP)
    assert s.view(0)["dummy"] == old0  # all hand long: the dummy is never played
    bot_step(s)
    assert s.view(0)["dummy"] == old0 and s.view(0)["dummy_count"] == 13


def test_a_later_swapper_takes_the_given_up_hand_and_the_first_swapper_knows_it():
    s = new_game(seed=6)
    old0 = s.view(0)["hands"][0]
    old1 = s.view(1)["hands"][1]
    play(s, "swap", "swap")
    v0, v1, v2 = s.view(0), s.view(1), s.view(2)
    assert v0["dummy"] is None                 # now seat 1's old hand, never seen by 0
    assert v0["known_hands"][1] == old0        # seat 1 holds what seat 0 gave up
    assert v0["hands"][1] is None              # the contract's hands stay private
    assert v1["dummy"] == old1 and v1["known_hands"][0] is None
    assert v2["dummy"] is None and v2["known_hands"] == [None, None, v2["hands"][2]]
    s.apply(KEEP)
    # seat 0 leads; the known hand shrinks as seat 1 plays from it
    bot_step(s)
    bot_step(s)
    assert s.view(0)["known_hands"][1] == s.view(None)["hands"][1]
    assert len(s.view(0)["known_hands"][1]) == 12


def test_a_view_for_no_seat_at_the_table_shows_nothing_hidden():
    s = new_game(seed=6)
    play(s, "swap", "swap", "swap")
    for seat in (-1, 3):
        v = s.view(seat)
        assert v["dummy"] is None and v["known_hands"] == [None] * 3
        assert v["hands"] == [None] * 3


def test_knowledge_resets_with_each_new_deal():
    s = new_game(seed=6)
    play(s, "swap", "keep", "keep")
    while s.view()["round"] == 0:
        bot_step(s)
    assert s.view(0)["dummy"] is None and s.view(0)["known_hands"][1:] == [None, None]


def test_played_cards_and_shown_voids_are_public():
    s = built(["AS 2C 3C", "KS 4C 5C", "2H 6C 7C"], rnd=4)
    play(s, "AS", "KS", "2H")
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        assert [x & 63 for x in v["plays"]] == [parse_card(c) for c in ("AS", "KS", "2H")]
        assert v["voids"] == [0, 0, 1 << S]
    play(s, "2C")
    assert [x & 63 for x in s.view(1)["plays"]] == [parse_card(c) for c in ("AS", "KS", "2H", "2C")]


# --- Trick play ---------------------------------------------------------------------
def test_dealer_leads_any_card_after_the_swap_round():
    for dealer in range(3):
        s = new_game(seed=9, first_dealer=dealer)
        play(s, "swap", "keep", "keep")
        assert s.to_act() == dealer and s.view()["leader"] == dealer
        assert s.legal_actions() == s.view(None)["hands"][dealer]  # its new hand, all of it


def test_the_player_on_the_dealers_left_plays_next():
    s = built(["AS 2C", "KS 3D", "QS 4D"], rnd=4, dealer=1)
    play(s, "KS")
    assert s.to_act() == 2
    play(s, "QS")
    assert s.to_act() == 0


def test_must_follow_the_led_suit():
    s = built(["AS 2C", "KS 3D", "QS 4D"], rnd=0)
    play(s, "2C")
    assert s.legal_actions() == cards("KS 3D")  # void in clubs: anything
    s = built(["AS 2C", "KS 3C", "QS 4D"], rnd=0)
    play(s, "2C")
    assert s.legal_actions() == cards("3C")
    before = (s.save(), s.view(None))
    with pytest.raises(IllegalAction) as e:
        s.apply("KS")
    assert "follow suit" in str(e.value) and "club" in str(e.value)
    assert (s.save(), s.view(None)) == before


def test_void_player_may_sluff_or_trump():
    s = built(["AS 2C", "3C 5H", "QS 4D"], rnd=1)  # hearts trump
    play(s, "AS")
    assert s.legal_actions() == cards("3C 5H")
    s2 = built(["AS 2C", "3C 5H", "QS 4D"], rnd=1)
    play(s2, "AS", "3C", "QS")  # a sluff does not win
    assert s2.view()["last_winner"] == 0
    play(s, "5H", "QS")  # a small trump beats the led ace
    assert s.view()["last_winner"] == 1 and s.to_act() == 1


def test_highest_trump_wins_when_several_are_played():
    s = built(["AS 2C", "3D 5H", "4D 9H"], rnd=1)
    play(s, "AS", "5H", "9H")
    assert s.view()["last_winner"] == 2


def test_highest_of_the_led_suit_wins_without_trump():
    s = built(["9S 2C", "TS 3D", "AH 4D"], rnd=0)  # clubs trump, none played
    play(s, "9S", "TS", "AH")
    assert s.view()["last_winner"] == 1


def test_no_trump_hand_has_no_trump():
    s = built(["9S 2C", "TC 3D", "AH 4D"], rnd=4)
    assert s.view()["trump"] == NT
    play(s, "9S", "TC", "AH")
    assert s.view()["last_winner"] == 0


def test_trick_winner_leads_the_next_trick():
    s = built(["9S 2C", "TS 3D", "2S 4D"], rnd=4, dealer=2)
    play(s, "2S", "9S", "TS")
    assert s.to_act() == 1 and s.view()["leader"] == 1
    assert s.legal_actions() == cards("3D")


# --- Trump cycle ---------------------------------------------------------------------
def test_trump_cycles_clubs_hearts_diamonds_spades_no_trump_and_repeats():
    assert TRUMP_CYCLE == (C, H, D, S, NT)
    starts = hand_starts(new_game(seed=5, start_score=20))   # the highest start
    assert len(starts) >= 10          # the cycle twice over
    assert [v["trump"] for v in starts] == [(C, H, D, S, NT)[r % 5] for r in range(len(starts))]
    assert [v["round"] for v in starts] == list(range(len(starts)))


def test_trump_is_known_during_the_swap_round():
    s = new_game(seed=5)
    s.round = 3
    s.start_hand()
    assert s.view(1)["phase"] == "swap" and s.view(1)["trump"] == S


def test_dealer_rotates_clockwise_each_hand():
    for first in range(3):
        starts = hand_starts(new_game(seed=7, start_score=12, first_dealer=first))
        assert len(starts) >= 4
        assert [v["dealer"] for v in starts] == [(first + r) % 3 for r in range(len(starts))]


# --- Scoring -------------------------------------------------------------------------------
def test_book_scoring_example_hand_eight_three_two():
    hands, dummy = EXAMPLE
    s = built(hands, dummy, rnd=4, scores=[9, 9, 9])
    play_example(s)
    h = s.view()["history"][-1]
    assert h["tricks"] == [8, 3, 2]
    # 8 tricks: -4; 3 tricks: +1; 2 tricks: +2
    assert h["points"] == [-4, 1, 2]
    assert s.view()["scores"] == [5, 10, 11]
    assert s.view()["phase"] == "swap" and s.view()["round"] == 5


def test_a_book_of_four_leaves_the_score_unchanged():
    hands = ["AS KS QS JS 2C 3C 4C 5C 6C 7C 8C 9C TC",
             "TS 9S 8S 7S JC QC KC AC 2D 3D 4D 5D 6D",
             "6S 5S 4S 3S 2S 7D 8D 9D TD JD QD KD AD"]
    s = built(hands, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", rnd=4)
    play(s, "AS", "TS", "6S", "KS", "9S", "5S", "QS", "8S", "4S", "JS", "7S", "3S")
    play(s, "2C", "JC", "2S")                      # seat 1 wins the first club
    play(s, "QC", "7D", "3C", "KC", "8D", "4C", "AC", "9D", "5C")
    play(s, "2D", "TD", "6C")                      # seat 2 wins the rest
    play(s, "JD", "7C", "3D", "QD", "8C", "4D", "KD", "9C", "5D", "AD", "TC", "6D")
    h = s.view()["history"][-1]
    assert h["tricks"] == [4, 4, 5] and h["points"] == [0, 0, -1]
    assert s.view()["scores"] == [9, 9, 8]


def test_points_are_four_minus_tricks_and_sum_to_minus_one_each_hand():
    s = new_game(seed=12, start_score=15)
    finish(s, level=1, seed=3)
    v = s.view()
    for h in v["history"]:
        assert sum(h["tricks"]) == 13
        assert h["points"] == [4 - t for t in h["tricks"]]
        assert sum(h["points"]) == -1
    assert v["scores"] == [15 + sum(h["points"][p] for h in v["history"]) for p in range(3)]


# --- The end of the game ------------------------------------------------------------------
def test_game_ends_after_the_first_hand_in_which_someone_reaches_zero():
    for seed in range(30):
        s = finish(new_game(seed=seed, start_score=1 + seed % 6), level=seed % 3, seed=seed)
        v = s.view()
        score = [v["start_score"]] * 3
        for i, h in enumerate(v["history"]):
            score = [score[p] + h["points"][p] for p in range(3)]
            assert (min(score) <= 0) == (i == len(v["history"]) - 1)
        assert v["round"] == len(v["history"])
        assert s.winners() == [p for p in range(3) if v["scores"][p] == min(v["scores"])]


def test_reaching_zero_wins_and_ends_the_game():
    hands, dummy = EXAMPLE
    s = built(hands, dummy, rnd=4, scores=[4, 9, 9])
    play_example(s)
    assert s.is_over() and s.to_act() == -1 and s.legal_actions() == []
    assert s.view()["scores"] == [0, 10, 11] and s.winners() == [0]
    assert s.view()["phase"] == "over"
    for a in (SWAP, 0, "AS"):
        with pytest.raises(IllegalAction) as e:
            s.apply(a)
        assert "over" in str(e.value)


def test_lowest_score_wins_even_below_someone_else_at_zero():
    hands, dummy = EXAMPLE
    s = built(hands, dummy, rnd=4, scores=[3, 1, 9])
    play_example(s)  # seat 0: 3-4 = -1, seat 1: 1+1 = 2
    assert s.view()["scores"] == [-1, 2, 11] and s.winners() == [0]


def test_no_end_while_every_score_stays_above_zero():
    hands, dummy = EXAMPLE
    s = built(hands, dummy, rnd=4, scores=[5, 9, 9])
    play_example(s)
    assert not s.is_over() and s.view()["scores"] == [1, 10, 11] and s.winners() == []


def test_tied_lowest_scores_are_joint_winners():
    hands, dummy = EXAMPLE
    s = built(hands, dummy, rnd=4, scores=[4, 3, 9])
    play_example(s)  # 0 and 4
    s2 = built(hands, dummy, rnd=4, scores=[4, -1, 9])
    play_example(s2)
    assert s2.view()["scores"] == [0, 0, 11] and s2.winners() == [0, 1]
    assert s.winners() == [0]


def test_thirteen_tricks_from_nine_is_exactly_zero():
    s = built(["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
               "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
               "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"],
              "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", rnd=0)
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    assert s.view()["history"][-1]["tricks"] == [13, 0, 0]
    assert s.view()["scores"] == [0, 13, 13] and s.winners() == [0]


# --- Actions, text, bad input ----------------------------------------------------------
def test_action_texts_parse_back_including_terminal_codes():
    s = new_game()
    assert s.action_text(SWAP) == "swap" and s.action_text(KEEP) == "keep"
    assert s.parse_action("SWAP") == SWAP and s.parse_action(" keep ") == KEEP
    for c in range(52):
        assert s.parse_action(s.action_text(c)) == c
    assert [s.parse_action(t) for t in ("s1", "d9", "ha", "hb", "hd", "ce")] == \
        [parse_card(c) for c in ("AS", "9D", "TH", "JH", "QH", "KC")]


def test_swap_round_rejects_other_actions_unchanged():
    s = new_game(seed=1)
    mine = s.view(0)["hands"][0][0]
    before = (json.dumps(s.save()), s.view(None))
    for a in (mine, BID + 2, PASS, TRUMP + 1, "QH", "bid 3", "pass"):
        with pytest.raises(IllegalAction) as e:
            s.apply(a)
        assert "swap with the dummy or keep" in str(e.value)
        assert (json.dumps(s.save()), s.view(None)) == before
    for junk in ("fold", "", None, 401.0, True, -1, 999):
        with pytest.raises(IllegalAction):
            s.apply(junk)
        assert (json.dumps(s.save()), s.view(None)) == before


def test_play_rejects_swap_and_cards_not_held_unchanged():
    s = new_game(seed=1)
    play(s, "keep", "keep", "keep")
    before = (json.dumps(s.save()), s.view(None))
    for a in (SWAP, KEEP, "swap", BID + 1):
        with pytest.raises(IllegalAction) as e:
            s.apply(a)
        assert "play a card" in str(e.value)
    other = s.view(None)["hands"][1][0]
    with pytest.raises(IllegalAction) as e:
        s.apply(other)
    assert "don't hold" in str(e.value)
    dummy_card = s.view(None)["dummy"][0]
    with pytest.raises(IllegalAction) as e:
        s.apply(dummy_card)
    assert "don't hold" in str(e.value)
    assert (json.dumps(s.save()), s.view(None)) == before


def test_a_second_swap_decision_is_refused():
    s = new_game(seed=1)
    play(s, "swap", "keep", "swap")
    assert s.view()["phase"] == "play"
    with pytest.raises(IllegalAction):
        s.apply("swap")


def test_restore_rejects_other_games_and_damaged_saves():
    s = new_game(seed=8)
    s.apply(SWAP)
    good = s.save()
    assert restore(good).view(None) == s.view(None)
    for broken in ({}, dict(good, game="nommie"), dict(good, version=99),
                   dict(good, options={"start_score": 0}), dict(good, players=4),
                   dict(good, actions=[SWAP, 5, 5])):
        with pytest.raises(IllegalAction):
            restore(broken)


def test_save_keeps_options_and_restore_continues_identically():
    s = new_game(seed=8, start_score=4, first_dealer=2)
    for _ in range(60):
        bot_step(s, 2, 1)
    t = restore(json.loads(json.dumps(s.save())))
    assert t.view(None) == s.view(None)
    finish(s, 2, 5)
    finish(t, 2, 5)
    assert t.view(None) == s.view(None) and t.winners() == s.winners()


def test_rewind_takes_back_a_swap():
    s = new_game(seed=8)
    v0 = s.view(None)
    s.apply(SWAP)
    s.rewind(1)
    assert s.view(None) == v0


# --- Random playouts: invariants ------------------------------------------------------------
def check_knowledge(s, seen, at):
    """Each seat's view shows hidden cards exactly when it has held them (the test's
    own model: seen[seat] the cards seat has held, at[p] the 13 cards dealt-or-swapped to p)."""
    full = s.view(None)
    for seat in range(3):
        v = s.view(seat)
        assert [h is None for h in v["hands"]] == [p != seat for p in range(3)]
        d = full["dummy"]
        assert v["dummy"] == (d if set(d) <= seen[seat] else None)
        for p in range(3):
            h = full["hands"][p]
            known = p == seat or at[p] <= seen[seat]
            assert v["known_hands"][p] == (h if known else None)


def test_random_playouts_conserve_cards_and_hide_what_they_should():
    rnd = random.Random(3)
    games = 0
    for g in range(1000):
        s = new_game(seed=g, start_score=1 + g % 4, first_dealer=g % 3)
        seen = None
        while not s.is_over():
            v = s.view(None)
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            if v["phase"] == "swap" and v["swapped"] == [None] * 3:
                seen = [set(v["hands"][p]) for p in range(3)]
                at = [set(v["hands"][p]) for p in range(3)]
            alive = v["hands"][0] + v["hands"][1] + v["hands"][2] + v["dummy"]
            played = [x & 63 for x in v["plays"]]
            assert sorted(alive + played) == list(range(52))
            if v["trick"]:
                assert played[-len(v["trick"]):] == [c for _, c in v["trick"]]
            assert sum(v["counts"]) + len(played) == 39 and v["dummy_count"] == 13
            if g % 10 == 0:
                check_knowledge(s, seen, at)
            a = rnd.choice(legal)
            if a == SWAP:
                seen[s.to_act()] |= set(v["dummy"])
                at[s.to_act()] = set(v["dummy"])
            s.apply(a)
        games += 1
        assert s.winners()
    assert games == 1000


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_bots_of_every_level_play_full_games(level):
    for seed in range(3):
        s = finish(new_game(seed=seed), level, seed)
        t = finish(new_game(seed=seed), level, seed)
        assert s.save() == t.save() and s.winners()
