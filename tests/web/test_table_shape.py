"""The table's screens draw data: no screen function takes a controller (the app, the remote
table, a device, a chain) — they get a scene, a view, ``ui`` and plain values."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTROLLERS = {"app", "remote", "table", "device", "chain"}
SCREENS = ["web/screens/table.py", "web/screens/frame.py", "web/screens/replay.py",
           "web/screens/links.py",
           *(str(p.relative_to(ROOT)) for game in ("aot", "crooks", "swindler")
             for p in sorted((ROOT / "web" / "games" / game).glob("*.py")))]


@pytest.mark.parametrize("path", SCREENS)
def test_screens_take_no_controller(path):
    tree = ast.parse((ROOT / path).read_text())
    taking = [f"{node.name}({arg.arg})" for node in ast.walk(tree)
              if isinstance(node, ast.FunctionDef)
              for arg in node.args.args + node.args.kwonlyargs if arg.arg in CONTROLLERS]
    assert not taking, taking


def test_the_table_screens_draw_a_scene():
    """Each public screen of web/screens/table.py takes a Scene (or plain values: ``since``)."""
    tree = ast.parse((ROOT / "web" / "screens" / "table.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in ("handover", "game", "end"):
            assert ast.unparse(node.args.args[0].annotation) == "Scene", node.name
