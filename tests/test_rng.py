"""The engine PRNG: pinned outputs (the same on the device) and fair shuffles."""
from engine.rng import Rng, shuffled_deck


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


def test_below_is_roughly_uniform():
    r = Rng(5)
    counts = [0] * 13
    for _ in range(13000):
        counts[r.below(13)] += 1
    assert min(counts) > 850 and max(counts) < 1150


def test_large_seeds_are_accepted():
    assert Rng(2 ** 40 + 3).next() != Rng(3).next()
