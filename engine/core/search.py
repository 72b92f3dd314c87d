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
in the same worlds by more than the noise of the comparison (a one-sided t-test of the paired
differences). With several challengers a short screening first names the likeliest one, and
only fresh worlds judge it: otherwise one of five challengers no better than the pick passes
the test by luck far too often, and a long game of many small decisions is lost to them. So a
short search plays at least about as well as the policy.

A simultaneous secret decision (the Age of Thieves declaration) is searched as such: the
determinizer leaves the others' hidden declarations unmade, so in every playout they decide
after the bot without seeing its choice, as at the table.

A walk of single steps (``Rules.walk_goes_on``: Age of Thieves' moves, Swindler's
reservations) is searched at its first step only: every playout played the walk on by the
policy, so while the position is what the step led to, with nothing else seen changing, the
next step is the policy's pick, unsearched (issue 53: a step's second of thinking in the
browser). Anything unexpected — a token turned, a guard woken, another seat's move — and the
next step is searched again.

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
SCREENING = 2  # rounds of every candidate, at least, before the best challenger is compared
               # alone (half the budget where that is more)
COMPARED = 2  # rounds comparing the pick and a challenger, at least: the fewest a test reads


def result_winners(result: dict) -> list[int]:
    """The seats that won a finished game (several when shared, none when nobody won)."""
    if (winners := result.get("winners")) is not None:
        return winners
    return [] if result.get("winner") is None else [result["winner"]]


def reward(rules: Rules, result: dict, player: int) -> float:
    """The seat's share of the win (1 alone, 1/k among k winners, 0 otherwise; the seat's
    ``chances`` where an estimate gives them), with a smaller part for its score against the
    others' (``Rules.scores``), in [0, 1]."""
    if (chances := result.get("chances")) is not None:
        win = chances[player]
    else:
        winners = result_winners(result)
        win = 1 / len(winners) if player in winners else 0.0
    scores = rules.scores(result)
    if not scores:
        return win
    return (1 - SCORE_WEIGHT) * win + SCORE_WEIGHT * lead(scores, player)


def lead(scores: list, player: int) -> float:
    """The seat's score against the others' mean, scaled by the highest score, in [0, 1]."""
    others = [s for p, s in enumerate(scores) if p != player]
    ahead = (scores[player] - sum(others) / len(others)) / (max(map(abs, scores)) + 1)
    return (ahead + 1) / 2


