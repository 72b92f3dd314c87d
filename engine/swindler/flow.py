"""Swindler's ops and asks, on the engine's decision machine (engine/core/machine.py): the
modules register theirs here; ``turn.next_turn`` moves the game on when the stack is empty
(handed in by rules.py)."""

from engine.core.machine import Machine, push

FLOW = Machine()
op, ask, top_ask, options_of, prompt_of = (FLOW.op, FLOW.ask, FLOW.top_ask, FLOW.options_of,
                                           FLOW.prompt_of)


def push_ask(s: dict, name: str, player: int, **fields) -> None:
    push(s, name, player=player, **fields)


__all__ = ["FLOW", "ask", "op", "options_of", "prompt_of", "push", "push_ask", "top_ask"]
