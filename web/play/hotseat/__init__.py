"""A game played at one device (hot-seat): who holds the device (handovers, acting out of
turn, taking back), the people's decisions through the one decision path (web/play/seat.py), the
moves the table plays itself, the bots, saving, and other tabs playing the same save.

The router (web/app.py) holds a :class:`HotSeat` as its way of playing (web/play/playing.py)
while such a game is open; each of its entry points returns an :class:`Outcome` saying what
the router shows next, and :meth:`HotSeat.scene` is what the table's screens
(web/screens/table.py) draw.
"""

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.game import Match
from web.base.i18n import _
from web.base.names import seat_name
from web.base.outcome import QUIET, Outcome
from web.games import front
from web.keep import gamelink, passes
from web.keep.plans import InTab
from web.keep.saves import PREFIX as SAVE_PREFIX
from web.keep.saves import SaveError, StaleSave, StorageFull, full_message
from web.play import lesson, seat
from web.play.bots import TableBots
from web.play.hotseat.broken import Broken, load, unopened
from web.screens import table

STANDING_PAUSE = 8  # bot delays, while the person at the screen could act out of turn
UNDO_PAUSE = 4  # bot delays, while the person holding the device could take back a decision
GOING_ON = 0.4  # bot delays, between the decisions of one bot's turn (each seen to arrive)
EVENTS = ("handover-ok", "standing", "standing-back", "undo", "sheet", "copy-link", "act",
          "auto-pass")


@dataclass(frozen=True)
class Place:
    """Where a game at this device is kept and shown: the ``saves``, the tab's ``session``,
    each game's screen module (``screen_of(game)``) and the page's address."""

    saves: object
    session: object
    screen_of: Callable
    base_url: str = ""


def shared(match: Match, place: Place) -> tuple["HotSeat", Outcome]:
    """A game shared by a link (``match``, read from it) opened here: as a new save, or as
    the save this device already keeps of it (no second copy), where it was last played or
    on from there when the link goes further. :class:`Broken` if that save cannot be opened."""
    known = place.saves.same_game(match.record())
    if known is None:
        hot = HotSeat(match, place)
        return hot, Outcome(notice=("info", _(
            "The shared game is open and saved as a new game on this device.")
            if hot.save_problem is None else _("The shared game is open in this tab.")))
    save_id, save = known
    if len(match.actions) <= len(save["record"]["actions"]):
        kept, save = load(place.saves, save_id)
        return HotSeat(kept, place, save), Outcome(notice=("info", _(
            "This game is already saved on this device: it opens where it was last played "
            "here.")))
    hot = HotSeat(match, place, save)
    return hot, hot.save() or Outcome(notice=("info", _(
        "This game was saved on this device: it goes on from where the link has got to.")))


def reopened(place: Place, save_id: str) -> tuple["HotSeat | None", Outcome]:
    """The game kept in save ``save_id`` opened here, or None and why not."""
    try:
        match, save = load(place.saves, save_id)
    except Broken as broken:
        return None, unopened(place.saves, place.session, broken)
    return HotSeat(match, place, save), QUIET


def by_link(fragment: str, place: Place) -> tuple["HotSeat | None", Outcome]:
    """The game a link shares opened here (:func:`shared`), or None and why not: the link
    refused (no save touched), or the save kept of its game broken."""
    try:
        match = gamelink.decode(fragment)
    except gamelink.LinkError as error:
        return None, Outcome(notice=("error", str(error)))
    try:
        return shared(match, place)
    except Broken as broken:
        return None, unopened(place.saves, place.session, broken)


