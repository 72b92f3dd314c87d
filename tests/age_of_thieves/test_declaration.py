"""The Declaration phase: what may be declared. Every illegal declaration raises IllegalAction
with a reason and leaves the state (its hash) exactly as it was."""

import pytest
from aot_helpers import HOME, Game, spaces_of

from engine.age_of_thieves import content
from engine.core.game import Match
from engine.core.rng import Rng, seed_state
from engine.simulate import decisions, make_bot


@pytest.fixture
def g() -> Game:
    game = Game(("morius", "noiron"))
    game.hand(0, "beacon", "smoke_grenade", "cog_rod")
    game.hand(1, "fire_grenade")
    game.th(0)["tokens"] = ["informer", "known_neighborhood"]
    return game


def d(*entries) -> dict:
    return {"declare": list(entries)}


# --- legal ---------------------------------------------------------------------------------
def test_declaring_nothing_is_legal(g):
    g.act(0, d())
    assert g.s["waiting"] == [1] and g.th(0)["declared"] == []


def test_all_ap_on_one_card(g):
    g.act(0, d({"card": "move", "ap": 10}))
    assert g.th(0)["declared"] == [{"cards": ["move"], "tokens": [], "init": 10,
                                    "state": "declared"}]


def test_several_cards_with_any_split_and_unused_ap(g):
    beacon, smoke, cog = g.th(0)["hand"]
    g.act(0, d({"card": "move", "ap": 3}, {"card": "ambush", "ap": 1}, {"card": beacon, "ap": 5}))
    assert [e["init"] for e in g.th(0)["declared"]] == [3, 1, 5]
    assert g.th(0)["hand"] == [beacon, smoke, cog]  # behind the screen until the reveal
    g.act(1, d())
    assert g.th(0)["hand"] == [smoke, cog]  # the declared card left the hand


def test_an_informer_alone_is_enough_for_a_card(g):
    g.act(0, d({"card": "move", "ap": 0, "tokens": ["informer"]}))
    assert g.th(0)["declared"][0]["init"] == 1
    assert g.th(0)["tokens"] == ["informer", "known_neighborhood"]  # hidden until the reveal
    g.act(1, d())
    assert g.th(0)["tokens"] == ["known_neighborhood"]


def test_the_special_card_carries_a_general_card(g):
    beacon = g.th(0)["hand"][0]
    g.act(0, d({"card": "rat_tunnels", "carry": beacon, "ap": 4}))
    assert g.th(0)["declared"][0]["cards"] == ["rat_tunnels", beacon]
    g.act(1, d())
    assert beacon not in g.th(0)["hand"]


def test_red_ap_of_the_emperors_jewel_can_be_declared():
    g = Game(("morius", "noiron", "zain"))
    g.th(0).update(jewels=["emperor"], red=2, ap=12)
    g.act(0, d({"card": "move", "ap": 12}))
    assert g.th(0)["declared"][0]["init"] == 12


def test_a_player_may_declare_after_an_illegal_attempt(g):
    g.illegal(0, d({"card": "move", "ap": 11}))
    g.act(0, d({"card": "move", "ap": 10}))
    assert g.s["waiting"] == [1]


# --- illegal ---------------------------------------------------------------------------------
ILLEGAL = {
    "not a list": ({"declare": {"card": "move", "ap": 1}}, "list"),
    "entry not a dict": (d("move"), "card id"),
    "no card id": (d({"ap": 2}), "card id"),
    "card id not a string": (d({"card": 3, "ap": 2}), "card id"),
    "negative AP": (d({"card": "move", "ap": -1}), "AP must be"),
    "AP not a whole number": (d({"card": "move", "ap": 1.5}), "AP must be"),
    "AP as a boolean": (d({"card": "move", "ap": True}), "AP must be"),
    "AP as text": (d({"card": "move", "ap": "3"}), "AP must be"),
    "no AP on a card": (d({"card": "move", "ap": 0}), "at least 1 AP"),
    "no AP given": (d({"card": "move"}), "AP must be"),
    "more AP than available": (d({"card": "move", "ap": 6}, {"card": "ambush", "ap": 5}),
                               "10 AP"),
    "a general card not in hand": (d({"card": "c69", "ap": 1}), "not a card you can declare"),
    "an unknown card": (d({"card": "teleport", "ap": 1}), "not a card you can declare"),
    "another thief's special card": (d({"card": "swallows_leap", "carry": "c00", "ap": 1}),
                                     "not a card you can declare"),
    "special card without a carried card": (d({"card": "rat_tunnels", "ap": 2}),
                                            "must carry"),
    "a basic card carrying a card": (d({"card": "move", "carry": "HAND0", "ap": 2}),
                                     "only your special"),
    "the special card carrying a basic card": (d({"card": "rat_tunnels", "carry": "move",
                                                  "ap": 2}), "general card"),
    "the special card carrying a card not in hand": (
        d({"card": "rat_tunnels", "carry": "c69", "ap": 2}), "general card"),
    "the same card twice": (d({"card": "move", "ap": 1}, {"card": "move", "ap": 1}), "once"),
    "a carried card declared again": (
        d({"card": "rat_tunnels", "carry": "HAND0", "ap": 1}, {"card": "HAND0", "ap": 1}),
        "once"),
    "a token the thief does not have": (d({"card": "move", "ap": 1, "tokens": ["guild_agent"]}),
                                        "do not have"),
    "a token used twice": (d({"card": "move", "ap": 1, "tokens": ["informer", "informer"]}),
                           "do not have"),
    "a token that is no AP": (d({"card": "move", "ap": 1, "tokens": ["known_neighborhood"]}),
                              "Informer and Guild Agent"),
    "tokens not a list": (d({"card": "move", "ap": 1, "tokens": "informer"}),
                          "Informer and Guild Agent"),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_declarations(g, name):
    action, reason = ILLEGAL[name]
    hand0 = g.th(0)["hand"][0]
    action = _fill(action, hand0)
    message = g.illegal(0, action, match=reason)
    assert message


def _fill(value, card):
    if value == "HAND0":
        return card
    if isinstance(value, dict):
        return {k: _fill(v, card) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, card) for v in value]
    return value


