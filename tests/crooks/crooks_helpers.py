"""Shared helpers for the Crooks rules tests.

A test starts a real ``Match`` and then lays out the position the rule needs with ``arrange``:
the dens' stacks, crooks already on the targets, money and whose turn it is. Every crook not
named goes into the box, so the 32 crooks stay accounted for. The game is then driven with
explicit actions through ``match.act``.
"""

import pytest

from engine.core.game import IllegalAction, Match, state_hash
from engine.crooks import content

NAMES = ["Tom", "Pim", "Susanne", "Ada"]


def by_name(name: str) -> str:
    """The id of the crook called ``name``."""
    return next(cid for cid, c in content.crooks().items() if c["name"] == name)


def first(action: str, exclude=()) -> str:
    """A crook with ``action``, other than those in ``exclude``."""
    return next(cid for cid, c in sorted(content.crooks().items())
                if c["action"] == action and cid not in exclude)


def plain(rank: int | None = None, exclude=(), **props) -> str:
    """A crook without an action, of ``rank`` and other properties (``gangs``, ``modifier``)."""
    return next(cid for cid, c in sorted(content.crooks().items())
                if c["action"] == "none" and cid not in exclude
                and (rank is None or c["rank"] == rank)
                and all(c[k] == v for k, v in props.items()))


def new_match(players: int = 3, seed: int = 1) -> Match:
    return Match.start("crooks", [{"name": n} for n in NAMES[:players]], seed=seed)


def arrange(match: Match, dens: dict | None = None, targets: dict | None = None,
            money: list | None = None, current: int = 0) -> Match:
    """Lay out a position: ``dens`` maps a den letter to its stack (others empty), ``targets``
    maps ``(value, seat)`` to crook ids (``"c07"`` face up, ``("c07", "down")`` face down,
    bottom first); it is ``current``'s turn to pass or recruit."""
    s = match.state
    n = len(s["names"])
    used = set()
    s["dens"] = {d: list((dens or {}).get(d, [])) for d in content.dens(n)}
    for stack in s["dens"].values():
        used.update(stack)
    s["targets"] = {str(v): [[] for _ in range(n)] for v in content.TARGETS}
    for (value, seat), cards in (targets or {}).items():
        for card in cards:
            cid, face = (card, "up") if isinstance(card, str) else card
            s["targets"][str(value)][seat].append({"crook": cid, "face": face, "placed": 0})
            used.add(cid)
    s["box"] = sorted(set(content.crooks()) - used)
    s["removed"] = []
    if money is not None:
        s["money"] = list(money)
    s["current"], s["step"] = current, {"kind": "turn"}
    return match


def to_act(match: Match) -> int:
    return match.rules.to_act(match.state)[0]


def options(match: Match) -> list:
    return match.rules.choice(match.state, to_act(match))["options"]


def turn(match: Match, den: str, take: str, place: int, face: str = "up", *then) -> None:
    """One recruit-and-place turn of the player to act, then any action answers."""
    p = to_act(match)
    match.act(p, {"den": den})
    match.act(p, {"take": take})
    match.act(p, {"place": place, "face": face})
    for action in then:
        match.act(p, action)


def pass_all(match: Match) -> None:
    while match.rules.result(match.state) is None:
        match.act(to_act(match), {"pass": True})


def pile(match: Match, value: int, seat: int) -> list:
    return match.state["targets"][str(value)][seat]


def ids(match: Match, value: int, seat: int) -> list:
    return [c["crook"] for c in pile(match, value, seat)]


def refused(match: Match, action, reason: str | None = None, player: int | None = None) -> str:
    """Assert that ``action`` is refused with ``reason`` in the message and changes nothing."""
    before, actions = state_hash(match.state), list(match.actions)
    with pytest.raises(IllegalAction) as error:
        match.act(to_act(match) if player is None else player, action)
    message = str(error.value)
    assert message and len(message) < 300
    if reason:
        assert reason in message, message
    assert state_hash(match.state) == before, "a refused action changed the state"
    assert match.actions == actions
    return message
