"""Crooks behind the engine protocol: choices, refusals that change nothing, notation, views,
JSON round trips."""

import json

import pytest
from crooks_helpers import arrange, first, new_match, plain, refused

from engine.core.game import IllegalAction, Match, canonical, rules_for, state_hash
from engine.simulate import make_bot, play

RULES = rules_for("crooks")
VIEW_KEYS = {"game", "player", "names", "turn", "first", "current", "step", "money", "bank",
             "passed", "dens", "targets", "holding", "hand", "removed", "unused",
             "gang_points", "memory", "log", "choice", "result"}


def bot_game(seed: int, kinds: list[str]) -> Match:
    return play("crooks", [make_bot(k, "crooks", seed * 8 + i) for i, k in enumerate(kinds)],
                seed)


def test_choices_carry_kind_prompt_and_options():
    match = arrange(new_match(2), dens={"A": [plain(2)], "C": [plain(3), plain(4)]})
    choice = RULES.choice(match.state, 0)
    assert choice == {"player": 0, "kind": "turn", "prompt": choice["prompt"],
                      "options": [{"pass": True}, {"den": "A"}, {"den": "C"}]}
    assert choice["prompt"] == {"msg": "recruit_or_pass", "args": {}}
    assert RULES.choice(match.state, 1) is None


def test_wrong_player_and_after_the_end_are_refused():
    match = arrange(new_match(3), dens={"A": [plain(2)]})
    refused(match, {"pass": True}, "not player 1's decision", player=1)
    refused(match, {"pass": True}, "not player 9's decision", player=9)
    with pytest.raises(IllegalAction, match="not player 1's decision"):
        RULES.check(match.state, 1, {"pass": True})
    for p in (0, 1, 2):
        match.act(p, {"pass": True})
    refused(match, {"pass": True}, "the game is over", player=0)
    with pytest.raises(IllegalAction, match="the game is over"):
        RULES.check(match.state, 0, {"pass": True})


def test_check_never_mutates_and_perform_follows_it():
    match = arrange(new_match(2), dens={"A": [first("pickpocket")]})
    before = state_hash(match.state)
    RULES.check(match.state, 0, {"den": "A"})
    with pytest.raises(IllegalAction):
        RULES.check(match.state, 0, {"den": "B"})
    assert state_hash(match.state) == before


@pytest.mark.parametrize("step_actions,bad", [
    ([], [{"take": "c01"}, {"use": True}, {"kill": 1}, {"swap_to": 3}]),
    ([{"den": "A"}], [{"pass": True}, {"take": "c99"}, {"take": 1}, {"den": "A"}]),
    ([{"den": "A"}, {"take": "P"}], [{"place": 3}, {"place": "3", "face": "up"},
                                      {"use": True}, {"place": 3, "face": "up", "x": 1}]),
    ([{"den": "A"}, {"take": "P"}, {"place": 3, "face": "up"}],
     [{"use": 1}, {"use": None}, {"pass": True}, {"kill": 1}]),
])
def test_actions_of_the_wrong_step_or_shape_are_refused(step_actions, bad):
    pickpocket = first("pickpocket")
    match = arrange(new_match(2), dens={"A": [pickpocket]})
    for action in step_actions:
        match.act(0, {"take": pickpocket} if action == {"take": "P"} else action)
    for action in bad:
        refused(match, action)


@pytest.mark.parametrize("action,text", [
    ({"pass": True}, "pass"), ({"den": "C"}, "recruit C"), ({"take": "c07"}, "take c07"),
    ({"place": 6, "face": "up"}, "place 6 up"), ({"place": 9, "face": "down"}, "place 9 down"),
    ({"use": True}, "use"), ({"use": False}, "decline"), ({"kill": 2}, "kill 2"),
    ({"swap_to": 9}, "swap 9"), ({"spy": "target", "at": 7}, "spy 7"),
    ({"spy": "den", "at": "C"}, "spy C"),
])
def test_notation_of_each_action_shape(action, text):
    assert RULES.notation(action) == text
    assert RULES.parse(text) == action


@pytest.mark.parametrize("action", [
    {"pass": False}, {"spy": "den", "at": "7"}, {"den": "C D"}, {"kill": True}, None, 3,
    {"place": 6.0, "face": "up"}, {"use": 1}, ["pass"],
])
def test_odd_actions_round_trip_as_json(action):
    text = RULES.notation(action)
    assert canonical(RULES.parse(text)) == canonical(action)  # True is not 1, 6.0 not 6


@pytest.mark.parametrize("text", ["", "recruit", "place six up", "kill x y", "{", "hello"])
def test_parse_refuses_unreadable_text(text):
    with pytest.raises(IllegalAction):
        RULES.parse(text)


@pytest.mark.parametrize("seed,kinds", [(1, ["random"] * 2), (2, ["heuristic"] * 3),
                                        (3, ["heuristic", "random", "heuristic", "random"])])
def test_every_action_of_a_game_reads_back(seed, kinds):
    match = bot_game(seed, kinds)
    for _, action in match.actions:
        assert RULES.parse(RULES.notation(action)) == action


def test_view_keys_and_the_spectator():
    match = bot_game(4, ["heuristic"] * 3)
    for p in (None, 0, 1, 2):
        view = RULES.view(match.state, p)
        assert set(view) == VIEW_KEYS and view["player"] == p
        json.dumps(view)
    spectator = RULES.view(match.state, None)
    assert spectator["memory"] == [] and spectator["choice"] is None
    assert all("to" not in e for e in spectator["log"])
    assert spectator["result"] == match.state["result"]


def test_json_round_trip_mid_game_and_replay():
    match = bot_game(5, ["heuristic", "heuristic"])
    record = match.record()
    cut = dict(record, actions=record["actions"][:len(record["actions"]) // 2])
    half = Match.replay(cut)
    copy = Match.from_json(half.to_json())
    assert state_hash(copy.state) == state_hash(half.state)
    for player, action in record["actions"][len(cut["actions"]):]:
        copy.act(player, action)
    assert state_hash(copy.state) == state_hash(match.state)
