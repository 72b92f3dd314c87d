"""Actions of the City Guard: detection, moving toward the closest thief, catching, the order
of guards and captains, fire, and new guards (component limits)."""

import pytest
from aot_helpers import (
    BOARD,
    HOME,
    NEUTRAL_CALM,
    Game,
    corridor,
    dist,
    guard_turn,
    hidden_crowd,
    near,
    plain,
    spaces_of,
    two_spaces_at,
)

from engine.age_of_thieves.city_guard import detected


# --- detection -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind, vigilance", [("guard", 4), ("captain", 5)])
def test_vigilance_guard_four_captain_five(kind, vigilance):
    route = corridor(7)
    g = Game(("morius", "noiron"))
    gid = g.guard(route[0], kind=kind)
    g.away(1)
    g.put(0, route[vigilance])
    assert detected(g.t, gid) == [0]
    g.put(0, route[vigilance + 1])
    assert detected(g.t, gid) == []


def test_detection_example_reflective_cloak():
    """A guard (vigilance 4) with Jasmine and Zain 2 spaces away; Zain resolved Reflective
    Cloak earlier in the turn: the guard detects only Jasmine, and goes after her."""
    route = corridor(5)
    g = Game(("jasmine", "zain"))
    cloak = g.hand(1, "reflective_cloak")[0]
    gid = g.guard(route[2])
    g.put(0, route[0])
    g.put(1, route[4])
    guard_turn(g, {1: [{"card": cloak, "ap": 3}]})
    g.resolve(0, "play")
    # the Cloak resolved (3 AP), then the guard acted (1): Jasmine caught, Zain free
    assert g.th(0)["where"] == "dungeon"
    assert g.th(1)["where"] == "board"
    assert g.s["watch"][gid]["space"] == route[0]


def test_hidden_thieves_are_not_detected():
    route = corridor(3)
    g = Game(("jasmine", "zain"))
    gid = g.guard(route[0])
    g.put(0, route[2])
    g.away(1)
    g.th(0)["hidden"] = True
    assert detected(g.t, gid) == []
    g.th(0)["hidden"] = False
    g.s["smoke"] = [route[2]]
    assert detected(g.t, gid) == []
    g.s["smoke"] = []
    hideout = BOARD.of_kind("hideout")[0]
    g.put(0, hideout)
    g.guard(BOARD.neighbours(hideout)[0], gid=gid)
    assert detected(g.t, gid) == []


def test_thieves_in_the_dungeon_are_not_detected():
    g = Game()
    door = BOARD.dungeon_doors[BOARD.dungeon_of("N")][0]
    gid = g.guard(door)
    g.th(0).update(where="dungeon", space=BOARD.dungeon_of("N"))
    assert detected(g.t, gid) == []


def test_a_guard_moves_up_to_three_toward_a_detected_thief():
    route = corridor(5)
    g = Game()
    gid = g.guard(route[0])
    g.put(0, route[4])
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[3]
    assert g.th(0)["where"] == "board"


def test_a_captain_moves_up_to_four_and_catches():
    route = corridor(5)
    g = Game()
    cid = g.guard(route[0], kind="captain")
    g.put(0, route[4])
    guard_turn(g)
    assert g.s["watch"][cid]["space"] == route[4]
    assert g.th(0)["where"] == "dungeon"


def test_guards_stay_put_when_they_detect_no_one():
    g = Game()
    gid = g.guard(HOME)
    g.put(0, spaces_of("start", "S")[0])
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == HOME


@pytest.mark.parametrize("event, hears, moves", [
    (NEUTRAL_CALM, 4, 3), ("lamplighters_strike", 3, 3), ("moonlit_night", 5, 3),
    ("fishermens_feast", 4, 2)])
def test_event_modifiers_change_vigilance_and_move(event, hears, moves):
    route = corridor(8)
    g = Game()
    g.set_event(event)
    gid = g.guard(route[0])
    g.away(1)
    g.put(0, route[hears])
    assert detected(g.t, gid) == [0]
    g.put(0, route[hears + 1])
    assert detected(g.t, gid) == []
    g.put(0, route[hears])
    g.th(0)["protected"] = True  # the guard comes as far as it can, and catches nobody
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[min(moves, hears)]


def test_veterans_in_command_lift_captains_only():
    route = corridor(7)
    g = Game()
    g.set_alarm("N")
    g.set_event("veterans_in_command")
    cid = g.guard(route[0], kind="captain")
    gid = g.guard(route[6])
    g.put(0, route[6 - 5])
    assert detected(g.t, cid) == [0]
    g.put(0, route[1])
    assert detected(g.t, gid) == []
    guard_turn(g)
    # the captain moves 5 this turn: it reaches the thief 1 space away anyway
    assert g.th(0)["where"] == "dungeon"


