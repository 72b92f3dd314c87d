"""Information-set search: a bot that plans on worlds drawn from its own view.

Each playout draws a whole state the bot's seat cannot tell from the real one
(``Rules.determinize``: made from the view alone, so no secret reaches the search), plays one
of the bot's candidate actions in it, and lets policy bots play on — every seat from its own
view of the drawn world — until the game ends or a horizon is reached. The candidates share
the playouts by UCB1 and the one with the best mean reward for the bot's seat is played: flat
Monte Carlo over determinizations, the root of an information-set MCTS.

A simultaneous secret decision (the Age of Thieves declaration) is searched as such: the
determinizer leaves the others' hidden declarations unmade, so in every playout they decide
after the bot without seeing its choice, as at the table.

No clock: the budget is a number of playouts, and ``stop`` (called between playouts) lets the
caller end a search early — in the browser, after a time — so that a slow device plays weaker,
not slower. With the same seed and budget, the same view gives the same decision.
"""

import math
from collections.abc import Callable

from .bots import play_on
from .game import Rules, canonical
from .rng import Rng, seed_state

EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


def reward(result: dict, player: int) -> float:
    """The seat's share of the win: 1 alone, 1/k among k winners, 0 otherwise."""
    winners = result.get("winners")
    if winners is None:
        winners = [] if result.get("winner") is None else [result["winner"]]
    return 1 / len(winners) if player in winners else 0.0


class SearchBot:
    """Plays the candidate with the best mean reward over ``playouts`` determinized playouts.

    ``policy(rules, seed)`` makes the bots that play the playouts on (and that propose the
    candidate of a ``spec`` choice, beside ``spec_samples`` random legal actions)."""

    name = "search"
    uses_view = True

    def __init__(self, rules: Rules, seed: int, policy: Callable, playouts: int = 64,
                 horizon: int = 2_000, spec_samples: int = 3):
        self.rules = rules
        self.rng = Rng(seed_state(seed ^ 0x15EA4C4))
        self.policy = policy
        self.playouts = playouts
        self.horizon = horizon
        self.spec_samples = spec_samples
        self.stop: Callable[[], bool] = lambda: False
        self.searched = 0  # playouts behind the latest decision

    def decide(self, view: dict, choice: dict):
        candidates = self.candidates(view, choice)
        if len(candidates) == 1:
            self.searched = 0
            return candidates[0]
        player = choice["player"]
        bots = [self.policy(self.rules, self.rng.next_u32())
                for _ in range(self.rules.seat_count(view))]
        visits, totals = [0] * len(candidates), [0.0] * len(candidates)
        for playout in range(self.playouts):
            if playout >= len(candidates) and self.stop():
                break
            pick = self.select(visits, totals, playout)
            visits[pick] += 1
            totals[pick] += self.playout(view, player, candidates[pick], bots)
        self.searched = sum(visits)
        best = max(range(len(candidates)),
                   key=lambda i: (totals[i] / visits[i] if visits[i] else -1.0, visits[i]))
        return candidates[best]

    def candidates(self, view: dict, choice: dict) -> list:
        """The listed options, or for a ``spec`` choice the policy's pick and a few random
        legal actions; each once."""
        if "options" in choice:
            proposed = list(choice["options"])
        else:
            proposed = [self.policy(self.rules, self.rng.next_u32()).decide(view, choice)]
            proposed += [self.rules.random_action(choice, self.rng)
                         for _ in range(self.spec_samples)]
        distinct = {}
        for action in proposed:
            distinct.setdefault(canonical(action), action)
        return list(distinct.values())

    @staticmethod
    def select(visits: list[int], totals: list[float], playout: int) -> int:
        """Each candidate once, then UCB1."""
        if playout < len(visits):
            return playout
        log_n = math.log(playout)
        return max(range(len(visits)), key=lambda i: totals[i] / visits[i]
                   + EXPLORATION * math.sqrt(log_n / visits[i]))

    def playout(self, view: dict, player: int, action, bots: list) -> float:
        """One drawn world: ``action`` in it, then the policy bots to the end (or the
        horizon: an unfinished game counts as an even share)."""
        state = self.rules.determinize(view, player, self.rng)
        self.rules.apply(state, player, action)
        result = play_on(self.rules, state, bots, self.horizon)
        return 1 / len(bots) if result is None else reward(result, player)

