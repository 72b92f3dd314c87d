"""QR codes (ISO/IEC 18004), made in Python for the live table's join codes (docs/live.md):
byte mode, error correction level L or M, versions 1 to 40, drawn as one SVG path.

Written to the standard rather than shipped as a library: what the table needs is about 150
lines, where segno's encoder and writers are 190 kB of source (docs/live.md says why);
tests/web/test_qr.py checks every matrix against segno's, module for module.
"""

from itertools import groupby, pairwise

# error correction codewords per block and number of blocks, by level and version (1 to 40)
ECC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}
BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}
LEVEL_BITS = {"L": 1, "M": 0}  # as the format information writes them
MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


class TooLong(ValueError):
    """The data does not fit in a QR code of version 40 at the level asked."""


def matrix(data: bytes, level: str = "M", mask: int | None = None) -> list[list[bool]]:
    """The modules of the smallest QR code holding ``data`` (rows of dark = True), with the
    ``mask`` that scores best under the standard's penalty rules unless one is given."""
    version = next((v for v in range(1, 41) if _fits(len(data), v, level)), None)
    if version is None:
        raise TooLong(f"{len(data)} bytes do not fit in a QR code at level {level}")
    symbol = _Symbol(version, level)
    symbol.place(_codewords(data, version, level))
    masks = range(8) if mask is None else (mask,)
    return min((symbol.masked(m) for m in masks), key=_penalty)


