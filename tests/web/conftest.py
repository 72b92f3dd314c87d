"""Fixtures for the browser app's CPython tests: an in-memory storage, a clock, an app."""

import pytest
from webutil import Clock

from web.app import App
from web.base import i18n
from web.keep.saves import MemoryStorage
from web.play.bots import PACE


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English, whatever the test before it switched to."""
    i18n.activate("en")


@pytest.fixture(autouse=True)
def unmeasured_pace():
    """Every test starts on a device whose search pace is not measured yet."""
    PACE.clear()


@pytest.fixture
def storage():
    return MemoryStorage()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def make_app(storage, clock):
    def make(**kw):
        kw.setdefault("session", MemoryStorage())
        kw.setdefault("seed_source", lambda: 12345)
        return App(storage, now=clock, **kw)
    return make
