"""The table app, as pure Python: the flow of a game (hot-seat handovers, bots, forced moves,
undo), saving and opening games (saves, links, other tabs), and the page's events. The frame
(web/frame.py), the table's handover, game and end screens (web/table.py), the start screen
(web/start.py), the saved games (web/saved.py) and the replay (web/replay.py) are drawn
elsewhere; each game draws its table (web/aot/, web/crooks/, web/swindler/).

``App.handle(ev, arg)`` takes the events of the page (``data-ev``/``data-arg`` attributes);
``App.render()`` returns the HTML of the current screen. The app never decides a rule: every
decision goes through the engine (``Match.act``), and the HTML shown for a player is built from
that player's view only (``rules.view(state, player)``). web/browser.py is the DOM glue.
"""

import contextlib
import secrets
import time

from engine.core import undo
from engine.core.errors import NewerRules
from engine.core.game import IllegalAction, Match

from . import frame, i18n, links, linkscreen, remote, seat, table, version
from .bots import TableBots
from .games import PACKAGES, front, fronts
from .i18n import N_, _
from .linkplay import OPEN_KEY as REMOTE_OPEN_KEY
from .linkplay import RemoteTable
from .markup import e as esc
from .markup import ev, saves_and_links
from .names import seat_name
from .replay import Replay
from .saved import SavedGames
from .saves import PREFIX as SAVE_PREFIX
from .saves import SaveError, Saves, StaleSave, StorageFull, full_message, record_of
from .start import SetupError, StartScreen

OPEN_KEY = "thieves.open"  # the game open in this tab (session storage)
LANGUAGE_KEY = "thieves.language"  # the language chosen in the menu (local storage)
MOTION_KEY = "thieves.motion"  # how figures and cards move: normal, slow or off (local storage)
STANDING_PAUSE = 8  # bot delays, while the person at the screen could act out of turn
UNDO_PAUSE = 4  # bot delays, while the person holding the device could take back a decision
UNREPLAYABLE = N_("its moves cannot be replayed")  # kept in English, shown translated
NEWER = N_("it was saved by a newer version of the table: reload the page to update the table")


