"""Every action card kind, every special card and every thief's ability, on a concrete board;
with the book's examples for the special card choice (Jasmine) and for Dash/Cunning Plan
exclusivity (Noiron)."""

import pytest
from aot_helpers import BOARD, HOME, Game, corridor, dist, near, sewer_approach, spaces_of

from engine.age_of_thieves import content
from engine.age_of_thieves.city_guard import detected


def play(g: Game, p: int, kind: str, ap: int = 5, hold: bool = True, others=None) -> str:
    """Thief p declares a general card of ``kind`` (and, with ``hold``, a 1 AP Ambush so the
    turn stays open afterwards), others declare ``others``; the card resolves at once."""
    held = [c for c in g.th(p)["hand"] if g.t.kind(c) == kind]
    card = held[0] if held else g.hand(p, kind)[0]
    g.s["initiative"] = 1
    entries = [{"card": card, "ap": ap}] + ([{"card": "ambush", "ap": 1}] if hold else [])
    g.declare({p: entries, **(others or {})})
    found = g.choice()
    assert found["kind"] == "resolve" and found["player"] == p, found
    g.do({"card": 0, "as": "play"})
    return card


def targets(g: Game) -> list:
    found = g.choice()
    assert found["kind"] == "choose", found
    return [o["pick"] for o in found["options"]]


# --- Basic cards ---------------------------------------------------------------------------
def test_wits_draws_one_then_discards_one():
    g = Game()
    kept, gone = g.hand(0, "beacon", "cog_rod")
    top = g.s["deck"][-1]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "ambush", "ap": 2}, {"card": "move", "ap": 1}]})
    g.resolve(0, "wits")
    assert g.kind() == "discard" and top in g.th(0)["hand"]
    g.do({"discard": gone})
    assert sorted(g.th(0)["hand"]) == sorted([kept, top]) and gone in g.s["discard"]


def test_cunning_plan_two_cards_and_two_temporary_ap_next_declaration():
    g = Game()
    g.s["initiative"] = 1
    g.declare({0: [{"card": "ambush", "ap": 2}, {"card": "move", "ap": 1}]})
    g.resolve(0, "plan")  # the Move is resigned with it: the turn is over
    assert g.s["turn"] == 2
    # Planning drew 1, the plan 2 more; 10 + 2 AP
    assert len(g.th(0)["hand"]) == 3 and g.th(0)["ap"] == 12


def test_noiron_ambush_and_cog_rod_exclusivity_example():
    """Noiron declared Ambush (1 AP) and Cog Rod (6 AP). At 6 he may use the Cog Rod (then
    only Wits is left for his Ambush) or resign it (then Cunning Plan is open)."""
    for use_cog, modes in ((True, {"wits", "resign"}), (False, {"wits", "plan", "resign"})):
        g = Game(("noiron", "morius"))
        cog = g.hand(0, "cog_rod")[0]
        g.put(0, HOME)
        g.away(1)  # the rival carried the jewel out of reach at initiative 8
        g.s["initiative"] = 1
        g.declare({0: [{"card": "ambush", "ap": 1}, {"card": cog, "ap": 6}]})
        g.resolve(1, "play" if use_cog else "resign")
        assert {o["as"] for o in g.options()} == modes


# --- General cards -------------------------------------------------------------------------
def test_smoke_grenade_covers_a_space_and_its_neighbours():
    g = Game(("nikolai", "jasmine"))
    g.put(0, HOME)
    g.away(1)
    play(g, 0, "smoke_grenade")
    assert sorted(targets(g)) == sorted(sp for sp in BOARD.spaces if dist(HOME, sp) is not None
                                        and dist(HOME, sp) <= 3)
    aim = near(HOME, 2)
    g.pick(aim)
    assert sorted(g.s["smoke"]) == sorted([aim, *BOARD.neighbours(aim)])


def test_fire_grenade_only_on_a_free_space_in_range():
    g = Game(("nikolai", "jasmine"))
    rival, guard = near(HOME, 1), near(HOME, 1, n=1)
    g.put(0, HOME)
    g.put(1, rival)
    g.guard(guard)
    play(g, 0, "fire_grenade")
    options = targets(g)
    assert rival not in options and guard not in options and HOME not in options
    assert all(dist(HOME, sp) <= 4 for sp in options)
    aim = near(HOME, 2)
    g.pick(aim)
    assert g.s["fire"] == [aim]


