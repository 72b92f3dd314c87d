"""The five phases of a turn: event, planning (and the hand limit), declaration, clean-up."""

import pytest
from aot_helpers import BOARD, HOME, VAULT, Game, card_of, dist, spaces_of

from engine.age_of_thieves import content
from engine.age_of_thieves.phases import yellow_jewel_spaces


def next_turn_event(g: Game, event: str) -> None:
    deck = g.s["alarm_deck"] if g.s["alarm"] else g.s["calm_deck"]
    deck.append(event)


# --- 1. Event phase --------------------------------------------------------------------
def test_first_turn_reveals_a_calm_event_and_rolls_one_die():
    g = Game(clear=False)
    assert g.s["turn"] == 1
    assert g.s["event"] in content.event_decks()["calm"]
    assert len(g.s["calm_deck"]) == content.CALM_TURNS - 1
    assert len(g.s["alarm_deck"]) == content.ALARM_TURNS
    assert len(g.s["dice"]) == 1 and 1 <= g.s["dice"][0] <= 8
    assert g.s["initiative"] == g.s["dice"][0]


def test_alarm_rolls_two_dice_and_keeps_the_higher():
    g = Game()
    g.set_alarm("N")
    next_turn_event(g, "double_pace")  # no initiative modifier
    for seed_turn in range(4):
        g.declare({})
        g.answer_pending()
        assert len(g.s["dice"]) == 2, seed_turn
        assert g.s["initiative"] == max(g.s["dice"])
        next_turn_event(g, "double_pace")


def test_event_initiative_modifier_is_capped_at_eight():
    g = Game()
    g.set_alarm("N")
    next_turn_event(g, "panicked_crowds")
    g.declare({})
    g.answer_pending()
    assert g.s["initiative"] == min(8, max(g.s["dice"]) + 2)


