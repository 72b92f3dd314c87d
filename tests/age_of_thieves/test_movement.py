"""Types of Movement: Sneak and Dash, pick-ups on the way, sewers, Known Neighborhood, fire,
entering a guard's space, moving other figures (Beacon) and repositioning (Forged Orders)."""

from aot_helpers import (
    BOARD,
    HOME,
    Game,
    corridor,
    dist,
    near,
    path,
    plain,
    sewer_approach,
    spaces_of,
)


def moving(g: Game, p: int, start: str, ap: int = 5, extra=None) -> None:
    """Player p on ``start`` declares Move (and ``extra`` entries, by default Ambush with 1 AP
    so that the turn pauses after the move, before the guard's initiative 1)."""
    g.put(p, start)
    g.s["initiative"] = 1
    if extra is None:
        extra = [{"card": "ambush", "ap": 1}]
    g.declare({p: [{"card": "move", "ap": ap}, *extra]})


def steps_offered(g: Game) -> set[str]:
    return {o["step"] for o in g.options() if "step" in o}


# --- Sneak and Dash ----------------------------------------------------------------------
def test_sneak_moves_up_to_four_spaces():
    route = corridor(6)
    g = Game()
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(*route[1:5], stop=False)
    assert g.th(0)["space"] == route[4]
    assert g.kind() != "move"  # four spaces walked: the move is over


def test_a_figure_may_move_less_or_not_at_all():
    route = corridor(3)
    g = Game()
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    assert set(BOARD.neighbours(route[0])) == steps_offered(g)
    g.do({"stop": True})
    assert g.th(0)["space"] == route[0]


def test_a_figure_may_change_direction():
    route = corridor(3)
    g = Game()
    moving(g, 0, route[1])
    g.resolve(0, "sneak")
    g.walk(route[2], route[1], route[0])
    assert g.th(0)["space"] == route[0]


def test_dash_moves_up_to_six_and_ends_the_other_cards():
    route = corridor(8)
    g = Game()
    moving(g, 0, route[0], extra=[{"card": "ambush", "ap": 2}])
    g.resolve(0, "dash")
    assert [d["state"] for d in g.th(0)["declared"]] == ["resolved", "resigned"]
    g.walk(*route[1:7], stop=False)
    assert g.kind() != "move"
    assert g.th(0)["space"] == route[6]


def test_dash_picks_nothing_up_reveals_nothing_steals_nothing():
    route = corridor(5)
    g = Game()
    g.jewel(route[1], "yellow")
    g.token(route[2], "thiefs_stash")
    g.put(1, route[3])
    g.th(1).update(jewels=["green"], theft_marker=True)
    moving(g, 0, route[0])
    g.resolve(0, "dash")
    for space in route[1:4]:
        g.do({"step": space})
        assert all("step" in o or "stop" in o for o in g.options()), g.options()
    g.do({"stop": True})
    assert g.th(0)["jewels"] == [] and g.s["jewels"][route[1]] == ["yellow"]
    assert route[2] in g.s["tokens"] and g.th(1)["jewels"] == ["green"]


def test_dash_is_not_offered_after_another_card_was_resolved():
    g = Game()
    guild = g.hand(0, "guild_contacts")[0]
    moving(g, 0, HOME, ap=2, extra=[{"card": guild, "ap": 6}])
    g.resolve(1, "play")
    modes = {o["as"] for o in g.options()}
    assert modes == {"sneak", "resign"}


def test_sneak_collects_jewels_and_reveals_tokens_on_the_way():
    """A thief need not end his move on a jewel or token to collect or reveal it."""
    route = corridor(5)
    g = Game()
    g.jewel(route[1], "yellow")
    g.jewel(route[1], "green")
    g.token(route[2], "trinkets")
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.do({"step": route[1]})
    assert {"take": "green"} in g.options() and {"take": "yellow"} in g.options()
    g.do({"take": "green"})
    g.do({"take": "yellow"})
    assert route[1] not in g.s["jewels"]
    g.do({"step": route[2]})
    g.do({"reveal": route[2]})
    g.walk(route[3], route[4])
    assert sorted(g.th(0)["jewels"]) == ["green", "trinkets", "yellow"]
    assert g.th(0)["space"] == route[4]


