"""The browser's storage (localStorage, sessionStorage) as the app's storage interface, in a
worker, which has none: a copy of what the page's storage held when the table started, kept up
to date by the page (another tab's changes), each change of the table's sent to the page, which
writes it."""

import re

from web.browser.bridge import post

# what every browser keeps of one site's storage, keys and values together, in UTF-16 code
# units: Chromium keeps 5 MiB of them (measured; Firefox counts the same), a browser that
# counts two bytes a character against 5 MiB half as many; half is still some hundreds of games
QUOTA = 5 * 1024 * 1024 // 2


ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # two UTF-16 code units each


def _units(text: str) -> int:
    return len(text) if text.isascii() else len(text) + len(ASTRAL.findall(text))


def _entry(key: str, value: str | None) -> int:
    """What ``key`` holding ``value`` counts against the quota (None: nothing held)."""
    return 0 if value is None else _units(key) + _units(value)


class MirrorStorage:
    """The app's storage interface over a copy of the page's ``area`` ("local" or
    "session"). A write the browser would refuse (over ``quota``) is refused here at once, so
    the app says so as it makes it; the page's own refusal, rarer (a browser that keeps even
    less), comes later (``refused``)."""

    def __init__(self, area: str, items: dict):
        self.area = area
        self.quota = QUOTA
        self.replaced(items)

    def get(self, key):
        return self.items.get(key)

    def set(self, key, value):
        from web.keep.saves import StorageFull

        if self.used - _entry(key, self.items.get(key)) + _entry(key, value) > self.quota:
            raise StorageFull(f"this browser keeps {self.quota} characters for this site")
        self.changed(key, value)
        post("store", area=self.area, key=key, value=value)

    def remove(self, key):
        self.changed(key, None)
        post("store", area=self.area, key=key, value=None)

    def keys(self):
        return list(self.items)

    def changed(self, key: str, value: str | None) -> None:
        """The page's storage holds ``value`` for ``key`` now (None: nothing)."""
        self.used += _entry(key, value) - _entry(key, self.items.pop(key, None))
        if value is not None:
            self.items[key] = value

    def refused(self, key: str, value: str | None) -> None:
        """The page's storage refused this copy's write of ``key``, and holds ``value``: the
        copy holds it again, and from now on keeps no more than the browser holds now."""
        self.changed(key, value)
        self.quota = min(self.quota, self.used)

    def replaced(self, items: dict) -> None:
        """The page's storage holds ``items`` now (at start, or another tab cleared it)."""
        self.items = dict(items)
        self.used = sum(_entry(key, value) for key, value in self.items.items())
