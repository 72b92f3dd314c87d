"""The remote table's screen draws plain data: no function of web/screens/links.py takes a
controller, a transport or a chain, none reaches into one or asks the game anything, and a paint
builds the seat's view once (what import contracts cannot see)."""

import ast
import random
from pathlib import Path

import pytest
from test_linkplay import host_game, play

SCREENS = [Path(__file__).parents[2] / "web" / "screens" / name
           for name in ("links.py", "linkscene.py")]
CONTROLLERS = {"table", "device", "chain", "app", "remote", "match", "rules", "state"}
ASKING = {"view", "turn", "result", "to_act", "deciders", "undo_refusal", "join_link", "since",
          "last_decision", "seat_view", "scene", "invitations", "kept_games"}


def functions(path: Path) -> list:
    return [node for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.FunctionDef)]


@pytest.mark.parametrize("path", SCREENS, ids=lambda p: p.name)
def test_no_screen_function_takes_a_controller(path):
    taken = [(f.name, a.arg) for f in functions(path)
             for a in f.args.posonlyargs + f.args.args + f.args.kwonlyargs
             if a.arg in CONTROLLERS]
    assert taken == []


@pytest.mark.parametrize("path", SCREENS, ids=lambda p: p.name)
def test_no_screen_function_reaches_into_a_controller_or_asks_the_game(path):
    tree = ast.parse(path.read_text())
    reached = [node.attr for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and node.attr in CONTROLLERS]
    asked = [node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Attribute) and node.func.attr in ASKING]
    assert (reached, asked) == ([], [])


def test_a_remote_paint_builds_the_seats_view_once(monkeypatch):
    """Painted again at the same position, each device's screen builds its seat's view once
    (the first paint after a decision may replay the game once for "since your last
    decision"); a finished game adds the view of the table for its result."""
    host, guests = host_game("crooks")
    devices = {host.seat: host, **{g.seat: g for g in guests}}
    rules = type(host.chain.match.rules)  # (each game's rules have a view of their own)
    built, real = [], rules.view

    def counted(self, state, player):
        built.append(player)
        return real(self, state, player)
    monkeypatch.setattr(rules, "view", counted)
    painted = []

    def paint_twice(devices) -> bool:
        for device in devices.values():
            built.clear()
            device.app.render()
            assert len(built) <= 2, built
            built.clear()
            device.app.render()
            assert built == [device.seat], built
            painted.append(device.seat)
        return len(painted) > 150
    play(devices, random.Random(1), until=paint_twice)
    assert len(painted) > 150
    play(devices, random.Random(1))
    for device in devices.values():
        device.app.render()
        built.clear()
        device.app.render()
        assert built == [device.seat, None], built
