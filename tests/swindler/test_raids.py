"""Police raids: revealed in the refill (step 4), only the first one per refill, loot and
wanted-poster raids, jail, and the Slippery master ability."""

from sw_helpers import BLUE_NECKLACE, RED_RING, YELLOW_WATCH, tile_of

NEUTRAL = [tile_of("neutral", k, n) for k in ("ring", "necklace", "watch") for n in (0, 1)]
GREEN = [tile_of("green", "coin", n) for n in range(3)]


def fulfil_and_refill(game, script, *deck_top):
    """Player 0 fulfils O01 (own ring + necklace) and ends step 3: the refill reveals
    ``deck_top`` in that order."""
    game.set_orders("O01", "O02", "O03", "O04")
    game.set_deck(*deck_top)
    game.give_loot(0, RED_RING, BLUE_NECKLACE)
    game.reserve_for(0, "O01")
    script(YELLOW_WATCH)
    game.to_step3("yellow")
    game.act({"fulfil": "O01"})
    game.act({"done": True})


def test_only_the_first_raid_of_a_refill_is_carried_out(new_game, script):
    game = new_game()
    game.give_loot(1, *NEUTRAL[:5])  # 5 loot tiles: hit by raid O35 (4 or more: hand over 1)
    fulfil_and_refill(game, script, "O35", "O36", "O09")
    assert game.kind == "surrender" and game.to_act == 1
    game.act({"tile": NEUTRAL[0]})
    assert game.loot(1) == sorted(NEUTRAL[1:5]) and NEUTRAL[0] in game.s["supply"]["neutral"]
    assert game.s["orders"]["out"] == ["O35"]  # out of the game
    assert game.s["orders"]["open"][0] == "O09"
    assert "O36" in game.s["orders"]["deck"]  # set aside, shuffled back
    assert game.kind == "hire" and game.to_act == 0


def test_a_loot_raid_spares_those_below_its_count(new_game, script):
    game = new_game()
    game.give_loot(1, *NEUTRAL[:3])
    game.give_loot(2, *NEUTRAL[3:], *GREEN[:1])  # 4 tiles
    fulfil_and_refill(game, script, "O35", "O09")
    assert game.to_act == 2 and game.kind == "surrender"
    game.act({"tile": GREEN[0]})
    assert len(game.loot(1)) == 3 and len(game.loot(2)) == 3
    assert GREEN[0] in game.s["bags"]["green"]


def test_a_poster_raid_sends_to_jail_and_the_turn_is_skipped(new_game, script):
    game = new_game()
    game.me(1)["posters"] = 2
    game.me(2)["posters"] = 1
    game.s["supply"]["posters"] -= 3
    fulfil_and_refill(game, script, "O38", "O09")  # 2 or more posters: jail
    assert game.me(1)["jailed"] and not game.me(2)["jailed"]
    assert game.me(1)["posters"] == 1 and game.s["supply"]["posters"] == 18
    if game.kind == "hire":
        game.act({"done": True})
    assert game.s["active"] == 2  # player 1's turn was skipped whole
    assert not game.me(1)["jailed"]
    assert any(e["msg"] == "sits_out" for e in game.s["log"])


def test_jailed_swindlers_are_not_raided(new_game, script):
    game = new_game()
    game.me(1)["jailed"] = True
    game.give_loot(1, *NEUTRAL[:5])
    fulfil_and_refill(game, script, "O35", "O09")
    assert len(game.loot(1)) == 5 and game.kind != "surrender"


def test_a_raid_hits_the_active_player_too(new_game, script):
    game = new_game()
    game.give_loot(0, *NEUTRAL[:4])  # with the ring, the necklace and the watch: 7 tiles
    fulfil_and_refill(game, script, "O36", "O09")  # 5 or more: hand over 2
    assert game.to_act == 0 and game.kind == "surrender"
    game.act({"tile": NEUTRAL[0]})
    game.act({"tile": NEUTRAL[1]})
    assert len(game.loot(0)) == 5


def test_slippery_counts_loot_and_posters_one_lower(new_game, script):
    game = new_game()
    game.set_master(1, "raid_shield")
    game.give_loot(1, *NEUTRAL[:4])
    fulfil_and_refill(game, script, "O35", "O09")
    assert len(game.loot(1)) == 4  # 4 tiles count as 3: below the raid's 4

    game = new_game()
    game.set_master(1, "raid_shield")
    game.me(1)["posters"] = 2
    game.s["supply"]["posters"] -= 2
    fulfil_and_refill(game, script, "O38", "O09")
    assert not game.me(1)["jailed"]  # 2 posters count as 1

    game = new_game()
    game.set_master(1, "raid_shield", unlocked=False)  # not unlocked yet: no effect
    game.me(1)["posters"] = 2
    game.s["supply"]["posters"] -= 2
    fulfil_and_refill(game, script, "O38", "O09")
    assert game.me(1)["jailed"]


def test_a_combined_raid_counts_both(new_game, script):
    game = new_game()
    game.give_loot(1, *NEUTRAL)
    game.me(1)["posters"] = 3
    game.s["supply"]["posters"] -= 3
    fulfil_and_refill(game, script, "O40", "O09")  # 5+ loot: hand over 1; 3+ posters: jail
    assert game.me(1)["jailed"] and game.kind == "surrender"
    game.act({"tile": NEUTRAL[0]})
    assert len(game.loot(1)) == 5
