"""Israeli Whist bots: hand-built positions pin the decisions that matter
(and the blunders users complain about); duplicate deals check strength."""
import pytest

from engine import bots, games
from engine.bots import israeli as bot_israeli
from engine.actions import BID, PASS, trump_bid
from engine.cards import parse_card

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new israeli game (engine.games makes any registered game)
    return games.new_game("israeli", players, seed, **options)


C, D, H, S, NT = 0, 1, 2, 3, 4


def choose(s, level=2, seed=0):
    return bots.choose(s.view(s.to_act()), s.legal_actions(), level, seed)


def in_play(hands, contracts=(5, 3, 3, 0), suit=S):
    """Seat 0 won the trump (5 suit) and leads; the hands are then replaced."""
    s = new_game(seed=1)
    for _ in range(3):
        s.apply(PASS)
    s.apply(trump_bid(5, suit))
    for _ in range(3):
        s.apply(PASS)
    for n in contracts:
        s.apply(BID + n)
    s.hands = [cards(h) for h in hands]
    return s


STRONG = "AS KS QS JS TS 9S AH KH AD KD AC 2C 3C"
WEAK = "2S 3S 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 6C"


@pytest.mark.parametrize("level", [1, 2])
def test_auction_strong_hand_bids_weak_hand_passes(level):
    s = new_game(seed=1)
    s.hands[1] = cards(STRONG)
    a = choose(s, level)
    assert a != PASS and (a - 300) % 5 == S
    s = new_game(seed=1)
    s.hands[1] = cards(WEAK)
    assert choose(s, level) == PASS


def test_auction_never_bids_beyond_the_hand_estimate():
    s = new_game(seed=1)
    s.apply("bid 12 S")
    s.hands[2] = cards(STRONG)
    assert choose(s) == PASS


def test_frisch_keeps_aces_and_kings_and_gives_short_suit_low_cards():
    s = new_game(seed=1)
    for _ in range(4):
        s.apply(PASS)
    s.hands[1] = cards("AS KS QS 9S 5S AH KH AD KD 7C 2C 3D 4H")
    given = []
    for _ in range(3):
        c = choose(s, 2)
        given.append(c)
        s.apply(c)
    assert all(c % 13 < 11 for c in given)
    assert parse_card("7C") in given and parse_card("2C") in given


def test_contract_trump_winner_bids_at_least_its_trump_bid_and_weak_hand_bids_zero():
    s = new_game(seed=1)
    s.apply(trump_bid(5, S))
    for _ in range(3):
        s.apply(PASS)
    s.hands[1] = cards(WEAK)
    assert choose(s) == BID + 5              # the floor, even with a weak hand
    s.apply(BID + 5)
    s.hands[2] = cards("2H 3H 4H 5D 6D 7D 2C 3C 4C 5C 8H 7H 9D")
    assert choose(s, 2) == BID + 0
    s.hands[2] = cards(STRONG)
    assert choose(s, 2) >= BID + 5


@pytest.mark.parametrize("level", [1, 2, 3])
def test_last_bidder_never_makes_thirteen(level):
    for seed in range(30):
        s = new_game(seed=seed)
        s.apply(trump_bid(5, H))
        for _ in range(3):
            s.apply(PASS)
        for _ in range(3):
            s.apply(choose(s, level, seed))
        a = choose(s, level, seed)
        assert s.view()["contract_sum"] + a - BID != 13


def test_needing_every_trick_never_leads_a_low_trump():
    # Seat 0 bid 5, has won 1 and holds 4 cards: every trick is needed.
    s = in_play(["AS 2S 3S 9H", "", "", ""])
    s.tricks[0] = 1
    a = choose(s)
    assert a not in cards("2S 3S")


def test_does_not_ruff_when_the_contract_is_made():
    s = in_play(["5C 6C 7C", "2H 3H 4H", "AH 8C 9C", "2S 3D 4D"], contracts=(5, 3, 3, 0))
    s.tricks = [5, 3, 2, 0]               # seat 0 (to play last here) has its 5
    s.turn, s.trick = 3, [[1, parse_card("2H")], [2, parse_card("AH")]]
    s.hands[3] = cards("2S 3D 4D")         # void in hearts, holds a trump
    s.bids = [5, 3, 3, 0]
    a = choose(s)                           # seat 3 bid 0: discard, do not ruff
    assert a != parse_card("2S")


def test_zero_bidder_ducks_under_the_winning_card_with_its_highest_loser():
    s = in_play(["AH 2C", "KH 3C", "QH 2H 4C", "5C 6C"])
    s.apply(parse_card("AH"))
    s.apply(parse_card("KH"))
    s.bids = [5, 3, 0, 5]
    assert choose(s) == parse_card("QH")


def test_needing_a_trick_last_in_wins_with_the_cheapest_winner():
    s = in_play(["9H 2C", "TH 3C", "2H 4C", "QH KH AH"])
    s.bids = [5, 3, 0, 5]
    for t in ("9H", "TH", "2H"):
        s.apply(parse_card(t))
    assert choose(s) == parse_card("QH")


def test_quarters_calibrated_near_thirteen_tricks_a_deal():
    from engine.rng import Rng
    r = Rng(3)
    total = 0
    for _ in range(300):
        deck = r.shuffle(list(range(52)))
        t = r.below(5)
        total += sum(bot_israeli.quarters(sorted(deck[i * 13:i * 13 + 13]), t) for i in range(4))
    assert 10 * 4 * 300 <= total <= 14 * 4 * 300


def duplicate(a, b, deals):
    """Mean points per seat per deal of level a minus level b, same deals, seats swapped."""
    diff = 0
    for d in range(deals):
        for levels in ((a, b, a, b), (b, a, b, a)):
            s = new_game(seed=d, rounds=1, first_dealer=d % 4)
            while not s.is_over():
                seat = s.to_act()
                s.apply(bots.choose(s.view(seat), s.legal_actions(), levels[seat], d))
            diff += sum(s.scores[i] if levels[i] == a else -s.scores[i] for i in range(4))
    return diff / (4.0 * deals)


def test_level_two_beats_level_one_beats_random_on_duplicate_deals():
    assert duplicate(1, 0, 60) > 20
    assert duplicate(2, 1, 120) > 0
