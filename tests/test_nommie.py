"""Nommie: one test per sentence of docs/rules/nommie.md and per docs/design.md ruling."""
import pytest

from engine import bots, games, IllegalAction
from engine.actions import BID, TRUMP
from engine.cards import parse_card
from engine.games import restore
from engine.nommie import SCHEDULE

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new nommie game (engine.games makes any registered game)
    return games.new_game("nommie", players, seed, **options)


NT = 4


def at_round(r, hands=None, seed=1):
    """A game at the start of round r (0-based), optionally with hand-built hands."""
    s = new_game(seed=seed)
    s.round = r
    s.start_round()
    if hands is not None:
        s.hands = [cards(h) for h in hands]
    return s


def bid_all(s, amounts):
    """Bids in bidding order (left of dealer first, dealer last)."""
    for n in amounts:
        s.apply(BID + n)


def play(s, *texts):
    for t in texts:
        s.apply(parse_card(t))


def finish_with_bots(s, level=1, seed=0):
    while not s.is_over():
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), level, seed))
    return s


# --- Players and rounds ---------------------------------------------------
def test_always_exactly_four_players():
    assert new_game().players == 4
    for n in (2, 3, 5):
        with pytest.raises(IllegalAction):
            new_game(players=n)


def test_twenty_six_rounds_with_the_hand_size_schedule():
    assert SCHEDULE == (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2,
                        3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    s = new_game(seed=3)
    sizes = []
    while not s.is_over():
        v = s.view(None)
        if v["phase"] == "bid" and all(b is None for b in v["bids"]):
            sizes.append(v["hand_size"])
            assert v["counts"] == [v["hand_size"]] * 4
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), 1, 0))
    assert sizes == list(SCHEDULE)
    assert len(s.view(None)["history"]) == 26


def test_each_round_is_dealt_from_a_fresh_full_deck():
    s = new_game(seed=11)
    seen_hands = []
    while not s.is_over():
        v = s.view(None)
        if v["phase"] == "bid" and all(b is None for b in v["bids"]):
            dealt = [c for h in v["hands"] for c in h]
            assert len(dealt) == len(set(dealt)) == 4 * v["hand_size"]
            seen_hands.append(tuple(dealt))
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), 0, 1))
    assert len(set(seen_hands)) == 26  # reshuffled: no two deals alike


def test_dealer_rotates_clockwise_from_seat_zero():
    dealers = []
    s = new_game(seed=2)
    while not s.is_over():
        v = s.view(None)
        if v["phase"] == "bid" and all(b is None for b in v["bids"]):
            dealers.append(v["dealer"])
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), 0, 2))
    assert dealers == [r % 4 for r in range(26)]


def test_first_dealer_option():
    s = new_game(first_dealer=2)
    assert s.view()["dealer"] == 2 and s.to_act() == 3


# --- Bidding -----------------------------------------------------------------
def test_bidding_starts_left_of_dealer_and_dealer_bids_last():
    s = at_round(1)  # dealer is seat 1
    order = []
    for n in (1, 2, 3, 4):
        order.append(s.to_act())
        s.apply(BID + n)
    assert order == [2, 3, 0, 1]


def test_each_player_bids_exactly_once():
    s = at_round(0)
    bid_all(s, [1, 2, 3, 4])
    assert s.view()["phase"] == "trump"
    with pytest.raises(IllegalAction):
        s.apply(BID + 1)


def test_valid_bids_are_zero_to_hand_size():
    s = at_round(11)  # hand size 2
    assert s.legal_actions() == [BID, BID + 1, BID + 2]
    with pytest.raises(IllegalAction) as e:
        s.apply(BID + 3)
    assert "0 to 2" in str(e.value)


def test_dealer_cannot_make_bids_total_the_hand_size():
    s = at_round(0)  # hand size 13, dealer seat 0 bids last
    bid_all(s, [3, 4, 2])
    assert s.to_act() == 0
    assert BID + 4 not in s.legal_actions()
    before = s.save()
    with pytest.raises(IllegalAction) as e:
        s.apply(BID + 4)
    assert "dealer" in str(e.value).lower() and "13" in str(e.value)
    assert s.save() == before
    s.apply(BID + 5)  # over is fine


def test_dealer_hook_off_the_end_leaves_all_bids():
    s = at_round(11)  # hand size 2
    bid_all(s, [2, 1, 1])  # total already 4 > 2: no bid can make it 2
    assert s.legal_actions() == [BID, BID + 1, BID + 2]


