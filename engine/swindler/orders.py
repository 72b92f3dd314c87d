"""Orders: reserving them (step 1) and fulfilling them (step 3) with their rewards.

An order's condition is ``own`` (hold the items), ``give`` (hand them back to their bags) or
``draw`` (drawn in this turn's step 2, even if a skull took them again). Its ``slots`` are item
specs (content.slot_matches); ``coins`` asks for coins (pieces and coin tiles). A ready
Schlossknackerin counts as a key of her colour and is discarded when an order uses her.
"""

from itertools import combinations

from engine.core.gamelog import message

from . import content, master, scoring
from .flow import ask, op, push, push_ask
from .table import (
    classes,
    coin_sources,
    coins_worth,
    effective_type,
    gain_coins,
    gain_vp,
    give_back,
    log,
    lose_vp,
    pay,
    player,
    revision,
    unlocked,
)


# --- step 1: reservations ----------------------------------------------------------------------
def reserved_by(s: dict, p: int) -> list[str]:
    return sorted(o for o, q in s["reserved"].items() if q == p)


def open_orders(s: dict) -> list[str]:
    return [o for o in s["orders"]["open"] if o is not None]


def reserve_options(s: dict, p: int) -> list:
    found = []
    if len(reserved_by(s, p)) < content.MARKERS:
        found = [{"reserve": o} for o in open_orders(s) if s["reserved"].get(o) != p]
    return found


def reserve(s: dict, p: int, order: str) -> None:
    """Place a marker; a marker already there goes back and its owner loses 2 VP."""
    q = s["reserved"].get(order)
    if q is not None:
        lose_vp(s, q, content.PENALTY)
        log(s, "takes_over", player=p, order=order, other=q, vp=content.PENALTY)
    else:
        log(s, "reserves", player=p, order=order)
    s["reserved"][order] = p


def cancel(s: dict, p: int, order: str) -> None:
    del s["reserved"][order]
    lose_vp(s, p, content.PENALTY)
    log(s, "abandons", player=p, order=order, vp=content.PENALTY)


# --- what a player holds -------------------------------------------------------------------------
def holdings(s: dict, p: int) -> list[tuple[str, str, str | None]]:
    """(handle, item type, bag) of everything that can fill a slot: ``p``'s loot tiles (as
    forged) and, for the active player, the ready lock-pickers (no bag)."""
    found = [(t, effective_type(s, t), content.bag_of(t)) for t in player(s, p)["loot"]]
    if p == s["active"]:
        found += [(c, "key-" + content.accomplices()[c]["colour"], None) for c in s["picks"]]
    return found


def match(slots: list[dict], pool: list) -> list[str] | None:
    """Handles filling ``slots`` one each from ``pool``, or None if they cannot be filled."""
    if not slots:
        return []
    for i, (handle, kind, bag) in enumerate(pool):
        if content.slot_matches(slots[0], kind, bag):
            rest = match(slots[1:], pool[:i] + pool[i + 1:])
            if rest is not None:
                return [handle, *rest]
    return None


def _frugal_match(s: dict, p: int, slots: list[dict]) -> list[str] | None:
    """A filling that uses as few lock-pickers as possible."""
    pool = holdings(s, p)
    tiles = [h for h in pool if h[2] is not None]
    picks = [h for h in pool if h[2] is None]
    for n in range(len(picks) + 1):
        for chosen in combinations(picks, n):
            found = match(slots, tiles + list(chosen))
            if found is not None:
                return found
    return None


def draw_met(need: dict, drawn: list[str]) -> bool:
    """Do the loot tiles ``drawn`` (in order) meet the Draw condition ``need``?"""
    if "count" in need:
        return len(drawn) >= need["count"]
    if "pair" in need:
        return any(content.bag_of(a) == content.bag_of(b)
                   and content.type_of(a) == content.type_of(b)
                   for a, b in zip(drawn, drawn[1:], strict=False))
    spec = {"item": need["item"]}
    fitting = [t for t in drawn
               if content.slot_matches(spec, content.type_of(t), content.bag_of(t))]
    return len(fitting) >= need["n"]


def allowed(s: dict, p: int, order: str) -> bool:
    """Reserved by ``p``, or unreserved with the master ability that allows it."""
    holder = s["reserved"].get(order)
    return holder == p or holder is None and unlocked(s, p, "unreserved")


def meets(s: dict, p: int, order: str) -> bool:
    card = content.orders()[order]
    if card["kind"] == "draw":
        return draw_met(card["draw"], s["steal"]["drawn"] if s["steal"] else [])
    return (_frugal_match(s, p, card.get("slots", [])) is not None
            and coins_worth(s, p) >= card.get("coins", 0))


def fulfil_options(s: dict, p: int) -> list:
    return [{"fulfil": o} for o in open_orders(s) if allowed(s, p, o) and meets(s, p, o)]