def test_noise_grenade_lures_guards_two_spaces():
    route = corridor(9)
    g = Game(("noiron", "morius"))
    gid = g.guard(route[4])
    far = g.guard(route[8])  # 5 from the bang: not lured
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "noise_grenade")
    g.pick(route[2])  # 2 from the guard, 6 from the far one
    assert g.s["watch"][gid]["space"] == route[2]
    assert g.s["watch"][far]["space"] == route[8]


def test_firecracker_lures_guards_and_captains_three_spaces():
    route = corridor(9)
    g = Game(("noiron", "morius"))
    gid = g.guard(route[4])
    cid = g.guard(route[8], kind="captain")
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "firecracker")
    g.pick(route[5])
    assert g.s["watch"][gid]["space"] == route[5]
    assert g.s["watch"][cid]["space"] == route[6]  # stops before the other guard's space


def test_firecracker_a_guard_made_to_move_catches_the_thief_on_its_space():
    """A thief sharing a space with a guard at the start of the turn is safe until the guard's
    initiative, but a Firecracker that makes the guard move lets it catch him as normal."""
    route = corridor(8)
    g = Game(("noiron", "zain"))
    gid = g.guard(route[4])
    g.put(1, route[4])
    g.put(0, route[0])
    play(g, 0, "firecracker")
    g.pick(route[2])
    assert g.th(1)["where"] == "dungeon"
    assert g.s["watch"][gid]["space"] == route[4]


def test_beacon_a_guard_made_to_move_catches_the_thief_on_its_space():
    """The same rule for a guard moved by a card: the thief who shares his space is caught
    as soon as the guard is made to move, and the guard stays there."""
    route = corridor(7)
    g = Game(("joanne", "zain"))
    gid = g.guard(route[2])
    g.put(1, route[2])
    g.put(0, route[0])
    play(g, 0, "beacon")
    assert g.th(1)["where"] == "dungeon" and g.s["watch"][gid]["space"] == route[2]
    assert g.kind() != "move"


def test_beacon_moves_one_guard_up_to_four():
    route = corridor(7)
    g = Game(("joanne", "jasmine"))
    gid = g.guard(route[1])
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "beacon")
    g.walk(*route[2:6])
    assert g.s["watch"][gid]["space"] == route[5]


def test_poisonous_bola_sets_four_ap_aside_never_below_two():
    g = Game(("zain", "noiron", "jasmine"))
    g.put(0, HOME)
    g.put(1, near(HOME, 1))
    g.put(2, near(HOME, 2))
    play(g, 0, "poisonous_bola", hold=False)
    assert sorted(targets(g)) == ["T1", "T2"]
    g.pick("T1")
    g.answer_pending()
    assert g.th(1)["ap"] == 6 and g.th(0)["ap"] == 10
    # in the dungeon (2 AP) the bola cannot take any
    g = Game(("zain", "noiron"))
    g.put(0, HOME)
    g.put(1, near(HOME, 1))
    g.th(1)["bola_next"] = 4
    g.th(1)["caught"] = True
    g.declare({})
    g.answer_pending()
    assert g.th(1)["ap"] == 2


def test_automatic_snare_holds_a_thief_in_place():
    g = Game(("zain", "noiron"))
    g.put(0, HOME)
    g.put(1, near(HOME, 1))
    play(g, 0, "automatic_snare", ap=6, others={1: [{"card": "move", "ap": 3}]})
    assert g.th(1)["immobile"]  # the only figure in range
    g.resolve(0, "sneak")  # Noiron's Move: he cannot take a step
    assert not any("step" in o for o in g.options())


def test_automatic_snare_a_snared_guard_does_not_act_and_captains_are_immune():
    route = corridor(4)
    g = Game(("zain", "noiron"))
    gid = g.guard(route[2])
    cid = g.guard(route[3], kind="captain")
    g.s["flags"][cid] = {"blind": True}
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "automatic_snare", ap=6, hold=False)
    # the guard was the only choice (a captain cannot be snared): it stayed put at its
    # initiative, so Zain, 2 spaces away, is free
    assert g.s["turn"] == 2
    assert g.s["watch"][gid]["space"] == route[2] and g.th(0)["where"] == "board"


