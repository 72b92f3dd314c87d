"""Repositioning cards: Secret Passage, Pole Vault, Stolen Uniform, Rat King's Tunnels
and Swallow's Leap. Where each may put the thief, and whether the best of those
spaces beats staying."""

from __future__ import annotations

from .planning import Aim, p_caught
from .situation import Sit
from .values import JUMPS, UNREACHABLE, junk_card


class Jumps:
    """Where a repositioning card should put the thief (with the strategy and movement
    planning). Mixed into ``HeuristicBot``."""

    def jump_value(self, sit: Sit, kind: str) -> float:
        return 3.0 if self.jump_target(sit, kind, None) else 0

    def best_jump(self, sit: Sit, kind: str, here: str, steps: int, pending: bool,
                  options: list | None = None):
        """(score, space) of the best reposition followed by ``steps`` of movement."""
        strat = self.strategy(sit)
        field = strat["field"]
        if options is None:
            options = jump_spaces(sit, kind, here)
        if not options:
            return None
        options = sorted(options, key=lambda s: (field.get(s, UNREACHABLE), s))[:8]
        cover = self.covered(sit) or kind == "rat_tunnels"
        protect = sit.th["protected"] or kind == "stolen_uniform"
        aim = Aim.of(strat, pending=pending, cover=cover, protect=protect, reveal=True,
                     here_pickup=steps > 0)
        best = None
        for space in options:
            score = self.reach(sit, space, steps, field, aim)[0]
            if not pending and not cover and not protect and sit.threat_now(space) \
                    and sit.view["phase"] != "resolution":
                score -= 120.0 if aim.carry else p_caught(sit)
            if best is None or score > best[0]:
                best = (score, space)
        return best

    def jump_target(self, sit: Sit, kind: str, options: list | None):
        """At resolution: the best space for a repositioning card (None: not worth it)."""
        here = sit.space
        strat = self.strategy(sit)
        steps = sit.pending_moves() if sit.guard_ahead else \
            sit.pending_moves(all_of_them=True)
        best = self.best_jump(sit, kind, here, steps, sit.guard_ahead, options)
        if best is None:
            return None
        stay = self.reach(sit, here, steps, strat["field"], Aim.of(
            strat, pending=sit.guard_ahead, cover=self.covered(sit),
            protect=sit.th["protected"], reveal=True))[0]
        return best[1] if best[0] > stay + 1.0 else None


def jump_cards(sit: Sit, by_kind: dict) -> dict:
    """Repositioning cards in hand (and the thief's own special): kind -> (card, carry)."""
    out = {}
    for kind in ("secret_passage", "pole_vault", "stolen_uniform"):
        if by_kind.get(kind):
            out[kind] = (by_kind[kind][0], None)
    if sit.special in ("rat_tunnels", "swallows_leap"):
        junk = junk_card(sit, set())
        if junk:
            out[sit.special] = (sit.special, junk)
    return out


def jump_spaces(sit: Sit, kind: str, here: str) -> list[str]:
    """Where a repositioning card may put the thief."""
    g = sit.g
    to, reach = JUMPS.get(kind, ("free", 2))
    if kind == "swallows_leap" or kind in ("pole_vault",):
        to = "free"
    out = []
    for s in g.spaces:
        if s in g.dungeons or s == here or (s in sit.fire and sit.ability != "firebrand"):
            continue
        if reach is not None and g.d(here, s) > reach:
            continue
        if s in sit.guard_at and not (sit.th["protected"] or kind == "stolen_uniform"):
            continue
        if to == "free" and any(t["space"] == s and t["where"] == "board"
                                for t in sit.thieves):
            continue
        if to == "hideout" and s not in sit.hideouts:
            continue
        if to == "sewer_exit" and (s not in sit.exits or not sit.drains_open):
            continue
        if to == "guardhouse" and s not in g.guardhouses:
            continue
        out.append(s)
    return out
