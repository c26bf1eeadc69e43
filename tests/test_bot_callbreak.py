"""Call Break bots: hand-built positions for the level 1-2 heuristics and a
small duplicate match that checks the level ordering."""
from engine import bots, games
from engine.actions import BID
from engine.bots.callbreak import CALL_MARGIN, CALL_UP, call_quarters
from engine.bots.callbreak import knowledge
from engine.cards import parse_card

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new callbreak game (engine.games makes any registered game)
    return games.new_game("callbreak", players, seed, **options)


def position(hands, plays=(), calls=(1, 1, 1, 1), tricks=None):
    """Round 1 (dealer 0, seat 1 leads) with hand-built hands, calls made, plays played."""
    s = new_game(seed=1, eight_wins=False)
    s.hands = [cards(h) for h in hands]
    for n in calls:
        s.apply(BID + n)
    if tricks is not None:
        s.tricks = list(tricks)
    for t in plays:
        s.apply(parse_card(t))
    return s


def bot(s, level=2):
    seat = s.to_act()
    return bots.choose(s.view(seat), s.legal_actions(), level, 0)


# --- Calls ----------------------------------------------------------------------
def test_calls_are_always_one_to_eight():
    for seed in range(40):
        s = new_game(seed=seed)
        for level in (1, 2, 3):
            a = bots.choose(s.view(s.to_act()), s.legal_actions(), level, seed)
            assert BID + 1 <= a <= BID + 8


