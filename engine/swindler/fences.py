"""Fences: selling loot (step 3) and refilling the three open fences (step 4).

Each fence has three fields, each an item spec with its VP. A sold tile lies on its field until
the fence is complete; completing it scores 2 bonus VP and sends its tiles home. Coin tiles
cannot be sold (a tile forged into jewellery or a key can). The black bag's bunch of three keys
sells as a key of any colour.
"""

from . import content
from .table import (
    classes,
    effective_type,
    gain_vp,
    log,
    player,
    put_back,
    revision,
    rng,
    unlocked,
)


def sale_options(s: dict, p: int) -> list:
    """One sale per tile kind and free field of an open fence that the tile fits: the seller
    chooses the field (the book; a bunch of three keys fits every key field)."""
    return [{"sell": tile, "fence": i, "field": j}
            for tile in classes(s, player(s, p)["loot"])
            for i, fence in enumerate(s["fences"]["open"])
            for j in fitting_fields(fence, effective_type(s, tile), content.bag_of(tile))]


def fitting_fields(fence: dict | None, kind: str, bag: str) -> list[int]:
    """The free fields of ``fence`` an item of ``kind`` from ``bag`` sells to; of two free
    fields asking the same for the same VP only the first (nothing tells them apart)."""
    if fence is None or content.coin_value(kind):
        return []
    fields = content.fences()[fence["id"]]["fields"]
    found, seen = [], []
    for j, field in enumerate(fields):
        if fence["laid"][j] is None and content.slot_matches(field[0], kind, bag) \
                and field not in seen:
            found.append(j)
            seen.append(field)
    return found


def sell(s: dict, p: int, tile: str, i: int, j: int) -> None:
    """Lay ``tile`` on field ``j`` of open fence ``i``. The Fences' Favourite scores 1 VP more
    once per turn, from the moment the ability unlocks ("Einmalig pro Spielzug", "ab sofort"):
    the first sale of the turn after the unlock, even if ``p`` sold before it."""
    fence = s["fences"]["open"][i]
    vp = content.fences()[fence["id"]]["fields"][j][1]
    player(s, p)["loot"].remove(tile)
    s["forged"].pop(tile, None)
    fence["laid"][j] = tile
    if unlocked(s, p, "fence_bonus") and not s["fence_bonus_used"]:
        vp += 1
        s["fence_bonus_used"] = True
    if revision(s) < 3:  # revision 2: every sale uses it up, one before the unlock too
        s["fence_bonus_used"] = True
    gain_vp(s, p, vp)
    log(s, "sells", player=p, tile=tile, fence=fence["id"], vp=vp)
    if all(fence["laid"]):
        gain_vp(s, p, content.FENCE_BONUS)
        for laid in fence["laid"]:
            put_back(s, laid)
        s["fences"]["discard"].append(fence["id"])
        s["fences"]["open"][i] = None
        s["completed"] = True
        log(s, "fence_complete", fence=fence["id"], player=p, vp=content.FENCE_BONUS)


def refill(s: dict) -> None:
    """Empty fence places get new fences; an empty stack is the shuffled discard pile."""
    fences = s["fences"]
    for i, fence in enumerate(fences["open"]):
        if fence is not None:
            continue
        if not fences["deck"]:
            fences["deck"], fences["discard"] = fences["discard"], []
            rng(s).shuffle(fences["deck"])
        if fences["deck"]:
            new = fences["deck"].pop()
            fences["open"][i] = {"id": new, "laid": [None] * 3}
            log(s, "fence_opens", fence=new)
