"""Special actions, triggered by a crook placed face up from the hand.

Pickpocket, Killer (on another player) and Spy ask whether and how to use them; declining is
``{"use": false}``. Accomplice, Swap and a Killer on your own crooks act through the placement
itself (see ``raid``); a Swap then asks where the crooks it displaced go.
"""

from engine.core.gamelog import message

from . import content
from .table import free_targets, log, pay, pile, players
from .turns import end_turn, shape_reason, step


def action_step(s: dict, kind: str, value: int) -> dict | None:
    """The step asking how to use the action of the crook just placed at ``value``, or None
    when the action has nothing to act on."""
    p = s["current"]
    if kind == "pickpocket":
        return {"kind": "pickpocket", "at": value}
    if kind == "killer":
        if any(pile(s, value, q) for q in range(players(s)) if q != p):
            return {"kind": "kill", "at": value}
        return None
    if spy_targets(s, p) or any(s["dens"].values()):
        return {"kind": "spy", "at": value}
    return None


def remove_pile(s: dict, value: int, q: int, keep_last: bool = False) -> None:
    """Put ``q``'s crooks at ``value`` into the box (all but the newest with ``keep_last``)."""
    crooks = pile(s, value, q)
    gone = crooks[:-1] if keep_last else list(crooks)
    del crooks[:len(gone)]
    for card in gone:
        s["removed"].append({"crook": card["crook"], "seat": q, "face": card["face"],
                             "turn": s["turn"], "how": "killed"})


def _decline_reason(action) -> str | None:
    why = shape_reason(action, {"use": (bool,)})
    return why or (None if action["use"] is False else "choose how to use the action")


# --- Pickpocket -------------------------------------------------------------------------------
def _pickpocket_candidates(s: dict, st: dict) -> list:
    return [{"use": True}, {"use": False}]


def _pickpocket_reason(s: dict, st: dict, action) -> str | None:
    return shape_reason(action, {"use": (bool,)}) and "take the $2 (use) or decline"


def _pickpocket_prompt(s: dict, st: dict) -> dict:
    return message("pickpocket_ask", money=content.PICKPOCKET_MONEY)


@step("pickpocket", _pickpocket_candidates, _pickpocket_reason, _pickpocket_prompt)
def _pickpocket(s: dict, st: dict, action: dict) -> None:
    p = s["current"]
    if action["use"]:
        pay(s, p, -content.PICKPOCKET_MONEY)
        log(s, "pickpocket_takes", {"player": p, "money": content.PICKPOCKET_MONEY})
    else:
        log(s, "pickpocket_declined", {"player": p})
    end_turn(s)


# --- Killer -----------------------------------------------------------------------------------
def _kill_candidates(s: dict, st: dict) -> list:
    return [{"kill": q} for q in range(players(s))] + [{"use": False}]


def _kill_reason(s: dict, st: dict, action) -> str | None:
    if isinstance(action, dict) and "use" in action:
        return _decline_reason(action)
    if shape_reason(action, {"kill": (int,)}):
        return "choose the player whose crooks the Killer removes, or decline"
    q, v = action["kill"], st["at"]
    if q == s["current"]:
        return "a Killer removes your own crooks only when placed on them"
    if not 0 <= q < players(s) or not pile(s, v, q):
        return f"that player has no crook at target {v}"
    return None


def _kill_prompt(s: dict, st: dict) -> dict:
    return message("killer_ask", target=st["at"])


@step("kill", _kill_candidates, _kill_reason, _kill_prompt)
def _kill(s: dict, st: dict, action: dict) -> None:
    p, v = s["current"], st["at"]
    if "use" in action:
        log(s, "killer_spares", {"player": p, "target": v})
    else:
        q = action["kill"]
        count = len(pile(s, v, q))
        remove_pile(s, v, q)
        log(s, "killer_removes", {"player": p, "victim": q, "count": count, "target": v})
    end_turn(s)


# --- Swap -------------------------------------------------------------------------------------
def _swap_candidates(s: dict, st: dict) -> list:
    return [{"swap_to": w} for w in content.TARGETS]


def _swap_reason(s: dict, st: dict, action) -> str | None:
    if shape_reason(action, {"swap_to": (int,)}):
        return "choose the target your displaced crooks move to"
    w = action["swap_to"]
    if w not in free_targets(s, s["current"]):
        return f"your crooks can move only to a target without your crooks, not {w!r}"
    return None


def _swap_prompt(s: dict, st: dict) -> dict:
    return message("swap_ask", target=st["at"])


@step("swap", _swap_candidates, _swap_reason, _swap_prompt)
def _swap(s: dict, st: dict, action: dict) -> None:
    p, v, w = s["current"], st["at"], action["swap_to"]
    crooks = pile(s, v, p)
    moved = crooks[:-1]
    del crooks[:-1]
    pile(s, w, p).extend(moved)
    log(s, "swap_moves", {"player": p, "count": len(moved), "target": v, "dest": w})
    end_turn(s)


# --- Spy --------------------------------------------------------------------------------------
def spy_targets(s: dict, p: int) -> list[int]:
    """Targets with a face-down crook of another player."""
    return [v for v in content.TARGETS
            if any(c["face"] == "down" for q in range(players(s)) if q != p
                   for c in pile(s, v, q))]


def _spy_candidates(s: dict, st: dict) -> list:
    return ([{"spy": "target", "at": v} for v in content.TARGETS]
            + [{"spy": "den", "at": d} for d in s["dens"]] + [{"use": False}])


def _spy_reason(s: dict, st: dict, action) -> str | None:
    if isinstance(action, dict) and "use" in action:
        return _decline_reason(action)
    if shape_reason(action, {"spy": (str,), "at": (int, str)}):
        return "spy on a target or a den, or decline"
    kind, at = action["spy"], action["at"]
    if kind == "target":
        if isinstance(at, bool) or at not in spy_targets(s, s["current"]):
            return f"there is no face-down crook of another player at target {at!r}"
        return None
    if kind == "den":
        if not isinstance(at, str) or not s["dens"].get(at):
            return f"there is no crook in a den {at!r}"
        return None
    return "spy on a 'target' or a 'den'"


def _spy_prompt(s: dict, st: dict) -> dict:
    return message("spy_ask")


@step("spy", _spy_candidates, _spy_reason, _spy_prompt)
def _spy(s: dict, st: dict, action: dict) -> None:
    p = s["current"]
    if "use" in action:
        log(s, "spy_idle", {"player": p})
    elif action["spy"] == "target":
        v = action["at"]
        seen = [{"seat": q, "placed": c["placed"], "crook": c["crook"]}
                for q in range(players(s)) if q != p for c in pile(s, v, q)
                if c["face"] == "down"]
        s["memory"][p].append({"turn": s["turn"], "kind": "spy_target", "at": v, "saw": seen})
        log(s, "spy_target", {"player": p, "target": v})
    else:
        d = action["at"]
        s["memory"][p].append({"turn": s["turn"], "kind": "spy_den", "den": d,
                               "saw": list(s["dens"][d])})
        log(s, "spy_den", {"player": p, "den": d})
    end_turn(s)
