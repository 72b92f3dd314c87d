"""The statistics page of each game (issue 42): reached from its rules page, drawn from the
aggregates the build ships (web/data/balance-GAME.json), in English and German, with inline
plots and no address of the network."""

import re

import pytest

from web import i18n, statspage
from web.games import PACKAGES

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
