"""The box: the 32 crooks (data, this project's own design), the targets, dens and constants."""

import json
from functools import cache
from pathlib import Path

TARGETS = (2, 3, 4, 5, 6, 7, 8, 9)
GANGS = ("red", "blue", "yellow")
ACTIONS = ("none", "pickpocket", "accomplice", "swap", "killer", "kingpin", "spy")
START_MONEY = 18
PICKPOCKET_MONEY = 2
FACE_DOWN_COST = 1
# Stack sizes by player count, one per den from A on (see docs/crooks.md for the reading).
STACKS = {2: (2, 2, 3, 4, 5), 3: (2, 2, 3, 3, 4, 4, 5), 4: (2, 2, 3, 3, 4, 4, 4, 5, 5)}
GANG_POINTS = {2: 5, 3: 4, 4: 3}
DATA = Path(__file__).with_name("data")


@cache
def crooks() -> dict:
    """Every crook by id: ``{id, name, rank, modifier, gangs, action}``."""
    data = json.loads((DATA / "crooks.json").read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["crooks"]}


def crook(cid: str) -> dict:
    return crooks()[cid]


@cache
def gang_members(cid: str) -> tuple[int, ...]:
    """1 for each gang of ``GANGS`` the crook belongs to, else 0."""
    return tuple(int(g in crook(cid)["gangs"]) for g in GANGS)


def dens(players: int) -> list[str]:
    """The den letters in use: A.. one per stack."""
    return [chr(ord("A") + i) for i in range(len(STACKS[players]))]
