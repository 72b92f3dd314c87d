"""The menu's settings, kept on this device: the language and how figures and cards move."""

import contextlib

from web.base import i18n
from web.base.i18n import N_
from web.base.outcome import QUIET, Outcome

LANGUAGE_KEY = "thieves.language"  # the language chosen in the menu (local storage)
# how figures and cards move, as the menu's switch names it
MOTIONS = {"normal": N_("Moves: normal"), "slow": N_("Moves: slow"), "off": N_("Moves: off")}
MOTION_KEY = "thieves.motion"  # how figures and cards move: normal, slow or off (local storage)


class Settings:
    """The settings as kept in ``storage``, else the browser's ``languages`` and normal motion;
    each change returns the page's effects (in an :class:`Outcome`, web/play/seat.py)."""

    def __init__(self, storage, languages: list[str]):
        self.storage = storage
        i18n.activate(i18n.choose(storage.get(LANGUAGE_KEY), list(languages)))
        motion = storage.get(MOTION_KEY)
        self.motion = motion if motion in MOTIONS else "normal"

    def language(self, code, relabelled) -> Outcome:
        """Every text from now on in ``code``; ``relabelled`` redraws what holds texts."""
        if code not in i18n.LANGUAGES:
            return QUIET
        relabelled(lambda: i18n.activate(code))
        with contextlib.suppress(Exception):  # not kept: the next visit asks the browser
            self.storage.set(LANGUAGE_KEY, code)
        return Outcome(effects=(("language", code),))

    def on_motion(self, arg) -> Outcome:
        """Figures and cards move as chosen (normal, slow or off)."""
        value = arg.get("value") if isinstance(arg, dict) else arg
        if value not in MOTIONS:
            return QUIET
        self.motion = value
        with contextlib.suppress(Exception):  # not kept: the next visit moves normally
            self.storage.set(MOTION_KEY, value)
        return Outcome(effects=(("motion", value),))

    EVENTS = {"motion": on_motion}