def test_debilitating_gas_moves_each_guard_in_range_up_to_two():
    route = corridor(9)
    g = Game(("zain", "noiron"))
    g1 = g.guard(route[2])
    g2 = g.guard(route[5])
    g3 = g.guard(route[8])  # 8 away: out of range
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "debilitating_gas")
    movers = []
    while g.kind() == "move":
        movers.append(g.top()["mover"])
        if g.top()["mover"] == g1:
            g.walk(route[3])  # one space of the two
        else:
            g.do({"stop": True})
    assert sorted(movers) == sorted([g1, g2])
    assert g.s["watch"][g1]["space"] == route[3]
    assert g.s["watch"][g2]["space"] == route[5] and g.s["watch"][g3]["space"] == route[8]


def test_rope_and_hook_cannot_be_caught_then_moves_two():
    route = corridor(5)
    g = Game(("zain", "noiron"))
    g.guard(route[2])
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "rope_and_hook", hold=False)
    g.walk(route[1], route[2])  # onto the guard: not caught
    assert g.th(0)["where"] == "board" and g.th(0)["space"] == route[2]


def test_cog_rod_range_two():
    g = Game(("noiron", "morius", "zain"))
    g.put(0, HOME)
    g.put(1, near(HOME, 2))
    g.put(2, near(HOME, 3))
    g.th(1)["jewels"] = ["green"]
    play(g, 0, "cog_rod")
    assert g.th(1)["theft_marker"] and not g.th(2)["theft_marker"]


def test_mechanical_rats_reach_the_whole_district():
    g = Game(("noiron", "morius", "zain"))
    north = [sp for sp in BOARD.in_district("N") if not BOARD.spaces[sp].kinds]
    far = max(north, key=lambda sp: dist(HOME, sp))
    g.put(0, HOME)
    g.put(1, far)
    g.put(2, spaces_of("start", "E")[0])
    play(g, 0, "mechanical_rats")
    assert g.th(1)["theft_marker"] and not g.th(2)["theft_marker"]


def test_purse_of_silver_a_bribed_guard_or_captain_detects_no_one():
    route = corridor(4)
    g = Game(("zain", "noiron"))
    cid = g.guard(route[2], kind="captain")
    g.put(0, route[0])
    g.away(1)
    play(g, 0, "purse_of_silver", hold=False)  # the captain alone in range: chosen
    assert g.s["watch"][cid]["space"] == route[2]
    assert g.th(0)["where"] == "board"


def test_secret_passage_to_a_hideout_in_range():
    g = Game(("zain", "noiron"))
    hideout = spaces_of("hideout", "N")[0]
    start = near(hideout, 5, same_district=False)
    g.put(0, start)
    g.away(1)
    play(g, 0, "secret_passage")
    options = targets(g) if g.kind() == "choose" else []
    reachable = [h for h in spaces_of("hideout") if dist(start, h) <= 6]
    if len(reachable) > 1:
        assert sorted(options) == sorted(reachable)
        g.pick(hideout)
    assert g.th(0)["space"] == hideout and g.t.hidden(0)


def test_pole_vault_to_a_free_space_within_two():
    route = corridor(4)
    g = Game(("zain", "noiron"))
    g.put(0, route[0])
    g.guard(route[1])
    g.put(1, route[2])
    play(g, 0, "pole_vault")
    options = targets(g)
    assert route[1] not in options and route[2] not in options and route[0] not in options
    assert all(dist(route[0], sp) <= 2 for sp in options)
    assert route[3] not in options  # 3 away


def test_stolen_uniform_protects_then_goes_to_a_guardhouse_even_a_manned_one():
    g = Game(("zain", "noiron"))
    house = spaces_of("guardhouse", "N")[0]
    gid = g.guard(house)
    start = near(house, 3)
    g.put(0, start)
    g.away(1)
    play(g, 0, "stolen_uniform")
    assert house in targets(g)
    g.pick(house)
    assert g.th(0)["space"] == house and g.th(0)["protected"]
    g.resolve(1, "resign")
    assert g.th(0)["where"] == "board" and g.s["watch"][gid]["space"] == house


