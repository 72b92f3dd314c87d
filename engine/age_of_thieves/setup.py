"""Game set-up: thieves, the city guard, city tokens, jewels, decks and starting spaces."""

from engine.core.gamelog import message

from . import content
from .machine import ask
from .table import Table


def new_state(seats: list[dict], options: dict, rng) -> dict:
    thief_ids = sorted(content.thieves())
    chosen = [seat.get("thief") for seat in seats]
    for thief in chosen:
        if thief is not None and (thief not in thief_ids or chosen.count(thief) > 1):
            raise ValueError(f"each seat needs a different thief from {thief_ids}")
    free = [x for x in thief_ids if x not in chosen]
    rng.shuffle(free)
    chosen = [x if x is not None else free.pop() for x in chosen]

    deck = [f"c{i:02d}" for i in range(len(content.general_deck()))]
    rng.shuffle(deck)
    decks = {name: list(ids) for name, ids in content.event_decks().items()}
    for name, keep in (("calm", content.CALM_TURNS), ("alarm", content.ALARM_TURNS)):
        rng.shuffle(decks[name])
        decks[name] = decks[name][:keep]
    districts = ["N", "E", "S", "W"]
    rng.shuffle(districts)
    state = {
        "game": "age_of_thieves", "turn": 0, "phase": "setup", "alarm": False, "first": 0,
        "options": dict(options), "result": None,
        "thieves": [_new_thief(x, seat.get("name")) for x, seat in zip(chosen, seats,
                                                                        strict=True)],
        "calm_deck": decks["calm"], "alarm_deck": decks["alarm"], "event": None, "mods": {},
        "deck": deck, "discard": [], "district_deck": districts, "open_district": None,
        "emperor_taken": False, "raise_alarm": False, "district_draw_after": None,
        "watch": {}, "flags": {}, "jewels": {}, "pool": {"yellow": content.YELLOW_JEWELS},
        "tokens": {}, "features": {}, "smoke": [], "fire": [],
        "initiative": None, "dice": [], "order": [], "order_pos": 0, "declared_ap": None,
        "waiting": [], "escaped": [], "card_targets": [], "stack": [], "log": [],
        "rng": rng.s,
    }
    t = Table(state)
    board = t.board
    for i, space in enumerate(board.of_kind("swords")):
        state["watch"][f"g{i + 1:02d}"] = {"kind": "guard", "space": space}
    tokens = [kind for kind, n in content.CITY_TOKENS.items() for _ in range(n)]
    rng.shuffle(tokens)
    for space in board.of_kind("guardhouse"):
        if board.district(space) != "P":
            state["tokens"][space] = {"kind": tokens.pop(), "up": False}
    state["jewels"][board.of_kind("palace_centre")[0]] = ["emperor"]
    for space in board.of_kind("green_jewel"):
        state["jewels"][space] = ["green"]

    # the highest roll takes the first thief token (ties roll again)
    contenders = list(range(len(seats)))
    while len(contenders) > 1:
        rolls = {p: rng.die(8) for p in contenders}
        best = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == best]
    state["first"] = contenders[0]
    t.log("first_thief_rolled", player=state["first"])
    for p in t.clockwise():
        t.draw(p, 2)
    for p in reversed(t.clockwise()):
        t.ask(p, "start")
    return state


def _new_thief(thief: str, name: str | None) -> dict:
    """A thief's sheet; ``name`` is the player's (the thief's own name when none is given)."""
    return {
        "id": thief, "name": str(name or content.thieves()[thief]["name"]),
        "where": "start", "space": None, "hand": [], "jewels": [],
        "best_burglar": False, "tokens": [], "ap": 0, "red": 0, "temp_next": 0,
        "bola_next": 0, "draw_next": 0, "caught": False, "declared": [],
        "resolved_any": False, "hidden": False, "protected": False,
        "immobile": False, "theft_marker": False, "stolen": False,
    }


def _start_options(t: Table, frame: dict) -> list:
    taken = {th["space"] for th in t.s["thieves"]}
    return [{"start": sp} for sp in t.board.of_kind("start") if sp not in taken]


def _start_prompt(t: Table, frame: dict) -> dict:
    return message("start_ask")


@ask("start", _start_options, _start_prompt)
def _started(t: Table, frame: dict, action: dict) -> None:
    p = frame["player"]
    t.thief(p).update(where="board", space=action["start"])
    t.log("starts_on", player=p, space=action["start"])
