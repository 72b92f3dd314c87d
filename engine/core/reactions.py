"""Reaction windows: after a trigger, the players who may answer it are asked one at a time,
in turn order from the active player.

A window is a JSON dict kept in the game state, so it pauses and resumes at any answer:
``{"trigger": ..., "queue": [seats still to ask], "asking": seat or None}``. The game says
which seats take part (``turn_order`` builds the usual list) and, at each step, whether a
seat has a playable reaction; playability is checked only when the seat's turn in the window
comes, because an earlier answer can change it.

In hot-seat play, asking only the players who hold a fitting card would tell everyone who
holds one. So by default every seat in the window is asked, and one with nothing playable gets
a lone "no" (``[PASS]``). The table option ``skip_reaction_prompts`` (default False) skips those
seats instead: quicker, but a prompt then reveals that its player holds something playable.
"""

from collections.abc import Callable, Iterator

PASS = {"pass": True}
SKIP_OPTION = "skip_reaction_prompts"


def skipping(options: dict) -> bool:
    """Does the table skip reaction prompts for seats with nothing playable?"""
    return bool(options.get(SKIP_OPTION, False))


def turn_order(active: int, players: int, exclude=()) -> list[int]:
    """Every seat from ``active`` around the table, without ``exclude``."""
    return [s for s in ((active + i) % players for i in range(players)) if s not in exclude]


def open_window(trigger, seats: list[int]) -> dict:
    """A window on ``trigger`` that will ask ``seats`` (already in turn order)."""
    return {"trigger": trigger, "queue": list(seats), "asking": None}


def next_seat(window: dict, playable: Callable[[int], bool], skip: bool = False) -> int | None:
    """Move ``window`` on to the next seat to ask and return it; None once all were asked.

    With ``skip``, seats for which ``playable(seat)`` is false are passed over unasked.
    """
    while window["queue"]:
        seat = window["queue"].pop(0)
        if not skip or playable(seat):
            window["asking"] = seat
            return seat
    window["asking"] = None
    return None


def options(reactions: list) -> list:
    """What an asked seat may answer: pass, or one of its playable reactions."""
    return [PASS, *reactions]


def seats_to_ask(trigger, seats: list[int], playable: Callable[[int], bool],
                 skip: bool = False) -> Iterator[int]:
    """The seats a window on ``trigger`` asks, lazily (``playable`` is called as each seat's
    turn comes, after the answers before it were applied)."""
    window = open_window(trigger, seats)
    while (seat := next_seat(window, playable, skip)) is not None:
        yield seat
