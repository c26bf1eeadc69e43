"""Bots across games: the blunders users report, pinned with hand-built
Nommie positions (levels 2 and 3), determinism, that a bot decides from
the view alone without changing it, and the level-3 searches' parts (the
keep-or-replace test, Call Break playouts obeying forced play, Linger
playouts scoring the last holder)."""
import copy

import pytest

from engine import bots, catalog, games
from engine.actions import BID, TRUMP
from engine.cards import parse_card
from engine.bots import search as bot_search

from cardtext import cards


def new_game(players=None, seed=0, **options):
    # a new nommie game (engine.games makes any registered game)
    return games.new_game("nommie", players, seed, **options)


def nommie_round(rnd, hands, bids=(), trump=None, plays=()):
    """Round rnd of a Nommie game with hand-built hands (seat order), the
    bids made in bidding order, trump chosen by the declarer, then plays."""
    s = new_game(seed=3)
    s.round = rnd
    s.start_round()
    s.hands = [cards(h) for h in hands]
    for b in bids:
        s.apply(BID + b)
    if trump is not None:
        s.apply(TRUMP + "CDHS".index(trump))
    for p in plays:
        s.apply(parse_card(p))
    return s


def bot(s, level, seed=0):
    seat = s.to_act()
    return bots.choose(s.view(seat), s.legal_actions(), level, seed)


# Round 10: 3 cards each, dealer seat 2, seat 3 bids first and leads.
def test_no_low_trump_lead_when_every_trick_is_needed():
    s = nommie_round(10, ["4C 5C 6C", "7C 8C 9C", "TC JC QC", "2S AH AD"],
                     bids=(3, 0, 0, 1), trump="S")
    assert s.to_act() == 3 and s.view(3)["bids"][3] == 3
    # level 2's rule (level 3 plays out sampled deals, where drawing a
    # trump with the 2 first is sometimes as good)
    for seed in range(5):
        assert bot(s, 2, seed) != parse_card("2S")


def test_bid_made_and_void_discards_rather_than_ruffs():
    # seat 0 bid 0, is void in hearts (led by seat 3) and holds a spade (trump)
    s = nommie_round(10, ["5S 7C 9C", "KH 8C 9D", "TC JC QH", "2H AH AD"],
                     bids=(3, 0, 0, 1), trump="S", plays=("AH",))
    assert s.to_act() == 0 and s.view(0)["bids"][0] == 0
    for level in (2, 3):
        for seed in range(5):
            assert bot(s, level, seed) != parse_card("5S")


def test_needing_tricks_it_ruffs_a_trick_it_cannot_otherwise_win():
    s = nommie_round(10, ["5S 7C 9C", "KH 8C 9D", "TC JC QH", "2H AH AD"],
                     bids=(3, 1, 0, 1), trump="S", plays=("AH",))
    assert s.view(0)["bids"][0] == 1
    assert bot(s, 2) == parse_card("5S")


def test_hooked_dealer_takes_the_bid_it_can_make():
    # dealer seat 2 holds two aces and a deuce: 2 is hooked (0 + 0 + 1 + 2 = 3);
    # 3 would need the deuce to win a trick, 0 would need both aces lost
    s = nommie_round(10, ["4C 5C 6C", "7C 8C 9C", "AS AH 2D", "TC JC QC"], bids=(0, 1, 0))
    assert s.to_act() == 2 and BID + 2 not in s.legal_actions()
    for level in (2, 3):
        assert bot(s, level) == BID + 1


def test_zero_streak_bids_the_least_it_may():
    s = nommie_round(10, ["4C 5C 6C", "7C 8C 9C", "AS AH 2D", "2C 3D 4H"])
    s.zero_streak[3] = 3
    assert s.to_act() == 3 and BID not in s.legal_actions()
    assert bot(s, 2) == BID + 1


