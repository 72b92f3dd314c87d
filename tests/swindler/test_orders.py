"""Orders: reservations and their penalties, fulfilling Own / Give / Draw orders, rewards,
the refill, the master-thief threshold and the end of the game."""

import pytest
from sw_helpers import (
    BLUE_NECKLACE,
    DOUBLE,
    GREEN_COIN,
    JOKER,
    NEUTRAL_RING,
    RED_RING,
    RED_RING2,
    YELLOW_WATCH,
    tile_of,
)


def test_reserve_up_to_three_orders(new_game):
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    for order in ("O01", "O02", "O03"):
        game.act({"reserve": order})
    assert game.s["reserved"] == {"O01": 0, "O02": 0, "O03": 0}
    assert not any("reserve" in o for o in game.options)
    assert "all 3 of your reservation markers" in game.refused({"reserve": "O04"})
    assert "already reserved order O01" in game.refused({"reserve": "O01"})


def test_taking_over_a_reservation_costs_its_owner_2_vp(new_game):
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    game.reserve_for(1, "O02")
    game.me(1)["vp"] = 5
    game.act({"reserve": "O02"})
    assert game.s["reserved"]["O02"] == 0
    assert game.me(1)["vp"] == 3 and game.me(0)["vp"] == 3


def test_abandoning_costs_2_vp_and_never_drops_below_0(new_game):
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    game.reserve_for(0, "O01", "O02")
    game.act({"cancel": "O01"})
    assert game.me(0)["vp"] == 1 and "O01" not in game.s["reserved"]
    game.act({"cancel": "O02"})
    assert game.me(0)["vp"] == 0
    assert "not reserved order O03" in game.refused({"cancel": "O03"})


def test_only_reserved_orders_can_be_fulfilled(new_game, script):
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    game.give_loot(0, RED_RING, BLUE_NECKLACE)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    assert {"fulfil": "O01"} not in game.options
    assert "only fulfil orders you have reserved" in game.refused({"fulfil": "O01"})
    assert "in step 1" in game.refused({"reserve": "O01"})


def test_own_order_keeps_the_tiles_and_the_row_is_refilled(new_game, script):
    game = new_game()
    game.set_orders("O01", "O02", "O03", "O04")
    game.set_deck("O05")
    game.give_loot(0, RED_RING, BLUE_NECKLACE)
    script(YELLOW_WATCH)
    game.act({"reserve": "O01"})
    game.to_step3("yellow")
    game.act({"fulfil": "O01"})
    me = game.me(0)
    assert me["vp"] == 3 + 3 and me["fulfilled"] == ["O01"]
    assert game.loot(0) == sorted([RED_RING, BLUE_NECKLACE, YELLOW_WATCH])
    assert "O01" not in game.s["reserved"] and game.s["orders"]["open"][0] is None
    game.act({"done": True})  # step 4 reveals the next order into the empty place
    assert game.s["orders"]["open"] == ["O05", "O02", "O03", "O04"]


def test_give_order_sends_the_chosen_tiles_home(new_game, script):
    game = new_game()
    game.set_orders("O08", "O02", "O03", "O04")
    game.give_loot(0, RED_RING, BLUE_NECKLACE, NEUTRAL_RING)
    game.reserve_for(0, "O08")
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"fulfil": "O08"})
    assert game.kind == "give"
    given = [o["give"] for o in game.options]
    assert NEUTRAL_RING in given and RED_RING in given and YELLOW_WATCH in given
    game.act({"give": NEUTRAL_RING})
    game.act({"give": RED_RING})
    assert NEUTRAL_RING in game.s["supply"]["neutral"] and RED_RING in game.s["bags"]["red"]
    assert game.kind == "neutral"  # the reward: a neutral tile of the player's choice
    game.act({"neutral": tile_of("neutral", "watch")})
    assert game.me(0)["vp"] == 3 + 4
    assert tile_of("neutral", "watch") in game.loot(0)


def test_the_bunch_of_three_keys_is_a_key_joker(new_game, script):
    game = new_game()
    game.set_orders("O12", "O02", "O03", "O04")
    game.give_loot(0, JOKER)
    game.reserve_for(0, "O12")
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"fulfil": "O12"})  # give a red key: the joker is the only fit, no question
    assert JOKER in game.s["bags"]["black"]
    assert game.me(0)["vp"] == 6 and game.me(0)["coins"] == 2


