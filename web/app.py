"""The table app, as pure Python: the router. It takes the page's events, shows the screen
they lead to, and holds what is open in this tab: a way of playing (``playing``, through its
plug, web/play/playing.py: a game at this device, hotseat/; by links or live, links/), the start
screen, the saved games, the rules pages and the replay (web/screens/; each game draws its own
table, web/games/). ``App.handle(ev, arg)`` takes the page's events (``data-ev``/``data-arg``);
``App.render()`` returns the current screen's HTML. Every decision goes through the engine."""

import secrets
import time

from engine.core.game import Match
from web.base.i18n import _
from web.base.outcome import QUIET, Outcome
from web.games import PACKAGES, front
from web.keep import gamelink, version
from web.keep.plans import OPEN_KEY
from web.keep.saves import Saves
from web.keep.settings import Settings
from web.play import lesson
from web.play.history import BackAndForward, History
from web.play.hotseat import EVENTS, HotSeat, Place, by_link, reopened
from web.play.links import OPEN_KEY as REMOTE_OPEN_KEY
from web.play.links import RemoteTable
from web.play.links.router import ByLinks
from web.play.playing import Playing, Plugged
from web.screens import frame, links, rules, table
from web.screens.replay import Replay
from web.screens.saved import SavedGames
from web.screens.start import SetupError, StartScreen


