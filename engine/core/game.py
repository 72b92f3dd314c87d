"""The game protocol every game implements, game records, and the registry of games.

A game's state is a plain JSON-able dict. Rules objects are stateless: every method takes the
state. Actions are small JSON values; each game gives them a short text notation.

A game's rules have revisions (``Rules.revision``, the newest): a change that alters what a record
replays to is a new revision, and a game goes on under the revision it started with. The state
carries it as ``state["options"]["rules"]`` (so views and determinized states carry it too); a
record names it as ``record["rules"]``; a record made before revisions existed names none, and
replays under the newest revision of its time (``Rules.unnamed_revision``) that takes all its
decisions (docs/releases.md).
"""

import hashlib
import importlib
import json
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cache

from .errors import IllegalAction, NewerRules
from .rng import Rng, seed_state
from .undo import Refused, Step, kept
from .wellformed import check_action


class Rules(ABC):
    """One game's rules. Decisions are offered as *choices*:

    ``{"player": p, "kind": ..., "prompt": text, "options": [action, ...]}`` when the legal actions
    are few enough to list, or ``{..., "spec": {...}}`` with a description the game's validator and
    ``random_action`` understand (e.g. spreading AP over cards).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: dict = {}  # the table options the game takes: name -> type of its value
    revision: int = 1  # the newest rules revision; games go on under the one they began with
    unnamed_revision: int = 1  # the newest a record naming none may be under (see replay)

    @abstractmethod
    def new_state(self, seats: list[dict], options: dict, rng: Rng) -> dict:
        """Set up a game; ``rng`` draws from the state's own generator."""

    @abstractmethod
    def to_act(self, state: dict) -> list[int]:
        """Players who must decide now (several at once for simultaneous secret choices)."""

    @abstractmethod
    def choice(self, state: dict, player: int) -> dict | None:
        """The decision facing ``player`` now, or None."""

    def standing(self, state: dict, player: int) -> dict | None:
        """What ``player`` may do now out of turn, if the game has such moments (Swindler: an
        accomplice with no moment printed, during another player's step): a choice whose
        ``options`` may be empty (the moment is public; what one holds is not), or None
        outside such a moment. Nobody has to take it: the game goes on with ``to_act``."""
        return None

    def standing_options(self, state: dict, player: int) -> list:
        """The actions ``player`` may take out of turn now (none outside a standing moment)."""
        return (self.standing(state, player) or {}).get("options") or []

    def check(self, state: dict, player: int, action) -> None:
        """Raise IllegalAction (with the reason) unless ``player`` may take ``action`` now.
        Never mutates, never raises anything else: the action is first bounded as JSON
        (``wellformed.check_action``), then the game checks its exact shape and its rules."""
        check_action(action)
        if self.result(state) is not None:
            raise IllegalAction("the game is over")
        if type(player) is not int or not 0 <= player < 100:
            raise IllegalAction("a player is given by the number of their seat")
        if player not in self.to_act(state) and not self.standing_options(state, player):
            raise IllegalAction(f"it is not player {player}'s decision now")
        self.check_rules(state, player, action)

    @abstractmethod
    def check_rules(self, state: dict, player: int, action) -> None:
        """The game's own check of a bounded action by a player who is to act: its exact shape
        (keys, types, sizes), then the rules. Raises IllegalAction; never mutates."""

    @abstractmethod
    def perform(self, state: dict, player: int, action) -> None:
        """Carry out a checked action, mutating ``state``."""

    @abstractmethod
    def view(self, state: dict, player: int | None) -> dict:
        """What ``player`` may see (None: a spectator, public information only). A player's
        view holds their ``choice`` (``self.choice``) under "choice"."""

    @abstractmethod
    def result(self, state: dict) -> dict | None:
        """None while the game runs; then the outcome."""

    @abstractmethod
    def notation(self, action) -> str:
        """Short readable text for an action."""

    @abstractmethod
    def parse(self, text: str):
        """The action a notation text stands for."""

    @abstractmethod
    def random_action(self, choice: dict, rng: Rng):
        """A uniformly chosen legal action for a choice given by ``spec``."""

    @abstractmethod
    def seat_count(self, state: dict) -> int:
        """How many seats play, read from a state or any of its views."""

    def determinize(self, view: dict, player: int, rng: Rng) -> dict:
        """A whole state that ``player`` cannot tell from the real one, made from their
        ``view`` alone: everything the view shows is as shown (``self.view(state, player)``
        gives ``view`` back), and what it hides (other players' hands and secrets, deck orders,
        face-down things, the generator's own state) is drawn with ``rng`` from what is still
        unaccounted for. Information-set search plays on such states; as it is given nothing
        but the view, it cannot read a secret."""
        raise NotImplementedError(f"{self.id}: no determinizer")

    def revealed(self, state: dict):
        """A value that changes whenever something hidden becomes known to anyone: a card or
        tile drawn, a die rolled, a token turned, a secret shown. A decision that changes it
        cannot be taken back (engine/core/undo.py). Here: the generator's state (every draw,
        shuffle and roll); games with face-down things add them."""
        return tuple(state["rng"])

    def forced(self, state: dict, player: int):
        """The one legal option of ``player``'s decision (the table plays it), else None. Not
        for a ``masked`` choice: asked anyway so that the prompt does not tell whether its
        player could have done more (e.g. everyone asked for a reaction)."""
        choice = self.choice(state, player)
        if choice is None or choice.get("masked") or len(choice.get("options") or ()) != 1:
            return None
        return choice["options"][0]

    def walk_goes_on(self, view: dict, action, next_view: dict) -> bool:
        """Is ``next_view`` (the same seat's) the next step of the walk that ``action`` took
        from ``view``, with nothing else seen changing? Then a search follows the walk it
        planned instead of searching the step again (engine/core/search.py). No walks here."""
        return False

    search_horizon = 2_000
    """How many actions a search's playout plays before it stops and asks ``estimate``."""
    search_playouts = 24
    """A search's budget of playouts per decision (the browser's time may end it sooner)."""
    search_effort: dict = {}
    """Decisions worth a longer search, by choice kind: how many times the budget (of
    playouts, and of time in the browser) they get."""
    search_confidence = 0.9
    """How sure a search must be that a challenger beats the policy's pick to play it: a
    one-sided test on fresh worlds (engine/core/search.py)."""

    def estimate(self, state: dict) -> dict | None:
        """The result of an unfinished ``state`` as if the game ended now (a search's playout
        cut short at ``search_horizon`` reads it); None: no estimate, an even share."""
        return None

    def scores(self, result: dict) -> list | None:
        """Each seat's points in a finished game's ``result``, if the game counts points."""
        return result.get("scores")

    def winner_label(self, state: dict, seat: int) -> str | None:
        """What simulations tally wins by besides the seat (e.g. the thief); None: nothing."""
        return None

    # --- what the balance report (engine/report/) counts and calls things, in English ---
    label_title: str | None = None
    """What ``winner_label`` names ("thief"); None: it names nothing."""
    turns = "turns"
    """What the state's ``turn`` counts (Age of Thieves: "game turns", the whole table's)."""
    cards_played = "cards played"
    """What ``card_played`` counts ("accomplices played")."""
    ends: dict = {}
    """How a game can end: ``ending``'s ids and their words, in the report's order."""

    def card_played(self, state: dict, player: int, action) -> str | None:
        """The card (its kind) the report counts ``player`` as playing by ``action``, a legal
        action not yet performed on ``state``; None: none."""
        return None

    def ending(self, result: dict) -> str | None:
        """How the game of ``result`` ended: one of ``ends``."""
        return None

    def english_names(self) -> dict:
        """The English names of what ``winner_label`` and ``card_played`` give, by id."""
        return {}

    def apply(self, state: dict, player: int, action) -> None:
        """Check, then perform: an illegal action raises and changes nothing."""
        self.check(state, player, action)
        self.perform(state, player, action)


