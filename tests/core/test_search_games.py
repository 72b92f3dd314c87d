"""The search bot plays each of the three games through its determinizer: at decision points of
real games it returns a legal action, and the same one for states its seat cannot tell apart."""

import pytest

from engine.age_of_thieves import content
from engine.core.bots import standing_play
from engine.core.game import Match, canonical, json_copy, rules_for
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


def walk_begun(hard: SearchBot):
    """An Age of Thieves game played by Normal bots to the first move where ``hard``, asked
    for the step, takes one after which its walk goes on: the state then, the seat, the views
    before and after the step and the step."""
    bots = [make_bot("heuristic", "age_of_thieves", 40 + i) for i in range(3)]
    match = Match.start("age_of_thieves", [{}, {}, {}], {}, 8)
    rules = match.rules
    for at in decisions(match, bots):
        player = rules.to_act(at.state)[0]
        choice = rules.choice(at.state, player)
        if choice["kind"] != "move":
            continue
        before = rules.view(at.state, player)
        step = hard.decide(before, choice)
        state = json_copy(at.state)
        rules.apply(state, player, step)
        if player in rules.to_act(state):
            after = rules.view(state, player)
            if rules.walk_goes_on(before, step, after):
                return state, player, before, step, after
    raise AssertionError("no walk in the game")


def test_a_walk_goes_on_with_the_policys_step_unsearched():
    """The walk's first step is searched; its next step, the position being what the step led
    to, is the policy's pick, with no playout."""
    hard = WatchedSearch(rules_for("age_of_thieves"), 3, policy=heuristic, playouts=4,
                         horizon=40)
    state, player, before, step, after = walk_begun(hard)
    assert len(hard.thought.candidates) > 1 and hard.thought.playouts > 0
    action = hard.decide(after, after["choice"])
    assert len(hard.thought.candidates) == 1 and hard.thought.playouts == 0
    assert action == heuristic(hard.rules, 9).decide(after, after["choice"])
    hard.rules.check(state, player, action)


@pytest.mark.parametrize("change", ["a token turned", "a guard moved", "another step"])
def test_a_walk_is_searched_again_when_the_position_is_not_what_the_step_led_to(change):
    hard = WatchedSearch(rules_for("age_of_thieves"), 3, policy=heuristic, playouts=4,
                         horizon=40)
    _, _, before, step, after = walk_begun(hard)
    seen = json_copy(after)
    if change == "a token turned":
        space = next(s for s, kind in seen["tokens"].items() if kind is None)
        seen["tokens"][space] = next(iter(content.CITY_TOKENS))
    elif change == "a guard moved":
        first, second = list(seen["watch"].values())[:2]
        first["space"], second["space"] = second["space"], first["space"]
    else:
        other = next(o for o in before["choice"]["options"] if o != step and "step" in o)
        hard.last = before, other
    assert not hard.rules.walk_goes_on(*hard.last, seen)
    hard.decide(seen, seen["choice"])
    assert len(hard.thought.candidates) > 1


def reservations_begun(hard: SearchBot):
    """A Swindler game of Normal bots to the first reservation after which ``hard``'s seat is
    asked to reserve again: the views before and after it and the reservation."""
    bots = [make_bot("normal", "swindler", 50 + i) for i in range(3)]
    for at in decisions(Match.start("swindler", [{}, {}, {}], {}, 6), bots):
        rules, state = at.rules, at.state
        player = rules.to_act(state)[0]
        choice = rules.choice(state, player)
        if choice["kind"] != "reserve":
            continue
        before = rules.view(state, player)
        action = hard.decide(before, choice)
        state = json_copy(state)
        rules.apply(state, player, action)
        if "reserve" in action and player in rules.to_act(state):
            return before, action, rules.view(state, player)
    raise AssertionError("no reservation in the game")


def test_swindlers_reservations_are_searched_at_the_first():
    """Step 1's reservations are one plan: after the searched first, the next is the
    policy's pick, unsearched — unless anything but the reservation was logged meanwhile
    (another seat's card)."""
    hard = WatchedSearch(rules_for("swindler"), 3, policy=heuristic, playouts=8)
    before, action, after = reservations_begun(hard)
    assert hard.rules.walk_goes_on(before, action, after)
    hard.decide(after, after["choice"])
    assert len(hard.thought.candidates) == 1 and hard.thought.playouts == 0
    other = (after["player"] + 1) % 3
    seen = json_copy(after)
    seen["log"].append({"turn": seen["turn"], "msg": "plays",
                        "args": {"player": other, "card": "C13"}})
    assert not hard.rules.walk_goes_on(before, action, seen)
    assert not hard.rules.walk_goes_on(before, {"done": True}, after)


def test_a_game_without_walks_searches_every_decision():
    rules = rules_for("crooks")
    view = {"anything": 1}
    assert not rules.walk_goes_on(view, {"step": "x"}, view)
