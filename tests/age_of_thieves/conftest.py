"""Fixtures for the Age of Thieves rules tests; the helpers live in aot_helpers.py."""

import pytest
from aot_helpers import BOARD, Game


@pytest.fixture
def new_game():
    """A factory: ``new_game(thieves, seed=..., options=..., first=...)`` -> Game."""
    return Game


@pytest.fixture
def board():
    return BOARD
