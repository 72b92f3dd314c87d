"""The menu's settings, kept on this device: the language and how figures and cards move."""

import contextlib

from . import frame, i18n

LANGUAGE_KEY = "thieves.language"  # the language chosen in the menu (local storage)
MOTION_KEY = "thieves.motion"  # how figures and cards move: normal, slow or off (local storage)


class Settings:
    """The settings as kept in ``storage``, else the browser's ``languages`` and normal motion;
    each change returns the page's effects."""

    def __init__(self, storage, languages: list[str]):
        self.storage = storage
        i18n.activate(i18n.choose(storage.get(LANGUAGE_KEY), list(languages)))
        motion = storage.get(MOTION_KEY)
        self.motion = motion if motion in frame.MOTIONS else "normal"

    def language(self, code, relabelled) -> list:
        """Every text from now on in ``code``; ``relabelled`` redraws what holds texts."""
        if code not in i18n.LANGUAGES:
            return []
        relabelled(lambda: i18n.activate(code))
        with contextlib.suppress(Exception):  # not kept: the next visit asks the browser
            self.storage.set(LANGUAGE_KEY, code)
        return [("language", code)]

    def moving(self, value) -> list:
        """Figures and cards move ``value`` (normal, slow or off)."""
        if value not in frame.MOTIONS:
            return []
        self.motion = value
        with contextlib.suppress(Exception):  # not kept: the next visit moves normally
            self.storage.set(MOTION_KEY, value)
        return [("motion", value)]
