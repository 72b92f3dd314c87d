"""The Swindler table in German and English: whole bot games rendered for every seat, a
spectator and the end screen in both languages; every message the engine writes has its
template, no screen shows a raw message id or an unfilled placeholder, and no screen shows a
Swindler content name (tile, accomplice, ability) of the other language."""

import html
import re

import pytest
from language_checks import TAG, play, raw_ids, sample_messages
from language_checks import check as check_text

from engine.swindler import content
from engine.swindler.rules import Swindler
from web.base import i18n
from web.games.swindler import help as swindler_help
from web.games.swindler.messages import MESSAGES, say
from web.games.swindler.render import render_game, render_result

RULES = Swindler()
RAW_ID = raw_ids(MESSAGES)
GERMAN = {"de": ["Aufträge", "Hehler", "Protokoll", "Swindler", "Runde"],
          "en": ["Orders", "Fences", "Log", "Swindlers", "Round"]}
CONTENT_NAMES = ([t["name"] for t in content.types().values()]
                 + [a["name"] for a in content.accomplice_kinds().values()]
                 + [m["name"] for m in content.masters().values()] + ["wanted poster"])


def names_in(lang: str) -> set[str]:
    """The Swindler content names (tiles, accomplices, master-thief abilities) in ``lang``."""
    i18n.activate(lang)
    names = {i18n._(n) for n in CONTENT_NAMES}
    i18n.activate("en")
    return names


# the content names of one language that the other names differently
ENGLISH_NAMES = sorted(names_in("en") - names_in("de"))
GERMAN_NAMES = sorted(names_in("de") - names_in("en"))


def check(text: str, where: str) -> None:
    check_text(text, RAW_ID, where)


def check_names(text: str, names: list[str], where: str, lang: str = "de") -> None:
    """No content name of the other language in ``text`` (but in a player's name)."""
    other = ENGLISH_NAMES if lang == "de" else GERMAN_NAMES
    shown = [n for n in other if re.search(r"\b" + re.escape(n) + r"\b", text)
             and not any(n in name for name in names)]
    assert not shown, (where, shown)


def test_each_language_names_the_accomplices_in_its_own_words():
    """The accomplices have an English name and the book's German one: "Play Forger" on the
    English table, "Fälscher ausspielen" on the German one."""
    assert {"Forger", "Con Woman", "Lock-picker"} <= set(ENGLISH_NAMES)
    assert {"Fälscher", "Betrügerin", "Schlossknackerin"} <= set(GERMAN_NAMES)


GAMES = [(2, "heuristic", 1, "draft"), (3, "random", 2, "random"), (4, "heuristic", 3, "draft"),
         (4, "random", 4, "random")]


@pytest.mark.parametrize("players, kind, seed, masters", GAMES)
def test_whole_games_render_in_both_languages(players, kind, seed, masters):
    used = set()
    for step, match in enumerate(play("swindler", players, kind, seed, {"masters": masters})):
        state = match.state
        over = state["result"] is not None
        names = [p["name"] for p in state["players"]]
        every = 1 if kind == "heuristic" else 10  # random games run to thousands of decisions
        if not over and step % every:
            continue
        readers = [None, *range(players)]
        if not over and step % (5 * every):  # every fifth of those, and the end: every reader
            readers = [RULES.to_act(state)[0]]
        for lang in ("en", "de"):
            i18n.activate(lang)
            for reader in readers:
                view = RULES.view(state, reader)
                for entry in view["log"]:
                    used.add(entry["msg"])
                if view["choice"]:
                    used.add(view["choice"]["prompt"]["msg"])
                page = render_game(view, {})
                check(page, f"{lang} seat {reader}")
                text = html.unescape(TAG.sub(" ", page))  # what is shown, not the attributes
                for word in GERMAN[lang]:
                    assert word in text, (lang, word)
                check_names(text, names, f"{lang} seat {reader}", lang)
            if over:
                parts = render_result(state["result"], names, RULES.view(state, None))
                for part in parts:
                    check(part, f"{lang} result")
                check_names(html.unescape(TAG.sub(" ", "".join(parts))), names, "result", lang)
                if lang == "de":
                    assert "Endstand" in parts[2] and "Final standings" not in parts[2]
                else:
                    assert "Final standings" in parts[2]
    i18n.activate("en")
    assert used <= set(MESSAGES), used - set(MESSAGES)


SAMPLES = {"player": 0, "other": 1, "players": [0, 1], "card": "schlossknackerin-red",
           "tile": "R1", "theirs": "B4", "heap1": ["R1", "R2"], "heap2": [], "bag": "green",
           "item": "watch", "master": "fence_bonus", "order": "O07", "fence": "F03",
           "spec": {"item": "jewel", "bag": "yellow"}, "reward": {"vp": 3, "coins": 1,
                                                                   "posters": 2},
           "scores": [[1, 12], [0, 9]], "count": 2, "vp": 2, "turn": 7, "heap": 1,
           "skulls": 2, "tiles": 9}


def test_every_message_renders_in_both_languages_with_sample_data():
    for lang in ("en", "de"):
        i18n.activate(lang)
        for msg, message in sample_messages(MESSAGES, SAMPLES):
            text = say(message, ["Ann", "Bo"])
            check(text, f"{lang} {msg}")
            check_names(text, ["Ann", "Bo"], msg, lang)
    i18n.activate("de")
    assert say({"msg": "steals_from", "args": {"player": 0, "bag": "red"}}, ["Ann"]) == \
        "Ann bestiehlt den roten Sack."
    assert say({"msg": "draws", "args": {"player": 0, "tile": "K1"}}, ["Ann"]).startswith(
        "Ann zieht: ")
    assert say({"msg": "more_ask", "args": {"bag": "blue", "skulls": 1, "tiles": 5}}, []) == \
        "Noch einmal aus dem blauen Sack ziehen (1 Schädel unter 5 Plättchen) oder aufhören?"
    assert say({"msg": "fulfils", "args": {"player": 1, "order": "O01", "reward": {
        "vp": 3, "coins": 1, "posters": 0}}}, ["Ann", "Bo"]) == \
        "Bo erfüllt Auftrag O01: 3 SP und 1 Münze."
    i18n.activate("en")
    assert say({"msg": "steals_from", "args": {"player": 0, "bag": "red"}}, ["Ann"]) == \
        "Ann steals from the red bag."
    assert say({"msg": "caught", "args": {"player": 0, "count": 1, "bag": "red"}}, ["Ann"]) == \
        "Ann is caught and puts back 1 tile from the red bag."


def test_the_help_page_speaks_each_language():
    i18n.activate("de")
    german = html.unescape(swindler_help.render())
    i18n.activate("en")
    english = html.unescape(swindler_help.render())
    check(german, "de help")
    check(english, "en help")
    check_names(german, [], "de help", "de")
    check_names(english, [], "en help", "en")
    assert "Swindler: die Regeln in Kürze" in german and "Meisterdieb-Fähigkeiten" in german
    assert "Liebling der Hehler" in german and "Fences' Favourite" not in german
    assert "Betrügerin" in german and "Con Woman" not in german
    assert "Con Woman" in english and "Betrügerin" not in english
    assert "Swindler: the rules in brief" in english and "Fences' Favourite" in english