@pytest.mark.parametrize("district", ["N", "E", "S", "W"])
def test_yellow_jewel_goes_to_an_empty_space_six_away_from_every_thief(district):
    g = Game(("morius", "noiron", "jasmine"), options={}, first=0)
    inside = list(BOARD.in_district(district))
    g.put(0, inside[len(inside) // 2])
    g.put(1, inside[3])
    g.put(2, VAULT)
    g.guard(inside[-1])
    g.jewel(inside[-2], "green")
    g.token(inside[-3], "informer")
    event = next(e for e in content.event_decks()["calm"]
                 if content.events()[e]["compass"] == district
                 and not content.events()[e]["immediate"])
    next_turn_event(g, event)
    g.declare({})
    # the first thief token passed to Noiron, who chooses the space
    found = g.choice()
    assert found["kind"] == "choose" and found["player"] == 1
    picked = [o["pick"] for o in found["options"]]
    thieves = [g.th(p)["space"] for p in range(3)]
    expected = [sp for sp in inside
                if "dungeon" not in BOARD.spaces[sp].kinds
                and sp not in (inside[-1], inside[-2], inside[-3])
                and sp not in thieves
                and all(dist(sp, w) >= 6 for w in thieves)]
    assert sorted(picked) == sorted(expected) and expected
    assert all(dist(sp, w) >= 6 for sp in picked for w in thieves)
    g.pick(picked[0])
    assert g.s["jewels"][picked[0]] == ["yellow"]
    assert g.s["pool"]["yellow"] == content.YELLOW_JEWELS - 1


def test_yellow_jewel_default_is_the_space_farthest_from_the_thieves():
    g = Game(("morius", "noiron"), options={"first_thief_decides": False}, first=0)
    thieves = (HOME, spaces_of("start", "W")[0])
    g.put(0, thieves[0])
    g.put(1, thieves[1])
    next_turn_event(g, "flooded_sewers")  # compass E
    g.declare({})
    placed = [sp for sp, js in g.s["jewels"].items() if "yellow" in js]
    assert len(placed) == 1 and BOARD.district(placed[0]) == "E"
    options = yellow_jewel_spaces(g.t, "E")
    best = max(min(dist(sp, w) for w in thieves) for sp in options + placed)
    assert min(dist(placed[0], w) for w in thieves) == best


def test_no_yellow_jewel_when_the_pool_is_empty():
    g = Game(first=0)
    g.s["pool"]["yellow"] = 0
    next_turn_event(g, "flooded_sewers")
    g.declare({})
    g.answer_pending()
    assert not any("yellow" in js for js in g.s["jewels"].values())
    assert "no_yellow_left" in g.logged()


def test_no_yellow_jewel_when_no_space_qualifies():
    g = Game(("morius", "noiron"), first=0)
    east = [sp for sp in BOARD.in_district("E") if "dungeon" not in BOARD.spaces[sp].kinds]
    for sp in east:
        g.token(sp, "informer")
    next_turn_event(g, "flooded_sewers")
    g.declare({})
    g.answer_pending()
    assert not any("yellow" in js for js in g.s["jewels"].values())


def test_no_yellow_jewel_under_alarm():
    g = Game(first=0)
    g.set_alarm("N")
    next_turn_event(g, "double_pace")
    g.declare({})
    g.answer_pending()
    assert not any("yellow" in js for js in g.s["jewels"].values())
    assert g.s["pool"]["yellow"] == content.YELLOW_JEWELS


# --- 2. Planning phase -----------------------------------------------------------------
def test_planning_each_thief_draws_one_card():
    g = Game(("morius", "noiron", "jasmine"), first=1)
    g.hand(0, "beacon")
    g.hand(2, "beacon", "fire_grenade")
    deck = list(g.s["deck"])
    next_turn_event(g, "flooded_sewers")
    g.declare({})
    g.answer_pending()
    assert [len(g.th(p)["hand"]) for p in range(3)] == [2, 1, 3]
    # the first thief of the new turn (Jasmine) draws first, then clockwise
    assert g.th(2)["hand"][-1] == deck[-1]
    assert g.th(0)["hand"][-1] == deck[-2]
    assert g.th(1)["hand"][-1] == deck[-3]


def test_guild_support_draws_one_extra_card():
    g = Game(first=0)
    next_turn_event(g, "guild_support")
    g.declare({})
    g.answer_pending()
    assert [len(g.th(p)["hand"]) for p in range(2)] == [2, 2]


def test_hand_limit_five_discard_the_excess_at_once():
    g = Game(first=0)
    g.hand(0, "beacon", "beacon", "fire_grenade", "cog_rod", "smoke_grenade")
    next_turn_event(g, "flooded_sewers")
    g.declare({})
    found = g.choice()
    assert found["kind"] == "discard" and found["player"] == 0
    assert len(g.th(0)["hand"]) == 6
    g.do({"discard": card_of("cog_rod")})
    assert len(g.th(0)["hand"]) == 5
    assert card_of("cog_rod") in g.s["discard"]


def test_basic_and_special_cards_do_not_count_toward_the_hand_limit():
    """Five general cards is the limit: Move, Ambush and the special card are not in it."""
    g = Game(first=0)
    cards = g.hand(0, "beacon", "beacon", "fire_grenade", "cog_rod", "smoke_grenade")
    g.s["initiative"] = 1
    next_turn_event(g, "flooded_sewers")
    spec = g.choice(0)["spec"]
    assert spec["basic"] == ["move", "ambush"] and spec["special"] == "rat_tunnels"
    assert sorted(spec["hand"]) == sorted(cards)
    g.declare({0: [{"card": "move", "ap": 1}, {"card": "ambush", "ap": 1}]})
    g.answer_pending()
    assert len(g.th(0)["hand"]) == 5  # drew one, discarded one: back to five


def test_hand_limit_applies_whenever_cards_are_drawn():
    g = Game(first=0)
    cards = g.hand(0, "guild_contacts", "beacon", "beacon", "fire_grenade", "cog_rod")
    g.s["initiative"] = 1
    g.declare({0: [{"card": cards[0], "ap": 3}, {"card": "move", "ap": 1}]})
    g.resolve(0, "play")
    # 4 left + 2 drawn = 6: one must go at once
    assert g.kind() == "discard" and g.choice()["player"] == 0
    g.do(g.options()[0])
    assert len(g.th(0)["hand"]) == 5


def test_empty_action_deck_is_reshuffled_from_the_discard_pile():
    g = Game(first=0)
    pile = list(g.s["deck"])
    g.s["deck"], g.s["discard"] = [], list(pile)
    next_turn_event(g, "flooded_sewers")
    g.declare({})
    g.answer_pending()
    assert len(g.th(0)["hand"]) == 1 and len(g.th(1)["hand"]) == 1
    assert g.s["discard"] == [] and len(g.s["deck"]) == len(pile) - 2
    assert "deck_reshuffled" in g.logged()


# --- 3. Declaration phase --------------------------------------------------------------
def test_declaration_is_simultaneous_and_secret():
    g = Game(first=0)
    cards = g.hand(0, "beacon")
    assert sorted(g.to_act()) == [0, 1]
    g.act(1, {"declare": [{"card": "move", "ap": 6}]})
    assert g.to_act() == [0]
    view = g.rules.view(g.s, 0)
    assert "declared" not in view["thieves"][1]
    g.act(0, {"declare": [{"card": cards[0], "ap": 2}]})
    assert g.s["phase"] == "resolution"
    view = g.rules.view(g.s, 0)
    assert view["thieves"][1]["declared"] == [{"init": 6, "state": "declared",
                                               "cards": [None]}]


def test_unused_ap_are_simply_kept_aside():
    """Zain's declaration example: 1 AP on Ambush, 3 on Move, 5 on Smoke Grenade; 1 unused."""
    g = Game(("zain", "noiron"), first=0)
    smoke = g.hand(0, "smoke_grenade")[0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "ambush", "ap": 1}, {"card": "move", "ap": 3},
                   {"card": smoke, "ap": 5}]})
    assert g.s["declared_ap"]["0"] == [1, 3, 5]
    assert [o[2] for o in g.s["order"] if o[1] == 0] == [5, 3, 1]


