"""Each game's web package has the same face (web/games/__init__.py): a ``FRONT``, a screen module
that is a ``GameScreen`` to the parameter names, and a help page; and its screens draw from the
views they are given, never from the rules."""

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from web.games import PACKAGES, GameFront, GameScreen

FACE = [name for name, member in vars(GameScreen).items()
        if inspect.isfunction(member) and not name.startswith("_")]


def parameters(function, drop_self: bool = False) -> list[str]:
    names = list(inspect.signature(function).parameters)
    return names[1:] if drop_self else names


def test_the_face_is_the_five_screen_functions():
    assert sorted(FACE) == ["controls", "reduce", "render_game", "render_result", "say"]
    assert parameters(GameScreen.render_result, drop_self=True) == [
        "result", "names", "final_view"]


@pytest.mark.parametrize("game", PACKAGES)
def test_game_packages_share_one_face(game):
    front = importlib.import_module(PACKAGES[game]).FRONT
    assert isinstance(front, GameFront) and front.game == game
    screen = front.module()
    for name in FACE:
        function = getattr(screen, name, None)
        assert callable(function), f"{front.screen} has no {name}"
        assert parameters(function) == parameters(getattr(GameScreen, name), drop_self=True), (
            f"{front.screen}.{name}")
    help_page = front.module("help")
    assert callable(help_page.render) and not parameters(help_page.render)


def _imports(path: Path) -> set[str]:
    """The modules and names ``path`` imports, anywhere in it ('engine.crooks.RULES')."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return found


@pytest.mark.parametrize("game", PACKAGES)
def test_game_screens_never_reach_the_rules(game):
    """A screen draws what its view holds: the rules (and the whole hidden state they read)
    stay with the table."""
    folder = Path(importlib.import_module(PACKAGES[game]).__file__).parent
    for path in sorted(folder.glob("*.py")):
        rules = {name for name in _imports(path)
                 if name.startswith("engine.core") or name.rsplit(".", 1)[-1] in ("RULES", "rules")}
        assert not rules, (path.name, rules)
