"""Bots see only their own player's view and the choice in front of them."""

from .game import Rules
from .rng import Rng, seed_state


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    uses_view = False

    def __init__(self, rules: Rules, seed: int):
        self.rules = rules
        self.rng = Rng(seed_state(seed ^ 0x5EEDB07))

    def decide(self, view: dict, choice: dict):
        if "options" in choice:
            return self.rng.choice(choice["options"])
        return self.rules.random_action(choice, self.rng)
