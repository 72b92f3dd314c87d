"""Recruiting: pass, or pay $1 per card at a den, look at its stack and take one crook.

A Kingpin can be taken only as the last card of its stack. A player who has a crook at every
target may still recruit; if no card of the stack can be placed, the crook taken is discarded
into the box (the money stays spent). While a stack holds a crook that can be placed, the taken
crook must be one of those.
"""

from engine.core.gamelog import message

from . import content
from .raid import placements
from .table import log, pay
from .turns import end_turn, shape_reason, step


def takeable(stack: list[str], cid: str) -> bool:
    return content.crook(cid)["action"] != "kingpin" or len(stack) == 1


def can_recruit_at(s: dict, p: int, den: str) -> bool:
    stack = s["dens"][den]
    return bool(stack) and s["money"][p] >= len(stack) and any(takeable(stack, c)
                                                               for c in stack)


# --- pass or recruit ----------------------------------------------------------------------------
def _turn_candidates(s: dict, st: dict) -> list:
    return [{"pass": True}] + [{"den": d} for d in s["dens"]]


def _turn_reason(s: dict, st: dict, action) -> str | None:
    if isinstance(action, dict) and "pass" in action:
        return shape_reason(action, {"pass": (bool,)}) or (
            None if action["pass"] else "to recruit, choose a den")
    why = shape_reason(action, {"den": (str,)})
    if why:
        return "pass, or choose a den to recruit from"
    den, p = action["den"], s["current"]
    if den not in s["dens"]:
        return f"there is no den {den} in this game"
    stack = s["dens"][den]
    if not stack:
        return f"den {den} is empty"
    if s["money"][p] < len(stack):
        return f"den {den} costs ${len(stack)} and you have ${s['money'][p]}"
    if not any(takeable(stack, c) for c in stack):
        return f"den {den} holds only a Kingpin that is not the last card"
    return None


def _turn_prompt(s: dict, st: dict) -> dict:
    return message("recruit_or_pass")


@step("turn", _turn_candidates, _turn_reason, _turn_prompt)
def _turn(s: dict, st: dict, action: dict) -> None:
    p = s["current"]
    if "pass" in action:
        s["passed"][p] = True
        log(s, "passes", {"player": p})
        end_turn(s)
        return
    den = action["den"]
    stack = s["dens"][den]
    pay(s, p, len(stack))
    s["memory"][p].append({"turn": s["turn"], "kind": "recruit", "den": den,
                           "saw": list(stack), "took": None})
    s["step"] = {"kind": "take", "den": den}
    log(s, "recruits", {"player": p, "money": len(stack), "den": den})


# --- take a crook -------------------------------------------------------------------------------
def _must_take_placeable(s: dict, p: int, stack: list[str]) -> bool:
    return any(takeable(stack, c) and placements(s, p, c) for c in stack)


def _take_candidates(s: dict, st: dict) -> list:
    return [{"take": c} for c in s["dens"][st["den"]]]


def _take_reason(s: dict, st: dict, action) -> str | None:
    why = shape_reason(action, {"take": (str,)})
    if why:
        return "take one crook from the stack you are looking at"
    stack, cid, p = s["dens"][st["den"]], action["take"], s["current"]
    if cid not in stack:
        return f"that crook is not in the stack of den {st['den']}"
    if not takeable(stack, cid):
        return "the Kingpin can be recruited only when it is the last card of its stack"
    if not placements(s, p, cid) and _must_take_placeable(s, p, stack):
        return (f"{content.crook(cid)['name']} cannot be placed anywhere; "
                "take a crook you can place")
    return None


def _take_prompt(s: dict, st: dict) -> dict:
    return message("take_one", den=st["den"])


@step("take", _take_candidates, _take_reason, _take_prompt)
def _take(s: dict, st: dict, action: dict) -> None:
    p, cid = s["current"], action["take"]
    s["dens"][st["den"]].remove(cid)
    s["memory"][p][-1]["took"] = cid
    if placements(s, p, cid):
        s["hand"][p] = cid
        s["step"] = {"kind": "place"}
        log(s, "takes", {"player": p, "den": st["den"]})
        log(s, "you_take", {"crook": cid}, to=p)
        return
    s["removed"].append({"crook": cid, "seat": p, "face": "down", "turn": s["turn"],
                         "how": "discarded"})
    log(s, "discards", {"player": p, "den": st["den"]})
    log(s, "you_discard", {"crook": cid}, to=p)
    end_turn(s)
