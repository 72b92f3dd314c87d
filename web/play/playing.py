"""The plug between the router (web/app.py) and a way of playing: at one device (hotseat/), by
links or live (links/), or any other that keeps this face. The router holds the one open as a
:class:`Playing` and calls nothing else on it; each entry point returns the :class:`Outcome`
the router shows (web/base/outcome.py). What both ways do alike is written once in
web/play/seat.py's ``Seat``."""

from typing import Protocol

from engine.core.game import Match
from web.base.outcome import Outcome
from web.screens.replay import Replay


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

    def bot_pause(self) -> float:
        """How many bot delays the page waits before the next bot decision."""

    def watcher(self) -> tuple[Match | None, int | None]:
        """The game, and the seat whose screen is shown (None: no seat's, or no game yet)."""

    def storage_changed(self, key: str | None, shown: bool) -> Outcome:
        """Another tab wrote ``key`` (None: it cleared the storage) while this game's screen
        is ``shown`` or not: if that was this game's save, this tab follows it."""

    def close(self) -> None:
        """The game is closed in this tab (it stays kept)."""


class Plugged:
    """The router's side of the plug (web/app.py's ``App``, which holds ``playing``, ``screen``
    and shows an Outcome by ``_show``): what is open, the way of playing shown, its bots paced
    by the page (web/browser/pacing.py), the replay since the viewer's last decision, another
    tab's writes."""

    @property
    def in_game(self) -> bool:
        """Is a game open in this tab (by links: once its signatures are checked)?"""
        return self.playing is not None and self.playing.watcher()[0] is not None

    def _shown(self) -> Playing | None:
        """The way of playing whose screen shows (None: another screen)."""
        way = self.playing
        return way if way is not None and self.screen == way.screen else None

    def pending_bot(self) -> int | None:
        """The bot seat that decides next, or None (only while its game is shown)."""
        return None if (way := self._shown()) is None else way.pending_bot()

    def bot_step(self) -> bool:
        """One bot decision, thought to the end. False if no bot is due."""
        thinking = self.bot_thinking()
        if thinking is not None:
            thinking.work(float("inf"))
            self.bot_play(thinking)
        return thinking is not None

    def bot_thinking(self):
        """The decision of the bot seat due next, to work out (web/play/bots.py), or None."""
        p = self.pending_bot()
        return None if p is None else self._shown().bot_thinking(p)

    def bot_current(self, thinking) -> bool:
        """Is ``thinking`` still for the game, position and screen shown?"""
        return (way := self._shown()) is not None and way.bot_current(thinking)

    def bot_play(self, thinking) -> bool:
        """Play the worked-out ``thinking`` if still current (else False)."""
        if not self.bot_current(thinking):
            return False
        self._show(self._shown().bot_play(thinking))
        return True

    def bot_pause(self) -> float:
        """How many bot delays the page waits before the next bot decision."""
        return 1 if (way := self._shown()) is None else way.bot_pause()

    def _on_since_replay(self, arg=None) -> None:
        """Watch the others' decisions since the viewer's last one (public information only),
        then back to the viewer's screen."""
        way = self._shown()
        match, p = (None, None) if way is None else way.watcher()
        last = None if p is None else match.last_decision(p)
        if last is not None:
            self.replay = Replay(match, last + 1, back=self.screen)
            self.screen = "replay"

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote ``key`` (None: it cleared the storage): the open game follows."""
        if (way := self.playing) is not None:
            self._show(way.storage_changed(key, self.screen == way.screen))