def test_level2_calls_from_honours_and_spade_length_rounded_down_after_call_up():
    strong = cards("AS KS QS JS TS 9S 8S AH AD AC KC KH KD")
    weak = cards("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 6H 7H")
    s = new_game()
    s.hands[1] = strong
    assert bot(s) == BID + 8  # capped at 8
    s.hands[1] = weak
    assert bot(s) == BID + 1  # never below 1
    middling = cards("AS 4S 7S AH QH 5H 2C 3C 9C 4D 6D 8D TD")
    q = call_quarters(middling)
    assert (q + CALL_UP) % 4 != 0  # not a whole number of tricks: rounding matters
    s.hands[1] = middling
    assert bot(s) == BID + (q + CALL_UP - q // CALL_MARGIN) // 4 == BID + 2


def test_level2_keeps_a_bigger_call_further_below_its_estimate():
    # seven tricks' estimate (three spades: no correction for their length):
    # a call of 7 fails too often, so it calls 6
    big = cards("AS KS QS AH KH 5H AC KC 4C AD 3D 2D 2H")
    q = call_quarters(big)
    assert (q + CALL_UP) // 4 == 7
    s = new_game()
    s.hands[1] = big
    assert bot(s) == BID + (q + CALL_UP - q // CALL_MARGIN) // 4 == BID + 6


def test_level2_counts_a_quarter_trick_more_with_four_spades_and_less_with_two():
    # estimates of 1.5 and 1.75 tricks: three spades call 1 and 2, four
    # spades call the 1.5 up to 2, two spades the 1.75 down to 1
    s = new_game()
    for hand, q, call in (("2C 3C TC 8D 9D TD KD 2H JH KH 2S 3S 9S", 6, 1),
                          ("7C QC 2D 3D 6D 9D TD 4H QH 4S 6S TS KS", 6, 2),
                          ("2C 4C 5C 6C 9C TC 9D 3H 6H 9H 7S JS AS", 7, 2),
                          ("5C 9C TC QC AC 3D 4D 5D JD 6H TH 6S QS", 7, 1)):
        s.hands[1] = cards(hand)
        assert call_quarters(s.hands[1]) == q
        assert bot(s) == BID + call


def test_level2_counts_ruffs_only_with_spare_spades():
    void_hearts = cards("AS 2S 3S 4S 2C 3C 4C 5C 6C 2D 3D 4D 5D")
    same_no_small_spades = cards("AS 2H 3H 4H 2C 3C 4C 5C 6C 2D 3D 4D 5D")
    no_spare = cards("AS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D")
    assert call_quarters(void_hearts) == 4 + 6
    assert call_quarters(same_no_small_spades) == 4
    assert call_quarters(no_spare) == 4  # the ace only: nothing to ruff with


# --- Following ----------------------------------------------------------------------
def test_last_player_wins_with_the_lowest_winner():
    s = position(["9H KH AH 2C", "5H 3C 4C 5C", "6H 6C 7C 8C", "7H 9C TC JC"],
                 plays=("5H", "6H", "7H"))
    assert s.to_act() == 0
    assert bot(s, 1) == parse_card("9H") and bot(s, 2) == parse_card("9H")


def test_second_hand_takes_with_the_ace_when_a_king_is_out():
    s = position(["2D 3D 4D 5D", "5H 3C 4C 5C", "AH 6H 7C 8C", "KH 9C TC JC"],
                 plays=("5H",))
    assert s.to_act() == 2
    assert bot(s) == parse_card("AH")  # 6H would lose to the unseen KH


def test_a_known_void_after_makes_the_ace_unsafe_so_the_lowest_winner_goes():
    # trick 1: seat 3 shows it is void in hearts (it trumps); trick 2: spades;
    # trick 3: hearts again with seat 3 still to play after seat 2
    s = position(["8H 5S 2D 3D", "5H AS 7H 2C", "6H 6S AH 9H", "2S 4S 3S 3C"],
                 plays=("5H", "6H", "2S", "8H", "4S", "5S", "AS", "6S", "7H"))
    assert s.to_act() == 2 and s.view()["last_winner"] == 1
    v = s.view(2)
    _, ceil = knowledge(v, v["hands"][2])
    assert ceil[4 * 3 + 2] == 0 and ceil[4 * 3 + 3] == 13
    assert bot(s) == parse_card("9H")  # the ace would be trumped just the same


def test_rule4_discard_keeps_masters_and_spades():
    # hearts led, seat 2 trumps high; seat 3 has only a lower spade: discard
    s = position(["2D 3D 4D 5D", "5H 3C 4C 5C", "KS 6C 7C 8C", "2S AD 9C 7D"],
                 plays=("5H", "KS"))
    assert s.to_act() == 3
    assert s.legal_actions() == cards("2S AD 9C 7D")
    assert bot(s) == parse_card("7D")  # not the spade, not the master ace


def test_discard_prefers_the_shorter_suit():
    s = position(["2D 3D 5D 7D", "5H 3C 5C 6C", "KS 7C 8C 9C", "4C 4D 6D 9S"],
                 plays=("5H", "KS"))
    assert bot(s) == parse_card("4C")


# --- Leading -------------------------------------------------------------------------
def test_leader_cashes_a_safe_master():
    s = position(["2D 3D 4D 5D", "AC 3H 4H 2S", "6C 7C 8C 9C", "TC JC QC KC"])
    assert bot(s) == parse_card("AC")


def test_no_low_spade_lead_when_every_trick_is_needed():
    s = position(["2D 3D 4D 5D", "2S 3S 4S 9H", "6C 7C 8C 9C", "TC JC QC KC"],
                 calls=(4, 1, 1, 1))
    assert s.view()["bids"][1] == 4
    assert bot(s) == parse_card("9H")


def test_leads_the_master_spade_first_while_others_hold_spades():
    s = position(["2D 3D 4D 5D", "AS KS AC 2H", "2S 7C 8C 9C", "TC JC QC KC"])
    assert bot(s) == parse_card("AS")  # before the safe ace of clubs
    s = position(["2D 3D 4D 5D", "KS 3S AC 2H", "2S 7C 8C 9C", "TC JC QC KC"])
    assert bot(s) == parse_card("AC")  # the KS is not the master


def test_all_spades_and_every_trick_needed_leads_the_highest():
    s = position(["2D 3D 4D", "KS 3S 4S", "AS 7C 8C", "TC JC QC"], calls=(3, 1, 1, 1))
    assert bot(s) == parse_card("KS")
    s = position(["2D 3D 4D", "KS 3S 4S", "AS 7C 8C", "TC JC QC"], calls=(1, 1, 1, 1))
    assert bot(s) == parse_card("3S")


def test_short_suit_lead_to_ruff_later():
    s = position(["2D 3D 4D 5D", "4H 2S 3C 5C", "6C 7C 8C 9C", "TC JC QC KC"])
    assert bot(s) == parse_card("4H")  # the singleton, spades in hand


# --- Knowledge from the forced-play rules ----------------------------------------------
def test_following_without_winning_caps_what_a_player_holds():
    s = position(["2D 3D 4D 5D", "KH 3C 4C 5C", "9H 6C 7C 8C", "TC JC QC 9C"],
                 plays=("KH", "9H"))
    v = s.view(3)
    where, ceil = knowledge(v, v["hands"][3])
    assert ceil[4 * 2 + 2] == 11  # seat 2 holds no heart from the king up
    s.apply(parse_card("TC"))
    v = s.view(0)
    where, ceil = knowledge(v, v["hands"][0])
    assert ceil[4 * 3 + 2] == 0 and ceil[4 * 3 + 3] == 0  # no hearts, no spades


def test_a_void_player_under_a_spade_holds_no_higher_spade():
    s = position(["2D 3D 4D 5D", "5H 3C 4C 5C", "9S 6C 7C 8C", "TC JC QC 9C"],
                 plays=("5H", "9S", "TC"))
    v = s.view(0)
    _, ceil = knowledge(v, v["hands"][0])
    assert ceil[4 * 3 + 2] == 0 and ceil[4 * 3 + 3] == 7  # below the 9S


# --- Strength ---------------------------------------------------------------------------
def duel(a, b, deals):
    """Mean score (tenths) of level a minus level b, seats ABAB then BABA per deal."""
    total = 0
    for d in range(deals):
        for lv in ((a, b, a, b), (b, a, b, a)):
            s = new_game(seed=900 + d, eight_wins=False)
            while not s.is_over():
                seat = s.to_act()
                s.apply(bots.choose(s.view(seat), s.legal_actions(), lv[seat], d))
            sc = s.view()["scores"]
            total += sum(sc[i] if lv[i] == a else -sc[i] for i in range(4))
    return total / (4.0 * deals)


def test_level2_beats_level1_beats_level0():
    assert duel(2, 1, 12) > 30  # tenths per player per game
    assert duel(1, 0, 12) > 30


# --- Level 3's leads ----------------------------------------------------------------
def test_level3_leads_the_lower_of_touching_honours_where_level2_leads_low():
    # QH JH with the king and ace out: the jack forces them out and makes the
    # queen; level 2 leads low from a short side suit
    from engine.bots import search_callbreak as sc
    import engine.bots.callbreak as cb
    s = position(["2D 3D 4D 6D 7D", "QH JH 5D 9C 2S", "6C 7C 8C TC JC", "KC QC AC 3C 4C"])
    v = s.view(1)
    assert sc.start(v, sorted(s.legal_actions()), cb) == parse_card("JH")
    assert bot(s) != parse_card("JH")


def _leads_searched(monkeypatch, seed):
    # (baseline, z4, the lead's view and candidates) for every level-3 Call Break
    # card decision that reaches the race in one game
    from engine.bots import search_callbreak as sc
    from engine.bots.search import distinct, seen_cards
    got = []
    race = sc.race

    def noted(cands, baseline, *rest):
        got.append((baseline, rest[-1], view, cands))
        return race(cands, baseline, *rest)
    monkeypatch.setattr(sc, "race", noted)
    s = new_game(seed=seed)
    fallbacks = []
    while not s.is_over():
        view, legal = s.view(s.to_act()), s.legal_actions()
        a = bots.choose(view, legal, 3, seed)
        if view["phase"] == "play" and not view["trick"] and len(legal) > 1:
            seen = seen_cards(view)[0]
            cands = distinct(legal, seen)
            big = len(view["hands"][view["to_act"]]) >= 5
            if big and 2 * sum(view["counts"]) * len(cands) > sc.BUDGET:
                fallbacks.append((a, view, cands))
        s.apply(a)
    return got, fallbacks


def test_level3_leads_start_from_the_fitted_rule_and_leave_it_more_readily(monkeypatch):
    import engine.bots.callbreak as cb
    from engine.bots import search as bot_search
    from engine.bots import search_callbreak as sc
    got, fallbacks = _leads_searched(monkeypatch, 4)
    leads = [g for g in got if not g[2]["trick"] and len(g[2]["hands"][g[2]["to_act"]]) >= 5]
    follows = [g for g in got if g[2]["trick"]]
    assert leads and follows
    for baseline, z4, view, cands in leads:
        # (0: pick() uses the follow-suit search's Z4, a t above 0.5)
        assert baseline == sc.start(view, cands, cb) and (z4 or bot_search.Z4) == 2
    assert {z4 for _, z4, _, _ in follows} == {sc.Z4}
    # a lead with too many candidates for two deals keeps the rule's card
    assert fallbacks
    for a, view, cands in fallbacks:
        assert a == sc.start(view, cands, cb)
