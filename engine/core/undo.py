"""Taking back decisions: a player may take back their own latest decisions until something
new was revealed to anyone since (a card or tile drawn, a die rolled, a token turned, a secret
shown) or another player decided. Each game states where those points are
(``Rules.revealed``); a record replays exactly, so taking back is replaying a shorter record.

Moves with one legal option (``Rules.forced``) are not decisions: the table plays them, and
taking back a decision takes back the forced moves after it too, whoever made them.
"""

from dataclasses import dataclass

from .errors import IllegalAction

# why a take-back is refused (message ids; the web layer words them)
NOTHING = "undo_nothing"    # no decision of this player since the last reveal
REVEALED = "undo_revealed"  # something new was revealed since
OTHER = "undo_other"        # another player decided since
OVER = "undo_over"          # the game is over


class Refused(IllegalAction):
    """A take-back the rules refuse; ``reason`` is one of the ids above."""

    def __init__(self, reason: str):
        super().__init__(f"cannot take back: {reason}")
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """What taking back needs to know of one decision of a match."""

    player: int
    forced: bool    # it was the only legal option
    revealed: bool  # it (or what the rules did after it) revealed something


def kept(steps: list[Step], player: int, over: bool = False) -> int:
    """How many decisions stay when ``player`` takes back their latest decision (with the
    forced moves after it); raises Refused with the reason."""
    if over:
        raise Refused(OVER)
    for number in range(len(steps) - 1, -1, -1):
        step = steps[number]
        if step.revealed:
            raise Refused(REVEALED)
        if step.forced:
            continue
        if step.player != player:
            raise Refused(OTHER)
        return number
    raise Refused(NOTHING)
