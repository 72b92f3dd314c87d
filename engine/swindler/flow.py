"""The resumable flow of a game: a stack of small JSON frames in ``state["stack"]``.

An *op* frame is carried out by the machine; an *ask* frame waits for one player's answer.
Each ask kind registers the function listing its legal options, the one applying an answer, a
prompt, and optionally a staleness test (a frame overtaken by events is dropped). An ask with a
single option is answered by the machine, except reaction prompts, which are always put to the
player so that nobody learns from a missing prompt who holds a card.
"""

from collections.abc import Callable
from dataclasses import dataclass

OPS: dict[str, Callable] = {}
ASKS: dict[str, "Ask"] = {}


@dataclass(frozen=True)
class Ask:
    options: Callable[[dict, dict], list]
    apply: Callable[[dict, dict, object], None]
    prompt: Callable[[dict, dict], dict]  # a message {"msg", "args"}
    always: bool = False
    stale: Callable[[dict, dict], bool] | None = None


def op(name: str):
    """Register the function carrying out an op frame (the frame is already popped)."""
    def register(fn):
        OPS[name] = fn
        return fn
    return register


def ask(name: str, options, prompt, always: bool = False, stale=None):
    """Register an ask kind; the decorated function applies an answer (frame already popped)."""
    def register(fn):
        ASKS[name] = Ask(options, fn, prompt, always, stale)
        return fn
    return register


def push(s: dict, name: str, **fields) -> None:
    s["stack"].append({"do": name, **fields})


def push_ask(s: dict, name: str, player: int, **fields) -> None:
    push(s, name, player=player, **fields)


def top_ask(s: dict) -> dict | None:
    """The ask waiting for an answer (``run`` leaves the stack with one on top, or empty)."""
    stack = s["stack"]
    return stack[-1] if stack and stack[-1]["do"] in ASKS else None


def options_of(s: dict, frame: dict) -> list:
    return ASKS[frame["do"]].options(s, frame)


def prompt_of(s: dict, frame: dict) -> dict:
    return ASKS[frame["do"]].prompt(s, frame)


def answer(s: dict, action) -> None:
    """Apply an answer to the ask on top (already checked against its options), then run on."""
    frame = s["stack"].pop()
    ASKS[frame["do"]].apply(s, frame, action)
    run(s)


def run(s: dict) -> None:
    """Carry out frames until a player must decide or the game is over."""
    from .turn import next_turn

    while s["result"] is None:
        if not s["stack"]:
            next_turn(s)
            continue
        frame = s["stack"][-1]
        if frame["do"] in OPS:
            s["stack"].pop()
            OPS[frame["do"]](s, frame)
            continue
        kind = ASKS[frame["do"]]
        if kind.stale and kind.stale(s, frame):
            s["stack"].pop()
            continue
        legal = kind.options(s, frame)
        if len(legal) > 1 or kind.always:
            return
        s["stack"].pop()
        if legal:
            kind.apply(s, frame, legal[0])
