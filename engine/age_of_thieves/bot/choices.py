"""Choices during a card: its target (a figure, a space, a jewel to take from a robbed
thief), where a noise lures the watch, and the cards to let go at the hand limit or
to give away."""

from __future__ import annotations

from .offence import tip_spot
from .situation import Sit
from .values import (
    CARD_VALUE,
    CATCH_CARDS,
    GUARD_MOVERS,
    JEWEL_RANK,
    JUMPS,
    THEFT_CARDS,
    UNREACHABLE,
)
from .watch import fire_spot, lured


class Choices:
    """Targets for the card being resolved, and cards to let go. Mixed into
    ``HeuristicBot``: follows the card being resolved (``self.ctx``)."""

    def choose(self, sit: Sit, choice: dict):
        """A target for the card being resolved (or a jewel to take from a robbed thief)."""
        picks = [o["pick"] for o in choice["options"]]
        ctx = self.ctx
        card = ctx.get("card", "")
        g = sit.g

        def ret(value):
            return {"pick": value} if value in picks else None
        if all(p in JEWEL_RANK for p in picks):
            return ret(max(picks, key=lambda j: JEWEL_RANK[j]))
        figures = all(isinstance(p, str) and (p[:1] == "T" and p[1:].isdigit()
                                              or p in sit.guards) for p in picks)
        if figures:
            return self.choose_figure(sit, card, picks, ret)
        if card in JUMPS:
            return ret(self.jump_target(sit, card, picks) or self.nearest_goal(sit, picks))
        if card == "forged_orders":
            field = self.strategy(sit)["field"]
            return ret(max(picks, key=lambda s: (min(g.d(s, sit.space), 10)
                                                 + 0.5 * min(field.get(s, 0), 10), s)))
        if card == "anonymous_tip":
            spot = tip_spot(sit, picks)
            return ret(spot or max(picks, key=lambda s: (g.d(s, sit.space), s)))
        if card == "smoke_grenade":
            return ret(ctx.get("space")) or ret(sit.space) or ret(
                min(picks, key=lambda s: (g.d(s, sit.space), s)))
        if card in ("fire_grenade", "wall_of_flames"):
            for spot in ctx.get("fires", []):
                if spot in picks:
                    ctx["fires"].remove(spot)
                    return ret(spot)
            return ret(fire_spot(sit)) or ret(max(picks, key=lambda s: (
                min((g.d(s, sp) for sp in sit.guard_at), default=9), s)))
        if card in ("firecracker", "noise_grenade"):
            catch = ctx.get("catch")
            if catch and catch[0] == "lure" and catch[2] in picks:
                return ret(catch[2])
            if ctx.get("lure") in picks:
                return ret(ctx["lure"])
            steps = 3 if card == "firecracker" else 2
            return ret(self.lure_spot(sit, picks, steps) or max(picks, key=lambda s: (
                g.d(s, sit.space), s)))
        return None

    def choose_figure(self, sit: Sit, card: str, picks: list, ret):
        g = sit.g
        ctx = self.ctx
        guards = [p for p in picks if p in sit.guards]

        def nearest_guard():
            return min(guards, key=lambda x: (g.d(sit.guards[x][1], sit.space), x))
        if card in GUARD_MOVERS or card == "mesmerist_pendant":
            catch = ctx.get("catch")
            choice = None
            if catch and catch[1] in picks:
                choice = catch[1]
            elif ctx.get("away") in picks:
                choice = ctx["away"]
            elif guards:
                choice = nearest_guard()
            if choice is not None:
                ctx["picked"] = choice
                return ret(choice)
            return None
        if card in ("forged_orders", "purse_of_silver", "automatic_snare"):
            for key in ("away", "target"):
                if ctx.get(key) in picks:
                    return ret(ctx[key])
            if guards:
                return ret(nearest_guard())
        if card == "mirror_trick":
            if ctx.get("target") in picks:
                return ret(ctx["target"])
            field = self.strategy(sit)["field"]

            def where(x):
                return sit.thieves[int(x[1:])]["space"] if x[0] == "T" else sit.guards[x][1]
            return ret(min(picks, key=lambda x: (field.get(where(x), UNREACHABLE), x)))
        if ctx.get("target") in picks:
            return ret(ctx["target"])
        thieves = [p for p in picks if p[0] == "T"]
        if thieves:
            return ret(max(thieves, key=lambda x: (int(x[1:]) == sit.carrier,
                                                   sit.thieves[int(x[1:])]["vp"],
                                                   sit.thieves[int(x[1:])]["hand_size"], x)))
        return None

    def nearest_goal(self, sit: Sit, picks: list):
        field = self.strategy(sit)["field"]
        return min(picks, key=lambda s: (field.get(s, UNREACHABLE), s))

    def lure_spot(self, sit: Sit, picks: list | None, steps: int = 3):
        """The space whose noise draws the watch farthest from us and our way (or None)."""
        g = sit.g
        me = sit.space
        field = self.strategy(sit)["field"]
        if picks is None:
            picks = [s for s in g.within(me, 5 if steps == 3 else 4) if s not in g.dungeons]

        def danger(space):
            return (0 if g.d(space, me) > 4 else 5 - g.d(space, me)) + max(
                0, 4 - min(field.get(space, 9), 9)) * 0.5
        best, best_score = None, 0.5
        for s in sorted(picks):
            moved = lured(sit, s, steps)
            if not moved:
                continue
            score = sum(danger(sit.guards[gid][1]) - danger(sp) for gid, sp in moved.items())
            if score > best_score:
                best, best_score = s, score
        return best

    def discard(self, sit: Sit, choice: dict):
        options = choice["options"]
        hand = {c["id"]: c["kind"] for c in sit.th.get("hand", [])}
        key = "discard" if "discard" in options[0] else "give"
        strat_mode = self.strategy(sit)["mode"] if sit.where == "board" else "emperor"

        def worth(o):
            kind = hand.get(o[key], "")
            value = CARD_VALUE.get(kind, 1)
            if strat_mode == "chase" and (kind in THEFT_CARDS or kind in CATCH_CARDS):
                value += 3
            return (value, o[key])
        return min(options, key=worth)
