"""What both ways of playing do alike, written once: at one device (a ``Match``) and by links
(the signed ``Chain``, web/play/chain/). The game screen turns a tap into actions
(``reduce``); :func:`write` is the one place where they go into the game, :func:`take_back`
the one where a decision is taken back, and :class:`Marks` is what "since your last decision"
counts from. :class:`Seat` is the rest of their common part: the bots' turns paced, and a save
another tab changed followed. Each entry point says what it leads to in one :class:`Outcome`,
which the router (web/app.py) shows.
"""

from dataclasses import dataclass
from typing import Protocol

from engine.core import undo
from engine.core.game import IllegalAction, Match
from engine.core.gamelog import written
from web.base.i18n import N_, _
from web.base.outcome import QUIET, Outcome
from web.screens.table import UNDO_REFUSALS

NOT_YOURS = N_("It is not your decision now.")
NOT_ALLOWED = N_("That is not allowed at this point of the game.")
TAKEN_BACK = N_("Your last decision is taken back.")
DELETED = N_("This game was deleted in another tab.")
PLAYED_ON = N_("This game was played on in another tab: this tab now shows its latest position.")


class Ledger(Protocol):
    """Where a seat's decisions are written: the game at this device, or the signed chain."""

    match: Match  # the game as this device knows it

    def may_decide(self, seat: int) -> bool:
        """May ``seat`` decide now (at their turn, or out of turn where the game allows it)?"""

    def decide(self, seat: int, action) -> None:
        """Write ``seat``'s ``action``, playing what follows it; IllegalAction if refused
        (the game unchanged)."""

    def take_back(self, seat: int) -> None:
        """Take back ``seat``'s latest decision (and what followed it); undo.Refused with the
        reason if it cannot be (the game unchanged)."""

    def view(self, seat: int) -> dict:
        """What ``seat`` sees now."""


@dataclass(frozen=True)
class Written:
    """What became of a tap's actions: ``decided`` if any was written; ``refusal`` the
    message id saying why the first was not (None: none refused, or a later one was)."""

    decided: bool
    refusal: str | None = None


def write(ledger: Ledger, seat: int | None, actions) -> Written:
    """Write the actions of one tap of ``seat``, in order, until one is refused. A refusal
    after a first action (a walk cut short by being caught) is what the earlier actions
    brought about, not the person's mistake: nothing is said then."""
    decided = False
    for action in actions:
        if not ledger.may_decide(seat):
            return Written(decided, None if decided else NOT_YOURS)
        try:
            ledger.decide(seat, action)
        except IllegalAction:  # its reason is for developers, in English
            return Written(decided, None if decided else NOT_ALLOWED)
        decided = True
    return Written(decided)


@dataclass(frozen=True)
class TakenBack:
    """What became of an undo: ``draft`` the game screen's ``ui`` bringing the decision back
    to be changed (None: refused), ``message`` the message id saying why not, or that it is."""

    draft: dict | None
    message: str


def take_back(ledger: Ledger, seat: int, screen) -> TakenBack:
    """Take back ``seat``'s latest decision, the one place an undo is written for both ways of
    playing; ``screen`` (the game's) may bring it back as a draft (a declaration)."""
    before = ledger.match
    try:
        ledger.take_back(seat)
    except undo.Refused as refused:
        return TakenBack(None, UNDO_REFUSALS[refused.reason])
    taken = before.actions[before.last_decision(seat)][1]
    return TakenBack(screen.reduce(ledger.view(seat), {}, "undone", taken)[0], TAKEN_BACK)


class Marks:
    """Each seat's log as it was right after their last decision: what "since your last
    decision" counts from. A mark is checked against the game before use, so one made stale
    (a decision taken back, another tab's decision) is made anew by replaying."""

    def __init__(self):
        self.kept: dict = {}  # seat -> (their last decision's number, that decision, log)

    def keep(self, match: Match, seat: int, log: list) -> None:
        """``log``: ``seat``'s log right after the decision they just made."""
        last = match.last_decision(seat)
        self.kept[seat] = (last, match.actions[last], log)

    def since(self, match: Match, seat: int | None, log: list) -> list:
        """The lines of ``log`` (``seat``'s view's) written since ``seat``'s last decision;
        none while the last decision is theirs (or they have none)."""
        if seat is None or not match.actions or match.actions[-1][0] == seat:
            return []
        last = match.last_decision(seat)
        if last is None:
            return []
        if self.kept.get(seat, (None, None))[:2] != (last, match.actions[last]):
            then = Match.replay({**match.record(), "actions": match.actions[:last + 1]})
            self.kept[seat] = (last, match.actions[last], then.rules.view(then.state, seat)["log"])
        return written(self.kept[seat][2], log)


class AtOneDevice:
    """A ``Match`` played at this device as a ledger: a seat decides at its turn, or out of
    turn where the game allows it."""

    def __init__(self, match: Match):
        self.match = match

    def may_decide(self, seat: int | None) -> bool:
        """(None: the table view, where nobody decides.)"""
        rules, state = self.match.rules, self.match.state
        return seat is not None and (seat in rules.to_act(state)
                                     or bool(rules.standing_options(state, seat)))

    def decide(self, seat: int, action) -> None:
        self.match.act(seat, action)

    def take_back(self, seat: int) -> None:
        self.match = self.match.take_back(seat)

    def view(self, seat: int) -> dict:
        return self.match.rules.view(self.match.state, seat)


def followed(lost: str = "", gone: bool = False) -> Outcome:
    """What a tab says once it followed another tab that changed its game's save: played on
    there (its newest position shows here), or deleted there (``gone``: the start screen shows);
    ``lost`` says what this tab did not do."""
    news = _(DELETED) if gone else _(PLAYED_ON)
    return Outcome(notice=("info", " ".join((news, lost)).strip()),
                   shown="start" if gone else None)


class Seat:
    """The common part of a way of playing (web/play/playing.py's ``Playing``): its bots'
    turns and its following of another tab. A way of playing built on it gives
    ``pending_bot``, ``bot_thinking``, ``bot_pause``, ``thinking_bots`` (the bots whose
    decision is thought over), ``_still_at`` (is the game still at a thinking's position?),
    ``_bot_decides`` (play a thinking: its Outcome), ``save_key`` (its save's storage key) and
    ``_follow_save`` (follow that save)."""

    def bot_current(self, thinking) -> bool:
        """Is ``thinking`` still for the game, position and screen shown? A decision thought
        of before an undo, a person's move, another game or another screen is dropped."""
        return thinking.bots is self.thinking_bots and self.pending_bot() == thinking.seat \
            and self._still_at(thinking)

    def bot_play(self, thinking) -> Outcome:
        """Play the worked-out (and current) ``thinking``, and the bot's walk on while its next
        step is decided at once: one repaint, the figure walks the trail."""
        outcome = self._bot_decides(thinking)
        while outcome.shown not in ("start", "saves") and (p := self.pending_bot()) is not None \
                and (step := self.bot_thinking(p)).walking and 0 < self.bot_pause() <= 1 \
                and step.work(float("-inf")):
            outcome = outcome.then(self._bot_decides(step))
        return outcome

    def storage_changed(self, key: str | None, shown: bool) -> Outcome:
        """Another tab wrote ``key`` (None: it cleared the storage) while this game's screen
        is ``shown`` or not: if that was this game's save, this tab follows it."""
        if key is not None and key != self.save_key:
            return QUIET
        return self._follow_save(shown)