GAMES = {"age_of_thieves": "engine.age_of_thieves", "crooks": "engine.crooks",
         "swindler": "engine.swindler"}
"""The registry: each game's package, whose ``RULES`` declares all the engine, the report and
the simulations know of it (the app's side: ``web.games.PACKAGES``)."""


def rules_on_first_use(package: str, rules_class: str):
    """The ``__getattr__`` of a game's package: its ``RULES``, an instance of
    ``<package>.rules.<rules_class>``, made on first use, so that screens needing only the
    game's content (start screen, help page) import no rules."""
    def __getattr__(name: str):
        if name != "RULES":
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        rules = getattr(importlib.import_module(f"{package}.rules"), rules_class)()
        sys.modules[package].RULES = rules
        return rules
    return __getattr__


@cache
def rules_for(game_id: str) -> Rules:
    """The rules object of a registered game."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[game_id]).RULES


NESTED = (dict, list)  # the JSON values json_copy copies


def json_copy(value):
    """A deep copy of a JSON value (dicts and lists of plain values), quicker than deepcopy
    (a plain value is taken as it is, without a call)."""
    if isinstance(value, dict):
        return {k: json_copy(v) if isinstance(v, NESTED) else v for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) if isinstance(v, NESTED) else v for v in value]
    return value


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def state_hash(state: dict) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()


@dataclass
class Match:
    """A game in progress together with its record (seed + actions), which replays it exactly."""

    game: str
    seats: list[dict]
    options: dict
    seed: int
    state: dict
    actions: list[list] = field(default_factory=list)
    steps: list[Step] | None = field(default=None, repr=False, compare=False)  # see traced()

    @property
    def rules(self) -> Rules:
        return rules_for(self.game)

    @property
    def revision(self) -> int:
        """The rules revision this game is played under."""
        return self.state["options"]["rules"]

    @classmethod
    def start(cls, game: str, seats: list[dict], options: dict | None = None, seed: int = 0,
              revision: int | None = None):
        """A new game under rules ``revision`` (None: the newest)."""
        rules = rules_for(game)
        revision = rules.revision if revision is None else revision
        if type(revision) is not int or revision < 1:
            raise IllegalAction("a rules revision is a whole number from 1")
        if revision > rules.revision:
            raise NewerRules(f"{rules.name}'s rules revision {revision} is newer than this "
                             f"engine's {rules.revision}")
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise IllegalAction(
                f"{rules.name} takes {rules.min_players}-{rules.max_players} players"
            )
        options = dict(options or {})
        for key, value in options.items():
            if key not in rules.options:
                raise IllegalAction(f"{rules.name} has no table option {key!r}")
            if not isinstance(value, rules.options[key]):
                raise IllegalAction(f"the table option {key!r} takes a "
                                    f"{rules.options[key].__name__}")
        rng_state = seed_state(seed)
        state = rules.new_state([dict(s) for s in seats], {**options, "rules": revision},
                                Rng(rng_state))
        state["rng"] = rng_state
        return cls(game, [dict(s) for s in seats], options, seed, state)

    def act(self, player: int, action) -> None:
        rules = self.rules
        if self.steps is None:
            rules.apply(self.state, player, action)
            self.actions.append([player, action])
            return
        before = rules.revealed(self.state)
        forced = rules.forced(self.state, player) is not None
        rules.apply(self.state, player, action)
        self.actions.append([player, action])
        self.steps.append(Step(player, forced, rules.revealed(self.state) != before))

    def traced(self) -> "Match":
        """From now on keep, for each decision, what taking it back needs to know (the
        decisions so far are replayed once for it). Returns the match."""
        if self.steps is None:
            again = Match.start(self.game, self.seats, self.options, self.seed, self.revision)
            again.steps = []
            for player, action in self.actions:
                again.act(player, action)
            self.steps = again.steps
        return self

    def take_back(self, player: int) -> "Match":
        """The match as it was before ``player``'s latest decision (and the forced moves after
        it), replayed from its shorter record; raises ``undo.Refused`` with the reason."""
        keep = self._kept(player)
        return Match.replay({**self.record(), "actions": self.actions[:keep]}, traced=True)

    def undo_refusal(self, player: int) -> str | None:
        """Why ``player`` cannot take back now (an undo reason id), or None if they can."""
        try:
            self._kept(player)
        except Refused as refused:
            return refused.reason
        return None

    def _kept(self, player: int) -> int:
        return kept(self.traced().steps, player, self.rules.result(self.state) is not None)

    def last_decision(self, player: int) -> int | None:
        """The number of ``player``'s latest action in the record (None before their first)."""
        return next((i for i in range(len(self.actions) - 1, -1, -1)
                     if self.actions[i][0] == player), None)

    def record(self) -> dict:
        return {
            "game": self.game,
            "seats": self.seats,
            "options": self.options,
            "seed": self.seed,
            "rules": self.revision,
            "actions": self.actions,
        }

    @classmethod
    def replay(cls, record: dict, traced: bool = False) -> "Match":
        """The match a record gives, under the rules revision it names; one made before
        revisions existed (none named) under the newest revision whose rules take all its
        decisions. ``traced``: keeping what taking back needs (traced())."""
        if "rules" in record:
            if type(record["rules"]) is not int:
                raise IllegalAction("a record's rules revision is a whole number")
            return cls._replay(record, record["rules"], traced)
        refusals = []
        for revision in range(rules_for(record["game"]).unnamed_revision, 0, -1):
            try:
                return cls._replay(record, revision, traced)
            except IllegalAction as error:
                refusals.append(error)
        raise refusals[0]

    @classmethod
    def _replay(cls, record: dict, revision, traced: bool) -> "Match":
        match = cls.start(record["game"], record["seats"], record["options"], record["seed"],
                          revision)
        match.steps = [] if traced else None
        for number, (player, action) in enumerate(record["actions"]):
            try:
                match.act(player, action)
            except IllegalAction as error:
                raise IllegalAction(f"record action {number + 1} is illegal: {error}") from None
        return match

    def to_json(self) -> str:
        return canonical({"record": self.record(), "state": self.state})

    @classmethod
    def from_json(cls, text: str) -> "Match":
        data = json.loads(text)
        record = data["record"]
        return cls(
            record["game"], record["seats"], record["options"], record["seed"],
            data["state"], record["actions"],
        )
