"""Game set-up: bags, supply, the order deck (2 A cards per player on the B cards), fences,
accomplices, score markers at 3 VP, a coin each, and the master-thief cards.

Seat 0 holds the start marker (the table seats the players; the book lets the shiftiest laugh
begin). Table options: ``masters`` = ``"draft"`` (default: the cards drawn for the game are
chosen from the last seat backwards), ``"random"`` (dealt) or ``"off"`` (no abilities);
``skip_reaction_prompts`` (see accomplices.py).
"""

from engine.core.gamelog import message

from . import content
from .flow import ask, push_ask
from .table import log

MASTER_MODES = ("draft", "random", "off")


def new_state(seats: list[dict], options: dict, rng) -> dict:
    n = len(seats)
    mode = options.get("masters", "draft")
    if mode not in MASTER_MODES:
        raise ValueError(f"table option masters must be one of {', '.join(MASTER_MODES)}")
    data = content.tile_data()
    tiles = content.tiles()
    a_cards = sorted(o for o, c in content.orders().items() if c["tier"] == "A")
    b_cards = sorted(o for o, c in content.orders().items() if c["tier"] == "B")
    rng.shuffle(a_cards)
    rng.shuffle(b_cards)
    used_a = a_cards[:content.A_ORDERS_PER_PLAYER * n]
    deck = b_cards + used_a  # the top of a deck is its last card
    fences = sorted(content.fences())
    rng.shuffle(fences)
    accomplices = sorted(content.accomplices())
    rng.shuffle(accomplices)
    masters = sorted(content.masters())
    rng.shuffle(masters)
    s = {
        "game": "swindler", "turn": 0, "round": 0, "start": 0, "active": None,
        "step": "setup", "options": dict(options), "result": None, "end_triggered": False,
        "players": [_new_player(seat, i, data) for i, seat in enumerate(seats)],
        "bags": {bag: sorted(t for t, info in tiles.items() if info["bag"] == bag)
                 for bag in content.bags()},
        "supply": {"neutral": sorted(t for t, info in tiles.items() if info["bag"] == "neutral"),
                   "coins": data["coins"] - n * data["start_coins"],
                   "posters": data["posters"]},
        "orders": {"open": [deck.pop() for _ in range(content.OPEN_ORDERS)], "deck": deck,
                   "out": [], "box": a_cards[len(used_a):]},
        "reserved": {},
        "fences": {"open": [_fence(deck_id) for deck_id in fences[:content.OPEN_FENCES]],
                   "deck": fences[content.OPEN_FENCES:], "discard": []},
        "deck": accomplices, "discard": [], "plays": [], "bets": [],
        "steal": None, "forged": {}, "picks": [], "fence_bonus_used": False, "completed": False,
        "master_pool": [], "stack": [], "log": [], "rng": rng.s,
    }
    if mode == "off":
        return s
    drawn = masters[:n]
    if mode == "random":
        for p in range(n):
            s["players"][p]["master"] = drawn[p]
            log(s, "master_dealt", player=p, master=drawn[p])
        return s
    s["master_pool"] = sorted(drawn)
    for p in range(n):  # the last seat chooses first, then backwards to the start player
        push_ask(s, "master", p)
    return s


def _new_player(seat: dict, p: int, data: dict) -> dict:
    return {"name": str(seat.get("name") or f"Swindler {p + 1}"), "vp": data["start_vp"],
            "coins": data["start_coins"], "loot": [], "posters": 0, "fulfilled": [],
            "master": None, "unlocked": False, "jailed": False,
            "hand": [], "fresh": [], "in_play": []}


def _fence(fence: str) -> dict:
    return {"id": fence, "laid": [None] * len(content.fences()[fence]["fields"])}


def _master_options(s: dict, frame: dict) -> list:
    return [{"master": m} for m in s["master_pool"]]


def _master_prompt(s: dict, frame: dict) -> dict:
    return message("master_ask")


@ask("master", _master_options, _master_prompt)
def _choose_master(s: dict, frame: dict, action) -> None:
    p = frame["player"]
    s["master_pool"].remove(action["master"])
    s["players"][p]["master"] = action["master"]
    log(s, "master_chosen", player=p, master=action["master"])
