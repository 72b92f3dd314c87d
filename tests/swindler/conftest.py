"""Fixtures for the Swindler rules tests; the helpers live in sw_helpers.py."""

import pytest
from sw_helpers import Game, Script


@pytest.fixture
def new_game():
    """A factory: ``new_game(players=3, seed=1, skip=True, revision=None, **options)`` -> Game."""
    return Game


@pytest.fixture
def script(monkeypatch):
    """``script(*tiles)`` queues the tiles the next draws from bags will produce."""
    return Script(monkeypatch)
