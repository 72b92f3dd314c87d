"""The components (book counts, designed content) and the game set-up."""

from collections import Counter

import pytest
from sw_helpers import ALL_TILES, Game, check_components

from engine.core.game import IllegalAction, Match
from engine.swindler import content


def test_tiles_follow_the_component_list():
    tiles = content.tiles().values()
    coloured = [t for t in tiles if t["bag"] != "neutral" and t["type"] != "skull"]
    skulls = Counter(t["bag"] for t in tiles if t["type"] == "skull")
    assert len(coloured) == 36
    assert skulls == {"red": 1, "blue": 1, "yellow": 1, "green": 1, "black": 2}
    assert sum(1 for t in tiles if t["bag"] == "neutral") == 6
    assert len(ALL_TILES) == 48
    data = content.tile_data()
    assert (data["coins"], data["posters"]) == (6, 20)


def test_black_bag_holds_the_key_jokers_and_double_coins():
    black = Counter(t["type"] for t in content.tiles().values() if t["bag"] == "black")
    assert black["master_key"] == 2 and black["coin2"] == 2 and black["skull"] == 2
    others = [t for t in content.tiles().values() if t["bag"] != "black"]
    assert not any(t["type"] in ("master_key", "coin2") for t in others)


def test_cards_orders_fences_and_masters():
    orders = content.orders().values()
    assert len(orders) == 40
    assert Counter(o["tier"] for o in orders) == {"A": 8, "B": 32}
    assert not any(o["kind"] == "raid" for o in orders if o["tier"] == "A")
    assert Counter(o["kind"] for o in orders)["raid"] == 6
    for order in orders:
        if order["kind"] in ("own", "give"):
            # an order asks for items or for coins, never both (payment stays simple)
            assert bool(order["slots"]) != bool(order.get("coins"))
    assert len(content.fences()) == 12
    assert all(len(f["fields"]) == 3 for f in content.fences().values())
    assert not any(spec["item"] in ("any", "coin")
                   for f in content.fences().values() for spec, _vp in f["fields"])
    cards = Counter(c["kind"] for c in content.accomplices().values())
    assert sum(cards.values()) == 27 and len(cards) == 11
    assert cards["taschenspieler"] == 1
    assert len(content.masters()) == 6
    assert sum(m["from_book"] for m in content.masters().values()) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    game = Game(players, seed=3)
    s = game.s
    check_components(s)
    assert [me["vp"] for me in s["players"]] == [3] * players
    assert [me["coins"] for me in s["players"]] == [1] * players
    assert s["supply"]["coins"] == 6 - players
    open_orders = s["orders"]["open"]
    assert all(content.orders()[o]["tier"] == "A" for o in open_orders)
    # 2 A cards per player: the rest of them lie on top of the B cards, the others are boxed
    deck = s["orders"]["deck"]
    a_left = 2 * players - 4
    assert all(content.orders()[o]["tier"] == "A" for o in deck[len(deck) - a_left:])
    assert all(content.orders()[o]["tier"] == "B" for o in deck[:len(deck) - a_left])
    assert len(s["orders"]["box"]) == 8 - 2 * players
    assert len([f for f in s["fences"]["open"] if f]) == 3
    assert len({me["master"] for me in s["players"]}) == players
    assert s["active"] == 0 and s["step"] == 1 and game.kind == "reserve"


def test_master_draft_goes_backwards_from_the_last_seat():
    game = Game(3, seed=5, masters="draft")
    pool = list(game.s["master_pool"])
    assert len(pool) == 3
    order = []
    while game.kind == "master":
        order.append(game.to_act)
        game.act(game.options[0])
    # the start player gets the last card without being asked
    assert order == [2, 1]
    assert sorted(me["master"] for me in game.s["players"]) == sorted(pool)


def test_masters_off_and_bad_option():
    game = Game(2, masters="off")
    assert all(me["master"] is None for me in game.s["players"])
    assert game.rules.winner_label(game.s, 0) is None
    with pytest.raises(ValueError):
        Match.start("swindler", [{}, {}], {"masters": "sometimes"}, 1)
    with pytest.raises(IllegalAction):
        Match.start("swindler", [{}], {}, 1)