# --- the order and priorities of the city guard ------------------------------------------
def test_guards_first_then_captains():
    """Book picture: the guard moves first and catches Morius; after him the captain catches
    Noiron (had the captain gone first, he would have taken Morius)."""
    route = corridor(9)
    g = Game(("morius", "noiron"))
    gid = g.guard(route[7])
    cid = g.guard(route[3], kind="captain")
    g.put(0, route[5])  # 2 from both
    g.put(1, route[0])  # 3 from the captain, out of the guard's hearing
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[5]
    assert g.s["watch"][cid]["space"] == route[0]
    assert g.th(0)["where"] == "dungeon" and g.th(1)["where"] == "dungeon"


def test_a_guard_goes_after_the_closest_detected_thief():
    route = corridor(7)
    g = Game(("morius", "noiron"))
    gid = g.guard(route[3])
    g.put(0, route[0])  # 3 away
    g.put(1, route[5])  # 2 away
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[5]
    assert g.th(1)["where"] == "dungeon" and g.th(0)["where"] == "board"


def square() -> tuple[str, str, str, str]:
    """Four plain spaces g1, a, g2, b forming a cycle: a and b are 1 from g1 and from g2."""
    for g1 in sorted(BOARD.spaces):
        for g2 in sorted(BOARD.spaces):
            common = [n for n in BOARD.neighbours(g1) if n in BOARD.neighbours(g2) and plain(n)]
            if g1 < g2 and dist(g1, g2) == 2 and len(common) >= 2:
                return g1, common[0], g2, common[1]
    raise AssertionError


def test_at_equal_distance_the_first_thief_chooses_whom_the_guard_follows():
    g = Game(("morius", "noiron", "zain"), options={}, first=2)
    gid = g.guard(near(HOME, 3))
    a, b = two_spaces_at(near(HOME, 3), 2)
    g.put(0, a)
    g.put(1, b)
    g.away(2)
    guard_turn(g)
    found = g.choice()
    assert found["kind"] == "choose" and found["player"] == 2
    assert sorted(o["pick"] for o in found["options"]) == sorted([a, b])
    g.pick(b)
    assert g.th(1)["where"] == "dungeon" and g.th(0)["where"] == "board"
    assert g.s["watch"][gid]["space"] == b


def test_a_space_with_more_thieves_is_preferred_at_equal_distance():
    g = Game(("morius", "noiron", "zain"), options={})
    gid = g.guard(near(HOME, 3))
    a, b = two_spaces_at(near(HOME, 3), 2)
    g.put(0, a)
    g.put(1, b)
    g.put(2, b)
    guard_turn(g)  # no question: the space with two thieves wins
    assert g.s["watch"][gid]["space"] == b
    assert g.th(1)["where"] == g.th(2)["where"] == "dungeon"
    assert g.th(0)["where"] == "board"


def test_the_closest_thief_beats_a_crowd_further_away():
    route = corridor(7)
    g = Game(("morius", "noiron", "zain"), options={})
    gid = g.guard(route[3])
    g.put(0, route[1])  # 2 away, alone
    g.put(1, route[6])  # 3 away, two thieves
    g.put(2, route[6])
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[1]
    assert g.th(0)["where"] == "dungeon"
    assert g.th(1)["where"] == g.th(2)["where"] == "board"


def test_a_guard_walks_to_the_crowd_but_catches_only_who_can_be_caught():
    """Book picture: the guard goes to Joanne and Jasmine rather than to Noiron, and catches
    only Joanne: Jasmine cannot be caught (here: Rope & Hook)."""
    g = Game(("joanne", "jasmine", "noiron"), options={})
    rope = g.hand(1, "rope_and_hook")[0]
    gid = g.guard(near(HOME, 3))
    a, b = two_spaces_at(near(HOME, 3), 2)
    g.put(0, b)
    g.put(1, b)
    g.put(2, a)
    g.s["initiative"] = 1
    g.declare({1: [{"card": rope, "ap": 3}]})
    g.resolve(0, "play")
    g.do({"stop": True})  # Rope & Hook: Jasmine stays, she cannot be caught this turn
    assert g.s["watch"][gid]["space"] == b
    assert g.th(0)["where"] == "dungeon"
    assert g.th(1)["where"] == "board" and g.th(2)["where"] == "board"


def test_two_guards_split_up_to_catch_as_many_thieves_as_possible():
    g = Game(("morius", "noiron", "zain"))
    s1, a, s2, b = square()
    g.put(0, a)
    g.put(1, b)
    g.away(2)
    g1 = g.guard(s1)
    g2 = g.guard(s2)
    guard_turn(g)
    assert g.th(0)["where"] == "dungeon" and g.th(1)["where"] == "dungeon"
    assert {g.s["watch"][g1]["space"], g.s["watch"][g2]["space"]} == {a, b}


