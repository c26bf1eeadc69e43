"""Israeli Whist: one test per sentence of docs/rules/israeli.md, per docs/design.md
ruling and per interpretation in engine/israeli.py's docstring."""
import json
import random

import pytest

from engine import bots, games, IllegalAction
from engine.actions import BID, PASS, trump_bid
from engine.cards import parse_card
from engine.games import restore
from engine.israeli import points

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new israeli game (engine.games makes any registered game)
    return games.new_game("israeli", players, seed, **options)


C, D, H, S, NT = 0, 1, 2, 3, 4


def with_hands(spec, seed=1, **options):
    """A game at its first auction; spec gives some cards per seat, the rest of
    the deck is dealt in order to fill each hand to 13."""
    s = new_game(seed=seed, **options)
    given = [cards(t) for t in spec]
    used = set(c for h in given for c in h)
    rest = [c for c in range(52) if c not in used]
    for seat in range(4):
        while len(given[seat]) < 13:
            given[seat].append(rest.pop(0))
        given[seat].sort()
    s.hands = given
    return s


def passes(s, n):
    for _ in range(n):
        s.apply(PASS)


def frisch_all(s):
    """Every seat gives its three lowest unchosen cards."""
    for _ in range(12):
        s.apply(s.legal_actions()[0])


def win_auction(s, n=5, suit=S):
    """The seat to act bids n suit and the other three pass."""
    seat = s.to_act()
    s.apply(trump_bid(n, suit))
    passes(s, 3)
    return seat


def play(s, *texts):
    for t in texts:
        s.apply(parse_card(t))


def dump(s):
    return json.dumps(s.save()), json.dumps(s.view(None), sort_keys=True)


def rejects(s, action, words):
    before = dump(s)
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    assert words.lower() in str(e.value).lower(), str(e.value)
    assert dump(s) == before
    return str(e.value)


# --- players, cards, deals ------------------------------------------------
def test_exactly_four_players_and_options_checked():
    assert new_game().players == 4
    for n in (2, 3, 5):
        with pytest.raises(IllegalAction):
            new_game(players=n)
    for bad in ({"rounds": 0}, {"rounds": "3"}, {"rounds": True}, {"first_dealer": 4},
                {"colour": 1}):
        with pytest.raises(IllegalAction):
            new_game(**bad)


def test_thirteen_cards_each_from_one_deck():
    v = new_game(seed=5).view(None)
    assert v["counts"] == [13] * 4 and v["hand_size"] == 13
    dealt = [c for h in v["hands"] for c in h]
    assert sorted(dealt) == list(range(52))


def run_bots(s, level=1, seed=0, stop=None):
    while not s.is_over() and not (stop and stop(s)):
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), level, seed))
    return s


def test_dealer_rotates_clockwise_from_seat_zero_and_rounds_option():
    s = new_game(seed=2, rounds=6)
    dealers = {}
    while not s.is_over():
        dealers.setdefault(len(s.history), s.dealer)
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), 1, 0))
    assert [dealers[r] for r in range(6)] == [0, 1, 2, 3, 0, 1]
    assert len(s.history) == 6 and s.view()["rounds"] == 6
    assert new_game().view()["rounds"] == 13


def test_first_dealer_option():
    s = new_game(first_dealer=2)
    assert s.dealer == 2 and s.to_act() == 3


# --- trump auction ---------------------------------------------------------
def test_auction_starts_left_of_dealer_with_minimum_five():
    s = new_game(seed=1, first_dealer=1)
    v = s.view(2)
    assert v["phase"] == "trump_bid" and v["to_act"] == 2 and v["min_bid"] == 5
    assert min(s.legal_actions()) == trump_bid(5, C) and PASS in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply("bid 4 S")  # not a trump bid at all
    assert s.legal_actions()[-2] == trump_bid(13, NT)


def test_outbid_with_higher_number_or_same_number_higher_suit():
    s = new_game(seed=1)
    s.apply("bid 6 H")
    msg = rejects(s, trump_bid(6, D), "not higher than the bid of 6 H")
    assert "more than 6, or 6 in a suit above H" in msg
    rejects(s, trump_bid(6, H), "not higher")
    rejects(s, trump_bid(5, NT), "not higher")
    s.apply("bid 6 S")          # same number, higher suit
    s.apply("bid 6 NT")         # NT is above spades
    s.apply("bid 7 C")          # higher number, any suit
    assert s.view()["high_bid"] == [7, C, 0]