def test_any_number_of_thieves_share_a_space():
    route = corridor(3)
    g = Game(("morius", "noiron", "zain"))
    g.put(1, route[2])
    g.put(2, route[2])
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(route[1], route[2])
    assert {g.th(p)["space"] for p in range(3)} == {route[2]}


# --- Known Neighborhood ------------------------------------------------------------------
def test_known_neighborhood_gives_one_more_space_once_per_move():
    route = corridor(8)
    g = Game()
    g.th(0)["tokens"] = ["known_neighborhood", "known_neighborhood"]
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(*route[1:5], stop=False)
    assert {"kn": True} in g.options()
    g.do({"kn": True})
    assert {"kn": True} not in g.options()  # only one token per movement
    g.walk(route[5], stop=False)
    assert g.kind() != "move"
    assert g.th(0)["space"] == route[5]
    assert g.th(0)["tokens"] == ["known_neighborhood"]


def test_known_neighborhood_works_with_dash():
    route = corridor(9)
    g = Game()
    g.th(0)["tokens"] = ["known_neighborhood"]
    moving(g, 0, route[0])
    g.resolve(0, "dash")
    g.walk(*route[1:7], stop=False)
    g.do({"kn": True})
    g.walk(route[7])
    assert g.th(0)["space"] == route[7]


def test_known_neighborhood_works_after_the_sewers():
    start, entrance, exit_ = sewer_approach()
    g = Game(("zain", "noiron"))
    g.th(0)["tokens"] = ["known_neighborhood"]
    moving(g, 0, start)
    g.resolve(0, "sneak")
    g.do({"step": entrance})
    g.do({"sewer": exit_})
    assert steps_offered(g) == set()
    g.do({"kn": True})
    nxt = BOARD.neighbours(exit_)[0]
    g.walk(nxt)
    assert g.th(0)["space"] == nxt


# --- Sewers ------------------------------------------------------------------------------
def test_zain_sewer_example():
    """Zain moves 2 spaces onto a sewer entrance, goes down and comes up on a sewer exit with
    a yellow jewel: his move ends there (2 spaces unused), but he collects the jewel."""
    _, entrance, exit_ = sewer_approach()
    start = next(sp for sp in sorted(BOARD.spaces) if dist(sp, entrance) == 2 and plain(sp)
                 and plain(path(sp, entrance)[1]))
    route = path(start, entrance)
    g = Game(("zain", "noiron"))
    g.jewel(exit_, "yellow")
    moving(g, 0, start)
    g.resolve(0, "sneak")
    g.do({"step": route[1]})
    assert not any("sewer" in o for o in g.options())
    g.do({"step": entrance})
    exits = {o["sewer"] for o in g.options() if "sewer" in o}
    assert exits == set(spaces_of("sewer_exit"))
    g.do({"sewer": exit_})
    assert g.th(0)["space"] == exit_
    assert steps_offered(g) == set()
    assert {"take": "yellow"} in g.options()
    g.do({"take": "yellow"})  # nothing else to do: the move ends by itself
    assert g.kind() == "resolve"
    assert g.th(0)["jewels"] == ["yellow"] and g.th(0)["space"] == exit_


def test_sewers_are_used_only_by_entering_the_entrance():
    g = Game(("zain", "noiron"))
    moving(g, 0, sewer_approach()[1])
    g.resolve(0, "sneak")
    assert not any("sewer" in o for o in g.options())


def test_flooded_sewers_close_them():
    g = Game(("zain", "noiron"))
    g.set_event("flooded_sewers")
    start, entrance, _ = sewer_approach()
    moving(g, 0, start)
    g.resolve(0, "sneak")
    g.do({"step": entrance})
    assert not any("sewer" in o for o in g.options())


