"""One place per game (docs/code-layout.md): a game the table does not ship, the lottery of
tools/toy_games.py, registered by one line on each side at test time (its rules in
``engine.core.game.GAMES``, its face in ``web.games.PACKAGES``), is chosen on the start screen,
played through the router to its end, saved, and its rules shown, with no other file naming it.
This module is the toy's package on both sides: ``RULES``, ``FRONT``, its screen, its help."""

import sys
from pathlib import Path

import pytest

from engine.core import game as engine_games
from web import games as web_games
from web.app import App
from web.base.markup import e, ev
from web.games import GameFront, Statistics
from web.keep.saves import MemoryStorage

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from toy_games import Lottery  # noqa: E402 (a tools/ script)


class TableLottery(Lottery):
    """The lottery with what a table's state and view carry: its options, a log."""

    def new_state(self, seats, options, rng):
        return {**super().new_state(seats, options, rng), "options": options}

    def view(self, state, player):
        return {**super().view(state, player), "log": []}


RULES = TableLottery([1.0] * 6)  # every ticket wins
FRONT = GameFront(
    game="lottery", name="Lottery", blurb="Pick the winning ticket", screen=__name__,
    help=__name__, prefix="lot-", players=(1, 1), secrets="The draws of every ticket.",
    statistics=Statistics(cards="Tickets", ends={}))


# --- its screen (web.games.GameScreen) and its help page
def render_game(view, ui):
    tickets = "".join(f'<button type="button"{ev("lot-ticket", k)}>Ticket {k}</button>'
                      for k in range(6)) if view["ticket"] is None else ""
    return f'<p>Ticket: {e(view["ticket"])}</p><div class="decision">{tickets}</div>'


def reduce(view, ui, ev, arg):
    return ui, [{"ticket": arg}] if ev == "lot-ticket" else []


def render_result(result, names, final_view):
    return "Lottery drawn", "", f"<p>{e(names[0])} won: {result['winner'] == 0}</p>"


def say(message, names):
    return str(message)


def controls(view, ui, decision):
    return [("lot-ticket", decision["ticket"])]


def render():
    return "<p>Pick a ticket.</p>"


@pytest.fixture
def registered(monkeypatch):
    """The lottery on the table, as its one line on each side would put it there."""
    monkeypatch.setitem(engine_games.GAMES, "lottery", __name__)
    monkeypatch.setitem(web_games.PACKAGES, "lottery", __name__)
    yield
    engine_games.rules_for.cache_clear()


def test_a_game_registered_on_both_sides_plays_from_the_start_screen_to_its_end(registered):
    app = App(MemoryStorage(), session=MemoryStorage(), seed_source=lambda: 7)
    app.boot()
    assert 'data-ev="setup-game" data-arg="&quot;lottery&quot;"' in app.render()
    app.handle("setup-game", "lottery")
    assert "Pick the winning ticket" in app.render()
    app.handle("setup-players", 1)
    app.handle("setup-name", {"arg": 0, "value": "Ada"})
    app.handle("start-game")
    assert app.match.game == "lottery" and app.screen == "game", app.notice
    assert 'data-ev="lot-ticket"' in app.render()
    app.handle("lot-ticket", 3)
    assert app.screen == "end" and app.match.state["ticket"] == 3
    assert "Ada won: True" in app.render()
    app.handle("nav", "help")
    page = app.render()  # the rules of the game on the table: its help, what links give away
    assert "Pick a ticket." in page and "The draws of every ticket." in page
    app.handle("help-stats", "lottery")
    assert "No statistics have been built for this game." in app.render()
    app.handle("nav", "saves")
    assert "Lottery" in app.render()