def test_suit_order_clubs_diamonds_hearts_spades_notrump():
    s = new_game(seed=1)
    for suit in (C, D, H, S, NT):
        s.apply(trump_bid(8, suit))
        assert all(a > trump_bid(8, suit) for a in s.legal_actions() if a != PASS)


def test_pass_does_not_eliminate_a_player():
    s = new_game(seed=1)            # seat 1 first
    s.apply(PASS)                   # seat 1
    s.apply("bid 5 C")              # seat 2
    passes(s, 2)                    # seats 3, 0
    assert s.to_act() == 1
    s.apply("bid 5 D")              # seat 1 bids after passing
    assert s.view()["high_bid"] == [5, D, 1]
    assert s.view()["trump_calls"] == [PASS, trump_bid(5, D), trump_bid(5, C), PASS]


def test_three_consecutive_passes_after_a_bid_end_the_auction_and_set_trump():
    s = new_game(seed=1)
    s.apply("bid 5 C")              # seat 1
    passes(s, 2)
    assert s.phase == "trump_bid"
    s.apply("bid 6 H")              # seat 0: the pass count starts again
    passes(s, 2)
    assert s.phase == "trump_bid"
    s.apply(PASS)
    v = s.view(0)
    assert v["phase"] == "contract" and v["trump"] == H and v["high_bid"] == [6, H, 0]
    assert v["to_act"] == 0 and v["leader"] == 0


def test_no_trump_bid_means_no_trump_suit():
    s = new_game(seed=1)
    win_auction(s, 5, NT)
    assert s.trump == NT


def test_after_thirteen_no_trump_only_pass_is_left():
    s = new_game(seed=1)
    s.apply("bid 13 NT")
    assert s.legal_actions() == [PASS]
    rejects(s, trump_bid(13, NT), "13 NT")


# --- Frisch -----------------------------------------------------------------
def test_four_passes_start_frisch_left_of_dealer():
    s = new_game(seed=1, first_dealer=3)
    passes(s, 4)
    v = s.view(0)
    assert v["phase"] == "frisch" and v["to_act"] == 0 and v["frisch_count"] == 0


def test_frisch_one_card_per_action_three_each_passed_left_when_all_chose():
    s = with_hands(["2C 3C 4C", "2D 3D 4D", "2H 3H 4H", "2S 3S 4S"])
    before = [list(h) for h in s.hands]
    passes(s, 4)
    order = []
    for seat_cards in ("2D 3D 4D", "2H 3H 4H", "2S 3S 4S", "2C 3C 4C"):
        for t in seat_cards.split():
            order.append(s.to_act())
            s.apply(parse_card(t))
            if s.phase == "frisch":
                assert s.hands == before  # nothing moves until all have chosen
    assert order == [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0]
    for seat in range(4):
        given = cards(["2C 3C 4C", "2D 3D 4D", "2H 3H 4H", "2S 3S 4S"][seat])
        taker = (seat + 1) % 4
        assert all(c in s.hands[taker] for c in given)
        assert not any(c in s.hands[seat] for c in given)
    assert s.view(None)["counts"] == [13] * 4
    assert sorted(c for h in s.hands for c in h) == list(range(52))


def test_frisch_card_chosen_twice_or_not_held_is_rejected():
    s = with_hands(["", "2D 3D 4D", "", ""])
    passes(s, 4)
    s.apply(parse_card("2D"))
    assert "already chose 2D" in rejects(s, parse_card("2D"), "already chose")
    rejects(s, parse_card("2S"), "don't hold 2S")
    rejects(s, PASS, "choose a card")
    rejects(s, BID + 3, "choose a card")


def test_frisch_choices_shown_only_to_the_chooser():
    s = with_hands(["", "2D 3D 4D", "", ""])
    passes(s, 4)
    s.apply(parse_card("2D"))
    s.apply(parse_card("3D"))
    assert s.view(1)["frisch_chosen"] == [None, cards("2D 3D"), None, None]
    assert s.view(2)["frisch_chosen"] == [None, None, [], None]
    assert s.view(None)["frisch_chosen"][1] == cards("2D 3D")


