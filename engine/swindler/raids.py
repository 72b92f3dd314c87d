"""Step 4 for orders: reveal cards one by one until 4 orders lie open. The first police raid
revealed in a refill is carried out at once and leaves the game; later ones are set aside and
shuffled back into the deck when the refill is done.

A raid hits every swindler not in jail, in turn order from the active player. A loot raid
``[at, lose]``: whoever has ``at`` or more loot tiles hands back ``lose`` of them (their
choice). A poster raid ``at``: whoever has ``at`` or more wanted posters goes to jail (returns
one poster, misses their next turn). The Slippery master ability counts both one lower.
"""

from engine.core.gamelog import message

from . import content
from .flow import ask, op, push, push_ask
from .table import classes, from_seat, give_back, log, player, rng, unlocked


@op("refill_orders")
def _refill_orders(s: dict, frame: dict) -> None:
    orders = s["orders"]
    aside = list(frame.get("aside", []))
    while None in orders["open"] and orders["deck"]:
        card = orders["deck"].pop()
        if content.orders()[card]["kind"] != "raid":
            orders["open"][orders["open"].index(None)] = card
            log(s, "order_revealed", order=card)
        elif frame.get("raided"):
            aside.append(card)
            log(s, "raid_aside", order=card)
        else:
            push(s, "refill_orders", raided=True, aside=aside)
            raid(s, card)
            return
    if aside:
        orders["deck"] += aside
        rng(s).shuffle(orders["deck"])
        log(s, "raids_reshuffled")


def raid(s: dict, card: str) -> None:
    """Carry out the raid ``card`` and put it out of the game."""
    s["orders"]["out"].append(card)
    log(s, "raid", order=card)
    hit = [p for p in from_seat(s, s["active"]) if not player(s, p)["jailed"]]
    for p in reversed(hit):  # asks are stacked: the first in turn order answers first
        push(s, "raid_hit", player=p, card=card)


def counted(s: dict, p: int, n: int) -> int:
    """A count as a raid sees it (one lower with the Slippery ability)."""
    return n - 1 if unlocked(s, p, "raid_shield") else n


@op("raid_hit")
def _raid_hit(s: dict, frame: dict) -> None:
    p, info = frame["player"], content.orders()[frame["card"]]
    me = player(s, p)
    if "posters" in info and counted(s, p, me["posters"]) >= info["posters"]:
        me["posters"] -= 1
        s["supply"]["posters"] += 1
        me["jailed"] = True
        log(s, "jailed", player=p)
    if "loot" in info:
        at, lose = info["loot"]
        if counted(s, p, len(me["loot"])) >= at:
            log(s, "must_surrender", player=p, count=lose)
            push_ask(s, "surrender", p, left=lose)


def _surrender_options(s: dict, frame: dict) -> list:
    return [{"tile": t} for t in classes(s, player(s, frame["player"])["loot"])]


def _surrender_prompt(s: dict, frame: dict) -> dict:
    return message("surrender_ask", count=frame["left"])


@ask("surrender", _surrender_options, _surrender_prompt)
def _surrender(s: dict, frame: dict, action) -> None:
    p = frame["player"]
    give_back(s, p, action["tile"])
    log(s, "surrenders", player=p, tile=action["tile"])
    if frame["left"] > 1 and player(s, p)["loot"]:
        push_ask(s, "surrender", p, left=frame["left"] - 1)
