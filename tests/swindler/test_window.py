"""The reaction window in Swindler: after each trigger, every other player is asked in turn
order from the active player, one at a time, whether or not they hold a fitting card (a lone
"no" then); the table option skips those with nothing playable."""

from sw_helpers import RED_NECKLACE, RED_RING, tile_of


def asked(game) -> list[tuple[int, list]]:
    """Answer pass to the reaction prompts on top; return (seat, options) of each."""
    seen = []
    while game.kind == "react":
        seen.append((game.to_act, game.options))
        game.act({"pass": True})
    return seen


def quick_turn(game, script, tile) -> None:
    """The active player steals ``tile`` (scripted) and ends the turn; prompts get a no."""
    script(tile)
    game.act({"done": True})
    game.act({"bag": tile_of_bag(tile)})
    asked(game)
    game.act({"stop": True})
    asked(game)
    while game.kind in ("act", "hire"):
        game.act({"done": True})


def tile_of_bag(tile: str) -> str:
    return {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "K": "black"}[tile[0]]


def test_everyone_else_is_asked_in_turn_order(new_game, script):
    game = new_game(4, skip=False)
    for tile in (tile_of("blue", "watch"), tile_of("yellow", "ring"), tile_of("green", "watch")):
        quick_turn(game, script, tile)
    assert game.s["active"] == 3 and game.kind == "reserve"
    script(RED_RING, RED_NECKLACE)
    game.act({"done": True})
    game.act({"bag": "red"})
    before = asked(game)
    assert [seat for seat, _ in before] == [0, 1, 2]
    assert all(options == [{"pass": True}] for _, options in before)
    assert game.kind == "more"
    game.act({"draw": True})
    assert [seat for seat, _ in asked(game)] == [0, 1, 2]
    game.act({"stop": True})
    assert [seat for seat, _ in asked(game)] == [0, 1, 2]
    assert game.kind == "act"


def test_holders_get_their_cards_offered_and_others_a_no(new_game, script):
    game = new_game(3, skip=False)
    card = game.give_cards(2, "naseweis")[0]
    script(RED_RING)
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.to_act == 1 and game.options == [{"pass": True}]
    view = game.rules.view(game.s, 1)
    assert view["reaction"] == {"trigger": {"on": "before_steal"}, "asking": 1}
    assert view["choice"]["kind"] == "react"
    game.act({"pass": True})
    assert game.to_act == 2
    assert game.options == [{"pass": True}, {"play": card, "bet": "skull"},
                            {"play": card, "bet": "safe"}]
    # the prompt reads the same for holders and others
    assert game.choice["prompt"] == {"msg": "react_before_steal",
                                     "args": {"player": 0, "bag": "red"}}


def test_skip_option_asks_only_holders(new_game, script):
    game = new_game(3, skip=True)
    card = game.give_cards(2, "naseweis")[0]
    script(RED_RING)
    game.act({"done": True})
    game.act({"bag": "red"})
    assert game.to_act == 2 and {"play": card, "bet": "safe"} in game.options
    game.act({"pass": True})
    assert game.kind == "more"


def test_a_played_card_opens_a_window_for_everyone_but_its_player(new_game, script):
    game = new_game(3, skip=False)
    card = game.give_cards(1, "verraeter")[0]
    script(RED_RING, RED_NECKLACE)
    game.act({"done": True})
    game.act({"bag": "red"})
    asked(game)
    game.act({"stop": True})
    assert game.to_act == 1
    game.act({"play": card})
    # the Meuchlerin window: turn order from the active player (0), without player 1; then
    # the forced draw (loot), then the rest of the window on the stop: player 2
    assert [seat for seat, _ in asked(game)] == [0, 2, 2]
    assert game.loot(0) == sorted([RED_RING, RED_NECKLACE])
    assert game.kind == "act"
