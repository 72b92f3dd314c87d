"""Setting up: the targets in a row, the dens with their face-down stacks, money, start player."""

from . import content
from .table import log
from .turns import begin_turn


def new_state(seats: list[dict], options: dict, rng) -> dict:
    n = len(seats)
    deck = sorted(content.crooks())
    rng.shuffle(deck)
    dens = {}
    for den, size in zip(content.dens(n), content.STACKS[n], strict=True):
        dens[den], deck = deck[:size], deck[size:]
    state = {
        "game": "crooks", "options": dict(options),
        "names": [str(seat.get("name") or f"Player {i + 1}") for i, seat in enumerate(seats)],
        "turn": 1, "first": rng.below(n), "current": None, "step": None,
        "money": [content.START_MONEY] * n, "bank": 0, "passed": [False] * n,
        "dens": dens, "box": sorted(deck), "removed": [],
        "targets": {str(v): [[] for _ in range(n)] for v in content.TARGETS},
        "hand": [None] * n, "memory": [[] for _ in range(n)], "log": [], "result": None,
        "rng": rng.s,
    }
    log(state, "drawn_to_start", {"player": state["first"]})
    begin_turn(state, state["first"])
    return state
