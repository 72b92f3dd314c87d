"""What this tab's session storage holds of the game open at this device (docs/table.md,
"Back, Forward and reload"): that it is open, and each seat's half-made decision.

The seat that last held the device is kept too: after a reload the hand-over names them first.
A seat's half-made decision is its screen state (an Age of Thieves declaration's AP placed, a
path chosen, a costly Swindler option or a Crooks face waiting to be confirmed), kept until the
seat decides: after a reload it comes back to that seat only, when the device is theirs again
(after its hand-over). Marked with the seat's last decision, it ends with the next one.
"""

import contextlib
import json

from web.keep.saves import StorageFull

OPEN_KEY = "thieves.open"  # the game open in this tab
PLAN_KEY = "thieves.plan.{save_id}.{seat}"  # a seat's half-made decision in it


class InTab:
    """Game ``save_id`` in this tab's ``session`` storage (None: nothing kept)."""

    def __init__(self, session, save_id: str):
        self.session, self.save_id = session, save_id

    def open(self) -> None:
        if self.session:
            self.session.set(OPEN_KEY, self.save_id)

    def close(self) -> None:
        """The game is closed in this tab (it stays saved; its plans stay for its return)."""
        if self.session and self.session.get(OPEN_KEY) == self.save_id:
            self.session.remove(OPEN_KEY)

    def holder(self) -> int | None:
        """The seat that last held the device in this tab (None: none kept)."""
        held = self.session.get(self._key("holder")) if self.session else None
        return int(held) if held and held.isdigit() else None

    def _key(self, seat: int | str) -> str:
        return PLAN_KEY.format(save_id=self.save_id, seat=seat)

    def keep(self, seat: int | None, match, ui: dict | None) -> None:
        """Seat ``seat``'s screen state ``ui`` in ``match`` (None: no seat's screen shown);
        ``ui`` None: the seat decided, its plan is done."""
        if not self.session or seat is None:
            return
        if ui is None:
            self.session.remove(self._key(seat))
            return
        kept = json.dumps({"after": match.last_decision(seat), "ui": ui})
        with contextlib.suppress(StorageFull):  # a plan is a convenience, never a fault
            self.session.set(self._key(seat), kept)

    def handed(self, seat: int, match) -> dict:
        """The device is seat ``seat``'s now (remembered: after a reload the hand-over names
        them); its screen state kept since its last decision in ``match``, else {}."""
        with contextlib.suppress(StorageFull):
            if self.session:
                self.session.set(self._key("holder"), str(seat))
        try:
            kept = json.loads(self.session.get(self._key(seat)) or "null") \
                if self.session else None
        except ValueError:
            kept = None
        if not isinstance(kept, dict) or kept.get("after") != match.last_decision(seat) \
                or not isinstance(kept.get("ui"), dict):
            return {}
        return kept["ui"]
