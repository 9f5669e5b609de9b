"""The deal's shuffle is part of every seeded If Then match: the batched, unrolled fast_shuffle
must give the permutation (and use the draws) of the plain one-draw-per-two-swaps loop."""

from engine.ifthen.setup import fast_shuffle
from engine.rng import Rng


def reference_shuffle(rng, items):
    """Fisher-Yates, one 64-bit draw per two swaps: its low 32 bits, then its high 32 bits."""
    items = list(items)
    word, spare = 0, False
    for i in range(len(items) - 1, 0, -1):
        if spare:
            half, spare = word >> 32, False
        else:
            word, spare = rng.next64(), True
            half = word & 0xFFFFFFFF
        j = (half * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
    return items


def test_the_fast_shuffle_is_the_reference_shuffle():
    for size in (0, 1, 2, 3, 59, 60, 61):
        for seed in range(10):
            fast, plain = Rng(seed), Rng(seed)
            assert fast_shuffle(fast, range(size)) == reference_shuffle(plain, range(size))
            assert fast.counter == plain.counter
