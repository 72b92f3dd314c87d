"""The host's bots at a table by links (web/play/links/), paced by the page as at one device
(``App.pending_bot``): each thinks over its own view and decides on the host's device, and its
decisions leave in the host's links."""

from engine.core.game import Match
from web.base.outcome import Outcome
from web.play.bots import TableBots


class HostBots:
    """The remote table's side of the bots' pacing; the table holds ``device``, ``jobs``, the
    ``bots`` made and those at the position a bot thinks over (``bots_at_turn``), and decides
    for a seat (``_decide_for``); the common part is web/play/seat.py's ``Seat``."""

    def _bot_due(self) -> int | None:
        """The host's bot seat whose decision is due, or None."""
        device = self.device
        if device is None or not device.host:
            return None
        chain = device.chain
        return next((p for p in chain.deciders() if chain.match.seats[p].get("bot")
                     and chain.turn(p) is not None), None)

    def pending_bot(self) -> int | None:
        """The host's bot that decides next, once the signing and checking are done."""
        return None if self.jobs.busy else self._bot_due()

    def bot_thinking(self, p: int):
        """Bot seat ``p``'s decision on the state its turn shows, from its own view
        (web/play/bots.py)."""
        chain = self.device.chain
        match = chain.match
        self.bots_at_turn = TableBots(Match(match.game, match.seats, match.options,
                                            match.seed, chain.turn(p).state, match.actions))
        self.bots_at_turn.bots = self.bots  # each seat's bot is made once
        return self.bots_at_turn.think(p)

    thinking_bots = property(lambda self: self.bots_at_turn)

    def _still_at(self, thinking) -> bool:
        """Is the game still at the position ``thinking``'s seat decides at?"""
        return self.device.chain.turn(thinking.seat).state == thinking.bots.match.state

    def bot_pause(self) -> int:
        """No pause before the host's bots: their decisions leave in links, nothing to watch."""
        return 0

    def _bot_decides(self, thinking) -> Outcome:
        """Decide the worked-out (and current) ``thinking``, unless another tab has; what the
        router is to show, as at one device."""
        return self._told(self._decide_for, thinking.seat, thinking.action(), go_on=False)
