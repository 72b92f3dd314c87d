"""Information-set search: a bot that plans on worlds drawn from its own view.

A round draws one whole state the bot's seat cannot tell from the real one
(``Rules.determinize``: made from the view alone, so no secret reaches the search) and plays
each candidate action in its own copy of that world, after which policy bots play on — every
seat from its own view of the drawn world, with the same seeds for every candidate — until the
game ends or a horizon is reached. Comparing the candidates on the same worlds and the same
later luck (common random numbers) leaves only the difference the decision makes: flat Monte
Carlo over determinizations, the root of an information-set MCTS, made sharp enough to improve
on its own policy with few playouts.

The policy's own pick is the default: another candidate replaces it only when it did better
in the same worlds by more than the noise of the comparison (one standard error of the paired
differences), so a short search plays at least about as well as the policy.

A simultaneous secret decision (the Age of Thieves declaration) is searched as such: the
determinizer leaves the others' hidden declarations unmade, so in every playout they decide
after the bot without seeing its choice, as at the table.

No clock: a search is a ``Thought`` stepped an action of a playout at a time, so that the
caller decides when to stop — in the browser, between slices of time, after a time budget —
and a slow device plays weaker, not slower. With the same seed and budget, the same view gives
the same decision.
"""

import math
from collections.abc import Callable

from .bots import playing_on
from .game import Rules, canonical
from .rng import Rng, seed_state

SCORE_WEIGHT = 0.2  # the share of a playout's reward that comes from the score, not the win
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the policy's pick


def result_winners(result: dict) -> list[int]:
    """The seats that won a finished game (several when shared, none when nobody won)."""
    if (winners := result.get("winners")) is not None:
        return winners
    return [] if result.get("winner") is None else [result["winner"]]


def reward(rules: Rules, result: dict, player: int) -> float:
    """The seat's share of the win (1 alone, 1/k among k winners, 0 otherwise), with a
    smaller part for its score against the others' (``Rules.scores``), in [0, 1]."""
    winners = result_winners(result)
    win = 1 / len(winners) if player in winners else 0.0
    scores = rules.scores(result)
    if not scores:
        return win
    others = [s for p, s in enumerate(scores) if p != player]
    lead = (scores[player] - sum(others) / len(others)) / (max(map(abs, scores)) + 1)
    return (1 - SCORE_WEIGHT) * win + SCORE_WEIGHT * (lead + 1) / 2


class SearchBot:
    """Plays the candidate that did best in up to ``playouts`` determinized playouts.

    ``policy(rules, seed)`` makes the bots that play the playouts on and that propose the
    default candidate. The others are the remaining options (at most ``breadth`` in all, drawn
    at random when there are more), or for a ``spec`` choice the pick of the ``alternative``
    policy, if given, and ``spec_samples`` random legal actions."""

    name = "search"
    uses_view = True

    def __init__(self, rules: Rules, seed: int, policy: Callable, playouts: int = 24,
                 horizon: int | None = None, breadth: int = 6, spec_samples: int = 3,
                 alternative: Callable | None = None):
        self.rules = rules
        self.rng = Rng(seed_state(seed ^ 0x15EA4C4))
        self.policy = policy
        self.playouts = playouts
        self.horizon = rules.search_horizon if horizon is None else horizon
        self.breadth = breadth
        self.spec_samples = spec_samples
        self.alternative = alternative
        self.searched = 0  # playouts behind the latest decision

    def decide(self, view: dict, choice: dict):
        """The whole search at once (simulations, tests)."""
        thought = self.think(view, choice)
        while thought.step():
            pass
        return thought.decision()

    def think(self, view: dict, choice: dict) -> "Thought":
        """A search to step by hand: ``step()`` until it says False or time is up, then
        ``decision()``."""
        return Thought(self, view, choice, self.candidates(view, choice))

    def candidates(self, view: dict, choice: dict) -> list:
        """The policy's pick first, then the others; each once. Out of turn (a ``standing``
        moment, asked before every step of another player) the policy's pick alone: a pass
        cannot be played out, and searching every such moment would cost the most where it
        matters least."""
        proposed = [self.policy(self.rules, self.rng.next_u32()).decide(view, choice)]
        if choice.get("standing"):
            return proposed
        if "options" in choice:
            others = list(choice["options"])
            self.rng.shuffle(others)
            proposed += others
        else:
            if self.alternative is not None:
                proposed.append(self.alternative(self.rules, self.rng.next_u32())
                                .decide(view, choice))
            proposed += [self.rules.random_action(choice, self.rng)
                         for _ in range(self.spec_samples)]
        distinct = {}
        for action in proposed:
            if len(distinct) < self.breadth:
                distinct.setdefault(canonical(action), action)
        return list(distinct.values())


class Thought:
    """One decision being searched, an action of a playout per ``step``: round by round, one
    drawn world per round and every candidate played out in it."""

    def __init__(self, bot: SearchBot, view: dict, choice: dict, candidates: list):
        self.bot, self.view, self.player = bot, view, choice["player"]
        self.candidates = candidates
        self.rewards: list[list[float]] = [[] for _ in candidates]  # by candidate, by round
        self.rounds = bot.playouts // len(candidates) if len(candidates) > 1 else 0
        self.world = 0  # the seed of the current round's world
        self.playing = None  # the playout under way: (candidate, its generator)
        bot.searched = 0

    def step(self) -> bool:
        """A little more search (one action of a playout); False when the budget is spent."""
        if self.playing is None:
            done = len(self.rewards[-1])
            if done >= self.rounds:
                return False
            pick = next(i for i, seen in enumerate(self.rewards) if len(seen) == done)
            if pick == 0:
                self.world = self.bot.rng.next_u32()
            self.playing = pick, self.playout(self.candidates[pick])
        pick, playout = self.playing
        try:
            next(playout)
        except StopIteration as end:
            self.rewards[pick].append(end.value)
            self.playing = None
            self.bot.searched += 1
        return True

    def playout(self, action):
        """``action`` in this round's world, then the policy bots to the end, or to the horizon
        and the game's estimate from there (without one, an even share); yields after each
        action, returns the reward."""
        bot, rules = self.bot, self.bot.rules
        luck = Rng(seed_state(self.world))
        state = rules.determinize(self.view, self.player, luck)
        rules.apply(state, self.player, action)
        bots = [bot.policy(rules, luck.next_u32()) for _ in range(rules.seat_count(state))]
        result = (yield from playing_on(rules, state, bots, bot.horizon)) or rules.estimate(state)
        return 1 / len(bots) if result is None else reward(rules, result, self.player)

    def decision(self):
        """The candidate that beat the policy's pick by the widest margin over the complete
        rounds, if by more than the noise; else the policy's pick."""
        rounds = len(self.rewards[-1])
        best, best_margin = 0, 0.0
        for i in range(1, len(self.candidates)):
            differences = [a - b for a, b in zip(self.rewards[i][:rounds],
                                                 self.rewards[0][:rounds], strict=True)]
            margin = _mean(differences) - CONFIDENCE * _standard_error(differences)
            if rounds >= 2 and margin > best_margin:
                best, best_margin = i, margin
        return self.candidates[best]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _standard_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