def test_the_trump_chooser_picks_its_long_suit():
    s = nommie_round(22, ["2C 3C 4C 5C 6C 7C 8C 9C TC JC",
                          "AS KS QS JS TS 9S 2H 3H 4D 5D",
                          "QC KC AC 2D 3D 6D 7D 8D 9D TD",
                          "JD QD KD AD 5H 6H 7H 8H 9H TH"], bids=(1, 0, 7, 1))
    assert s.phase == "trump" and s.to_act() == 1
    assert bot(s, 2) == TRUMP + 3


def positions(game, count=40, level=1):
    """Decision points of a few bot games: (view, legal)."""
    out = []
    seed = 1
    while len(out) < count:
        s = games.new_game(game, seed=seed)
        while not s.is_over() and len(out) < count:
            seat = s.to_act()
            legal = s.legal_actions()
            if len(legal) > 1:
                out.append((s.view(seat), legal))
            s.apply(bots.choose(s.view(seat), legal, level, seed))
        seed += 1
    return out[::3]


@pytest.mark.parametrize("game", catalog.ids())
def test_same_inputs_same_choice_and_the_view_is_left_alone(game):
    for view, legal in positions(game):
        assert all(h is None for s, h in enumerate(view["hands"]) if s != view["to_act"])
        for level in (0, 1, 2, 3):
            before = copy.deepcopy(view)
            a = bots.choose(view, list(legal), level, 5)
            assert a in legal
            assert view == before
            assert bots.choose(copy.deepcopy(view), list(legal), level, 5) == a


