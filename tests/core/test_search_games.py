"""The search bot plays each of the three games through its determinizer: at decision points of
real games it returns a legal action, and the same one for states its seat cannot tell apart."""

import pytest

from engine.core.bots import standing_play
from engine.core.game import Match, canonical
from engine.core.rng import Rng, seed_state
from engine.core.search import SearchBot
from engine.simulate import decisions, heuristic, make_bot

GAMES = ["age_of_thieves", "crooks", "swindler"]


class WatchedSearch(SearchBot):
    """A search bot that keeps its latest thought, to count the playouts behind a decision."""

    def think(self, view, choice):
        self.thought = super().think(view, choice)
        return self.thought


def decision_points(game: str, every: int):
    bots = [make_bot("heuristic", game, 70 + i) for i in range(3)]
    match = Match.start(game, [{}, {}, {}], {}, 5)
    for number, at in enumerate(decisions(match, bots)):
        if number % every == every - 1:
            yield at.rules, at.state
        if number > 6 * every:
            return


@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_decides_legally_in_every_game(game):
    for rules, state in decision_points(game, every=9):
        player = rules.to_act(state)[0]
        bot = WatchedSearch(rules, 3, policy=heuristic, playouts=3, horizon=60)
        action = bot.decide(rules.view(state, player), rules.choice(state, player))
        rules.check(state, player, action)
        assert 0 <= bot.thought.playouts <= 3


@pytest.mark.parametrize("game", GAMES)
def test_states_a_seat_cannot_tell_apart_get_the_same_decision(game):
    """The real state and another world drawn from the seat's view (hands, decks and the
    generator dealt anew): the same view, so the same decision for the same bot seed."""
    compared = 0
    for rules, state in decision_points(game, every=7):
        player = rules.to_act(state)[0]
        view = rules.view(state, player)
        other = rules.determinize(view, player, Rng(seed_state(99)))
        if canonical(rules.view(other, player)) != canonical(view):
            continue  # secret declarations made by others, unmade in the drawn world
        assert canonical(other) != canonical(state)
        decided = [SearchBot(rules, 8, policy=heuristic, playouts=4, horizon=60).decide(
            rules.view(s, player), rules.choice(s, player)) for s in (state, other)]
        assert canonical(decided[0]) == canonical(decided[1])
        compared += 1
    assert compared >= 3


def test_out_of_turn_the_search_bot_plays_its_policys_pick_unsearched():
    """Swindler asks every other seat before each step whether it plays an anytime card: the
    search bot answers as its policy would, without a playout (and never plays "pass")."""
    bots = [make_bot("normal", "swindler", 70 + i) for i in range(3)]
    asked = 0
    for match in decisions(Match.start("swindler", [{}, {}, {}], {}, 5), bots):
        rules, state = match.rules, match.state
        for seat in range(3):
            if rules.standing_options(state, seat) and asked < 5:
                bot = WatchedSearch(rules, 4, policy=heuristic, playouts=6)
                action = standing_play(rules, state, seat, bot)
                policy = standing_play(rules, state, seat, heuristic(rules, 0))  # no dice in it
                assert bot.thought.playouts == 0 and action == policy
                asked += 1
    assert asked == 5
