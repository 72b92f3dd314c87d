"""What one player may see (None: a spectator). Keys are listed in docs/crooks.md.

Hidden from others: the crook in your hand, your face-down crooks (shown as ``{"face": "down",
"placed": turn}`` with neither id nor rank nor modifier), the stacks in the dens (only their
sizes), what you saw while recruiting or spying (your ``memory``), crooks removed face down, the
unused crooks. When the game is over, every crook on the targets is shown.
"""

from engine.core import gamelog

from . import content
from .table import pile, players


def card(cid: str) -> dict:
    """A crook as its data: ``{crook, name, rank, modifier, gangs, action}``."""
    c = content.crook(cid)
    return {"crook": cid, "name": c["name"], "rank": c["rank"], "modifier": c["modifier"],
            "gangs": list(c["gangs"]), "action": c["action"]}


def _placed(c: dict, visible: bool) -> dict:
    if visible:
        return {**card(c["crook"]), "face": c["face"], "placed": c["placed"]}
    return {"face": "down", "placed": c["placed"]}


def _memory(entry: dict) -> dict:
    seen = dict(entry)
    if entry["kind"] == "spy_target":
        seen["saw"] = [{"seat": x["seat"], "placed": x["placed"], **card(x["crook"])}
                       for x in entry["saw"]]
    else:
        seen["saw"] = [card(c) for c in entry["saw"]]
    if entry.get("took"):
        seen["took"] = card(entry["took"])
    return seen


def view(s: dict, player: int | None, choice: dict | None) -> dict:
    n = players(s)
    over = s["result"] is not None
    step = s["step"]
    holding = next((q for q in range(n) if s["hand"][q] is not None), None)
    return {
        "game": "crooks", "player": player, "names": list(s["names"]), "turn": s["turn"],
        "first": s["first"], "current": s["current"],
        "step": None if step is None else {**step, "seat": s["current"]},
        "money": list(s["money"]), "bank": s["bank"], "passed": list(s["passed"]),
        "dens": [{"den": d, "count": len(stack)} for d, stack in s["dens"].items()],
        "targets": [{"value": v, "piles": [
            [_placed(c, over or c["face"] == "up" or q == player) for c in pile(s, v, q)]
            for q in range(n)]} for v in content.TARGETS],
        "holding": holding,
        "hand": card(s["hand"][player]) if player is not None and holding == player else None,
        "removed": [{k: r[k] for k in ("seat", "face", "turn", "how")}
                    | (card(r["crook"]) if r["face"] == "up" or r["seat"] == player else {})
                    for r in s["removed"]],
        "unused": len(s["box"]),
        "gang_points": content.GANG_POINTS[n],
        "memory": [] if player is None else [_memory(e) for e in s["memory"][player]],
        "log": gamelog.visible(s["log"], player),
        "choice": choice,
        "result": s["result"],
    }