def test_minimum_rises_five_six_seven_eight_then_same_dealer_redeals():
    s = new_game(seed=4, first_dealer=2)
    mins = [s.view()["min_bid"]]
    for k in range(3):
        passes(s, 4)
        frisch_all(s)
        v = s.view()
        mins.append(v["min_bid"])
        assert v["frisch_count"] == k + 1 and v["phase"] == "trump_bid" and v["to_act"] == 3
        assert min(s.legal_actions()) == trump_bid(v["min_bid"], C)
    assert mins == [5, 6, 7, 8]
    rejects(s, trump_bid(7, NT), "minimum trump bid is 8")
    old = [list(h) for h in s.hands]
    passes(s, 4)                     # no fourth Frisch: a redeal
    v = s.view(None)
    assert v["phase"] == "trump_bid" and v["dealer"] == 2 and v["round"] == 0
    assert v["min_bid"] == 5 and v["frisch_count"] == 0 and v["to_act"] == 3
    assert v["hands"] != old and sorted(c for h in v["hands"] for c in h) == list(range(52))
    assert v["history"] == [] and v["frisch_chosen"] == [None] * 4


def test_a_bid_after_frisch_goes_to_contracts():
    s = new_game(seed=4)
    passes(s, 4)
    frisch_all(s)
    rejects(s, trump_bid(5, NT), "minimum trump bid is 6")
    win_auction(s, 6, D)
    assert s.phase == "contract" and s.trump == D


# --- contracts ----------------------------------------------------------------
def test_trump_winner_bids_first_at_least_their_trump_bid_then_clockwise():
    s = new_game(seed=1)
    s.apply(PASS)
    winner = win_auction(s, 7, H)      # seat 2
    assert winner == 2 and s.to_act() == 2
    assert s.legal_actions() == [BID + n for n in range(7, 14)]
    assert "at least 7" in rejects(s, BID + 6, "won the trump bid with 7")
    s.apply(BID + 7)
    order = []
    for n in (0, 13):
        order.append(s.to_act())
        s.apply(BID + n)
    assert order == [3, 0]


def test_contracts_range_zero_to_thirteen():
    s = new_game(seed=1)
    win_auction(s, 5, S)
    s.apply(BID + 5)
    assert s.legal_actions() == [BID + n for n in range(14)]
    with pytest.raises(IllegalAction):
        s.apply("bid 14")


def test_last_bidder_may_not_make_the_sum_thirteen():
    s = new_game(seed=1)
    win_auction(s, 5, S)               # seat 1
    for n in (5, 3, 1):
        s.apply(BID + n)
    assert s.view()["contract_sum"] == 9 and s.to_act() == 0
    assert BID + 4 not in s.legal_actions() and len(s.legal_actions()) == 13
    msg = rejects(s, BID + 4, "total 13")
    assert "last" in msg


def test_earlier_bidders_may_reach_thirteen_only_the_last_may_not():
    s = new_game(seed=1)
    win_auction(s, 6, S)
    s.apply(BID + 13)                  # the sum is 13 after the first bid: allowed
    assert s.legal_actions() == [BID + n for n in range(14)]
    s.apply(BID + 0)
    s.apply(BID + 0)
    assert s.legal_actions() == [BID + n for n in range(1, 14)]  # 0 would keep it 13


@pytest.mark.parametrize("contracts,kind", [((5, 5, 4, 0), "over"), ((5, 3, 2, 2), "under"),
                                            ((13, 0, 0, 1), "over"), ((5, 0, 0, 0), "under")])
def test_over_or_under_from_the_contract_sum(contracts, kind):
    s = new_game(seed=1)
    win_auction(s, 5, C)
    for i, n in enumerate(contracts):
        assert s.view()["game_type"] is None
        s.apply(BID + n)
        assert s.view()["contract_sum"] == sum(contracts[:i + 1])
    assert s.view()["game_type"] == kind and s.phase == "play"


# --- play -------------------------------------------------------------------------
def to_play(s, winner_bid=5, suit=S, contracts=(5, 3, 3, 0)):
    win_auction(s, winner_bid, suit)
    for n in contracts:
        s.apply(BID + n)


def test_trump_winner_leads_the_first_trick():
    s = new_game(seed=1)
    s.apply(PASS)
    s.apply(PASS)
    to_play(s)                         # seat 3 won the trump
    v = s.view(3)
    assert v["phase"] == "play" and v["to_act"] == 3 and v["leader"] == 3


def seat0_leads(hands, suit=S):
    """Seat 0 won the trump with 5 suit; the hands are then replaced."""
    s = new_game(seed=1)
    passes(s, 3)
    to_play(s, 5, suit, (5, 3, 3, 0))
    s.hands = [cards(h) for h in hands]
    return s


