"""The games on the table: what the start screen offers for each, and where its screens live.

Each game's web package (``web.games.aot``, ...) has the same face: a light ``FRONT`` in its
``__init__``, a screen module that is a ``GameScreen`` and a help module with ``render()``; the
screen and the help are imported when first shown. ``FRONT`` declares all the app and the page
know of the game (its lesson, statistics words, stylesheet, ...): a game is on the table by its
line in ``PACKAGES`` (and its rules' in ``engine.core.game.GAMES``).
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from web.base.i18n import _

PACKAGES = {"age_of_thieves": "web.games.aot", "crooks": "web.games.crooks",
            "swindler": "web.games.swindler"}


class GameScreen(Protocol):
    """A game's screen module: pure functions of plain data (a view, the screen's own ``ui``
    state), never of the table's controller or a hidden state."""

    def render_game(self, view: dict, ui: dict) -> str:
        """The game as ``view``'s reader sees it (the HTML)."""

    def reduce(self, view: dict, ui: dict, ev: str, arg) -> tuple[dict, list]:
        """(the new ``ui``, the actions to send) for an event of the screen drawn from ``view``."""

    def render_result(self, result: dict, names: list[str],
                      final_view: dict) -> tuple[str, str, str]:
        """(title, why, the standings' HTML) of a finished game, from its spectator view."""

    def say(self, message: dict, names: list[str]) -> str:
        """An engine message (a log line, a prompt) in the active language."""

    def controls(self, view: dict, ui: dict, decision) -> list[tuple[str, object]]:
        """The controls (event, argument) that still lead to ``decision`` on the screen drawn
        from ``view`` and ``ui``, in order, the last one taking it: what a lesson's tutor
        marks (web/play/lesson.py)."""


@dataclass(frozen=True)
class SeatChoice:
    """A choice made for each seat before the game (Age of Thieves: the thief)."""

    key: str                                     # the seat's field in the game record
    label: str
    any_label: str                               # leaving it open: the game picks
    options: Callable[[], list[tuple[str, str]]]  # (value, label)
    clash: str                                   # why two seats may not choose the same


@dataclass(frozen=True)
class TableOption:
    """A table option: radio buttons, each (value, id, title, explanation)."""

    key: str
    legend: str
    choices: tuple
    default: object


@dataclass(frozen=True)
class Statistics:
    """What the game's statistics page (web/screens/stats.py) calls the report's things."""

    cards: str              # the part on the cards winners play (``Rules.card_played``)
    ends: dict              # the words for each way a game can end (``Rules.ends``)
    labels: str = ""        # the part on the wins by ``Rules.winner_label`` ("": none)
    head: str = ""          # its tables' first column
    labels_even: str = ""   # when none of them won more or less often than even chances


@dataclass(frozen=True)
class GameFront:
    game: str                 # the engine's game id
    name: str
    blurb: str                # one line on the start screen
    screen: str               # the module of its GameScreen
    help: str                 # the module of its help page: render() -> the HTML
    prefix: str               # the game screen's own events start with this
    secrets: str              # what the seed and the links give away (docs/remote.md)
    statistics: Statistics
    lesson: str = ""          # the module of its lesson (web/games/lesson.py); "": none
    # what tools/build_site.py writes into static/: its screen's stylesheet there, and what
    # a decision is about when its options name nothing, a CSS selector (static/pointing.js)
    stylesheet: str = ""
    subject: str = ""
    players: tuple = (2, 4)   # the fewest and the most players
    seat_choice: SeatChoice | None = None
    final_board: bool = True  # the end screen shows the table too (unless the result does)
    player_turns: bool = False  # the state's turn counts each player's turn, not rounds of all
    windows: tuple = ()       # the moments its reaction windows open at: auto-pass offered
    options: tuple = field(default=())

    def module(self, which: str = "screen"):
        return importlib.import_module(getattr(self, which))

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def moment(self, turn: int) -> str:
        """Turn ``turn`` in the game's own word, as its screen names it (in German a player's
        turn is a "Zug", a turn of all the players a "Runde"), or the set-up before the first."""
        if not turn:
            return _("set-up")
        return (_("Turn {n}").format(n=turn) if self.player_turns
                else _("Turn {turn}").format(turn=turn))


def front(game: str) -> GameFront:
    """The table's front for ``game`` (KeyError for a game the table does not have)."""
    return importlib.import_module(PACKAGES[game]).FRONT


def fronts() -> list[GameFront]:
    return [front(game) for game in PACKAGES]
