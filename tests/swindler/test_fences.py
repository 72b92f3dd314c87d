"""Fences: selling loot, the completion bonus, coin tiles, the refill, the Fences'
Favourite master ability."""

from sw_helpers import BLUE_NECKLACE, GREEN_COIN, JOKER, RED_RING, YELLOW_WATCH, tile_of


def test_selling_scores_the_field(new_game, script):
    game = new_game()
    game.set_fences("F01", "F02", "F03")
    game.give_loot(0, RED_RING)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"sell": RED_RING, "fence": 0, "field": 0})
    assert game.me(0)["vp"] == 5
    assert game.s["fences"]["open"][0]["laid"] == [RED_RING, None, None]
    assert RED_RING not in game.loot(0)


def test_the_seller_chooses_the_field(new_game, script):
    """Book: the player lays the tile on a field it fits; of two fields alike (F03's two rings
    at 2 VP) one is offered; a field it does not fit is refused."""
    game = new_game()
    game.set_fences("F11", "F03", "F02")  # F11: jewel 1 ×3; F03: ring 2, ring 2, key 1
    game.give_loot(0, RED_RING)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    sales = [o for o in game.options if "sell" in o and o["sell"] == RED_RING]
    assert sales == [{"sell": RED_RING, "fence": 0, "field": 0},
                     {"sell": RED_RING, "fence": 1, "field": 0},
                     {"sell": RED_RING, "fence": 2, "field": 0}]
    assert "does not take" in game.refused({"sell": RED_RING, "fence": 1, "field": 2})


def test_a_bunch_of_keys_goes_on_any_key_field_the_seller_picks(new_game, script):
    """F06: jewel 1, yellow key 2, green key 2; the joker is one key of any colour, and the
    seller keeps the other key field free for the key they expect."""
    game = new_game()
    game.set_fences("F06", "F01", "F11")
    game.give_loot(0, JOKER)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    assert [o["field"] for o in game.options if o.get("sell") == JOKER and o["fence"] == 0] \
        == [1, 2]
    game.act({"sell": JOKER, "fence": 0, "field": 2})
    assert game.s["fences"]["open"][0]["laid"] == [None, None, JOKER]
    assert game.me(0)["vp"] == 5


def test_coin_tiles_cannot_be_sold(new_game, script):
    game = new_game()
    game.set_fences("F01", "F02", "F03")
    game.give_loot(0, GREEN_COIN)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    assert not any(o.get("sell") == GREEN_COIN for o in game.options)
    assert "coin tiles cannot be sold" in game.refused({"sell": GREEN_COIN, "fence": 1,
                                                       "field": 0})


def test_completing_a_fence_pays_2_bonus_and_sends_its_loot_home(new_game, script):
    game = new_game()
    game.set_fences("F01", "F02", "F03")
    fence_deck = list(game.s["fences"]["deck"])
    game.s["fences"]["open"][0]["laid"] = [RED_RING, None, None]  # sold by someone else
    game.s["bags"]["red"].remove(RED_RING)
    game.give_loot(0, BLUE_NECKLACE)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"sell": BLUE_NECKLACE, "fence": 0, "field": 1})
    game.act({"sell": YELLOW_WATCH, "fence": 0, "field": 2})
    assert game.me(0)["vp"] == 3 + 2 + 2 + 2
    assert game.s["fences"]["discard"] == ["F01"]
    for tile, bag in ((RED_RING, "red"), (BLUE_NECKLACE, "blue"), (YELLOW_WATCH, "yellow")):
        assert tile in game.s["bags"][bag]
    # nothing left to do in step 3: step 4 puts a new fence in the empty place
    assert game.s["step"] == 5
    assert game.s["fences"]["open"][0]["id"] == fence_deck[-1]


def test_an_empty_fence_stack_is_the_shuffled_discard_pile(new_game, script):
    game = new_game()
    game.set_fences("F01", "F02", "F03")
    game.s["fences"]["discard"] = game.s["fences"]["deck"]
    game.s["fences"]["deck"] = []
    game.s["fences"]["open"][2]["laid"] = [RED_RING, tile_of("red", "ring", 1), None]
    for tile in game.s["fences"]["open"][2]["laid"][:2]:
        game.s["bags"]["red"].remove(tile)
    game.give_loot(0, JOKER)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"sell": JOKER, "fence": 2, "field": 2})  # the joker sells as a key
    game.act({"done": True})
    assert game.s["fences"]["open"][2] is not None
    assert len(game.s["fences"]["deck"]) == 12 - 3 - 1 + 1 - 1 + 1


def test_fences_favourite_scores_one_extra_vp_once_per_turn(new_game, script):
    game = new_game()
    game.set_master(0, "fence_bonus")
    game.set_fences("F11", "F02", "F03")
    game.give_loot(0, RED_RING, BLUE_NECKLACE)
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"sell": RED_RING, "fence": 0, "field": 0})
    game.act({"sell": BLUE_NECKLACE, "fence": 0, "field": 1})
    assert game.me(0)["vp"] == 3 + (1 + 1) + 1
