"""The Easy bot: legal over whole games, deciding from its view alone, and a beginner where the
heuristic bot sees further: it reserves no order it cannot fulfil yet (test_swindler_bot.py: it
plays no reaction)."""

import pytest

from engine.core.game import Match, canonical, rules_for
from engine.core.rng import Rng, seed_state
from engine.simulate import decisions, make_bot, simulate

RULES = rules_for("swindler")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_easy_bots_play_whole_games_legally(players):
    report = simulate("swindler", players, 4, 7, ["easy"])
    assert (report["finished"], report["errors"], report["replay_mismatches"]) == (4, 0, 0)


def test_states_the_easy_bot_cannot_tell_apart_get_the_same_decision():
    """The real state and a world drawn from the seat's view (hands, decks, the generator)."""
    match = Match.start("swindler", [{}, {}, {}], {}, 21)
    bots = [make_bot("easy", "swindler", 21 * 8 + i) for i in range(3)]
    compared = 0
    for number, at in enumerate(decisions(match, bots)):
        player = RULES.to_act(at.state)[0]
        view = RULES.view(at.state, player)
        if number % 5 or len(RULES.choice(at.state, player)["options"]) < 2:
            continue
        other = RULES.determinize(view, player, Rng(seed_state(number)))
        assert canonical(RULES.view(other, player)) == canonical(view)
        assert canonical(other) != canonical(at.state)
        decided = [RULES.easy_bot(3).decide(RULES.view(s, player), RULES.choice(s, player))
                   for s in (at.state, other)]
        assert decided[0] == decided[1]
        compared += 1
    assert compared >= 10


def test_the_easy_bot_reserves_no_order_it_cannot_fulfil_yet(new_game):
    """No loot yet: Normal reserves the Give order one watch away (the bags hold watches),
    Easy waits for loot that fulfils an order."""
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    assert game.s["players"][0]["loot"] == []
    view, choice = RULES.view(game.s, 0), game.choice
    assert RULES.heuristic_bot(1).decide(view, choice) == {"reserve": "O03"}
    assert RULES.easy_bot(1).decide(view, choice) == {"done": True}
