"""The pseudo-locale (tools/pseudo_locale.py): every text accented and longer, its placeholders
intact, plural forms kept; and web.base.i18n takes it only from a stored choice where its catalog
was built in, never from the browser's languages or the menu."""

import gettext
import io
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from web.base import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from pseudo_locale import CODE, PROTECTED, catalog, pseudo  # noqa: E402 (a tools/ script)

TEXTS = ["Start the game", "OK", "R", "Pass the device to {name}",
         "{n:,} decisions, {{literal}} braces", "Game link (copied if your browser allows it) — "
         "it stops before the last {n} decisions", "Rules & cards"]


@pytest.mark.parametrize("text", TEXTS)
def test_a_pseudo_text_is_accented_longer_with_its_placeholders(text):
    shown = pseudo(text)
    assert shown.startswith("[") and shown.endswith("]")
    assert PROTECTED.findall(shown) == PROTECTED.findall(text)
    assert len(shown) >= len(text) * 1.4
    assert not re.search(r"[A-Za-z]", PROTECTED.sub("", shown))  # every letter accented
    if "{name}" in text:
        assert "Ann" in shown.format(name="Ann")


def test_the_pseudo_catalog_translates_singulars_and_plurals():
    pot = Catalog()
    pot.add("Start the game")
    pot.add(("{n} decision", "{n} decisions"))
    mo = io.BytesIO()
    write_mo(mo, catalog(pot))
    mo.seek(0)
    translations = gettext.GNUTranslations(mo)
    assert translations.gettext("Start the game") == pseudo("Start the game")
    assert translations.ngettext("{n} decision", "{n} decisions", 1) == pseudo("{n} decision")
    assert translations.ngettext("{n} decision", "{n} decisions", 2) == pseudo("{n} decisions")


def test_the_pseudo_locale_is_never_offered():
    assert CODE == i18n.PSEUDO and CODE not in i18n.LANGUAGES  # not in the menu's switch
    assert i18n.choose(None, [CODE, "qps-ploc"]) == "en"  # nor from the browser's languages
    assert i18n.choose(CODE, ["de-DE"]) == "de"  # this build has no pseudo catalog


def test_a_stored_pseudo_choice_counts_where_its_catalog_was_built_in(tmp_path, monkeypatch):
    mo = tmp_path / CODE / "LC_MESSAGES" / "messages.mo"
    mo.parent.mkdir(parents=True)
    pot = Catalog()
    pot.add("Menu")
    with open(mo, "wb") as f:
        write_mo(f, catalog(pot))
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    assert i18n.choose(CODE, ["de-DE"]) == CODE
    try:
        i18n.activate(CODE)
        assert i18n._("Menu") == pseudo("Menu")
    finally:
        monkeypatch.undo()
        i18n.activate(i18n.DEFAULT)
