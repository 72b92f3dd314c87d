"""The end screen: how long the game lasted, in each game's own turns."""

import pytest

from engine.core.game import Match
from engine.simulate import decisions, make_bot
from web.base import i18n
from web.keep import gamelink as links


def _finished(game: str) -> str:
    """The link fragment of a finished 3-bot game."""
    match = Match.start(game, [{"name": n} for n in ("Ann", "Bob", "Cy")], {}, 5)
    for _ in decisions(match, [make_bot("heuristic", game, 40 + i) for i in range(3)]):
        pass
    return "#" + links.encode(match.record()).split("#", 1)[-1]


@pytest.mark.parametrize("game, english, german", [
    ("age_of_thieves", "turns and", "Runden und"),  # a turn is a round of all (AoT-DE: Runde)
    ("swindler", "player turns and", "Spielzüge und"),  # one swindler's turn (SW-DE: Spielzug)
    ("crooks", "player turns and", "Spielzüge und")])
def test_the_end_says_how_long_the_game_lasted_in_its_own_turns(make_app, game, english,
                                                                  german):
    app = make_app()
    app.boot(_finished(game))
    assert app.screen == "end"
    turns = app.match.state["turn"]
    try:
        for language, words in (("en", english), ("de", german)):
            app.handle("language", language)
            assert f" {turns} {words} " in app.render()
    finally:
        i18n.activate("en")


def test_the_end_shows_a_link_only_of_the_final_position(make_app):
    """A link copied during the game holds an earlier position: the end screen does not offer
    it as the game's link; copied anew there, the link holds the whole game."""
    app = make_app()
    app.handle("setup-game", "crooks")
    for seat in (0, 1):
        app.handle("setup-kind", {"arg": seat, "value": "normal"})
    app.handle("start-game")
    for _step in range(6):
        app.bot_step()
    app.handle("copy-link")
    early = app.hot.link
    while app.bot_step():
        pass
    assert app.screen == "end"
    assert early not in app.render() and 'id="share-link"' not in app.render()
    app.handle("copy-link")
    assert links.decode(app.hot.link).actions == app.match.actions
    assert f'id="share-link" readonly value="{app.hot.link}"' in app.render()


def test_play_again_sets_the_same_table_anew(make_app):
    """The end offers a new game with the same seats (names, bots, picks) and options."""
    app = make_app()
    app.handle("setup-game", "age_of_thieves")
    app.handle("setup-players", 3)
    for seat, kind in enumerate(("normal", "easy", "hard")):
        app.handle("setup-kind", {"arg": seat, "value": kind})
    app.handle("setup-name", {"arg": 0, "value": "Zora"})
    app.handle("start-game")
    first = app.match
    while app.bot_step():
        pass
    assert app.screen == "end" and "Play again, same table" in app.render()
    app.handle("same-table")
    again = app.match
    assert again is not first and not again.actions
    assert (again.game, again.seats, again.options) == (first.game, first.seats, first.options)
    assert again.seats[0]["name"] == "Zora"