def fulfil(s: dict, p: int, order: str) -> None:
    """Start fulfilling ``order`` (already checked): Give orders ask what to hand back."""
    card = content.orders()[order]
    push(s, "deliver", order=order)
    if card["kind"] == "own":
        for handle in _frugal_match(s, p, card["slots"]):
            _use_pick(s, handle)
    elif card["kind"] == "give":
        if card.get("coins"):
            push_ask(s, "pay", p, left=card["coins"])
        if card["slots"]:
            push_ask(s, "give", p, order=order, slot=0)


def _use_pick(s: dict, handle: str) -> None:
    if handle in s["picks"]:
        s["picks"].remove(handle)
        s["discard"].append(handle)
        log(s, "pick_used", card=content.card_face(handle))


def _give_options(s: dict, frame: dict) -> list:
    p, slots = frame["player"], content.orders()[frame["order"]]["slots"][frame["slot"]:]
    pool = holdings(s, p)
    found = []
    for handle in classes(s, [h for h, _, bag in pool if bag is not None]) + \
            [h for h, _, bag in pool if bag is None]:
        i = next(i for i, h in enumerate(pool) if h[0] == handle)
        if content.slot_matches(slots[0], pool[i][1], pool[i][2]) and \
                match(slots[1:], pool[:i] + pool[i + 1:]) is not None:
            found.append({"give": handle})
    return found


def _give_prompt(s: dict, frame: dict) -> dict:
    spec = content.orders()[frame["order"]]["slots"][frame["slot"]]
    return message("give_ask", order=frame["order"], spec=dict(spec))


@ask("give", _give_options, _give_prompt)
def _give(s: dict, frame: dict, action) -> None:
    p, handle = frame["player"], action["give"]
    if handle in s["picks"]:
        _use_pick(s, handle)
    else:
        give_back(s, p, handle)
    if frame["slot"] + 1 < len(content.orders()[frame["order"]]["slots"]):
        push_ask(s, "give", p, order=frame["order"], slot=frame["slot"] + 1)


def _pay_options(s: dict, frame: dict) -> list:
    return [{"pay": source} for source in coin_sources(s, frame["player"])]


def _pay_prompt(s: dict, frame: dict) -> dict:
    return message("pay_ask", count=frame["left"])


@ask("pay", _pay_options, _pay_prompt)
def _pay(s: dict, frame: dict, action) -> None:
    left = frame["left"] - pay(s, frame["player"], action["pay"], frame["left"])
    if left > 0:
        push_ask(s, "pay", frame["player"], left=left)


@op("deliver")
def _deliver(s: dict, frame: dict) -> None:
    """The order is fulfilled: the card goes face down to the player, rewards follow."""
    p, order = s["active"], frame["order"]
    card = content.orders()[order]
    s["orders"]["open"][s["orders"]["open"].index(order)] = None
    s["reserved"].pop(order, None)
    me = player(s, p)
    me["fulfilled"].append(order)
    s["completed"] = True
    reward = card["reward"]
    vp = reward.get("vp", 0) + (2 if unlocked(s, p, "ringleader") else 0)
    gain_vp(s, p, vp)
    coins = gain_coins(s, p, reward.get("coins", 0))
    posters = min(reward.get("posters", 0), s["supply"]["posters"])
    s["supply"]["posters"] -= posters
    me["posters"] += posters
    log(s, "fulfils", player=p, order=order, reward={"vp": vp, "coins": coins, "posters": posters})
    if reward.get("neutral") and s["supply"]["neutral"]:
        push_ask(s, "neutral", p, left=reward["neutral"], taken=0)
    master.check_unlock(s, p)
    scoring.check_trigger(s, p)


def _neutral_options(s: dict, frame: dict) -> list:
    """A neutral tile of the player's choice, or none ("darfst du dir ... nehmen"; revision 2:
    every one the order shows must be taken while the supply has one)."""
    tiles = [{"neutral": t} for t in classes(s, s["supply"]["neutral"])]
    return tiles if revision(s) < 3 else tiles + [{"done": True}]


def _neutral_prompt(s: dict, frame: dict) -> dict:
    if revision(s) < 3:
        return message("neutral_ask")
    return message("neutral_may_ask", count=frame["left"])


@ask("neutral", _neutral_options, _neutral_prompt)
def _neutral(s: dict, frame: dict, action) -> None:
    p = frame["player"]
    if action.get("done"):
        log(s, "leaves_neutral", player=p, count=frame["left"])
        return
    tile = action["neutral"]
    s["supply"]["neutral"].remove(tile)
    player(s, p)["loot"].append(tile)
    log(s, "takes_neutral", player=p, tile=tile)
    if frame["left"] > 1 and s["supply"]["neutral"]:
        push_ask(s, "neutral", p, left=frame["left"] - 1, taken=frame["taken"] + 1)