def test_coin_orders_count_coin_tiles_and_give_change(new_game, script):
    game = new_game()
    game.set_orders("O22", "O23", "O03", "O04")
    game.give_loot(0, GREEN_COIN, DOUBLE)  # with the coin piece: 1 + 1 + 2 = 4 coins
    game.reserve_for(0, "O22", "O23")
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"fulfil": "O22"})  # own 3 coins: nothing is paid
    assert game.loot(0) == sorted([GREEN_COIN, DOUBLE, YELLOW_WATCH])
    game.act({"fulfil": "O23"})  # give 2 coins, one at a time
    assert game.kind == "pay"
    assert {o["pay"] for o in game.options} == {"coin", GREEN_COIN, DOUBLE}
    game.act({"pay": GREEN_COIN})
    supply = game.s["supply"]["coins"]
    game.act({"pay": DOUBLE})  # worth 2 for the last coin: 1 coin change
    assert game.me(0)["coins"] == 2 and game.s["supply"]["coins"] == supply - 1
    assert DOUBLE in game.s["bags"]["black"] and GREEN_COIN in game.s["bags"]["green"]


def test_draw_orders_count_this_turns_draws_even_if_caught(new_game, script):
    game = new_game()
    game.set_orders("O06", "O02", "O03", "O04")
    game.act({"reserve": "O06"})
    game.act({"done": True})
    script(RED_RING, RED_RING2, tile_of("red", "necklace"), "RX1")
    game.act({"bag": "red"})
    for _ in range(3):
        game.act({"draw": True})
    assert game.kind == "act" and game.loot(0) == []
    game.act({"fulfil": "O06"})
    assert game.me(0)["fulfilled"] == ["O06"]


def test_draw_two_identical_tiles_in_a_row(new_game, script):
    game = new_game()
    game.set_orders("O24", "O02", "O03", "O04")
    game.act({"reserve": "O24"})
    game.act({"done": True})
    script(RED_RING, tile_of("red", "necklace"), RED_RING2)
    game.act({"bag": "red"})
    game.act({"draw": True})
    game.act({"draw": True})
    game.act({"stop": True})
    assert {"fulfil": "O24"} not in game.options  # the two rings were not drawn in a row
    game.refused({"fulfil": "O24"})


def test_poster_and_coin_rewards(new_game, script):
    game = new_game()
    game.ready_to_fulfil(script, "O16")
    game.act({"fulfil": "O16"})
    assert game.me(0)["posters"] == 1 and game.s["supply"]["posters"] == 19


@pytest.mark.parametrize("players,needed", [(2, 5), (3, 4), (4, 3)])
def test_master_ability_unlocks_at_the_threshold(new_game, script, players, needed):
    game = new_game(players)
    game.set_master(0, "unreserved", unlocked=False)
    game.me(0)["fulfilled"] = ["O33", "O34", "O31", "O30", "O29"][:needed - 1]
    game.ready_to_fulfil(script)
    assert {"fulfil": "O03"} not in game.options
    game.act({"fulfil": "O01"})
    assert game.me(0)["unlocked"]
    # at once: an order nobody reserved may be fulfilled now
    assert {"fulfil": "O03"} in game.options


def test_unreserved_master_cannot_take_another_players_reservation(new_game, script):
    game = new_game()
    game.set_master(0, "unreserved")
    game.set_orders("O03", "O02", "O01", "O04")
    game.reserve_for(1, "O03")
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    assert {"fulfil": "O03"} not in game.options


def test_the_last_round_is_played_out(new_game, script):
    game = new_game(3)
    game.me(0)["fulfilled"] = ["O33", "O34", "O31", "O30", "O29", "O28", "O27"]
    game.ready_to_fulfil(script)
    game.act({"fulfil": "O01"})
    assert game.s["end_triggered"]
    game.act({"done": True})
    game.act({"done": True})
    for p in (1, 2):  # the others still play their turns
        assert game.s["active"] == p and game.rules.result(game.s) is None
        script(tile_of("green", "watch") if p == 1 else tile_of("blue", "watch"))
        game.to_step3("green" if p == 1 else "blue")
        game.act({"done": True})
        if game.rules.result(game.s) is None:
            game.act({"done": True})
    result = game.rules.result(game.s)
    assert result is not None and result["winner"] == 0
