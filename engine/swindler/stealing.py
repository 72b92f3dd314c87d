"""Step 2, stealing from a rich bag: choose a bag, draw tile by tile, stop or be caught.

``state["steal"]`` records the active player's steal: the bag, ``state`` ("drawing" between
draws, "skull" while a drawn skull waits for the Schutzengelchen window, "ended" after a
voluntary stop, "caught"), the loot ``drawn`` this turn in order (for Draw orders), ``first``
(no draw yet this turn: a skull now pays a coin), ``fresh_bag`` (the Lockvogel's new bag,
nothing drawn from it yet: a skull now costs nothing), ``skulls`` (skulls that counted, for the
Naseweis), ``seq`` (moves on with every draw, so stale prompts are dropped) and ``epoch``
(moves on with every voluntary stop).
"""

from engine.core.gamelog import message

from . import accomplices, content
from .flow import ask, op, push, push_ask
from .table import draw_tile, gain_coins, gain_vp, give_back, log, player, put_back, unlocked


def new_steal(bag: str) -> dict:
    return {"bag": bag, "state": "drawing", "drawn": [], "first": True, "fresh_bag": False,
            "skull": None, "skulls": 0, "seq": 0, "epoch": 0}


# --- choosing the bag ----------------------------------------------------------------------
def _bag_options(s: dict, frame: dict) -> list:
    return [{"bag": b} for b in content.bags()] + accomplices.own_turn(s, frame["player"], "bag")


def _bag_prompt(s: dict, frame: dict) -> dict:
    return message("bag_ask")


@ask("bag", _bag_options, _bag_prompt)
def _choose_bag(s: dict, frame: dict, action) -> None:
    p = frame["player"]
    if "bag" not in action:
        push_ask(s, "bag", p)
        accomplices.do_own_turn(s, p, action)
        return
    s["steal"] = new_steal(action["bag"])
    log(s, "steals_from", player=p, bag=action["bag"])
    push(s, "draw")
    accomplices.open_window(s, {"on": "before_steal"}, exclude=[p])


# --- drawing -------------------------------------------------------------------------------
@op("draw")
def _draw(s: dict, frame: dict) -> None:
    """The active player draws from the steal's bag; ``traitor`` marks a Verräter's forced
    draw (after the stop: no further decision, a skull rewards the traitor)."""
    p, steal = s["active"], s["steal"]
    tile = draw_tile(s, steal["bag"])
    steal["seq"] += 1
    traitor = frame.get("traitor")
    if content.is_skull(tile):
        steal["skull"], steal["state"] = tile, "skull"
        log(s, "draws_skull", player=p, bag=steal["bag"])
        push(s, "skull_fallout", traitor=traitor)
        accomplices.open_window(s, {"on": "skull_drawn", "seq": steal["seq"]}, exclude=[p])
        return
    player(s, p)["loot"].append(tile)
    steal["drawn"].append(tile)
    steal["first"] = steal["fresh_bag"] = False
    log(s, "draws", player=p, tile=tile)
    if traitor is not None:
        log(s, "gets_away", player=p)
        return
    push_ask(s, "more", p, seq=steal["seq"])


@op("skull_fallout")
def _skull_fallout(s: dict, frame: dict) -> None:
    """After the Schutzengelchen window: a rescued thief decides again; else caught."""
    p, steal = s["active"], s["steal"]
    if steal["state"] == "drawing":  # the skull went back as if never drawn
        push_ask(s, "more", p, seq=steal["seq"])
        return
    skull = steal["skull"]
    put_back(s, skull)
    steal.update(skull=None, state="caught")
    steal["skulls"] += 1
    if steal["fresh_bag"]:
        log(s, "decoy_covers", player=p)
        return
    colour = steal["bag"]
    lost = [t for t in player(s, p)["loot"] if content.bag_of(t) == colour]
    if lost and unlocked(s, p, "alibi") and len(steal["drawn"]) < content.ALIBI_DRAWS:
        log(s, "alibi", player=p)
    else:
        for tile in lost:
            give_back(s, p, tile)
        log(s, "caught", player=p, count=len(lost), bag=colour)
    if steal["first"]:
        got = gain_coins(s, p, 1)
        log(s, "comfort_coin" if got else "comfort_none", player=p)
    traitor = frame.get("traitor")
    if traitor is not None:
        got = gain_coins(s, traitor, 1)
        log(s, "traitor_paid", player=traitor, count=got)


# --- going on or stopping ------------------------------------------------------------------
def _more_options(s: dict, frame: dict) -> list:
    p = frame["player"]
    return ([{"draw": True}, {"stop": True}] + accomplices.decoys(s, p)
            + accomplices.anytime(s, p))


def _more_prompt(s: dict, frame: dict) -> dict:
    steal = s["steal"]
    left = s["bags"][steal["bag"]]
    skulls = sum(content.is_skull(t) for t in left)
    return message("more_ask", bag=steal["bag"], skulls=skulls, tiles=len(left))


def _more_stale(s: dict, frame: dict) -> bool:
    steal = s["steal"]
    return steal["state"] != "drawing" or steal["seq"] != frame["seq"]


@ask("more", _more_options, _more_prompt, stale=_more_stale)
def _more(s: dict, frame: dict, action) -> None:
    p, steal = frame["player"], s["steal"]
    if "draw" in action:  # a Betrügerin may cut in before the next draw
        push(s, "draw")
        accomplices.open_window(s, {"on": "draw_again", "seq": steal["seq"]}, exclude=[p])
    elif "stop" in action:
        steal["state"] = "ended"
        steal["epoch"] += 1
        log(s, "stops", player=p)
        accomplices.open_window(s, {"on": "steal_ended", "epoch": steal["epoch"]},
                                exclude=[p])
    else:
        push_ask(s, "more", p, seq=steal["seq"])
        accomplices.play(s, p, action)


@op("steal_over")
def _steal_over(s: dict, frame: dict) -> None:
    """Step 2 is over: the Naseweis bets are settled."""
    caught = s["steal"]["skulls"] > 0
    for bet in s["bets"]:
        q = bet["player"]
        if (bet["bet"] == "skull") == caught:
            gain_vp(s, q, 1)
            player(s, q)["hand"].append(bet["card"])
            log(s, "bet_right", player=q, vp=1)
        else:
            s["discard"].append(bet["card"])
            log(s, "bet_wrong", player=q)
    s["bets"] = []

