"""The situation at one decision, read from the seat's view only: where the thief,
the rivals, the jewels and the watch are, and which spaces the watch threatens now
(a guard or captain still to act this turn), next turn, or by hearing."""

from __future__ import annotations

from .. import content
from ..table import NEWEST
from .geometry import Geo


def thief_data(tid: str) -> dict:
    return content.thieves()[tid]


class Sit:
    """The situation read from one view."""

    def __init__(self, g: Geo, view: dict, cache: dict | None = None) -> None:
        self.g = g
        self.cache = {} if cache is None else cache
        self.view = view
        self.me = view["player"]
        self.thieves = view["thieves"]
        self.th = self.thieves[self.me]
        self.space = self.th["space"]
        self.where = self.th["where"]
        data = thief_data(self.th["id"])
        self.ability = data["ability_key"]
        self.special = self.th["special"]  # None: a game without special cards
        self.mods = view["mods"]
        self.alarm = view["alarm"]
        self.fire = frozenset(view["fire"])
        self.smoke = frozenset(view["smoke"])
        features = view["features"]
        self.hideouts = frozenset() if self.mods.get("hideouts_exposed") else (
            g.hideouts | {s for s, f in features.items() if f == "dark_alley"})
        self.entrances = g.entrances | {s for s, f in features.items() if f == "manhole"}
        self.exits = g.exits | {s for s, f in features.items() if f == "ladder"}
        self.sewers_open = not self.mods.get("sewers_closed")
        self.revision = view["options"].get("rules", NEWEST)  # the game's rules revision
        # closed sewers close Rat King's Tunnels too (revision 3)
        self.drains_open = self.sewers_open or self.revision < 3
        self.all_hidden = bool(self.mods.get("all_hidden"))
        self.guards = {gid: (w["kind"], w["space"]) for gid, w in view["watch"].items()}
        self.guard_at = {sp: gid for gid, (_, sp) in self.guards.items()}
        self.held = {gid for gid, f in view["flags"].items()
                     if f.get("immobile") or f.get("blind")}
        self.jewels = view["jewels"]
        self.tokens = view["tokens"]
        district = view["open_district"]
        self.open_gates = g.gates[district] if district else ()
        # what the board looks like to the watch: the key of every cached field and zone
        self.sig = (tuple(sorted(self.guard_at.items())), self.fire, self.smoke,
                    tuple(sorted(features.items())), tuple(sorted(self.mods.items())))
        key = ("zones", self.sig, tuple(sorted(self.held)))
        zones = self.cache.get(key)
        if zones is None:
            zones = self.cache[key] = self._zones()
        self.zone_now, self.zone_next, self.vig_zone = zones
        self.emperor_at = next((s for s, js in self.jewels.items() if "emperor" in js), None)
        self.carrier = next((p for p, t in enumerate(self.thieves)
                             if "emperor" in t["jewels"] and t["where"] != "escaped"), None)
        order, pos = view["order"], view["order_pos"]
        self.guard_ahead = view["phase"] == "resolution" and any(
            o[0] == "guard" for o in order[pos:])
        self.rivals = [q for q, t in enumerate(self.thieves)
                       if q != self.me and t["where"] == "board"]
        if view["alarm"]:
            self.turns_left = view["decks"]["alarm"] + 1
        else:
            self.turns_left = view["decks"]["calm"] + 1 + (5 if view["emperor_taken"] else 0)

    def watch_radius(self, gid: str, palace: bool) -> tuple[int, int]:
        """(vigilance, move) of a guard or captain against this thief."""
        kind = self.guards[gid][0]
        vig = content.WATCH[kind]["vigilance"] + self.mods.get(f"{kind}_vigilance", 0)
        move = content.WATCH[kind]["move"] + self.mods.get(f"{kind}_move", 0)
        if self.ability == "old_uniform":
            vig -= 1
        if palace and self.ability == "vault_designer":
            vig = min(vig, 2)
        return vig, move

    def _zones(self):
        """Spaces a guard could reach this turn (``now``: not held), next turn, or hear."""
        g = self.g
        now, nxt, vig_zone = set(), set(), set()
        passes = (False, True) if self.ability == "vault_designer" else (None,)
        for gid, (_, space) in self.guards.items():
            for palace in passes:
                vig, move = self.watch_radius(gid, bool(palace))
                reach = g.within(space, max(0, min(vig, move)))
                seen = g.within(space, max(0, vig))
                if palace is not None:
                    reach = {s for s in reach if (s in g.palace) == palace}
                    seen = {s for s in seen if (s in g.palace) == palace}
                nxt |= reach
                vig_zone |= seen
                if gid not in self.held:
                    if self.fire:  # the watch walks round fire (it still hears through it)
                        reach = reach & g.within_avoiding(space, min(vig, move), self.fire)
                    now |= reach
        return frozenset(now), frozenset(nxt), frozenset(vig_zone)

    @property
    def hunt_zone(self) -> frozenset[str]:
        """Spaces a Manhunt (every guard 2 spaces toward a thief it hears) would reach."""
        key = ("hunt", self.sig)
        zone = self.cache.get(key)
        if zone is None:
            zone = set()
            for _, space in self.guards.values():
                zone |= self.g.within(space, 2)
            zone = self.cache[key] = frozenset(zone - self.hideouts)
        return zone

    def pos_hidden(self, space: str) -> bool:
        return self.all_hidden or space in self.hideouts or space in self.smoke

    def threat_now(self, space: str) -> bool:
        return space in self.zone_now and not self.pos_hidden(space)

    def threat_next(self, space: str) -> bool:
        return space in self.zone_next and space not in self.hideouts

    def robbable(self, q: int) -> bool:
        t = self.thieves[q]
        return (t["where"] == "board" and not t["stolen"] and bool(t["jewels"])
                and (t["theft_marker"] or t["space"] in self.smoke))

    def catchable(self, q: int) -> bool:
        t = self.thieves[q]
        return t["where"] == "board" and not t["hidden"] and not t["protected"]

    def hand_kinds(self) -> list[str]:
        return [c["kind"] for c in self.th.get("hand", [])]

    def pending_cover(self) -> bool:
        """A Smoke Grenade or Cloak still to resolve before the watch acts."""
        init = self.view["initiative"] or 0
        return any(d["state"] == "declared" and d["cards"][0] in ("smoke_grenade",
                                                                   "reflective_cloak")
                   and (d["init"] > init or (d["init"] == init and not self.alarm))
                   for d in self.th.get("declared", []))

    def pending_fire(self) -> int:
        """Fires a declared Fire Grenade or Wall of Flames can still throw before the watch."""
        init = self.view["initiative"] or 0
        return max((2 if d["cards"][0] == "wall_of_flames" else 1
                    for d in self.th.get("declared", [])
                    if d["state"] == "declared"
                    and (d["cards"][0] == "fire_grenade" or (
                        d["cards"][0] == "wall_of_flames" and self.special == "wall_of_flames"))
                    and (d["init"] > init or (d["init"] == init and not self.alarm))),
                   default=0)

    def pending_moves(self, all_of_them: bool = False) -> int:
        """Spaces of movement still declared to resolve (before the city guard acts)."""
        init = self.view["initiative"] or 0
        total = 0
        for d in self.th.get("declared", []):
            if d["state"] != "declared":
                continue
            if not all_of_them and (d["init"] < init or (d["init"] == init and self.alarm)):
                continue
            kind = d["cards"][0]
            total += {"move": 4, "elixir_of_speed": 5, "rope_and_hook": 2}.get(kind, 0)
        return total
