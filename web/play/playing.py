"""The plug between the router (web/app.py) and a way of playing: at one device (hotseat/), by
links or live (links/), or any other that keeps this face. The router holds the one open as a
:class:`Playing` and calls nothing else on it; each entry point returns the :class:`Outcome`
the router shows (web/base/outcome.py). What both ways do alike is written once in
web/play/seat.py's ``Seat``."""

from typing import Protocol

from engine.core.game import Match
from web.base.outcome import Outcome


class Playing(Protocol):
    """A way of playing the router shows."""

    screen: str  # the router's screen its game is drawn on now (App.TABLES names them)

    def handles(self, name: str) -> bool:
        """Is the page's event ``name`` one of this way of playing's?"""

    def handle(self, name: str, arg) -> Outcome:
        """The page's event ``name`` with its ``arg``, while its screen shows."""

    def scene(self):
        """What its screen draws now (built once a paint)."""

    def pending_bot(self) -> int | None:
        """The bot seat that decides next, or None."""

    def bot_thinking(self, p: int):
        """Bot seat ``p``'s decision at the position now, to work out (web/play/bots.py)."""

    def bot_current(self, thinking) -> bool:
        """Is ``thinking`` still for the game, position and screen shown?"""

    def bot_play(self, thinking) -> Outcome:
        """Play the worked-out, current ``thinking`` (and the bot's walk on at once)."""

    def bot_pause(self) -> int:
        """How many bot delays the page waits before the next bot decision."""

    def watcher(self) -> tuple[Match | None, int | None]:
        """The game, and the seat whose screen is shown (None: no seat's, or no game yet)."""

    def storage_changed(self, key: str | None, shown: bool) -> Outcome:
        """Another tab wrote ``key`` (None: it cleared the storage) while this game's screen
        is ``shown`` or not: if that was this game's save, this tab follows it."""

    def close(self) -> None:
        """The game is closed in this tab (it stays kept)."""
