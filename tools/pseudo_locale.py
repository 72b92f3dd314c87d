"""The pseudo-locale "qps" for layout tests: every text accented, about 40 % longer, bracketed.

    [Šţáŕţ ţĥë ĝáḿë~~~~]      (from "Start the game")

A pseudo catalog shows at a glance which texts are not marked for translation (they stay
plain English) and whether the screens hold longer texts (German runs about a third longer
than English) and letters with accents above and below. It is made from the extracted template
(``web/locale/messages.pot``): every msgstr is its msgid transformed, plural forms included;
placeholders (``{name}``, ``{n:,}``) and escaped braces stay exactly as they are.

It never reaches players: the catalog is compiled into a copy of the built site only
(``build/site-pseudo/``, for e2e/test_pseudo_locale.py), never into ``web/locale/`` or the
wheel; the language is not in ``web.base.i18n.LANGUAGES`` (so neither the menu nor the browser's
languages offer it), and ``web.base.i18n.choose`` takes the stored value "qps" only where its
catalog exists. See docs/i18n.md.

    python tools/pseudo_locale.py catalog POT MO    # the compiled pseudo catalog
    python tools/pseudo_locale.py site MO           # build/site + the catalog -> build/site-pseudo
"""

import io
import math
import re
import shutil
import sys
import zipfile
from pathlib import Path

import build_site  # tools/, beside this script
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from precompress import precompress

ROOT = Path(__file__).resolve().parents[1]
CODE = "qps"  # the "qps-ploc" pseudo-locale code (a private-use ISO 639 code)
SITE = build_site.SITE
PSEUDO_SITE = ROOT / "build" / "site-pseudo"
GROWTH = 0.4  # the share a text grows by
PAD = "~"

ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđëƒĝĥíĵķĺḿñöþǫŕšţüṽŵẋýžÁƁÇĐËƑĜĤÍĴĶĹḾÑÖÞǪŔŠŢÜṼŴẊÝŽ")
# kept as they are: format fields {name} {n:,} {0}, escaped braces {{ }}
PROTECTED = re.compile(r"\{\{|\}\}|\{[^{}]*\}")


def pseudo(text: str) -> str:
    """``text`` accented and bracketed, with padding to about 40 % more characters: its last
    word grows by a few characters (as German words are longer), the rest of the padding
    comes in short words, so a long text can still wrap where the original could."""
    if not text:
        return text
    parts, at = [], 0
    for field in PROTECTED.finditer(text):
        parts.append(text[at:field.start()].translate(ACCENTS))
        parts.append(field.group())
        at = field.end()
    parts.append(text[at:].translate(ACCENTS))
    extra = max(1, math.ceil(len(text) * GROWTH) - 2)  # the brackets count too
    words = [PAD * min(5, extra - i) for i in range(0, extra, 5)]
    return f"[{''.join(parts)}{' '.join(words)}]"


def catalog(pot: Catalog) -> Catalog:
    """The pseudo catalog of a template: English plural rules, every text transformed."""
    out = Catalog(locale="en", project=pot.project, version=pot.version, fuzzy=False)
    for message in pot:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string = tuple(pseudo(form) for form in message.id)
        else:
            string = pseudo(message.id)
        out.add(message.id, string, flags=[f for f in message.flags if f != "fuzzy"])
    return out


def write_catalog(pot_path: Path, mo_path: Path) -> Catalog:
    with open(pot_path, "rb") as f:
        result = catalog(read_po(f))
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with open(mo_path, "wb") as f:
        write_mo(f, result)
    return result


def pseudo_site(mo_path: Path, site: Path = SITE, dest: Path = PSEUDO_SITE) -> Path:
    """A copy of the built site whose app archive holds the pseudo catalog too (beside the
    real ones, where web.base.i18n looks for it), with its own service worker version and its own
    precompressed files."""
    if not (site / "app.zip").exists():
        raise SystemExit(f"{site} is not built: run `make site` first")
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(site, dest, ignore=shutil.ignore_patterns("app.zip", "sw.js", "*.br", "*.gz"))
    buffer = io.BytesIO((site / "app.zip").read_bytes())
    # stored, as the rest: static/worker.mjs unpacks only uncompressed files
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_STORED) as archive:
        archive.write(mo_path, f"web/locale/{CODE}/LC_MESSAGES/messages.mo")
    (dest / "app.zip").write_bytes(buffer.getvalue())
    build_site.write_service_worker(dest)
    precompress(dest)
    return dest


if __name__ == "__main__":
    match sys.argv[1:]:
        case ["catalog", pot, mo]:
            print(f"{len(write_catalog(Path(pot), Path(mo)))} pseudo texts -> {mo}")
        case ["site", mo]:
            print(pseudo_site(Path(mo)))
        case _:
            raise SystemExit(__doc__)