def test_mirror_trick_swaps_with_a_guard_and_nobody_is_caught():
    route = corridor(4)
    g = Game(("zain", "noiron"))
    gid = g.guard(route[2])
    g.put(0, route[0])
    g.put(1, route[3])
    g.th(1)["hidden"] = True
    play(g, 0, "mirror_trick")
    assert sorted(targets(g)) == sorted(["T1", gid])
    g.pick(gid)
    assert g.th(0)["space"] == route[2] and g.s["watch"][gid]["space"] == route[0]
    assert g.th(0)["where"] == "board"


def test_mesmerist_pendant_walks_a_rival_onto_a_guard():
    route = corridor(4)
    g = Game(("zain", "noiron"))
    g.put(0, route[0])
    g.put(1, route[1])
    g.guard(route[3])
    g.s["flags"] = {}
    play(g, 0, "mesmerist_pendant", hold=False)
    g.walk(route[2], route[3], stop=False)
    assert g.th(1)["where"] == "dungeon"


def test_anonymous_tip_puts_a_new_guard_on_a_free_guardhouse_in_the_district():
    g = Game(("zain", "noiron"))
    g.put(0, HOME)
    g.away(1)
    houses = [sp for sp in spaces_of("guardhouse", "N")]
    g.guard(houses[0])
    play(g, 0, "anonymous_tip")
    assert sorted(targets(g)) == sorted(houses[1:])
    g.pick(houses[1])
    assert g.t.watch_at(houses[1]) is not None and len(g.s["watch"]) == 2


def test_pickpocket_an_adjacent_thief_hands_over_a_card_of_his_choice():
    g = Game(("zain", "noiron"))
    cards = g.hand(1, "beacon", "cog_rod")
    g.put(0, HOME)
    g.put(1, near(HOME, 1))
    play(g, 0, "pickpocket")
    found = g.choice()
    assert found["kind"] == "give" and found["player"] == 1
    g.do({"give": cards[1]})
    assert g.th(0)["hand"] == [cards[1]] and g.th(1)["hand"] == [cards[0]]


def test_guild_contacts_draws_two():
    g = Game()
    top = g.s["deck"][-2:]
    play(g, 0, "guild_contacts")
    assert sorted(g.th(0)["hand"]) == sorted(top)


def test_pocket_chronometer_draws_one_and_one_temporary_ap_next_turn():
    g = Game()
    play(g, 0, "pocket_chronometer", hold=False)
    assert len(g.th(0)["hand"]) == 2  # the card drawn + the Planning draw of turn 2
    assert g.th(0)["ap"] == 11


def test_reflective_cloak_hides_for_the_turn():
    g = Game()
    play(g, 0, "reflective_cloak")
    assert g.t.hidden(0)


def test_elixir_and_forged_orders_are_played_too():
    g = Game()
    g.put(0, HOME)
    play(g, 0, "elixir_of_speed")
    assert g.kind() == "move" and g.top()["left"] == 5
    g = Game()
    g.put(0, HOME)
    gid = g.guard(near(HOME, 3))
    play(g, 0, "forged_orders")
    assert g.top()["then"]["gid"] == gid


def test_every_general_card_kind_is_covered_here():
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    missing = [k for k in set(content.general_deck()) if f'"{k}"' not in source]
    assert missing == []


# --- Special cards -------------------------------------------------------------------------
def declare_special(g: Game, p: int, carried_kind: str, ap: int = 5, hold: bool = True):
    carried = g.hand(p, carried_kind)[0]
    special = content.thieves()[g.th(p)["id"]]["special"]
    g.s["initiative"] = 1
    entries = [{"card": special, "carry": carried, "ap": ap}]
    if hold:
        entries.append({"card": "ambush", "ap": 1})
    g.declare({p: entries})
    return special, carried


def test_jasmine_example_seduction_carrying_beacon():
    """Jasmine declared Seduction with a Beacon under it and 5 AP. She may use Seduction (lure
    a guard 2 spaces) or the Beacon instead: 3 spaces onto Joanne, who is caught."""
    route = corridor(7)
    g = Game(("jasmine", "joanne"))
    gid = g.guard(route[1])
    g.put(0, route[0])
    g.put(1, route[4])
    special, beacon = declare_special(g, 0, "beacon")
    found = g.choice()
    assert {o["as"] for o in found["options"]} == {"special", "general", "resign"}
    g.resolve(0, "general")
    g.walk(route[2], route[3], route[4], stop=False)
    assert g.th(1)["where"] == "dungeon" and g.s["watch"][gid]["space"] == route[4]
    g.answer_pending()
    # the Beacon goes to the discard pile, the special card stays with Jasmine
    assert beacon in g.s["discard"] and special not in g.s["discard"]


