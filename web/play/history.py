"""The browser's history as the table's (docs/table.md, "Back, Forward and reload"): each
screen a person goes to is an entry (the start screen, a game, its rules page, the statistics,
the saved games, the replay), so that Back and Forward go between them within the table.

An entry holds a *place*: ``{"screen": ..., "game": <save id>}`` (``"remote"``: a game by
links; ``"rules"``: the game whose rules page is shown) and its number in the tab, ``"at"``.
The table's first entry is always the start screen: a game opened by a link or a reload gets
one below it, so that Back from a game never leaves the site. The router (web/app.py) says
where it is after each paint; this says how the page's history follows: a new entry when a
person went there (or left the start screen), Back when they went to the entry just below
(the in-app "Back to the game", the menu from a game), else the entry is rewritten.
"""

from web.base.i18n import _
from web.games import PACKAGES
from web.keep.saves import PREFIX
from web.play.links.device import NoGame


def same(a: dict | None, b: dict | None) -> bool:
    """Do two entries hold the same place (whatever their numbers)?"""
    def place(entry):
        return {k: v for k, v in entry.items() if k != "at"} if isinstance(entry, dict) else None
    return place(a) == place(b)


class History:
    """The page's history as far as this tab's router has made or seen it."""

    def __init__(self):
        self.told: dict | None = None  # the entry the page shows now
        self.places: dict[int, dict] = {}  # entries by number, as last made or seen
        self.by_person = False  # a person's tap since the last paint

    def entered(self, entry) -> bool:
        """The page shows ``entry`` (Back, Forward, a reload); False if it is none of ours."""
        if not (isinstance(entry, dict) and isinstance(entry.get("screen"), str)
                and type(entry.get("at")) is int):
            return False
        self.told = self.places[entry["at"]] = entry
        return True

    def new_entry(self) -> None:
        """The browser made an entry of its own (a link typed into the address bar)."""
        at = self.told["at"] + 1 if self.told else 0
        self.told = {"at": at}

    def follow(self, place: dict) -> list:
        """The page's history steps to the router's ``place``: effects for the page."""
        person, self.by_person = self.by_person, False
        if same(place, self.told):
            return []
        if self.told is None:  # the tab's first entry: the start screen below everything
            base = {"screen": "start", "at": 0}
            self.told = self.places[0] = base
            steps = [["replace", base]]
            return steps if same(place, base) else steps + self.follow(place)
        at = self.told["at"]
        if person and same(self.places.get(at - 1), place):
            self.told = self.places[at - 1]
            return [["back", None]]
        if person or self.told.get("screen") == "start":
            self.places = {n: p for n, p in self.places.items() if n <= at}
            at += 1
            kind = "push"
        else:
            kind = "replace"
        self.told = self.places[at] = {**place, "at": at}
        return [[kind, self.told]]


class BackAndForward:
    """The router's side (web/app.py's App): where it is, and going to an entry."""

    def place(self) -> dict:
        """Where this tab is, as an entry of the browser's history holds it."""
        screen = {"help": "stats" if self.stats else "help", "saves": "saves",
                  "replay": "replay", "start": "start"}.get(self.screen, "game")
        place = {"screen": screen}
        if self.hot is not None:
            place["game"] = self.hot.save_id
        elif self.remote.device is not None:
            place["remote"] = self.remote.device.chain.game_id
        if screen in ("help", "stats") and self.help_game:
            place["rules"] = self.help_game
        return place

    def _on_history(self, entry) -> None:
        """Back or Forward to ``entry``, one of this tab's: the table goes there."""
        if self.history.entered(entry):
            self._go(entry)

    def _go(self, place: dict) -> None:
        """To ``place`` (:meth:`place`) by the menu's ways. A game left stays saved; one gone
        back to opens again as its save holds it: at its hand-over when several people share
        the device, never at someone's private screen. A game by links whose last decision has
        not left this device is not left by Back: the entry comes back, and the notice says
        why."""
        screen = place["screen"]
        if self.remote.unsent() and place.get("remote") != self.remote.device.chain.game_id:
            self.notice = ("error", _("Your decision has not left this device yet: send its "
                                      "link first. To leave anyway, use the menu (the game is "
                                      "kept here)."))
            return
        if screen == "start" or not self._reopen(place.get("game"), place.get("remote")):
            if screen == "start" or self.screen != "saves":  # (saves: why it did not open)
                self._on_nav("start")
            return
        playing = self.playing.screen if self.in_game else "start"  # (one opening: once open)
        if screen in ("help", "stats", "saves"):
            self.screen = "saves" if screen == "saves" else "help"
            self.back = playing if self.in_game else None
            rules = place.get("rules")
            self.help_game = rules if isinstance(rules, str) and rules in PACKAGES else None
            self.stats, self.replay = screen == "stats", None
        elif screen == "replay" and self.match is not None:
            self._on_replay()
        else:
            self.screen, self.back, self.replay = playing, None, None

    def _reopen(self, game, by_links) -> bool:
        """The game ``game`` (a save's id) or ``by_links`` (a game by links' id) open here, as
        it is or opened again (None, None: none open); False if it cannot be."""
        if game is None and by_links is None:
            self._close_game()
            return True
        if self.hot is not None and self.hot.save_id == game or self.remote.device is not None \
                and self.remote.device.chain.game_id == by_links:
            return True
        if game is not None:
            if self.saves.storage.get(PREFIX + str(game)) is None:
                return False  # deleted since: nothing to open, nothing to mark
            self._on_continue(str(game))
            return self.hot is not None
        self._close_game()
        try:
            self._show(self.remote.reopen(str(by_links)))
        except NoGame:
            return False
        return True
