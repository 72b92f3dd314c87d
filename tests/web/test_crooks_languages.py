"""The crooks table in German and English: whole bot games rendered for every seat, a spectator
and the end screen in both languages; every message the engine writes has its template, no
screen shows a raw message id or an unfilled placeholder, and each language keeps to itself."""

import html

import pytest
from babel.messages.pofile import read_po
from language_checks import check as check_text
from language_checks import play, raw_ids, sample_messages

from engine.crooks import RULES, content
from web.base import i18n
from web.games.crooks import help as crooks_help
from web.games.crooks.messages import MESSAGES, say
from web.games.crooks.render import render_game, render_result

RAW_ID = raw_ids(MESSAGES)
GERMAN = {"de": ["Spelunke", "Ziel", "Protokoll", "Meisterverbrecher"],
          "en": ["Den ", "Target", "Log", "Masterminds"]}


def german_names() -> dict[str, str]:
    with open(i18n.LOCALE / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    return {c["name"]: catalog.get(c["name"]).string if catalog.get(c["name"]) else ""
            for c in content.crooks().values()}


def test_every_crook_has_its_german_name_from_the_glossary():
    names = german_names()
    assert all(names.values()), [n for n, de in names.items() if not de]
    assert names["Big Vito"] == "Der dicke Vito" and names["Ricky the Rat"] == "Ricky die Ratte"
    assert names["The Kingpin"] == "Der Kingpin"


def check(text: str, where: str) -> None:
    check_text(text, RAW_ID, where)


GAMES = [(2, "heuristic", 1), (3, "random", 2), (4, "heuristic", 3), (4, "random", 4),
         (3, "heuristic", 5)]


@pytest.mark.parametrize("players, kind, seed", GAMES)
def test_whole_games_render_in_both_languages(players, kind, seed):
    used = set()
    english_names = {c["name"] for c in content.crooks().values()}
    changed = {n for n, de in german_names().items() if de != n}
    for step, match in enumerate(play("crooks", players, kind, seed)):
        state = match.state
        over = state["result"] is not None
        readers = [None, *range(players)]
        if not over and step % 3:  # every third decision, and the end, for every reader
            readers = [RULES.to_act(state)[0]]
        for lang in ("en", "de"):
            i18n.activate(lang)
            for reader in readers:
                view = RULES.view(state, reader)
                for entry in view["log"]:
                    used.add(entry["msg"])
                    check(say(entry, view["names"]), entry["msg"])
                if view["choice"]:
                    used.add(view["choice"]["prompt"]["msg"])
                page = render_game(view, {})
                check(page, f"{lang} seat {reader}")
                text = html.unescape(page)
                for word in GERMAN[lang]:
                    assert word in text, (lang, word)
                if lang == "de":
                    # no English crook name where German has its own
                    shown = {n for n in changed if n in text and n not in state["names"]}
                    assert not shown, shown
            if over:
                title, why, table = render_result(state["result"], state["names"],
                                                 RULES.view(state, None))
                for part in (title, why, table):
                    check(part, f"{lang} result")
                for entry in state["result"]["breakdown"]:
                    used.add(entry["msg"])
                if lang == "de":
                    assert "Endstand" in table and "Final standings" not in table
                else:
                    assert "Final standings" in table and english_names
    i18n.activate("en")
    assert used <= set(MESSAGES), used - set(MESSAGES)


def test_every_message_renders_in_both_languages_with_sample_data():
    """Every id of the table (not only those the games above reach): whole, filled sentences."""
    samples = {"player": 0, "victim": 1, "players": [0, 1], "crook": "c01", "den": "B",
               "target": 4, "dest": 7, "money": 3, "count": 2, "points": 5, "worth": 5,
               "terms": [4, 2, -1], "ranks": [8, None], "counts": [2, 1], "totals": [[9, 3],
                                                                                    [9, 1]],
               "gang": "yellow"}
    for lang in ("en", "de"):
        i18n.activate(lang)
        for msg, message in sample_messages(MESSAGES, samples):
            text = say(message, ["Ann", "Bo"])
            check(text, f"{lang} {msg}")
            assert text.endswith((".", "?")) or msg in ("recruit_or_pass", "take_one",
                                                         "place_crook", "killer_ask",
                                                         "swap_ask", "spy_ask"), text
    i18n.activate("de")
    assert say({"msg": "pickpocket_ask", "args": {"money": 2}}, []) == \
        "Taschendieb: 2$ aus der Bank nehmen?"
    assert say({"msg": "you_take", "args": {"crook": "c13"}}, []) == \
        "Dein neuer Gauner: Ricky die Ratte."
    i18n.activate("en")
    assert say({"msg": "pickpocket_ask", "args": {"money": 2}}, []) == \
        "Pickpocket: take $2 from the bank?"
    assert say({"msg": "no_such_message", "args": {}}, []) == "no_such_message"


def test_the_help_page_speaks_each_language():
    i18n.activate("de")
    german = html.unescape(crooks_help.render())
    i18n.activate("en")
    english = html.unescape(crooks_help.render())
    check(german, "de help")
    check(english, "en help")
    assert "Crooks: die Regeln in Kürze" in german and "Die 32 Gauner" in german
    assert "Der dicke Vito" in german and "Big Vito" not in german
    assert "2$ aus der Bank" in german and "Spelunken A–I" in german
    assert "Crooks: the rules in brief" in english and "Big Vito" in english
    assert "Take $2 from the bank." in english


def test_a_german_table_plays_the_crooks_game_in_german(make_app):
    from test_crooks_screen import play_through_screen
    from webutil import start_table

    from engine.core.rng import Rng, seed_state

    app = make_app(languages=["de"])
    start_table(app, "crooks", ["human", "normal"])
    assert play_through_screen(app, Rng(seed_state(7))) > 0
    page = html.unescape(app.render())
    assert "Endstand" in page and "Bande Nordseite" in page and "Ziel 2" in page
    check(page, "the German end screen")
