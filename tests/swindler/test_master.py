"""The master-thief abilities not covered with orders, fences and raids: Recruiter, Alibi,
Ringleader (the two last are this project's design)."""

from sw_helpers import RED_NECKLACE, RED_RING, RED_RING2, YELLOW_WATCH


def end_turn(game):
    while game.kind in ("act", "hire"):
        game.act({"done": True})


def test_recruiter_draws_before_the_turn_and_may_play_it(new_game, script):
    game = new_game()
    game.set_master(1, "recruiter")
    top = game.s["deck"][-1]
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    end_turn(game)
    assert game.s["active"] == 1 and game.me(1)["hand"] == [top]
    assert game.me(1)["fresh"] == []  # usable at once


def test_a_jailed_recruiter_draws_nothing(new_game, script):
    game = new_game()
    game.set_master(1, "recruiter")
    game.me(1)["jailed"] = True
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    end_turn(game)
    assert game.s["active"] == 2 and game.me(1)["hand"] == []


def test_alibi_a_skull_in_the_first_two_draws_costs_nothing(new_game, script):
    game = new_game()
    game.set_master(0, "alibi")
    game.give_loot(0, RED_RING2)
    script(RED_RING, "RX1")
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"draw": True})  # the second draw: a skull
    assert game.loot(0) == sorted([RED_RING, RED_RING2])
    assert "RX1" in game.s["bags"]["red"] and game.s["steal"]["state"] == "caught"


def test_alibi_does_not_cover_the_third_draw(new_game, script):
    game = new_game()
    game.set_master(0, "alibi")
    script(RED_RING, RED_NECKLACE, "RX1")
    game.act({"done": True})
    game.act({"bag": "red"})
    game.act({"draw": True})
    game.act({"draw": True})
    assert game.loot(0) == []


def test_ringleader_scores_two_more_per_order(new_game, script):
    game = new_game()
    game.set_master(0, "ringleader")
    game.ready_to_fulfil(script)
    game.act({"fulfil": "O01"})
    assert game.me(0)["vp"] == 3 + 3 + 2
