"""The game's content, loaded from data: cards, events, thieves, city tokens."""

import json
from functools import cache
from pathlib import Path

# the data files beside the code, read as files (importing importlib.resources would cost a
# phone's browser some 0.1 s of its start)
DATA = Path(__file__).with_name("data")


def _load(name: str):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


@cache
def cards() -> dict:
    """Card kinds by id: basic, special and general, each with its data."""
    data = _load("cards")
    table = {}
    for group in ("basic", "special", "general"):
        for card in data[group]:
            table[card["id"]] = {**card, "type": group}
    return table


@cache
def general_deck() -> tuple[str, ...]:
    """The 70 general cards of the box as kinds, one entry per copy, in a fixed order."""
    return tuple(
        card["id"] for card in _load("cards")["general"] for _ in range(card["count"])
    )


@cache
def events() -> dict:
    data = _load("events")
    return {e["id"]: {**e, "deck": deck} for deck in ("calm", "alarm") for e in data[deck]}


@cache
def event_decks() -> dict[str, tuple[str, ...]]:
    data = _load("events")
    return {deck: tuple(e["id"] for e in data[deck]) for deck in ("calm", "alarm")}


@cache
def thieves() -> dict:
    return {t["id"]: t for t in _load("thieves")}


def is_general(card: str) -> bool:
    """General cards are copies named 'c00'..'c69'; basic and special cards go by their kind."""
    return card[0] == "c" and card[1:].isdigit()


# City tokens: kind -> copies in the pool of 51 (from the rulebook).
CITY_TOKENS = {
    "thiefs_stash": 6,
    "alert_citizens": 4,
    "plain_garb_guard": 6,
    "informer": 10,
    "guild_agent": 5,
    "known_neighborhood": 6,
    "trinkets": 6,
    "dark_alley": 4,
    "manhole": 2,
    "ladder": 2,
}
TOKEN_AP = {"informer": 1, "guild_agent": 2}

# Components of the box that the rules limit.
GUARDS, CAPTAINS, YELLOW_JEWELS = 20, 2, 10
HAND_LIMIT = 5
BASE_AP, DUNGEON_AP = 10, 2
CALM_TURNS, ALARM_TURNS = 10, 5
WATCH = {"guard": {"vigilance": 4, "move": 3}, "captain": {"vigilance": 5, "move": 4}}
VP = {"green": 2, "yellow": 1, "trinkets": 1}
BEST_BURGLAR_VP = 3
SNEAK, DASH = 4, 6
