"""QR codes (ISO/IEC 18004) for the links of a game by links, drawn on screen for a phone beside
this one to scan: byte mode, error correction level L (the link fits in the smallest version;
a screen is not a torn sticker), versions 1 to 40, the mask of least penalty. Pure Python, no
dependency (after Project Nayuki's public-domain reference design).

:func:`encode` gives the modules as rows of booleans (True: dark), without the quiet zone;
:func:`path` one SVG path of the dark modules (one ``h``/``v`` run per row segment).
"""

from __future__ import annotations

from collections.abc import Callable

# Error correction level L: codewords of error correction per block, and blocks, by version.
_ECC_PER_BLOCK = (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
                  28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30)
_BLOCKS = (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12,
           13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25)
_FORMAT_L = 1  # level L's two format bits
MAX_BYTES = 2953  # version 40-L in byte mode
# jsQR 1.4.0, the camera's decoder where a browser has no BarcodeDetector, reads no version 23 code
# (this encoder's agree module for module with other encoders'): the next version is drawn instead
UNREAD_VERSION = 23


class TooLong(ValueError):
    """More than one QR code holds."""


def _raw_modules(version: int) -> int:
    """Data modules of a version (all but the function patterns), in bits."""
    n = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        n -= (25 * align - 10) * align - 55
        if version >= 7:
            n -= 36
    return n


def _data_codewords(version: int) -> int:
    return _raw_modules(version) // 8 - _ECC_PER_BLOCK[version] * _BLOCKS[version]


def _gf_multiply(x: int, y: int) -> int:
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_multiply(root, 0x02)
    return result


def _remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_multiply(coef, factor)
    return result


def _codewords(data: bytes, version: int) -> list[int]:
    """The data in byte mode, padded, split in blocks, each with its error correction,
    interleaved."""
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(length)))

    put(0b0100, 4)
    put(len(data), 8 if version < 10 else 16)
    for byte in data:
        put(byte, 8)
    capacity = _data_codewords(version) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    pad = 0xEC
    while len(bits) < capacity:
        put(pad, 8)
        pad ^= 0xEC ^ 0x11
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    blocks_n, ecc = _BLOCKS[version], _ECC_PER_BLOCK[version]
    raw = _raw_modules(version) // 8
    short = blocks_n - raw % blocks_n
    short_len = raw // blocks_n
    divisor = _divisor(ecc)
    blocks, k = [], 0
    for i in range(blocks_n):
        size = short_len - ecc + (0 if i < short else 1)
        block = words[k:k + size]
        k += size
        check = _remainder(block, divisor)
        if i < short:
            block = [*block, 0]  # a placeholder where the longer blocks have one more
        blocks.append(block + check)
    out = []
    for i in range(len(blocks[0])):
        for j, block in enumerate(blocks):
            if i != short_len - ecc or j >= short:
                out.append(block[i])
    return out


class _Matrix:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = size = version * 4 + 17
        self.dark = [[False] * size for _ in range(size)]
        self.fixed = [[False] * size for _ in range(size)]
        self._function_patterns()

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def _function_patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        self.set(x, y, max(abs(dx), abs(dy)) not in (2, 4))
        positions = self._alignment_positions()
        last = len(positions) - 1
        for i, px in enumerate(positions):
            for j, py in enumerate(positions):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(px + dx, py + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0)  # reserved now, drawn with the mask
        if self.version >= 7:
            rem = self.version
            for _ in range(12):
                rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
            bits = self.version << 12 | rem
            for i in range(18):
                dark = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.set(a, b, dark)
                self.set(b, a, dark)

    def _alignment_positions(self) -> list[int]:
        version = self.version
        if version == 1:
            return []
        count = version // 7 + 2
        step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
        out = [self.size - 7 - i * step for i in range(count - 1)]
        return [6, *reversed(out)]

    def format_bits(self, mask: int) -> None:
        data = _FORMAT_L << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        size = self.size
        bit = [((bits >> i) & 1) == 1 for i in range(15)]
        for i in range(6):
            self.set(8, i, bit[i])
        self.set(8, 7, bit[6])
        self.set(8, 8, bit[7])
        self.set(7, 8, bit[8])
        for i in range(9, 15):
            self.set(14 - i, 8, bit[i])
        for i in range(8):
            self.set(size - 1 - i, 8, bit[i])
        for i in range(8, 15):
            self.set(8, size - 15 + i, bit[i])
        self.set(8, size - 8, True)

    def place(self, codewords: list[int]) -> None:
        size, i = self.size, 0
        total = len(codewords) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = (right + 1) & 2 == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2


_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _masked(matrix: _Matrix, mask: int) -> list[list[bool]]:
    test = _MASKS[mask]
    rows = []
    for y in range(matrix.size):
        dark, fixed = matrix.dark[y], matrix.fixed[y]
        rows.append([d != (not f and test(x, y)) for x, (d, f) in enumerate(zip(dark, fixed))])
    return rows


_FINDERS = ("10111010000", "00001011101")  # a finder's 1:1:3:1:1 with four light beside it


def _penalty(rows: list[list[bool]]) -> int:
    """The standard's penalty of a masked code: long runs, 2 × 2 blocks, finder look-alikes and
    an uneven balance of dark and light."""
    size = len(rows)
    lines = ["".join("1" if d else "0" for d in row) for row in rows]
    columns = ["".join(line[x] for line in lines) for x in range(size)]
    score = 0
    for line in (*lines, *columns):
        for run in _runs(line):
            if run >= 5:
                score += run - 2
        for finder in _FINDERS:
            at = line.find(finder)
            while at >= 0:
                score += 40
                at = line.find(finder, at + 1)
    for y in range(size - 1):
        a, b = lines[y], lines[y + 1]
        for x in range(size - 1):
            if a[x] == a[x + 1] == b[x] == b[x + 1]:
                score += 3
    dark = sum(line.count("1") for line in lines)
    total = size * size
    score += (abs(dark * 20 - total * 10) + total - 1) // total * 10 - 10
    return score


def _runs(line: str) -> list[int]:
    out, run = [], 1
    for i in range(1, len(line)):
        if line[i] == line[i - 1]:
            run += 1
        else:
            out.append(run)
            run = 1
    out.append(run)
    return out


def encode(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (UTF-8 bytes), as rows of modules; :class:`TooLong` beyond one."""
    data = text.encode()
    version = next((v for v in range(1, 41)
                    if 4 + (8 if v < 10 else 16) + 8 * len(data) <= _data_codewords(v) * 8), None)
    if version is None:
        raise TooLong(f"{len(data)} bytes are more than a QR code holds ({MAX_BYTES})")
    if version == UNREAD_VERSION:
        version += 1  # (any larger version holds it too)
    matrix = _Matrix(version)
    matrix.place(_codewords(data, version))
    best: tuple[int, list[list[bool]]] | None = None
    for mask in range(8):
        matrix.format_bits(mask)
        rows = _masked(matrix, mask)
        score = _penalty(rows)
        if best is None or score < best[0]:
            best = (score, rows)
    assert best is not None
    return best[1]


def path(rows: list[list[bool]], quiet: int = 4) -> str:
    """The dark modules as one SVG path, offset by the quiet zone."""
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + quiet},{y + quiet}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return "".join(parts)
