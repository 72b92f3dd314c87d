"""Hostile input for the three games: nothing crashes, nothing is lost.

At random points of random games, garbage, near-misses of the legal options and deep nesting
are thrown at ``Rules.check``. Each must be refused with a short ``IllegalAction`` and leave
the state's hash as it was, or be exactly one of the listed options (for the Age of Thieves
declaration, a ``spec`` choice: pass, be performed, and replay to the same state). Wrong
player values are refused too, and ``parse`` reads any text as an action or refuses it.
"""

import copy
import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.bots import RandomBot
from engine.core.game import GAMES, IllegalAction, Match, rules_for, state_hash
from engine.core.rng import Rng, seed_state
from engine.core.wellformed import same

HOSTILE = settings(max_examples=150, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONGEST_REASON = 300


def deep(depth: int = 5000) -> list:
    value = []
    for _ in range(depth):
        value = [value]
    return value


class Opaque:
    """No JSON value at all."""


# --- near-misses of a legal action ----------------------------------------------------------
def _swap_type(value):
    """The look-alike of an atom in another type (Python's == calls most of them equal)."""
    if type(value) is bool:
        return int(value)
    if type(value) is int:
        return bool(value) if value in (0, 1) else float(value)
    if type(value) is float:
        return int(value)
    return [value] if type(value) is str else None


MUTATIONS = {
    "swap type": _swap_type,
    "as float": lambda v: float(v) if type(v) in (int, bool) else 0.0,
    "as text": lambda v: json.dumps(v),
    "wrap in a list": lambda v: [v],
    "wrap in a dict": lambda v: {"value": v},
    "deep list": lambda v: deep(),
    "deep dict": lambda v: {"x": deep(50)},
    "null": lambda v: None,
    "huge int": lambda v: 2 ** 64,
    "big negative": lambda v: -2 ** 63,
    "nan": lambda v: math.nan,
    "infinity": lambda v: -math.inf,
    "long text": lambda v: "x" * 5000,
    "text just too long": lambda v: "x" * 101,
    "edited text": lambda v: v + "x" if type(v) is str else "x",
    "tuple": lambda v: tuple(v) if type(v) in (list, dict) else (v,),
    "set": lambda v: {1, 2},
    "opaque": lambda v: Opaque(),
    "bytes": lambda v: b"move",
    "many values": lambda v: list(range(500)),
    "wide but within bounds": lambda v: ["x" * 100] * 150,
    "wide dict": lambda v: {f"k{i:03}" + "x" * 95: "y" * 100 for i in range(150)},
    "many keys": lambda v: {f"k{i}": i for i in range(300)},
    "unknown key": lambda v: {**v, "junk": "x" * 100} if type(v) is dict else v,
    "dropped key": lambda v: dict(list(v.items())[1:]) if type(v) is dict else v,
    "renamed key": lambda v: {k + "_": x for k, x in v.items()} if type(v) is dict else v,
    "dropped item": lambda v: v[1:] if type(v) is list else v,
    "doubled item": lambda v: v + v[:1] if type(v) is list else v,
    "key not a text": lambda v: {**v, 1: True} if type(v) is dict else v,
}


def places(value) -> list[tuple]:
    """(container, key) of every value inside ``value``, the whole value as (None, None)."""
    found, todo = [(None, None)], [value]
    while todo:
        here = todo.pop()
        keys = list(here) if type(here) is dict else range(len(here)) if type(here) is list \
            else []
        for key in keys:
            found.append((here, key))
            todo.append(here[key])
    return found


def near_miss(action, place: int, mutation: str):
    """``action`` with the value at ``places(action)[place]`` changed by ``mutation``."""
    action = copy.deepcopy(action)
    container, key = places(action)[place % len(places(action))]
    change = MUTATIONS[mutation]
    if container is None:
        return change(action)
    container[key] = change(container[key])
    return action


# --- garbage -----------------------------------------------------------------------------
KEYS = ["declare", "card", "as", "ap", "tokens", "carry", "step", "pick", "take", "place",
        "face", "den", "pass", "use", "kill", "spy", "at", "sell", "fence", "field", "heap",
        "reserve", "cancel", "done", "play", "bet", "draw", "stop", "master", "seat", "tile"]
ATOMS = (st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70)
         | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=120)
         | st.sampled_from(["sneak", "move", "informer", "up", "down", "A", "R3", "O12", "coin",
                            "red", "c07", "0", "1", "true"]))
JSON = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=6)
                    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner,
                                      max_size=4), max_leaves=30)
GARBAGE = JSON | st.dictionaries(st.sampled_from(KEYS), ATOMS, min_size=1, max_size=3) \
    | st.builds(deep, st.integers(1, 6000))
LENGTH = {"age_of_thieves": 190, "crooks": 60, "swindler": 4000}  # about a random game's moves
WRONG_PLAYERS = ["0", True, False, 0.0, 1.0, None, 99, -1, 2 ** 70, [0], {"p": 0}, deep()]


