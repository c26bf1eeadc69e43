"""The tournament's opponent pool (tools/strength/pool.py) and its calibration figures:
every style plays legal actions in every game, deterministically, and the
tournament counts bids and tricks per player."""
import pytest

from engine import catalog, games
from tools.strength import pool, tournament

GAMES = catalog.ids()


@pytest.mark.parametrize("game", GAMES)
def test_every_style_plays_a_whole_game_legally(game):
    for style in pool.STYLES:
        st = games.new_game(game, seed=5)
        moves = []
        while not st.is_over():
            seat = st.to_act()
            legal = st.legal_actions()
            a = pool.choose(style, st.view(seat), legal, 5)
            assert a in legal, (style, st.view(None)["phase"], a)
            st.apply(a)
            moves.append(a)
            if len(moves) > 3000:
                break
        again = games.new_game(game, seed=5)
        for a in moves[:60]:      # the same inputs give the same choices
            seat = again.to_act()
            assert pool.choose(style, again.view(seat), again.legal_actions(), 5) == a
            again.apply(a)


def test_unknown_style_is_refused():
    st = games.new_game("nommie", seed=1)
    with pytest.raises(ValueError):
        pool.choose("sneaky", st.view(st.to_act()), st.legal_actions())


def test_tournament_counts_calibration_per_player():
    calib = {}
    rows, wins, _ = tournament.collect("callbreak", [2, "cautious", "cautious", "cautious"],
                                       10, 1, calib)
    assert len(rows) == 10 and set(rows[0]) == {2, "cautious"}
    for player in (2, "cautious"):
        n, bids, taken, exact = calib[player]
        assert n > 0 and 0 <= exact <= n
        assert n <= bids <= 8 * n and 0 <= taken <= 13 * n
    text = tournament.calibration_text(calib[2])
    assert text.startswith("bid ") and "exact" in text
    assert tournament.parse_player("3") == 3 and tournament.parse_player("trumps") == "trumps"


def test_every_seating_puts_each_level_after_each_other_equally_often():
    # rotations keep the order round the table; --seatings all does not
    from tools.strength.tournament import seatings
    rot = seatings([3, 2, 1, 0], False)
    assert len(rot) == 4 and all(s[(s.index(3) + 1) % 4] == 2 for s in rot)
    every = seatings([3, 2, 1, 0], True)
    assert len(every) == 24
    after3 = [s[(s.index(3) + 1) % 4] for s in every]
    assert sorted(set(after3)) == [0, 1, 2] and after3.count(0) == after3.count(1) == 8
    for seat in range(4):
        assert sorted(s[seat] for s in every) == sorted([0, 1, 2, 3] * 6)
    assert len(seatings([3, 2, 2, 2], True)) == 4      # distinct seatings only


def test_a_mixed_table_plays_every_seating_unless_told_rotations(capsys):
    tournament.main(["nines", "--levels", "3", "2", "1", "--deals", "1", "--jobs", "1"])
    assert "(duplicate: each deal in 6 seatings)" in capsys.readouterr().out
    tournament.main(["nines", "--levels", "2", "1", "0", "--deals", "1", "--jobs", "1",
                     "--seatings", "rotations"])
    assert "(duplicate: each deal in 3 rotations)" in capsys.readouterr().out


def nommie_view(hand, bids, tricks=(0, 0, 0, 0), trick=(), trump=None, phase="bid", plays=()):
    # seat 0 to act, four players; the parts of a view the pool reads
    return {"game": "nommie", "phase": phase, "to_act": 0, "players": 4, "round": 0,
            "hands": [sorted(hand), None, None, None], "bids": list(bids),
            "tricks": list(tricks), "trick": [list(p) for p in trick], "trump": trump,
            "plays": list(plays), "counts": [len(hand)] * 4, "hand_size": len(hand)}


def cards(text):
    from engine.parse import parse_card
    return [parse_card(t) for t in text.split()]


def test_the_sober_player_counts_aces_guarded_kings_and_long_trumps():
    hand = cards("AS KS 2H KD AC 3C")           # ace, guarded king, lone king, ace
    assert pool.counted(hand, None) == 3
    long_hand = cards("AS KS 2S 3S 4S 5S 9H")   # six spades: three past three
    assert pool.counted(long_hand, 3) == 2 + 3 and pool.counted(long_hand, 2) == 2


def test_the_sober_player_bids_its_count_and_takes_the_lower_side_of_the_hook():
    hand = cards("AS KS 2H KD AC 3C")
    legal = [100 + n for n in range(7)]
    assert pool.choose("sober", nommie_view(hand, [None, 2, 1, 4]), legal) == 103
    hooked = [a for a in legal if a != 103]     # the dealer may not bid 3
    assert pool.choose("sober", nommie_view(hand, [None, 2, 1, 4]), hooked) == 102


def test_the_sober_player_wins_cheaply_while_short_and_ducks_once_made():
    hand = cards("AH QH 5H 2C")
    legal = cards("AH QH 5H")
    trick = [(3, cards("JH")[0])]
    short = nommie_view(hand, [2, 1, 1, 1], trick=trick, trump=3, phase="play")
    # the queen wins cheaply but the king is out: the ace is the sure winner
    assert pool.choose("sober", short, legal) == cards("AH")[0]
    made = nommie_view(hand, [1, 1, 1, 1], tricks=[1, 0, 0, 0], trick=trick, trump=3, phase="play")
    assert pool.choose("sober", made, legal) == cards("5H")[0]
    # last to play, short of its bid: the cheapest winner is enough
    last = nommie_view(hand, [2, 1, 1, 1], trick=[(1, cards("2H")[0]), (2, cards("3H")[0]),
                                                  (3, cards("JH")[0])], trump=3, phase="play")
    assert pool.choose("sober", last, legal) == cards("QH")[0]