def svg(modules: list[list[bool]], label: str) -> str:
    """The code as an SVG image (quiet zone of 4 modules included), one path of dark runs."""
    size, runs = len(modules) + 8, []
    for y, row in enumerate(modules):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + 4} {y + 4}h{x - start}v1h-{x - start}z")
            x += 1
    return (f'<svg class="qr" viewBox="0 0 {size} {size}" role="img" aria-label="{label}" '
            f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>')


# --- the codewords -------------------------------------------------------------------------
def _raw_modules(version: int) -> int:
    """Modules left for data and error correction once the function patterns are drawn."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        aligns = version // 7 + 2
        result -= (25 * aligns - 10) * aligns - 55
        if version >= 7:
            result -= 36
    return result


def _data_codewords(version: int, level: str) -> int:
    return (_raw_modules(version) // 8
            - ECC_PER_BLOCK[level][version - 1] * BLOCKS[level][version - 1])


def _count_bits(version: int) -> int:
    return 8 if version < 10 else 16


def _fits(length: int, version: int, level: str) -> bool:
    return 4 + _count_bits(version) + 8 * length <= 8 * _data_codewords(version, level)


def _codewords(data: bytes, version: int, level: str) -> list[int]:
    """Byte mode segment, terminator and padding, then the error correction blocks
    interleaved."""
    capacity = _data_codewords(version, level) * 8
    bits = f"0100{len(data):0{_count_bits(version)}b}" + "".join(f"{b:08b}" for b in data)
    bits += "0" * min(4, capacity - len(bits))
    bits += "0" * (-len(bits) % 8)
    words = [int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)]
    words += [(0xEC, 0x11)[i % 2] for i in range(capacity // 8 - len(words))]
    blocks_n = BLOCKS[level][version - 1]
    ecc_n = ECC_PER_BLOCK[level][version - 1]
    raw = _raw_modules(version) // 8
    short_n, short_len = blocks_n - raw % blocks_n, raw // blocks_n - ecc_n
    divisor = _rs_divisor(ecc_n)
    blocks, k = [], 0
    for i in range(blocks_n):
        block = words[k:k + short_len + (i >= short_n)]
        k += len(block)
        blocks.append(block)
    eccs = [_rs_remainder(block, divisor) for block in blocks]
    return ([b[i] for i in range(short_len + 1) for b in blocks if i < len(b)]
            + [e[i] for i in range(ecc_n) for e in eccs])


def _gf_multiply(x: int, y: int) -> int:
    """Product in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    """The Reed-Solomon generator polynomial of ``degree`` (its leading 1 left out)."""
    result, root = [0] * (degree - 1) + [1], 1
    for _step in range(degree):
        for j in range(degree):
            result[j] = _gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_multiply(root, 2)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for byte in data:
        factor = byte ^ result.pop(0)
        result.append(0)
        result = [r ^ _gf_multiply(c, factor) for r, c in zip(result, divisor, strict=True)]
    return result


def _bch(value: int, generator: int) -> int:
    """``value`` followed by its BCH check bits (format and version information)."""
    degree = generator.bit_length() - 1
    rem = value
    for _step in range(degree):
        rem = (rem << 1) ^ ((rem >> (degree - 1)) * generator)
    return value << degree | rem & ((1 << degree) - 1)


# --- the symbol ----------------------------------------------------------------------------
class _Symbol:
    """The function patterns of one version and level, and the data placed around them."""

    def __init__(self, version: int, level: str):
        self.version, self.level = version, level
        self.size = size = version * 4 + 17
        self.dark = [[False] * size for _row in range(size)]
        self.function = [[False] * size for _row in range(size)]
        for i in range(size):  # timing patterns
            self._set(6, i, i % 2 == 0)
            self._set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):  # finders and separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    if 0 <= cx + dx < size and 0 <= cy + dy < size:
                        self._set(cx + dx, cy + dy, max(abs(dx), abs(dy)) not in (2, 4))
        centres = self._alignment_centres()
        last = len(centres) - 1
        for i, cy in enumerate(centres):
            for j, cx in enumerate(centres):
                if (i, j) not in ((0, 0), (0, last), (last, 0)):
                    for dy in range(-2, 3):
                        for dx in range(-2, 3):
                            self._set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self._format(0)  # reserved now, written with the mask chosen
        if version >= 7:
            bits = _bch(version, 0x1F25)
            for i in range(18):
                a, b = size - 11 + i % 3, i // 3
                self._set(a, b, bool(bits >> i & 1))
                self._set(b, a, bool(bits >> i & 1))

    def _set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.function[y][x] = True

    def _alignment_centres(self) -> list[int]:
        if self.version == 1:
            return []
        count = self.version // 7 + 2
        step = (self.version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
        return [6] + sorted(self.size - 7 - i * step for i in range(count - 1))

    def _format(self, mask: int) -> None:
        bits = _bch(LEVEL_BITS[self.level] << 3 | mask, 0x537) ^ 0x5412
        size = self.size
        for i in range(15):
            dark = bool(bits >> i & 1)
            first = (8, i) if i < 6 else (8, i + 1) if i < 8 else (7, 8) if i == 8 else (14 - i, 8)
            second = (size - 1 - i, 8) if i < 8 else (8, size - 15 + i)
            self._set(*first, dark)
            self._set(*second, dark)
        self._set(8, size - 8, True)  # the dark module

    def place(self, codewords: list[int]) -> None:
        """The codewords' bits in the zigzag of column pairs, right to left."""
        bits = [bool(w >> (7 - k) & 1) for w in codewords for k in range(8)]
        i, size = 0, self.size
        for right in range(size - 1, 0, -2):
            if right <= 6:
                right -= 1  # the vertical timing pattern's column is skipped
            upward = not (right + 1) & 2
            for vert in range(size):
                y = size - 1 - vert if upward else vert
                for x in (right, right - 1):
                    if not self.function[y][x] and i < len(bits):
                        self.dark[y][x] = bits[i]
                        i += 1

    def masked(self, mask: int) -> list[list[bool]]:
        self._format(mask)
        flip = MASKS[mask]
        return [[d != (not f and flip(x, y)) for x, (d, f) in enumerate(zip(dr, fr, strict=True))]
                for y, (dr, fr) in enumerate(zip(self.dark, self.function, strict=True))]


# --- the penalty a mask is chosen by ---------------------------------------------------------
FINDER_LIKE = ((True, False, True, True, True, False, True, False, False, False, False),
               (False, False, False, False, True, False, True, True, True, False, True))


def _penalty(modules: list[list[bool]]) -> int:
    """The standard's four penalty rules: runs, 2x2 blocks, finder-like patterns, balance."""
    size = len(modules)
    score = 0
    for line in modules + [list(column) for column in zip(*modules, strict=True)]:
        score += sum(n - 2 for n in (len(list(run)) for _colour, run in groupby(line)) if n >= 5)
        score += 40 * sum(tuple(line[i:i + 11]) in FINDER_LIKE for i in range(size - 10))
    score += 3 * sum(a == b == c == d for upper, lower in pairwise(modules)
                     for a, b, c, d in zip(upper, upper[1:], lower, lower[1:], strict=False))
    dark = sum(map(sum, modules))
    return score + 10 * (abs(dark * 20 - size * size * 10) // (size * size))