def test_manhole_and_ladder_tokens_become_sewer_spaces():
    g = Game(("zain", "noiron"))
    route = corridor(3, "S")
    ladder = near(HOME, 3)
    g.s["features"] = {route[1]: "manhole", ladder: "ladder"}
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.do({"step": route[1]})
    exits = {o["sewer"] for o in g.options() if "sewer" in o}
    assert ladder in exits and set(spaces_of("sewer_exit")) <= exits


# --- Fire and the city guard on the way --------------------------------------------------
def test_fire_blocks_a_space_for_moving_thieves():
    route = corridor(3)
    g = Game()
    g.s["fire"] = [route[1]]
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    assert route[1] not in steps_offered(g)


def test_zain_walks_through_fire():
    route = corridor(3)
    g = Game(("zain", "noiron"))
    g.s["fire"] = [route[1]]
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(route[1], route[2])
    assert g.th(0)["space"] == route[2]


def test_entering_a_guard_space_is_caught_at_once():
    route = corridor(5)
    g = Game()
    g.guard(route[2])
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(route[1], route[2], stop=False)
    assert g.th(0)["where"] == "dungeon"
    assert g.kind() != "move"


def test_a_hidden_thief_crosses_a_guard_space():
    route = corridor(5)
    g = Game()
    cloak = g.hand(0, "reflective_cloak")[0]
    g.guard(route[2])
    moving(g, 0, route[0], ap=4, extra=[{"card": cloak, "ap": 6}])
    g.resolve(1, "play")
    g.resolve(0, "sneak")
    g.walk(route[1], route[2], route[3])
    assert g.th(0)["where"] == "board" and g.th(0)["space"] == route[3]


def test_a_thief_starting_on_a_guard_space_may_walk_away():
    """Zain starts on the guard's space; the guard's initiative is 4 and his Move 5 AP: he
    leaves before the guard acts. Staying put (moving 0 spaces) does not get him caught by
    the Move either; the guard catches him only on its initiative."""
    route = corridor(8)
    for walk_away in (True, False):
        g = Game(("zain", "noiron"))
        g.guard(route[0])
        g.put(0, route[0])
        g.s["initiative"] = 4
        g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 1}]})
        g.resolve(0, "sneak")
        if walk_away:
            g.walk(*route[1:5])
        else:
            g.do({"stop": True})
            log = g.logged()
            # not caught by his own Move: the guard catches him when it acts
            assert log.index("city_guard_acts") < log.index("caught")
        # the guard acts at 4; then the Ambush at 1 comes up if Zain is free
        if walk_away:
            assert g.th(0)["where"] == "board" and g.th(0)["space"] == route[4]
            assert g.kind() == "resolve"
        else:
            assert g.th(0)["where"] == "dungeon"


def test_noiron_passes_a_guard_but_is_caught_if_he_ends_there():
    route = corridor(5)
    g = Game(("noiron", "zain"))
    g.guard(route[2])
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(route[1], route[2], route[3])
    assert g.th(0)["where"] == "board" and g.th(0)["space"] == route[3]

    g = Game(("noiron", "zain"))
    g.guard(route[2])
    moving(g, 0, route[0])
    g.resolve(0, "sneak")
    g.walk(route[1], route[2])
    assert g.th(0)["where"] == "dungeon"


# --- moving and repositioning other figures ----------------------------------------------
def test_beacon_example_guard_catches_jasmine_on_its_third_space():
    """Joanne resolves Beacon: a guard within 5 moves up to 4 spaces. On the third space he
    meets Jasmine, catches her, and stops on her space."""
    route = corridor(7)
    g = Game(("joanne", "jasmine"))
    beacon = g.hand(0, "beacon")[0]
    gid = g.guard(route[1])
    g.put(0, route[0])
    g.put(1, route[4])
    g.s["initiative"] = 1
    g.declare({0: [{"card": beacon, "ap": 5}, {"card": "ambush", "ap": 1}]})
    g.resolve(0, "play")  # the only guard in range: no need to pick it
    assert g.top()["mover"] == gid
    g.walk(route[2], route[3], route[4], stop=False)
    assert g.th(1)["where"] == "dungeon"
    assert g.s["watch"][gid]["space"] == route[4]
    assert g.kind() == "resolve"  # the guard stopped: its move is over


