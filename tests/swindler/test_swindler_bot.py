"""The heuristic bot: legal, sensible in clear spots, and far stronger than the random bot."""

from sw_helpers import BLUE_NECKLACE, RED_RING, tile_of

from engine.core.bots import RandomBot
from engine.core.game import rules_for
from engine.simulate import play

RULES = rules_for("swindler")


def decide(game):
    bot = RULES.heuristic_bot(1)
    return bot.decide(RULES.view(game.s, game.to_act), game.choice)


def test_it_fulfils_what_it_can(new_game, script):
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    game.give_loot(0, RED_RING, BLUE_NECKLACE)
    assert decide(game) == {"reserve": "O01"}
    game.act({"reserve": "O01"})
    script(tile_of("yellow", "watch"))
    game.to_step3("yellow")
    assert decide(game) == {"fulfil": "O01"}


def test_it_stops_when_the_bag_holds_only_its_skull_and_it_has_much_at_stake(new_game, script):
    game = new_game()
    red = [t for t in game.s["bags"]["red"] if t != "RX1"]
    game.give_loot(0, *red[:-1])
    script(red[-1])
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.s["bags"]["red"] == ["RX1"]
    assert decide(game) == {"stop": True}


def betruegerin_moment(new_game, script) -> tuple:
    """Player 0 has drawn twice from the still rich red bag; player 1 holds a Betrügerin."""
    game = new_game()
    card = game.give_cards(1, "betruegerin")[0]
    script(RED_RING, tile_of("red", "ring", 1))
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"draw": True})
    return game, card


def test_its_betruegerin_draws_on(new_game, script):
    game, card = betruegerin_moment(new_game, script)
    assert decide(game) == {"play": card}  # the red bag is still rich
    game.act({"play": card})
    assert game.kind == "fraud_more" and decide(game) == {"draw": True}


def test_the_easy_bot_lets_its_betruegerin_lie(new_game, script):
    """The Easy level plays no card out of its own step."""
    game, _ = betruegerin_moment(new_game, script)
    assert RULES.easy_bot(1).decide(RULES.view(game.s, 1), game.choice) == {"pass": True}


def test_it_beats_the_random_bot():
    wins = 0
    for seed in range(12):
        bots = [RULES.heuristic_bot(seed), RandomBot(RULES, seed)]
        if seed % 2:
            bots.reverse()
        result = RULES.result(play("swindler", bots, seed).state)
        wins += result["winner"] == seed % 2
    assert wins >= 11