class SearchBot:
    """Plays the candidate that did best in up to ``playouts`` determinized playouts (at most
    ``capacity`` times the decision's effort, where a device's time allows no more: see
    ``fitting``).

    ``policy(rules, seed)`` makes the bots that play the playouts on, and the one that plays
    this seat and proposes every decision's default candidate (``proposer``: it sees them
    all, and keeps what a policy keeps between decisions — Age of Thieves' plan of the turn,
    a Swindler card's choices still to make). The other candidates are the remaining options
    (at most ``breadth`` in all, drawn at random when there are more), or for a ``spec``
    choice the pick of the ``alternative`` policy, if given, and ``spec_samples`` random
    legal actions."""

    name = "search"
    uses_view = True

    def __init__(self, rules: Rules, seed: int, policy: Callable, playouts: int | None = None,
                 horizon: int | None = None, breadth: int = 6, spec_samples: int = 3,
                 alternative: Callable | None = None, capacity: float | None = None):
        self.rules = rules
        self.rng = Rng(seed_state(seed ^ 0x15EA4C4))
        self.policy = policy
        self.playouts = rules.search_playouts if playouts is None else playouts
        self.horizon = rules.search_horizon if horizon is None else horizon
        self.confidence_z = _normal_quantile(rules.search_confidence)
        self.breadth = breadth
        self.spec_samples = spec_samples
        self.alternative = alternative
        self.proposer = policy(rules, self.rng.next_u32())
        self.capacity = capacity  # the playouts this device completes in a search's time (at
                                  # an effort of 1): the browser's measure, None for no limit
        self.last = None  # the bot's last decision: (view, action), where a walk may go on

    def decide(self, view: dict, choice: dict):
        """The whole search at once (simulations, tests)."""
        thought = self.think(view, choice)
        while thought.step():
            pass
        return thought.decision()

    def think(self, view: dict, choice: dict) -> "Thought":
        """A search to step by hand: ``step()`` until it says False or time is up, then
        ``decision()``. The next step of a walk the last decision began or went on with is
        the policy's, unsearched (a single candidate)."""
        if self.last is not None and self.rules.walk_goes_on(*self.last, view):
            candidates = [self.proposer.decide(view, choice)]
        else:
            candidates = self.candidates(view, choice)
        return Thought(self, view, choice, candidates)

    def candidates(self, view: dict, choice: dict) -> list:
        """The policy's pick first, then the others; each once. Out of turn (a ``standing``
        moment, asked before every step of another player) the policy's pick alone: a pass
        cannot be played out, and searching every such moment would cost the most where it
        matters least."""
        proposed = [self.proposer.decide(view, choice)]
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
    """One decision being searched, an action of a playout per ``step``.

    Round by round, one drawn world per round, every contender is played out in it. With
    several challengers to the policy's pick, a screening first (half the budget, at least
    ``SCREENING`` rounds of all of them) names the challenger that did best; the rest of
    the budget compares only the pick and that challenger, in fresh worlds, and the decision
    reads those rounds alone, so a lucky screening cannot count for the challenger (the
    winner's curse). A lone challenger is compared from the first round. When no challenger
    did better than the pick in the screening, the search ends there."""

    def __init__(self, bot: SearchBot, view: dict, choice: dict, candidates: list):
        self.bot, self.view, self.player = bot, view, choice["player"]
        self.rounds: list[dict[int, float]] = []  # each round's rewards, by candidate
        self.effort = bot.rules.search_effort.get(choice["kind"], 1.0)  # the budget's share
        budget = round(bot.playouts * self.effort)
        if bot.capacity is not None:
            budget = min(budget, int(bot.capacity * self.effort))
        self.candidates = candidates[:fitting(budget, len(candidates))]
        self.budget = budget if len(self.candidates) > 1 else 0
        self.screening = len(self.candidates) > 2
        self.screening_rounds = max(SCREENING, self.budget // (2 * len(self.candidates)))
        self.challenger = None if self.screening else 1  # the one compared with the pick
        self.contenders = list(range(len(self.candidates))) if self.screening else [0, 1]
        self.compared_from = 0  # the first round that compares the pick and the challenger
        self.playouts = 0  # playouts completed
        self.world = 0  # the seed of the current round's world
        self.playing = None  # the playout under way: (candidate, its generator)

    def step(self) -> bool:
        """A little more search (one action of a playout); False when it is over."""
        if self.playing is None:
            pick = self._next_contender()
            if pick is None:
                return False
            self.playing = pick, self.playout(self.candidates[pick])
        pick, playout = self.playing
        try:
            next(playout)
        except StopIteration as end:
            self.rounds[-1][pick] = end.value
            self.playing = None
            self.playouts += 1
        return True

    def _next_contender(self) -> int | None:
        """The contender to play out next, a new round begun when the last is complete; None
        when the budget cannot pay for another whole round or the screening found nothing."""
        if not self.rounds or len(self.rounds[-1]) == len(self.contenders):
            if self.screening and len(self.rounds) == self.screening_rounds \
                    and not self._screened():
                return None
            if self.budget - self.playouts < len(self.contenders):
                return None
            self.world = self.bot.rng.next_u32()
            self.rounds.append({})
        return next(c for c in self.contenders if c not in self.rounds[-1])

    def _screened(self) -> bool:
        """Ends the screening: the best challenger, if it did better than the pick, goes on
        against the pick alone."""
        self.screening = False
        best = max(range(1, len(self.candidates)),
                   key=lambda c: _mean(self._differences(c, 0)))
        if _mean(self._differences(best, 0)) <= 0:
            return False
        self.challenger, self.contenders, self.compared_from = best, [0, best], len(self.rounds)
        return True

    def _differences(self, challenger: int, since: int) -> list[float]:
        """The challenger's reward minus the pick's, round by complete round from ``since``."""
        return [r[challenger] - r[0] for r in self.rounds[since:]
                if challenger in r and 0 in r]

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
        """The challenger, if the rounds comparing it with the policy's pick say it is better
        by more than their noise (a one-sided t-test at ``Rules.search_confidence``); else
        the pick. The bot remembers it, for a walk that goes on."""
        decided = self.candidates[0]
        if self.challenger is not None:
            differences = self._differences(self.challenger, self.compared_from)
            n = len(differences)
            if n >= 2 and _mean(differences) > \
                    _t_quantile(self.bot.confidence_z, n - 1) * _standard_error(differences):
                decided = self.candidates[self.challenger]
        self.bot.last = self.view, decided
        return decided


def fitting(budget: int, candidates: int) -> int:
    """How many candidates a budget of ``budget`` playouts can judge: every one screened
    (``SCREENING`` rounds) and then ``COMPARED`` rounds comparing the pick and a challenger,
    or the pick and one challenger in ``COMPARED`` rounds; else the pick alone (decided at
    once). A search cut short by time before that would play the pick anyway, after its
    time."""
    fits = candidates
    while fits > 2 and SCREENING * fits + 2 * COMPARED > budget:
        fits -= 1
    return fits if fits > 2 or budget >= 2 * COMPARED else 1


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _standard_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _normal_quantile(p: float) -> float:
    """The z with a standard normal probability ``p`` below it (by halving on ``math.erf``:
    the standard library's ``statistics`` would bring ``decimal`` and ``fractions`` into the
    browser for one number)."""
    low, high = -10.0, 10.0
    for _ in range(64):
        middle = (low + high) / 2
        low, high = (middle, high) if 0.5 * (1 + math.erf(middle / math.sqrt(2))) < p \
            else (low, middle)
    return (low + high) / 2


def _t_quantile(z: float, df: int) -> float:
    """Student's t with ``df`` degrees of freedom at the confidence of the normal quantile
    ``z`` (the Cornish-Fisher expansion: at 90 %, within 0.01 from 2 degrees on, 4 % low at
    1)."""
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))
