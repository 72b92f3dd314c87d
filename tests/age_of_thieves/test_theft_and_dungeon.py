"""Theft (the theft icon, theft markers, smoke, one theft per victim per turn) and the dungeon
(losing a jewel, discarding a card, 2 AP next turn, Move first, hidden after escaping)."""

from aot_helpers import BOARD, HOME, VAULT, Game, corridor, dist, path, spaces_of

from engine.age_of_thieves import content


# --- theft -----------------------------------------------------------------------------
def test_theft_example_1_noise_grenade_on_the_same_space():
    """Noiron and Morius share a space; Noiron resolves Noise Grenade (theft icon) on it: no
    guard is near, but Noiron takes Morius's green jewel at once. Nobody may rob Morius again
    this turn."""
    g = Game(("noiron", "morius", "joanne"))
    noise = g.hand(0, "noise_grenade")[0]
    cog = g.hand(2, "cog_rod")[0]
    g.put(0, HOME)
    g.put(1, HOME)
    g.put(2, HOME)
    g.th(1)["jewels"] = ["green"]
    g.s["initiative"] = 1
    g.declare({0: [{"card": noise, "ap": 5}], 2: [{"card": cog, "ap": 3}]})
    g.resolve(0, "play")
    g.pick(HOME)
    assert g.th(0)["jewels"] == ["green"] and g.th(1)["jewels"] == []
    assert g.th(1)["stolen"] is True and g.th(1)["theft_marker"] is False
    # Joanne's Cog Rod later this turn cannot touch Morius (nothing left, and already robbed)
    g.th(1)["jewels"] = ["yellow"]
    g.resolve(0, "play")
    g.pick("T1")
    assert g.th(1)["jewels"] == ["yellow"] and g.th(2)["jewels"] == []


def test_theft_example_2_smoke_grenade_at_a_distance():
    """Nikolai, 2 spaces from Jasmine, throws a Smoke Grenade on her space: she is hidden but
    open to theft. No jewel changes hands at once; Nikolai must come to her space to take
    one, which his later Move does."""
    route = corridor(3)
    g = Game(("nikolai", "jasmine"))
    smoke = g.hand(0, "smoke_grenade")[0]
    g.put(0, route[0])
    g.put(1, route[2])
    g.th(1)["jewels"] = ["green", "yellow"]
    g.s["initiative"] = 1
    g.declare({0: [{"card": smoke, "ap": 6}, {"card": "move", "ap": 3}]})
    g.resolve(0, "play")
    g.pick(route[2])
    assert g.th(1)["jewels"] == ["green", "yellow"] and g.th(0)["jewels"] == []
    assert route[2] in g.s["smoke"] and g.t.hidden(1)
    assert not g.th(1)["theft_marker"]  # the smoke itself is the mark
    g.resolve(1, "sneak")
    g.do({"step": route[1]})
    g.do({"step": route[2]})
    assert {"steal": 1, "jewel": "green"} in g.options()
    g.do({"steal": 1, "jewel": "green"})
    assert not any("steal" in o for o in g.options())  # one theft per victim per turn
    g.do({"stop": True})
    assert g.th(0)["jewels"] == ["green"] and g.th(1)["jewels"] == ["yellow"]


def test_theft_marker_lets_any_passing_thief_rob_the_target():
    """Cog Rod from 2 spaces: a theft marker. Another thief passing through (not ending on the
    space) takes one jewel; then the marker goes back to the pool."""
    route = corridor(5)
    g = Game(("noiron", "morius", "zain"))
    cog = g.hand(0, "cog_rod")[0]
    g.put(0, route[0])
    g.put(1, route[2])
    g.put(2, route[3])
    g.th(1)["jewels"] = ["yellow", "green"]
    g.s["initiative"] = 1
    g.declare({0: [{"card": cog, "ap": 6}], 2: [{"card": "move", "ap": 4}]})
    g.resolve(0, "play")  # only Morius is in range: he is the target
    assert g.th(1)["theft_marker"] and g.th(1)["jewels"] == ["yellow", "green"]
    g.resolve(0, "sneak")
    g.do({"step": route[2]})
    g.do({"steal": 1, "jewel": "green"})
    assert not g.th(1)["theft_marker"] and g.th(1)["stolen"]
    assert not any("steal" in o for o in g.options())
    g.walk(route[1])
    assert g.th(2)["jewels"] == ["green"] and g.th(1)["jewels"] == ["yellow"]