def test_follow_suit_if_able_else_any_card_including_trump():
    s = seat0_leads(["AH 3C", "KH 2C", "2S 3D", "QH 4C"])
    play(s, "AH")
    assert s.legal_actions() == cards("KH")
    assert "follow suit: play a heart" in rejects(s, parse_card("2C"), "follow suit")
    play(s, "KH")
    assert s.legal_actions() == cards("3D 2S")   # void in hearts: anything
    play(s, "2S")                                  # ruff
    play(s, "QH")
    assert s.view()["last_winner"] == 2 and s.to_act() == 2 and s.tricks == [0, 0, 1, 0]
    assert s.view()["leader"] == 2


def test_highest_trump_wins_else_highest_of_led_suit():
    s = seat0_leads(["2H 2C", "AH 3C", "3S 4C", "4S 5C"])
    play(s, "2H", "AH", "3S", "4S")
    assert s.last_winner == 3 and s.to_act() == 3
    s = seat0_leads(["2H 2C", "AH 3C", "3C 4C", "KH 5C"])
    play(s, "2H", "AH", "3C", "KH")
    assert s.last_winner == 1 and s.to_act() == 1


def test_no_trump_highest_of_led_suit_wins():
    s = seat0_leads(["2H 2C", "AS 3C", "3H 4C", "4H 5C"], NT)
    play(s, "2H", "AS", "3H", "4H")
    assert s.last_winner == 3


def test_thirteen_tricks_then_scored_and_next_deal():
    s = new_game(seed=8)
    to_play(s, 5, H, (5, 4, 0, 3))     # sum 12: under
    for _ in range(52):
        assert s.phase == "play"
        s.apply(s.legal_actions()[0])
    h = s.history[0]
    assert sum(h["tricks"]) == 13 and h["bids"] == [3, 5, 4, 0]
    assert h["points"] == [points(h["bids"][i], h["tricks"][i], False) for i in range(4)]
    assert s.scores == h["points"]
    v = s.view()
    assert v["round"] == 1 and v["dealer"] == 1 and v["phase"] == "trump_bid"
    assert v["to_act"] == 2 and v["bids"] == [None] * 4 and v["trump"] is None


# --- scoring ------------------------------------------------------------------------
@pytest.mark.parametrize("bid,won,over,pts", [
    (3, 3, False, 19), (3, 3, True, 19),          # made: bid^2 + 10
    (5, 3, False, -20), (5, 7, True, -20),        # failed: -10 * |tricks - bid|
    (13, 13, True, 179), (1, 0, False, -10),
    (0, 0, False, 50), (0, 0, True, 25),          # made zero: under / over
    (0, 1, False, -50), (0, 1, True, -50),        # failed zero, one trick
    (0, 3, False, -30), (0, 2, True, -40),        # failed zero, 2+: -50 + 10*(t-1)
])
def test_scoring_table_and_examples(bid, won, over, pts):
    assert points(bid, won, over) == pts


def test_winner_is_highest_total_and_ties_are_joint():
    s = run_bots(new_game(seed=3, rounds=2), 1)
    assert s.is_over() and s.to_act() == -1
    best = max(s.scores)
    assert s.winners() == [i for i in range(4) if s.scores[i] == best]
    s.scores = [10, 30, 30, -5]
    assert s.winners() == [1, 2]
    assert new_game().winners() == []


# --- undo the last trick --------------------------------------------------------
def played_to(seed, cards_played):
    s = new_game(seed=seed)
    to_play(s, 5, S, (5, 3, 3, 0))
    for _ in range(cards_played):
        s.apply(s.legal_actions()[-1])
    return s


def test_undo_trick_in_progress_goes_back_to_its_first_card():
    s = played_to(3, 6)                # one trick done, two cards of the next
    ref = played_to(3, 4)
    assert s.view(None)["can_undo"]
    s.undo_trick()
    assert s.view(None) == ref.view(None) and s.save() == ref.save()


def test_undo_completed_trick_and_again_earlier_tricks():
    s = played_to(3, 8)
    s.undo_trick()
    assert s.view(None) == played_to(3, 4).view(None)
    s.undo_trick()
    assert s.view(None) == played_to(3, 0).view(None)
    assert s.tricks == [0, 0, 0, 0]
    with pytest.raises(IllegalAction) as e:
        s.undo_trick()                 # no trick in this deal any more
    assert "no trick" in str(e.value).lower()