def test_zero_bid_allowed_but_not_four_rounds_running():
    s = new_game(seed=4)
    # seat 1 bids 0 in rounds 0, 1, 2 (the others bid so that no hook interferes)
    for r in range(3):
        while s.view()["phase"] != "bid" or s.to_act() != 1 or s.view()["bids"][1] is not None:
            seat = s.to_act()
            if s.view()["phase"] == "bid":
                legal = s.legal_actions()
                s.apply(legal[-1] if seat != 1 else BID)
            else:
                s.apply(bots.choose(s.view(seat), s.legal_actions(), 0, 9))
        assert BID in s.legal_actions()
        s.apply(BID)
    # now round 3: seat 1 must bid at least 1
    while not (s.view()["phase"] == "bid" and s.to_act() == 1):
        seat = s.to_act()
        if s.view()["phase"] == "bid":
            s.apply(s.legal_actions()[-1])
        else:
            s.apply(bots.choose(s.view(seat), s.legal_actions(), 0, 9))
    assert s.view()["round"] == 3 and s.view()["zero_streak"][1] == 3
    assert BID not in s.legal_actions()
    with pytest.raises(IllegalAction) as e:
        s.apply(BID)
    assert "at least 1" in str(e.value)


def test_zero_streak_resets_after_a_nonzero_bid():
    s = at_round(11, ["2C 3C", "2D 3D", "2H 3H", "2S 3S"])
    s.zero_streak = [3, 2, 0, 0]
    bid_all(s, [1, 0, 0, 0])  # order: seats 0(dealer is 11%4=3) -> 0,1,2,3
    s.apply(TRUMP + NT)
    play(s, "3C", "2D", "2H", "2S", "2C", "3D", "3H", "3S")
    assert s.zero_streak == [0, 3, 1, 1]


def test_highest_bid_chooses_trump():
    s = at_round(0)
    bid_all(s, [2, 5, 3, 1])  # seats 1, 2, 3, 0
    assert s.view()["phase"] == "trump" and s.to_act() == 2
    assert s.legal_actions() == [TRUMP + t for t in range(5)]


def test_tied_highest_bid_goes_to_earliest_bidder():
    s = at_round(2)  # dealer 2: order 3, 0, 1, 2
    bid_all(s, [1, 4, 4, 0])
    assert s.to_act() == 0
    s = at_round(2)
    bid_all(s, [4, 1, 1, 4])
    assert s.to_act() == 3


# --- Trump and trick play ---------------------------------------------------------
def test_no_trumps_means_highest_of_lead_suit_wins():
    s = at_round(11, ["AS 2C", "3C 4D", "5C 6D", "KC 7D"])
    bid_all(s, [1, 1, 1, 0])  # dealer 3; seats 0, 1, 2, 3
    s.apply(TRUMP + NT)
    assert s.view()["trump"] == NT
    assert s.to_act() == 0  # left of dealer leads
    play(s, "2C", "3C", "5C", "KC")
    assert s.view()["last_winner"] == 3


def test_trump_beats_lead_suit_and_highest_trump_wins():
    s = at_round(11, ["AC 2S", "3H 4D", "5D 6D", "7H 8D"])
    bid_all(s, [1, 1, 1, 0])
    s.apply(TRUMP + 2)  # hearts
    play(s, "AC", "3H", "5D", "7H")
    assert s.view()["last_winner"] == 3  # 7H beats 3H and the led AC
    assert s.view()["leader"] == 3 and s.to_act() == 3


def test_without_trumps_played_highest_of_lead_suit_wins():
    s = at_round(11, ["9C 2S", "TC 4D", "AD 6D", "3C 8D"])
    bid_all(s, [1, 1, 1, 0])
    s.apply(TRUMP + 2)  # hearts, none played
    play(s, "9C", "TC", "AD", "3C")
    assert s.view()["last_winner"] == 1


def test_must_follow_suit_if_able():
    s = at_round(11, ["9C 2S", "TC 4D", "AD 6D", "3C 8D"])
    bid_all(s, [1, 1, 1, 0])
    s.apply(TRUMP + 0)
    s.apply(parse_card("9C"))
    assert s.legal_actions() == [parse_card("TC")]
    before = s.save()
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_card("4D"))
    assert "follow suit" in str(e.value) and "club" in str(e.value)
    assert s.save() == before


def test_void_player_may_play_any_card():
    s = at_round(11, ["9C 2S", "TC 4D", "AD 6D", "3C 8D"])
    bid_all(s, [1, 1, 1, 0])
    s.apply(TRUMP + 0)
    play(s, "9C", "TC")
    assert s.legal_actions() == cards("AD 6D")


def test_cannot_play_a_card_not_held():
    s = at_round(11, ["9C 2S", "TC 4D", "AD 6D", "3C 8D"])
    bid_all(s, [1, 1, 1, 0])
    s.apply(TRUMP + 0)
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_card("AS"))
    assert "don't hold AS" in str(e.value)


def test_round_has_hand_size_tricks_and_winner_leads_next():
    s = at_round(11, ["9C 2S", "TC 4D", "AD 6D", "3C 8D"])
    bid_all(s, [1, 1, 1, 0])
    s.apply(TRUMP + 3)
    play(s, "9C", "TC", "AD", "3C")
    assert s.to_act() == 1
    play(s, "4D", "6D", "8D", "2S")
    assert s.view()["history"][-1]["tricks"] == [1, 1, 0, 0]
    assert sum(s.view()["history"][-1]["tricks"]) == 2
    assert s.view()["round"] == 12


