"""Age of Thieves' words in German and English: the labels' accessors, the content names and
texts, the board's names and legend, and the help page, in both languages; a German screen
shows no English Age of Thieves word, and the texts the catalog extraction cannot read from the
data (basic cards' modes, thieves' abilities) are listed in web/games/aot/labels.py."""

import html
import re

import pytest

from engine.age_of_thieves import content
from engine.core.bots import RandomBot
from engine.core.game import Match
from web.base import i18n
from web.games.aot import board_pieces, board_svg
from web.games.aot import help as aot_help
from web.games.aot import labels as L

TAG = re.compile(r"<[^>]*>")
PLACEHOLDER = re.compile(r"\{\w*\}")
# English words of the board's names and legend that German says differently
ENGLISH_WORDS = ["guardhouse", "hideout", "sewer", "city gate", "starting space", "dungeon",
                 "vault", "thief ", "guard ", "captain ", "token", "smoke", "fire", "Street",
                 "Golden Domes", "Empty Pot", "Salty Docks", "Hammerings", "PALACE", "Choose",
                 "City board", "Jewel", "jewel"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.activate("en")


def shown(page: str) -> str:
    """What a reader gets: the text and the accessible names and titles."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))
    return html.unescape(TAG.sub(" ", page) + " " + labels)


def test_texts_the_extraction_does_not_read_are_listed_for_the_catalogs():
    data = {text for card in content.cards().values() for text in card.get("modes", {}).values()}
    data |= {t["ability"] for t in content.thieves().values()}
    assert data == set(L.DATA_TEXTS)


def test_accessors_give_each_word_in_the_active_language():
    tables = [(L.phase, L.PHASES), (L.district, L.DISTRICTS), (L.jewel, L.JEWELS),
              (L.token, L.TOKENS), (L.space_kind, L.KINDS), (L.mode, L.MODES),
              (L.watch_kind, L.WATCH)]
    i18n.activate("en")
    english = {(f.__name__, k): f(k) for f, table in tables for k in table}
    assert english == {(f.__name__, k): v for f, table in tables for k, v in table.items()}
    i18n.activate("de")
    for f, table in tables:
        for key in table:
            assert f(key) and f(key) != english[(f.__name__, key)], (f.__name__, key)
    assert L.phase("declaration") == "Planung" and L.phase("planning") == "Aktionskarte ziehen"
    assert L.watch_kind("guard") == "Wächter" and L.watch_kind("captain") == "Hauptmann"
    assert L.mode_help("resign") and L.mode_help("play") == ""
    assert L.phase("unknown") == "unknown"


def test_letters_follow_the_language():
    i18n.activate("en")
    assert [L.jewel_letter(k) for k in L.JEWEL_LETTER] == list(L.JEWEL_LETTER.values())
    assert [L.token_letter(k) for k in L.TOKEN_LETTERS] == list(L.TOKEN_LETTERS.values())
    assert [L.figure_letter(k) for k in ("guard", "captain", "hideout")] == ["g", "C", "H"]
    i18n.activate("de")
    assert [L.jewel_letter(k) for k in L.JEWEL_LETTER] == ["K", "Gr", "Ge", "S"]
    letters = [L.token_letter(k) for k in L.TOKEN_LETTERS]
    assert letters[0] == "GV" and len(set(letters)) == len(L.TOKEN_LETTERS)
    assert [L.figure_letter(k) for k in ("guard", "captain", "hideout")] == ["w", "H", "V"]
    assert L.jewel_letter("unknown") == "?"


def test_content_names_and_texts_are_translated():
    i18n.activate("en")
    english = {k: (L.card_name(k), L.card_text(k)) for k in content.cards()}
    events = {k: L.event_info(k) for k in content.events()}
    thieves = {k: L.thief_info(k) for k in content.thieves()}
    i18n.activate("de")
    for kind, (name, text) in english.items():
        assert L.card_text(kind) != text, kind
        assert L.card_name(kind) != name, kind
    assert L.card_name("smoke_grenade") == "Rauchgranate" and L.card_name("move") == "Bewegen"
    assert L.card_name(None) == "eine verdeckte Karte"
    assert L.card_text("move").startswith("Schleichen: ")
    for eid, info in events.items():
        german = L.event_info(eid)
        assert german["text"] != info["text"] and german["deck"] == info["deck"], eid
    assert L.event_info(None) is None
    for tid, info in thieves.items():
        german = L.thief_info(tid)
        assert german["name"] == info["name"]  # the thieves keep their names
        assert german["title"] != info["title"] and german["ability"] != info["ability"]
        assert german["special"] == info["special"]
    assert L.thief_title("joanne") == "Joanne, abtrünniger Hauptmann"
    assert L.place_name("E35") == "Die Grube" and L.place_name("N07") == ""
    assert L.mode_text(["ambush"], "plan").startswith("Nur erlaubt")
    assert L.mode_text(["rat_tunnels", "beacon"], "general").startswith("Gib einem Wächter")
    assert L.card_range("beacon") == "Reichweite: 5" and L.card_range("move") == ""


def test_figures_are_named_in_the_active_language():
    view = {"thieves": [{"id": "zain", "name": "Ann"}],
            "watch": {"g03": {"kind": "guard", "space": "N07"},
                      "k01": {"kind": "captain", "space": "S12"}}}
    i18n.activate("en")
    assert L.figure_name(view, "g03") == "guard g3 on N07"
    assert L.figure_name(view, "k01") == "captain C1 on S12"
    assert L.figure_name(view, "T0") == "Ann (Zain)"
    i18n.activate("de")
    assert L.figure_name(view, "g03") == "Wächter w3 auf N07"
    assert L.figure_name(view, "k01") == "Hauptmann H1 auf S12"


def spectator_views(seed: int = 3, decisions: int = 150):
    """A spectator's view every few decisions of a bot game (tokens, figures, jewels)."""
    match = Match.start("age_of_thieves", [{"name": n} for n in ("Ann", "Bo", "Cem")],
                        None, seed=seed)
    rules = match.rules
    bots = [RandomBot(rules, seed * 16 + i) for i in range(3)]
    for step in range(decisions):
        if rules.result(match.state) is not None:
            break
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        match.act(p, bots[p].decide(rules.view(match.state, p), choice))
        if step % 30 == 0:
            yield rules.view(match.state, None)
    yield rules.view(match.state, None)


def test_the_board_speaks_the_active_language():
    for view in spectator_views():
        view = dict(view, open_district="S")
        i18n.activate("en")
        english = shown(board_svg.render_board(view, {}))
        assert "GATES OPEN" in english and "City board" in english
        i18n.activate("de")
        german = shown(board_svg.render_board(view, {}))
        assert "STADTTORE OFFEN" in german and "PALAST" in german and "Spielbrett" in german
        assert "Wachhaus" in german and "Wächter" in german
        left = [w for w in ENGLISH_WORDS if w in german]
        assert not left, left
        assert not PLACEHOLDER.search(german)


def test_the_legend_speaks_the_active_language():
    i18n.activate("en")
    english = shown(board_pieces.legend())
    assert "Guard (g and its number)" in english and "E Emperors'" in english
    i18n.activate("de")
    german = shown(board_pieces.legend())
    assert "Wächter (w und seine Nummer)" in german and "Hauptmann (H und seine Nummer)" in german
    assert "K kaiserliches" in german and "WW" in german
    assert not [w for w in ENGLISH_WORDS if w in german]
    assert not PLACEHOLDER.search(german)


def test_the_help_page_in_both_languages():
    i18n.activate("de")
    german = html.unescape(aot_help.render())
    i18n.activate("en")
    english = html.unescape(aot_help.render())
    for page in (german, english):
        assert not PLACEHOLDER.search(TAG.sub(" ", page))
    assert "Age of Thieves: the rules in brief" in english and "Smoke Grenade" in english
    assert "Age of Thieves: die Regeln in Kürze" in german
    for word in ("Rauchgranate", "Kein Stern am Himmel", "Stadtplättchen", "Wächter in Zivil",
                 "Morius, König der Unterstadt", "Tunnel des Rattenkönigs", "Reichweite",
                 "Wettstreit der Diebe"):
        assert word in german, word
    names = ([c["name"] for c in content.cards().values()]
             + [e["name"] for e in content.events().values()]
             + [t["title"] for t in content.thieves().values()] + list(L.TOKENS.values()))
    left = [n for n in names if n and re.search(r"\b" + re.escape(n) + r"\b", german)]
    assert not left, left

