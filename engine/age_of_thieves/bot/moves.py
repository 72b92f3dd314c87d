"""Movement, one step at a time: the thief's own (along the planned best end), a guard
our card moves (onto a rival if planned, else away from us), and a rival walked by
Mesmerist's Pendant."""

from __future__ import annotations

from .planning import Aim
from .situation import Sit
from .values import JEWEL_RANK


class Moves:
    """Steps for our thief and for the figures our cards move. Mixed into ``HeuristicBot``:
    follows the card being resolved (``self.ctx``)."""

    def move(self, sit: Sit, choice: dict):
        """A step of a movement: our thief's, or a figure our card moves (the choice names
        the figure, ``mover``, and the spaces it has ``left``)."""
        options, figure, left = choice["options"], choice["mover"], choice["left"]
        if figure == f"T{sit.me}":
            return self.own_move(sit, options, left)
        if figure[:1] == "T":
            return self.push_thief(sit, options)
        return self.guard_move(sit, options, left, figure)

    def own_move(self, sit: Sit, options: list, left: int):
        strat = self.strategy(sit)
        here = sit.space
        if {"leave": True} in options and strat["leave"]:
            return {"leave": True}
        takes = [o for o in options if "take" in o]
        if takes:
            return max(takes, key=lambda o: JEWEL_RANK[o["take"]])
        steals = [o for o in options if "steal" in o]
        if steals:
            return max(steals, key=lambda o: (o["steal"] == sit.carrier, JEWEL_RANK[o["jewel"]]))
        dash = bool(self.ctx.get("dash"))
        cover = self.covered(sit)
        if sit.where == "dungeon":
            cover = True
            self.covered_turn = sit.view["turn"]
        protect = sit.th["protected"]
        if {"reveal": here} in options and self.token_value(sit, here, cover or protect) > 0:
            return {"reveal": here}
        after = sit.pending_moves() if sit.guard_ahead else 0
        end_cover = sit.guard_ahead and sit.pending_cover()
        end_fire = sit.pending_fire() if sit.guard_ahead else 0
        later = after if sit.guard_ahead else sit.pending_moves(all_of_them=True)
        aim = Aim.of(
            strat, dash=dash, pending=sit.guard_ahead, cover=cover, protect=protect, after=after,
            reveal=not dash, race=0.5 if strat.get("race") and sit.guard_ahead is False else 1.0,
            entrance=any("sewer" in o for o in options), resume=(left, later),
            end_cover=end_cover, end_fire=end_fire,
            sewer_ok=not self.ctx.get("sewered"))  # one sewer trip a move (Morius: no end)
        score, path, _ = self.reach(sit, here, left, strat["field"], aim)
        if {"kn": True} in options:
            score2, path2, _ = self.reach(sit, here, left + 1, strat["field"], aim)
            if score2 > score + 1.5 and len(path2) > left:
                return {"kn": True}
        if path and path[0] in options:
            if "sewer" in path[0]:
                self.ctx["sewered"] = True
            return path[0]
        return {"stop": True}

    def guard_move(self, sit: Sit, options: list, left: int | None, gid: str | None = None):
        """A step for a guard our card moves: onto a rival if planned, else away from us."""
        g = sit.g
        steps = [o["step"] for o in options if "step" in o]
        ctx = self.ctx
        if gid not in sit.guards:
            gid = self.current_guard(sit, steps, left)
        if gid is None:
            return {"stop": True} if {"stop": True} in options else options[0]
        here = sit.guards[gid][1]
        if not self.covered(sit) and not sit.pos_hidden(sit.space):
            safe_steps = [s for s in steps if s != sit.space]  # never onto ourselves
            if safe_steps or {"stop": True} in options:
                steps = safe_steps
        catch = ctx.get("catch")
        if catch and catch[0] == "guard" and catch[1] == gid:
            target = catch[2]
            if g.d(here, target) > 0:
                step = min(steps, key=lambda s: (g.d(s, target), s), default=None)
                if step is not None and g.d(step, target) < g.d(here, target):
                    return {"step": step}
        # otherwise walk him away from us (and our way), catching a rival if we can
        me = sit.space
        field = self.strategy(sit)["field"]

        def score(s):
            value = min(g.d(s, me), 9) + 0.3 * min(field.get(s, 9), 9)
            for q in sit.rivals:
                t = sit.thieves[q]
                if t["space"] == s and sit.catchable(q):
                    value += 20 if q == sit.carrier else 5 + t["vp"]
            return value
        best = max(steps, key=lambda s: (score(s), s), default=None)
        if best is not None and (score(best) > score(here) or {"stop": True} not in options):
            return {"step": best}
        return {"stop": True} if {"stop": True} in options else {"step": best}

    def current_guard(self, sit: Sit, steps: list, left: int | None) -> str | None:
        """Which guard this move is for: the one picked, or the next of a Debilitating Gas."""
        g = sit.g
        ctx = self.ctx

        def fits(gid):
            return gid in sit.guards and all(s in g.adj[sit.guards[gid][1]] for s in steps)
        if ctx.get("picked") and fits(ctx["picked"]):
            return ctx["picked"]
        if "queue" not in ctx:  # every guard in range moves in turn, lowest id first
            me = sit.space
            ctx["queue"] = sorted(gid for gid, (kind, sp) in sit.guards.items()
                                  if kind == "guard" and g.d(me, sp) <= 5
                                  and not sit.view["flags"].get(gid, {}).get("immobile"))
            ctx["cur"], ctx["cur_left"] = None, None
        queue = ctx["queue"]
        new_figure = ctx["cur"] is None or left is None or ctx["cur_left"] is None \
            or left >= ctx["cur_left"] or not fits(ctx["cur"])
        if new_figure:
            while queue and not fits(queue[0]):
                queue.pop(0)
            ctx["cur"] = queue.pop(0) if queue else None
        ctx["cur_left"] = left
        if ctx["cur"] is None:
            found = [gid for gid in sorted(sit.guards) if fits(gid)]
            return found[0] if found else None
        return ctx["cur"]

    def push_thief(self, sit: Sit, options: list):
        """Walk a rival (Mesmerist's Pendant) onto the watch if we can."""
        g = sit.g
        steps = [o["step"] for o in options if "step" in o]
        for s in steps:
            if s in sit.guard_at:
                return {"step": s}
        catch = self.ctx.get("catch")
        if catch and catch[0] == "thief" and steps:
            target = catch[2]
            best = min(steps, key=lambda s: (g.d(s, target), s))
            return {"step": best}
        return {"stop": True} if {"stop": True} in options else options[0]