# --- Scoring and the end ------------------------------------------------------------
def test_scoring_one_per_trick_plus_ten_for_exact_including_zero():
    s = at_round(11, ["9C 2S", "TC 4D", "AD 6D", "3C 8D"])
    bid_all(s, [1, 2, 1, 0])  # seat 3 is dealer: 1+2+1 = 4, any bid ok
    s.apply(TRUMP + 3)
    play(s, "9C", "TC", "AD", "3C")  # seat 1 wins
    play(s, "4D", "6D", "8D", "2S")  # seat 0 trumps
    h = s.view()["history"][-1]
    assert h["bids"] == [1, 2, 1, 0] and h["tricks"] == [1, 1, 0, 0]
    # seat 0 exact (1+10), seat 1 short (1), seat 2 missed (0), seat 3 exact zero (0+10)
    assert h["points"] == [11, 1, 0, 10]
    assert s.view()["scores"] == [11, 1, 0, 10]


def test_game_ends_after_round_26_with_highest_total_winning():
    s = finish_with_bots(new_game(seed=5))
    v = s.view()
    assert v["phase"] == "over" and s.to_act() == -1 and s.legal_actions() == []
    assert v["scores"] == [sum(h["points"][p] for h in v["history"]) for p in range(4)]
    assert s.winners() == [p for p in range(4) if v["scores"][p] == max(v["scores"])]
    with pytest.raises(IllegalAction):
        s.apply(0)


def test_tied_totals_are_joint_winners():
    s = finish_with_bots(new_game(seed=5))
    s.scores = [50, 80, 80, 10]
    assert s.winners() == [1, 2]


# --- Views, text, save ------------------------------------------------------------------
def test_view_hides_other_hands():
    s = new_game(seed=1)
    v = s.view(2)
    assert v["hands"][2] is not None and v["hands"][0] is None and v["counts"] == [13] * 4
    assert all(h is not None for h in s.view(None)["hands"])
    for key in ("game", "players", "phase", "to_act", "round", "rounds", "dealer", "leader",
                "hand_size", "hands", "counts", "trump", "trick", "last_trick", "last_winner",
                "bids", "tricks", "scores", "history"):
        assert key in v


def test_action_text_and_parse():
    s = new_game()
    assert s.action_text(BID + 3) == "bid 3"
    assert s.action_text(TRUMP + NT) == "trump NT"
    assert s.parse_action("Bid 3") == BID + 3
    assert s.parse_action("trump h") == TRUMP + 2
    assert s.parse_action("10S") == parse_card("TS")
    with pytest.raises(IllegalAction):
        s.parse_action("fold")


def test_apply_accepts_text_and_rejects_junk_unchanged():
    s = new_game(seed=1)
    before = s.save()
    for junk in (None, 3.0, True, "nonsense", "trump Q", -1, 999):
        with pytest.raises(IllegalAction):
            s.apply(junk)
        assert s.save() == before
    s.apply("bid 1")
    assert s.view()["bids"][1] == 1


def test_wrong_kind_of_action_for_the_phase():
    s = new_game(seed=1)
    with pytest.raises(IllegalAction) as e:
        s.apply(s.view(1)["hands"][1][0])
    assert "make your bid" in str(e.value)


def test_save_restore_mid_game_continues_identically():
    s = new_game(seed=8)
    for _ in range(123):
        s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), 1, 3))
    t = restore(s.save())
    assert t.view(None) == s.view(None)
    finish_with_bots(s, seed=4)
    finish_with_bots(t, seed=4)
    assert t.view(None) == s.view(None)


def test_restore_rejects_damaged_saves():
    s = new_game(seed=8)
    s.apply(BID + 1)
    good = s.save()
    bad = dict(good, actions=[BID + 1, 7, 7])
    with pytest.raises(IllegalAction) as e:
        restore(bad)
    assert "move 2" in str(e.value)
    for broken in ({}, dict(good, game="nines"), dict(good, version=99),
                   dict(good, seed="x"), dict(good, actions="1,2"), dict(good, options={"x": 1})):
        with pytest.raises(IllegalAction):
            restore(broken)


def test_rewind_takes_back_actions():
    s = new_game(seed=8)
    s.apply(BID + 1)
    s.apply(BID + 2)
    s.rewind(1)
    assert s.view()["bids"] == [None, 1, None, None] and s.to_act() == 2


@pytest.mark.parametrize("bad", [{"first_dealer": 4}, {"first_dealer": "1"}, {"first_dealer": True},
                                 {"rounds": 3}])
def test_bad_options_are_refused_with_a_message(bad):
    with pytest.raises(IllegalAction) as e:
        new_game(**bad)
    assert "first dealer" in str(e.value).lower() or "no option 'rounds'" in str(e.value)
