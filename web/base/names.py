"""Players' names: one spelling for each, and no two at one table that look alike.

The hand-over screen asks to pass the device to a name, so two seats must never be told apart
only by characters nobody can see or by letters of another script that look the same ("Ann"
and "Аnn" with a Cyrillic А). A name is normalised to NFC with its spaces folded; characters
that are invisible or reorder text (controls, format and bidi marks, private use, unassigned)
are refused. Two names clash when their case-folded skeletons match, the skeleton being
Unicode's UTS #39 one: every character replaced by the one it is confusable with
(web/data/confusables.json, written by tools/make_confusables.py).
"""

import json
import unicodedata
from functools import cache
from pathlib import Path

from web.base.i18n import _

MAX_NAME = 40  # characters
# categories never allowed in a name: controls, format (incl. bidi and zero-width), surrogates,
# private use, unassigned, line and paragraph separators
REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
JOINER = "\u200d"  # allowed only inside an emoji sequence (👩‍🚀)
EMOJI = {"So", "Sk", "Mn"}


class BadName(ValueError):
    """A name the table refuses; the message says why, in a player's words."""


def seat_name(seats: list[dict], seat) -> str:
    """The name ``seat`` plays under at the table: the set-up's, else "Player n" ("?" for a
    seat the game does not have, as a link may name)."""
    if type(seat) is int and 0 <= seat < len(seats):
        return seats[seat].get("name") or _("Player {n}").format(n=seat + 1)
    return "?"


def clean(name: str) -> str:
    """The name as the table keeps it (NFC, spaces folded, trimmed); BadName if a character
    in it is invisible or reorders text, or it is longer than MAX_NAME."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    for i, char in enumerate(text):
        if unicodedata.category(char) in REFUSED and not _joins_emoji(text, i):
            code = f"U+{ord(char):04X}"
            raise BadName(_("The name “{name}” contains an invisible or text-reordering "
                            "character ({code}): type it again without it.").format(
                name=_visible(text), code=code))
    if len(text) > MAX_NAME:
        raise BadName(_("A name has at most {n} characters.").format(n=MAX_NAME))
    return text


def clash(names: list[str]) -> tuple[str, str] | None:
    """The first two names (cleaned) that look alike, or None."""
    seen = {}
    for name in names:
        key = skeleton(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def clash_message(pair: tuple[str, str]) -> str:
    first, second = pair
    if first.casefold() == second.casefold():
        return _("Two seats have the same name: give every player a name of their own, so "
                 "that the device goes to the right person.")
    return _("Two seats have names that look alike (“{first}” and “{second}”, written with "
             "different letters): give every player a name of their own, so that the device "
             "goes to the right person.").format(first=first, second=second)


def skeleton(name: str) -> str:
    """The name's case-folded UTS #39 skeleton: equal for names that look alike."""
    table = _confusables()

    def mapped(text: str) -> str:
        text = unicodedata.normalize("NFD", text)
        return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in text))
    return mapped(mapped(name).casefold())


def _joins_emoji(text: str, i: int) -> bool:
    return (text[i] == JOINER and 0 < i < len(text) - 1
            and unicodedata.category(text[i - 1]) in EMOJI
            and unicodedata.category(text[i + 1]) in EMOJI)


def _visible(text: str) -> str:
    return "".join("�" if unicodedata.category(c) in REFUSED else c for c in text)


@cache
def _confusables() -> dict:
    path = Path(__file__).parents[1] / "data" / "confusables.json"
    return json.loads(path.read_text(encoding="utf-8"))["map"]
