"""Breaking into the vault, raising the alarm, leaving the city, and the end of the game."""

import pytest
from aot_helpers import BOARD, Game

from engine.age_of_thieves import content

VAULT = BOARD.of_kind("palace_centre")[0]


def into_the_vault(g: Game, p: int = 0, ap: int = 5, extra=None) -> list[str]:
    """Thief p stands 1 space from the vault and declares Move (and a 1 AP Ambush so that the
    turn stays open after the move). Returns a route: a door of the vault, the vault, and
    onward."""
    door = BOARD.neighbours(VAULT)[0]
    onward = next(n for n in BOARD.neighbours(VAULT) if n != door)
    g.put(p, door)
    g.s["initiative"] = 1
    g.declare({p: [{"card": "move", "ap": ap},
                   *(extra if extra is not None else [{"card": "ambush", "ap": 1}])]})
    return [door, VAULT, onward]


# --- breaking into the vault -------------------------------------------------------------
def test_breaking_into_the_vault():
    """Best Burglar token, one red AP per rival, and the district card only once the move
    that took the jewel has ended."""
    g = Game(("morius", "noiron", "jasmine"))
    g.away(1)
    g.away(2)
    route = into_the_vault(g)
    g.resolve(0, "sneak")
    g.do({"step": VAULT})
    g.do({"take": "emperor"})
    th = g.th(0)
    assert th["jewels"] == ["emperor"] and th["best_burglar"] and th["red"] == 2
    assert g.s["emperor_taken"] and VAULT not in g.s["jewels"]
    assert g.s["open_district"] is None and not g.s["raise_alarm"]  # still moving
    g.walk(route[2])
    district = g.s["open_district"]
    assert district in "NESW" and g.s["raise_alarm"] and not g.s["alarm"]
    assert district not in g.s["district_deck"] and len(g.s["district_deck"]) == 3
    assert g.t.vp(0) == 3


def test_district_card_is_drawn_when_the_jewel_thief_is_caught_mid_move():
    g = Game(("morius", "noiron"))
    g.away(1)
    door = BOARD.neighbours(VAULT)[0]
    onward = next(n for n in BOARD.neighbours(VAULT) if n != door)
    g.guard(onward)
    into_the_vault(g)
    g.resolve(0, "sneak")
    g.do({"step": VAULT})
    g.do({"take": "emperor"})
    g.do({"step": onward})
    assert g.th(0)["where"] == "dungeon"
    assert g.s["jewels"][onward] == ["emperor"]
    assert g.s["open_district"] is not None
    assert g.s["raise_alarm"] or g.s["alarm"]  # the turn ended, the alarm has sounded
    assert g.th(0)["best_burglar"]  # the token is never lost


def test_alarm_is_raised_at_the_start_of_the_next_turn():
    g = Game(("morius", "noiron", "jasmine"))
    g.away(1)
    g.away(2)
    g.s["alarm_deck"].append("double_pace")
    into_the_vault(g, extra=[])
    g.resolve(0, "sneak")
    g.do({"step": VAULT})
    g.do({"take": "emperor"})
    g.do({"stop": True})
    district = g.s["open_district"]
    g.answer_pending()
    s = g.s
    assert s["turn"] == 2 and s["alarm"] and not s["raise_alarm"]
    assert s["event"] == "double_pace"  # from the Alarm deck
    assert len(s["dice"]) == 2 and s["initiative"] == max(s["dice"]) + 0
    captains = sorted(w["space"] for w in s["watch"].values() if w["kind"] == "captain")
    guards = sorted(w["space"] for gid, w in s["watch"].items() if w["kind"] == "guard")
    assert captains == sorted(sp for sp in BOARD.of_kind("alarm_captain")
                              if BOARD.district(sp) == district)
    assert sorted(sp for sp in BOARD.of_kind("alarm_guard")
                  if BOARD.district(sp) == district) == guards
    assert not any("yellow" in js for js in s["jewels"].values())
    # the red AP join the jewel holder's AP
    assert g.th(0)["ap"] == 12 and g.th(1)["ap"] == 10


def test_the_jewel_taken_in_the_last_calm_turn_leads_into_the_alarm():
    g = Game(("morius", "noiron"))
    g.away(1)
    g.s["calm_deck"] = []
    into_the_vault(g, extra=[])
    g.resolve(0, "sneak")
    g.do({"step": VAULT})
    g.do({"take": "emperor"})
    g.do({"stop": True})
    g.answer_pending()
    assert g.s["result"] is None and g.s["alarm"] and g.s["turn"] == 2