# --- the games ---------------------------------------------------------------------------
def game_at(game: str, players: int, seed: int, moves: int) -> Match:
    """A random game after ``moves`` actions (or at its end)."""
    match = Match.start(game, [{"name": f"P{i}"} for i in range(players)], {}, seed)
    rules = match.rules
    bots = [RandomBot(rules, seed * 8 + i) for i in range(players)]
    for _ in range(moves):
        if rules.result(match.state) is not None:
            break
        p = rules.to_act(match.state)[0]
        match.act(p, bots[p].decide(None, rules.choice(match.state, p)))
    return match


def legal_actions(match: Match, player: int, seed: int) -> list:
    """The options of the player's choice, or a few random declarations for a ``spec``."""
    choice = match.rules.choice(match.state, player)
    if "options" in choice:
        return choice["options"]
    rng = Rng(seed_state(seed))
    return [match.rules.random_action(choice, rng) for _ in range(3)]


def show(value) -> str:
    """A short text for a failure message, even for a value nested thousands deep."""
    try:
        return repr(value)[:200]
    except RecursionError:
        return "a deeply nested value"


def throw(match: Match, player, action) -> None:
    """Check ``action``: refused (short reason, state unchanged), or legal as listed."""
    rules, state = match.rules, match.state
    before = state_hash(state)
    try:
        rules.check(state, player, action)
    except IllegalAction as refusal:
        assert state_hash(state) == before, f"check changed the state: {show(action)}"
        assert 0 < len(str(refusal)) < LONGEST_REASON, str(refusal)[:400]
        return
    choice = rules.choice(state, player) or rules.standing(state, player)  # out of turn
    assert state_hash(state) == before, f"check changed the state: {show(action)}"
    if "options" in choice:
        assert any(same(option, action) for option in choice["options"]), (
            f"accepted but not listed: {show(action)}")
    after = copy.deepcopy(state)
    rules.perform(after, player, action)  # never fails on a checked action
    if "spec" in choice:  # a declaration of known keys only, replaying to the same state
        assert set(action) == {"declare"}, show(action)
        assert all(set(entry) <= {"card", "ap", "tokens", "carry"}
                   for entry in action["declare"]), show(action)
        record = match.record()
        record["actions"] = [*record["actions"], [player, copy.deepcopy(action)]]
        assert state_hash(Match.replay(record).state) == state_hash(after)


@pytest.mark.parametrize("game", sorted(GAMES))
@HOSTILE
@given(data=st.data(), seed=st.integers(0, 10 ** 6), players=st.integers(2, 4),
       point=st.floats(0, 1.1))
def test_hostile_actions_are_refused_and_change_nothing(game, data, seed, players, point):
    match = game_at(game, players, seed, int(point * LENGTH[game]))
    rules = match.rules
    over = rules.result(match.state) is not None
    player = 0 if over else data.draw(st.sampled_from(rules.to_act(match.state)))
    legal = [{"pass": True}] if over else legal_actions(match, player, seed)
    for _ in range(12):
        base = data.draw(st.sampled_from(legal))
        mutation = data.draw(st.sampled_from(sorted(MUTATIONS)))
        throw(match, player, near_miss(base, data.draw(st.integers(0, 50)), mutation))
    for _ in range(4):
        throw(match, player, data.draw(GARBAGE))
    for wrong in WRONG_PLAYERS:
        throw(match, wrong, legal[0])
    if not over:
        others = [q for q in range(players) if q not in rules.to_act(match.state)]
        for q in others:
            throw(match, q, legal[0])


# --- parse ---------------------------------------------------------------------------------
TEXTS = (st.text(max_size=60)
         | st.text(alphabet="declare move:+,/;=-0123456789²٣ x", max_size=40)
         | st.sampled_from(["[" * 5000, "{" * 100000, "9" * 5000, "card=" + "9" * 5000,
                            "declare move:" + "9" * 5000, "kill " + "9" * 5000, "heap ²",
                            "place ² up", "declare move:x", "-", "=", ";", "\x00", "[]",
                            '{"a": NaN}', "1e999", "place 6 up", "sell R3 fence=0 field=2",
                            "declare move:2+informer,ambush:1"]))


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=TEXTS)
def test_parse_reads_any_text_as_an_action_or_refuses_it(game, text):
    rules = rules_for(game)
    try:
        rules.parse(text)
    except IllegalAction as refusal:
        assert len(str(refusal)) < LONGEST_REASON


@pytest.mark.parametrize("game", sorted(GAMES))
def test_parsed_text_is_checked_like_any_action(game):
    match = game_at(game, 3, 5, 0)
    player = match.rules.to_act(match.state)[0]
    for text in ["[" * 5000, "9" * 5000, "card=1.0;as=sneak", "heap 1", "place 6 up",
                 "declare move:1,move:1", '{"pass": 1}', "[[[[[[[[1]]]]]]]]"]:
        try:
            action = match.rules.parse(text)
        except IllegalAction:
            continue
        throw(match, player, action)


