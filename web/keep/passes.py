"""Auto-pass at one device (issue 53): a person's answer, given ahead, to the reaction windows
("play an accomplice?") of others' turns, so that the table does not hand them the device for
windows they have passed on: it plays the ordinary pass for them (the record is as if they had
tapped it).

A person's auto-pass is ``{"until": turn}`` (pass every window until their own next turn: the
state's ``turn`` counter when it was set, over once they are the active player of a later turn)
or ``{"ask": [moments]}`` (pass every window except at these moments, until changed; a moment
is a window's ``trigger["on"]`` from the engine's choice). It is the person's choice made ahead,
whatever they hold, and everyone sees it the same way (a mark at their name): it tells nothing
about a hand. Kept per game in this tab's session storage, by seat. docs/swindler.md, "Auto-pass".
"""

import contextlib
import json

from engine.core.reactions import PASS
from web.keep.saves import StorageFull

KEY = "thieves.passes.{save_id}"
WINDOW = "react"  # the choice kind of a reaction window
UNTIL_TURN, ALWAYS_ASK = "turn", "always"  # the settings besides a list of moments


def moment(choice: dict | None) -> str | None:
    """The moment of a reaction window (its trigger's ``on``), None for any other choice."""
    if not choice or choice.get("kind") != WINDOW:
        return None
    trigger = (choice.get("context") or {}).get("trigger")
    return trigger.get("on") if isinstance(trigger, dict) else None


class Passes:
    """The auto-passes of the people at game ``save_id``, kept in this tab's ``session``
    storage (None: kept only while the game is open); ``moments``: the game's window moments
    (its front's ``windows``; none: nothing is offered)."""

    def __init__(self, session, save_id: str, moments: tuple = ()):
        self.session, self.key, self.moments = session, KEY.format(save_id=save_id), moments
        self.by_seat: dict[int, dict] = {}
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            kept = json.loads(session.get(self.key) or "{}") if session else {}
            self.by_seat = {int(p): a for p, a in kept.items() if self._valid(a)}

    def _valid(self, answer) -> bool:
        if not isinstance(answer, dict) or len(answer) != 1:
            return False
        if "until" in answer:
            return type(answer["until"]) is int
        ask = answer.get("ask")
        return isinstance(ask, list) and all(m in self.moments for m in ask) \
            and len(set(ask)) == len(ask)

    def of(self, state: dict, p: int) -> dict | None:
        """Seat ``p``'s auto-pass in force at ``state`` (None: asked as usual)."""
        answer = self.by_seat.get(p)
        if answer is not None and "until" in answer and state.get("active") == p \
                and state.get("turn") != answer["until"]:
            return None  # their own turn has come
        return answer

    def shown(self, state: dict, seats: int) -> list:
        """Every seat's auto-pass in force (None: none), for everyone to see alike."""
        return [self.of(state, p) for p in range(seats)]

    def expire(self, state: dict) -> None:
        """An auto-pass until one's turn ends once one is the active player of a later turn:
        forgotten then, so that it does not come back when the turn has passed on."""
        active = state.get("active")
        if active in self.by_seat and self.of(state, active) is None:
            del self.by_seat[active]
            self._keep()

    def played_for(self, rules, state: dict, p: int):
        """What the table plays for person ``p`` without asking (None: ``p`` is asked): the
        one legal option (``Rules.forced``), or the pass of a window at a moment ``p``'s
        auto-pass covers, whatever ``p`` holds."""
        forced, answer = rules.forced(state, p), self.of(state, p)
        if forced is not None or answer is None:
            return forced
        on = moment(rules.choice(state, p))
        return None if on is None or on in answer.get("ask", ()) else PASS

    def set(self, state: dict, p: int, wish) -> bool:
        """Person ``p``'s new auto-pass: ``"turn"`` (until my next turn), ``"always"`` (none:
        ask me at every window) or the list of moments to be asked at. False: refused (a
        wish the game does not offer)."""
        if not self.moments:
            return False
        if wish == UNTIL_TURN:
            self.by_seat[p] = {"until": state.get("turn")}
        elif wish == ALWAYS_ASK or (isinstance(wish, list)
                                    and sorted(set(wish)) == sorted(self.moments)):
            self.by_seat.pop(p, None)
        elif isinstance(wish, list) and self._valid({"ask": wish}):
            self.by_seat[p] = {"ask": [m for m in self.moments if m in wish]}
        else:
            return False
        self._keep()
        return True

    def _keep(self) -> None:
        if self.session:
            with contextlib.suppress(StorageFull):  # kept in this tab's memory all the same
                self.session.set(self.key, json.dumps(self.by_seat))
