"""The Swindler engine writes no sentences (docs/i18n.md): every log line and prompt is a message
id with data arguments — seats, ids, numbers — that the web layer renders in the player's
language."""

import re

import pytest

from engine.core.game import Match
from engine.simulate import decisions, make_bot
from engine.swindler import content
from engine.swindler.rules import Swindler

RULES = Swindler()
ID = re.compile(r"^[a-z][a-z0-9_]*$")
FACES = {content.card_face(c) for c in content.accomplices()}
WORDS = (set(content.tiles()) | set(content.orders()) | set(content.fences()) | FACES
         | set(content.masters()) | set(content.types()) | set(content.bags()))


def data_strings(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from data_strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from data_strings(value)
    elif isinstance(node, str):
        yield node


def check_message(message: dict, where: str) -> None:
    assert set(message) >= {"msg", "args"} and "text" not in message, where
    assert ID.match(message["msg"]), where
    assert isinstance(message["args"], dict), where
    for key, value in message["args"].items():
        assert ID.match(key), (where, key)
        if key != "spec":  # an item spec: {"item": type or group, "bag": colour}
            assert all(s in WORDS for s in data_strings(value)), (where, key, value)


def play(players: int, kind: str, seed: int, masters: str = "draft"):
    """A whole bot game; yields (state, choice) before every decision and at the end."""
    bots = [make_bot(kind, "swindler", seed * 8 + i) for i in range(players)]
    match = Match.start("swindler", [{"name": f"Seat {i}"} for i in range(players)],
                        {"masters": masters}, seed)
    for m in decisions(match, bots):
        yield m.state, RULES.choice(m.state, RULES.to_act(m.state)[0])
    yield match.state, None


@pytest.mark.parametrize("players, kind, seed, masters", [
    (2, "heuristic", 1, "draft"), (3, "random", 2, "random"), (4, "heuristic", 3, "draft"),
    (4, "random", 4, "off")])
def test_log_and_prompts_are_messages_with_data(players, kind, seed, masters):
    seen = set()
    for state, choice in play(players, kind, seed, masters):
        for entry in state["log"]:
            check_message(entry, entry.get("msg"))
            seen.add(entry["msg"])
        if choice is not None:
            check_message(choice["prompt"], choice["kind"])
            seen.add(choice["prompt"]["msg"])
    assert {"turn_starts", "steals_from", "draws", "reserve_ask", "bag_ask"} <= seen
    assert state["log"][-1]["msg"] in ("game_won", "game_shared")
