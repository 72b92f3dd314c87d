"""Helpers for the browser app's CPython tests: a clock and bot play."""

from engine.core.game import Match
from engine.simulate import make_bot

GAME = "age_of_thieves"


class Clock:
    def __init__(self, start: float = 1_750_000_000.0):
        self.t = start

    def __call__(self) -> float:
        self.t += 1.0
        return self.t



def play_bots(match: Match, kind: str = "heuristic", until_turn: int | None = None,
              seed: int = 1) -> Match:
    """Let bots play every seat until the game ends or turn ``until_turn`` has been played."""
    rules = match.rules
    bots = [make_bot(kind, GAME, seed * 8 + i) for i in range(len(match.seats))]
    while rules.result(match.state) is None:
        if until_turn is not None and match.state["turn"] > until_turn:
            break
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        match.act(p, bots[p].decide(rules.view(match.state, p), choice))
    return match