def test_another_thiefs_hand_card_cannot_be_declared(g):
    fire = g.th(1)["hand"][0]
    g.illegal(0, d({"card": fire, "ap": 2}), match="not a card you can declare")


def test_a_thief_cannot_declare_twice(g):
    g.act(0, d({"card": "move", "ap": 2}))
    g.illegal(0, d({"card": "ambush", "ap": 2}), match="not player 0's decision")


def test_only_a_declaration_is_accepted_in_the_declaration_phase(g):
    g.illegal(0, {"step": HOME}, match="declare")
    g.illegal(0, {"card": 0, "as": "sneak"}, match="declare")


def test_a_thief_in_the_dungeon_has_two_ap(g):
    g.th(0).update(ap=content.DUNGEON_AP)
    g.illegal(0, d({"card": "move", "ap": 3}), match="2 AP")
    g.act(0, d({"card": "move", "ap": 2}))


def test_an_escaped_thief_declares_nothing():
    g = Game(("morius", "noiron", "zain"))
    g.set_alarm("N")
    g.th(2).update(where="escaped", space=None)
    g.s["escaped"] = [2]
    g.s["waiting"] = [0, 1]
    g.illegal(2, d(), match="not player 2's decision")


# --- illegal answers during the resolution -------------------------------------------------
def test_illegal_answers_are_refused_without_change(g):
    beacon = g.th(0)["hand"][0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": "move", "ap": 5}, {"card": beacon, "ap": 2}]})
    g.illegal(1, {"card": 0, "as": "sneak"}, match="not player 1's decision")
    g.illegal(0, {"card": 1, "as": "play"}, match="not a legal choice")  # 2 AP comes later
    g.illegal(0, {"card": 0, "as": "wits"}, match="not a legal choice")
    g.illegal(0, {"card": 0, "as": "fly"}, match="not a legal choice")
    g.illegal(0, d(), match="not a legal choice")
    g.resolve(0, "sneak")
    far = spaces_of("start", "S")[0]
    g.illegal(0, {"step": far}, match="not a legal choice")
    g.illegal(0, {"take": "emperor"}, match="not a legal choice")
    g.illegal(0, {"leave": True}, match="not a legal choice")
    g.do({"stop": True})
    # Dash is no longer possible: another card was resolved
    assert g.kind() == "resolve"
    g.illegal(0, {"card": 1, "as": "dash"}, match="not a legal choice")


def test_dash_cannot_follow_another_resolved_card(g):
    beacon = g.th(0)["hand"][0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": beacon, "ap": 5}, {"card": "move", "ap": 2},
                   {"card": "ambush", "ap": 1}]})
    g.resolve(0, "resign")  # resigning is not resolving: Dash stays possible
    assert {"card": 1, "as": "dash"} in g.options()
    g.resolve(1, "sneak")
    g.do({"stop": True})
    g.illegal(0, {"card": 2, "as": "plan"}, match="not a legal choice")


# --- a first game without the special cards (the table option special_cards) -------------
def test_a_first_game_leaves_the_special_cards_in_the_box():
    g = Game(("morius", "noiron"), options={"first_thief_decides": False,
                                             "special_cards": False})
    g.hand(0, "beacon")
    beacon = g.th(0)["hand"][0]
    choice = g.rules.choice(g.s, 0)
    assert choice["spec"]["special"] is None
    assert [th["special"] for th in g.rules.view(g.s, 0)["thieves"]] == [None, None]
    g.illegal(0, d({"card": "rat_tunnels", "carry": beacon, "ap": 4}), "not a card you can")
    g.illegal(0, d({"card": "rat_tunnels", "ap": 4}), "not a card you can declare")
    rng = Rng(seed_state(5))
    for _ in range(200):
        action = g.rules.random_action(choice, rng)
        assert all(e["card"] != "rat_tunnels" and "carry" not in e for e in action["declare"])
        g.rules.check(g.s, 0, action)


def test_the_special_cards_are_dealt_unless_the_option_is_off():
    for options in ({"first_thief_decides": False}, {"special_cards": True}):
        g = Game(("morius", "noiron"), options=options)
        assert g.rules.choice(g.s, 0)["spec"]["special"] == "rat_tunnels"
        assert g.rules.view(g.s, 1)["thieves"][0]["special"] == "rat_tunnels"


@pytest.mark.parametrize("kind", ["easy", "heuristic"])
def test_bots_play_a_whole_game_without_special_cards(kind):
    seats = [{"thief": "zain"}, {"thief": "jasmine"}, {"thief": "noiron"}]
    match = Match.start("age_of_thieves", seats, {"special_cards": False}, 3)
    bots = [make_bot(kind, "age_of_thieves", p) for p in range(3)]
    for _ in decisions(match, bots):
        pass
    played = [e for p, a in match.actions if isinstance(a, dict) and "declare" in a
              for e in a["declare"]]
    assert played and all("carry" not in e for e in played)
