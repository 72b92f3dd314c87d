"""The game's components, loaded from data/*.json: tiles, orders, fences, accomplices, masters.

Tile ids: a bag letter and a number (``R1``..``R7``, ``K1``..``K8``, ``N1``..``N6`` for the
neutral tiles), skulls ``RX1``.. (``KX1``, ``KX2`` in the black bag). Orders ``O01``..``O40``,
fences ``F01``..``F12``, accomplice cards ``C01``..``C27``.
"""

import json
from functools import cache
from pathlib import Path

MASTER_AT = {2: 5, 3: 4, 4: 3}  # fulfilled orders that unlock the master-thief ability
END_AT = {2: 9, 3: 8, 4: 6}  # fulfilled orders that ring in the last round
OPEN_ORDERS, OPEN_FENCES, MARKERS = 4, 3, 3
A_ORDERS_PER_PLAYER = 2
PENALTY = 2  # VP lost for a reservation taken over, abandoned, or left open at the end
FENCE_BONUS = 2
ALIBI_DRAWS = 2  # the Alibi ability: a skull among the first two draws of a turn costs nothing
JEWELS = ("ring", "necklace", "watch")
KEY_COLOURS = ("red", "blue", "yellow", "green")


DATA = Path(__file__).with_name("data")


def _load(name: str):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


@cache
def tile_data() -> dict:
    return _load("tiles")


@cache
def tile_faces() -> dict:
    """Every tile's bag and type by id, as the views show them (one shared table: read it,
    never change it)."""
    return {t: {"bag": i["bag"], "type": i["type"]} for t, i in tiles().items()}


def bags() -> list[str]:
    return list(tile_data()["bags"])


@cache
def tiles() -> dict:
    """Every tile by id: ``{"id", "bag" (a colour or "neutral"), "type"}``; skulls have type
    ``"skull"``."""
    data = tile_data()
    found = {}
    for bag, types in data["contents"].items():
        letter = data["letters"][bag]
        for n, kind in enumerate(types, 1):
            found[f"{letter}{n}"] = {"id": f"{letter}{n}", "bag": bag, "type": kind}
        for n in range(1, data["skulls"].get(bag, 0) + 1):
            found[f"{letter}X{n}"] = {"id": f"{letter}X{n}", "bag": bag, "type": "skull"}
    return found


@cache
def types() -> dict:
    return tile_data()["types"]


@cache
def bag_of(tile: str) -> str:
    return tiles()[tile]["bag"]


@cache
def type_of(tile: str) -> str:
    return tiles()[tile]["type"]


def is_skull(tile: str) -> bool:
    return type_of(tile) == "skull"


@cache
def coin_value(kind: str) -> int:
    """Coins shown by a tile type (0 for anything but money)."""
    return types().get(kind, {}).get("coins", 0)


def type_name(kind: str) -> str:
    return types()[kind]["name"]


def describe(tile: str) -> str:
    """``"red ring"``, ``"neutral pocket watch"``."""
    return f"{bag_of(tile)} {type_name(type_of(tile))}"


def slot_matches(spec: dict, kind: str, bag: str | None) -> bool:
    """Does an item of type ``kind`` from ``bag`` fit the slot or fence field ``spec``?

    ``spec["item"]``: a type, ``"jewel"``, ``"key"`` (any colour), ``"coin"`` (any money) or
    ``"any"`` (any loot); ``spec["bag"]`` restricts the bag colour. The black bag's bunch of
    three keys is a joker for one key of any colour. A lock-picker card is passed with
    ``bag=None`` and her key type.
    """
    return _fits(spec["item"], spec.get("bag"), kind, bag)


@cache
def _fits(item: str, colour: str | None, kind: str, bag: str | None) -> bool:
    """``slot_matches`` for a slot of ``item`` from the bag ``colour`` (None: any bag)."""
    if colour is not None and colour != bag:
        return False
    info = types()[kind]
    if item == "any":
        return bag is not None
    if item in ("jewel", "key"):
        return info["group"] == item
    if item == "coin":
        return info["group"] == "money"
    if item.startswith("key-"):
        return kind == item or bool(info.get("joker"))
    return kind == item


def spec_text(spec: dict) -> str:
    item = spec["item"]
    words = {"any": "any loot tile", "jewel": "any jewellery", "key": "any key",
             "coin": "a coin tile"}.get(item) or type_name(item)
    return f"{words} from the {spec['bag']} bag" if "bag" in spec else words


@cache
def orders() -> dict:
    return {o["id"]: o for o in _load("orders")}


@cache
def fences() -> dict:
    return {f["id"]: f for f in _load("fences")}


@cache
def accomplice_kinds() -> dict:
    return {a["kind"]: a for a in _load("accomplices")}


@cache
def accomplices() -> dict:
    """The 27 cards by id: ``{"id", "kind"}`` (+ ``"colour"`` for a lock-picker)."""
    cards, n = {}, 0
    for kind in accomplice_kinds().values():
        colours = kind.get("colours") or [None] * kind["count"]
        for colour in colours:
            n += 1
            card = {"id": f"C{n:02d}", "kind": kind["kind"]}
            if colour:
                card["colour"] = colour
            cards[card["id"]] = card
    return cards


@cache
def kind_of(card: str) -> str:
    return accomplices()[card]["kind"]


@cache
def card_name(card: str) -> str:
    """``"Lock-picker (red)"``."""
    info = accomplices()[card]
    name = accomplice_kinds()[info["kind"]]["name"]
    return f"{name} ({info['colour']})" if "colour" in info else name


def card_face(card: str) -> str:
    """What a card shows, for the log and prompts (card ids are not public: the same card may
    later be hired by someone else): its kind, a lock-picker's with her colour
    (``"schlossknackerin-red"``)."""
    info = accomplices()[card]
    return f"{info['kind']}-{info['colour']}" if "colour" in info else info["kind"]


@cache
def masters() -> dict:
    return {m["id"]: m for m in _load("masters")}