def test_no_theft_marker_on_a_thief_already_robbed_this_turn():
    route = corridor(4)
    g = Game(("noiron", "morius", "joanne"))
    cog = g.hand(0, "cog_rod")[0]
    g.put(0, route[0])
    g.put(1, route[2])
    g.put(2, route[3])
    g.th(1).update(jewels=["yellow"], stolen=True)
    g.s["initiative"] = 1
    g.declare({0: [{"card": cog, "ap": 6}, {"card": "move", "ap": 1}]})
    g.resolve(0, "play")
    assert not g.th(1)["theft_marker"]


def test_theft_markers_last_until_the_end_of_the_turn():
    g = Game(("noiron", "morius"))
    g.th(1).update(jewels=["yellow"], theft_marker=True)
    g.declare({})
    g.answer_pending()
    assert not g.th(1)["theft_marker"] and not g.th(1)["stolen"]


def test_the_emperors_jewel_and_trinkets_can_be_stolen():
    for jewel in ("emperor", "trinkets"):
        g = Game(("noiron", "morius"))
        if jewel == "emperor":
            g.set_alarm("N")
            g.th(1).update(best_burglar=True, red=1)
        cog = g.hand(0, "cog_rod")[0]
        g.put(0, HOME)
        g.put(1, HOME)
        g.th(1)["jewels"] = [jewel]
        g.s["initiative"] = 1
        g.declare({0: [{"card": cog, "ap": 6}]})
        g.resolve(0, "play")
        assert g.th(0)["jewels"] == [jewel], jewel
        if jewel == "emperor":
            g.answer_pending()
            # the red AP pass to the new holder at Clean-up; the Best Burglar token stays
            assert g.th(0)["red"] == 1 and g.th(1)["red"] == 0
            assert g.th(1)["best_burglar"] and not g.th(0)["best_burglar"]
            assert g.th(0)["ap"] == 11 and g.th(1)["ap"] == 10


def test_a_thief_with_no_jewel_cannot_be_robbed_and_gets_a_marker_only():
    g = Game(("noiron", "morius"))
    cog = g.hand(0, "cog_rod")[0]
    g.put(0, HOME)
    g.put(1, HOME)
    g.s["initiative"] = 1
    g.declare({0: [{"card": cog, "ap": 6}, {"card": "move", "ap": 1}]})
    g.resolve(0, "play")
    assert g.th(1)["jewels"] == [] and g.th(0)["jewels"] == []


# --- the dungeon -----------------------------------------------------------------------
def caught_on(g: Game, p: int, space: str) -> None:
    """A guard next to ``space`` will catch thief p there when the city guard acts."""
    g.put(p, space)
    near = next(n for n in BOARD.neighbours(space) if "dungeon" not in BOARD.spaces[n].kinds)
    g.guard(near)


def guard_then_pause(g: Game, declarations: dict | None = None) -> None:
    """The guard acts on initiative 2; thief 1's Ambush with 1 AP then holds the turn open."""
    g.s["initiative"] = 2
    g.declare({1: [{"card": "ambush", "ap": 1}], **(declarations or {})})
    assert g.choice()["player"] == 1 or g.kind() == "discard"