def test_the_sober_player_leads_from_length_once_its_bid_is_made():
    hand = cards("9H 7H 4H 8C 6D")
    made = nommie_view(hand, [0, 1, 1, 1], trump=3, phase="play")
    assert pool.choose("sober", made, hand) == cards("4H")[0]


def test_the_pool_table_plays_every_game_and_level_against_every_style(capsys):
    table = tournament.pool_table(["callbreak", "nines"], [2], 4, 1)
    assert [(r[0], r[2]) for r in table] == [(g, s) for g in ("callbreak", "nines")
                                             for s in pool.STYLES]
    for game, level, style, m, h, mine, theirs in table:
        assert level == 2 and h >= 0
        assert (mine is not None and theirs is not None) == (game == "callbreak")
    out = capsys.readouterr().out
    assert "| callbreak | L2 | sober |" in out and " / " in out


# --- the determinized-search player (tools/strength/search.py) -------------

@pytest.mark.parametrize("game", GAMES)
def test_the_search_player_plays_legally_and_the_same_each_time(game):
    from tools.strength import search
    st = games.new_game(game, seed=11)
    moves, searched = [], 0
    while not st.is_over() and len(moves) < 90:
        seat = st.to_act()
        legal = st.legal_actions()
        if seat in (0, 2):
            a = tournament.player_choose("search", st.view(seat), legal, 3)
            searched += len(legal) > 1
        else:
            a = pool.choose("sober", st.view(seat), legal, 3)
        assert a in legal, (st.view(None)["phase"], a)
        st.apply(a)
        moves.append(a)
    assert searched >= 5
    again = games.new_game(game, seed=11)
    for a in moves[:40]:
        seat = again.to_act()
        if seat in (0, 2):
            assert search.choose(again.view(seat), again.legal_actions(), 3) == a
        again.apply(a)


def play_until(game, seed, stop, players=None):
    """A game of level-1 bots up to the first position where stop(state) holds."""
    st = games.new_game(game, seed=seed)
    from engine import bots
    while not st.is_over() and not stop(st):
        seat = st.to_act()
        st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, seed))
    return st


def check_samples(st, count=30):
    """Every sampled deal keeps the counts, the seat's own and known hands,
    deals only unseen cards and never a card of a suit a seat showed out of;
    Call Break's forced plays are honoured. Returns the number of voids seen."""
    from tools.strength import search
    import random
    view = st.view(st.to_act())
    know = search.Knowledge(view)
    me = view["to_act"]
    truth = st.view(None)["hands"]
    voids = 0
    rng = random.Random(5)
    for _ in range(count):
        hands, rest = know.sample(rng)
        assert [len(h) for h in hands] == view["counts"]
        assert hands[me] == view["hands"][me]
        dealt = sorted(sum(hands, []) + rest)
        assert dealt == sorted(set(dealt))
        assert sorted(set(dealt) - set(view["hands"][me])) == sorted(
            set(know.unseen) | set(c for p in range(view["players"]) if p != me
                                   for c in (know.fixed[p] or ())))
        for p in range(view["players"]):
            for c in hands[p]:
                assert know.may_hold(p, c), (p, c)
    for p in range(view["players"]):
        for s in range(4):
            if know.ceil[p][s] == 0:
                voids += 1
            # the truth is one of the deals the knowledge allows
            assert all(know.may_hold(p, c) for c in truth[p]), (p, truth[p], know.ceil[p])
    return voids


@pytest.mark.parametrize("game", ["nommie", "callbreak", "israeli", "nines"])
def test_the_search_player_samples_only_deals_the_seat_could_face(game):
    voids = 0
    for seed in range(1, 9):
        st = play_until(game, seed, lambda s: s.phase == "play" and len(s.plays) >= 24)
        if st.phase == "play":
            voids += check_samples(st)
    assert voids > 0      # some seat showed out of a suit, and the samples honoured it


def test_the_search_player_reads_call_breaks_forced_plays():
    from tools.strength import search
    # seat 1 leads the 9 of clubs, seat 2 follows with the 4 (so holds no
    # club above the 9), seat 3, void in clubs, throws a heart (so holds no spade)
    view = {"game": "callbreak", "players": 4, "to_act": 0, "trump": 3,
            "hands": [[0, 1], None, None, None], "counts": [2, 1, 1, 1],
            "plays": [7 | 1 << 6 | 512, 2 | 2 << 6, 30 | 3 << 6], "round": 0,
            "bids": [2, 2, 2, 2], "phase": "play"}
    know = search.Knowledge(view)
    assert know.ceil[2][0] == 7 + 1          # no club above the 9
    assert know.ceil[3][0] == 0 and know.ceil[3][3] == 0   # void in clubs, no spade
    assert know.ceil[1] == [13, 13, 13, 13]


def test_the_search_player_leaves_nommies_undealt_cards_out_and_weights_by_bids():
    from tools.strength import search
    import random
    st = play_until("nommie", 4, lambda s: s.round == 10 and s.phase == "play")
    view = st.view(st.to_act())
    know = search.Knowledge(view)
    hands, rest = know.sample(random.Random(1))
    assert len(rest) == 52 - 4 * view["hand_size"]
    deals = search.sample_deals(view, know, random.Random(2), 40)
    assert len(deals) == 40
    # the kept deals fit the bids better than plain draws, on average
    plain = [know.sample(random.Random(100 + i)) for i in range(200)]

    def mean(ds):
        return sum(search.fit(view, know, d[0]) for d in ds) / len(ds)
    assert mean(deals) >= mean(plain)
