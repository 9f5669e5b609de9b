"""Counter-based deterministic RNG that round-trips through JSON as two integers.

Each draw hashes (seed, counter) with SplitMix64 and advances the counter, so the whole random
stream of a match is reproducible from its seed, and the generator's state is just
`{"seed": s, "counter": c}`. Nothing here touches the `random` module's global state.
"""

_MASK = 0xFFFF_FFFF_FFFF_FFFF  # 2**64 - 1 (engine/rng.pxd types these as 64-bit for the compiled build)
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB


def _mix(z):
    z = (z + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK
    return z ^ (z >> 31)


_COUNTER_MIXES = [_mix(c) for c in range(4096)]  # _mix(counter) needs no seed: first draws half price
# n -> the rejection limit of randbelow (2**64 - 2**64 % n - 1, written never to pass 2**64), for
# 0 < n < 4096 (draws are hot in playouts; the compiled build keeps it and the draw as C integers)
_SMALL_LIMITS = [0] + [_MASK - (_MASK % n + 1) % n for n in range(1, 4096)]


class Rng:
    """A seeded stream of 64-bit draws; `counter` counts the draws made so far."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed, counter=0):
        self.seed = int(seed) & _MASK
        self.counter = int(counter)

    def next64(self):
        """The next raw 64-bit draw."""
        # _mix(seed ^ _mix(counter)); the seed-free inner mix of the first draws comes from a table
        counter = self.counter = self.counter + 1
        # (two statements, not one: the compiled build types z, and then the xor is a C xor)
        z = _COUNTER_MIXES[counter] if counter < 4096 else _mix(counter)
        z ^= self.seed
        z = (z + _GOLDEN) & _MASK  # _mix inlined: draws are most of a playout's calls
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def draws(self, count):
        """The next `count` raw 64-bit draws, as a list (the same as `count` calls of next64,
        for callers that need many at once, e.g. a deck shuffle)."""
        out = []
        seed, counter = self.seed, self.counter
        for _ in range(count):  # next64 inlined
            counter += 1
            z = _COUNTER_MIXES[counter] if counter < 4096 else _mix(counter)
            z ^= seed
            z = (z + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            out.append(z ^ (z >> 31))
        self.counter = counter
        return out

    def randbelow(self, n):
        """A uniform integer in [0, n) (n >= 1), without modulo bias."""
        if 0 < n < 4096:  # the common case: the limit from the table (C integers when compiled)
            small = n
            limit = _SMALL_LIMITS[small]
            while True:  # next64 inlined (one call less per draw)
                counter = self.counter = self.counter + 1
                z = _COUNTER_MIXES[counter] if counter < 4096 else _mix(counter)
                z ^= self.seed
                z = (z + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _MUL1) & _MASK
                z = ((z ^ (z >> 27)) * _MUL2) & _MASK
                z ^= z >> 31
                if z <= limit:
                    return z % small
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n <= _MASK:  # a 64-bit n (a shuffle's block of swaps): C integers in the build
            wide = n
            limit = _MASK - (_MASK % wide + 1) % wide  # as below
            while True:
                z = self.next64()
                if z <= limit:
                    return z % wide
        if n - 1 > _MASK:  # (not n > _MASK + 1: that sum wraps to 0 in the build's 64 bits)
            raise ValueError("randbelow draws 64 bits: n must be at most 2**64")
        return self.next64()  # n == 2**64: every draw is uniform below it

    def randint(self, low, high):
        """A uniform integer in [low, high], both ends included."""
        return low + self.randbelow(high - low + 1)

    def die(self, sides=6):
        """One die roll, 1..sides."""
        return 1 + self.randbelow(sides)

    def random(self):
        """A float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq):
        """One element of a non-empty sequence (randbelow inlined: bots and playouts pick with
        this on every step)."""
        small = len(seq)
        if not 0 < small < 4096:
            return seq[self.randbelow(small)]  # (an empty sequence fails there)
        limit = _SMALL_LIMITS[small]
        while True:
            counter = self.counter = self.counter + 1
            z = _COUNTER_MIXES[counter] if counter < 4096 else _mix(counter)
            z ^= self.seed
            z = (z + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            z ^= z >> 31
            if z <= limit:
                return seq[z % small]

    def shuffled(self, seq):
        """A new list with the elements of seq in random order (Fisher-Yates)."""
        items = list(seq)
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def sample(self, seq, k):
        """k distinct elements of seq in random order."""
        return self.shuffled(seq)[:k]

    def fork(self, salt):
        """An independent generator derived from this one's seed and a salt (no draw made)."""
        return Rng(_mix(self.seed ^ _mix((int(salt) + 0x5151) & _MASK)))

    def to_json(self):
        """{"seed", "counter"}."""
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_json(cls, data):
        """Inverse of `to_json`."""
        return cls(data["seed"], data["counter"])
