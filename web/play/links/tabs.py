"""One seat of a remote game in several tabs of one browser (issues 36 and 52): the tabs
share its save, seat and key, so they must share one course. A tab follows what another
saved (the storage event), and it decides or takes back only holding the game's lock across
the tabs, from reading the save to writing it (docs/remote.md, "One seat in two tabs")."""

from collections.abc import Callable

from web.base.outcome import QUIET, Outcome
from web.play.links.device import SAVE_PREFIX, NoGame, parsed, sealed
from web.play.seat import followed


class SharedSeat:
    """The remote table's side of the other tabs of this browser; the table holds ``device``,
    ``storage``, ``jobs``, the save as it last read or wrote it (``save_seen``), the ``lock``
    it holds and what is lost if the change ``waiting`` for it is not made, and opens, closes
    and says (web/play/links/)."""

    # --- the same seat in another tab of this browser ----------------------------------------
    def _follow_save(self, shown: bool) -> Outcome:
        """Another tab wrote this game's save: if its game is ``shown`` here, its seat was
        played there, and this tab follows."""
        if self.device is None or not shown:
            return QUIET
        return self._told(self._follows_another_tab)

    def _follows_another_tab(self, lost: str = "", then: Callable | None = None,
                             seal: str | None = None) -> bool:
        """Before this tab decides, takes back, sends or takes a link: has another tab changed
        the game's save since this tab read or wrote it (or made a change under the game's
        lock that this tab's copy of the storage does not show yet: ``seal``, that tab's
        save)? Then nothing is done here (``lost`` says what), and this tab opens the save,
        its signatures checked again, or shows the start screen if the game was deleted
        there, then goes on with ``then``. True if so: never a second decision for the seat.
        A save behind what this tab holds (a copy of the storage not yet up to date with a
        seal this tab opened) is not followed."""
        game_id = self.device.chain.game_id
        kept = self.storage.get(SAVE_PREFIX + game_id)
        if seal is None and (kept == self.save_seen or kept is not None
                             and sealed(parsed(kept)) < self.device.sealed):
            return False
        lost, self.waiting = lost or self.waiting, ""  # a change waiting for the lock is lost
        if seal is not None and sealed(parsed(kept)) >= sealed(parsed(seal)):
            seal = None  # this tab's copy of the storage is as far: the save as kept
        course = _course(self.save_seen)
        self.close()
        try:
            self.open(game_id, then, text=seal)
        except NoGame:
            self.say(followed(lost, gone=True))
        else:
            if lost or _course(seal or kept) != course:  # (else a link made or copied there)
                self.say(followed(lost))
        return True

    # --- one course for the seat across the tabs of this browser ----------------------------
    def _locked(self, change: Callable[[], None], lost: str = "") -> None:
        """Make ``change`` (a decision, a take back) holding the game's lock across the tabs
        of this browser ("hold", web/play/links/jobs.py) from reading the save to writing it, unless
        another tab changed the game's course first, since this tab read or wrote the save:
        its copy of the storage tells, or, for a change made at the same moment, the seal kept
        under the lock (that tab's save). Then this tab follows that one instead, and ``lost``
        says what was not done. ``change`` ends by ``_sealed`` or ``_unlock``."""
        if self._follows_another_tab(lost):
            return
        device = self.device
        name = SAVE_PREFIX + device.chain.game_id
        self.waiting = lost

        def holding(answer):
            ticket, seal = answer
            self.waiting = ""
            if self.device is not device:  # followed another tab, or closed, meanwhile
                self._release(ticket, name)
                return
            self.lock = ticket, name
            if sealed(parsed(seal)) > device.sealed:
                self._unlock()
                self._follows_another_tab(lost, seal=seal)
            elif not self._follows_another_tab(lost):
                try:
                    change()
                except Exception:  # (a fault of ours: the other tabs need not wait for it)
                    self._unlock()
                    raise
        self.jobs.ask("hold", (name,), holding, always=True)

    def _sealed(self) -> None:
        """The change made under the game's lock is done: kept, sealed, and the lock let go
        of."""
        self.device.sealed += 1
        self._unlock(self._save())

    def _unlock(self, seal: str | None = None) -> None:
        """Let go of the game's lock, if held, keeping ``seal`` under it (the save just
        written; None: the seal there stays)."""
        if self.lock is not None:
            (ticket, name), self.lock = self.lock, None
            self._release(ticket, name, seal)

    def _release(self, ticket: int, name: str, seal: str | None = None) -> None:
        self.jobs.ask("release", (ticket, name, seal), lambda done: None, always=True)


def _course(save: str | None) -> str | None:
    """The game's course in a kept save: its whole-game link (None: none readable)."""
    return (parsed(save) or {}).get("link")
