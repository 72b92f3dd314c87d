"""The Age of Thieves table in German and English: whole bot games rendered for every seat, a
spectator and the end screen in both languages; every message the engine writes has its
template, no screen shows a raw message id or an unfilled placeholder, and a German screen shows
none of the English names that German calls otherwise."""

import pytest
from language_checks import NAMES, check, play, raw_ids, sample_messages, shown, words

from engine.age_of_thieves import content
from engine.age_of_thieves.rules import AgeOfThieves
from web.base import i18n
from web.games.aot import help as aot_help
from web.games.aot import labels as L
from web.games.aot.messages import MESSAGES, REASONS, say
from web.games.aot.render import render_game, render_result

RULES = AgeOfThieves()
RAW = raw_ids(MESSAGES)
WORDS = {"de": ["Protokoll", "Diebe", "Ereignis und Stapel"],
         "en": ["Game log", "Thieves", "Event and decks"]}


def english_names() -> list[str]:
    """The content's English names that German calls otherwise."""
    names = ([c["name"] for c in content.cards().values()]
             + [e["name"] for e in content.events().values()]
             + [t["title"] for t in content.thieves().values()]
             + list(L.TOKENS.values()) + list(L.DISTRICTS.values()))
    i18n.activate("de")
    other = [n for n in names if i18n._(n) != n]
    i18n.activate("en")
    return other


ENGLISH = english_names()
GAMES = [(2, "heuristic", 1, True), (3, "random", 2, False), (4, "heuristic", 3, False)]


@pytest.mark.parametrize("players, kind, seed, decides", GAMES)
def test_whole_games_render_in_both_languages(players, kind, seed, decides):
    used = set()
    for step, match in enumerate(play("age_of_thieves", players, kind, seed,
                                      {"first_thief_decides": decides})):
        state = match.state
        over = state["result"] is not None
        readers = [None, *range(players)]
        if not over and step % 7:  # every seventh decision, and the end, for every reader
            readers = []
        for lang in ("en", "de"):
            i18n.activate(lang)
            for reader in readers:
                view = RULES.view(state, reader)
                used |= {entry["msg"] for entry in view["log"]}
                if view["choice"]:
                    used.add(view["choice"]["prompt"]["msg"])
                page = render_game(view, {"show": {"log": True, "cards": True}})
                check(page, RAW, f"{lang} seat {reader}")
                text = shown(page)
                assert all(w in text for w in WORDS[lang]), (lang, reader)
                if lang == "de":
                    assert not words(ENGLISH, text), (reader, words(ENGLISH, text))
            if over:
                parts = render_result(state["result"], NAMES[:players],
                                      RULES.view(state, None))
                for part in parts:
                    check(part, RAW, f"{lang} result")
                end = shown("".join(parts))
                assert ("Endstand" if lang == "de" else "Final standings") in end
                if lang == "de":
                    assert not words(ENGLISH, end), words(ENGLISH, end)
    i18n.activate("en")
    assert used <= set(MESSAGES), used - set(MESSAGES)


SAMPLES = {"player": 0, "other": 1, "figure": "g02", "watch": "k01", "kind": "captain",
           "space": "P01", "spaces": ["E05", "E06"], "path": ["E05", "sewers", "N12", "N13"],
           "district": "S", "jewel": "emperor", "token": "known_neighborhood",
           "card": "smoke_grenade", "cards": ["shadows_of_the_city", "smoke_grenade"],
           "event": "moonlit_night", "mode": "plan", "reason": "left_first", "dice": [3, 7],
           "ap": [5, 2], "count": 2, "turn": 4, "init": 6, "initiative": 7, "vp": 5}


def test_every_message_renders_in_both_languages_with_sample_data():
    for lang in ("en", "de"):
        i18n.activate(lang)
        for msg, message in sample_messages(MESSAGES, SAMPLES):
            text = say(message, NAMES)
            check(text, RAW, f"{lang} {msg}")
            if lang == "de":
                assert not words(ENGLISH, text), (msg, words(ENGLISH, text))
        assert all(i18n._(r) for r in REASONS.values())
    i18n.activate("de")
    assert say({"msg": "moves", "args": {"figure": "k01", "path": ["E05", "E06"]}}, NAMES) \
        == "Der Hauptmann H1 bewegt sich: E05 → E06."
    assert say({"msg": "moves", "args": {"figure": "T1", "path": ["E05", "sewers", "N12"]}},
               NAMES) == "Bo bewegt sich: E05 → (Kanalisation) → N12."
    assert say({"msg": "takes_jewel", "args": {"player": 0, "jewel": "green", "space": "E05"}},
               NAMES) == "Ann nimmt auf E05 ein grünes Juwel auf."
    assert say({"msg": "declared", "args": {"player": 2, "count": 0, "ap": []}}, NAMES) \
        == "Cem hat keine Karte geplant."
    assert say({"msg": "move_ask", "args": {"figure": "T0", "count": 1}}, NAMES) == \
        "Bewege Ann: noch 1 Feld"
    i18n.activate("en")
    assert say({"msg": "moves", "args": {"figure": "g03", "path": ["E05", "E06"]}}, NAMES) \
        == "The guard g3 moves: E05 → E06."
    assert say({"msg": "declared", "args": {"player": 1, "count": 2, "ap": [5, 1]}}, NAMES) \
        == "Bo declared 2 cards with 5 and 1 AP."
    assert say({"msg": "move_ask", "args": {"figure": "k02", "count": 3}}, NAMES) == \
        "Move the captain C2: 3 spaces left"


def test_the_help_page_speaks_each_language():
    i18n.activate("de")
    german = shown(aot_help.render())
    i18n.activate("en")
    english = shown(aot_help.render())
    check(german, RAW, "de help")
    check(english, RAW, "en help")
    assert not words(ENGLISH, german), words(ENGLISH, german)
    assert "Wächter" in german and "Rauchgranate" in german
    assert "Smoke Grenade" in english
