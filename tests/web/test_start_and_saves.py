"""The start screen's seats and the saved games list, as a group at one device meets them."""

import pytest

from web.base import i18n
from web.keep.saves import SaveInfo
from web.screens.saved import SavedGames


def test_every_seat_is_a_person_until_someone_chooses_a_bot(make_app):
    """A seat added by a larger table is a person: a name typed there starts a person (the
    play-test's Clara started as a bot, seat 3 having been a bot nobody chose)."""
    app = make_app()
    app.handle("setup-game", "crooks")
    app.handle("setup-players", 4)
    for seat, name in enumerate(["Ann", "Bob", "Clara", "Dan"]):
        app.handle("setup-name", {"arg": seat, "value": name})
    app.handle("setup-kind", {"arg": 3, "value": "easy"})  # a bot is chosen, not given
    app.handle("start-game")
    assert app.match.seats == [{"name": "Ann"}, {"name": "Bob"}, {"name": "Clara"},
                               {"name": "Dan", "bot": "easy"}]


@pytest.mark.parametrize("game, english, german", [
    ("age_of_thieves", "Turn 41", "Runde 41"),  # a turn of all the thieves (AoT-DE: Runde)
    ("swindler", "Turn 41", "Zug 41"),  # one swindler's turn (SW-DE: Spielzug)
    ("crooks", "Turn 41", "Zug 41")])  # one mastermind's turn
def test_a_saved_game_is_listed_at_its_turn_in_the_games_own_word(game, english, german):
    saved = SavedGames(lambda: 1000.0)
    save = SaveInfo("s1", game, ["Ann", "Bob"], 41, 900.0, 990.0)
    try:
        for language, words in (("en", english), ("de", german)):
            i18n.activate(language)
            assert f">{words} · " in saved.render([save])
            assert f">{words} · " in saved.to_continue([save])
    finally:
        i18n.activate("en")
