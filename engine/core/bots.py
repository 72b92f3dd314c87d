"""Bots see only their own player's view and the choice in front of them."""

from . import reactions
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


def standing_play(rules: Rules, state: dict, player: int, bot):
    """What ``bot`` (seat ``player``) does out of turn now (``Rules.standing``): one of the
    standing options, or None. The bot is asked as for any choice, with "pass" added and the
    choice marked ``standing``."""
    standing = rules.standing(state, player)
    if not standing or not standing["options"]:
        return None
    choice = {**standing, "options": reactions.options(standing["options"]), "standing": True}
    view = rules.view(state, player) if bot.uses_view else None
    action = bot.decide(view, choice)
    return None if action == reactions.PASS else action


def next_move(rules: Rules, state: dict, bots: list) -> tuple[int, object]:
    """The next (player, action) when ``bots`` play every seat, each from its own view: a bot
    acting out of turn (``Rules.standing``) first, asked in seat order, else the first player
    to act."""
    player, action, _ = _next_decision(rules, state, bots)
    return player, action


def _next_decision(rules: Rules, state: dict, bots: list) -> tuple[int, object, dict | None]:
    """``next_move`` and the choice its action answers (None for a play out of turn)."""
    player = rules.to_act(state)[0]
    for other, bot in enumerate(bots):
        if other != player and (action := standing_play(rules, state, other, bot)) is not None:
            return other, action, None
    bot = bots[player]
    if bot.uses_view:
        view = rules.view(state, player)  # holds the choice: it is not worked out twice
        return player, bot.decide(view, view["choice"]), view["choice"]
    choice = rules.choice(state, player)
    return player, bot.decide(None, choice), choice


def playing_on(rules: Rules, state: dict, bots: list, limit: int):
    """``bots`` play ``state`` on (``next_move``), yielding after each action, until the game
    ends or ``limit`` actions have passed; returns the result, or None. An action is checked
    unless it is one of the options listed to its player, which are legal by definition."""
    for _ in range(limit):
        if (result := rules.result(state)) is not None:
            return result
        player, action, choice = _next_decision(rules, state, bots)
        if choice is not None and action in choice.get("options", ()):
            rules.perform(state, player, action)
        else:
            rules.apply(state, player, action)
        yield
    return rules.result(state)


def play_on(rules: Rules, state: dict, bots: list, limit: int) -> dict | None:
    """``playing_on`` at once."""
    playing = playing_on(rules, state, bots, limit)
    while True:
        try:
            next(playing)
        except StopIteration as end:
            return end.value
