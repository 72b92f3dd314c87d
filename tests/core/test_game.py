"""The core game protocol (``engine.core.game``) exercised on Age of Thieves.

Records replay to the same state, matches survive JSON, illegal actions are refused with a
reason and change nothing, and every action's notation reads back as the same action.
"""

import json

import pytest

from engine.core.bots import RandomBot
from engine.core.game import GAMES, IllegalAction, Match, rules_for, state_hash
from engine.simulate import play

GAME = "age_of_thieves"
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}]


def random_game(seed: int, players: int = 3) -> Match:
    rules = rules_for(GAME)
    return play(GAME, [RandomBot(rules, seed * 8 + i) for i in range(players)], seed)


def play_until(match: Match, stop, seed: int = 0, limit: int = 5000) -> Match:
    """Random play until ``stop(match)`` holds (checked before every action)."""
    rules = match.rules
    bot = RandomBot(rules, seed)
    for _ in range(limit):
        if stop(match) or rules.result(match.state) is not None:
            return match
        player = rules.to_act(match.state)[0]
        match.act(player, bot.decide(None, rules.choice(match.state, player)))
    raise AssertionError("the stop condition never held")


def at_declaration(match: Match) -> bool:
    return bool(match.state["waiting"]) and not match.state["stack"]


def at_ask(match: Match) -> bool:
    rules = match.rules
    to_act = rules.to_act(match.state)
    return bool(match.state["stack"]) and len(rules.choice(match.state, to_act[0])["options"]) > 1


# --- registry ---------------------------------------------------------------------------
def test_registry_knows_age_of_thieves():
    assert GAME in GAMES
    rules = rules_for(GAME)
    assert rules.id == GAME
    assert (rules.min_players, rules.max_players) == (2, 4)


def test_rules_for_unknown_game_raises_with_the_known_ids():
    with pytest.raises(KeyError) as error:
        rules_for("chess")
    assert "chess" in str(error.value) and GAME in str(error.value)


@pytest.mark.parametrize("players", [1, 5])
def test_start_refuses_a_wrong_number_of_players(players):
    with pytest.raises(IllegalAction, match="2-4 players"):
        Match.start(GAME, [{"name": f"P{i}"} for i in range(players)], seed=1)


# --- start, act, record, replay ----------------------------------------------------------
def test_start_is_deterministic_in_the_seed():
    a = Match.start(GAME, SEATS, seed=7)
    b = Match.start(GAME, SEATS, seed=7)
    c = Match.start(GAME, SEATS, seed=8)
    assert state_hash(a.state) == state_hash(b.state)
    assert state_hash(a.state) != state_hash(c.state)
    assert a.actions == [] and a.rules.result(a.state) is None


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 4)])
def test_record_replays_to_the_same_state(seed, players):
    match = random_game(seed, players)
    assert match.rules.result(match.state) is not None
    record = match.record()
    assert set(record) == {"game", "seats", "options", "seed", "rules", "actions"}
    assert record["seed"] == seed and len(record["actions"]) == len(match.actions)
    again = Match.replay(json.loads(json.dumps(record)))
    assert state_hash(again.state) == state_hash(match.state)
    assert again.actions == match.actions


