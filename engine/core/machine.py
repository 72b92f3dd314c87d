"""The resumable decision machine every stacked game runs on.

Pending work is a stack of small JSON frames in ``state["stack"]``, each named by its ``do``.
An *op* frame is carried out by the machine; an *ask* frame waits for one player's answer.
Each ask kind registers the function listing its legal options, the one applying an answer, a
prompt, and optionally a staleness test (a frame overtaken by events is dropped). An ask with
a single option is answered by the machine, unless it is ``always`` asked (a reaction prompt,
put to the player so that nobody learns from a missing prompt who holds a card). So a game
pauses and resumes at any decision and serializes at every point.

What happens when the stack is empty (the next phase, the next turn) is the game's own flow,
handed to ``run`` and ``answer`` by its rules: the machine never imports it.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Ask:
    options: Callable[[object, dict], list]  # (table, frame) -> the legal answers
    apply: Callable[[object, dict, object], None]  # (table, frame, answer); frame popped
    prompt: Callable[[object, dict], dict]  # a message {"msg", "args"}
    always: bool = False  # asked even with one option
    stale: Callable[[object, dict], bool] | None = None  # overtaken: dropped unasked


@dataclass(frozen=True)
class Op:
    carry_out: Callable[[object, dict], None]  # (table, frame)
    stays: bool = False  # the op pops its own frame (a loop: it runs again until it is done)


def _same(table) -> dict:
    return table


class Machine:
    """One game's ops and asks, and the loop that carries them out.

    Its functions take the game's *table*: the state itself, or an object around it that
    ``state_of`` reads the state from (Age of Thieves' ``Table``)."""

    def __init__(self, state_of: Callable[[object], dict] = _same):
        self.ops: dict[str, Op] = {}
        self.asks: dict[str, Ask] = {}
        self.state_of = state_of

    def op(self, name: str, stays: bool = False):
        """Register the decorated function as the way an op frame ``name`` is carried out
        (the frame already popped, unless it ``stays``)."""
        def register(fn):
            self.ops[name] = Op(fn, stays)
            return fn
        return register

    def ask(self, name: str, options, prompt, always: bool = False, stale=None):
        """Register an ask kind; the decorated function applies an answer (frame already
        popped)."""
        def register(fn):
            self.asks[name] = Ask(options, fn, prompt, always, stale)
            return fn
        return register

    def top_ask(self, table) -> dict | None:
        """The ask waiting for an answer (``run`` leaves the stack with one on top, or with
        none when the game's own flow waits)."""
        stack = self.state_of(table)["stack"]
        return stack[-1] if stack and stack[-1]["do"] in self.asks else None

    def options_of(self, table, frame: dict) -> list:
        return self.asks[frame["do"]].options(table, frame)

    def prompt_of(self, table, frame: dict) -> dict:
        return self.asks[frame["do"]].prompt(table, frame)

    def answer(self, table, action, when_empty: Callable) -> None:
        """Apply an answer (already checked) to the ask on top, then ``run`` on."""
        frame = self.state_of(table)["stack"].pop()
        self.asks[frame["do"]].apply(table, frame, action)
        self.run(table, when_empty)

    def run(self, table, when_empty: Callable) -> None:
        """Carry out frames until a player must decide or the game is over. On an empty stack
        ``when_empty(table)`` moves the game on (pushing frames), or returns True: the game
        waits outside the stack (Age of Thieves' secret declarations)."""
        s = self.state_of(table)
        stack = s["stack"]
        while s["result"] is None:
            if not stack:
                if when_empty(table):
                    return
                continue
            frame = stack[-1]
            if (op := self.ops.get(frame["do"])) is not None:
                if not op.stays:
                    stack.pop()
                op.carry_out(table, frame)
                continue
            kind = self.asks[frame["do"]]
            if kind.stale and kind.stale(table, frame):
                stack.pop()
                continue
            legal = kind.options(table, frame)
            if len(legal) > 1 or kind.always:
                return
            stack.pop()
            if legal:
                kind.apply(table, frame, legal[0])


def push(s: dict, name: str, **fields) -> None:
    """Put the frame ``name`` with ``fields`` on top of ``s``'s stack."""
    s["stack"].append({"do": name, **fields})
