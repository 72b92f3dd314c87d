"""QR codes read back as a phone's camera would, for the tests (tests/web, e2e): jsQR, a
decoder written independently of web/screens/qr.py, run in Node.js (tools/qr_read.mjs)."""

import json
import re
import subprocess
from pathlib import Path

READER = Path(__file__).with_name("qr_read.mjs")


def read_back(matrices: list[list[list[bool]]]) -> list[bytes | None]:
    """What jsQR, a decoder written independently of web/screens/qr.py, reads from each QR code's
    modules (tools/qr_read.mjs); None where it reads nothing."""
    lines = "".join(json.dumps([[int(m) for m in row] for row in matrix]) + "\n"
                    for matrix in matrices)
    out = subprocess.run(["node", str(READER)], input=lines, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return [None if line == "-" else bytes.fromhex(line[1:]) for line in out]


def drawn(picture: str) -> list[list[bool]]:
    """The modules a QR code's SVG (web/screens/qr.py's ``svg``) draws, its quiet zone left out."""
    size = int(re.search(r'viewBox="0 0 (\d+)', picture).group(1)) - 8
    modules = [[False] * size for _ in range(size)]
    for x, y, run in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", picture):
        for dx in range(int(run)):
            modules[int(y) - 4][int(x) - 4 + dx] = True
    return modules
