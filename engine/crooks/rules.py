"""The crooks card game behind the engine's game protocol."""

from engine.core.game import IllegalAction, Rules, canonical
from engine.core.rng import Rng
from engine.core.wellformed import ACTION_DEPTH, loads, whole_number

from . import actions, content, recruiting, setup  # noqa: F401 (they register their steps)
from .turns import STEPS

ACTION_JSON = 5000  # characters of an action written as JSON: far more than any move needs


class Crooks(Rules):
    id = "crooks"
    name = "Crooks"
    min_players = 2
    max_players = 4

    def new_state(self, seats, options, rng: Rng) -> dict:
        return setup.new_state(seats, options, rng)

    def to_act(self, state: dict) -> list[int]:
        return [] if state["result"] is not None else [state["current"]]

    def choice(self, state: dict, player: int) -> dict | None:
        if player not in self.to_act(state):
            return None
        st = state["step"]
        kind = STEPS[st["kind"]]
        options = [a for a in kind.candidates(state, st) if kind.reason(state, st, a) is None]
        return {"player": player, "kind": st["kind"], "prompt": kind.prompt(state, st),
                "options": options}

    def check_rules(self, state: dict, player: int, action) -> None:
        st = state["step"]
        why = STEPS[st["kind"]].reason(state, st, action)
        if why:
            raise IllegalAction(why)

    def perform(self, state: dict, player: int, action) -> None:
        st = state["step"]
        STEPS[st["kind"]].apply(state, st, action)

    def view(self, state: dict, player: int | None) -> dict:
        from .views import view

        return view(state, player, self.choice(state, player) if player is not None else None)

    def determinize(self, view: dict, player: int, rng: Rng) -> dict:
        """A whole state from ``player``'s view alone: the hidden crooks dealt uniformly among
        the deals the view allows (``determinize.py``), a fresh generator."""
        from .determinize import determinize

        return determinize(view, player, rng)

    def revealed(self, state: dict):
        """Besides the generator: the dens drawn from and the unused crooks, and what each
        player saw while recruiting or spying."""
        return (tuple(state["rng"]), len(state["box"]),
                tuple(len(stack) for stack in state["dens"].values()),
                tuple(len(seen) for seen in state["memory"]))

    def result(self, state: dict) -> dict | None:
        return state["result"]

    cards_played = "crooks recruited"
    ends = {"points": "a win on points", "money": "money broke a tie",
            "shared": "a shared win"}

    def card_played(self, state: dict, player: int, action) -> str | None:
        """A crook recruited."""
        if isinstance(action, dict) and "take" in action:
            return action["take"]
        return None

    def ending(self, result: dict) -> str:
        """Every mastermind passed; the game decided on points, on money (a tie on points),
        or shared."""
        return {"points": "points", "money": "money"}.get(result["decided_by"], "shared")

    def english_names(self) -> dict:
        return {k: v["name"] for k, v in content.crooks().items()}

    def notation(self, action) -> str:
        """``pass``, ``recruit C``, ``take c07``, ``place 6 up``, ``use``, ``decline``,
        ``kill 2``, ``swap 9``, ``spy 7`` (a target), ``spy C`` (a den); anything else as JSON."""
        text = _short(action)
        if text is not None and canonical(_read_short(text)) == canonical(action):
            return text
        return canonical(action)

    def parse(self, text: str):
        action = _read_short(text)
        if action is not None:
            return action
        try:
            return loads(text, ACTION_JSON, ACTION_DEPTH)
        except ValueError:
            raise IllegalAction("cannot read that action") from None

    def random_action(self, choice: dict, rng: Rng):
        """Every choice lists its options."""
        return rng.choice(choice["options"])

    def seat_count(self, state: dict) -> int:
        return len(state["names"])

    def heuristic_bot(self, seed: int):
        """The heuristic bot: it sees only its seat's view and the choice in front of it."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)

    def easy_bot(self, seed: int):
        """The Easy level: the heuristic bot without memory, foresight or bluff."""
        from .bot import EasyBot

        return EasyBot(seed)


def _short(action) -> str | None:
    if not isinstance(action, dict):
        return None
    keys = set(action)
    if keys == {"pass"}:
        return "pass"
    if keys == {"use"}:
        return "use" if action["use"] is True else "decline"
    if keys == {"place", "face"}:
        return f"place {action['place']} {action['face']}"
    if keys == {"spy", "at"}:
        return f"spy {action['at']}"
    words = {"den": "recruit", "take": "take", "kill": "kill", "swap_to": "swap"}
    if len(keys) == 1 and next(iter(keys)) in words:
        key = next(iter(keys))
        return f"{words[key]} {action[key]}"
    return None


def _number(word: str) -> int | None:
    number = whole_number(word)
    return number if number is not None and number >= 0 else None


def _read_short(text: str):
    words = text.split()
    if words in (["pass"], ["use"], ["decline"]):
        return {"pass": {"pass": True}, "use": {"use": True},
                "decline": {"use": False}}[words[0]]
    if len(words) == 3 and words[0] == "place" and _number(words[1]) is not None:
        return {"place": _number(words[1]), "face": words[2]}
    if len(words) != 2:
        return None
    head, arg = words
    if head == "recruit":
        return {"den": arg}
    if head == "take":
        return {"take": arg}
    if head in ("kill", "swap") and _number(arg) is not None:
        return {"kill" if head == "kill" else "swap_to": _number(arg)}
    if head == "spy":
        return {"spy": "target", "at": _number(arg)} if _number(arg) is not None else \
            {"spy": "den", "at": arg}
    return None