def test_a_record_cut_anywhere_replays_to_that_moment():
    match = Match.start(GAME, SEATS, seed=11)
    hashes = [state_hash(match.state)]
    rules, bot = match.rules, RandomBot(match.rules, 5)
    while rules.result(match.state) is None:
        player = rules.to_act(match.state)[0]
        match.act(player, bot.decide(None, rules.choice(match.state, player)))
        hashes.append(state_hash(match.state))
    for cut in (0, 1, len(hashes) // 3, len(hashes) // 2, len(hashes) - 1):
        record = dict(match.record(), actions=match.actions[:cut])
        assert state_hash(Match.replay(record).state) == hashes[cut]


def test_replay_names_the_first_illegal_record_action():
    record = random_game(3, 2).record()
    record["actions"] = record["actions"][:5] + [[0, {"step": "nowhere"}]]
    with pytest.raises(IllegalAction, match="record action 6 is illegal"):
        Match.replay(record)


# --- JSON round trip -----------------------------------------------------------------------
def test_json_round_trip_mid_game_and_play_on_identically():
    match = play_until(Match.start(GAME, SEATS, seed=21), lambda m: len(m.actions) >= 60, seed=3)
    text = match.to_json()
    json.loads(text)  # valid JSON
    copy = Match.from_json(text)
    assert copy.record() == match.record()
    assert state_hash(copy.state) == state_hash(match.state)
    assert copy.to_json() == text
    # both go on to the same end with the same decisions
    for m in (match, copy):
        play_until(m, lambda _: False, seed=99)
    assert state_hash(copy.state) == state_hash(match.state)
    assert copy.actions == match.actions


def test_json_round_trip_of_a_finished_game():
    match = random_game(8, 4)
    copy = Match.from_json(match.to_json())
    assert state_hash(copy.state) == state_hash(match.state)
    assert copy.rules.result(copy.state) == match.rules.result(match.state)
    assert state_hash(Match.replay(copy.record()).state) == state_hash(match.state)


# --- illegal actions -------------------------------------------------------------------------
def assert_refused(match: Match, player: int, action, reason: str | None = None) -> str:
    before, actions = state_hash(match.state), list(match.actions)
    with pytest.raises(IllegalAction) as error:
        match.act(player, action)
    message = str(error.value)
    assert message and len(message) < 300 and "Traceback" not in message
    if reason:
        assert reason in message
    assert state_hash(match.state) == before, "a refused action changed the state"
    assert match.actions == actions, "a refused action entered the record"
    return message


def test_wrong_player_is_refused_at_an_ask():
    match = play_until(Match.start(GAME, SEATS, seed=4), at_ask, seed=1)
    rules = match.rules
    player = rules.to_act(match.state)[0]
    other = (player + 1) % 3
    option = rules.choice(match.state, player)["options"][0]
    assert rules.choice(match.state, other) is None
    assert_refused(match, other, option, f"not player {other}'s decision")
    assert_refused(match, 7, option, "not player 7's decision")


def test_wrong_player_is_refused_at_the_declaration():
    match = play_until(Match.start(GAME, SEATS, seed=5), at_declaration, seed=1)
    rules = match.rules
    waiting = rules.to_act(match.state)
    assert sorted(waiting) == [0, 1, 2]
    match.act(waiting[0], {"declare": []})
    assert_refused(match, waiting[0], {"declare": []}, "not player")
    assert rules.choice(match.state, waiting[0]) is None


@pytest.mark.parametrize("action", [
    None, 3, "declare", [], {}, {"step": "P00"}, {"declare": "move"},
    {"declare": [{"card": "move", "ap": 99}]},
    {"declare": [{"card": "move", "ap": 0}]},
    {"declare": [{"card": "move", "ap": -1}]},
    {"declare": [{"card": "move", "ap": 1.5}]},
    {"declare": [{"card": "move", "ap": True}]},
    {"declare": [{"card": "move", "ap": 1}, {"card": "move", "ap": 1}]},
    {"declare": [{"card": "nonsense", "ap": 1}]},
    {"declare": [{"card": 5, "ap": 1}]},
    {"declare": ["move"]},
    {"declare": [{"card": "move", "ap": 1, "tokens": ["informer"]}]},
    {"declare": [{"card": "move", "ap": 1, "tokens": "informer"}]},
    {"declare": [{"card": "move", "ap": 1, "tokens": [[]]}]},
    {"declare": [{"card": "move", "ap": 1, "tokens": [{}]}]},
    {"declare": [{"card": "move", "ap": 10**30}]},
    {"declare": [{"card": "move", "ap": 1, "carry": "c00"}]},
])
def test_malformed_or_illegal_declarations_are_refused(action):
    match = play_until(Match.start(GAME, SEATS, seed=6), at_declaration, seed=2)
    player = match.rules.to_act(match.state)[0]
    assert_refused(match, player, action)


def test_declaring_a_card_not_in_hand_and_a_bare_special_are_refused():
    match = play_until(Match.start(GAME, SEATS, seed=6), at_declaration, seed=2)
    rules = match.rules
    player = rules.to_act(match.state)[0]
    spec = rules.choice(match.state, player)["spec"]
    others = {c for p, th in enumerate(match.state["thieves"]) if p != player
              for c in th["hand"]}
    foreign = sorted(others)[0]
    assert_refused(match, player, {"declare": [{"card": foreign, "ap": 1}]}, foreign)
    assert_refused(match, player, {"declare": [{"card": spec["special"], "ap": 1}]},
                   "carry")
    hand = spec["hand"]
    assert_refused(match, player, {"declare": [
        {"card": spec["special"], "carry": hand[0], "ap": 1}, {"card": hand[0], "ap": 1}]},
        "only once")
    # and the legal version of the same goes through
    match.act(player, {"declare": [{"card": spec["special"], "carry": hand[0], "ap": 2},
                                   {"card": "move", "ap": 3}]})


def test_options_not_offered_are_refused_at_an_ask():
    match = play_until(Match.start(GAME, SEATS, seed=9), at_ask, seed=4)
    rules = match.rules
    player = rules.to_act(match.state)[0]
    options = rules.choice(match.state, player)["options"]
    for action in ({"step": "nowhere"}, {"declare": []}, {"pick": "not-an-option"}, None,
                   "stop", [options[0]], {**options[0], "extra": 1}):
        assert action not in options
        message = assert_refused(match, player, action)
        assert "not a legal choice" in message


def test_no_action_is_legal_after_the_end():
    match = random_game(12, 2)
    assert match.rules.to_act(match.state) == []
    assert match.rules.choice(match.state, 0) is None
    assert_refused(match, 0, {"stop": True}, "the game is over")


def test_check_never_mutates():
    match = play_until(Match.start(GAME, SEATS, seed=13), at_declaration, seed=2)
    rules, before = match.rules, state_hash(match.state)
    player = rules.to_act(match.state)[0]
    spec = rules.choice(match.state, player)["spec"]
    rules.check(match.state, player, {"declare": [{"card": "move", "ap": spec["ap"]}]})
    assert state_hash(match.state) == before


# --- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,players", [(31, 2), (32, 3), (33, 4), (34, 4)])
def test_notation_parses_back_for_every_action_of_a_random_game(seed, players):
    match = random_game(seed, players)
    rules = match.rules
    assert match.actions
    for _, action in match.actions:
        text = rules.notation(action)
        assert isinstance(text, str) and text and "\n" not in text
        assert rules.parse(text) == action, text
        assert rules.notation(rules.parse(text)) == text


@pytest.mark.parametrize("action", [
    {"declare": []},
    {"declare": [{"card": "move", "ap": 4}, {"card": "ambush", "ap": 1}]},
    {"declare": [{"card": "seduction", "carry": "c12", "ap": 0,
                  "tokens": ["informer", "guild_agent"]}]},
    {"card": 2, "as": "sneak"}, {"step": "N05"}, {"take": "emperor"}, {"reveal": "E03"},
    {"steal": 1, "jewel": "green"}, {"sewer": "P17"}, {"kn": True}, {"leave": True},
    {"stop": True}, {"pick": "T1"}, {"pick": "g04"}, {"discard": "c07"}, {"give": "c69"},
    {"start": "S01"},
])
def test_notation_round_trip_of_each_action_shape(action):
    rules = rules_for(GAME)
    assert rules.parse(rules.notation(action)) == action


def test_parse_refuses_unreadable_text():
    with pytest.raises(IllegalAction):
        rules_for(GAME).parse(";")


def test_table_options_are_checked_at_the_start():
    with pytest.raises(IllegalAction, match="has no table option 'speed'"):
        Match.start("age_of_thieves", [{}, {}], {"speed": 2})
    with pytest.raises(IllegalAction, match="takes a bool"):
        Match.start("age_of_thieves", [{}, {}], {"first_thief_decides": "yes"})
    assert Match.start("age_of_thieves", [{}, {}], {"first_thief_decides": False}).options == \
        {"first_thief_decides": False}
