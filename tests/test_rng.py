"""The engine PRNG: pinned outputs (the same on the device) and fair shuffles."""
from engine.rng import Rng


def shuffled_deck(rng):
    # a deck as a new round deals it (engine/state.py)
    return rng.shuffle(list(range(52)))


def test_first_outputs_are_pinned():
    # These numbers are the contract: the MicroPython VM test checks the same
    # deals come out on the device side. Changing the PRNG changes every deal number.
    r = Rng(0)
    assert [r.next() for _ in range(5)] == [380173892, 32795231, 303439902, 97575857, 410124680]
    r = Rng(12345)
    assert [r.below(52) for _ in range(8)] == [14, 6, 25, 24, 49, 22, 36, 21]
    assert shuffled_deck(Rng(7))[:13] == [24, 20, 23, 49, 44, 27, 21, 36, 0, 6, 46, 35, 51]


def test_values_stay_small_ints():
    r = Rng(99)
    for _ in range(10000):
        assert 0 <= r.next() < 2 ** 29


def test_shuffle_is_a_permutation_and_seeds_differ():
    decks = [shuffled_deck(Rng(s)) for s in range(50)]
    for d in decks:
        assert sorted(d) == list(range(52))
    assert len(set(tuple(d) for d in decks)) == 50


def test_a_partial_shuffle_draws_k_cards_in_k_steps_fairly():
    # shuffle(items, k) draws the last k places only (a search dealing a few
    # cards from many unseen ones): a permutation still, k numbers drawn, and
    # every card as likely as another to be drawn; k of len - 1 or more is
    # the whole shuffle, k = 0 draws nothing.
    assert Rng(7).shuffle(list(range(52)), 51) == shuffled_deck(Rng(7))
    r = Rng(7)
    assert r.shuffle(list(range(52)), 0) == list(range(52)) and r.x == Rng(7).x
    r, ref = Rng(3), Rng(3)
    d = r.shuffle(list(range(52)), 6)
    assert sorted(d) == list(range(52)) and d[:46] != list(range(46))
    for _ in range(6):
        ref.next()
    assert r.x == ref.x
    counts = [0] * 52
    r = Rng(11)
    for _ in range(5200):
        for c in r.shuffle(list(range(52)), 6)[46:]:
            counts[c] += 1
    assert min(counts) > 500 and max(counts) < 700    # 600 each expected


def test_below_is_roughly_uniform():
    r = Rng(5)
    counts = [0] * 13
    for _ in range(13000):
        counts[r.below(13)] += 1
    assert min(counts) > 850 and max(counts) < 1150


def test_large_seeds_are_accepted():
    assert Rng(2 ** 40 + 3).next() != Rng(3).next()


# --- deal numbers: one range everywhere, each number its own cards ------------------
def _np_decks(seeds, rng_state=None, size=52, deck=None):
    """The engine's Rng.shuffle, for many seeds at once (numpy): (decks, states)."""
    import numpy as np
    from engine import rng as R
    if rng_state is None:
        s = np.asarray(seeds, dtype=np.int64)
        x = (0x2545F49 ^ (s & R._MASK) ^ ((s >> 29) & R._MASK)) & R._MASK
        for _ in range(4):
            x = _np_next(x)
    else:
        x = rng_state
    rows = np.arange(len(x))
    d = np.tile(np.arange(size, dtype=np.int16), (len(x), 1)) if deck is None else deck.copy()
    for i in range(d.shape[1] - 1, 0, -1):
        x = _np_next(x)
        j = ((x >> 5) * (i + 1)) >> 24
        a = d[rows, i].copy()
        d[rows, i] = d[rows, j]
        d[rows, j] = a
    return d, x


def _np_next(x):
    from engine import rng as R
    lo = (R._A * (x & 0x7FFF) + R._C) & R._MASK
    hi = ((R._A * (x >> 15)) & 0x3FFF) << 15
    return (lo + hi) & R._MASK


def _distinct_rows(a):
    import numpy as np
    a = np.ascontiguousarray(a)
    return len(np.unique(a.view(np.dtype((np.void, a.dtype.itemsize * a.shape[1]))))) == len(a)


def test_every_deal_number_deals_different_cards():
    # Deal numbers 1..LAST_DEAL (the console, the setup screen, --seed and a
    # board alike) seed the deal PRNG; no two of them deal the same cards.
    # The seed -> PRNG state step is one-to-one below 2**29 (an xor, then the
    # LCG's bijective steps); what is checked here is the cards themselves:
    # the first deal as four sorted hands of 13 (Nommie's first round, Call
    # Break, Israeli Whist, Nines with its dummy), and Linger Longer's for 2-5
    # players (the sorted hands, the trump card, the stock's order).
    import numpy as np
    from engine import games
    from engine.rng import LAST_DEAL
    assert 1 < LAST_DEAL < 2 ** 29
    # (above 2**29 numbers deal alike: 2**29 + 5 is deal 4 again; the console
    # used to offer up to 999,999,999)
    assert shuffled_deck(Rng(2 ** 29 + 5)) == shuffled_deck(Rng(4))
    seeds = np.arange(1, LAST_DEAL + 1, dtype=np.int64)
    decks, after = _np_decks(seeds)
    for s in (1, 2, 777, LAST_DEAL):          # the numpy copy is the engine's shuffle
        assert list(decks[s - 1]) == shuffled_deck(Rng(s))
    hands = np.sort(decks.reshape(len(seeds), 4, 13), axis=2).reshape(len(seeds), 52)
    assert _distinct_rows(hands)
    for n in (2, 3, 4, 5):
        rest = decks[:, n * n:]
        stock, _ = _np_decks(None, after, deck=rest)
        own = np.sort(decks[:, :n * n].reshape(len(seeds), n, n), axis=2).reshape(len(seeds), -1)
        key = np.concatenate([own, rest[:, :1], stock], axis=1)
        for s in (1, 4321):
            g = games.new_game("linger", n, s)
            assert list(own[s - 1]) == [c for h in g.hands for c in h]
            assert g.trump_card == rest[s - 1, 0] and list(stock[s - 1]) == g.stock
        assert _distinct_rows(key), n


def test_every_front_end_offers_the_same_deal_numbers():
    from engine.rng import LAST_DEAL
    from hal import desktop_cli
    from ui.screens import newgame
    assert desktop_cli.LAST_DEAL == LAST_DEAL
    assert 10 ** newgame.DIGITS - 1 == LAST_DEAL          # the setup screen's digits
    assert desktop_cli.parse_args(["--seed", str(LAST_DEAL)])["seed"] == LAST_DEAL
    import pytest
    for bad in ("0", str(LAST_DEAL + 1), "999999999"):
        with pytest.raises(SystemExit):
            desktop_cli.parse_args(["--seed", bad])
    from test_console import run_console
    _, _, out = run_console(["1", "h 1 1 1", str(LAST_DEAL + 1), "0", str(LAST_DEAL)] + ["quit"])
    assert out.count("! Deal number: a number from 1 to %d." % LAST_DEAL) == 2
    assert "deal #%d" % LAST_DEAL in out


def test_play_again_after_the_last_deal_number_starts_from_1():
    from engine.rng import LAST_DEAL
    from hal import keys as K
    from uilogic import new_app, start, until
    app, d = new_app()
    start(app, "linger", ["bot", "bot"], seed=LAST_DEAL)
    until(d, lambda: type(app.top()).__name__ == "GameOver", key=K.B)
    app.top().again()
    assert app.top().session.seed == 1
