"""The order of resolution: initiative, the city guard's die, and initiative ties."""

from aot_helpers import BOARD, HOME, Game, card_of, dist, near, path, spaces_of


def resolutions(g: Game) -> list:
    """Resign every card as it comes up; the (player, AP) of each ask, in order."""
    seen = []
    while g.s["phase"] == "resolution" and g.s["result"] is None:
        found = g.choice()
        assert found["kind"] == "resolve", found
        seen.append((found["player"], g.top()["init"]))
        g.do({"card": found["options"][0]["card"], "as": "resign"})
    return seen


def test_initiative_example_morius_noiron_guard_six():
    """Book: Morius 4 AP and 1 AP, Noiron 10 AP on one card, the guard rolled 6: Noiron, then
    the city guard, then Morius's 4 AP card and last his 1 AP card."""
    g = Game(("morius", "noiron"))
    g.s["initiative"] = 6
    g.declare({0: [{"card": "move", "ap": 4}, {"card": "ambush", "ap": 1}],
               1: [{"card": "move", "ap": 10}]})
    assert g.s["order"] == [["thief", 1, 10], ["guard", None, 6], ["thief", 0, 4],
                            ["thief", 0, 1]]
    assert g.s["declared_ap"] == {"0": [4, 1], "1": [10]}
    assert resolutions(g) == [(1, 10), (0, 4), (0, 1)]


def test_the_guard_acts_between_the_initiatives():
    """The guard (initiative 6) catches Morius before his 4 AP Move comes up: it is lost."""
    g = Game(("morius", "noiron"))
    route = path(HOME, near(HOME, 4))
    g.put(0, route[0])
    g.put(1, spaces_of("start", "E")[0])
    g.guard(route[2])
    g.s["initiative"] = 6
    g.declare({0: [{"card": "move", "ap": 4}, {"card": "ambush", "ap": 1}],
               1: [{"card": "move", "ap": 10}]})
    g.resolve(0, "resign")  # Noiron
    assert g.th(0)["where"] == "dungeon"
    assert all(d["state"] == "cancelled" for d in g.th(0)["declared"])
    assert g.s["turn"] == 2  # nothing left to resolve this turn


def test_guard_first_when_its_die_beats_every_card():
    g = Game(("morius", "noiron"))
    g.s["initiative"] = 8
    g.declare({0: [{"card": "move", "ap": 7}], 1: [{"card": "move", "ap": 3}]})
    assert g.s["order"][0] == ["guard", None, 8]
    assert [o[1] for o in g.s["order"][1:]] == [0, 1]


def tie_game(alarm: bool) -> Game:
    g = Game(("morius", "noiron"), first=0)
    if alarm:
        g.set_alarm("N")
    g.s["initiative"] = 2
    g.declare({0: [{"card": "move", "ap": 4}, {"card": "ambush", "ap": 4}],
               1: [{"card": "move", "ap": 4}, {"card": "ambush", "ap": 2}]})
    return g


def test_tie_example_calm():
    """Book: Morius (first thief) 4+4, Noiron 4+2, guard 2, Calm: M4, N4, M4, N2, guard."""
    g = tie_game(alarm=False)
    assert g.s["order"] == [["thief", 0, 4], ["thief", 1, 4], ["thief", 0, 4],
                            ["thief", 1, 2], ["guard", None, 2]]
    assert resolutions(g) == [(0, 4), (1, 4), (0, 4), (1, 2)]


def test_tie_example_alarm():
    """The same under Alarm: Noiron's 2 AP card comes after the guards and captains."""
    g = tie_game(alarm=True)
    assert g.s["order"] == [["thief", 0, 4], ["thief", 1, 4], ["thief", 0, 4],
                            ["guard", None, 2], ["thief", 1, 2]]


def test_alarm_tie_guard_catches_before_the_thief_acts():
    """Under Alarm the guard wins the tie: a thief 2 spaces away is caught before his 2 AP
    Move. In Calm, the same thief walks away first."""
    for alarm, caught in ((False, False), (True, True)):
        g = Game(("morius", "noiron"), first=0)
        if alarm:
            g.set_alarm("W")
        route = path(HOME, near(HOME, 4))
        g.put(0, route[0])
        g.put(1, spaces_of("start", "S")[0])
        g.guard(route[2])
        g.s["initiative"] = 2
        g.declare({0: [{"card": "move", "ap": 2}]})
        if not caught:
            g.resolve(0, "sneak")
            away = next(n for n in BOARD.neighbours(route[0]) if dist(n, route[2]) > 2)
            far = [away]
            while dist(far[-1], route[2]) < 6:
                far.append(max(BOARD.neighbours(far[-1]), key=lambda n: (dist(n, route[2]), n)))
            g.walk(*far[:4])
        assert (g.th(0)["where"] == "dungeon") is caught


def test_a_tied_thief_cannot_pass():
    """At a tie the first thief must act (resolve or resign); there is no 'pass'."""
    g = tie_game(alarm=False)
    found = g.choice()
    assert found["player"] == 0
    assert {o["as"] for o in found["options"]} == {"sneak", "dash", "wits", "plan", "resign"}
    assert all("card" in o for o in found["options"])


def test_ties_go_clockwise_from_the_first_thief():
    g = Game(("morius", "noiron", "jasmine", "zain"), first=2)
    g.s["initiative"] = 1
    g.declare({p: [{"card": "move", "ap": 5}] for p in range(4)})
    assert [o[1] for o in g.s["order"] if o[0] == "thief"] == [2, 3, 0, 1]


def test_one_thief_several_cards_resolves_highest_first():
    g = Game(("morius", "noiron"))
    cog = g.hand(0, "guild_contacts")[0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "ambush", "ap": 2}, {"card": cog, "ap": 5},
                   {"card": "move", "ap": 3}]})
    assert [o[2] for o in g.s["order"] if o[0] == "thief"] == [5, 3, 2]
    found = g.choice()
    assert {o["card"] for o in found["options"]} == {1}  # only the 5 AP card now


def test_tokens_add_their_ap_to_the_card():
    """Informer (1) and Guild Agent (2) tokens count as AP markers on the card."""
    g = Game(("morius", "noiron"))
    g.th(0)["tokens"] = ["informer", "guild_agent"]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 10, "tokens": ["informer", "guild_agent"]}],
               1: [{"card": "move", "ap": 10}]})
    assert g.s["order"][0] == ["thief", 0, 13]
    assert g.th(0)["tokens"] == []


def test_resolved_general_card_is_discarded_basics_return():
    g = Game(("morius", "noiron"))
    guild = g.hand(0, "guild_contacts")[0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": guild, "ap": 1}, {"card": "move", "ap": 1}]})
    g.finish_turn()
    assert guild in g.s["discard"]
    assert "move" not in g.s["discard"]
    assert g.s["phase"] == "declaration" and g.th(0)["declared"] == []


def test_resigned_general_card_is_still_discarded():
    g = Game(("morius", "noiron"))
    guild = card_of("guild_contacts")
    g.hand(0, "guild_contacts")
    g.s["initiative"] = 1
    g.declare({0: [{"card": guild, "ap": 1}]})
    assert g.th(0)["hand"] == []
    g.resolve(0, "resign")
    assert "resigns" in g.logged()
    assert guild in g.s["discard"]
