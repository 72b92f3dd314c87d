"""The bot seats of the game open at the table: which bot decides next, and its decision, made
from that bot's own view and choice only (engine/core/bots.py).

A seat's level is its ``bot`` entry: "easy", "normal" or "hard" (engine/simulate.py's
``make_bot``); seats saved before the levels say "heuristic" (played as normal) or "random".
A Hard seat searches (engine/core/search.py): its decision is a ``Thinking`` that the page
works on a slice at a time, so that the table stays responsive while it thinks.
"""

import contextlib
import time

from engine.core.bots import RandomBot, standing_play
from engine.core.game import Match

SEARCH: dict = {}  # a Hard bot's search budget and breadth (make_bot's ``search``; the
                  # engine's own unless the page's ?botthink= lets the time alone end it)
TIMED = False  # the page's ?botthink=: a search runs for its time, whatever the device's pace
THINK_S = 0.5  # how long a Hard seat thinks at most (issue 53: was 1 s, the bots' turns slow);
               # a slower device completes fewer playouts and plays weaker, not slower, and
               # the search stops sooner once its playout budget is spent
PACE: dict = {}  # game -> the playouts a second this device completes in its searches (a
                # moving mean of the searches so far): each search is planned for what fits
                # its time (engine/core/search.py's ``fitting``), not cut short by it


def searching_by_time() -> None:
    """The page's ?botthink= (tests, benchmarks): a Hard bot's search ends with its time to
    think alone, with no playout budget and no plan for this device's pace."""
    global TIMED
    TIMED = True
    SEARCH["playouts"] = 1_000_000


class TableBots:
    def __init__(self, match: Match):
        self.match = match
        self.bots: dict = {}  # seat -> its bot, made when first needed
        self.asked: set = set()  # (decisions made, seat): asked to act out of turn
        self.last: dict = {}  # seat -> its bot's last decision (view, action): a walk goes on

    def is_bot(self, p: int) -> bool:
        return bool(self.match.seats[p].get("bot"))

    def due(self) -> int | None:
        """The bot seat that decides next: one whose decision it is, else one that may act out
        of turn now (``Rules.standing``) and was not asked at this moment yet."""
        rules, state = self.match.rules, self.match.state
        for p in rules.to_act(state):
            if self.is_bot(p):
                return p
        return next((p for p in range(len(self.match.seats)) if self.is_bot(p)
                     and (len(self.match.actions), p) not in self.asked
                     and rules.standing_options(state, p)), None)

    def think(self, p: int, clock=time.perf_counter) -> "Thinking":
        """Bot seat ``p``'s decision at the position now, to work out (``Thinking.work``).
        Out of turn, or for a bot that does not search, it is made at once."""
        rules, state = self.match.rules, self.match.state
        thinking = Thinking(self, p, clock)
        if p not in rules.to_act(state):
            # a bot's crash must not stop the table: the moment passes
            with contextlib.suppress(Exception):
                thinking.made = standing_play(rules, state, p, self.bot(p))
            return thinking
        thinking.choice = choice = rules.choice(state, p)
        thinking.view = view = rules.view(state, p)
        thinking.walking = p in self.last and rules.walk_goes_on(*self.last[p], view)
        try:
            bot = self.bot(p)
            if hasattr(bot, "think"):
                bot.capacity = self.capacity()
                thinking.thought = bot.think(view, choice)
                thinking.effort = thinking.thought.effort
                thinking.masked = bool(choice.get("masked"))
            else:
                thinking.made = bot.decide(view, choice)
        except Exception:  # a bot's crash must not stop the table: ``action`` moves at random
            pass
        return thinking

    def capacity(self) -> float | None:
        """The playouts this device completes in a search's time (``THINK_S``), as measured
        in this game's searches so far; None before the first, or where the time alone ends
        a search (the page's ?botthink=)."""
        rate = PACE.get(self.match.game)
        return None if rate is None or TIMED else rate * THINK_S

    def searched(self, thinking: "Thinking") -> None:
        """A search is over: its pace goes into the device's measure."""
        if thinking.playouts and thinking.seconds > 0:
            rate, game = thinking.playouts / thinking.seconds, self.match.game
            PACE[game] = rate if game not in PACE else (PACE[game] + rate) / 2

    def bot(self, p: int):
        if p not in self.bots:
            from engine.simulate import make_bot  # the search is not needed at start-up

            seed = (self.match.seed * 8 + p + len(self.match.actions)) & 0xFFFFFFFF
            self.bots[p] = make_bot(self.match.seats[p]["bot"], self.match.game, seed,
                                    **SEARCH)
        return self.bots[p]


