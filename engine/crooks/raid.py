"""The raid: place the recruited crook at a target in your row, face up or (for $1) face down.

A target holds one crook per player. Placed face up, an Accomplice may join your crooks there,
a Swap may take their place (they move on), a Killer may replace them. Only a crook placed face
up from the hand triggers its action; the action step follows (see ``actions``).
"""

from engine.core.gamelog import message

from . import content
from .actions import action_step, remove_pile
from .table import free_targets, log, pay, pile
from .turns import end_turn, shape_reason, step

FACES = ("up", "down")


def place_reason(s: dict, p: int, cid: str, value, face) -> str | None:
    """Why ``p`` may not place ``cid`` at ``value`` with ``face``; None when legal."""
    if value not in content.TARGETS:
        return f"there is no target {value!r}; the targets are 2 to 9"
    if face not in FACES:
        return "place the crook face 'up' or 'down'"
    crook = content.crook(cid)
    own = bool(pile(s, value, p))
    if face == "down":
        if crook["action"] == "kingpin":
            return "the Kingpin must be placed face up"
        if s["money"][p] < content.FACE_DOWN_COST:
            return "placing a crook face down costs $1 more, and you have no money left"
        if own:
            return f"you already have a crook at target {value}"
        return None
    if not own:
        return None
    action = crook["action"]
    if action in ("accomplice", "killer"):
        return None
    if action == "swap":
        if len(free_targets(s, p)) == 0:
            return "a Swap needs another target without your crooks to move yours there"
        return None
    return (f"you already have a crook at target {value}; only an Accomplice, a Swap or a "
            "Killer placed face up may go there")


def placements(s: dict, p: int, cid: str) -> list[dict]:
    """Every legal placement of ``cid`` for ``p``."""
    return [{"place": v, "face": f} for v in content.TARGETS for f in FACES
            if place_reason(s, p, cid, v, f) is None]


def _place_candidates(s: dict, st: dict) -> list:
    return [{"place": v, "face": f} for v in content.TARGETS for f in FACES]


def _place_reason(s: dict, st: dict, action) -> str | None:
    why = shape_reason(action, {"place": (int,), "face": (str,)})
    if why:
        return "place your crook: a target (2-9) and a face (up or down)"
    p = s["current"]
    return place_reason(s, p, s["hand"][p], action["place"], action["face"])


def _place_prompt(s: dict, st: dict) -> dict:
    return message("place_crook", crook=s["hand"][s["current"]], money=content.FACE_DOWN_COST)


@step("place", _place_candidates, _place_reason, _place_prompt)
def _place(s: dict, st: dict, action: dict) -> None:
    p, v, face = s["current"], action["place"], action["face"]
    cid = s["hand"][p]
    s["hand"][p] = None
    mine = pile(s, v, p)
    joined = bool(mine)
    mine.append({"crook": cid, "face": face, "placed": s["turn"]})
    if face == "down":
        pay(s, p, content.FACE_DOWN_COST)
        log(s, "places_down", {"player": p, "money": content.FACE_DOWN_COST, "target": v})
        log(s, "you_place_down", {"crook": cid, "target": v}, to=p)
        end_turn(s)
        return
    log(s, "places_up", {"player": p, "crook": cid, "target": v})
    action_kind = content.crook(cid)["action"]
    if action_kind == "accomplice" and joined:
        log(s, "accomplice_joins", {"player": p, "target": v})
    elif action_kind == "swap" and joined:
        s["step"] = {"kind": "swap", "at": v}
        return
    elif action_kind == "killer" and joined:
        remove_pile(s, v, p, keep_last=True)
        log(s, "killer_own", {"player": p, "target": v})
    elif action_kind in ("pickpocket", "killer", "spy"):
        st = action_step(s, action_kind, v)
        if st is not None:
            s["step"] = st
            return
    end_turn(s)
