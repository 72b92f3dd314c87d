"""The screens the page shows before Python runs (tools/prestart.py) are the app's own: the
start screen of each game and count of players, and each game's rules, in each language, are
what the app draws after the same taps, so that the live screen replaces the page's without a
change (e2e/test_first_visit.py plays it in the browser)."""

import sys
from pathlib import Path

import pytest

from web.app import App
from web.base import i18n
from web.games import fronts
from web.keep.saves import MemoryStorage

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import prestart  # noqa: E402  (tools/ is a folder of scripts)


@pytest.fixture(scope="module")
def data():
    return prestart.page_data()


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_each_start_screen_is_the_apps_after_the_same_taps(data, language):
    screens = data["languages"][language]["screens"]
    assert len(screens) == sum(f.players[1] - f.players[0] + 1 for f in fronts())
    for front in fronts():
        for players in range(front.players[0], front.players[1] + 1):
            app = App(MemoryStorage(), languages=[language])
            app.boot("")
            app.handle("setup-game", front.game)
            app.handle("setup-players", players)
            assert screens[f"start:{front.game}:{players}"] == app.render()


def test_the_first_screen_is_the_one_the_app_starts_with(data):
    app = App(MemoryStorage(), languages=[data["language"]])
    app.boot("")
    first = data["languages"][data["language"]]["screens"]
    assert first[f"start:{data['game']}:{data['players']}"] == app.render()


def test_the_rules_pages_are_the_apps():
    pages = prestart.rules_pages("de")
    for front in fronts():
        app = App(MemoryStorage(), languages=["de"])
        app.boot("")
        app.handle("setup-game", front.game)
        app.handle("nav", "help")
        assert pages[f"help:{front.game}"] == app.render()


def test_the_pages_own_lines_are_in_each_language(data):
    english, german = (data["languages"][code]["texts"] for code in ("en", "de"))
    for key in prestart.TEXTS:
        assert english[key] and german[key] and english[key] != german[key], key
    assert german["person"][0] == "Spieler 1" and english["bot"][2] == "Bot 3"
    assert set(german["games"]) == {f.game for f in fronts()}