def test_several_guards_at_once_the_first_thief_chooses_their_order():
    g = Game(("morius", "noiron", "zain"), options={}, first=2)
    s1, a, s2, b = square()
    g.put(0, a)
    g.put(1, b)
    g.away(2)
    g.guard(s1)
    g.guard(s2)
    guard_turn(g)
    found = g.choice()
    assert found["kind"] == "choose" and found["player"] == 2
    assert sorted(o["pick"] for o in found["options"]) == ["g01", "g02"]
    while g.kind() == "choose":
        g.do(g.choice()["default"])
    assert g.th(0)["where"] == "dungeon" and g.th(1)["where"] == "dungeon"


def test_a_guard_stops_at_the_first_thief_it_can_catch():
    """Entering a space with a thief who is not hidden, the guard stops and catches him, even
    if going on would catch another thief; a hidden thief on the way does not stop him."""
    from engine.age_of_thieves.city_guard import walk

    route = corridor(6)
    g = Game(("morius", "noiron", "zain"))
    gid = g.guard(route[0])
    g.put(1, route[1])
    g.th(1)["hidden"] = True
    g.put(0, route[2])
    g.put(2, route[4])
    walk(g.t, gid, route[4], 4)  # e.g. drawn by a Firecracker toward Zain's space
    assert g.s["watch"][gid]["space"] == route[2]
    assert g.th(0)["where"] == "dungeon"
    assert g.th(1)["where"] == "board" and g.th(2)["where"] == "board"


def test_a_guard_catches_everyone_on_the_space_it_enters():
    route = corridor(4)
    g = Game(("morius", "noiron", "zain"))
    gid = g.guard(route[0])
    for p in range(3):
        g.put(p, route[2])
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[2]
    assert all(g.th(p)["where"] == "dungeon" for p in range(3))


def test_guard_catches_a_thief_on_its_own_space_at_its_initiative():
    g = Game()
    gid = g.guard(HOME)
    g.put(0, HOME)
    guard_turn(g)
    assert g.th(0)["where"] == "dungeon" and g.s["watch"][gid]["space"] == HOME


def test_a_guard_does_not_end_on_another_guards_space():
    route = corridor(5)
    g = Game()
    gid = g.guard(route[0])
    g.guard(route[3], gid="g09")
    g.s["flags"]["g09"] = {"blind": True}
    g.put(0, route[4])
    g.th(0)["protected"] = True  # detected, but cannot be caught
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[2]


def test_guards_chase_a_thief_who_cannot_be_caught_and_stop_on_his_space():
    """Rope & Hook: the guards still come for him; they stop on his space."""
    route = corridor(4)
    g = Game(("morius", "noiron"))
    gid = g.guard(route[0])
    g.put(0, route[2])
    g.th(0)["protected"] = True
    guard_turn(g)
    assert g.s["watch"][gid]["space"] == route[2]
    assert g.th(0)["where"] == "board"


def find_fire_detour():
    """A guard space, a thief space 2 away with every shortest path through one middle space,
    and a longer way around."""
    for a in BOARD.spaces:
        if "dungeon" in BOARD.spaces[a].kinds:
            continue
        for mid in BOARD.neighbours(a):
            for b in BOARD.neighbours(mid):
                if dist(a, b) != 2 or b == a:
                    continue
                middles = [m for m in BOARD.neighbours(a) if dist(m, b) == 1]
                if middles != [mid]:
                    continue
                g_d = BOARD.graph.copy()
                g_d.remove_node(mid)
                import networkx as nx
                try:
                    around = nx.shortest_path_length(g_d, a, b)
                except nx.NetworkXNoPath:
                    continue
                if around <= 4:
                    return a, mid, b, around
    raise AssertionError


def test_fire_on_the_path_stops_the_guard_before_it():
    """Book picture: the captain detects Zain and Jasmine; she is closer, so he moves toward
    her, but a fire marker on the path stops him before it: he cannot catch her (he does not
    walk around, and he does not turn to Zain)."""
    a, mid, b, around = find_fire_detour()
    g = Game(("jasmine", "zain"))
    cid = g.guard(a, kind="captain")
    g.put(0, b)
    far = next(sp for sp in BOARD.spaces if dist(a, sp) == 4 and dist(b, sp) >= 4
               and "dungeon" not in BOARD.spaces[sp].kinds)
    g.put(1, far)
    g.s["fire"] = [mid]
    guard_turn(g)
    assert g.th(0)["where"] == "board" and g.th(1)["where"] == "board"
    assert g.s["watch"][cid]["space"] == a  # stopped before the fire: it is next to him
    assert around <= 4