def test_search_samples_honour_known_voids_and_counts():
    s = nommie_round(10, ["5S 7C 9C", "KH 8C 9D", "TC JC QH", "2H AH AD"],
                     bids=(3, 0, 0, 1), trump="S", plays=("AH", "7C"))
    v = s.view(1)
    seen = [0] * 52
    for c in v["hands"][1]:
        seen[c] = 1
    for x in v["plays"]:
        seen[x & 63] = 1
    unseen = [c for c in range(52) if not seen[c]]
    voids = bot_search.known_voids(v["plays"], 4)
    assert voids[0] == 1 << 2  # seat 0 showed out of hearts
    from engine.rng import Rng
    r = Rng(9)
    for _ in range(30):
        hands = bot_search.sample_hands(v, 1, unseen, voids, r)
        assert [len(h) for h in hands] == v["counts"]
        assert not [c for c in hands[0] if c // 13 == 2]
        assert hands[1] == v["hands"][1]


def test_search_samples_draw_only_the_cards_dealt_and_draw_them_fairly():
    # A 3-card Nommie round leaves 40 cards undealt: a sampled deal draws the
    # others' 9 cards from the 49 unseen in 9 numbers (not 48), every unseen
    # card as likely as another to land in a hand; with a void shown, the
    # void seat's cards are drawn from those it may hold, the rest after.
    from engine.rng import Rng
    s = nommie_round(10, ["5S 7C 9C", "KH 8C 9D", "TC JC QH", "2H AH AD"])
    v = s.view(s.to_act())
    me = v["to_act"]
    unseen = bot_search.seen_cards(v)[1]
    assert len(unseen) == 49
    r, ref = Rng(4), Rng(4)
    hands = bot_search.sample_hands(v, me, unseen, [0] * 4, r)
    for _ in range(9):
        ref.next()
    assert r.x == ref.x and sorted(hands[me]) == sorted(v["hands"][me])
    assert [len(h) for h in hands] == [3] * 4
    counts = [0] * 52
    for _ in range(4900):
        for p in range(4):
            if p != me:
                for c in bot_search.sample_hands(v, me, unseen, [0] * 4, r)[p]:
                    counts[c] += 1
    assert min(counts[c] for c in unseen) > 800 and max(counts) < 1000   # 900 each expected
    voids = [0] * 4
    voids[(me + 1) % 4] = 0b0111                 # shown out of all but spades
    for _ in range(50):
        hands = bot_search.sample_hands(v, me, unseen, voids, r)
        assert all(c // 13 == 3 for c in hands[(me + 1) % 4])
        dealt = [c for p in range(4) if p != me for c in hands[p]]
        assert len(set(dealt)) == 9 and set(dealt) <= set(unseen)


def test_pick_keeps_the_baseline_unless_clearly_beaten():
    # candidate 1 is the baseline; 0 is better on every deal, 2 only on average
    vals = [[5, 6, 5, 6], [0, 0, 0, 0], [40, -30, 40, -30]]
    assert bot_search.pick([10, 11, 12], vals, 11) == 10
    assert bot_search.pick([10, 11, 12], [vals[1], vals[1], vals[2]], 11) == 11
    # one sample can never replace the baseline
    assert bot_search.pick([10, 11], [[9], [0]], 11) == 11


@pytest.mark.parametrize("gid, phase, module", [
    ("nines", "play", "engine.bots.search"),
    ("nines", "swap", "engine.bots.search_nines"),
    ("nommie", "play", "engine.bots.search"),
    ("callbreak", "play", "engine.bots.search_callbreak")])
def test_each_search_keeps_the_heuristics_choice_at_its_own_threshold(
        gid, phase, module, monkeypatch):
    # the t-statistic another choice needs (pick()'s z4): the follow-suit
    # search's Z4, or a search's own (Call Break's follows, Nines' swap;
    # Call Break's leads: tests/test_bot_callbreak.py)
    want = bots.load(module).Z4
    seen = []
    pick = bot_search.pick

    def noted(cands, values, baseline, z4=0):
        seen.append(z4 or bot_search.Z4)
        return pick(cands, values, baseline, z4)
    monkeypatch.setattr(bot_search, "pick", noted)
    monkeypatch.setattr(bots.load("engine.bots.search_nines"), "pick", noted)
    s = games.new_game(gid, seed=3)
    while not seen and not s.is_over():
        view, legal = s.view(s.to_act()), s.legal_actions()
        searched = view["phase"] == phase and (gid != "callbreak" or view["trick"])
        a = bots.choose(view, legal, 3 if searched else 2, 3)
        s.apply(a)
    assert seen and set(seen) == {want}
    assert want != bot_search.Z4 or module == "engine.bots.search"


def test_race_gives_the_deals_left_to_the_close_candidates():
    # four candidates, 11 the baseline; 13 loses 3 points on every deal,
    # 10 and 12 score as the baseline does. A deal costs 1 + 1 a candidate
    # still playing, 60 in all.
    played = {10: 0, 11: 0, 12: 0, 13: 0}
    deals = []

    def deal():
        deals.append(len(deals))
        return len(deals)

    def play(dealt, card):
        played[card] += 1
        noise = (dealt * 7) % 5
        return noise - 3 if card == 13 else noise

    move = bot_search.race([10, 11, 12, 13], 11, 60, 1, 1, deal, play)
    assert move == 11   # nothing clearly beat the baseline
    # 13 left after the first check (two deals): the others played on
    assert played[13] == 2
    assert played[10] == played[11] == played[12] == len(deals) > 2
    # its work: 5 a deal while four played, 4 after, within the budget
    k = 2
    assert 5 * k + 4 * (len(deals) - k) <= 60 < 5 * k + 4 * (len(deals) - k + 1)


def test_race_stops_when_only_the_baseline_is_left():
    deals = []

    def deal():
        deals.append(1)
        return 0

    def play(dealt, card):
        return 0 if card == 11 else -4 - len(deals) % 2

    assert bot_search.race([10, 11], 11, 1000, 0, 1, deal, play) == 11
    assert len(deals) == 2     # the rest of the budget unspent


def test_callbreak_playout_policy_obeys_forced_play():
    from engine import callbreak as cb
    from engine.bots import search_callbreak as sc
    from engine.bots.search import masks
    from engine.rng import Rng
    r = Rng(4)
    narrowed = {}          # forced-play rule -> choices it narrowed to part of the hand
    for _ in range(300):
        deck = r.shuffle(list(range(52)))
        hands = [sorted(deck[13 * p:13 * p + 13]) for p in range(4)]
        k = r.below(4)
        trick = [hands[p].pop(r.below(13)) for p in range(k)]
        seat = k % 4
        if trick:
            best = 0
            for j in range(1, k):
                if cb.beats(trick[j], trick[best], 3):
                    best = j
            w = trick[best]
            c = mask_card(sc.follow(masks(hands), seat, k, trick[0] // 13, w // 13, 1 << (w % 13)))
            rule, allowed = cb.forced(hands[seat], [[p, trick[p]] for p in range(k)])
        else:
            c = mask_card(sc.lead(masks(hands), seat))
            rule, allowed = cb.ANY, hands[seat]
        assert c in allowed
        if len(allowed) < len(hands[seat]):
            narrowed[rule] = narrowed.get(rule, 0) + 1
    # most choices were really constrained, under each of the three rules
    assert sum(narrowed.values()) >= 150, narrowed
    assert all(narrowed.get(rule) for rule in (cb.WIN_LED, cb.LED, cb.WIN_SPADE)), narrowed


def mask_card(x):
    # a playout's card (suit << 13 | bit: engine/bots/search.py masks()) as a card
    s, b = x >> 13, x & 8191
    assert b and not b & (b - 1), x
    r = 0
    while b > 1:
        b >>= 1
        r += 1
    return 13 * s + r


def callbreak_play(seed=2):
    s = games.new_game("callbreak", seed=seed)
    while s.phase != "play":
        seat = s.to_act()
        s.apply(bots.choose(s.view(seat), s.legal_actions(), 2, seed))
    return s


def test_callbreak_playout_plays_the_round_out():
    from engine.bots import search_callbreak as sc
    from engine.bots.search import masks
    s = callbreak_play()
    v = s.view(None)
    me = v["to_act"]
    hands = masks(v["hands"])
    won = sc.playout(v, hands, v["hands"][me][0])
    assert not any(hands)
    # every seat's tricks, the ones won before included, add up to 13
    assert all(w >= t for w, t in zip(won, v["tricks"])) and sum(won) == 13
    assert sc.playout(v, masks(v["hands"]), v["hands"][me][0]) == won  # (the same round)


def test_linger_playout_draws_and_scores_the_last_holder():
    from engine.bots import search_linger as sl
    s = games.new_game("linger", seed=5)
    v = s.view(None)
    me = v["to_act"]
    stock = list(s.stock)
    hands = [list(h) for h in v["hands"]]
    got = sl.playout(v, hands, stock, hands[me][0], v["players"], sl.strengths(v["trump"]))
    holders = [p for p in range(4) if hands[p]]
    assert got in (0, 12) or not holders
    if len(holders) == 1:
        assert got == (12 if holders == [me] else 0)
    # scores: the only holder 12, a tie on cards or on tricks shares it
    assert sl.score([[1], [], [], []], [0, 0, 0, 0], 0, 4, False) == 12
    assert sl.score([[1], [2], [], []], [0, 0, 0, 0], 0, 4, False) == 6
    assert sl.score([[], [], [], []], [3, 1, 3, 0], 2, 4, True) == 6
    assert sl.score([[], [], [], []], [3, 1, 3, 0], 1, 4, True) == 0


def test_linger_level3_takes_a_sure_last_trick():
    # seat 3 plays last to a trick in a side suit: its ace wins it (and keeps
    # its card count), its other side card would lose a card
    s = games.new_game("linger", players=4, seed=1)
    x, y = [t for t in range(4) if t != s.trump][:2]
    s.hands = [[13 * x, 13 * x + 1], [13 * x + 2, 13 * x + 3], [13 * x + 4, 13 * x + 5],
               sorted([13 * x + 12, 13 * y])]
    for c in (13 * x, 13 * x + 2, 13 * x + 4):
        s.apply(c)
    assert s.to_act() == 3
    for seed in range(3):
        assert bot(s, 3, seed) == 13 * x + 12


@pytest.mark.parametrize("gid", ["nommie", "callbreak", "linger"])
def test_a_level_3_search_without_memory_plays_the_heuristics_card(gid, monkeypatch):
    # a board's heap in pieces can refuse the search's lists: the game goes
    # on with the card level 3's heuristic chose before searching
    s = games.new_game(gid, seed=5)
    while s.phase != "play" or len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    view, legal = s.view(s.to_act()), s.legal_actions()
    search = bots.load("engine.bots.search_" + gid if gid != "nommie" else "engine.bots.search")

    def no_memory(*args):
        raise MemoryError("memory allocation failed")
    monkeypatch.setattr(search, "choose", no_memory)
    heuristic = bots.load("engine.bots." + gid)
    want = heuristic.choose(view, legal, 3, bots.Rng((7 * 1000003 + bots.position_key(view))
                                                     & 0x3FFFFFFF))
    assert bots.choose(view, legal, 3, 7) == want


@pytest.mark.parametrize("gid", ["israeli", "nommie"])
def test_a_level_3_bot_loads_the_rules_it_needs_even_after_they_were_dropped(gid):
    # engine.bots.search reads the game's scoring from its engine module: a module
    # dropped from memory (engine.ondemand.forget) is loaded again, not a KeyError
    from engine.ondemand import forget
    s = games.new_game(gid, seed=5)
    while s.phase != "play" or len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    view, legal = s.view(s.to_act()), s.legal_actions()
    forget("engine." + gid)
    forget("engine.bots." + gid)
    assert bots.choose(view, legal, 3, 7) in legal


def test_nines_level3_samples_keep_the_hands_the_seat_has_held():
    # the dealer swapped (its hand went to the dummy); the next seat then
    # swapped for that hand: the dealer knows that seat's hand exactly, and
    # nothing of the new dummy
    from engine.actions import KEEP, SWAP
    from engine.bots import nines as nb
    from engine.rng import Rng
    for seed in range(1, 30):
        s = games.new_game("nines", seed=seed)
        first = s.to_act()
        s.apply(SWAP)
        s.apply(SWAP)
        s.apply(KEEP)
        while s.to_act() != first:
            s.apply(s.legal_actions()[0])
        v = s.view(first)
        if v["known_hands"][(first + 1) % 3] is not None:
            break
    seen, unseen = bot_search.seen_cards(v)
    fixed = nb.known(v, seen)
    fixed_hands = v["known_hands"]
    unseen = [c for c in unseen if not seen[c]]
    assert not v["dummy"] and len(unseen) == 26
    r = Rng(3)
    for _ in range(10):
        hands = bot_search.sample_hands(v, first, unseen, [0, 0, 0], r, fixed)
        assert hands[(first + 1) % 3] == fixed_hands[(first + 1) % 3]
        assert len(hands[(first + 2) % 3]) == 13 and set(hands[(first + 2) % 3]) < set(unseen)


@pytest.mark.parametrize("gid", ["nommie", "callbreak", "israeli"])
def test_level3_bid_search_fills_the_round_and_keeps_within_its_spread(gid):
    from engine.rng import Rng
    nb = bots.load("engine.bots." + gid)
    for seed in range(1, 6):
        s = games.new_game(gid, seed=seed)
        while s.phase not in ("bid", "contract"):
            s.apply(bots.choose(s.view(s.to_act()), s.legal_actions(), 2, seed))
        v, legal = s.view(s.to_act()), s.legal_actions()
        base = nb.choose(v, legal, 3, Rng(seed))
        a = bot_search.choose_bid(v, legal, Rng(seed), base, nb)
        assert a in legal and abs(a - base) <= nb.BID_SPREAD
        assert a == bot_search.choose_bid(v, legal, Rng(seed), base, nb)
        hands = [list(v["hands"][p]) if p == v["to_act"] else [] for p in range(4)]
        hands = bot_search.sample_hands(v, v["to_act"], bot_search.seen_cards(v)[1],
                                        [0] * 4, Rng(seed))
        bids = list(v["bids"])
        bids[v["to_act"]] = base - BID
        trump, lead = nb.bid_round(v, hands, bids, [None] * 4)
        assert None not in bids and 0 <= trump <= 4 and 0 <= lead < 4
        if gid == "nommie":
            assert sum(bids) != v["hand_size"]      # the dealer's hook
        if gid == "israeli":
            assert sum(bids) != 13


def test_nommie_level3_bids_start_from_the_fitted_rule():
    nb = bots.load("engine.bots.nommie")
    t = nb.table(cards("AS KS 7S 4S AH 9H 5D 3D 8C 2C"), 10)
    options = list(range(11))

    def start(bids, table=t, b=3, opts=options):
        return nb.start({"hand_size": 10, "bids": bids}, table, b, opts)
    # the fewer tricks the earlier bids claim, the more it starts from
    assert start([0, 1, None, 0]) > start([4, 3, None, 2])
    # more honours start higher from the same level-2 bid, and a higher level-2
    # bid never starts lower
    strong = nb.table(cards("AS KS QS 4S AH KH 5D AD 8C AC"), 10)
    assert start([None] * 4, strong) > start([None] * 4)
    assert all(start([None] * 4, b=b) <= start([None] * 4, b=b + 1) for b in range(10))
    # only a bid it may make: a hooked dealer starts from the nearest
    assert start([0, 1, None, 0]) == 5 and start([0, 1, None, 0], opts=[0, 1, 2, 3, 4, 6]) == 4
    # at level 3 the heuristic's bid (the search's start) is start()'s, from level 2's
    seen = moved = 0
    for view, legal in positions("nommie", 200, level=2):
        if view["phase"] == "bid":
            hand, options = view["hands"][view["to_act"]], [a - BID for a in legal]
            table = nb.table(hand, view["hand_size"])
            b = bots.choose(view, legal, 2) - BID
            assert nb.choose(view, legal, 3, None) == BID + nb.start(view, table, b, options)
            seen += 1
            moved += nb.start(view, table, b, options) != b
    assert seen >= 5 and moved


def test_hand_table_gives_hand_quarters_for_every_trump():
    # common.hand_table() counts every trump in one pass (the bid searches'
    # later bidders, best_trump()): each entry must be common.hand_quarters()
    # of that trump, with each game's weight tables, for hands of every size
    # (Call Break's call caps its ruffs itself: hand_table() takes no cap)
    from engine.bots import common, israeli, nines, nommie
    from engine.rng import Rng
    tables = [(nommie._W[2], nommie._W[0]), (nommie._W[3], nommie._W[1]),
              (israeli._W, israeli._W), (nines._W, nines._MAIN), (common._EST, common._EST)]
    r = Rng(5)
    for w, other in tables:
        for size in list(range(1, 14)) * 6:
            hand = sorted(r.shuffle(list(range(52)))[:size])
            got = common.hand_table(hand, w, other)
            assert got[:4] == [common.hand_quarters(hand, t, w) for t in range(4)]
            assert got[4] == common.hand_quarters(hand, 4, other)
            assert got[5:] == [len([c for c in hand if c // 13 == s]) for s in range(4)]


def test_nommie_bid_round_bids_as_level_2_would():
    # the bid search fills in each later seat's bid and the declarer's trump
    # without calling bid() (nommie.bid_round): they must be level 2's bid
    # for that seat after the bids before it (the dealer off its hook) and
    # level 2's trump for the declarer's bid
    from engine.bots import nommie as nb
    from engine.nommie import highest_bidder, hook
    from engine.rng import Rng
    r = Rng(9)
    for size in (2, 3, 5, 8, 13) * 30:
        deck = r.shuffle(list(range(52)))
        hands = [sorted(deck[p * size:(p + 1) * size]) for p in range(4)]
        dealer, first = r.below(4), r.below(4)
        view = {"hand_size": size, "dealer": dealer}
        bids = [None] * 4
        for k in range(1, first + 1):       # the seats that bid before the search's
            bids[(dealer + k) % 4] = r.below(size + 1)
        filled = list(bids)
        trump, lead = nb.bid_round(view, hands, filled, [None] * 4)
        want = list(bids)
        for k in range(1, 5):
            p = (dealer + k) % 4
            if want[p] is None:
                opts = [b for b in range(size + 1) if p != dealer or b != hook(size, want)]
                want[p] = nb.bid({"hand_size": size, "bids": want, "history": (), "to_act": p},
                                 hands[p], opts)
        assert filled == want and lead == (dealer + 1) % 4
        decl = highest_bidder(dealer, want)
        assert trump == nb.trump_for(hands[decl], want[decl])


def test_bid_search_rounds_shared_by_the_bids_are_each_bids_own_playout():
    # round_tricks() plays every bid from one playout wanting every trick,
    # each bid going on from the trick that made it: the tricks must be
    # those of a playout of the whole round for that bid alone, and the
    # cards counted those its playouts played
    from engine.rng import Rng
    r = Rng(11)
    shared = 0
    for size in (1, 2, 5, 8, 13) * 12:
        deck = r.shuffle(list(range(52)))
        hands = [sorted(deck[p * size:(p + 1) * size]) for p in range(4)]
        me, lead, trump = r.below(4), r.below(4), r.below(5)
        bids = [r.below(size + 1) for _ in range(4)]
        bids[me] = None
        options = list(range(size + 1))
        got, cards = bot_search.round_tricks(4, hands, bids, trump, lead, me, options)
        alone = 0
        for b, won in zip(options, got):
            mine = list(bids)
            mine[me] = b
            v = {"players": 4, "tricks": [0] * 4, "bids": mine, "trick": [], "to_act": lead,
                 "counts": [size] * 4}
            assert won == bot_search.playout(v, bot_search.masks(hands), -1,
                                             bot_search._short, trump)
            assert sum(won) == size
            alone += 4 * size
        assert 4 * size <= cards <= alone
        shared += alone - cards
    assert shared > 0       # (the bids did share tricks)


def test_nines_level3_swap_search_is_legal_and_deterministic():
    from engine.actions import KEEP, SWAP
    for seed in range(1, 8):
        s = games.new_game("nines", seed=seed)
        while s.phase == "swap":
            v = s.view(s.to_act())
            a = bots.choose(v, [SWAP, KEEP], 3, seed)
            assert a in (SWAP, KEEP) and bots.choose(copy.deepcopy(v), [SWAP, KEEP], 3, seed) == a
            s.apply(a)


@pytest.mark.parametrize("gid, phase, module, name", [
    ("nines", "swap", "engine.bots.search_nines", "choose_swap"),
    ("israeli", "contract", "engine.bots.search", "choose_bid"),
    ("nommie", "bid", "engine.bots.search", "choose_bid")])
def test_a_level_3_bid_or_swap_search_without_memory_plays_the_heuristics_choice(
        gid, phase, module, name, monkeypatch):
    s = games.new_game(gid, seed=5)
    while s.phase != phase or len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    view, legal = s.view(s.to_act()), s.legal_actions()

    def no_memory(*args):
        raise MemoryError("memory allocation failed")
    monkeypatch.setattr(bots.load(module), name, no_memory)
    want = bots.load("engine.bots." + gid).choose(
        view, legal, 3, bots.Rng((7 * 1000003 + bots.position_key(view)) & 0x3FFFFFFF))
    assert bots.choose(view, legal, 3, 7) == want