class App:
    def __init__(self, storage, now=time.time, session=None, seed_source=None, renderer=None,
                 base_url: str = "", tz_offset_min: int = 0, languages: list[str] = ()):
        self.saves = Saves(storage, now)
        i18n.activate(i18n.choose(storage.get(LANGUAGE_KEY), list(languages)))
        motion = storage.get(MOTION_KEY)
        self.motion = motion if motion in frame.MOTIONS else "normal"
        self.session = session
        self.now = now
        self.seed_source = seed_source or (lambda: secrets.randbits(32))
        self._renderer = renderer  # a stand-in game screen (tests)
        self.base_url = base_url
        self.screen = "start"
        self.back = None          # the screen a help or saves page returns to
        self.help_game = None     # the game whose rules the help page shows (None: this one)
        self.start = StartScreen()
        self.saved = SavedGames(now, tz_offset_min)
        self.match: Match | None = None
        self.save_id = None
        self.save_rev = None      # the revision of the save this tab read or wrote last
        self.saved_moves = None   # how many decisions the last successful save holds
        self.viewer = None        # the player whose private screen is shown
        self.handed_from = None   # the human who used the device before a handover
        self.last_human = None    # the human who last saw their private screen
        self.stander = None       # a human who asked to act out of turn (Rules.standing)
        self.marks = seat.Marks()  # each human's log as it was after their last decision
        self.since_open = True    # "since your last decision" shown unfolded (after a handover)
        self.sheet_folded = False  # a phone's decision sheet folded to its question (web/table.py)
        self.ui: dict = {}
        self.bots: TableBots | None = None  # the bot seats of the open game
        self.notice = None        # (kind, text): an error or info line on the screen
        self.save_problem = None  # why the open game is not saved
        self.link = None          # the last link made for the open game
        self.link_at = 0          # how many decisions that link holds
        self.replay: Replay | None = None
        self.painted = None  # (match, (decisions, viewer, stander), the view drawn for them)
        self.focus = None         # a CSS selector the page should focus after this render
        self.effects: list = []   # (kind, value) for the page: copy, hash, toast
        self.remote = RemoteTable(self)  # a game played by links (web/linkplay.py)

    @property
    def front(self):
        """The open game's table front, else the one chosen on the start screen."""
        return front(self.match.game if self.match is not None else self.start.game)

    @property
    def renderer(self):
        """The open game's screen module, imported when a game screen is first drawn."""
        return self._renderer or self.front.module()

    # --- the page's entry points -------------------------------------------------------
    def boot(self, fragment: str = "") -> None:
        """First screen: a game link in the URL, else the game open in this tab, else start.
        A link that cannot be opened is said so and taken out of the address bar. Nothing in
        the URL or the storage stops the table from starting."""
        try:
            if fragment.startswith((links.PREFIX, remote.PREFIX)):
                self.open_link(fragment)
                return
            open_id = self.session.get(OPEN_KEY) if self.session else None
            remote_id = self.session.get(REMOTE_OPEN_KEY) if self.session else None
            if open_id:
                self._open_save(open_id, quiet=True)
            elif remote_id:
                self.remote.open(remote_id)
        except Exception as error:  # a fault of ours: still start, say so, change no save
            self._close_game()
            self.notice = ("error", _("The table could not open the game it was asked to "
                                      "({error}); your saved games are kept as they were.")
                           .format(error=type(error).__name__))
        if self.match is None and self.remote.device is None and not self.remote.busy:
            self.screen = "start"
        self._after_update()

    def _after_update(self) -> None:
        """The first start of a new version on a device that kept games says what changed."""
        storage = self.saves.storage
        with contextlib.suppress(Exception):
            note = version.update_note(storage.get(version.SEEN_KEY), bool(self.saves.list()))
            storage.set(version.SEEN_KEY, version.VERSION)
            if note and self.notice is None:
                self.notice = ("info", note)

    def handle(self, name: str, arg=None) -> None:
        if not self._reports_only(name, arg):
            self.notice = None
        key = name.replace("-", "_")
        handler = getattr(self, "_on_" + key, None) or getattr(self.start, "on_" + key, None)
        if self.screen == "replay" and self.replay is not None and self.replay.takes(name):
            self.replay.tap(name, arg)
        elif self.remote.handles(name):
            self.remote.handle(name, arg)
        elif name == "act" or (self.match is not None and name.startswith(self.front.prefix)):
            self._game_event(name, arg)
        elif handler is not None:
            handler(arg)
        else:
            self.notice = ("error", _("Unknown control: {name}").format(name=name))
        if self.notice and self.notice[0] == "error" and self.focus is None:
            self.focus = "#notice"  # the page may be scrolled far from the message

    def _reports_only(self, name: str, arg) -> bool:
        """Does the event only report what the person set, leaving the notice? The start
        screen's settings, and a link box reporting the text it holds: it does so as it loses
        the focus to the notice of the link it opened (a refusal stays until the person acts:
        presses something, opens another link, types a different one)."""
        if name.startswith("setup-"):
            return True
        held = {"link-text": self.start.link_text, "remote-paste": self.remote.paste}.get(name)
        value = arg.get("value") if isinstance(arg, dict) else arg
        return held is not None and str(value or "") == held

    def take_effects(self) -> list:
        effects, self.effects = self.effects, []
        return effects

    def take_focus(self):
        focus, self.focus = self.focus, None
        return focus

    def screen_key(self) -> str:
        """Changes whenever the page should move the keyboard focus to the new screen: another
        screen, or a handover to someone else. The game screen keeps its key while the same
        person holds the device (bots playing in between included): their focus stays where
        they work."""
        if self.screen == "game":
            return f"game:{self.save_id}:{self.last_human}"
        return f"{self.screen}:{self.next_human()}"

    # --- bots ----------------------------------------------------------------------------
    def pending_bot(self):
        """The bot seat that decides next, or None (only while the game screen is shown)."""
        if self.screen != "game" or self.match is None:
            return None
        return self.bots.due()

    def bot_step(self) -> bool:
        """One bot decision, thought to the end. False if no bot is due."""
        thinking = self.bot_thinking()
        if thinking is None:
            return False
        thinking.work(float("inf"))
        self.bot_play(thinking)
        return True

    def bot_thinking(self):
        """The decision of the bot seat due next, to work out (web/bots.py), or None."""
        p = self.pending_bot()
        return None if p is None else self.bots.think(p)

    def bot_current(self, thinking) -> bool:
        """Is ``thinking`` still for the game, position and screen shown? A decision thought
        of before an undo, a person's move, another game or another screen is dropped."""
        return thinking.bots is self.bots and thinking.current() \
            and self.pending_bot() == thinking.seat

    def bot_play(self, thinking) -> bool:
        """Play the worked-out ``thinking`` if it is still current; False if it is dropped."""
        if not self.bot_current(thinking):
            return False
        action = thinking.action()
        if action is not None:
            self._act(thinking.seat, action)
        return True

    def bot_pause(self) -> int:
        """How many bot delays the page waits before the next bot decision: more while the
        person holding the device could act out of turn, or take back their last decision."""
        if self.screen != "game" or self.match is None:
            return 1
        viewer = self.viewer
        if viewer is not None and self.match.rules.standing_options(self.match.state, viewer):
            return STANDING_PAUSE
        p = self.undoer()
        return UNDO_PAUSE if p is not None and self.match.undo_refusal(p) is None else 1

    def is_bot(self, p: int) -> bool:
        return self.bots.is_bot(p)

    def humans(self) -> list[int]:
        return [p for p in range(len(self.match.seats)) if not self.is_bot(p)]

    def name(self, p: int) -> str:
        return seat_name(self.match.seats, p)

    # --- the flow of a game --------------------------------------------------------------
    def next_human(self):
        """The human whose decision comes next, when no bot has to decide first."""
        if self.match is None or self.match.rules.result(self.match.state) is not None:
            return None
        waiting = self.match.rules.to_act(self.match.state)
        if any(self.is_bot(p) for p in waiting):
            return None
        if self.stander is not None and self.match.rules.standing(self.match.state,
                                                                  self.stander):
            return self.stander
        if self.last_human in waiting:
            return self.last_human
        return waiting[0] if waiting else None

    def _sync(self) -> None:
        """Choose the screen after a change: the result, a handover, or the game."""
        if self.match.rules.result(self.match.state) is not None:
            self.screen, self.viewer = "end", None
            return
        humans = self.humans()
        p = self.next_human()
        if p is None:
            # bots decide next: a single human keeps their screen; with several, the table
            # shows only public information while the bots play
            self.screen = "game"
            self._set_viewer(humans[0] if len(humans) == 1 else None)
        elif p == self.viewer or len(humans) == 1 or p == self.last_human:
            self.screen = "game"
            self._set_viewer(p)
        else:
            if self.screen != "handover":
                self.handed_from = self.last_human
            self.screen = "handover"
            self._set_viewer(None)

    def _set_viewer(self, p) -> None:
        if p is not None and p != self.last_human:
            self.ui = {}
            self.last_human = p
        self.viewer = p

    def _act(self, p: int, action) -> None:
        self.match.act(p, action)
        self._settle()

    def _settle(self) -> None:
        """After a decision: play the forced moves, save, choose the screen."""
        self._play_forced()
        if self._save():
            self._sync()

    def _play_forced(self) -> bool:
        """A person whose decision has one legal option is not asked: the table plays it (the
        log says what happened). Bots decide their own. True if anything was played."""
        rules, played = self.match.rules, False
        while rules.result(self.match.state) is None:
            state = self.match.state
            forced = next(((p, action) for p in rules.to_act(state) if not self.is_bot(p)
                           and (action := rules.forced(state, p)) is not None), None)
            if forced is None:
                return played
            self.match.act(*forced)
            played = True
        return played

    def _game_event(self, name: str, arg) -> None:
        if self.match is None or self.screen != "game":
            return
        rules = self.match.rules
        viewer = self.viewer
        self.ui, actions = self.renderer.reduce(self._view_shown(), self.ui, name, arg)
        written = seat.write(seat.AtOneDevice(self.match), viewer, actions)
        if written.refusal:
            self.notice = ("error", _(written.refusal))
        if written.decided:
            self.stander = None
            self.marks.keep(self.match, viewer, rules.view(self.match.state, viewer)["log"])
            self.since_open = False
            self._settle()
        else:
            self._sync()

    # --- starting, saving, opening -------------------------------------------------------
    def _begin(self, match: Match, save: dict | None = None) -> None:
        """Open ``match``: from its ``save``, or as a new save."""
        self.match = match.traced()
        self.viewer = self.last_human = self.handed_from = self.stander = None
        self.ui, self.bots, self.link, self.replay = {}, TableBots(match), None, None
        self.save_problem, self.marks, self.since_open = None, seat.Marks(), True
        if save is not None:
            self.save_id, self.save_rev = save["id"], save["rev"]
            self.saved_moves = len(match.actions)
        else:
            self.save_id, self.save_rev, self.saved_moves = self.saves.new_id(), None, None
        if self._play_forced() or save is None:
            self._save()
        if self.session:
            self.session.set(OPEN_KEY, self.save_id)
        self._sync()

    def _save(self) -> bool:
        """Save the open game; False when another tab had saved it since, and this tab now
        shows that newer game instead (or the start screen, if it was deleted there)."""
        players = [self.name(p) for p in range(len(self.match.seats))]
        try:
            self.save_rev = self.saves.write(
                self.save_id, self.match.record(), players, self.match.state.get("turn", 0),
                self.save_rev, finished=self.match.rules.result(self.match.state) is not None)
        except StaleSave as stale:
            self._changed_elsewhere(stale.rev, _("Your last decision in this tab was not "
                                                 "saved: make it again if it still fits."))
            return False
        except StorageFull:
            self.save_problem = full_message(self.saved_moves)
        except SaveError as error:
            self.save_problem = _("This game is not being saved: {reason}.").format(
                reason=error)
        else:
            self.save_problem, self.saved_moves = None, len(self.match.actions)
        return True

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote ``key`` (None: it cleared the storage). If that is the open
        game's save (or the remote game's) and it moved on or was deleted there, follow it."""
        self.remote.storage_changed(key)
        if self.match is None or key not in (None, SAVE_PREFIX + self.save_id):
            return
        if self.saves.storage.get(SAVE_PREFIX + self.save_id) is None:
            self._changed_elsewhere(None)
            return
        rev = self.saves.revision(self.save_id)
        if rev is not None and rev != self.save_rev:
            self._changed_elsewhere(rev)

    def _changed_elsewhere(self, rev: int | None, lost: str = "") -> None:
        """The open game's save was changed by another tab: show its newest state, or the
        start screen if it was deleted there."""
        save_id, screen = self.save_id, self.screen
        self._close_game()
        if rev is None:
            self.screen = "start"
            self.notice = ("info", " ".join(
                (_("This game was deleted in another tab."), lost)).strip())
            return
        self._open_save(save_id)
        if self.match is not None:
            if screen in ("help", "saves"):
                self.back, self.screen = self.screen, screen
            self.notice = ("info", " ".join(
                (_("This game was played on in another tab: this tab now shows its latest "
                   "position."), lost)).strip())

    def _open_save(self, save_id: str, quiet: bool = False) -> None:
        try:
            save = self.saves.load(save_id)
            match = Match.replay(record_of(save), traced=True)
        except SaveError as error:  # the saved games list finds this reason again itself
            self._broken(save_id, str(error), quiet)
            return
        except NewerRules:
            self._broken(save_id, NEWER, quiet)
            return
        except Exception:  # a record the rules refuse, or one from another version
            self._broken(save_id, UNREPLAYABLE, quiet)
            return
        self._begin(match, save)

    def _broken(self, save_id: str, reason: str, quiet: bool) -> None:
        with contextlib.suppress(StorageFull):
            self.saves.mark_broken(save_id, reason)
        if self.session and self.session.get(OPEN_KEY) == save_id:
            self.session.remove(OPEN_KEY)
        if not quiet:
            self.screen = "saves"
            self.notice = ("error", _("This saved game cannot be opened: {reason}.").format(
                reason=_(reason)))

    def open_link(self, fragment: str) -> bool:
        """Open a shared game as a new save; a bad link shows why and touches no save. A
        remote game's link goes to the remote table (it may take a moment: True)."""
        self.effects.append(("hash", ""))
        if remote.PREFIX in fragment:
            if self.match is not None:  # (the remote table opens another game of its own)
                self._close_game()
            elif self.remote.device is not None:
                self.screen = "remote"  # a refused link changes nothing: its game stays
            self.remote.receive(fragment)
            return True
        try:
            match = links.decode(fragment)
        except links.LinkError as error:
            if self.match is None:
                self.screen = "start"
            self.notice = ("error", str(error))
            return False
        known = self.saves.same_game(match.record())
        if known is not None:
            return self._open_known(match, *known)
        self._begin(match)
        self.notice = ("info", _("The shared game is open and saved as a new game on this "
                                 "device.") if self.save_problem is None
                       else _("The shared game is open in this tab."))
        return True

    def _open_known(self, match: Match, save_id: str, save: dict) -> bool:
        """A link to a game already saved here opens that save, no second copy: where it was
        last played, or on from there when the link goes further."""
        if len(match.actions) <= len(save["record"]["actions"]):
            self._open_save(save_id)
            self.notice = ("info", _("This game is already saved on this device: it opens "
                                     "where it was last played here."))
            return True
        self._begin(match, save)
        self._save()
        self.notice = ("info", _("This game was saved on this device: it goes on from where "
                                 "the link has got to."))
        return True

    def _close_game(self) -> None:
        self.match = self.save_id = self.save_rev = self.viewer = self.last_human = None
        self.replay = None
        self.remote.close()
        if self.session:
            self.session.remove(OPEN_KEY)

    # --- events ----------------------------------------------------------------------------
    def _on_nav(self, where) -> None:
        if where in ("help", "saves"):
            if self.screen not in ("help", "saves"):
                self.back = self.screen if self.in_game else None
            self.screen, self.help_game = where, None
        elif where == "back" and self.back and self.in_game:
            self.screen, self.back = self.back, None
        else:
            self._close_game()
            self.screen, self.back = "start", None
        self.saved.confirm_delete = None

    def _on_start_game(self, arg=None) -> None:
        try:
            game, seats, options = self.start.table()
            match = Match.start(game, seats, options, self.seed_source())
            if self.start.remote_seats():
                self._close_game()
                self.remote.start(game, seats, options, match.seed, self.start.remote_seats())
                return
        except SetupError as error:
            self.notice = ("error", str(error))
            return
        except IllegalAction:  # its reason is for developers, in English
            self.notice = ("error", _("These seats and options cannot start a game."))
            return
        self._close_game()
        self._begin(match)

    def _on_standing(self, arg) -> None:
        """A human asks to act out of turn (a card playable at any time): the device goes to
        them. Anyone may ask whatever they hold, so asking tells nothing."""
        if self.match is None or self.screen != "game" or type(arg) is not int \
                or arg not in self.humans() or not self.match.rules.standing(
                    self.match.state, arg):
            return
        self.stander = arg
        self._sync()

    def _on_standing_back(self, arg=None) -> None:
        """The one who asked plays nothing after all: the device goes back."""
        self.stander = None
        if self.match is not None:
            self._sync()

    def undoer(self):
        """The person holding the device who might take back a decision: the one whose
        screen is shown (while bots play at a table of several people, the one who last had
        it), or on a handover screen the one handing over."""
        if self.screen == "handover":
            p = self.handed_from
        elif self.screen == "game":
            p = self.viewer if self.viewer is not None else self.last_human
        else:
            return None
        return p if p is not None and not self.is_bot(p) else None

    def _on_undo(self, arg=None) -> None:
        """Take back the latest decision of the person holding the device (with the moves
        the table played after it), unless something was revealed or someone decided since."""
        p = self.undoer()
        if self.match is None or p is None:
            return
        try:
            match = self.match.take_back(p)
        except undo.Refused as refused:
            self.notice = ("error", _(table.UNDO_REFUSALS[refused.reason]))
            return
        taken = self.match.actions[self.match.last_decision(p)][1]
        self.match, self.bots, self.stander = match, TableBots(match), None
        if self.link and self.link_at > len(match.actions):
            self.link = None  # it holds what was taken back
        if self._save():
            # the screen may bring the decision back as a draft to change (a declaration)
            view = match.rules.view(match.state, p)
            self.ui = self.renderer.reduce(view, {}, "undone", taken)[0]
            self.last_human = p
            self._sync()
            self.notice = ("info", _("Your last decision is taken back."))

    def _on_handover_ok(self, arg=None) -> None:
        p = self.next_human()
        if self.screen == "handover" and p is not None:
            self.screen, self.since_open, self.sheet_folded = "game", True, False
            self._set_viewer(p)

    def _on_sheet(self, arg=None) -> None:
        self.sheet_folded = not self.sheet_folded

    def _on_copy_link(self, arg=None) -> None:
        if self.match is None:
            return
        self.link = self.base_url + links.encode(self.match.record())
        self.link_at = len(self.match.actions)
        self.effects.append(("copy", self.link))
        self.focus = "#share-link"

    def _on_open_link(self, arg=None) -> None:
        if isinstance(arg, dict) and arg.get("value"):
            self.start.link_text = str(arg["value"])
        text = self.start.link_text.strip()
        if not text:
            self.notice = ("error", _("Paste a game link into the box first."))
            return
        # the box keeps a refused link, to be mended (a remote game empties it once it opens)
        if self.open_link(text) and self.match is not None:
            self.start.link_text = ""

    def _on_continue(self, save_id) -> None:
        self._close_game()
        self._open_save(str(save_id))

    def _on_export(self, save_id) -> None:
        """Copy the link of a saved game this version cannot open: nothing of it is lost, and
        a newer version (or another device) may open it."""
        try:
            record = self.saves.load(str(save_id))["record"]
            self.effects.append(("copy", self.base_url + links.export(record)))
        except Exception:  # a save whose record cannot even be written out: kept as it is
            self.notice = ("error", _("This saved game cannot be written as a link; it is "
                                      "kept as it is."))
            return
        self.notice = ("info", _("The link of this saved game is copied (if your browser "
                                 "allows it). The saved game is kept as it is."))

    def _on_delete(self, save_id) -> None:
        self.saved.confirm_delete = str(save_id)
        self.focus = "#delete-no"

    def _on_delete_no(self, arg=None) -> None:
        self.saved.confirm_delete = None

    def _on_delete_yes(self, save_id) -> None:
        if str(save_id) == self.saved.confirm_delete:
            if self.match is not None and self.save_id == save_id:
                self._close_game()
                self.back = None
            self.saves.delete(str(save_id))
            self.notice = ("info", _("The saved game is deleted."))
        self.saved.confirm_delete = None

    def _on_dismiss(self, arg=None) -> None:
        self.notice = None

    def _on_language(self, code) -> None:
        """The menu's language switch: every text from now on, the choice kept on this device."""
        if code in i18n.LANGUAGES:
            self.start.relabelled(lambda: i18n.activate(code))
            with contextlib.suppress(Exception):  # not kept: the next visit asks the browser
                self.saves.storage.set(LANGUAGE_KEY, code)
            self.effects.append(("language", code))

    def _on_motion(self, arg) -> None:
        """The menu's motion setting, kept on this device; the page applies it."""
        value = arg.get("value") if isinstance(arg, dict) else arg
        if value in frame.MOTIONS:
            self.motion = value
            with contextlib.suppress(Exception):  # not kept: the next visit moves normally
                self.saves.storage.set(MOTION_KEY, value)
            self.effects.append(("motion", value))

    def _on_replay(self, arg=None) -> None:
        if self.match is not None:
            self.replay, self.screen = Replay(self.match), "replay"

    def _on_replay_step(self, arg) -> None:
        if self.replay is not None:
            self.replay.step(arg)

    def _on_since_replay(self, arg=None) -> None:
        """Watch the others' decisions since the viewer's last one on the board (public
        information only), then go back to the viewer's screen: at this device or by links."""
        if self.screen == "game" and self.match is not None:
            match, p = self.match, self.viewer
        elif self.screen == "remote" and self.remote.device is not None:
            match, p = self.remote.device.chain.match, self.remote.device.me
        else:
            return
        last = None if p is None else match.last_decision(p)
        if last is not None:
            self.replay = Replay(match, last + 1, back=self.screen)
            self.screen = "replay"

    def _on_replay_end(self, arg=None) -> None:
        back = self.replay.back if self.replay is not None else "end"
        self.replay = None
        self.screen = "end" if back == "game" and self.match is None else back

    # --- rendering -------------------------------------------------------------------------
    def render(self) -> str:
        body = getattr(self, "_render_" + self.screen)()
        in_game = self.in_game
        menu = frame.nav(self.screen, in_game, bool(self.back) and in_game, self.motion)
        said = frame.notice(self.save_problem if self.match is not None else None, self.notice)
        return f'<div class="screen screen-{self.screen}">{menu}{said}{body}</div>'

    @property
    def in_game(self) -> bool:
        """Is a game open in this tab, at this device or by links?"""
        return self.match is not None or self.remote.device is not None

    def _render_start(self) -> str:
        return self.start.render(self.saved.to_continue(self.saves.list())
                                 + linkscreen.kept_panel(self.remote.kept_games()))

    def _render_saves(self) -> str:
        return self.saved.render(self.saves.list())

    def _render_handover(self) -> str:
        return table.handover(self._scene())

    def _render_game(self) -> str:
        return table.game(self._scene())

    def _view_shown(self) -> dict:
        """The view of the game screen: the one it was last drawn from while it still shows
        the game as it is (a tap is read against what the person saw, and a paint builds the
        view once), else made anew."""
        match = self.match
        shown = (len(match.actions), self.viewer, self.stander)
        if self.painted is None or self.painted[0] is not match or self.painted[1] != shown:
            view = match.rules.view(match.state, self.viewer)
            if self.viewer is not None and self.viewer == self.stander:
                view["standing_asked"] = True  # the screen offers a way back
            self.painted = (match, shown, view)
        return self.painted[2]

    def _render_end(self) -> str:
        return table.end(self._scene())

    def _scene(self) -> table.Scene:
        """The open game as the table's screens draw it (web/table.py), built once a paint."""
        match, screen = self.match, self.screen
        rules, state = match.rules, match.state
        drawn = {"screen": screen, "front": self.front, "renderer": self.renderer,
                 "names": [self.name(p) for p in range(len(match.seats))], "ui": self.ui,
                 "link": self.link or "",
                 "link_later": len(match.actions) - self.link_at if self.link else 0}
        if screen == "end":
            return table.Scene(**drawn, view=rules.view(state, None), result=rules.result(state),
                               turns=state.get("turn") or 0, decisions=len(match.actions))
        p = self.undoer()
        offer = None
        if p is not None and match.last_decision(p) is not None:
            offer = table.Undo(p, match.undo_refusal(p), match.actions[-1][0] == p)
        if screen == "handover":
            return table.Scene(**drawn, next=self.next_human(), handed_from=self.handed_from,
                               undo=offer)
        view, viewer = self._view_shown(), self.viewer
        to_act = rules.to_act(state)
        at_turn = viewer is not None and viewer in to_act
        return table.Scene(
            **drawn, view=view, viewer=viewer, thinking=self.pending_bot(),
            waiting=tuple(to_act) if viewer is not None and not at_turn else (), undo=offer,
            since=tuple(self.marks.since(match, viewer, view["log"])),
            since_open=self.since_open, sheet_folded=self.sheet_folded,
            standing=tuple(q for q in self.humans() if q != viewer and rules.standing(state, q))
            if at_turn else ())

    def _render_remote(self) -> str:
        return linkscreen.render(self.remote.scene())

    def _render_replay(self) -> str:
        return self.replay.render()

    # help
    def _render_help(self) -> str:
        shown = front(self.help_game or self.front.game)
        others = "".join(
            f'<button type="button" id="help-{esc(f.game)}"{ev("help-game", f.game)}>'
            f"{esc(_(f.name))}</button>" for f in fronts() if f.game != shown.game)
        others = (f'<p class="actions">{esc(_("Rules of another game:"))} {others}</p>'
                  if others else "")
        back = ""
        if self.back and self.in_game:
            back = (f'<p class="actions"><button type="button" class="primary" '
                    f'id="help-back"{ev("nav", "back")}>{esc(_("Back to the game"))}'
                    f"</button></p>")
        return (others + shown.module("help").render() + saves_and_links()
                + linkscreen.secrecy(shown.game) + version.panel() + back)

    def _on_help_game(self, game) -> None:
        if game in PACKAGES:
            self.help_game = game