def test_fire_does_not_stop_detection():
    route = corridor(4)
    g = Game()
    gid = g.guard(route[0])
    g.put(0, route[3])
    g.s["fire"] = [route[1]]
    assert detected(g.t, gid) == [0]


# --- new guards ----------------------------------------------------------------------------
def test_a_new_guard_on_a_thiefs_space_catches_him():
    from engine.age_of_thieves.city_guard import place_watch

    g = Game()
    g.put(0, spaces_of("imperial", "N")[0])
    place_watch(g.t, "guard", spaces_of("imperial", "N")[0])
    assert g.th(0)["where"] == "dungeon"


def test_no_guard_left_in_the_pool_one_on_the_board_is_moved():
    """Component limits: with all 20 guards on the board, placing a new one repositions a
    guard already on the board (the first thief picks which)."""
    from engine.age_of_thieves.city_guard import place_watch
    from engine.age_of_thieves.machine import MACHINE
    from engine.age_of_thieves.phases import after_the_stack

    g = Game(options={}, first=1)
    ids = g.fill_guards(20)
    target = next(sp for sp in BOARD.of_kind("guardhouse") if not g.t.has_figure(sp))
    t = g.t
    place_watch(t, "guard", target)
    MACHINE.run(t, after_the_stack)
    found = g.choice()
    assert found["kind"] == "choose" and found["player"] == 1
    assert sorted(o["pick"] for o in found["options"]) == sorted(ids)
    g.pick("g07")
    assert g.s["watch"]["g07"]["space"] == target
    assert len([w for w in g.s["watch"].values() if w["kind"] == "guard"]) == 20


def test_a_new_guard_on_an_occupied_space_goes_to_the_nearest_free_one():
    from engine.age_of_thieves.city_guard import place_watch
    from engine.age_of_thieves.machine import MACHINE
    from engine.age_of_thieves.phases import after_the_stack

    g = Game(options={}, first=0)
    g.guard(spaces_of("imperial", "N")[0])
    t = g.t
    place_watch(t, "guard", spaces_of("imperial", "N")[0])
    MACHINE.run(t, after_the_stack)
    found = g.choice()
    spots = [o["pick"] for o in found["options"]]
    assert all(dist(spaces_of("imperial", "N")[0], sp) == 1 for sp in spots)
    g.pick(spots[-1])
    assert g.t.watch_at(spots[-1]) is not None


def test_the_guards_choose_their_targets_together_to_catch_both_thieves():
    """Calm: g01 on E05 is 2 from the first thief on E11 and from another thief on N33; g02 on
    E19 hears only E11 (3; N33 is 7). Alone, g01 would follow the first thief's default to
    E11 and g02 would catch no one; together g01 goes to N33 and g02 to E11: both are caught."""
    g = Game(("morius", "noiron"), first=0)
    g.put(0, "E11")
    g.put(1, "N33")
    g1, g2 = g.guard("E05"), g.guard("E19")
    guard_turn(g)
    assert g.th(0)["where"] == g.th(1)["where"] == "dungeon"
    assert (g.s["watch"][g1]["space"], g.s["watch"][g2]["space"]) == ("N33", "E11")


def test_together_the_first_thief_is_asked_only_among_the_best_targets():
    """The first thief decides the order of the two guards; g01 going first is not asked
    whom to follow: only N33 lets the guards catch both."""
    g = Game(("morius", "noiron", "zain"), options={}, first=2)
    g.put(0, "E11")
    g.put(1, "N33")
    g.away(2)
    g1, g2 = g.guard("E05"), g.guard("E19")
    guard_turn(g)
    found = g.choice()
    assert found["player"] == 2 and sorted(o["pick"] for o in found["options"]) == [g1, g2]
    g.pick(g1)
    assert g.choice()["prompt"]["msg"] != "watch_target_ask"  # the turn has gone on
    assert g.th(0)["where"] == g.th(1)["where"] == "dungeon"


def test_a_hidden_thief_does_not_make_a_crowd():
    """German book, the picture of Joanne and Jasmine: Jasmine is hidden, so her space does not
    count as the one with more thieves; at equal distance the first thief chooses."""
    g, gid, a, b = hidden_crowd()
    found = g.choice()
    assert found["kind"] == "choose" and found["player"] == 3
    assert sorted(o["pick"] for o in found["options"]) == sorted([a, b])
    g.pick(a)
    assert g.th(2)["where"] == "dungeon" and g.s["watch"][gid]["space"] == a
    assert g.th(0)["where"] == g.th(1)["where"] == "board"