# --- 5. Clean-up phase -----------------------------------------------------------------
def test_cleanup_resets_the_turn_and_passes_the_first_thief_token_left():
    g = Game(("morius", "noiron", "jasmine"), first=2)
    smoke = g.hand(1, "smoke_grenade")[0]
    g.put(1, HOME)
    g.th(0)["temp_next"] = 0
    g.s["fire"] = [spaces_of("start", "E")[0]]
    g.th(2)["theft_marker"] = True
    g.s["initiative"] = 1
    next_turn_event(g, "flooded_sewers")
    g.declare({1: [{"card": smoke, "ap": 4}, {"card": "ambush", "ap": 1}]})
    g.resolve(0, "play")
    g.pick(HOME)
    assert HOME in g.s["smoke"]
    g.answer_pending()
    assert g.s["turn"] == 2 and g.s["first"] == 0
    assert g.s["smoke"] == [] and g.s["fire"] == [] and g.s["flags"] == {}
    assert not g.th(2)["theft_marker"]
    assert smoke in g.s["discard"]
    assert g.s["event"] == "flooded_sewers"
    assert [g.th(p)["ap"] for p in range(3)] == [10, 10, 10]


def test_first_thief_token_skips_escaped_thieves():
    g = Game(("morius", "noiron", "jasmine"), first=0)
    g.set_alarm("N")
    g.th(1).update(where="escaped", space=None)
    g.s["escaped"] = [1]
    g.s["waiting"] = [0, 2]
    next_turn_event(g, "double_pace")
    g.declare({})
    assert g.s["first"] == 2


def test_temporary_ap_last_one_declaration():
    g = Game(("nikolai", "noiron"), first=0)
    g.th(0)["temp_next"] = 2
    next_turn_event(g, "flooded_sewers")
    g.declare({})
    g.answer_pending()
    assert g.th(0)["ap"] == 12
    next_turn_event(g, "fishermens_feast")
    g.declare({})
    g.answer_pending()
    assert g.th(0)["ap"] == 10


def test_guild_informants_gives_one_temporary_ap():
    g = Game(first=0)
    next_turn_event(g, "guild_informants")
    g.declare({})
    g.answer_pending()
    assert [g.th(p)["ap"] for p in range(2)] == [11, 11]


def test_spaces_of_helper_sanity():
    assert len(spaces_of("start")) == 4


# --- Game set-up -------------------------------------------------------------------------
def test_setup():
    from engine.core.game import Match

    match = Match.start("age_of_thieves", [{"thief": "morius"}, {"thief": "zain"},
                                           {"thief": "joanne"}], {}, 7)
    s = match.state
    first = s["first"]
    assert s["watch"] == {f"g{i + 1:02d}": {"kind": "guard", "space": sp}
                          for i, sp in enumerate(BOARD.of_kind("swords"))}
    assert s["jewels"][BOARD.of_kind("palace_centre")[0]] == ["emperor"]
    assert all(s["jewels"][sp] == ["green"] for sp in BOARD.of_kind("green_jewel"))
    assert len(s["calm_deck"]) == 10 and len(s["alarm_deck"]) == 5
    assert sorted(s["district_deck"]) == ["E", "N", "S", "W"]
    assert all(len(th["hand"]) == 2 for th in s["thieves"])
    assert len(s["deck"]) == 70 - 6
    # the first thief places his figure first, then the others clockwise, one per start
    order = []
    while s["stack"] and s["stack"][-1].get("do") == "start":
        p = s["stack"][-1]["player"]
        order.append(p)
        options = match.rules.choice(s, p)["options"]
        assert len(options) == 4 - len(order) + 1
        match.act(p, options[-1])
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    spaces = [th["space"] for th in s["thieves"]]
    assert len(set(spaces)) == 3 and set(spaces) <= set(spaces_of("start"))