def test_caught_outside_the_palace_the_emperors_jewel_goes_to_the_imperial_guardhouse():
    g = Game(("morius", "noiron"))
    g.set_alarm("E")
    g.th(0).update(jewels=["emperor", "green"], red=1)
    caught_on(g, 0, spaces_of("start", "S")[0])
    g.away(1)
    g.s["initiative"] = 1
    g.declare({})
    imperial = next(sp for sp in BOARD.of_kind("imperial") if BOARD.district(sp) == "S")
    assert g.s["jewels"][imperial] == ["emperor"]
    assert g.th(0)["jewels"] == ["green"]
    # under Alarm the dungeon is the one of the district card
    assert g.th(0)["where"] == "dungeon" and g.th(0)["space"] == BOARD.dungeon_of("E")


def test_caught_in_the_palace_the_jewel_stays_and_a_district_card_picks_the_dungeon():
    g = Game(("morius", "noiron"))
    g.s["jewels"] = {}
    g.s["emperor_taken"] = True
    g.th(0).update(jewels=["emperor"], best_burglar=True, red=1)
    caught_on(g, 0, BOARD.neighbours(VAULT)[0])
    g.away(1)
    deck = list(g.s["district_deck"])
    g.s["initiative"] = 1
    g.declare({})
    assert g.s["jewels"][BOARD.neighbours(VAULT)[0]] == ["emperor"]
    assert g.th(0)["where"] == "dungeon"
    assert BOARD.district(g.th(0)["space"]) in deck
    assert sorted(g.s["district_deck"]) == sorted(deck)  # the card goes back


def test_caught_in_a_district_under_calm_goes_to_that_districts_dungeon():
    for district in "NESW":
        g = Game(("morius", "noiron"))
        space = next(sp for sp in BOARD.in_district(district) if not BOARD.spaces[sp].kinds)
        caught_on(g, 0, space)
        g.away(1)
        g.s["initiative"] = 1
        g.declare({})
        assert g.th(0)["space"] == BOARD.dungeon_of(district)


def test_caught_without_the_emperors_jewel_the_cheapest_jewel_goes_back():
    g = Game(("morius", "noiron"))
    g.s["pool"]["yellow"] = 5
    g.th(0)["jewels"] = ["green", "yellow", "green"]
    caught_on(g, 0, HOME)
    g.away(1)
    guard_then_pause(g)
    assert sorted(g.th(0)["jewels"]) == ["green", "green"]
    assert g.s["pool"]["yellow"] == 6


def test_caught_with_green_jewels_only_loses_one_green():
    g = Game(("morius", "noiron"))
    g.th(0)["jewels"] = ["green", "green"]
    caught_on(g, 0, HOME)
    g.away(1)
    g.s["initiative"] = 1
    g.declare({})
    assert g.th(0)["jewels"] == ["green"]


def test_caught_discards_a_general_card_of_his_choice_and_loses_his_other_cards():
    g = Game(("morius", "noiron"))
    beacon, smoke, guild = g.hand(0, "beacon", "smoke_grenade", "guild_contacts")
    caught_on(g, 0, HOME)
    g.away(1)
    g.s["initiative"] = 3
    g.declare({0: [{"card": guild, "ap": 2}, {"card": "move", "ap": 1}],
               1: [{"card": "ambush", "ap": 1}]})
    assert g.th(0)["where"] == "dungeon"
    assert all(d["state"] == "cancelled" for d in g.th(0)["declared"])
    found = g.choice()
    assert found["kind"] == "discard" and found["player"] == 0
    assert sorted(o["discard"] for o in found["options"]) == sorted([beacon, smoke])
    g.do({"discard": smoke})
    assert g.th(0)["hand"] == [beacon] and smoke in g.s["discard"]


def test_the_caught_thief_starts_the_next_turn_with_two_ap_plus_extras():
    g = Game(("morius", "noiron"))
    caught_on(g, 0, HOME)
    g.away(1)
    g.th(0)["temp_next"] = 2
    g.s["initiative"] = 1
    g.declare({})
    g.answer_pending()
    assert g.th(0)["ap"] == content.DUNGEON_AP + 2
    # and back to 10 the turn after, even if still in the dungeon
    g.declare({})
    g.answer_pending()
    assert g.th(0)["ap"] == content.BASE_AP


