"""A save that cannot be opened at this device, and why (web/play/hotseat/ opens the others)."""

import contextlib

from engine.core.errors import NewerRules
from engine.core.game import Match
from web.base.i18n import N_, _
from web.base.outcome import Outcome
from web.keep.plans import InTab
from web.keep.saves import SaveError, StorageFull, record_of

UNREPLAYABLE = N_("its moves cannot be replayed")  # kept in English, shown translated
NEWER = N_("it was saved by a newer version of the table: reload the page to update the table")


class Broken(Exception):
    """Save ``save_id`` cannot be opened; ``reason`` (a message id, shown translated) says why."""

    def __init__(self, save_id: str, reason: str):
        super().__init__(reason)
        self.save_id, self.reason = save_id, reason


def load(saves, save_id: str) -> tuple[Match, dict]:
    """The game kept in save ``save_id`` and the save; :class:`Broken` with the reason."""
    try:
        save = saves.load(save_id)
        return Match.replay(record_of(save), traced=True), save
    except SaveError as error:  # the saved games list finds this reason again itself
        raise Broken(save_id, str(error)) from None
    except NewerRules:
        raise Broken(save_id, NEWER) from None
    except Exception:  # a record the rules refuse, or one from another version
        raise Broken(save_id, UNREPLAYABLE) from None


def unopened(saves, session, broken: Broken) -> Outcome:
    """A save that cannot be opened: why is kept (the saved games list shows it), this tab no
    longer has it open, and the saved games show, saying why."""
    with contextlib.suppress(StorageFull):
        saves.mark_broken(broken.save_id, broken.reason)
    InTab(session, broken.save_id).close()
    return Outcome(notice=("error", _("This saved game cannot be opened: {reason}.").format(
        reason=_(broken.reason))), shown="saves")
