"""City tokens: set-up, revealing them on the move, and the effect of each kind."""

from collections import Counter

import pytest
from aot_helpers import BOARD, Game, corridor

from engine.age_of_thieves import content


def reveal_on_the_way(g: Game, kind: str, p: int = 0, extra=None, up: bool = False) -> list:
    """Thief p Sneaks from the start of a corridor onto a token of ``kind`` one space on,
    and reveals it. Returns the corridor."""
    route = corridor(5, "N")
    g.token(route[1], kind, up=up)
    g.put(p, route[0])
    g.s["initiative"] = 1
    g.declare({p: [{"card": "move", "ap": 5}, *(extra or [{"card": "ambush", "ap": 1}])]})
    g.resolve(0, "sneak")
    g.do({"step": route[1]})
    assert {"reveal": route[1]} in g.options()
    g.do({"reveal": route[1]})
    return route


def test_setup_puts_a_face_down_token_on_every_guardhouse_outside_the_palace():
    g = Game(clear=False)
    houses = [sp for sp in BOARD.of_kind("guardhouse") if BOARD.district(sp) != "P"]
    assert sorted(g.s["tokens"]) == sorted(houses)
    assert all(not tok["up"] for tok in g.s["tokens"].values())
    # tokens lie under the guards on the guardhouses with swords as well
    assert all(sp in g.s["tokens"] for sp in BOARD.of_kind("swords"))
    kinds = Counter(tok["kind"] for tok in g.s["tokens"].values())
    assert all(kinds[k] <= n for k, n in content.CITY_TOKENS.items())
    assert sum(content.CITY_TOKENS.values()) == 51


def test_thiefs_stash_draws_a_card_and_leaves_the_board():
    g = Game()
    top = g.s["deck"][-1]
    route = reveal_on_the_way(g, "thiefs_stash")
    assert g.th(0)["hand"] == [top]
    assert route[1] not in g.s["tokens"]


def test_thiefs_stash_respects_the_hand_limit():
    g = Game()
    g.hand(0, "beacon", "beacon", "cog_rod", "fire_grenade", "smoke_grenade")
    reveal_on_the_way(g, "thiefs_stash")
    assert g.kind() == "discard" and g.choice()["player"] == 0


def test_alert_citizens_each_thief_in_the_district_discards():
    g = Game(("morius", "noiron", "jasmine", "zain"))
    route = corridor(5, "N")
    district = BOARD.district(route[1])
    a0 = g.hand(0, "beacon", "pole_vault")
    b1 = g.hand(1, "cog_rod", "smoke_grenade")
    g.hand(2, "fire_grenade")
    g.hand(3, "elixir_of_speed")
    g.put(1, next(sp for sp in BOARD.in_district(district) if sp not in route
                  and "dungeon" not in BOARD.spaces[sp].kinds))
    g.th(2).update(where="dungeon", space=BOARD.dungeon_of(district))
    g.put(3, next(sp for sp in BOARD.in_district("S") if not BOARD.spaces[sp].kinds))
    reveal_on_the_way(g, "alert_citizens")
    # Morius (the revealer) and Noiron are in the district: each picks a card to discard
    seen = []
    while g.kind() == "discard":
        found = g.choice()
        seen.append(found["player"])
        g.do({"discard": b1[1]} if found["player"] == 1 else {"discard": a0[0]})
    assert sorted(seen) == [0, 1]
    assert g.th(0)["hand"] == [a0[1]] and g.th(1)["hand"] == [b1[0]]
    assert len(g.th(2)["hand"]) == 1 and len(g.th(3)["hand"]) == 1  # dungeon, other district


def test_plain_garb_guard_catches_the_thief_who_reveals_it():
    g = Game()
    route = reveal_on_the_way(g, "plain_garb_guard")
    assert g.th(0)["where"] == "dungeon"
    assert g.t.watch_at(route[1]) is not None
    assert route[1] not in g.s["tokens"]


