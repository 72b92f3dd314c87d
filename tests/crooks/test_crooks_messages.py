"""The crooks engine writes no sentences (docs/i18n.md): every log line, prompt and scoring step
is a message id with data arguments — seats, crook ids, den letters, numbers — that the web
layer renders in the player's language."""

import json
import re

import pytest

from engine.core.game import Match
from engine.crooks import RULES, content
from engine.simulate import decisions, make_bot

ID = re.compile(r"^[a-z][a-z0-9_]*$")
DENS = set(content.dens(4))
SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+")  # two words in a row: English text


def check_message(message: dict, where: str) -> None:
    assert set(message) >= {"msg", "args"} and "text" not in message, where
    assert ID.match(message["msg"]), where
    assert isinstance(message["args"], dict), where
    for key, value in message["args"].items():
        assert ID.match(key), (where, key)
        assert not isinstance(value, str) or value in DENS or value in content.GANGS \
            or value in content.crooks(), \
            (where, key, value)


def crawl_strings(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from crawl_strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from crawl_strings(value)
    elif isinstance(node, str):
        yield node


def play(players: int, kind: str, seed: int):
    """A whole bot game; yields (state, choice) before every decision and at the end."""
    bots = [make_bot(kind, "crooks", seed * 8 + i) for i in range(players)]
    match = Match.start("crooks", [{"name": f"Seat {i}"} for i in range(players)], {}, seed)
    for m in decisions(match, bots):
        yield m.state, RULES.choice(m.state, RULES.to_act(m.state)[0])
    yield match.state, None


@pytest.mark.parametrize("players, kind, seed", [
    (2, "heuristic", 1), (3, "random", 2), (4, "heuristic", 3), (4, "random", 4)])
def test_log_prompts_and_scoring_are_messages_with_data(players, kind, seed):
    kinds, states = set(), []
    for state, choice in play(players, kind, seed):
        states.append(state)
        if choice is not None:
            check_message(choice["prompt"], f"prompt of {choice['kind']}")
            kinds.add(choice["prompt"]["msg"])
    state = states[-1]
    for entry in state["log"]:
        check_message(entry, "log")
        assert set(entry) <= {"turn", "msg", "args", "to"}
    for step in state["result"]["breakdown"]:
        check_message(step, step["step"])
        assert "name" not in step
    assert "recruit_or_pass" in kinds


def test_no_english_sentence_in_the_state_or_the_views():
    """Besides the seats' own names, the state and every view hold ids and numbers only (the
    crooks' names in a view are content data, translated by the table)."""
    state = [s for s, _choice in play(4, "heuristic", 5)][-1]
    names = set(state["names"])
    crook_names = {c["name"] for c in content.crooks().values()}
    for text in crawl_strings(state):
        assert text in names or not SENTENCE.search(text), text
    for player in (None, 0, 1, 2, 3):
        for text in crawl_strings(RULES.view(state, player)):
            assert text in names or text in crook_names or not SENTENCE.search(text), text


def test_the_json_of_a_game_carries_no_text_key():
    states = []
    for state, choice in play(3, "heuristic", 6):
        states.append(state)
        if choice is not None:
            assert '"text"' not in json.dumps(choice)
    assert '"text"' not in json.dumps(states[-1])
