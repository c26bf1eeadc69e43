# A tiny PRNG that gives the same numbers on CPython and MicroPython.
#
# Algorithm: a linear congruential generator x' = (A*x + C) mod 2**29 with
# A = 0x6F2D (odd, A % 4 == 1) and C = 0x3C6B (odd), so its period is the full
# 2**29. The product is formed from 15-bit halves of x so every intermediate
# stays below 2**30: a MicroPython small int, no heap allocation per number.
# Outputs take the top bits, which are the well-mixed ones in an LCG.
# `below(n)` scales the top 24 bits; `shuffle` is Fisher-Yates from the end.
# One seed ("deal number") therefore deals the same cards everywhere.

_MASK = 0x1FFFFFFF  # 2**29 - 1
# Deal numbers are 1..LAST_DEAL on every board and the desktop (the console
# too): each deals different cards (tests/test_rng.py checks every one).
LAST_DEAL = 99999
_A = 0x6F2D
_C = 0x3C6B


class Rng:
    def __init__(self, seed=0):
        self.x = 0
        self.seed(seed)

    def seed(self, seed):
        s = int(seed)
        x = 0x2545F49 ^ (s & _MASK) ^ ((s >> 29) & _MASK)
        self.x = x & _MASK
        for _ in range(4):  # spread nearby seeds apart
            self.next()

    def next(self):
        # The next 29-bit value.
        x = self.x
        lo = (_A * (x & 0x7FFF) + _C) & _MASK
        hi = ((_A * (x >> 15)) & 0x3FFF) << 15
        self.x = (lo + hi) & _MASK
        return self.x

    def below(self, n):
        # A number in 0..n-1 (n >= 1).
        top = self.next() >> 5  # 24 bits
        if n <= 64:
            return (top * n) >> 24
        return top % n

    def shuffle(self, items, k=None):
        # items shuffled in place (and returned); with k, only the last k
        # places are drawn, a uniform random k of the items in random order,
        # in k steps (a search dealing a few cards from many unseen ones).
        # next() and below() written out in the loop (a level-3 search
        # shuffles every deal it samples: two calls a card cost more than
        # the arithmetic); the numbers are theirs.
        x = self.x
        i = len(items) - 1
        stop = 1 if k is None or k >= i else len(items) - k
        while i >= stop:
            x = (((0x6F2D * (x & 0x7FFF) + 0x3C6B) & _MASK)
                 + (((0x6F2D * (x >> 15)) & 0x3FFF) << 15)) & _MASK
            j = ((x >> 5) * (i + 1)) >> 24 if i < 64 else (x >> 5) % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.x = x
        return items


def random_deal(entropy):
    # A deal number 1..LAST_DEAL from entropy() (a function giving a
    # non-negative int), or 1 without one.
    return 1 + (entropy() % LAST_DEAL if entropy else 0)
