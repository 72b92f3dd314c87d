"""How a card changes the watch: the fires that keep it off the thief (Fire Grenade,
Wall of Flames), where a guard pushed or lured by noise ends up, and the situation
after a card moved, removed or held some guards."""

from __future__ import annotations

from .situation import Sit


def fire_cover(sit: Sit, node: str, count: int) -> bool:
    """Could ``count`` fires thrown from ``node`` keep the watch off it this turn?"""
    key = ("firecover", sit.sig, node, count)
    found = sit.cache.get(key)
    if found is None:
        found = sit.cache[key] = bool(fire_wall(sit, node, count))
    return found


def fire_wall(sit: Sit, here: str, count: int) -> list[str]:
    """Up to ``count`` free spaces whose fire keeps the threatening watch off ``here``."""
    g = sit.g
    reach = 4 + (1 if sit.ability == "firebrand" else 0)
    palace = here in g.palace
    threats = []
    for gid, (_, sp) in sit.guards.items():
        if gid in sit.held:
            continue
        radius = min(*sit.watch_radius(gid, palace))
        if g.d(sp, here) <= radius:
            threats.append((sp, radius))
    if not threats:
        return []
    occupied = set(sit.guard_at) | {t["space"] for t in sit.thieves if t["where"] == "board"}
    candidates = set()
    for sp, _ in threats:
        for c in g.within(here, 3):
            if g.d(sp, c) + g.d(c, here) == g.d(sp, here) and c not in occupied and \
                    c not in sit.fire and c not in g.dungeons and g.d(here, c) <= reach:
                candidates.add(c)
    fires: list[str] = []

    def open_threats(blocked):
        return sum(1 for sp, r in threats if here in g.within_avoiding(sp, r, blocked))
    left = open_threats(sit.fire)
    for _ in range(count):
        if not left:
            break
        best = min(sorted(candidates - set(fires)), default=None,
                   key=lambda c: open_threats(sit.fire | set(fires) | {c}))
        if best is None:
            break
        after = open_threats(sit.fire | set(fires) | {best})
        if after >= left:
            break
        fires.append(best)
        left = after
    return fires if not left else []


def fire_spot(sit: Sit):
    """A free space whose fire keeps a threatening guard from reaching the thief."""
    g = sit.g
    here = sit.space
    reach = 4 + (1 if sit.ability == "firebrand" else 0)
    threats = [(gid, sp) for gid, (_, sp) in sit.guards.items() if gid not in sit.held
               and sit.threat_now(here) and g.d(sp, here) <= min(
                   *sit.watch_radius(gid, here in g.palace))]
    if not threats or not sit.guard_ahead:
        return None
    occupied = set(sit.guard_at) | {sit.thieves[q]["space"] for q in sit.rivals} | {here}
    for s in sorted(g.within(here, reach)):
        if s in occupied or s in sit.fire or s in g.dungeons:
            continue
        blocked = sit.fire | {s}
        if all(sit.g.blocked_distance(sp, here, blocked) > min(
                *sit.watch_radius(gid, here in g.palace)) for gid, sp in threats):
            return s
    return None


def walked_away(sit: Sit, space: str, away_from: str, steps: int) -> str:
    """Where a guard walked ``steps`` spaces away from ``away_from`` ends up."""
    g = sit.g
    options = [s for s in g.within(space, steps) if s not in g.dungeons
               and s not in sit.fire and (s == space or s not in sit.guard_at)]
    return max(options, key=lambda s: (g.d(s, away_from), s))


def lured(sit: Sit, space: str, steps: int) -> dict:
    """Where the watch within 4 of ``space`` ends when a noise there draws it ``steps``."""
    return {gid: walked_toward(sit, sp, space, steps) for gid, (_, sp) in sit.guards.items()
            if not sit.view["flags"].get(gid, {}).get("immobile") and sit.g.d(sp, space) <= 4}


def walked_toward(sit: Sit, space: str, toward: str, steps: int) -> str:
    """Where a guard on ``space`` drawn ``steps`` spaces toward ``toward`` ends up."""
    g = sit.g
    d = g.d(space, toward)
    target = max(0, d - steps)
    ends = [x for x in g.within(space, steps) if g.d(x, toward) == target
            and g.d(space, x) == d - target]
    return min(ends) if ends else space


def variant(sit: Sit, changes: dict) -> Sit:
    """The situation if a card moved, removed or held some guards."""
    view = dict(sit.view)
    watch = {gid: dict(w) for gid, w in view["watch"].items()
             if gid not in changes.get("removed", ())}
    for gid, space in changes.get("moved", {}).items():
        watch[gid]["space"] = space
    flags = {gid: dict(f) for gid, f in view["flags"].items()}
    for gid in changes.get("held", ()):
        flags.setdefault(gid, {})["immobile"] = True
    view["watch"], view["flags"] = watch, flags
    if changes.get("fire"):
        view["fire"] = list(view["fire"]) + list(changes["fire"])
    if "here" in changes:
        thieves = [dict(t) for t in view["thieves"]]
        thieves[sit.me]["space"] = changes["here"]
        view["thieves"] = thieves
    return Sit(sit.g, view, sit.cache)