def test_a_moved_guard_catches_every_thief_it_walks_onto():
    """Even the thief who moves the guard is caught if he walks it onto his own space."""
    route = corridor(5)
    g = Game(("joanne", "jasmine"))
    beacon = g.hand(0, "beacon")[0]
    gid = g.guard(route[0])
    g.put(0, route[2])
    g.s["initiative"] = 1
    g.declare({0: [{"card": beacon, "ap": 5}, {"card": "ambush", "ap": 1}]})
    g.resolve(0, "play")
    g.walk(route[1], route[2], stop=False)
    assert g.th(0)["where"] == "dungeon" and g.s["watch"][gid]["space"] == route[2]


def test_beacon_reaches_guards_within_five_only():
    route = corridor(8)
    g = Game(("joanne", "jasmine"))
    beacon = g.hand(0, "beacon")[0]
    near = g.guard(route[5])
    g.guard(route[6])
    g.put(0, route[0])
    g.s["initiative"] = 1
    g.declare({0: [{"card": beacon, "ap": 5}, {"card": "move", "ap": 1}]})
    g.resolve(0, "play")
    # one guard in range: the machine takes it, and asks where it goes
    assert g.kind() == "move" and g.top()["mover"] == near


def test_forged_orders_example_repositions_without_catching():
    """Morius sends a guard to a guardhouse without a figure. Zain stands between: the guard
    is repositioned, not moved, so Zain is not caught."""
    g = Game(("morius", "zain"))
    orders = g.hand(0, "forged_orders")[0]
    route = corridor(5, "N")
    gid = g.guard(route[0])
    g.put(0, route[4])
    g.put(1, route[2])
    taken = spaces_of("guardhouse", "E")[0]
    g.guard(taken)  # an occupied guardhouse is not a target
    g.s["initiative"] = 1
    g.declare({0: [{"card": orders, "ap": 5}, {"card": "move", "ap": 2}]})
    g.resolve(0, "play")
    found = g.choice()
    houses = {o["pick"] for o in found["options"]}
    assert taken not in houses and route[0] not in houses
    assert houses == {sp for sp in BOARD.of_kind("guardhouse")
                      if sp not in (taken, route[0])}
    target = max(houses, key=lambda sp: (dist(route[0], sp), sp))
    g.pick(target)
    assert g.s["watch"][gid]["space"] == target
    assert g.th(1)["where"] == "board"


def test_forged_orders_only_reaches_guards_in_the_thiefs_district():
    g = Game(("morius", "zain"))
    orders = g.hand(0, "forged_orders")[0]
    inside = g.guard(near(HOME, 3))
    g.guard(spaces_of("guardhouse", "E")[0])
    g.guard(spaces_of("guardhouse", "P")[0], kind="captain")
    g.put(0, HOME)
    g.s["initiative"] = 1
    g.declare({0: [{"card": orders, "ap": 5}, {"card": "move", "ap": 2}]})
    g.resolve(0, "play")
    assert g.top()["then"]["gid"] == inside


def test_elixir_of_speed_moves_five_with_pickups():
    route = corridor(7)
    g = Game()
    elixir = g.hand(0, "elixir_of_speed")[0]
    g.jewel(route[5], "yellow")
    g.put(0, route[0])
    g.s["initiative"] = 1
    g.declare({0: [{"card": elixir, "ap": 3}]})
    g.resolve(0, "play")
    g.walk(*route[1:6], stop=False)
    assert steps_offered(g) == set()
    g.do({"take": "yellow"})
    assert g.th(0)["jewels"] == ["yellow"]


def test_roar_of_the_forges_and_barricades_change_sneak_and_dash():
    route = corridor(9)
    for event, mode, reach in (("roar_of_the_forges", "sneak", 5), ("barricades", "sneak", 3),
                               ("barricades", "dash", 5)):
        g = Game()
        if event == "barricades":
            g.set_alarm("N")
        g.set_event(event)
        moving(g, 0, route[0])
        g.resolve(0, mode)
        g.walk(*route[1:reach + 1], stop=False)
        assert g.kind() != "move", event
