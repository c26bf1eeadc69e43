"""Nines bots on hand-built positions: swap decisions, cheap wins, the
blunders issue 4 names (leading a low trump, ruffing when a discard is
right), and what a seat's knowledge of swapped hands lets it do."""
import pytest

from engine import bots, games
from engine.actions import KEEP, SWAP
from engine.bots.nines import SWAP_BELOW, value
from engine.cards import parse_card

from cardtext import cards
from test_nines import built


def new_game(players=None, seed=0, **options):
    # a new nines game (engine.games makes any registered game)
    return games.new_game("nines", players, seed, **options)


C, D, H, S, NT = 0, 1, 2, 3, 4


def bot(s, level=2):
    seat = s.to_act()
    return bots.choose(s.view(seat), s.legal_actions(), level, 0)


def play(s, *texts):
    for t in texts:
        s.apply(t)


WEAK = "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 5D 6C 7C"
STRONG = "AS KS QS AH KH AD KD AC KC QC JC TC 9C"
MIDDLING = "AS KS 7S 5H 4H 3H 9D 8D 2D JC 6C 4C 3C"


# --- Swap or keep --------------------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_weak_hand_swaps_and_a_strong_hand_keeps(level):
    for rnd in range(5):
        s = built([WEAK, STRONG, MIDDLING], rnd=rnd, swap=True)
        assert bot(s, level) == SWAP
        s.apply(SWAP)
        assert bot(s, level) == KEEP


def test_value_counts_honours_and_trump_length():
    assert value(cards(STRONG), C) > value(cards(MIDDLING), C) > value(cards(WEAK), C)
    assert value(cards("AC KC QC 5C 4C 3C 2C"), C) > value(cards("AC KC QC 5C 4C 3C 2C"), S)
    assert value(cards("KH 2H"), NT) > value(cards("KH"), NT)  # a guarded king


def test_level_two_takes_a_dealt_dummy_more_readily_than_one_given_up():
    q = value(cards(MIDDLING), C)
    assert SWAP_BELOW[1][0] <= q < SWAP_BELOW[0][0]
    s = built([MIDDLING, WEAK, STRONG], rnd=0, swap=True)
    assert bot(s) == SWAP  # the dummy as dealt is worth more than this hand
    s = built([WEAK, MIDDLING, STRONG], rnd=0, swap=True)
    s.apply(SWAP)  # seat 0 gives up a hand: the dummy is now known to be weak
    assert s.view(1)["swapped"] == [True, None, None]
    assert bot(s) == KEEP


# --- Winning cheaply ---------------------------------------------------------------------
@pytest.mark.parametrize("level", [1, 2, 3])
def test_last_player_wins_with_the_cheapest_winning_card(level):
    s = built(["9H 2S", "JH 3S", "AH QH 2H"], rnd=4)
    play(s, "9H", "JH")
    assert bot(s, level) == parse_card("QH")


@pytest.mark.parametrize("level", [1, 2])
def test_last_player_ruffs_with_its_lowest_trump_and_never_wastes_a_high_one(level):
    s = built(["9H 2S", "JH 3S", "AC 2C 3D"], rnd=0)  # clubs trump, seat 2 void in hearts
    play(s, "9H", "JH")
    assert bot(s, level) == parse_card("2C")


@pytest.mark.parametrize("level", [1, 2])
def test_a_player_who_cannot_win_plays_its_lowest_card(level):
    s = built(["AH 2S", "KH 3S", "QH 2H 3D"], rnd=4)
    play(s, "AH", "KH")
    assert bot(s, level) == parse_card("2H")


def test_second_player_wins_with_the_cheaper_of_two_sure_winners():
    s = built(["9H 2S 3S", "AH KH 2H", "5H 6S 7S"], rnd=4)
    play(s, "9H")
    assert bot(s) == parse_card("KH")


def test_second_player_ducks_when_the_last_player_may_beat_its_card():
    s = built(["9H 2S 3S", "KH 2H 4D", "5H 6S 7S"], "AH 8S 9S", rnd=4)  # AH unseen by seat 1
    play(s, "9H")
    assert bot(s) == parse_card("2H")


# --- Leading -----------------------------------------------------------------------------
def test_leader_draws_trump_with_the_master_not_a_low_trump():
    s = built(["AC 2C 3C 5D 7H", "4C 8D 9H JS QS", "5C TD TH KS AS"], rnd=0)
    assert bot(s) == parse_card("AC")


def test_leader_with_only_low_trumps_leads_a_side_suit_not_a_low_trump():
    s = built(["2C 3C 8D 9D 7H", "4C AD QH JS QS", "5C TD TH KS AS"], rnd=0)
    a = bot(s)
    assert a // 13 != C


def test_leader_cashes_a_sure_side_winner():
    s = built(["AH 2S 3D", "QH 7S 8D", "JH 9S TD"], rnd=4)
    assert bot(s) == parse_card("AH")


def test_leader_does_not_lead_into_a_known_ruff():
    s = built(["AD 2D 3D 4D 6H", "2S 3S 2C 3C 9H", "5D 6D 4S 5S TH"], rnd=0)
    play(s, "AD", "2S", "5D")  # seat 1 shows out of diamonds and may hold clubs
    assert s.to_act() == 0 and s.view(0)["voids"][1] == 1 << D
    assert bot(s, 1) // 13 == D        # level 1 leads its lowest card into the ruff
    assert bot(s, 2) == parse_card("6H")


# --- What the swap round told the bot ------------------------------------------------------
def test_a_king_is_a_sure_winner_when_the_ace_is_in_the_dummy_the_bot_gave_up():
    hands = ["AH 4C 5C", "QH 7S 8D", "JH 9S TD"]
    s = built(hands, "KH 2S 3D", rnd=4, swap=True)
    play(s, "swap", "keep", "keep")
    assert s.view(0)["dummy"] == cards("AH 4C 5C")
    assert bot(s) == parse_card("KH")
    # the same cards without that knowledge: the king is not led
    s = built(["KH 2S 3D", "QH 7S 8D", "JH 9S TD"], "AH 4C 5C", rnd=4)
    assert bot(s) != parse_card("KH")


def test_no_ruff_into_a_known_overruff_a_discard_is_right():
    # seat 1 gives up AC 4H 5H, seat 2 takes it: seat 1 knows seat 2 holds AC and no spade
    s = built(["AS 2H 3H", "AC 4H 5H", "6S 7S 8S"], "5C 3D 6H", rnd=0, swap=True)
    play(s, "keep", "swap", "swap")
    v = s.view(1)
    assert v["known_hands"][2] == cards("AC 4H 5H") and v["hands"][2] is None
    play(s, "AS")
    assert bot(s, 2) == parse_card("3D")  # level 2 discards
    assert bot(s, 1) == parse_card("5C")  # level 1 ruffs and is overruffed
    # without the knowledge seat 2 may still hold a spade: the small ruff is worth it
    s = built(["AS 2H 3H", "5C 3D 6H", "AC 4H 5H"], "6S 7S 8S", rnd=0)
    play(s, "AS")
    assert bot(s, 2) == parse_card("5C")


def test_bots_decide_from_the_view_alone_and_deterministically():
    s = new_game(seed=4)
    for _ in range(30):
        v = s.view(s.to_act())
        a = bots.choose(v, s.legal_actions(), 2, 9)
        assert a == bots.choose(s.view(s.to_act()), s.legal_actions(), 2, 9)
        s.apply(a)
