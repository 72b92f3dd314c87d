"""The resumable rules machine.

Pending work is a stack of small JSON frames in the state. An *op* frame is carried out by the
machine itself; an *ask* frame waits for one player's decision. Each ask kind has a function
listing its legal options and one applying the chosen option, so the whole game pauses and
resumes at any decision and serializes at every point.
"""

from engine.core.wellformed import listed

from .table import Table

OPS = {}
ASKS = {}


def op(name: str):
    """Register the function that carries out an op frame (it pops its own frame)."""
    def register(fn):
        OPS[name] = fn
        return fn
    return register


def ask(name: str, options, prompt):
    """Register an ask kind: ``options(t, frame)`` lists legal actions, the decorated function
    applies one (the frame is already popped), ``prompt(t, frame)`` is the message describing
    the decision."""
    def register(fn):
        ASKS[name] = (options, fn, prompt)
        return fn
    return register


def top_ask(t: Table) -> dict | None:
    stack = t.s["stack"]
    return stack[-1] if stack and stack[-1]["op"] == "ask" else None


def options_of(t: Table, frame: dict) -> list:
    return ASKS[frame["ask"]][0](t, frame)


def answer(t: Table, frame: dict, action) -> None:
    """Apply a player's answer to the ask on top of the stack, then run on."""
    action = listed(options_of(t, frame), action)  # the option itself, never a look-alike
    t.s["stack"].pop()
    ASKS[frame["ask"]][1](t, frame, action)
    run(t)


def run(t: Table) -> None:
    """Carry out frames until a decision is needed or the game is over.

    An ask whose only legal option is forced is answered by the machine.
    """
    from .phases import advance

    s = t.s
    while s["result"] is None:
        if s["stack"]:
            frame = s["stack"][-1]
            if frame["op"] != "ask":
                OPS[frame["op"]](t, frame)
                continue
            legal = options_of(t, frame)
            if len(legal) > 1:
                return
            s["stack"].pop()
            if legal:
                ASKS[frame["ask"]][1](t, frame, legal[0])
        elif s["waiting"]:
            return
        else:
            advance(t)


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