def test_undo_after_the_last_trick_undoes_the_scoring():
    s = played_to(5, 52)
    assert s.round == 1 and len(s.history) == 1
    s.undo_trick()
    assert s.round == 0 and s.history == [] and s.scores == [0] * 4
    assert s.view(None) == played_to(5, 48).view(None)


def test_undo_not_possible_before_play_or_once_the_next_deal_is_bid():
    s = new_game(seed=1)
    for _ in range(3):
        with pytest.raises(IllegalAction):
            s.undo_trick()
        s.apply(s.legal_actions()[0])
    s = played_to(5, 52)
    s.apply(PASS)
    before = dump(s)
    with pytest.raises(IllegalAction):
        s.undo_trick()
    assert dump(s) == before and not s.view()["can_undo"]


def test_undo_at_game_end_and_save_restore_after_undo():
    s = run_bots(new_game(seed=6, rounds=1), 2)
    assert s.is_over()
    s.undo_trick()
    assert not s.is_over() and s.phase == "play" and sum(s.tricks) == 12
    t = restore(json.loads(json.dumps(s.save())))
    assert t.view(None) == s.view(None)
    run_bots(s, 1, 4)
    run_bots(t, 1, 4)
    assert t.save() == s.save() and t.scores == s.scores


# --- text, views, bad input -------------------------------------------------------
def test_action_texts_parse_back():
    s = new_game()
    for a in [trump_bid(n, x) for n in range(5, 14) for x in range(5)] + [PASS] \
            + [BID + n for n in range(14)] + list(range(52)):
        assert s.parse_action(s.action_text(a)) == a
    assert s.action_text(trump_bid(6, S)) == "bid 6 S"
    assert s.parse_action("5 nt") == trump_bid(5, NT)


def test_wrong_kind_of_action_in_every_phase():
    s = new_game(seed=1)
    rejects(s, BID + 5, "bid for trump")
    rejects(s, parse_card("2C"), "bid for trump")
    win_auction(s, 5, S)
    rejects(s, PASS, "make your bid")
    rejects(s, trump_bid(6, S), "make your bid")
    for n in (5, 3, 3, 0):
        s.apply(BID + n)
    rejects(s, PASS, "play a card")
    rejects(s, BID + 1, "play a card")
    rejects(s, "junk", "not")
    with pytest.raises(IllegalAction):
        s.apply(None)


def test_view_hides_other_hands_and_has_the_extras():
    s = new_game(seed=1)
    v = s.view(2)
    assert v["hands"][2] and [v["hands"][i] for i in (0, 1, 3)] == [None] * 3
    for k in ("min_bid", "frisch_count", "high_bid", "game_type", "contract_sum",
              "frisch_chosen", "trump_calls"):
        assert k in v


def test_save_restore_rejects_other_games_and_damage():
    s = new_game(seed=1)
    s.apply(PASS)
    saved = s.save()
    assert restore(saved).view(None) == s.view(None)
    for bad in ({"game": "nommie"}, dict(saved, actions=[PASS, 999]),
                dict(saved, actions=[BID + 3])):
        with pytest.raises(IllegalAction):
            restore(bad)


# --- random playouts ------------------------------------------------------------------
def test_random_playouts_invariants():
    """Thousands of deals: cards conserved, legal never empty, texts parse back,
    illegal actions change nothing; every 20th deal round-trips save/restore at
    every step and continues identically."""
    rnd = random.Random(11)
    universe = list(range(52)) + list(range(100, 114)) + list(range(325, 370)) + [400]
    for g in range(2000):
        s = new_game(seed=g, rounds=1, first_dealer=g % 4)
        check = g % 20 == 0
        while not s.is_over():
            legal = s.legal_actions()
            assert legal
            held = [c for h in s.hands for c in h] + [p[1] for p in s.trick]
            assert len(held) == len(set(held)) == 52 - 4 * sum(s.tricks)
            if check:
                wrong = rnd.choice([a for a in universe if a not in legal])
                before = dump(s)
                with pytest.raises(IllegalAction):
                    s.apply(wrong)
                assert dump(s) == before
                t = restore(json.loads(json.dumps(s.save())))
                assert t.view(None) == s.view(None)
            a = rnd.choice(legal)
            assert s.parse_action(s.action_text(a)) == a
            s.apply(a)
        assert sum(s.history[0]["tricks"]) == 13


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_bots_of_every_level_play_full_games(level):
    s = run_bots(new_game(seed=level + 30), level, 7)
    assert s.is_over() and len(s.history) == 13 and s.winners()