class HotSeat(seat.Seat):
    """The open game at this device and the people and bots sharing it."""

    def __init__(self, match: Match, place: Place, save: dict | None = None):
        self.saves, self.session, self.base_url = place.saves, place.session, place.base_url
        self.renderer = place.screen_of(match.game)
        self.screen = "game"       # handover, game or end
        self._begin(match, save)

    def _begin(self, match: Match, save: dict | None) -> None:
        """Open ``match``: from its ``save``, or as a new save."""
        self.match = match.traced()
        self.viewer = None         # the player whose private screen is shown
        self.handed_from = None    # the human who used the device before a handover
        self.last_human = None     # the human who last saw their private screen
        self.out_of_turn = None    # a human who asked to act out of turn (Rules.standing)
        self.marks = seat.Marks()  # each human's log as it was after their last decision
        self.since_open = True     # "since your last decision" shown unfolded (after a handover)
        self.sheet_folded = False  # a phone's decision sheet folded to its question
        self.ui: dict = {}
        self.guide = lesson.of(match)  # a lesson's (web/play/lesson.py), else None
        self.bots = self._bots(match)
        self.link = None           # the last link made for the game
        self.link_at = 0           # how many decisions that link holds
        self.painted = None        # (match, (decisions, viewer, out of turn), the view drawn)
        self.save_problem = None   # why the game is not saved
        if save is not None:
            self.save_id, self.save_rev = save["id"], save["rev"]
            self.saved_moves = len(match.actions)  # how many decisions the last save holds
        else:
            self.save_id, self.save_rev, self.saved_moves = self.saves.new_id(), None, None
        self.passes = passes.Passes(self.session, self.save_id,  # not in a lesson's steps
                                    () if self.guide else self.front.windows)
        if self._play_forced() or save is None:
            self.save()
        self.tab = InTab(self.session, self.save_id)  # open here, with its seats' plans
        self.tab.open()
        self._sync()

    @property
    def front(self):
        return front(self.match.game)

    def _bots(self, match: Match) -> TableBots:
        return self.guide.bots(match) if self.guide else TableBots(match)

    def close(self) -> None:
        """The game is closed in this tab (it stays saved)."""
        self.tab.close()

    def handles(self, name: str) -> bool:
        return name in EVENTS or name.startswith(self.front.prefix)

    def handle(self, name: str, arg) -> Outcome:
        """An event of the table's screens: the hand-over, the game, the end."""
        if name == "copy-link":
            return Outcome(effects=(("copy", self.copy_link(self.base_url)),),
                           focus="#share-link")
        plain = {"handover-ok": self.handover_ok, "standing-back": self.standing_back,
                 "undo": self.take_back, "sheet": self.fold_sheet,
                 "standing": lambda: self.standing(arg),
                 "auto-pass": lambda: self.auto_pass(arg)}.get(name)
        return plain() if plain is not None else self.tap(name, arg)

    # --- who holds the device ----------------------------------------------------------
    def is_bot(self, p: int) -> bool:
        return self.bots.is_bot(p)

    def humans(self) -> list[int]:
        return [p for p in range(len(self.match.seats)) if not self.is_bot(p)]

    def name(self, p: int) -> str:
        return seat_name(self.match.seats, p)

    def next_human(self):
        """The human whose decision comes next, when no bot has to decide first."""
        rules, state = self.match.rules, self.match.state
        if rules.result(state) is not None:
            return None
        waiting = rules.to_act(state)
        if any(self.is_bot(p) for p in waiting):
            return None
        if self.out_of_turn is not None and rules.standing(state, self.out_of_turn):
            return self.out_of_turn
        holder = self.tab.holder() if self.last_human is None else self.last_human  # (a reload)
        if holder in waiting:
            return holder
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
        if p is not None and p != self.last_human:  # theirs as they left it (a reload)
            self.ui = self.tab.handed(p, self.match)
            self.last_human = p
        self.viewer = p

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

    def handover_ok(self) -> Outcome:
        p = self.next_human()
        if self.screen == "handover" and p is not None:
            self.screen, self.since_open, self.sheet_folded = "game", True, False
            self._set_viewer(p)
        return QUIET

    def standing(self, p) -> Outcome:
        """A human asks to act out of turn (a card playable at any time): the device goes to
        them. Anyone may ask whatever they hold, so asking tells nothing."""
        if self.screen == "game" and type(p) is int and p in self.humans() \
                and self.match.rules.standing(self.match.state, p):
            self.out_of_turn = p
            self._sync()
        return QUIET

    def standing_back(self) -> Outcome:
        """The one who asked plays nothing after all: the device goes back."""
        self.out_of_turn = None
        self._sync()
        return QUIET

    def auto_pass(self, wish) -> Outcome:
        """The person holding the device answers the windows ahead (web/keep/passes.py); "until
        my turn" answers the window they are asked now too."""
        if self.screen != "game" or self.viewer is None \
                or not self.passes.set(self.match.state, self.viewer, wish):
            return QUIET
        return (self._settle() or QUIET) if wish == passes.UNTIL_TURN else QUIET

    def fold_sheet(self) -> Outcome:
        self.sheet_folded = not self.sheet_folded
        return QUIET

    # --- decisions ----------------------------------------------------------------------
    def tap(self, name: str, arg) -> Outcome:
        """A tap on the game screen: the game screen reads it against the view it was drawn
        from; its actions go into the game by the one decision path."""
        if self.screen != "game":
            return QUIET
        viewer = self.viewer
        self.ui, actions = self.renderer.reduce(self.view_shown(), self.ui, name, arg)
        if self.guide and actions and self.guide.refuses(self.match, viewer, actions):
            return QUIET  # a lesson takes the decision it teaches (its tutor says "not yet")
        written = seat.write(seat.AtOneDevice(self.match), viewer, actions)
        refusal = Outcome(notice=("error", _(written.refusal))) if written.refusal else QUIET
        self.tab.keep(viewer, self.match, None if written.decided else self.ui)
        if not written.decided:
            self._sync()
            return refusal
        self.out_of_turn = None
        self.marks.keep(self.match, viewer, self.match.rules.view(self.match.state, viewer)["log"])
        self.since_open = False
        return self._settle() or refusal

    def _settle(self) -> Outcome | None:
        """After a decision: play the forced moves, save, choose the screen."""
        self._play_forced()
        return self.save() or self._sync()

    def _play_forced(self) -> bool:
        """A decision with one legal option, a bot's too, or a window a person passes on
        ahead (web/keep/passes.py) is not asked: the table plays it at once, with no bot's pause
        (a Swindler window most players cannot answer is passed unseen). True if anything was
        played."""
        rules, played = self.match.rules, False
        while rules.result(self.match.state) is None:
            state = self.match.state
            self.passes.expire(state)
            forced = next(((p, action) for p in rules.to_act(state)
                           if (action := self.passes.played_for(rules, state, p)) is not None),
                          None)
            if forced is None:
                return played
            self.match.act(*forced)
            played = True
        return played

    def take_back(self) -> Outcome:
        """Take back the latest decision of the person holding the device (with the moves
        the table played after it), unless something was revealed or someone decided since."""
        p = self.undoer()
        if p is None:
            return QUIET
        ledger = seat.AtOneDevice(self.match)
        taken = seat.take_back(ledger, p, self.renderer)
        if taken.draft is None:
            return Outcome(notice=("error", _(taken.message)))
        match = ledger.match
        self.match, self.bots, self.out_of_turn = match, self._bots(match), None
        if self.link and self.link_at > len(match.actions):
            self.link = None  # it holds what was taken back
        followed = self.save()
        if followed:
            return followed
        self.ui, self.last_human = taken.draft, p
        self._sync()
        self.tab.keep(self.viewer, self.match, self.ui)
        return Outcome(notice=("info", _(taken.message)))

    def watcher(self) -> tuple[Match, int | None]:
        """The game, and the seat whose screen is shown (None: the public screen)."""
        return self.match, self.viewer

    # --- bots ----------------------------------------------------------------------------
    def pending_bot(self):
        """The bot seat that decides next, or None (only while the game screen is shown)."""
        return self.bots.due() if self.screen == "game" else None

    def bot_thinking(self, p: int):
        """Bot seat ``p``'s decision at the position now, to work out (web/play/bots.py)."""
        return self.bots.think(p)

    thinking_bots = property(lambda self: self.bots)

    def _still_at(self, thinking) -> bool:
        return thinking.current()

    def _bot_decides(self, thinking) -> Outcome:
        """Play the worked-out (and current) ``thinking``."""
        action = thinking.action()
        if action is None:
            return QUIET
        self.match.act(thinking.seat, action)
        return self._settle() or QUIET

    def bot_pause(self) -> float:
        """How many bot delays the page waits before the next bot decision: more while the person
        holding the device could act out of turn or take back, less within one bot's turn."""
        if self.screen != "game":
            return 1
        viewer = self.viewer
        if viewer is not None and self.match.rules.standing_options(self.match.state, viewer):
            return STANDING_PAUSE
        if (p := self.undoer()) is not None and self.match.undo_refusal(p) is None:
            return UNDO_PAUSE
        actions = self.match.actions
        return GOING_ON if actions and actions[-1][0] == self.pending_bot() else 1

    # --- links and saves -------------------------------------------------------------------
    def copy_link(self, base_url: str) -> str:
        """The game's link, as far as it has got; it is offered until it falls behind."""
        self.link = base_url + gamelink.encode(self.match.record())
        self.link_at = len(self.match.actions)
        return self.link

    def save(self) -> Outcome | None:
        """Save the game; an Outcome when another tab had saved it since, and the game is now
        the newer one from there (or gone, if it was deleted there)."""
        players = [self.name(p) for p in range(len(self.match.seats))]
        try:
            self.save_rev = self.saves.write(
                self.save_id, self.match.record(), players, self.match.state.get("turn", 0),
                self.save_rev, finished=self.match.rules.result(self.match.state) is not None)
        except StaleSave as stale:
            return self._follow(stale.rev, _("Your last decision in this tab was not saved: "
                                             "make it again if it still fits."))
        except StorageFull:
            self.save_problem = full_message(self.saved_moves)
        except SaveError as error:
            self.save_problem = _("This game is not being saved: {reason}.").format(
                reason=error)
        else:
            self.save_problem, self.saved_moves = None, len(self.match.actions)
        return None

    @property
    def save_key(self) -> str:
        return SAVE_PREFIX + self.save_id

    def _follow_save(self, shown: bool) -> Outcome:
        """Another tab wrote this game's save (shown or not): if it moved on or was deleted
        there, follow it."""
        if self.saves.storage.get(self.save_key) is None:
            return self._follow(None)
        rev = self.saves.revision(self.save_id)
        return self._follow(rev) if rev is not None and rev != self.save_rev else QUIET

    def _follow(self, rev: int | None, lost: str = "") -> Outcome:
        """The save was changed by another tab: show its newest state, or say it is gone."""
        self.close()
        if rev is None:
            return seat.followed(lost, gone=True)
        try:
            match, save = load(self.saves, self.save_id)
        except Broken as broken:
            return unopened(self.saves, self.session, broken)
        self._begin(match, save)
        return seat.followed(lost).then(Outcome(shown="game"))

    # --- what the screens draw ------------------------------------------------------------
    def view_shown(self) -> dict:
        """The view of the game screen: the one it was last drawn from while it still shows
        the game as it is (a tap is read against what the person saw, and a paint builds the
        view once), else made anew."""
        match = self.match
        shown = (len(match.actions), self.viewer, self.out_of_turn, str(self.passes.by_seat))
        if self.painted is None or self.painted[0] is not match or self.painted[1] != shown:
            view = match.rules.view(match.state, self.viewer)
            if self.viewer is not None and self.viewer == self.out_of_turn:
                view["standing_asked"] = True  # the screen offers a way back
            if self.passes.moments:  # everyone's auto-pass, shown alike
                view["passes"] = self.passes.shown(match.state, len(match.seats))
            self.painted = (match, shown, view)
        return self.painted[2]

    def scene(self) -> table.Scene:
        """The game as the table's screens draw it (web/screens/table.py), built once a paint."""
        match, screen = self.match, self.screen
        rules, state = match.rules, match.state
        drawn = {"screen": screen, "front": self.front, "renderer": self.renderer,
                 "names": [self.name(p) for p in range(len(match.seats))], "ui": self.ui,
                 "link": self.link or "", "tutor": self.guide and self.guide.tutor(match),
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
        view, viewer = self.view_shown(), self.viewer
        to_act = rules.to_act(state)
        at_turn = viewer is not None and viewer in to_act
        return table.Scene(
            **drawn, view=view, viewer=viewer, thinking=self.pending_bot(),
            waiting=tuple(to_act) if viewer is not None and not at_turn else (), undo=offer,
            since=tuple(self.marks.since(match, viewer, view["log"])),
            since_open=self.since_open, sheet_folded=self.sheet_folded,
            standing=tuple(q for q in self.humans() if q != viewer and rules.standing(state, q))
            if at_turn else ())