# --- the faults found, one by one ------------------------------------------------------------
def first_choice(game: str, wanted, players: int = 3, games: int = 40) -> tuple:
    """(match, player, choice) at the first choice of random games for which ``wanted(choice)``
    holds."""
    for seed in range(games):
        match = game_at(game, players, seed, 0)
        rules = match.rules
        bots = [RandomBot(rules, seed * 8 + i) for i in range(players)]
        while rules.result(match.state) is None:
            p = rules.to_act(match.state)[0]
            choice = rules.choice(match.state, p)
            if wanted(choice):
                return match, p, choice
            match.act(p, bots[p].decide(None, choice))
    raise AssertionError("no such choice in these games")


def refused(match: Match, player, action, reason: str = "") -> str:
    before = state_hash(match.state)
    with pytest.raises(IllegalAction) as refusal:
        match.rules.check(match.state, player, action)
    assert state_hash(match.state) == before
    assert reason in str(refusal.value) and len(str(refusal.value)) < LONGEST_REASON
    return str(refusal.value)


def test_age_of_thieves_refuses_look_alikes_of_a_card_index():
    match, p, _ = first_choice("age_of_thieves", lambda c: {"card": 0, "as": "sneak"}
                               in c.get("options", []))
    for card in (0.0, False, "0", [0]):
        refused(match, p, {"card": card, "as": "sneak"}, "not a legal choice")
    match.act(p, {"card": 0, "as": "sneak"})


def test_age_of_thieves_refuses_a_declaration_outside_the_declaration_phase():
    match, p, _ = first_choice("age_of_thieves", lambda c: c["kind"] == "resolve")
    for declare in (7, [None], [{"card": 3}], "move", [[]] * 100):
        refused(match, p, {"declare": declare}, "not a legal choice")


def test_age_of_thieves_declarations_have_exactly_their_keys():
    match, p, choice = first_choice("age_of_thieves", lambda c: c["kind"] == "declare")
    move = {"card": "move", "ap": 1}
    refused(match, p, {"declare": [move], "junk": "x" * 100}, "Declaration phase")
    refused(match, p, {"declare": [{**move, "note": ["x" * 100] * 50}]}, "has only")
    refused(match, p, {"declare": [{"card": "move", "tokens": []}]}, "AP must be")
    refused(match, p, {"declare": [{**move, "ap": 1.0}]}, "AP must be")
    refused(match, p, {"declare": [{**move, "ap": True}]}, "AP must be")
    refused(match, p, {"declare": [{**move, "carry": ["c00"]}]}, "carries")
    refused(match, p, {"declare": [{**move, "tokens": [["informer"]]}]}, "tokens")
    hand = choice["spec"]["hand"]
    refused(match, p, {"declare": [{**move, "card": c} for c in ["move", "ambush", *hand]]
                       + [move, move]}, "more cards than you hold")
    match.act(p, {"declare": [move]})
    assert match.actions[-1][1] == {"declare": [move]}


def test_swindler_refuses_look_alike_numbers():
    match, p, choice = first_choice("swindler", lambda c: any("sell" in o for o in c["options"]))
    sale = next(o for o in choice["options"] if "sell" in o)
    refused(match, p, {**sale, "fence": float(sale["fence"])}, "'fence' takes a whole number")
    refused(match, p, {**sale, "field": [sale["field"]]}, "'field' takes a whole number")
    refused(match, p, {**sale, "junk": 1}, "not a Swindler action")
    match, p, _ = first_choice("swindler", lambda c: c["kind"] in ("split", "pick_heap"),
                               games=200)
    refused(match, p, {"heap": 1.0}, "'heap' takes a whole number")
    refused(match, p, {"heap": True}, "'heap' takes a whole number")


def test_swindler_reasons_take_any_value():
    match, p, _ = first_choice("swindler", lambda c: c["kind"] == "reserve")
    for order in ([1], {"a": 1}, None, 1.5, "x" * 100):
        refused(match, p, {"reserve": order}, "'reserve' takes an id")
    refused(match, p, {"reserve": "O99"}, "is not open")
    refused(match, p, {"done": 1}, "'done' takes true")


def test_crooks_refusals_never_show_the_value():
    match, p, _ = first_choice("crooks", lambda c: c["kind"] == "place")
    refused(match, p, {"place": ["x" * 100] * 150, "face": "up"}, "place your crook")
    refused(match, p, {"place": 6.0, "face": "up"}, "place your crook")
    refused(match, p, {"place": deep(), "face": "up"}, "nests")
    match, p, _ = first_choice("crooks", lambda c: c["kind"] == "turn")
    assert refused(match, p, {"pass": ["x" * 100] * 150}) == "'pass' takes true or false"
    refused(match, p, {"pass": 1}, "'pass' takes true or false")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_player_is_an_exact_seat_number(game):
    match = game_at(game, 3, 1, 0)
    player = match.rules.to_act(match.state)[0]
    action = legal_actions(match, player, 1)[0]
    for wrong in WRONG_PLAYERS:
        refused(match, wrong, action)
    match.act(player, action)
