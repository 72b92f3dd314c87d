"""The statistics page of each game (issue 42): reached from its rules page, drawn from the
aggregates the build ships (web/data/balance-GAME.json), in English and German, with inline
plots and no address of the network."""

import re

import pytest

from web.base import i18n
from web.games import PACKAGES
from web.screens import stats as statspage

GAMES = sorted(PACKAGES)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_its_figures(game):
    data = statspage.report(game)
    assert data is not None, f"web/data/balance-{game}.json: run make report"
    assert [s["players"] for s in data["sizes"]] == [2, 3, 4]
    assert all(s["games"] >= 1000 for s in data["sizes"])


def test_the_rules_page_leads_to_the_statistics_and_back(make_app):
    app = make_app()
    app.boot("")
    app.handle("nav", "help")
    assert 'id="help-stats"' in app.render()
    app.handle("help-stats", "crooks")
    page = app.render()
    assert "Crooks: statistics" in page and "<svg" in page and 'id="stats-back"' in page
    assert not re.search(r"https?:", page)
    app.handle("help-game", "crooks")
    assert "Crooks: the rules in brief" in app.render()


@pytest.mark.parametrize("game", GAMES)
def test_the_page_in_german(game):
    i18n.activate("de")
    page = statspage.render(game)
    assert "Statistik" in page
    assert re.search(r"\d,\d\u00a0%", page), "a share: decimal comma, the sign kept with it"
    assert not re.search(r"\d\.\d\s%", page), "German writes a decimal comma"
    for english in ("Win rate by seat", "How games end", "At 2 players"):
        assert english not in page


# --- issue 51: statistics for players ---------------------------------------------------------
def _first_screen(game: str, language: str) -> str:
    i18n.activate(language)
    return statspage.render(game).split("<details", 1)[0]


def _findings(top: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", top)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_first_screen_says_three_to_five_findings_in_plain_words(game, language):
    findings = _findings(_first_screen(game, language))
    assert 3 <= len(findings) <= 5, findings
    for said in findings:
        assert "%" not in said and "n =" not in said, f"interval language: {said}"
        assert not re.search(r"\d[.,]\d(?!\d\d)", said), f"not a whole number: {said}"


def test_a_finding_in_whole_numbers_in_both_languages():
    """Swindler at 4 players: seat 1 won 285.5 of 1,000 (a shared win's half in it) against an
    even 250; its interval (25.8-31.4 %) lies above: it is said, rounded, in plain words."""
    assert ("At 4 players seat 1 won more often than even chances would give: 286 of 1,000 "
            "games instead of 250.") in _findings(_first_screen("swindler", "en"))
    assert ("Mit 4 Spielern gewann Platz 1 öfter, als es gleiche Chancen erwarten ließen: "
            "286 von 1.000 Partien statt 250.") in _findings(_first_screen("swindler", "de"))


def test_only_what_the_intervals_support_is_said():
    """Swindler's seat 4 at 4 players (22.4 %, 19.9-25.0 %) is not shown to lose more often;
    Crooks' seats are even at every size; Age of Thieves' Noiron wins above its share."""
    swindler = " ".join(_findings(_first_screen("swindler", "en")))
    assert "seat 4" not in swindler
    assert "At 2 and 3 players no seat won clearly more or less often" in swindler
    crooks = _findings(_first_screen("crooks", "en"))
    assert crooks[0] == ("At 2, 3 and 4 players no seat won clearly more or less often than "
                         "even chances would give.")
    thieves = " ".join(_findings(_first_screen("age_of_thieves", "en")))
    assert "Noiron (2, 3 and 4 players)" in thieves.split("won more often")[0]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_no_half_games_anywhere(game, language):
    i18n.activate(language)
    page = statspage.render(game)
    counts = re.findall(r"(\d[\d.,]*) (?:of|von) (\d[\d.,]*)", page)
    assert counts, "the tables give how many of how many games"
    for won, games in counts:
        assert re.fullmatch(r"\d{1,3}([.,]\d{3})*", won), f"{won} of {games}"
    assert "285,5" not in page and "285.5" not in page


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_win_is_explained_once_where_there_are_any(game):
    top = _first_screen(game, "en")
    shared = top.count("When players share a win")
    assert shared == (0 if game == "age_of_thieves" else 1), "Age of Thieves has no shared win"


@pytest.mark.parametrize("game", GAMES)
def test_the_figures_in_detail_are_folded(game):
    page = statspage.render(game)
    top, details = page.split("<details", 1)
    assert "<svg" not in top and "<table" not in top
    assert "<details open" not in page and " open>" not in page
    assert details.count("<summary>") == page.count("<details") >= 6


@pytest.mark.parametrize(("language", "label"), [("en", "Statistics for Crooks"),
                                                 ("de", "Statistik zu Crooks")])
def test_the_start_screen_leads_to_the_chosen_games_statistics(make_app, language, label):
    app = make_app()
    app.boot("")
    app.handle("language", language)
    app.handle("setup-game", "crooks")
    start = app.render()
    assert re.search(rf'<button type="button" id="start-stats"[^>]*>{label}</button>', start)
    assert start.index('id="start-stats"') < start.index('id="players-label"'), \
        "near the game's choice"
    app.handle("help-stats", "crooks")
    assert i18n._("{game}: statistics").format(game="Crooks") in app.render()
    app.handle("help-game", "crooks")
    assert 'id="help-stats"' in app.render(), "back to the rules of the game"
