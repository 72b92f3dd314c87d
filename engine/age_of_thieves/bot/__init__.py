"""A heuristic bot for Age of Thieves: the solo opponent and the player behind the simulations.

The bot reads only what its seat may see: ``view`` (``rules.view(state, player)``) and the choice
in front of it. It never touches the game state. Board geometry comes from the public, immutable
board; card and thief data from ``content``.

How it plays, in short:

* A *goal* field (a Dijkstra from the goal spaces, cheap through safe streets and dear next to
  the watch, sewers included) tells every space how far it is from where the thief wants to be:
  the Emperors' Jewel, a jewel worth a short detour, the open gates once the jewel is gone, or the
  thief carrying it when a theft or a catch is in hand.
* Movement is planned step by step: every reachable end of the move (sewer trips included) is
  scored by its goal distance, the jewels, thefts and city tokens on the way, and the danger of
  ending it where a guard or captain still to act this turn could reach the thief (next turn's
  danger, a possible Manhunt and rivals' lures count too). The bot emits one step at a time.
* The Declaration weighs a few plans: Dash, Sneak, Sneak with Elixir or Rope, a repositioning
  card (Secret Passage, Pole Vault, Stolen Uniform, Rat King's Tunnels, Swallow's Leap), moving
  before or after the city guard, hiding (Cloak, Smoke, fire for Zain), or taking a guard out of
  the way (Forged Orders, Beacon, Gas, Snare, Purse, lures, Seduction, Mirror Trick). It bids just
  enough AP to act before the guard's known initiative when that is needed; spare AP buys
  priority over the other thieves when it matters (the vault race, the jewel carrier).
* Theft and catching cards go with the move when a rival carries the Emperors' Jewel. A thief
  without it waits near the open gates and leaves in the last turns (a catch after the alarm is
  a ride to the dungeon next to them), and gives up a jewel lying too far to be carried out in
  time. The carrier runs for the gates on a steep field (progress outweighs most danger on the
  way) and leaves at once.
* First-thief decisions take the documented default.

One module per concern (``docs/engine.md`` lists them): ``HeuristicBot`` is their mixins put
together, with the memory of the turn (the plan, the card being resolved, the caches).
"""

from __future__ import annotations

from engine.core.rng import Rng, seed_state

from .cards import Cards
from .choices import Choices
from .declaration import Declaring
from .geometry import geo
from .goals import Goals
from .jumps import Jumps
from .moves import Moves
from .offence import Offence
from .planning import Planning
from .situation import Sit

__all__ = ["EasyBot", "HeuristicBot"]


class HeuristicBot(Goals, Planning, Declaring, Jumps, Offence, Cards, Moves, Choices):
    """Plays Age of Thieves from its own view: see the module docstring."""

    name = "heuristic"
    uses_view = True

    def __init__(self, rules, seed: int):
        self.rules = rules
        self.rng = Rng(seed_state(seed ^ 0x7E1F5EED))
        self.g = geo()
        self.turn = None
        self.plan: dict = {}
        self.ctx: dict = {}
        self.covered_turn = None
        self.reveal_memo: dict = {}
        self.cache: dict = {}
        self.events_seen: set = set()
        self.fallbacks = 0  # decisions the bot could not make itself (tests expect none)
        self.failures: list[str] = []

    def decide(self, view: dict, choice: dict):
        """The bot's action for ``choice``, read from ``view`` (its own seat's view) only."""
        try:
            action = self._decide(view, choice)
        except Exception as error:  # never leave a table stuck: note it, play something legal
            self.failures.append(f"{choice.get('kind')}: {error!r}")
            action = None
        if "options" in choice:
            if action not in choice["options"]:
                self.fallbacks += 1
                action = self.rng.choice(choice["options"])
        elif action is None:
            self.fallbacks += 1
            action = self.rules.random_action(choice, self.rng)
        return action

    def _decide(self, view: dict, choice: dict):
        if view.get("event"):
            self.events_seen.add(view["event"])
        if view["turn"] != self.turn:
            self.turn = view["turn"]
            self.plan, self.ctx, self.reveal_memo, self.cache = {}, {}, {}, {}
        kind = choice["kind"]
        if kind != "declare" and "default" in choice and choice["default"] in choice["options"]:
            return choice["default"]  # a first-thief decision: the documented default
        sit = Sit(self.g, view, self.cache)
        if kind == "declare":
            return {"declare": self.declare(sit, choice["spec"])}
        handler = {"start": self.start, "resolve": self.resolve, "move": self.move,
                   "choose": self.choose, "discard": self.discard, "give": self.discard}.get(kind)
        return handler(sit, choice) if handler else None

    def start(self, sit: Sit, choice: dict):
        return self.rng.choice(choice["options"])


class EasyBot(HeuristicBot):
    """The Easy level: the heuristic bot without ``tricks`` (docs/engine.md, "Bot levels")."""

    name = "easy"
    tricks = False
