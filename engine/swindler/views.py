"""Per-player views: everything on the table is public (bag contents, loot, coins, posters,
orders, fences, reservations, cards in play); each accomplice hand is private (others see its
size), and the order, fence and accomplice decks are face down (only their sizes show).
``flow`` is the public course of play a whole state needs (determinize.py): the table
options, the pending steps and questions (the stack), the drafted master cards still to
choose, what this turn completed or sold, and how many cards each seat hired this turn."""

from functools import cache, lru_cache

from engine.core import gamelog
from engine.core.game import json_copy

from . import content
from .flow import top_ask
from .table import coins_worth, effective_type

BAG_FILLINGS = 4096  # bag fillings whose figures are kept (sorted, the bags have 2,048)


def view(s: dict, player: int | None, choice: dict | None) -> dict:
    frame = top_ask(s)
    n = len(s["players"])
    return {
        "game": "swindler", "player": player, "players": n, "turn": s["turn"],
        "round": s["round"], "step": s["step"], "active": s["active"], "start": s["start"],
        "end_triggered": s["end_triggered"],
        "thresholds": {"master": content.MASTER_AT[n], "end": content.END_AT[n]},
        "tiles": content.tile_faces(),
        "bags": {bag: _bag(tiles) for bag, tiles in s["bags"].items()},
        "supply": {"neutral": list(s["supply"]["neutral"]), "coins": s["supply"]["coins"],
                   "posters": s["supply"]["posters"]},
        "orders": {"open": [_order(s, o) for o in s["orders"]["open"]],
                   "deck": len(s["orders"]["deck"]), "out": list(s["orders"]["out"])},
        "fences": {"open": [_fence(f) for f in s["fences"]["open"]],
                   "deck": len(s["fences"]["deck"]), "discard": len(s["fences"]["discard"])},
        "accomplices": {"deck": len(s["deck"]),
                        "discard": [content.kind_of(c) for c in s["discard"]]},
        "seats": [_seat(s, p, p == player) for p in range(n)],
        "steal": _steal(s["steal"]),
        "forged": dict(s["forged"]),
        "picks": [_card(c) for c in s["picks"]],
        "plays": [{"card": _card(e["card"]), "by": e["by"], "args": dict(e["args"]),
                   "neutralised": e["neutralised"],
                   **({"undo": dict(e["undo"])} if "undo" in e else {})} for e in s["plays"]],
        "bets": [{"player": b["player"], "bet": b["bet"]} for b in s["bets"]],
        "reaction": ({"trigger": dict(frame["trigger"]), "asking": frame["player"]}
                     if frame and frame["do"] == "react" else None),
        "to_act": frame["player"] if frame and s["result"] is None else None,
        "log": gamelog.visible(s["log"], player),
        "choice": choice,
        "result": s["result"],
        "flow": _flow(s),
    }


def _flow(s: dict) -> dict:
    """The public course of play: nothing in it is hidden at the table (the stack's frames
    name seats, open orders, set-aside raids, triggers and loot tiles, never a hand card or a
    face-down card; the drafted master cards lie face up)."""
    return {"options": dict(s["options"]), "stack": json_copy(s["stack"]),
            "master_pool": list(s["master_pool"]), "fence_bonus_used": s["fence_bonus_used"],
            "completed": s["completed"], "fresh": [len(me["fresh"]) for me in s["players"]]}


def _bag(tiles: list[str]) -> dict:
    counted = _counted(tuple(tiles))
    return {**counted, "contents": dict(counted["contents"])}


@lru_cache(maxsize=BAG_FILLINGS)
def _counted(tiles: tuple[str, ...]) -> dict:
    """A bag's figures for the view, by its tiles (kept: the playouts of a search see the same
    few fillings over and over; never changed, ``_bag`` copies them)."""
    contents = {}
    for t in tiles:
        kind = content.type_of(t)
        contents[kind] = contents.get(kind, 0) + 1
    skulls = contents.get("skull", 0)
    return {"tiles": len(tiles), "skulls": skulls, "loot": len(tiles) - skulls,
            "odds": round(skulls / len(tiles), 4) if tiles else 0.0, "contents": contents}


def _order(s: dict, order: str | None) -> dict | None:
    if order is None:
        return None
    return {**content.orders()[order], "reserved_by": s["reserved"].get(order)}


def _fence(fence: dict | None) -> dict | None:
    if fence is None:
        return None
    laid = fence["laid"]  # a tile or None for each field
    return {"id": fence["id"], "fields": [
        {"spec": spec, "vp": vp, "tile": laid[i]}
        for i, (spec, vp) in enumerate(content.fences()[fence["id"]]["fields"])]}


def _card(card: str) -> dict:
    return dict(_face(card))


@cache
def _face(card: str) -> dict:
    """A card as the views show it (one shared dict: never changed, the views copy it)."""
    return {**content.accomplices()[card], "name": content.card_name(card)}


def _steal(steal: dict | None) -> dict | None:
    if steal is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in steal.items()}


def _seat(s: dict, p: int, own: bool) -> dict:
    me = s["players"][p]
    ability = content.masters().get(me["master"]) if me["master"] else None
    seen = {
        "seat": p, "name": me["name"], "vp": me["vp"], "coins": me["coins"],
        "coins_worth": coins_worth(s, p), "loot": list(me["loot"]),
        "loot_types": {t: effective_type(s, t) for t in me["loot"]},
        "posters": me["posters"], "fulfilled": len(me["fulfilled"]),
        "reserved": sorted(o for o, q in s["reserved"].items() if q == p),
        "master": ({"id": me["master"], "name": ability["name"], "text": ability["text"],
                    "unlocked": me["unlocked"]} if ability else None),
        "jailed": me["jailed"], "hand_size": len(me["hand"]),
        "in_play": [{**_face(e["card"]), "since": e["since"], "usable": e["since"] < s["turn"],
                     "undo": dict(e["undo"])} for e in me["in_play"]],
    }
    if own:
        seen["hand"] = [{**_face(c), "fresh": c in me["fresh"]} for c in sorted(me["hand"])]
        seen["fulfilled_orders"] = sorted(me["fulfilled"])  # face down, but the seat's own
    return seen
