"""The table's QR codes (web/screens/qr.py) read back by jsQR, a decoder written independently
(tools/qr_codes.py, run in Node.js): every version's size class, both levels, every mask."""

import random
import sys
from pathlib import Path

import pytest

from web.screens import qr

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from qr_codes import drawn, read_back  # noqa: E402  (tools/ is a folder of scripts)


def data_of(length: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(length)


# lengths that need versions 1, 2, 5, 7 (version information), 11 (a 16-bit count), 15, 22, 40
LENGTHS = {"L": (0, 17, 100, 150, 272, 520, 1000, 2953),
           "M": (14, 26, 80, 120, 214, 412, 740, 2331)}


def test_codes_of_every_size_class_and_both_levels_read_back_as_their_bytes():
    cases = [(level, n, data_of(n, n)) for level, lengths in LENGTHS.items() for n in lengths]
    read = read_back([qr.matrix(data, level) for level, _n, data in cases])
    assert read == [data for _level, _n, data in cases]
    sizes = {(level, n): len(qr.matrix(data, level)) for level, n, data in cases}
    assert sizes[("L", 0)] == 21 and sizes[("L", 2953)] == sizes[("M", 2331)] == 177


def test_every_mask_reads_back_and_the_one_chosen_scores_least():
    data = b"https://table.example/#r=1" + data_of(60, 7)
    assert read_back([qr.matrix(data, "M", mask) for mask in range(8)]) == [data] * 8
    chosen = qr.matrix(data, "M")
    assert qr._penalty(chosen) == min(qr._penalty(qr.matrix(data, "M", m)) for m in range(8))


def test_one_byte_more_than_a_version_holds_takes_the_next_version():
    assert len(qr.matrix(bytes(17), "L")) == 21 and len(qr.matrix(bytes(18), "L")) == 25
    assert len(qr.matrix(bytes(14), "M")) == 21 and len(qr.matrix(bytes(15), "M")) == 25
    with pytest.raises(qr.TooLong):
        qr.matrix(bytes(2954), "L")


def test_the_svg_draws_exactly_the_dark_modules_inside_a_quiet_zone():
    modules = qr.matrix(b"Bea: join the table", "M")
    picture = qr.svg(modules, "Join code")
    size = len(modules)
    assert f'viewBox="0 0 {size + 8} {size + 8}"' in picture and 'aria-label="Join code"' in picture
    assert drawn(picture) == modules