def test_seduction_the_charmed_guard_cannot_catch_jasmine():
    route = corridor(5)
    g = Game(("jasmine", "joanne"))
    gid = g.guard(route[2])
    g.put(0, route[0])
    g.away(1)
    special, carried = declare_special(g, 0, "cog_rod")
    g.resolve(0, "special")
    g.walk(route[1])  # the guard steps onto Jasmine's space: no catch
    assert g.s["watch"][gid]["space"] == route[1] and g.th(0)["where"] == "board"
    g.resolve(1, "resign")  # the guard's initiative: he stands on her space, but is charmed
    assert g.th(0)["where"] == "board"
    assert carried in g.s["discard"]


def test_seduction_jasmine_may_walk_onto_the_charmed_guard():
    route = corridor(5)
    g = Game(("jasmine", "joanne"))
    gid = g.guard(route[3])
    g.put(0, route[0])
    g.away(1)
    carried = g.hand(0, "cog_rod")[0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "seduction", "carry": carried, "ap": 5},
                   {"card": "move", "ap": 3}]})
    g.resolve(0, "special")
    g.walk(route[2])
    g.resolve(1, "sneak")
    g.walk(route[1], route[2])
    assert g.th(0)["where"] == "board" and g.s["watch"][gid]["space"] == route[2]


def test_rat_kings_tunnels_any_sewer_exit_and_hidden():
    g = Game(("morius", "noiron"))
    g.put(0, HOME)
    g.away(1)
    declare_special(g, 0, "beacon")
    g.resolve(0, "special")
    exits = spaces_of("sewer_exit")
    assert sorted(targets(g)) == sorted(exits)
    g.pick(exits[-1])
    assert g.th(0)["space"] == exits[-1] and g.th(0)["hidden"]


def test_swallows_leap_free_space_within_two():
    g = Game(("noiron", "morius"))
    g.put(0, HOME)
    g.away(1)
    g.guard(near(HOME, 1))
    declare_special(g, 0, "beacon")
    g.resolve(0, "special")
    options = targets(g)
    assert all(dist(HOME, sp) <= 2 and not g.t.has_figure(sp) for sp in options)
    assert len(options) == len([sp for sp in BOARD.spaces if dist(HOME, sp) is not None
                                and 0 < dist(HOME, sp) <= 2 and not g.t.has_figure(sp)])


def test_potion_of_haste_two_temporary_ap():
    g = Game(("nikolai", "noiron"))
    declare_special(g, 0, "beacon", hold=False)
    g.resolve(0, "special")
    g.answer_pending()
    assert g.th(0)["ap"] == 12


def test_confiscation_theft_in_range_three():
    g = Game(("joanne", "noiron"))
    g.put(0, HOME)
    g.put(1, HOME)
    g.th(1)["jewels"] = ["green"]
    declare_special(g, 0, "beacon")
    g.resolve(0, "special")
    assert g.th(0)["jewels"] == ["green"]


def test_wall_of_flames_three_fires_range_six_for_zain_who_is_hidden():
    g = Game(("zain", "noiron"))
    g.put(0, HOME)
    g.away(1)
    declare_special(g, 0, "beacon")
    g.resolve(0, "special")
    placed = []
    for _ in range(3):
        options = targets(g)
        assert max(dist(HOME, sp) for sp in options) == 6
        assert not set(placed) & set(options)
        g.pick(options[-1])
        placed.append(options[-1])
    assert sorted(g.s["fire"]) == sorted(placed)
    assert g.th(0)["hidden"]


def test_the_special_card_resolved_as_general_plays_the_carried_card():
    g = Game(("nikolai", "noiron"))
    declare_special(g, 0, "guild_contacts")
    top = g.s["deck"][-2:]
    g.resolve(0, "general")
    assert sorted(g.th(0)["hand"]) == sorted(top)


