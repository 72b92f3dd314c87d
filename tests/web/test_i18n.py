"""German and English: every text marked in web/ has its German translation, the compiled
catalogs are those of the .po files, and the table speaks the chosen language at once."""

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from webutil import start_table

from web.app import App
from web.base import i18n
from web.keep import gamelink as links
from web.keep.settings import LANGUAGE_KEY

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def catalog(lang: str):
    with open(i18n.LOCALE / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f)


def _key(value):
    return tuple(value) if isinstance(value, list | tuple) else value


def marked_texts() -> set:
    """The texts marked in web/ today, found the way `make catalog-update` finds them."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        found = extract_from_dir(ROOT / "web", method_map=[("**.py", "babel_ast:extract")])
        return {message for _file, _line, message, _comments, _context in found}
    finally:
        sys.path.remove(str(ROOT / "tools"))


def test_every_marked_text_has_a_german_translation_with_the_same_placeholders():
    german = catalog("de")
    marked = marked_texts()
    assert len(marked) > 100
    for text in marked:
        key = text if isinstance(text, str) else text[0]
        entry = german.get(key)
        assert entry is not None, f"not in the German catalog (make catalog-update): {text!r}"
        assert not entry.fuzzy, f"fuzzy: {key!r}"
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        sources = text if isinstance(text, tuple) else (text,)
        for source, form in zip(sources * 2, forms, strict=False):
            assert form, f"untranslated: {key!r}"
            assert set(PLACEHOLDER.findall(form)) <= set(PLACEHOLDER.findall(source)) | {"n"}


def test_the_compiled_catalogs_are_the_po_files():
    for lang in i18n.LANGUAGES:
        with open(i18n.LOCALE / lang / "LC_MESSAGES" / "messages.mo", "rb") as f:
            compiled = {_key(m.id): _key(m.string) for m in read_mo(f)
                        if m.id and _key(m.string) != _key(m.id)}  # untranslated: as written
        written = {_key(m.id): _key(m.string) for m in catalog(lang)
                   if m.id and any(m.string) and _key(m.string) != _key(m.id)}
        assert compiled == written, f"{lang}: run `make catalogs`"


@pytest.mark.parametrize("stored, browser, chosen", [
    (None, ["de-DE", "en-US"], "de"), (None, ["fr-FR", "de"], "de"), (None, ["en-GB"], "en"),
    (None, ["fr"], "en"), (None, [], "en"), ("en", ["de-DE"], "en"), ("xx", ["de_AT"], "de"),
])
def test_the_language_is_the_stored_choice_else_the_browsers(stored, browser, chosen):
    assert i18n.choose(stored, browser) == chosen


def test_a_german_browser_gets_the_table_in_german(storage, clock):
    app = App(storage, now=clock, languages=["de-DE", "en"])
    html = app.render()
    for german in ("Neue Partie", "Partie beginnen", "Spieler 1", "Gespeicherte Partien",
                   "Regeln &amp; Karten", "Eine geteilte Partie öffnen"):
        assert german in html
    for english in ("New game", "Start the game", "Player 1", "Saved games", "Open a shared"):
        assert english not in html
    assert 'id="language-en" lang="en"' in html  # the way back, in its own language


def test_switching_the_language_redraws_at_once_and_is_kept(storage, clock, make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    app.handle("nav", "start")
    app.start = type(app.start)()  # a fresh start screen: its seats keep their default names
    assert "Start the game" in app.render() and "Player 1" in app.render()
    app.handle("language", "de")
    assert ("language", "de") in app.take_effects()
    html = app.render()
    assert "Partie beginnen" in html and "Spieler 1" in html  # default names follow
    assert "Weiterspielen" in html and "zuletzt gespielt" in html  # the saved game's row
    assert storage.get(LANGUAGE_KEY) == "de"
    assert "Partie beginnen" in App(storage, now=clock).render()  # the next visit
    app.handle("language", "xx")
    assert i18n.current() == "de"


def test_refusals_arrive_in_the_players_language(storage, clock):
    App(storage, now=clock, languages=["de"])
    with pytest.raises(links.LinkError, match="Dieser Link zur Partie ist leer"):
        links.decode("#g=")
    app = App(storage, now=clock, languages=["de"])
    app.handle("setup-name", {"arg": 1, "value": "Spieler 1"})
    app.handle("start-game")
    assert app.notice[1].startswith("Zwei Plätze haben denselben Namen")


def test_numbers_and_moments_as_the_language_writes_them():
    i18n.activate("de")
    assert i18n.number(14000) == "14.000"
    assert i18n.ngettext("{n} decision", "{n} decisions", 1) == "{n} Entscheidung"
    i18n.activate("en")
    assert i18n.number(14000) == "14,000"


def test_no_german_entry_is_left_untranslated_or_fuzzy():
    """Every entry of the German catalog, the content data's names and texts included."""
    for entry in catalog("de"):
        if entry.id:
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            assert all(forms) and not entry.fuzzy, entry.id


def written_ids(game: str) -> set[str]:
    """The message ids the engine's code for ``game`` writes or asks with: the first text
    argument of every call to ``log`` or ``message`` (ids built at run time are left to the
    whole-game tests)."""
    found = set()
    for path in (ROOT / "engine" / game).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(
                    node.func, "id", None)) in ("log", "message"):
                texts = [a.value for a in node.args
                         if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                found.update(texts[:1])
    return found


@pytest.mark.parametrize("game, package", [("crooks", "crooks"), ("swindler", "swindler"),
                                           ("age_of_thieves", "aot")])
def test_every_message_id_in_the_engines_code_has_its_template(game, package):
    table = importlib.import_module(f"web.games.{package}.messages").MESSAGES
    ids = written_ids(game)
    assert len(ids) > 20
    assert ids <= set(table), ids - set(table)
