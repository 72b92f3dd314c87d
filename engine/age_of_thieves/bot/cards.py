"""Resolving the declared cards: which card to resolve next and in which mode (basic,
special, general, or resign), and what it should do: a Dash or a Sneak, smoke, a
theft, a catch, a guard sent away."""

from __future__ import annotations

from .. import content
from .offence import offence_target, theft_ready, tip_spot
from .planning import Aim
from .situation import Sit
from .values import DRAWS, JUMPS, THEFT_CARDS
from .watch import fire_wall


class Cards:
    """Which declared card to resolve next, and how. Mixed into ``HeuristicBot``: reads the
    plan of the Declaration, leaves what the card should do in ``self.ctx``."""

    def resolve(self, sit: Sit, choice: dict):
        options = choice["options"]
        declared = sit.th["declared"]
        modes: dict[int, list[str]] = {}
        for o in options:
            modes.setdefault(o["card"], []).append(o["as"])
        best = None
        for i, ms in modes.items():
            kinds = declared[i]["cards"]
            for mode in ms:
                if mode == "resign":
                    continue
                kind = kinds[1] if mode == "general" else kinds[0]
                rank, value, ctx = self.card_use(sit, kind, mode, i)
                if value <= 0:
                    continue
                cand = (rank, -value, i, mode, ctx)
                if best is None or cand[:2] < best[:2]:
                    best = cand
        if best is None:
            i = min(modes)
            if "sneak" in modes[i]:
                self.ctx = {"card": "move", "dash": False}
                return {"card": i, "as": "sneak"}
            return {"card": i, "as": "resign"}
        _, _, i, mode, ctx = best
        self.ctx = ctx
        if ctx.get("cover"):
            self.covered_turn = sit.view["turn"]
        return {"card": i, "as": mode}

    def card_use(self, sit: Sit, kind: str, mode: str, index: int):
        """(rank, value, context) of resolving ``kind`` now; value <= 0 means resign."""
        g = sit.g
        strat = self.strategy(sit)
        removal = self.plan.get("removal")
        ids = sit.th["declared"][index].get("ids", [])
        if removal and ids and ids[0] == removal[0] and \
                (mode != "general" or kind not in ("seduction",)):
            changes = removal[1]
            if changes.get("fire"):
                self.plan["removal"] = None
                return (4, 3.0, {"card": kind, "fires": list(changes["fire"])})
            gids = list(changes.get("removed", [])) + list(changes.get("held", [])) + \
                list(changes.get("moved", {}))
            if gids and all(gid in sit.guards for gid in gids):
                self.plan["removal"] = None
                return (4, 3.0, {"card": kind, "away": gids[0], "target": gids[0],
                                 "lure": changes.get("lure")})
        if kind == "move":
            if mode == "dash":
                return (5, self.dash_value(sit, index), {"card": "move", "dash": True})
            return (5, 1.0, {"card": "move", "dash": False})
        if kind == "ambush":
            planned = self.plan.get("declared", {}).get("package") == "plan"
            if mode == "plan":
                return (8, 2.0 if planned else 0, {})
            return (8, 0.5 if planned else 1.0, {"card": "ambush"})
        if kind in ("reflective_cloak",):
            return (0, 5.0, {"card": kind, "cover": True})
        if kind == "rat_tunnels":
            if self.jump_target(sit, kind, None):
                return (1, 4.0, {"card": kind, "cover": True, "jump": True})
            return (1, 0, {})
        if kind in ("elixir_of_speed",):
            return (5, 1.0, {"card": kind})
        if kind == "rope_and_hook":
            return (1, 3.0, {"card": kind})
        if kind in JUMPS:
            return (2, self.jump_value(sit, kind), {"card": kind, "jump": True})
        if kind in DRAWS:
            return (7, 1.0, {"card": kind})
        if kind == "smoke_grenade":
            return self.smoke_use(sit, strat)
        target = offence_target(sit, strat)
        if kind in THEFT_CARDS or kind == "mechanical_rats":
            if target is not None and theft_ready(sit, kind, target):
                return (3, 4.0, {"card": kind, "target": f"T{target}"})
            rich = [q for q in sit.rivals if sit.thieves[q]["jewels"]
                    and theft_ready(sit, kind, q)]
            if rich:
                q = max(rich, key=lambda q: (sit.thieves[q]["vp"], -q))
                return (3, 2.0, {"card": kind, "target": f"T{q}"})
            return (3, 0, {})
        if kind in ("beacon", "debilitating_gas", "mesmerist_pendant", "firecracker",
                    "seduction"):
            for q in ([sit.carrier] if sit.carrier not in (None, sit.me) else []) + \
                    sorted(sit.rivals, key=lambda q: -sit.thieves[q]["vp"]):
                if sit.thieves[q]["where"] != "board":
                    continue
                plan = self.catch_plan(sit, kind, q)
                if plan and (q == sit.carrier or sit.thieves[q]["vp"] >= 1):
                    return (3, 4.0, {"card": kind, "catch": plan, "victim": q})
            if kind == "mesmerist_pendant":
                return (3, 0, {})
            away = self.away_plan(sit, kind)
            if away:
                return (4, 2.0, {"card": kind, "away": away})
            return (4, 0, {})
        if kind in ("purse_of_silver", "automatic_snare", "forged_orders"):
            away = self.away_plan(sit, kind)
            if away:
                return (4, 2.0, {"card": kind, "away": away})
            if kind == "automatic_snare" and target is not None and \
                    g.d(sit.space, sit.thieves[target]["space"]) <= 3 and target == sit.carrier:
                return (3, 1.5, {"card": kind, "target": f"T{target}"})
            return (4, 0, {})
        if kind == "noise_grenade":
            return (3, 0, {})
        if kind == "poisonous_bola":
            qs = [q for q in sit.rivals if g.d(sit.space, sit.thieves[q]["space"]) <= 4]
            if qs:
                q = target if target in qs else max(qs, key=lambda q: (sit.thieves[q]["vp"], -q))
                return (6, 1.0, {"card": kind, "target": f"T{q}"})
            return (6, 0, {})
        if kind == "pickpocket":
            qs = [q for q in sit.rivals if g.d(sit.space, sit.thieves[q]["space"]) <= 1
                  and sit.thieves[q]["hand_size"]]
            return (7, 1.0 if qs else 0, {"card": kind})
        if kind in ("fire_grenade", "wall_of_flames"):
            here = sit.space
            if sit.guard_ahead and sit.threat_now(here) and not self.covered(sit):
                fires = fire_wall(sit, here, 2 if kind == "wall_of_flames" else 1)
                if fires:
                    return (6, 2.5, {"card": kind, "fires": fires})
            return (6, 0, {})
        if kind == "anonymous_tip":
            return (6, 1.0 if tip_spot(sit, None) else 0, {"card": kind})
        if kind == "potion_of_haste":
            return (7, 0.5, {"card": kind})
        if kind == "confiscation":
            if target is not None and theft_ready(sit, "confiscation", target):
                return (3, 4.0, {"card": kind, "target": f"T{target}"})
            return (3, 0, {})
        return (9, 0, {})

    def dash_value(self, sit: Sit, index: int) -> float:
        plan = self.plan.get("declared", {})
        others = [d for i, d in enumerate(sit.th["declared"])
                  if i != index and d["state"] == "declared" and d["cards"][0] != "ambush"]
        if sit.where == "dungeon":
            return 2.0
        if others:
            return 0
        if plan.get("package") == "dash":
            return 2.0
        strat = self.strategy(sit)
        sneak = max(0, content.SNEAK + sit.mods.get("sneak", 0))
        dash = max(0, content.DASH + sit.mods.get("dash", 0))
        terms = {"pending": sit.guard_ahead, "cover": self.covered(sit),
                 "protect": sit.th["protected"]}
        a = self.reach(sit, sit.space, dash, strat["field"], Aim.of(strat, dash=True, **terms))[0]
        b = self.reach(sit, sit.space, sneak, strat["field"],
                       Aim.of(strat, reveal=True, here_pickup=True, **terms))[0]
        return 2.0 if a > b + 0.5 else 0

    def smoke_use(self, sit: Sit, strat: dict):
        g = sit.g
        reach = 3 + (1 if sit.ability == "firebrand" else 0)
        here = sit.space
        if sit.guard_ahead and sit.threat_now(here) and not self.covered(sit):
            return (6, 3.0, {"card": "smoke_grenade", "space": here})
        q = sit.carrier
        if q is not None and q != sit.me and sit.pending_moves(all_of_them=True):
            t = sit.thieves[q]
            if t["where"] == "board" and g.d(here, t["space"]) <= reach:
                return (3, 3.0, {"card": "smoke_grenade", "space": t["space"]})
        return (6, 0, {})

    def away_plan(self, sit: Sit, kind: str):
        """The guard to deal with, if one threatens the thief at the guard's next act."""
        g = sit.g
        here = sit.space
        if self.covered(sit) or sit.pos_hidden(here):
            return None
        if not sit.guard_ahead and not sit.threat_next(here):
            return None
        reach = {"purse_of_silver": 3, "automatic_snare": 3, "forged_orders": "D",
                 "beacon": 5, "debilitating_gas": 5, "seduction": 4, "firecracker": 5}[kind]
        threats = []
        for gid, (gkind, sp) in sorted(sit.guards.items()):
            if gid in sit.held:
                continue
            vig, move = sit.watch_radius(gid, here in g.palace)
            d = g.d(sp, here)
            if d > min(vig, move) + (0 if sit.guard_ahead else 1):
                continue
            if kind in ("beacon", "debilitating_gas", "automatic_snare", "forged_orders") and \
                    gkind != "guard":
                continue
            if reach == "D":
                if g.district[sp] != g.district[here]:
                    continue
            elif g.d(here, sp) > reach:
                continue
            threats.append((d, gid))
        if not threats:
            return None
        return min(threats)[1]