class Thinking:
    """A bot seat's decision at one position of one game: the search under way (a
    ``Thought``), or the action already made. ``work`` steps the search until a moment;
    ``action`` is the decision (the policy's pick should the search fail, a random legal one
    should the bot itself). Out of turn there is no ``choice``: the action is the bot's
    answer, None to let the moment pass."""

    def __init__(self, bots: TableBots, seat: int, clock):
        self.bots, self.seat, self.clock = bots, seat, clock
        self.at = len(bots.match.actions)  # the position: decisions made before this one
        self.started = clock()  # the search's time runs from here, its candidates included
        self.thought = self.made = self.view = self.choice = None
        self.seconds = 0.0  # how long the decision took
        self.playouts = 0  # playouts the search completed
        self.candidates = 0  # the actions it compared
        self.walking = False  # the next step of the bot's walk (``Rules.walk_goes_on``): the
                              # page plays it on at once (web/app.py's ``bot_play``)
        self.effort = 1.0  # the search's share of the time to think (``Rules.search_effort``)
        self.masked = False  # a searching bot's answer that must not tell what it holds

    @property
    def searching(self) -> bool:
        """Is the decision still being searched?"""
        return self.thought is not None

    def current(self) -> bool:
        """Is the game still at the position this decision is for?"""
        return self.at == len(self.bots.match.actions)

    def work(self, until: float, budget_s: float | None = None) -> bool:
        """Search until the clock reads ``until`` (a step may run over), the playout budget
        is spent or ``budget_s`` (``THINK_S`` unless told) times the decision's effort
        (``Rules.search_effort``) have passed since the thinking began; True when decided."""
        if not self.searching:
            return True
        now = self.clock()
        deadline = self.deadline(budget_s)
        spent = not self.thought.budget  # nothing to compare (a walk's next step): at once
        try:
            while not spent and now < min(until, deadline):
                spent = not self.thought.step()
                now = self.clock()
        except Exception:  # a search's crash must not stop the table: the policy's pick
            self.made, self.thought = self.thought.candidates[0], None
            return True
        if not spent and now < deadline:
            return False
        self.seconds = now - self.started
        self.playouts = self.thought.playouts
        self.candidates = len(self.thought.candidates)
        self.made, self.thought = self.thought.decision(), None
        self.bots.searched(self)
        return True

    def deadline(self, budget_s: float | None = None) -> float:
        """When the time to think is up: ``budget_s`` (``THINK_S`` unless told) times the
        decision's effort after it began."""
        return self.started + (THINK_S if budget_s is None else budget_s) * self.effort

    def held_until(self, budget_s: float | None = None) -> float:
        """The clock before which the decision is not played: for a searching bot's answer
        to a masked choice (Swindler's windows with full secrecy) its whole time to think,
        searched or not, so that how long it took does not tell whether it held a card."""
        return self.deadline(budget_s) if self.masked else float("-inf")

    def action(self):
        """The decision (once ``work`` said True)."""
        if self.choice is None:  # out of turn: pass or play, as the bot said, once a moment
            self.bots.asked.add((self.at, self.seat))
            return self.made
        rules, state = self.bots.match.rules, self.bots.match.state
        made = self.made
        try:
            rules.check(state, self.seat, made)
        except Exception:
            # a bot's mistake or crash must not stop the table: a random legal move instead
            made = RandomBot(rules, self.at).decide(self.view, self.choice)
        self.bots.last[self.seat] = self.view, made
        return made
