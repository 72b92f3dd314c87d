"""Where the thief heads: the Emperors' Jewel, a jewel worth a detour, the carrier to
rob, or the open gates; and the goal field, the cost from every space to the goal
(cheap through safe streets, dear next to the watch, sewers included)."""

from __future__ import annotations

import heapq

from .. import content
from .situation import Sit
from .values import THEFT_CARDS, UNREACHABLE


class Goals:
    """The strategy of the turn and its goal field. Mixed into ``HeuristicBot``: keeps the
    waypoint in ``self.plan``, the strategy in the turn's ``self.cache``."""

    def strategy(self, sit: Sit) -> dict:
        """Where the thief heads now, and what a jewel is worth to it."""
        here = sit.space
        key = ("strategy", sit.sig, here, sit.emperor_at, sit.carrier,
               tuple(sorted(sit.jewels)), tuple(t["space"] for t in sit.thieves),
               tuple(t["theft_marker"] for t in sit.thieves), tuple(sit.hand_kinds()))
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        strat = {"leave": False, "vpw": 3.0, "mode": "emperor", "target": None}
        if sit.carrier == sit.me:
            strat.update(mode="carry", vpw=0.3, leave=True)
            goals = gate_goals(sit)
        elif sit.emperor_at is not None and in_time(sit, sit.emperor_at):
            goals = {sit.emperor_at: 0.0}
            strat["race"] = race_tight(sit, sit.emperor_at)
        elif sit.carrier is not None and will_chase(sit):
            carrier = sit.thieves[sit.carrier]
            strat.update(mode="chase", target=sit.carrier, vpw=2.0)
            goals = {carrier["space"]: 0.0}
        else:
            # out of the city only near the end: staying keeps every chance of a theft
            strat.update(mode="escape", vpw=2.5, leave=sit.turns_left <= 2)
            goals = gate_goals(sit)
        field = goal_field(sit, goals)
        if strat["mode"] == "carry":
            field = hurried(field)
        if strat["mode"] in ("emperor", "escape", "chase") and here is not None:
            way = self.plan.get("waypoint", "?")
            if way == "?" or (way is not None and way not in sit.jewels):
                way = waypoint(sit, field, strat)
                self.plan["waypoint"] = way
            if way is not None:
                strat["waypoint"] = way
                field = goal_field(sit, {way: 0.0})
        strat["field"] = field
        self.cache[key] = strat
        return strat


def gate_goals(sit: Sit) -> dict[str, float]:
    """The open gates (leaving costs a step); one a guard stands on is much dearer."""
    if not sit.open_gates:
        return {sit.space: 0.0}
    return {gate: 1.0 + (10.0 if gate in sit.guard_at else 0.0) for gate in sit.open_gates}


def hurried(field: dict[str, float]) -> dict[str, float]:
    """The carrier's field, made steep: a space nearer the open gates outweighs most of the
    danger on the way, as the jewel wins nothing unless it leaves the city before the Alarm
    deck runs out (a flat field kept the carrier waiting in safety: bench/emperor_escape.py)."""
    return {space: cost * HURRY for space, cost in field.items()}


HURRY = 12.0  # measured against 3, 6 and 25 (bench/README.md, "The Emperors' Jewel carrier")


def in_time(sit: Sit, target: str) -> bool:
    """Could the thief still take the jewel on ``target`` and get out through an open gate
    before the last turn ends (on a free way)? Always, before the gates are known."""
    if not sit.open_gates or sit.space is None:
        return True
    g = sit.g
    way = g.d(sit.space, target) + min(g.d(target, gate) for gate in sit.open_gates) + 1
    return way <= content.DASH * sit.turns_left


def race_tight(sit: Sit, target: str) -> bool:
    mine = sit.g.d(sit.space, target) if sit.space else 99
    return any(sit.g.d(sit.thieves[q]["space"], target) <= mine + 2 for q in sit.rivals)


def will_chase(sit: Sit) -> bool:
    carrier = sit.thieves[sit.carrier]
    if carrier["where"] != "board" or sit.space is None:
        return False
    dist = sit.g.d(sit.space, carrier["space"])
    kinds = set(sit.hand_kinds())
    if sit.special == "confiscation" and sit.th.get("hand"):
        kinds.add("confiscation")
    means = bool(kinds & (set(THEFT_CARDS) | {"smoke_grenade", "beacon", "mesmerist_pendant",
                                               "firecracker", "debilitating_gas"}))
    if sit.robbable(sit.carrier):
        means = True
    if sit.turns_left <= 1:
        return False
    gate = min((sit.g.d(sit.space, x) for x in sit.open_gates), default=0)
    if sit.turns_left <= 2 and gate > 6:
        return means and dist <= 6
    return means and dist <= 12


def waypoint(sit: Sit, field: dict, strat: dict) -> str | None:
    """A jewel worth its detour, or None."""
    g = sit.g
    here = sit.space
    if sit.where != "board":
        return None
    base = field.get(here, UNREACHABLE)
    best, best_score = None, 0.5
    max_detour = 2 if strat.get("race") else 6
    if strat["mode"] == "chase":
        max_detour = 2
    for space, jewels in sit.jewels.items():
        if "emperor" in jewels or space in sit.guard_at or space == here:
            continue
        value = sum(content.VP.get(j, 0) for j in jewels) * strat["vpw"]
        d1 = g.d(here, space)
        if d1 > 10:
            continue
        detour = d1 + field.get(space, UNREACHABLE) - base
        if strat["mode"] == "escape" and (d1 + field.get(space, UNREACHABLE)) > \
                5 * max(0, sit.turns_left - 1) + 2:
            continue
        if sit.threat_next(space):
            detour += 2
        score = value - detour
        if detour <= max_detour and score > best_score:
            best, best_score = space, score
    return best


def goal_field(sit: Sit, goals: dict[str, float]) -> dict[str, float]:
    """Cost from every space to the nearest goal: safe streets cheap, the watch dear."""
    key = ("field", sit.sig, tuple(sorted(goals.items())))
    cached = sit.cache.get(key)
    if cached is None:
        cached = sit.cache[key] = _goal_field(sit, goals)
    return cached


def _goal_field(sit: Sit, goals: dict[str, float]) -> dict[str, float]:
    g = sit.g
    zain = sit.ability == "firebrand"
    morius = sit.ability == "sewer_master"
    enter = {}
    for s in g.spaces:
        c = 1.0
        if s in sit.guard_at:
            c += 4.0
        elif sit.threat_next(s):
            c += 0.4
        elif s in sit.vig_zone:
            c += 0.1
        if s in sit.fire and not zain:
            c += 2.0
        enter[s] = c
    dist = dict(goals)
    heap = [(c, s) for s, c in goals.items()]
    heapq.heapify(heap)
    exits = sit.exits
    sewer_from = (sit.entrances | sit.exits) if morius else sit.entrances
    sewer_cost = 0.5 if morius else 2.0
    while heap:
        c, u = heapq.heappop(heap)
        if c > dist.get(u, 1e9):
            continue
        cu = c + enter[u]
        for w in g.radj[u]:
            if cu < dist.get(w, 1e9):
                dist[w] = cu
                heapq.heappush(heap, (cu, w))
        if u in exits and u not in sit.guard_at:
            cs = c + sewer_cost
            for w in sewer_from:
                if w != u and cs < dist.get(w, 1e9):
                    dist[w] = cs
                    heapq.heappush(heap, (cs, w))
    return dist
