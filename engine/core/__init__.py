"""Game-agnostic engine core: protocol, records, generator, bots."""

from .game import GAMES, IllegalAction, Match, Rules, rules_for, state_hash
from .rng import Rng, seed_state

__all__ = ["GAMES", "IllegalAction", "Match", "Rng", "Rules", "rules_for", "seed_state",
           "state_hash"]
