"""Theft and catching: which rival to rob or hand to the watch (the carrier of the
Emperors' Jewel first), which cards go with the move, whether a theft card reaches,
how a card could walk the watch onto a rival, and where an Anonymous Tip hurts."""

from __future__ import annotations

from .situation import Sit
from .values import THEFT_CARDS, junk_card


class Offence:
    """Whether a card reaches a rival, and catching plans (they depend on the thief's
    cover). Mixed into ``HeuristicBot``."""

    def offence_in_reach(self, sit: Sit, kind: str, q: int) -> bool:
        g = sit.g
        t = sit.thieves[q]
        if t["where"] != "board" or sit.space is None:
            return False
        dist = g.d(sit.space, t["space"])
        if kind == "mechanical_rats":
            return g.district[sit.space] == g.district[t["space"]] or dist <= 4
        if kind in THEFT_CARDS:
            return dist <= THEFT_CARDS[kind] + 4 and bool(t["jewels"])
        if kind == "poisonous_bola":
            return dist <= 6 and (q == sit.carrier or t["vp"] >= 2)
        if kind in ("beacon", "mesmerist_pendant"):
            return q == sit.carrier and dist <= 6 and bool(self.catch_plan(sit, kind, q))
        return False

    def catch_plan(self, sit: Sit, kind: str, q: int):
        """How ``kind`` could walk the watch onto thief ``q`` (or ``q`` onto the watch)."""
        g = sit.g
        t = sit.thieves[q]
        if not sit.catchable(q) or sit.space is None:
            return None
        target = t["space"]
        if g.d(target, sit.space) <= 1 and not self.covered(sit) and \
                not sit.pos_hidden(sit.space):
            return None  # the watch would take us along
        if kind in ("beacon", "debilitating_gas", "seduction"):
            reach, steps = {"beacon": (5, 4), "debilitating_gas": (5, 2),
                            "seduction": (4, 2)}[kind]
            best = None
            lured = kind == "seduction" and sit.revision >= 3  # a guard, toward us
            for gid, (gkind, sp) in sorted(sit.guards.items()):
                if (kind != "seduction" or lured) and gkind != "guard":
                    continue
                if g.d(sit.space, sp) > reach or sit.view["flags"].get(gid, {}).get("immobile"):
                    continue
                d = g.d(sp, target)
                if lured and d + g.d(target, sit.space) != g.d(sp, sit.space):
                    continue  # the rival is not on his way to us
                if d <= steps and (best is None or d < best[0]):
                    best = (d, gid)
            return ("guard", best[1], target) if best else None
        if kind == "mesmerist_pendant":
            if g.d(sit.space, target) > 3 or t["immobile"]:
                return None
            for _, sp in sorted(sit.guards.values(), key=lambda w: w[1]):
                if g.d(target, sp) <= 2:
                    return ("thief", f"T{q}", sp)
            return None
        if kind in ("firecracker", "noise_grenade"):
            reach, steps = (5, 3) if kind == "firecracker" else (4, 2)
            if g.d(sit.space, target) > reach:
                return None
            if any(g.d(sp, target) <= steps for gid, (_, sp) in sit.guards.items()
                   if not sit.view["flags"].get(gid, {}).get("immobile")):
                return ("lure", None, target)
            return None
        return None


def offence_cards(sit: Sit, strat: dict, by_kind: dict, sneak: int) -> list:
    """Theft and catching cards to declare next to the move: (card, carried card)."""
    g = sit.g
    here = sit.space
    target = None
    if strat["mode"] == "chase":
        target = sit.carrier
    elif strat["mode"] == "emperor" and strat.get("race") and sit.emperor_at and \
            g.d(here, sit.emperor_at) <= sneak + 5 and any(
                g.d(sit.thieves[q]["space"], sit.emperor_at) < g.d(here, sit.emperor_at)
                for q in sit.rivals):
        target = "race"  # a rival nearer the vault: rob whoever gets there first
    elif strat["mode"] in ("escape", "emperor"):
        rich = [q for q in sit.rivals if sit.thieves[q]["vp"] >= 2
                and g.d(here, sit.thieves[q]["space"]) <= 4]
        target = rich[0] if rich else None
    if target is None:
        return []
    if target == "race":
        dist = 0
    else:
        t = sit.thieves[target]
        if t["where"] != "board":
            return []
        dist = g.d(here, t["space"])
    out = []
    theft = [("cog_rod", 2), ("mechanical_rats", 4), ("noise_grenade", 4)]
    for kind, reach in theft:
        if by_kind.get(kind) and dist <= sneak + reach + 2:
            out.append((by_kind[kind][0], None))
            break
    if sit.special == "confiscation" and dist <= sneak + 3 + 2:
        used = {c for c, _ in out}
        junk = junk_card(sit, used)
        if junk:
            out.append(("confiscation", junk))
    if not out and by_kind.get("smoke_grenade") and target != "race" and dist <= sneak + 3:
        out.append((by_kind["smoke_grenade"][0], None))
    if target != "race" and target == sit.carrier and sit.catchable(target):
        for kind in ("beacon", "debilitating_gas", "firecracker", "mesmerist_pendant"):
            if by_kind.get(kind) and dist <= 8:
                out.append((by_kind[kind][0], None))
                break
    return out[:2]


def offence_target(sit: Sit, strat: dict) -> int | None:
    if sit.carrier is not None and sit.carrier != sit.me and \
            sit.thieves[sit.carrier]["where"] == "board":
        return sit.carrier
    rich = [q for q in sit.rivals if sit.thieves[q]["jewels"]]
    if not rich:
        return None
    return max(rich, key=lambda q: (sit.thieves[q]["vp"], -q))


def theft_ready(sit: Sit, kind: str, q: int) -> bool:
    g = sit.g
    t = sit.thieves[q]
    if t["where"] != "board" or not t["jewels"] or t["stolen"]:
        return False
    reach = THEFT_CARDS.get(kind, 2)
    if reach == "D":
        return g.district[sit.space] == g.district[t["space"]]
    return g.d(sit.space, t["space"]) <= reach


def tip_spot(sit: Sit, options: list | None):
    """A guardhouse in the thief's district where a new guard hurts a rival, not us."""
    g = sit.g
    here = sit.space
    if options is None:
        options = [s for s in g.board.in_district(g.district[here]) if s in g.guardhouses
                   and s not in sit.guard_at and s not in sit.fire
                   and not any(sit.thieves[q]["space"] == s for q in range(len(sit.thieves))
                               if sit.thieves[q]["where"] == "board")]
    best, best_score = None, 0.0
    for s in options:
        if g.d(s, here) <= 5:
            continue
        score = 0.0
        for q in sit.rivals:
            if sit.catchable(q) and g.d(s, sit.thieves[q]["space"]) <= 3:
                score += 3.0 if q == sit.carrier else 1.0
        if score > best_score:
            best, best_score = s, score
    return best
