"""Step 2: stealing from a rich bag, stopping, skulls, the first-draw coin."""

from sw_helpers import tile_of

RING = tile_of("red", "ring")
RING2 = tile_of("red", "ring", 1)
NECKLACE = tile_of("red", "necklace")
BLUE = tile_of("blue", "necklace")
SKULL = "RX1"


def test_the_steps_come_in_the_book_order(new_game, script):
    game = new_game()
    script(RING)
    assert game.s["step"] == 1 and game.kind == "reserve"
    game.act({"done": True})
    assert game.s["step"] == 2 and game.kind == "bag"
    game.act({"bag": "red"})
    assert game.kind == "more"
    game.act({"stop": True})
    assert game.s["step"] == 3 and game.kind == "act"
    game.act({"done": True})
    assert game.s["step"] == 5 and game.kind == "hire"
    game.act({"done": True})
    assert game.s["active"] == 1 and game.s["step"] == 1


def test_stealing_is_compulsory_and_stays_with_one_bag(new_game, script):
    game = new_game()
    game.act({"done": True})
    assert {"stop": True} not in game.options  # at least one draw
    assert "you must draw" in game.refused({"stop": True})
    script(RING)
    game.act({"bag": "red"})
    assert not any("bag" in o for o in game.options)  # no switching without a Lockvogel
    game.refused({"bag": "blue"})


def test_stopping_keeps_the_loot(new_game, script):
    game = new_game()
    script(RING, NECKLACE)
    game.to_step3("red", draws=2)
    assert game.loot(0) == sorted([RING, NECKLACE])
    assert game.s["steal"]["drawn"] == [RING, NECKLACE]
    assert RING not in game.s["bags"]["red"]


def test_a_skull_returns_every_tile_of_its_colour_old_and_new(new_game, script):
    game = new_game()
    game.give_loot(0, RING2, BLUE)  # from earlier turns
    script(RING, SKULL)
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"draw": True})
    assert game.kind == "act"  # caught: stealing is over, step 3 follows
    assert game.loot(0) == [BLUE]  # other colours are kept
    assert {RING, RING2, SKULL} <= set(game.s["bags"]["red"])
    assert game.me(0)["coins"] == 1  # no coin: the skull was not the first draw


def test_a_skull_on_the_first_draw_pays_a_coin(new_game, script):
    game = new_game()
    game.give_loot(0, RING2)
    script(SKULL)
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.me(0)["coins"] == 2
    assert game.s["supply"]["coins"] == 6 - 3 - 1
    assert game.loot(0) == []  # still caught: the red ring from before goes back
    assert SKULL in game.s["bags"]["red"]


def test_the_first_draw_coin_needs_a_coin_in_the_supply(new_game, script):
    game = new_game()
    game.s["supply"]["coins"] = 0
    game.me(1)["coins"] += 3
    script(SKULL)
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.me(0)["coins"] == 1


def test_after_a_skull_the_turn_goes_on(new_game, script):
    """Caught thieves may still fulfil orders and sell (step 3) and hire (step 5)."""
    game = new_game()
    game.give_loot(0, BLUE)
    game.set_fences("F04")
    script(SKULL)
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.kind == "act"
    assert {"sell": BLUE, "fence": 0, "field": 0} in game.options


def test_bag_view_shows_the_odds(new_game, script):
    game = new_game()
    bags = game.rules.view(game.s, None)["bags"]
    assert bags["red"] == {"tiles": 8, "skulls": 1, "loot": 7, "odds": 0.125,
                           "contents": {"ring": 3, "necklace": 1, "coin": 1, "key-blue": 1,
                                        "key-yellow": 1, "skull": 1}}
    assert bags["black"]["odds"] == 0.2
    script(RING)
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.rules.view(game.s, 0)["bags"]["red"]["odds"] == round(1 / 7, 4)
