"""The final score: VP + coins (pieces and coins on tiles) - 2 per open reservation, never
below 0; ties go to more fulfilled orders, then they are shared."""

import math

import pytest
from sw_helpers import DOUBLE, GREEN_COIN, RED_RING

from engine.swindler import scoring
from engine.swindler.rules import LOOT_SHARE, WIN_SLOPE


def test_coins_count_and_reservations_cost(new_game):
    game = new_game(3)
    game.set_orders("O01", "O02", "O03", "O04")
    game.give_loot(0, DOUBLE, GREEN_COIN)  # 1 coin + 2 + 1
    game.me(0)["vp"] = 10
    game.reserve_for(1, "O01", "O02")
    game.me(1)["vp"] = 20
    game.me(2)["vp"] = 1
    game.reserve_for(2, "O03")
    scoring.finish(game.s)
    result = game.rules.result(game.s)
    rows = result["table"]
    assert [r["score"] for r in rows] == [14, 17, 0]  # player 2: 1 + 1 - 2, never below 0
    assert rows[1]["penalties"] == 4 and rows[0]["coins"] == 4
    assert result["scores"] == [14, 17, 0]
    assert result["winner"] == 1 and result["winners"] == [1] and result["outcome"] == "win"
    assert [r["rank"] for r in rows] == [2, 1, 3]
    assert game.rules.to_act(game.s) == []


def test_a_tie_goes_to_more_fulfilled_orders(new_game):
    game = new_game(3)
    for p, vp, done in ((0, 12, ["O01"]), (1, 12, ["O02", "O03"]), (2, 5, [])):
        game.me(p)["vp"], game.me(p)["fulfilled"] = vp, done
    scoring.finish(game.s)
    result = game.rules.result(game.s)
    assert result["winner"] == 1
    assert result["table"][1]["tiebreak"] == "orders"
    assert result["table"][2]["tiebreak"] is None


def test_a_full_tie_is_shared(new_game):
    game = new_game(2)
    for p in (0, 1):
        game.me(p)["vp"], game.me(p)["fulfilled"] = 9, ["O01"] if p else ["O02"]
    scoring.finish(game.s)
    result = game.rules.result(game.s)
    assert result["outcome"] == "shared" and result["winner"] is None
    assert result["winners"] == [0, 1]
    assert result["table"][0]["tiebreak"] == "shared"
    assert [r["rank"] for r in result["table"]] == [1, 1]


def test_winner_label_is_the_master_ability(new_game):
    game = new_game(2)
    game.set_master(1, "alibi", unlocked=False)
    assert game.rules.winner_label(game.s, 1) == "alibi"


def test_a_search_estimates_an_unfinished_game_by_the_score_held_now(new_game):
    """A playout cut short scores the points and coins each seat holds now (open reservations
    cost nothing yet) and leaves the game itself going."""
    game = new_game(3)
    game.set_orders("O01", "O02", "O03", "O04")
    game.give_loot(0, DOUBLE, GREEN_COIN)
    game.me(0)["vp"] = 10
    game.me(1)["vp"] = 20
    game.reserve_for(1, "O01", "O02")
    game.me(2)["vp"] = 1
    game.reserve_for(2, "O03")
    estimate = game.rules.estimate(game.s)
    assert estimate["scores"] == [14, 21, 2] and estimate["winners"] == [1]
    assert game.rules.result(game.s) is None and game.rules.to_act(game.s)


def test_an_estimate_counts_a_share_of_the_loot_on_its_way_to_a_fence(new_game):
    """A ring a fence pays 2 VP for is worth ``LOOT_SHARE`` of 2 to a playout cut short: one
    point behind with it in hand leads the estimate, by a small edge in the chance to win."""
    game = new_game(2)
    game.set_orders("O02", "O09", "O10", "O11")  # keys only: no order wants the ring
    game.set_fences("F01", "F11", "F12")  # a ring: 2 VP at F01, 1 at F11
    game.give_loot(0, RED_RING)
    game.me(0).update(vp=10, coins=0)
    game.me(1).update(vp=11, coins=0)
    estimate = game.rules.estimate(game.s)
    assert estimate["scores"] == pytest.approx([10 + LOOT_SHARE * 2, 11])
    assert estimate["winners"] == [0]
    edge = 1 / (1 + math.exp(-WIN_SLOPE * (LOOT_SHARE * 2 - 1)))
    assert estimate["chances"] == pytest.approx([edge, 1 - edge]) and 0.5 < edge < 0.51
