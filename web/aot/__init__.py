"""The Age of Thieves screen: ``render_game(view, ui)`` and ``reduce(view, ui, ev, arg)``."""

from .render import render_game
from .ui import reduce

__all__ = ["render_game", "reduce"]