def test_plain_garb_guard_does_not_catch_a_hidden_thief():
    g = Game()
    cloak = g.hand(0, "reflective_cloak")[0]
    route = corridor(5, "N")
    g.token(route[1], "plain_garb_guard")
    g.put(0, route[0])
    g.s["initiative"] = 1
    g.declare({0: [{"card": cloak, "ap": 6}, {"card": "move", "ap": 4}]})
    g.resolve(0, "play")
    g.resolve(1, "sneak")
    g.do({"step": route[1]})
    g.do({"reveal": route[1]})
    assert g.th(0)["where"] == "board" and g.t.watch_at(route[1]) is not None


@pytest.mark.parametrize("kind, ap", [("informer", 1), ("guild_agent", 2)])
def test_informer_and_guild_agent_are_ap_on_the_sheet(kind, ap):
    g = Game()
    reveal_on_the_way(g, kind)
    assert g.th(0)["tokens"] == [kind]
    g.answer_pending()
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 10, "tokens": [kind]}]})
    assert g.s["declared_ap"]["0"] == [10 + ap]
    assert g.th(0)["tokens"] == []  # used: gone for good


def test_known_neighborhood_goes_on_the_sheet():
    g = Game()
    reveal_on_the_way(g, "known_neighborhood")
    assert g.th(0)["tokens"] == ["known_neighborhood"]
    assert {"kn": True} in g.options()


def test_trinkets_are_a_yellow_jewel_worth_one_vp():
    g = Game()
    reveal_on_the_way(g, "trinkets")
    assert g.th(0)["jewels"] == ["trinkets"] and g.t.vp(0) == 1


def test_dark_alley_makes_a_hideout_for_the_rest_of_the_game():
    g = Game()
    route = reveal_on_the_way(g, "dark_alley")
    assert g.s["features"][route[1]] == "dark_alley"
    assert g.t.is_hideout(route[1]) and g.t.hidden(0)
    g.answer_pending()
    g.declare({})
    g.answer_pending()
    assert g.s["features"][route[1]] == "dark_alley"


def test_manhole_and_ladder_stay_on_their_space():
    for kind, board_kind in (("manhole", "sewer_entrance"), ("ladder", "sewer_exit")):
        g = Game()
        route = reveal_on_the_way(g, kind)
        assert g.s["features"][route[1]] == kind
        assert g.t.is_kind(route[1], board_kind)


def test_tokens_are_not_revealed_during_dash_or_bolted_doors():
    g = Game()
    route = corridor(3, "N")
    g.token(route[1], "trinkets")
    g.put(0, route[0])
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}]})
    g.resolve(0, "dash")
    g.do({"step": route[1]})
    assert {"reveal": route[1]} not in g.options()

    g = Game()
    g.set_event("bolted_doors")
    g.token(route[1], "trinkets")
    g.put(0, route[0])
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}]})
    g.resolve(0, "sneak")
    g.do({"step": route[1]})
    assert {"reveal": route[1]} not in g.options()


def test_loose_tongues_turns_the_districts_tokens_face_up_without_resolving():
    g = Game(first=0)
    north = [sp for sp in BOARD.of_kind("guardhouse") if BOARD.district(sp) == "S"][:3]
    east = [sp for sp in BOARD.of_kind("guardhouse") if BOARD.district(sp) == "E"][:2]
    for sp in north + east:
        g.token(sp, "plain_garb_guard")
    watch = dict(g.s["watch"])
    g.s["calm_deck"][-1] = "loose_tongues"  # compass S
    g.declare({})
    g.answer_pending()
    assert all(g.s["tokens"][sp]["up"] for sp in north)
    assert not any(g.s["tokens"][sp]["up"] for sp in east)
    assert g.s["watch"] == watch
    view = g.rules.view(g.s, None)
    assert view["tokens"][north[0]] == "plain_garb_guard" and view["tokens"][east[0]] is None


def test_a_face_up_token_is_revealed_and_resolved_the_same_way():
    g = Game()
    reveal_on_the_way(g, "trinkets", up=True)
    assert g.th(0)["jewels"] == ["trinkets"]