# --- Abilities -----------------------------------------------------------------------------
def test_morius_sewer_master_keeps_moving_after_the_sewers():
    g = Game(("morius", "noiron"))
    g.away(1)
    start, entrance, exit_ = sewer_approach()
    g.put(0, start)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 1}]})
    g.resolve(0, "sneak")
    g.do({"step": entrance})
    g.do({"sewer": exit_})
    # 3 spaces left after the sewers; no second trip without entering again
    assert any("step" in o for o in g.options())
    assert not any("sewer" in o for o in g.options())
    nxt = BOARD.neighbours(exit_)[0]
    g.do({"step": nxt})
    g.do({"step": exit_})
    assert not any("sewer" in o for o in g.options())  # an exit is no entrance, even for him


def test_nikolai_in_the_palace_is_detected_only_from_the_next_space():
    route = [sp for sp in corridor(5) if BOARD.district(sp) == "P"]
    assert len(route) == 5
    g = Game(("nikolai", "noiron"))
    gid = g.guard(route[0])
    g.away(1)
    g.put(0, route[2])
    assert detected(g.t, gid) == []
    g.put(0, route[1])
    assert detected(g.t, gid) == [0]


def test_joanne_is_detected_one_space_closer():
    route = corridor(6, "N")
    g = Game(("joanne", "noiron"))
    gid = g.guard(route[0])
    g.away(1)
    g.put(0, route[4])
    assert detected(g.t, gid) == []
    g.put(0, route[3])
    assert detected(g.t, gid) == [0]


def test_a_captain_hears_joanne_at_his_full_vigilance():
    route = corridor(6, "N")
    g = Game(("joanne", "noiron"))
    gid = g.guard(route[0], kind="captain")
    g.away(1)
    g.put(0, route[5])  # vigilance 5
    assert detected(g.t, gid) == [0]


def test_zain_firebrand_range_and_fire():
    g = Game(("zain", "noiron"))
    g.put(0, HOME)
    g.away(1)
    play(g, 0, "smoke_grenade")
    assert max(dist(HOME, sp) for sp in targets(g)) == 4


def test_zain_is_hidden_on_or_beside_fire():
    g = Game(("zain", "noiron"))
    g.put(0, HOME)
    g.put(1, HOME)
    assert not g.t.hidden(0)
    g.s["fire"] = [BOARD.neighbours(HOME)[0]]
    assert g.t.hidden(0) and not g.t.hidden(1)  # Zain only
    g.s["fire"] = [HOME]
    assert g.t.hidden(0)


@pytest.mark.parametrize("thief", ["morius", "noiron", "jasmine", "nikolai", "joanne", "zain"])
def test_each_thief_has_a_special_card_to_declare(thief):
    other = "zain" if thief != "zain" else "morius"
    g = Game((thief, other))
    spec = g.choice(0)["spec"]
    assert spec["special"] == content.thieves()[thief]["special"]


def test_noiron_acrobat_passes_through_a_guard():
    route = corridor(5)
    g = Game(("noiron", "zain"))
    g.guard(route[2])
    g.put(0, route[0])
    g.away(1)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 2}]})
    g.resolve(0, "sneak")
    g.walk(route[1], route[2], route[3], route[4])
    assert g.th(0)["where"] == "board" and g.th(0)["space"] == route[4]


def test_noiron_acrobat_does_not_fool_a_captain():
    route = corridor(5)
    g = Game(("noiron", "zain"))
    g.guard(route[2], kind="captain")
    g.put(0, route[0])
    g.away(1)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 2}]})
    g.resolve(0, "sneak")
    g.walk(route[1], route[2], stop=False)
    assert g.th(0)["where"] == "dungeon"


def test_jasmine_old_flames_when_caught():
    route = corridor(4)
    g = Game(("jasmine", "zain"))
    cards = g.hand(0, "beacon", "cog_rod")
    g.guard(route[1])
    g.put(0, route[0])
    g.away(1)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}]})
    g.resolve(0, "sneak")
    g.th(0)["jewels"] = ["green", "yellow"]
    g.walk(route[1], stop=False)
    assert g.th(0)["where"] == "dungeon"
    assert g.th(0)["jewels"] == ["green", "yellow"]  # she keeps her jewels
    assert all(c in g.th(0)["hand"] for c in cards)  # no card discarded
    assert g.th(0)["ap"] == 5  # next turn: 5 basic AP instead of 2
