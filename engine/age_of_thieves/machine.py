"""Age of Thieves' ops and asks, on the engine's decision machine (engine/core/machine.py),
and the asks every part of the rules uses: a choice among options, a choice the book gives
the first thief. The modules register theirs here; ``phases.after_the_stack`` moves the game
on when the stack is empty (handed in by rules.py)."""

from engine.core.machine import Machine

from .table import Table

MACHINE = Machine(state_of=lambda t: t.s)
op, ask, top_ask, options_of, prompt_of = (MACHINE.op, MACHINE.ask, MACHINE.top_ask,
                                           MACHINE.options_of, MACHINE.prompt_of)


def choose(t: Table, player: int, options: list, then: dict, prompt: dict,
           default=None) -> None:
    """Ask ``player`` to pick one of ``options`` (``prompt``: the message saying what for);
    ``then`` is pushed with ``pick`` set.

    ``default`` (one of the options) is the documented choice a UI may apply for the player.
    """
    if not options:
        return
    frame = {"options": [{"pick": o} for o in options], "then": then, "prompt": prompt}
    if default is not None:
        frame["default"] = {"pick": default}
    t.ask(player, "choose", **frame)


def _chosen_options(t: Table, frame: dict) -> list:
    return frame["options"]


def _chosen_prompt(t: Table, frame: dict) -> dict:
    return frame["prompt"]


@ask("choose", _chosen_options, _chosen_prompt)
def _chosen(t: Table, frame: dict, action) -> None:
    t.push({**frame["then"], "pick": action["pick"]})


def first_thief_chooses(t: Table, options: list, then: dict, prompt: dict, default) -> None:
    """A decision the book gives the first thief (guard order and ties, yellow jewel space,
    plain-garb guard space). With the table option ``first_thief_decides`` off, the documented
    default is applied at once."""
    if len(options) > 1 and t.s["options"].get("first_thief_decides", True):
        # a first thief who has left the city is replaced by the next thief still in it
        choose(t, t.in_game()[0], options, then, prompt, default)
    elif options:
        t.push({**then, "pick": default})
