"""Course of play: whose turn it is, the steps of a turn, passing and the end of the game.

A turn is a short sequence of *steps* (``state["step"]``): ``turn`` (pass or pick a den),
``take`` (a crook from the stack you look at), ``place`` (at a target), then at most one action
step (``pickpocket``, ``kill``, ``swap``, ``spy``). Every step kind registers how to list its
legal actions, why an action is refused, how to apply one, and its prompt.

The engine writes no sentences for players: a log line and a prompt are a message id with data
arguments (seats, crook ids, den letters, target numbers, amounts), rendered in the player's
language by ``web/games/crooks/messages.py`` (docs/i18n.md).
"""

from collections.abc import Callable
from dataclasses import dataclass

from .scoring import finish
from .table import players


@dataclass(frozen=True)
class Step:
    candidates: Callable  # (state, step) -> actions worth offering
    reason: Callable  # (state, step, action) -> None if legal, else why not
    apply: Callable  # (state, step, action) -> None, mutating
    prompt: Callable  # (state, step) -> {"msg": id, "args": {...}}


STEPS: dict[str, Step] = {}


def step(kind: str, candidates, reason, prompt):
    """Register the decorated function as the way a ``kind`` step applies an action."""
    def register(fn):
        STEPS[kind] = Step(candidates, reason, fn, prompt)
        return fn
    return register


_TYPE_WORDS = {bool: "true or false", int: "a number", str: "a text"}


def shape_reason(action, keys: dict) -> str | None:
    """Why ``action`` does not have exactly ``keys`` with values of exactly the given types
    (``bool`` is no ``int``); the reason names no value, so it stays short for any action."""
    if type(action) is not dict or action.keys() != keys.keys():
        return "that is not a move you can make now"
    for key, kinds in keys.items():
        if type(action[key]) not in kinds:
            return f"'{key}' takes {' or '.join(_TYPE_WORDS[k] for k in kinds)}"
    return None


# --- turn order ------------------------------------------------------------------------------
def begin_turn(s: dict, p: int) -> None:
    s["current"] = p
    s["step"] = {"kind": "turn"}


def end_turn(s: dict) -> None:
    """The next player clockwise who has not passed takes a turn; when all passed, scoring."""
    n = players(s)
    after = [(s["current"] + i) % n for i in range(1, n + 1)]
    still = [p for p in after if not s["passed"][p]]
    if not still:
        finish(s)
        return
    s["turn"] += 1
    begin_turn(s, still[0])
