"""The table's languages: English and German.

Texts are written in English in the code and marked for translation: ``_("...")`` where they
are shown, ``N_("...")`` where they are defined ahead of time (translated with ``_`` when
shown), ``ngettext`` where a number decides the form. Babel extracts the marked texts into
``web/locale/messages.pot``; each language has its catalog ``web/locale/<lang>/LC_MESSAGES/
messages.po``, compiled to ``.mo`` at build time (``make catalogs``) and read here with the
standard library's gettext, in CPython and in the browser alike. German terms follow
docs/glossary.md.

One language is active at a time for the page (the browser runs one table per page); the app
chooses it from the player's stored choice, else the browser's languages.
"""

import gettext
import time
from pathlib import Path

LANGUAGES = {"en": "English", "de": "Deutsch"}  # code -> its name in itself
DEFAULT = "en"
DOMAIN = "messages"
LOCALE = Path(__file__).parents[1] / "locale"
PSEUDO = "qps"  # the pseudo-locale for layout tests: only in a test build (tools/pseudo_locale.py)

_active: gettext.NullTranslations = gettext.NullTranslations()
_code = DEFAULT


def choose(stored: str | None, preferred: list[str]) -> str:
    """The language to use: the stored choice, else the first of the browser's preferred
    languages (``de-DE``, ``en-GB``, ...) that the table speaks, else English. The pseudo-locale
    is never offered: only a stored choice takes it, and only where its catalog was built in."""
    if stored in LANGUAGES:
        return stored
    if stored == PSEUDO and gettext.find(DOMAIN, LOCALE, [PSEUDO]):
        return stored
    for tag in preferred:
        code = str(tag).split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def activate(code: str) -> None:
    """Make ``code`` the language of every text from now on (FileNotFoundError when its
    catalog was not compiled: run ``make catalogs``)."""
    global _active, _code
    _active = gettext.translation(DOMAIN, LOCALE, [code])
    _code = code


def current() -> str:
    return _code


def _(text: str) -> str:
    return _active.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _active.ngettext(singular, plural, n)


def N_(text: str) -> str:
    """Marks a text for translation where it is defined; ``_`` translates it when shown."""
    return text


def number(n: int) -> str:
    """A whole number as the language writes it (German groups thousands with a dot)."""
    text = f"{n:,}"
    return text.replace(",", ".") if _code == "de" else text


def moment(local: time.struct_time) -> str:
    """A day and time as the language writes them: 26.11.2026, 14:05 or 26 Nov 2026, 14:05."""
    if _code == "de":
        return time.strftime("%d.%m.%Y, %H:%M", local)
    return time.strftime("%d %b %Y, %H:%M", local)
