"""A seeded pseudo-random generator whose whole state is four 32-bit words.

The project owns the algorithm (xoshiro128**, seeded through splitmix32) so that a game
record replays identically in CPython and in Pyodide, whatever their ``random`` module does.
The state is a plain list of ints, so it lives inside the JSON game state.
"""

MASK = 0xFFFFFFFF


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & MASK


def seed_state(seed: int) -> list[int]:
    """Four non-zero state words from any integer seed (splitmix32)."""
    x = seed & 0xFFFFFFFFFFFFFFFF
    words = []
    for _ in range(4):
        x = (x + 0x9E3779B9) & MASK
        z = x
        z = ((z ^ (z >> 16)) * 0x85EBCA6B) & MASK
        z = ((z ^ (z >> 13)) * 0xC2B2AE35) & MASK
        words.append(z ^ (z >> 16))
    if not any(words):
        words[0] = 1
    return words


class Rng:
    """xoshiro128** over a state list that it updates in place."""

    __slots__ = ("s",)

    def __init__(self, state: list[int]):
        self.s = state

    def next_u32(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 9) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            r = self.next_u32()
            if r < limit:
                return r % n

    def die(self, sides: int) -> int:
        return self.below(sides) + 1

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