class App(Plugged, ByLinks, BackAndForward):
    TABLES = {"handover": table.handover, "game": table.game, "end": table.end,  # by screen:
              RemoteTable.screen: links.render}  # how a way of playing's scene is drawn

    def __init__(self, storage, now=time.time, session=None, seed_source=None, renderer=None,
                 base_url: str = "", tz_offset_min: int = 0, languages: list[str] = (),
                 secure: bool = True):
        self.saves = Saves(storage, now)
        self.settings = Settings(storage, languages)  # the menu's (web/keep/settings.py)
        self.session = session
        self.seed_source = seed_source or (lambda: secrets.randbits(32))
        self._renderer = renderer  # a stand-in game screen (tests)
        self.base_url = base_url
        self.secure = secure  # a secure context: games on several devices can be played here
        self.screen = "start"
        self.back = None          # the screen a help or saves page returns to
        self.help_game = None     # the game whose rules the help page shows (None: this one)
        self.stats = False        # the help page shows the game's statistics instead
        self.start = StartScreen(secure)
        self.saved = SavedGames(now, tz_offset_min, self.saves, base_url)
        self.playing: Playing | None = None  # the way of playing open in this tab
        self.notice = None        # (kind, text): an error or info line on the screen
        self.replay: Replay | None = None
        self.focus = None         # a CSS selector the page should focus after this render
        self.effects: list = []   # (kind, value) for the page: copy, hash, toast
        self.remote = RemoteTable(storage, session, base_url)  # a game by links (web/play/links/)
        self.history = History()  # the browser's Back and Forward (web/play/history.py)
        self.place_here = Place(self.saves, session, self._screen, base_url)

    @property
    def hot(self) -> HotSeat | None:
        """The game open at this device (web/play/hotseat/), if that is the way of playing."""
        return self.playing if isinstance(self.playing, HotSeat) else None

    @property
    def match(self) -> Match | None:
        """The game open at this device, if any."""
        return self.hot.match if self.hot is not None else None

    @property
    def front(self):
        """The open game's table front, else the one chosen on the start screen."""
        return front(self.match.game if self.match is not None else self.start.game)

    @property
    def renderer(self):
        """The open game's screen module, imported when a game screen is first drawn."""
        return self._screen(self.front.game)

    # --- the page's entry points -------------------------------------------------------
    def boot(self, fragment: str = "", entry=None) -> None:
        """First screen: a game link in the URL, else the game open in this tab, else start,
        then the browser's history ``entry`` (a reload). A link that cannot be opened is said
        so and taken out of the address bar; nothing in the URL or storage stops the start."""
        try:
            if fragment.startswith(gamelink.PREFIX) or RemoteTable.takes(fragment):
                self.open_link(fragment)
                return
            open_id = self.session.get(OPEN_KEY) if self.session else None
            remote_id = self.session.get(REMOTE_OPEN_KEY) if self.session else None
            if open_id:
                self.play(*reopened(self.place_here, open_id), quiet=True)
            elif remote_id:
                self._show(self.remote.reopen(remote_id))
            if self.history.entered(entry):
                self._go(entry)
        except Exception as error:  # a fault of ours: still start, say so, change no save
            self._close_game()
            self.notice = ("error", _("The table could not open the game it was asked to "
                                      "({error}); your saved games are kept as they were.")
                           .format(error=type(error).__name__))
        self._show(QUIET)
        if not self.in_game and not self.remote.busy:
            self.screen = "start"
        note = version.after_update(self.saves)
        if note and self.notice is None:
            self.notice = ("info", note)

    def handle(self, name: str, arg=None) -> None:
        self.history.by_person |= name != "history"
        if not self._reports_only(name, arg):
            self.notice = None
        own = self.EVENTS.get(name)  # the router's own events come first
        part = next((part for part in (self.start, self.saved, self.settings)
                     if name in part.EVENTS), None)
        way, outcome = self.playing, QUIET
        if own is not None:
            own(self, arg)
        elif self.screen == "replay" and self.replay is not None and self.replay.takes(name):
            self.replay.tap(name, arg)
        elif self.remote.handles(name):  # (its own events too while no game by links is open)
            outcome = self.remote.handle(name, arg)
        elif name in EVENTS or way is not None and way.handles(name):
            if way is not None and self.screen == way.screen:
                outcome = way.handle(name, arg)
        elif part is not None:
            outcome = part.EVENTS[name](part, arg) or QUIET
        else:
            self.notice = ("error", _("Unknown control: {name}").format(name=name))
        self._show(outcome)
        if self.notice and self.notice[0] == "error" and self.focus is None:
            self.focus = "#notice"  # the page may be scrolled far from the message

    def _reports_only(self, name: str, arg) -> bool:
        """Does the event only report what the person set, leaving the notice: a start screen
        setting, or a link box's text as the notice of its link takes the focus?"""
        if name.startswith("setup-"):
            return True
        held = {"link-text": self.start.link_text, "remote-paste": self.remote.paste}.get(name)
        value = arg.get("value") if isinstance(arg, dict) else arg
        return held is not None and str(value or "") == held

    def _show(self, outcome: Outcome) -> None:
        """Show what an entry point of the way of playing open here led to (web/base/outcome.py)."""
        if outcome.shown in ("start", "saves"):  # its game is gone
            self._close_game()
            self.screen, self.back = outcome.shown, None
        elif outcome.shown == "game":  # opened (again): a replay was of the game as it was
            self.replay, self.start.link_text = None, ""
        if outcome.notice is not None:
            self.notice = outcome.notice
        self.effects.extend(outcome.effects)
        self.focus = outcome.focus or self.focus
        if self.playing is None and self.remote.device is not None:
            self.playing = self.remote  # a game by links, open once its signatures are checked
        if not self.in_game:
            return
        if self.screen in self.TABLES or outcome.shown == "game" \
                and self.screen not in ("help", "saves"):
            self.screen = self.playing.screen
        elif self.back in self.TABLES or outcome.shown == "game":
            self.back = self.playing.screen

    def take_effects(self) -> list:
        """The page's work after this paint, its history's step to this screen last."""
        effects, self.effects = self.effects, []
        return effects + [("history", step) for step in self.history.follow(self.place())]

    def take_focus(self):
        focus, self.focus = self.focus, None
        return focus

    def screen_key(self) -> str:
        """Changes whenever the page should move the keyboard focus to the new screen: another
        screen, or a handover to someone else. The game screen keeps its key while the same
        person holds the device (bots playing between): their focus stays where they work."""
        if self.screen == "game":
            return f"game:{self.hot.save_id}:{self.hot.last_human}"
        return f"{self.screen}:{self.hot.next_human() if self.hot is not None else None}"

    # --- starting, opening ---------------------------------------------------------------
    def play(self, way: Playing | None, outcome: Outcome = QUIET, quiet: bool = False) -> None:
        """Show ``way`` of playing opened here (one game open in a tab), or (unless ``quiet``)
        why it was not (``outcome``)."""
        if way is not None:
            self.remote.close()
            self.playing, self.replay, self.screen = way, None, way.screen
        if way is not None or not quiet:
            self._show(outcome)

    def _screen(self, game: str):
        return self._renderer or front(game).module()

    def open_link(self, fragment: str) -> None:
        """Open a shared game (a new save, or the one kept here); a bad link shows why and
        touches no save. A remote game's link goes to the remote table (it may take a
        moment)."""
        self.effects.append(("hash", ""))
        if RemoteTable.takes(fragment):
            self._open_by_links(fragment)
            return
        hot, outcome = by_link(fragment, self.place_here)
        if hot is None and not self.in_game:
            self.screen = "start"
        self.play(hot, outcome)

    def _close_game(self) -> None:
        if self.playing is not None:
            self.playing.close()
        self.playing = self.replay = None
        self.remote.close()  # (a game by links still being opened)

    # --- events ----------------------------------------------------------------------------
    def _on_nav(self, where) -> None:
        if where in ("help", "saves"):
            if self.screen not in ("help", "saves"):
                self.back = self.screen if self.in_game else None
            self.screen, self.help_game, self.stats = where, None, False
        elif where == "back" and self.back and self.in_game:
            self.screen, self.back = self.back, None
        else:
            self._close_game()
            self.screen, self.back = "start", None
        self.saved.confirm_delete = None

    def _on_start_game(self, arg=None) -> None:
        try:
            match = self.start.begin(self.seed_source())
        except SetupError as error:
            self.notice = ("error", str(error))
            return
        self._close_game()
        if self.start.remote_seats():
            self._show(self.remote.start(match, self.start.remote_seats()))
        else:
            self.play(HotSeat(match, self.place_here))

    def _on_same_table(self, arg=None) -> None:
        """A new game at the table of the one that ended here (after a lesson: a real one)."""
        if self.hot is not None and self.hot.match.rules.result(self.hot.match.state):
            self.start.seat_again(self.hot.match)
            self._on_start_game()

    def _on_learn(self, game) -> None:
        """A lesson of ``game`` (web/play/lesson.py): a guided first game at this device."""
        if game in lesson.LESSONS:
            self._close_game()
            self.play(HotSeat(lesson.begin(lesson.of_game(game)), self.place_here))

    def _on_tutor(self, arg=None) -> None:
        """A lesson's tutor folded to one line, or unfolded (web/play/lesson.py)."""
        if self.hot is not None and self.hot.guide:
            self.hot.guide.fold()

    def _on_open_link(self, arg=None) -> None:
        self._typed_link(arg, self.start, "link_text")

    def _typed_link(self, arg, box, text: str) -> None:
        """A link typed into the start screen's box or the remote screen's (``box.<text>``),
        taken as one by address; a refused link stays in the box, to be mended."""
        if isinstance(arg, dict) and arg.get("value"):
            setattr(box, text, str(arg["value"]))
        link = getattr(box, text).strip()
        if not link:
            self.notice = ("error", _("Paste a game link into the box first."))
        else:
            self.open_link(link)
            if self.match is not None:
                setattr(box, text, "")

    def _on_continue(self, save_id) -> None:
        self._close_game()
        self.play(*reopened(self.place_here, str(save_id)))

    def _on_delete_yes(self, save_id) -> None:
        if self.saved.delete(str(save_id)):
            if self.hot is not None and self.hot.save_id == save_id:
                self._close_game()
                self.back = None
            self.notice = ("info", _("The saved game is deleted."))

    def _on_dismiss(self, arg=None) -> None:
        self.notice = None

    def _on_language(self, code) -> None:
        self._show(self.settings.language(code, self.start.relabelled))

    def _on_replay(self, arg=None) -> None:
        if self.match is not None:
            self.replay, self.screen = Replay(self.match), "replay"

    def _on_replay_end(self, arg=None) -> None:
        back = self.replay.back if self.replay is not None else "end"
        self.replay = None
        self.screen = "end" if back == "game" and self.match is None else back

    # --- rendering -------------------------------------------------------------------------
    def render(self) -> str:
        body = self._body()
        in_game = self.in_game
        menu = frame.nav(self.screen, in_game, bool(self.back) and in_game,
                         self.settings.motion)
        said = frame.notice(self.hot.save_problem if self.hot is not None else None, self.notice)
        return f'<div class="screen screen-{self.screen}">{menu}{said}{body}</div>'

    def _body(self) -> str:
        """The screen shown, drawn from the data of what is open."""
        screen = self.screen
        if screen in self.TABLES:
            return self.TABLES[screen](self.playing.scene())
        if screen == "start":
            return self.start.render(self.saved.to_continue(self.saves.list())
                                     + links.kept_panel(self.remote.kept_games()))
        if screen == "saves":
            return self.saved.render(self.saves.list())
        if screen == "replay":
            return self.replay.render()
        if self.stats:  # here, not at the top: only this page reads the report's figures
            from web.screens import stats
            return stats.render(self.help_game or self.front.game)
        return rules.render(self.help_game or self.front.game,
                                bool(self.back) and self.in_game)

    def _on_help_game(self, game) -> None:
        if game in PACKAGES:
            self.help_game, self.stats = game, False

    def _on_help_stats(self, game) -> None:
        if game in PACKAGES:  # from the rules page, or from the start screen's game choice
            if self.screen != "help":
                self._on_nav("help")
            self.help_game, self.stats = game, True

    EVENTS = {  # the router's own events (the page's data-ev), before any screen's
        "nav": _on_nav, "start-game": _on_start_game, "same-table": _on_same_table,
        "learn": _on_learn, "tutor": _on_tutor, "open-link": _on_open_link, "dismiss": _on_dismiss,
        "remote-open": ByLinks._on_remote_open, "continue": _on_continue,
        "delete-yes": _on_delete_yes, "language": _on_language, "replay": _on_replay,
        "since-replay": Plugged._on_since_replay, "replay-end": _on_replay_end,
        "help-game": _on_help_game, "help-stats": _on_help_stats,
        "history": BackAndForward._on_history}
