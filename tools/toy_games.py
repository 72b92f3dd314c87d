"""Small games on the rules protocol for the search bot (engine/core/search.py): for
tests/core/test_search.py and bench/search_lottery.py; a script of tools/, not a package."""

from engine.core.errors import IllegalAction
from engine.core.game import Rules
from engine.core.rng import Rng, seed_state


class Toy(Rules):
    """A toy game's notation and random moves: no notation, any option."""

    def notation(self, action):
        return str(action)

    def parse(self, text):
        raise IllegalAction("no notation")

    def random_action(self, choice, rng):
        return rng.choice(choice["options"])


class Lottery(Toy):
    """One player picks one of six tickets; ticket ``k`` wins with ``chances[k]``, each drawn
    from its own part of the generator, so tickets of equal chances win in different worlds."""

    id, name, min_players, max_players = "lottery", "Lottery", 1, 1

    def __init__(self, chances: list[float]):
        self.chances = chances

    def new_state(self, seats, options, rng):
        return {"ticket": None, "won": None, "rng": rng.s}

    def seat_count(self, state):
        return 1

    def to_act(self, state):
        return [0] if state["ticket"] is None else []

    def choice(self, state, player):
        return {"player": 0, "kind": "ticket",
                "options": [{"ticket": k} for k in range(len(self.chances))]}

    def check_rules(self, state, player, action):
        if action not in self.choice(state, player)["options"]:
            raise IllegalAction("not an option")

    def perform(self, state, player, action):
        rng = Rng(state["rng"])
        draws = [rng.below(100) for _ in self.chances]
        state["ticket"] = action["ticket"]
        state["won"] = draws[action["ticket"]] < 100 * self.chances[action["ticket"]]
        state["rng"] = rng.s

    def view(self, state, player):
        return {"ticket": state["ticket"]}

    def determinize(self, view, player, rng):
        return {"ticket": view["ticket"], "won": None, "rng": seed_state(rng.next_u32())}

    def result(self, state):
        if state["ticket"] is None:
            return None
        return {"winner": 0 if state["won"] else None}