def dungeon_turn(g: Game, declarations: dict, initiative: int = 1) -> None:
    """Thief 0 sits in the North dungeon this turn (caught last turn: 2 AP)."""
    g.th(0).update(where="dungeon", space=BOARD.dungeon_of("N"), ap=content.DUNGEON_AP)
    g.away(1)
    g.s["initiative"] = initiative
    g.declare(declarations)


def test_in_the_dungeon_the_first_card_resolved_must_be_move():
    g = Game(("morius", "noiron"))
    guild = g.hand(0, "guild_contacts")[0]
    dungeon_turn(g, {0: [{"card": guild, "ap": 1}, {"card": "move", "ap": 1}]})
    found = g.choice()
    by_card = {}
    for o in found["options"]:
        by_card.setdefault(o["card"], set()).add(o["as"])
    assert by_card == {0: {"resign"}, 1: {"sneak", "dash", "resign"}}
    g.do({"card": 1, "as": "sneak"})
    doors = BOARD.dungeon_doors[BOARD.dungeon_of("N")]
    assert {o["step"] for o in g.options() if "step" in o} == set(doors)
    g.walk(doors[0])
    # out of the dungeon: any card may be resolved now
    assert {o["as"] for o in g.options()} == {"play", "resign"}


def test_a_thief_escaping_the_dungeon_is_hidden_for_the_rest_of_the_turn():
    g = Game(("morius", "noiron"))
    doors = BOARD.dungeon_doors[BOARD.dungeon_of("N")]
    gid = g.guard(next(n for n in BOARD.neighbours(doors[0])
                       if "dungeon" not in BOARD.spaces[n].kinds))
    dungeon_turn(g, {0: [{"card": "move", "ap": 2}], 1: [{"card": "ambush", "ap": 1}]},
                 initiative=2)
    g.resolve(0, "sneak")
    g.walk(doors[0])
    # the guard acted and did not notice him, one space away
    assert g.kind() == "resolve" and g.choice()["player"] == 1
    assert g.th(0)["where"] == "board" and g.th(0)["hidden"]
    assert g.s["watch"][gid]["space"] != doors[0]
    g.answer_pending()
    assert not g.th(0)["hidden"]


def test_thieves_in_the_dungeon_cannot_be_targeted():
    g = Game(("noiron", "morius"))
    cog = g.hand(0, "cog_rod")[0]
    g.put(0, BOARD.dungeon_doors[BOARD.dungeon_of("N")][0])
    g.th(1).update(where="dungeon", space=BOARD.dungeon_of("N"), jewels=["green"])
    g.s["initiative"] = 1
    g.declare({0: [{"card": cog, "ap": 4}]})
    # no thief in range: the Cog Rod does nothing
    assert g.th(1)["jewels"] == ["green"] and not g.th(1)["theft_marker"]


def test_jasmine_old_flames_no_discard_and_five_ap():
    g = Game(("jasmine", "noiron"))
    g.hand(0, "beacon", "smoke_grenade")
    caught_on(g, 0, HOME)
    g.away(1)
    g.s["initiative"] = 1
    g.declare({})
    g.answer_pending()
    assert len(g.th(0)["hand"]) == 3  # kept both, drew one
    assert g.th(0)["ap"] == 5


def test_caught_by_walking_into_a_guard_in_the_palace_with_the_jewel():
    """Moving onto a guard in the Palace with the Emperors' Jewel: it stays on that space."""
    route = path(VAULT, spaces_of("guardhouse", "P")[0])
    g = Game(("morius", "noiron"))
    g.s["jewels"] = {}
    g.s["emperor_taken"] = True
    g.th(0).update(jewels=["emperor"])
    g.guard(route[2])
    g.put(0, route[0])
    g.away(1)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 3}]})
    g.resolve(0, "sneak")
    g.walk(route[1], route[2], stop=False)
    assert g.s["jewels"][route[2]] == ["emperor"]
    assert g.th(0)["where"] == "dungeon"
    assert dist(route[0], route[2]) == 2