def test_a_new_owner_of_the_jewel_draws_no_district_card():
    g = Game(("morius", "noiron"))
    g.set_alarm("W")
    g.th(0).update(jewels=[], best_burglar=True)
    g.jewel(VAULT, "emperor")  # dropped there by a caught thief
    route = into_the_vault(g)
    g.resolve(0, "sneak")
    g.do({"step": VAULT})
    g.do({"take": "emperor"})
    g.walk(route[2])
    assert g.s["open_district"] == "W" and len(g.s["district_deck"]) == 3
    assert g.th(0)["red"] == 0  # the red AP come at Clean-up


def test_red_ap_are_set_aside_when_nobody_holds_the_jewel():
    g = Game(("morius", "noiron"))
    g.set_alarm("W")
    g.th(0)["red"] = 1
    g.declare({})
    g.answer_pending()
    assert g.th(0)["red"] == 0 and g.th(0)["ap"] == 10


# --- leaving the city ----------------------------------------------------------------------
def at_gate(g: Game, district: str, p: int = 0) -> str:
    gate = next(sp for sp in BOARD.gates_of(district))
    g.put(p, gate)
    return gate


def test_leave_through_an_open_gate_under_alarm():
    g = Game(("morius", "noiron", "jasmine"))
    g.set_alarm("E")
    at_gate(g, "E")
    g.th(0)["jewels"] = ["green"]
    g.away(1)
    g.away(2)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 2}],
               1: [{"card": "ambush", "ap": 1}]})
    g.resolve(0, "sneak")
    assert {"leave": True} in g.options()
    g.do({"leave": True})
    assert g.th(0)["where"] == "escaped" and g.s["escaped"] == [0]
    assert g.th(0)["declared"][1]["state"] == "cancelled"
    assert g.s["result"] is None  # the game goes on to the end of the Alarm deck
    g.answer_pending()
    assert 0 not in g.s["waiting"]


def test_no_leaving_by_a_closed_gate_or_before_the_alarm():
    for alarm, district, gate_district in ((True, "E", "W"), (False, None, "E")):
        g = Game(("morius", "noiron"))
        if alarm:
            g.set_alarm(district)
        else:
            g.s.update(emperor_taken=True, open_district="E", raise_alarm=True)
        at_gate(g, gate_district)
        g.away(1)
        g.s["initiative"] = 1
        g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 1}]})
        g.resolve(0, "sneak")
        assert {"leave": True} not in g.options()


def test_leaving_takes_a_step_out_of_the_gate():
    g = Game(("morius", "noiron"))
    g.set_alarm("E")
    gate = at_gate(g, "E")
    start = next(n for n in BOARD.neighbours(gate))
    g.put(0, start)
    g.away(1)
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 1}]})
    g.resolve(0, "sneak")
    assert {"leave": True} not in g.options()
    g.do({"step": gate})
    assert {"leave": True} in g.options()


def test_the_salty_docks_ships_are_its_gates():
    assert sorted(BOARD.gates_of("S")) == sorted(BOARD.of_kind("ship"))


def test_leaving_with_the_emperors_jewel_wins_at_once():
    g = Game(("morius", "noiron", "jasmine"))
    g.set_alarm("N")
    at_gate(g, "N", p=1)
    g.th(1).update(jewels=["emperor"], red=2)
    g.th(0).update(jewels=["green", "green"], best_burglar=True)
    g.away(0)
    g.away(2)
    g.s["initiative"] = 1
    g.declare({1: [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 2}],
               0: [{"card": "move", "ap": 1}]})
    g.resolve(0, "sneak")
    g.do({"leave": True})
    result = g.s["result"]
    assert result["outcome"] == "emperor_escape" and result["winner"] == 1
    assert g.to_act() == []


# --- the end of the game -------------------------------------------------------------------
def last_alarm_turn(g: Game, escaped: list[tuple[int, list[str], bool]]) -> dict:
    """The last Alarm turn ends with these thieves out of the city, in this order."""
    g.set_alarm("N")
    g.s["alarm_deck"] = []
    for p, jewels, burglar in escaped:
        g.th(p).update(where="escaped", space=None, jewels=list(jewels), best_burglar=burglar)
        g.s["escaped"].append(p)
    g.s["waiting"] = g.t.in_game()
    for p in g.t.in_game():
        g.away(p)
    g.declare({})
    g.answer_pending()
    return g.s["result"]


@pytest.mark.parametrize("escaped, winner, reason", [
    ([(0, ["yellow"], False), (1, ["green"], False)], 1, "vp"),
    # 3 VP each: the Best Burglar token wins the tie
    ([(0, ["green", "yellow"], False), (1, [], True)], 1, "best_burglar"),
    # 2 VP each: more jewels
    ([(0, ["green"], False), (1, ["yellow", "trinkets"], False)], 1, "jewels"),
    # equal VP, jewels and green jewels: who left first
    ([(1, ["green", "yellow"], False), (0, ["yellow", "green"], False)], 1,
     "left_first"),
    # several thieves out with nothing: who left first
    ([(1, [], False), (0, [], False)], 1, "left_first"),
    ([(2, ["trinkets"], False), (0, [], False)], 2, "vp"),
])
def test_vp_victory_and_its_tie_breaks(escaped, winner, reason):
    g = Game(("morius", "noiron", "jasmine"))
    result = last_alarm_turn(g, escaped)
    assert result["outcome"] == "escape"
    assert result["winner"] == winner and result["reason"] == reason
    assert {row["player"]: row["vp"] for row in result["table"]}[winner] == g.t.vp(winner)


def test_tie_break_on_green_jewels(monkeypatch):
    """With greens worth 2 and the other jewels 1, equal VP and an equal number of jewels
    always means as many green jewels; the rule is checked with trinkets made worth 2."""
    monkeypatch.setitem(content.VP, "trinkets", 2)
    g = Game(("morius", "noiron", "jasmine"))
    result = last_alarm_turn(g, [(0, ["trinkets"], False), (1, ["green"], False)])
    assert result["winner"] == 1 and result["reason"] == "green"


def test_all_defeated_when_the_calm_deck_runs_out_with_the_jewel_untouched():
    g = Game(("morius", "noiron"))
    g.s["calm_deck"] = []
    g.declare({})
    g.answer_pending()
    result = g.s["result"]
    assert result["outcome"] == "all_defeated" and result["winner"] is None


def test_all_defeated_when_the_alarm_deck_runs_out_with_nobody_out():
    g = Game(("morius", "noiron"))
    result = last_alarm_turn(g, [])
    assert result["outcome"] == "all_defeated"


def test_the_last_calm_turn_is_played_in_full():
    g = Game(("morius", "noiron"))
    g.s["calm_deck"] = []
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 2}]})
    assert g.s["result"] is None and g.kind() == "resolve"


def test_a_thief_who_left_with_nothing_wins_if_alone():
    g = Game(("morius", "noiron", "jasmine"))
    result = last_alarm_turn(g, [(2, [], False)])
    assert result["winner"] == 2 and result["outcome"] == "escape"


def test_thieves_still_in_the_city_are_ignored():
    g = Game(("morius", "noiron", "jasmine"))
    g.th(0).update(jewels=["green", "green", "green"])
    result = last_alarm_turn(g, [(1, ["yellow"], False)])
    assert result["winner"] == 1
    assert [row["escaped"] for row in result["table"]] == [False, True, False]


def test_the_game_ends_when_every_thief_has_left():
    g = Game(("morius", "noiron"))
    g.set_alarm("E")
    gate = at_gate(g, "E")
    g.th(1).update(where="escaped", space=None, jewels=["green"])
    g.s["escaped"] = [1]
    g.s["waiting"] = [0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}]})
    g.resolve(0, "sneak")
    g.do({"leave": True})
    assert g.s["result"]["outcome"] == "escape" and g.s["result"]["winner"] == 1
    assert gate in BOARD.gates_of("E")


def test_ten_calm_turns_without_the_jewel_then_everyone_loses():
    g = Game(("morius", "noiron"))
    while g.s["result"] is None:
        g.declare({})
        g.answer_pending()
    assert g.s["turn"] == 10 and g.s["result"]["outcome"] == "all_defeated"
    assert g.s["calm_deck"] == [] and len(g.s["alarm_deck"]) == 5
