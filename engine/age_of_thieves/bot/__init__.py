"""A heuristic bot for Age of Thieves: the solo opponent and the player behind the simulations.

The bot reads only what its seat may see: ``view`` (``rules.view(state, player)``) and the choice
in front of it. It never touches the game state. Board geometry comes from the public, immutable
board; card and thief data from ``content``.

How it plays, in short:

* A *goal* field (a Dijkstra from the goal spaces, cheap through safe streets and dear next to
  the watch, sewers included) tells every space how far it is from where the thief wants to be:
  the Emperors' Jewel, a jewel worth a short detour, the open gates once the jewel is gone, or the
  thief carrying it when a theft or a catch is in hand.
* Movement is planned step by step: every reachable end of the move (sewer trips included) is
  scored by its goal distance, the jewels, thefts and city tokens on the way, and the danger of
  ending it where a guard or captain still to act this turn could reach the thief (next turn's
  danger, a possible Manhunt and rivals' lures count too). The bot emits one step at a time.
* The Declaration weighs a few plans: Dash, Sneak, Sneak with Elixir or Rope, a repositioning
  card (Secret Passage, Pole Vault, Stolen Uniform, Rat King's Tunnels, Swallow's Leap), moving
  before or after the city guard, hiding (Cloak, Smoke, fire for Zain), or taking a guard out of
  the way (Forged Orders, Beacon, Gas, Snare, Purse, lures, Seduction, Mirror Trick). It bids just
  enough AP to act before the guard's known initiative when that is needed; spare AP buys
  priority over the other thieves when it matters (the vault race, the jewel carrier).
* Theft and catching cards go with the move when a rival carries the Emperors' Jewel. A thief
  without it waits near the open gates and leaves in the last turns (a catch after the alarm is
  a ride to the dungeon next to them); the carrier leaves at once.
* First-thief decisions take the documented default.
"""

from __future__ import annotations

import heapq
from functools import cache

from engine.core.rng import Rng, seed_state

from .. import content
from ..board import PALACE, load_board

JEWEL_RANK = {"emperor": 100, "green": 2, "yellow": 1, "trinkets": 1}
GOOD_TOKENS = {"informer", "guild_agent", "known_neighborhood", "trinkets", "thiefs_stash",
               "dark_alley", "manhole", "ladder"}
# how much a card in hand is worth keeping (in "spaces of progress")
CARD_VALUE = {
    "reflective_cloak": 6, "elixir_of_speed": 5, "rope_and_hook": 5, "smoke_grenade": 4,
    "secret_passage": 4, "stolen_uniform": 4, "beacon": 4, "purse_of_silver": 3.5,
    "automatic_snare": 3.5, "forged_orders": 3.5, "cog_rod": 3, "mechanical_rats": 3,
    "firecracker": 3, "noise_grenade": 3, "debilitating_gas": 3, "pole_vault": 3,
    "guild_contacts": 3, "poisonous_bola": 2, "mesmerist_pendant": 2, "pocket_chronometer": 2,
    "fire_grenade": 1.5, "mirror_trick": 1, "pickpocket": 1, "anonymous_tip": 1,
}
THEFT_CARDS = {"cog_rod": 2, "mechanical_rats": "D", "confiscation": 3, "noise_grenade": 4}
CATCH_CARDS = {"beacon", "debilitating_gas", "mesmerist_pendant", "firecracker", "noise_grenade",
               "seduction", "anonymous_tip"}
JUMPS = {"secret_passage": ("hideout", 6), "pole_vault": ("free", 2),
         "stolen_uniform": ("guardhouse", 4), "swallows_leap": ("free", 3),
         "rat_tunnels": ("sewer_exit", None)}
DRAWS = {"guild_contacts", "pocket_chronometer"}
GUARD_MOVERS = {"beacon", "debilitating_gas", "seduction"}
LEAVE_VALUE = 1000.0
UNREACHABLE = 400.0


# --- the board, once ----------------------------------------------------------------------
class Geo:
    """Precomputed board facts the bot needs (all public and immutable)."""

    def __init__(self) -> None:
        b = load_board()
        self.board = b
        self.spaces = tuple(sorted(b.spaces))
        self.adj = {s: b.neighbours(s) for s in b.spaces}
        self.dungeons = frozenset(b.of_kind("dungeon"))
        for dungeon, doors in b.dungeon_doors.items():
            self.adj[dungeon] = tuple(doors)
        self.radj = {s: [] for s in b.spaces}
        for s, ns in self.adj.items():
            for n in ns:
                self.radj[n].append(s)
        self.district = {s: b.spaces[s].district for s in b.spaces}
        self.gates = {d: b.gates_of(d) for d in ("N", "E", "S", "W")}
        self.hideouts = frozenset(b.of_kind("hideout"))
        self.entrances = frozenset(b.of_kind("sewer_entrance"))
        self.exits = frozenset(b.of_kind("sewer_exit"))
        self.guardhouses = frozenset(b.of_kind("guardhouse"))
        self.vault = b.of_kind("palace_centre")[0]
        self.palace = frozenset(b.in_district(PALACE))
        self._dist = {s: self._bfs(s) for s in b.spaces if s not in self.dungeons}
        for dungeon, doors in b.dungeon_doors.items():
            table = {}
            for door in doors:
                for s, d in self._dist[door].items():
                    if d + 1 < table.get(s, 999):
                        table[s] = d + 1
            table[dungeon] = 0
            self._dist[dungeon] = table

    def _bfs(self, source: str) -> dict[str, int]:
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for u in frontier:
                for n in self.adj[u]:
                    if n not in dist and n not in self.dungeons:
                        dist[n] = dist[u] + 1
                        nxt.append(n)
            frontier = nxt
        return dist

    def d(self, a: str, b: str) -> int:
        """Steps from a to b (a dungeon is left through its doors and never entered)."""
        return self._dist[a].get(b, 99)

    def within(self, space: str, radius: int) -> frozenset[str]:
        if space in self.dungeons:
            return frozenset({space})
        return self.board.within(space, radius)

    def within_avoiding(self, space: str, radius: int, blocked) -> set[str]:
        """Spaces at most ``radius`` steps away along paths that avoid ``blocked``."""
        seen = {space}
        frontier = [space]
        for _ in range(max(0, radius)):
            nxt = []
            for u in frontier:
                for n in self.adj[u]:
                    if n not in seen and n not in blocked and n not in self.dungeons:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return seen


@cache
def geo() -> Geo:
    return Geo()


def thief_data(tid: str) -> dict:
    return content.thieves()[tid]


# --- what the bot sees at one decision -------------------------------------------------------
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
        self.special = data["special"]
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


class HeuristicBot:
    """Plays Age of Thieves from its own view: see the module docstring."""

    name = "heuristic"
    uses_view = True

    def __init__(self, rules, seed: int):
        self.rules = rules
        self.rng = Rng(seed_state(seed ^ 0x7E1F5EED))
        self.g = geo()
        self.turn = None
        self.plan: dict = {}
        self.ctx: dict = {}
        self.covered_turn = None
        self.reveal_memo: dict = {}
        self.cache: dict = {}
        self.events_seen: set = set()
        self.fallbacks = 0  # decisions the bot could not make itself (tests expect none)
        self.failures: list[str] = []

    # --- entry point ----------------------------------------------------------------------
    def decide(self, view: dict, choice: dict):
        """The bot's action for ``choice``, read from ``view`` (its own seat's view) only."""
        try:
            action = self._decide(view, choice)
        except Exception as error:  # never leave a table stuck: note it, play something legal
            self.failures.append(f"{choice.get('kind')}: {error!r}")
            action = None
        if "options" in choice:
            if action not in choice["options"]:
                self.fallbacks += 1
                action = self.rng.choice(choice["options"])
        elif action is None:
            self.fallbacks += 1
            action = self.rules.random_action(choice, self.rng)
        return action

    def _decide(self, view: dict, choice: dict):
        if view.get("event"):
            self.events_seen.add(view["event"])
        if view["turn"] != self.turn:
            self.turn = view["turn"]
            self.plan, self.ctx, self.reveal_memo, self.cache = {}, {}, {}, {}
        kind = choice["kind"]
        if kind != "declare" and "default" in choice and choice["default"] in choice["options"]:
            return choice["default"]  # a first-thief decision: the documented default
        sit = Sit(self.g, view, self.cache)
        if kind == "declare":
            return {"declare": self.declare(sit, choice["spec"])}
        handler = {"start": self.start, "resolve": self.resolve, "move": self.move,
                   "choose": self.choose, "discard": self.discard, "give": self.discard}.get(kind)
        return handler(sit, choice) if handler else None

    # --- strategy -------------------------------------------------------------------------
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
            goals = self.gate_goals(sit)
        elif sit.emperor_at is not None:
            goals = {sit.emperor_at: 0.0}
            strat["race"] = self.race_tight(sit, sit.emperor_at)
        elif sit.carrier is not None and self.will_chase(sit):
            carrier = sit.thieves[sit.carrier]
            strat.update(mode="chase", target=sit.carrier, vpw=2.0)
            goals = {carrier["space"]: 0.0}
        else:
            # out of the city only near the end: staying keeps every chance of a theft
            strat.update(mode="escape", vpw=2.5, leave=sit.turns_left <= 2)
            goals = self.gate_goals(sit)
        field = self.field(sit, goals)
        if strat["mode"] in ("emperor", "escape", "chase") and here is not None:
            way = self.plan.get("waypoint", "?")
            if way == "?" or (way is not None and way not in sit.jewels):
                way = self.waypoint(sit, field, strat)
                self.plan["waypoint"] = way
            if way is not None:
                strat["waypoint"] = way
                field = self.field(sit, {way: 0.0})
        strat["field"] = field
        self.cache[key] = strat
        return strat

    def gate_goals(self, sit: Sit) -> dict[str, float]:
        """The open gates (leaving costs a step); one a guard stands on is much dearer."""
        if not sit.open_gates:
            return {sit.space: 0.0}
        return {gate: 1.0 + (10.0 if gate in sit.guard_at else 0.0) for gate in sit.open_gates}

    def race_tight(self, sit: Sit, target: str) -> bool:
        mine = sit.g.d(sit.space, target) if sit.space else 99
        return any(sit.g.d(sit.thieves[q]["space"], target) <= mine + 2 for q in sit.rivals)

    def will_chase(self, sit: Sit) -> bool:
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

    def waypoint(self, sit: Sit, field: dict, strat: dict) -> str | None:
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

    # --- the goal field -------------------------------------------------------------------
    def field(self, sit: Sit, goals: dict[str, float]) -> dict[str, float]:
        """Cost from every space to the nearest goal: safe streets cheap, the watch dear."""
        key = ("field", sit.sig, tuple(sorted(goals.items())))
        cached = self.cache.get(key)
        if cached is None:
            cached = self.cache[key] = self._field(sit, goals)
        return cached

    def _field(self, sit: Sit, goals: dict[str, float]) -> dict[str, float]:
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

    # --- movement planning ----------------------------------------------------------------
    def reach(self, sit: Sit, start: str, steps: int, field: dict, *, dash=False, pending=False,
              cover=False, protect=False, leave=False, after=0, race=1.0, carry=False,
              vpw=3.0, reveal=False, sewer_ok=True, entrance=False, here_pickup=False,
              resume=(0, 0), end_cover=False, end_fire=0):
        """Best end of a move of up to ``steps`` spaces: (score, actions, end)."""
        g = sit.g
        zain = sit.ability == "firebrand"
        morius = sit.ability == "sewer_master"
        through_guards = cover or protect or sit.ability == "acrobat"
        end_on_guard_ok = cover or protect
        p_now = 120.0 if carry else self.p_caught(sit)
        dungeon = None
        if leave and not carry and sit.alarm and sit.view["open_district"]:
            dungeon = sit.g.board.dungeon_of(sit.view["open_district"])
            jewels = [content.VP.get(j, 0) for j in sit.th["jewels"]]
            p_now = 2.0 + (min(jewels) * vpw if jewels else 0.0) + (
                0.0 if sit.ability == "old_flames" else 2.0)
        p_next = 2.0 if carry else 1.0
        if carry and any(sit.g.d(sit.space, sit.thieves[q]["space"]) <= 8 for q in sit.rivals):
            p_next = 5.0  # a rival's lure or beacon would finish the job
        p_vig = 0.3 if carry else 0.1
        rivals = [sit.thieves[q]["space"] for q in sit.rivals]
        hunt = self.manhunt_chance(sit)
        # terminal values depend on the watch, the field and these flags only: share them
        tkey = ("term", sit.sig, id(field), pending, cover or end_cover, end_fire, protect,
                leave, after,
                carry,
                p_now, p_next, hunt, tuple(rivals) if carry else (), dungeon)
        cache_t = self.cache.get(tkey)
        if cache_t is None:
            cache_t = self.cache[tkey] = {}

        def terminal(node: str, left: int) -> float:
            key = (node, left >= 1)
            if key in cache_t:
                return cache_t[key]
            if leave and left >= 1 and node in sit.open_gates and sit.alarm:
                value = LEAVE_VALUE
            else:
                value = -field.get(node, UNREACHABLE)
                if node in sit.guard_at:
                    value -= 40.0 if end_on_guard_ok else 1000.0
                if pending and not cover and not protect and not end_cover and \
                        sit.threat_now(node) and not (end_fire and self.fire_cover(
                            sit, node, end_fire)):
                    if after and self.safe_within(sit, node, after, leave):
                        value -= 2.0
                    elif dungeon is not None:
                        # caught after the alarm: the open district's dungeon, next to its gates
                        value = -field.get(dungeon, UNREACHABLE) - p_now
                    else:
                        value -= p_now
                if hunt and node in sit.hunt_zone:
                    value -= hunt * (120.0 if carry else 0.5 * p_now)
                if sit.threat_next(node):
                    # next turn the thief must act before the watch, to somewhere safe
                    value -= p_next if self.escapable(sit, node, leave) else 6.0 * p_next
                elif node in sit.vig_zone:
                    value -= p_vig
                if node in sit.hideouts:
                    value += 0.4
                if carry:
                    value -= 2.0 * sum(1 for r in rivals if g.d(node, r) <= 2)
            cache_t[key] = value
            return value

        def pickup(node: str) -> float:
            if dash:
                return 0.0
            value = 0.0
            for j in sit.jewels.get(node, ()):
                value += 150.0 * race if j == "emperor" else content.VP.get(j, 0) * vpw
            if reveal and node in sit.tokens:
                value += self.token_value(sit, node, cover or protect)
            for q in sit.rivals:
                t = sit.thieves[q]
                if t["space"] == node and sit.robbable(q):
                    best = max(t["jewels"], key=lambda j: JEWEL_RANK[j])
                    value += 150.0 if best == "emperor" else content.VP.get(best, 0) * vpw
            return value

        resumed = {}

        def going_on(x: str, k: int) -> float:
            """The sewer ends this card's move; a card still to come moves on from ``x``."""
            if not resume[1] or k > resume[0]:
                return terminal(x, 0)
            if x not in resumed:
                resumed[x] = self.reach(
                    sit, x, resume[1], field, dash=dash, pending=pending, cover=cover,
                    protect=protect, leave=leave, race=race, carry=carry, vpw=vpw,
                    reveal=reveal, sewer_ok=False)[0]
            return resumed[x]

        first = pickup(start) if here_pickup else 0.0
        best = (first + terminal(start, steps), (), start)
        layer = {start: (first, (), frozenset((start,)))}
        use_sewers = sewer_ok and sit.sewers_open

        def sewers(nodes: dict, k: int, first: bool) -> dict:
            """Sewer trips from the entrances in ``nodes``; Morius goes on afterwards."""
            nonlocal best
            jumps: dict = {}
            for node, (gain, path, got) in nodes.items():
                if not (first or node in sit.entrances or (morius and node in sit.exits)):
                    continue
                for x in sorted(sit.exits):
                    if x == node or x in sit.guard_at or (x in sit.fire and not zain):
                        continue
                    add = 0.0 if x in got else pickup(x)
                    cand = (gain + add, path + ({"sewer": x},), got | {x})
                    if morius:
                        old = jumps.get(x)
                        if old is None or cand[0] > old[0] + 1e-9:
                            jumps[x] = cand
                    else:
                        score = cand[0] + going_on(x, k) - 0.01 * k
                        if score > best[0] + 1e-9:
                            best = (score, cand[1], x)
            for x, (gain, path, _) in jumps.items():
                score = gain + terminal(x, steps - k) - 0.01 * k
                if score > best[0] + 1e-9:
                    best = (score, path, x)
            return jumps

        if use_sewers and entrance:
            for x, cand in sewers(layer, 0, True).items():
                layer.setdefault(x, cand)
        for k in range(1, steps + 1):
            nxt: dict = {}
            for node, (gain, path, got) in layer.items():
                for n in g.adj[node]:
                    if n in g.dungeons or (n in sit.fire and not zain):
                        continue
                    if n in sit.guard_at and not through_guards:
                        continue
                    if n in got:
                        cand = (gain, path + ({"step": n},), got)
                    else:
                        cand = (gain + pickup(n), path + ({"step": n},), got | {n})
                    old = nxt.get(n)
                    if old is None or cand[0] > old[0] + 1e-9:
                        nxt[n] = cand
            if use_sewers:
                for x, cand in sewers(nxt, k, False).items():
                    old = nxt.get(x)
                    if old is None or cand[0] > old[0] + 1e-9:
                        nxt[x] = cand
            layer = nxt
            for node, (gain, path, _) in layer.items():
                score = gain + terminal(node, steps - k) - 0.01 * k
                if score > best[0] + 1e-9:
                    best = (score, path, node)
        return best

    def manhunt_chance(self, sit: Sit) -> float:
        """The chance that next turn opens with a Manhunt (watch 2 spaces closer at once)."""
        if not (sit.alarm or sit.view["emperor_taken"]) or sit.turns_left <= 1:
            return 0.0
        alarm = content.event_decks()["alarm"]
        if any(e in self.events_seen for e in alarm if e == "manhunt"):
            return 0.0
        seen = sum(1 for e in alarm if e in self.events_seen)
        return 1.0 / (len(alarm) - seen) if seen < content.ALARM_TURNS else 0.0

    def escapable(self, sit: Sit, node: str, leave: bool) -> bool:
        """Can a Dash from ``node`` next turn reach a safe space (or an open gate)?"""
        key = ("esc", sit.sig, node, leave and sit.alarm)
        found = self.cache.get(key)
        if found is None:
            g = sit.g
            gates = set(sit.open_gates) if leave and sit.alarm else set()
            through = sit.ability == "acrobat"
            seen = {node}
            frontier = [node]
            found = bool(gates and node in gates)
            for _ in range(5):
                nxt = []
                for u in frontier:
                    for n in g.adj[u]:
                        if n in seen or n in g.dungeons or (n in sit.guard_at and not through):
                            continue
                        seen.add(n)
                        nxt.append(n)
                        if (n not in sit.zone_next and n not in sit.guard_at) or \
                                n in sit.hideouts or n in gates:
                            found = True
                frontier = nxt
                if found:
                    break
            self.cache[key] = found
        return found

    def safe_within(self, sit: Sit, node: str, steps: int, leave: bool = False) -> bool:
        near = sit.g.within(node, steps)
        if leave and sit.alarm and any(x in near for x in sit.open_gates):
            return True
        return any(not sit.threat_now(s) and s not in sit.guard_at for s in near)

    def token_value(self, sit: Sit, space: str, covered: bool) -> float:
        kind = sit.tokens.get(space)
        if kind is not None:
            if kind in GOOD_TOKENS:
                return 1.5
            return 0.0 if kind == "alert_citizens" and not sit.th.get("hand") else -5.0
        if covered:
            return 1.0
        if sit.alarm or sit.carrier == sit.me:
            return -5.0
        key = (space, sit.view["turn"])
        if key not in self.reveal_memo:
            self.reveal_memo[key] = self.rng.below(100) < 35
        return 0.6 if self.reveal_memo[key] else -5.0

    def covered(self, sit: Sit) -> bool:
        """Hidden whatever the space (cloak, tunnels, out of the dungeon) or protected."""
        th = sit.th
        if th["protected"] or sit.all_hidden or self.covered_turn == sit.view["turn"]:
            return True
        return bool(th["hidden"]) and sit.space is not None and not sit.pos_hidden(sit.space)

    def pending_cover(self, sit: Sit) -> bool:
        """A Smoke Grenade or Cloak still to resolve before the watch acts."""
        init = sit.view["initiative"] or 0
        return any(d["state"] == "declared" and d["cards"][0] in ("smoke_grenade",
                                                                   "reflective_cloak")
                   and (d["init"] > init or (d["init"] == init and not sit.alarm))
                   for d in sit.th.get("declared", []))

    def pending_fire(self, sit: Sit) -> int:
        """Fires a declared Fire Grenade or Wall of Flames can still throw before the watch."""
        init = sit.view["initiative"] or 0
        return max((2 if d["cards"][0] == "wall_of_flames" else 1
                    for d in sit.th.get("declared", [])
                    if d["state"] == "declared"
                    and (d["cards"][0] == "fire_grenade" or (
                        d["cards"][0] == "wall_of_flames" and sit.special == "wall_of_flames"))
                    and (d["init"] > init or (d["init"] == init and not sit.alarm))),
                   default=0)

    def pending_moves(self, sit: Sit, all_of_them: bool = False) -> int:
        """Spaces of movement still declared to resolve (before the city guard acts)."""
        init = sit.view["initiative"] or 0
        total = 0
        for d in sit.th.get("declared", []):
            if d["state"] != "declared":
                continue
            if not all_of_them and (d["init"] < init or (d["init"] == init and sit.alarm)):
                continue
            kind = d["cards"][0]
            total += {"move": 4, "elixir_of_speed": 5, "rope_and_hook": 2}.get(kind, 0)
        return total

    # --- the start ------------------------------------------------------------------------
    def start(self, sit: Sit, choice: dict):
        return self.rng.choice(choice["options"])

    # --- declaration ----------------------------------------------------------------------
    def declare(self, sit: Sit, spec: dict) -> list[dict]:
        plain = spec["ap"]
        tokens = list(spec["tokens"])
        hand = {c["id"]: c["kind"] for c in sit.th["hand"]}
        if sit.where != "board":
            return self.fit([("move", None, max(1, plain + sum(
                content.TOKEN_AP[k] for k in tokens)), 1, 0)], plain, tokens)
        init = sit.view["initiative"] or 0
        bar = init + (1 if sit.alarm else 0)  # the least AP that acts before the guard
        strat = self.strategy(sit)
        by_kind: dict[str, list[str]] = {}
        for cid, kind in sorted(hand.items()):
            by_kind.setdefault(kind, []).append(cid)
        budget = plain + sum(content.TOKEN_AP[k] for k in tokens)
        sneak = max(0, content.SNEAK + sit.mods.get("sneak", 0))
        dash = max(0, content.DASH + sit.mods.get("dash", 0))
        here = sit.space
        s_threat = sit.threat_now(here)
        race = 0.5 if strat.get("race") else 1.0

        packages = [("dash", [("move", None)], dash, False, False),
                    ("sneak", [("move", None)], sneak, True, False)]
        elixir = by_kind.get("elixir_of_speed", [None])[0]
        rope = by_kind.get("rope_and_hook", [None])[0]
        if elixir:
            packages.append(("elixir", [("move", None), (elixir, None)], sneak + 5, True, False))
        if rope:
            packages.append(("rope", [("move", None), (rope, None)], sneak + 2, True, True))
        if elixir and rope:
            packages.append(("elixir+rope", [("move", None), (elixir, None), (rope, None)],
                             sneak + 7, True, True))
        defenses = [(None, None)]
        cloak = by_kind.get("reflective_cloak", [None])[0]
        smoke = by_kind.get("smoke_grenade", [None])[0]
        if cloak:
            defenses.append(("cloak", cloak))
        if smoke:
            defenses.append(("smoke", smoke))
        fire = by_kind.get("fire_grenade", [None])[0]
        if sit.special == "wall_of_flames":
            junk = self.junk_card(sit, by_kind, set())
            if junk:
                defenses.append(("fire", ("wall_of_flames", junk, 2)))
        if fire:
            defenses.append(("fire", (fire, None, 1)))
        offence = self.offence_cards(sit, strat, by_kind, sneak)
        if offence:
            packages = [pk for pk in packages if pk[0] != "dash"]  # Dash would waste them

        best = self.plan_moves(sit, here, packages, defenses, bar, budget, hand, strat, race)
        for kind, (card, carry_card) in self.jump_cards(sit, by_kind).items():
            for timing in ("early", "late"):
                cost = bar + (bar if timing == "early" else 1)
                if cost > budget or (timing == "late" and bar <= 1):
                    continue
                jump = self.best_jump(sit, kind, here, sneak, timing == "early")
                if jump is None:
                    continue
                score = jump[0] - 0.4 * CARD_VALUE.get(kind, 4.0) - (
                    0.4 * CARD_VALUE.get(hand.get(carry_card, ""), 0) if carry_card else 0)
                if best is None or score > best[0] + 0.5:
                    best = (score, "jump", [("move", None)], timing, "jump",
                            (card, carry_card, jump[1]))
        stay = self.plan_moves(sit, here, [("stay", [], 0, True, False)], [(None, None)], bar,
                               budget, hand, strat, race)
        if best is None:
            best = stay
        stuck = best[0] - stay[0] < 2.0
        if stuck or s_threat:
            for card, carry_card, changes in self.removals(sit, by_kind, here):
                vsit = self.variant(sit, changes)
                vhere = changes.get("here", here)
                cand = self.plan_moves(vsit, vhere, packages[:2], [("remove", (card, carry_card,
                                                                              changes))],
                                       bar, budget, hand, strat, race)
                if cand is not None and cand[0] > best[0] + 1.0:
                    best = cand
        if stuck and best[0] - stay[0] < 2.0 and not s_threat and sit.turns_left > 1:
            # nothing to gain by moving: a Cunning Plan for cards and AP next turn
            best = (stay[0] + 2.5, "plan", [("ambush", None)], "late", None, None)
        score, name, cards, timing, dname, dcard = best
        self.plan["declared"] = {"package": name, "timing": timing, "defense": dname}
        entries = []  # (card, carry, init, priority, min_init)
        early_init = max(bar, 1)
        late_init = max(1, bar - 1)
        if dcard:
            card = dcard[0] if dname in ("remove", "jump", "fire") else dcard
            carry_card = dcard[1] if dname in ("remove", "jump", "fire") else None
            entries.append((card, carry_card, early_init, 0, early_init))
            if dname == "jump":
                self.plan["jump"] = dcard[2]
            if dname == "remove":
                self.plan["removal"] = (card, dcard[2])
        for i, (card, _) in enumerate(cards):
            if timing == "early":
                entries.append((card, None, early_init, 1 + i, early_init))
            else:
                entries.append((card, None, late_init, 1 + i, 1))
        used = {e[0] for e in entries} | {e[1] for e in entries if e[1]}
        move_init = early_init if timing == "early" else late_init
        for card, carry_card in offence:
            # theft and catching cards go with the move (same AP: the order is ours to choose)
            if card in used or carry_card in used:
                continue
            left = budget - sum(e[2] for e in entries)
            init = min(move_init, left)
            if init < 1 or (init < move_init and hand.get(card) == "smoke_grenade"):
                continue
            entries.append((card, carry_card, init, 5, 1))
            used |= {card, carry_card}
        if name not in ("dash", "plan"):
            self.extras(sit, strat, by_kind, used, entries, budget, early_init)
        spare = budget - sum(e[2] for e in entries)
        if spare > 0 and entries and (timing == "early" or dname in ("jump", "remove")):
            # spare AP buys priority over the other thieves: for the card that must go first
            first = 0 if dname in ("jump", "remove") else next(
                (i for i, e in enumerate(entries) if e[3] == 1), 0)
            card, carry_card, ini, pr, mn = entries[first]
            entries[first] = (card, carry_card, ini + spare, pr, mn)
        return self.fit(entries, plain, tokens)

    def plan_moves(self, sit: Sit, here: str, packages: list, defenses: list, bar: int,
                   budget: int, hand: dict, strat: dict, race: float):
        """The best (score, package, cards, timing, defense, defense card) for this turn."""
        field = self.strategy(sit)["field"]
        carry = strat["mode"] == "carry"
        common = {"leave": strat["leave"], "carry": carry, "vpw": strat["vpw"]}
        s_threat = sit.threat_now(here)
        memo: dict = {}

        def reach(steps, **kw):
            key = (steps, tuple(sorted(kw.items())))
            if key not in memo:
                memo[key] = self.reach(sit, here, steps, field, **kw, **common)
            return memo[key]

        best = None
        for name, cards, steps, pickups, protects in packages:
            card_cost = sum(0.4 * CARD_VALUE.get(hand.get(c, ""), 0) for c, _ in cards)
            first = 0
            if len(cards) > 1:  # a sewer ends the Move, the next card goes on from the exit
                first = max(0, content.SNEAK + sit.mods.get("sneak", 0))
            resume = (first, steps - first) if first else (0, 0)
            for dname, dcard in defenses:
                if dname in ("remove", "fire"):
                    dcost = 0.4 * CARD_VALUE.get(hand.get(dcard[0], dcard[0]), 2)
                    if dname == "fire" and dcard[1]:
                        dcost += 0.4 * CARD_VALUE.get(hand.get(dcard[1], ""), 1)
                else:
                    dcost = 0.4 * CARD_VALUE.get(hand.get(dcard, ""), 0) if dcard else 0.0
                if dname == "smoke" and carry:
                    dcost += 3.0  # smoke opens the carrier to theft
                for timing in ("early", "late"):
                    n_early = (len(cards) if timing == "early" else 0) + (1 if dcard else 0)
                    n_late = len(cards) if timing == "late" else 0
                    if timing == "late" and bar <= 1:
                        continue
                    if n_early * max(bar, 1) + n_late > budget:
                        continue
                    if timing == "late":
                        safe_start = not s_threat or dname in ("cloak", "smoke") or (
                            dname == "fire" and self.fire_cover(sit, here, dcard[2]))
                        score, _, _ = reach(steps, dash=not pickups, pending=False,
                                            cover=dname == "cloak", race=race, reveal=True,
                                            here_pickup=pickups and bool(cards),
                                            resume=resume)
                        if not safe_start:
                            score -= 120.0 if carry else self.p_caught(sit)
                    else:
                        score, _, _ = reach(steps, dash=not pickups, pending=True,
                                            cover=dname in ("cloak", "smoke"),
                                            protect=protects, reveal=True,
                                            here_pickup=pickups and bool(cards),
                                            resume=resume,
                                            end_fire=dcard[2] if dname == "fire" else 0)
                    score -= card_cost + dcost
                    if name == "dash":
                        score += 0.2  # keeps the cards for later
                    cand = (score, name, cards, timing, dname, dcard)
                    if best is None or score > best[0] + 1e-9:
                        best = cand
        return best

    def jump_cards(self, sit: Sit, by_kind: dict) -> dict:
        """Repositioning cards in hand (and the thief's own special): kind -> (card, carry)."""
        out = {}
        for kind in ("secret_passage", "pole_vault", "stolen_uniform"):
            if by_kind.get(kind):
                out[kind] = (by_kind[kind][0], None)
        if sit.special in ("rat_tunnels", "swallows_leap"):
            junk = self.junk_card(sit, by_kind, set())
            if junk:
                out[sit.special] = (sit.special, junk)
        return out

    def p_caught(self, sit: Sit) -> float:
        """What being caught costs a thief who does not carry the Emperors' Jewel."""
        base = 10.0 if sit.ability == "old_flames" else 25.0
        return base + 3.0 * len(sit.th["jewels"])

    def removals(self, sit: Sit, by_kind: dict, here: str) -> list:
        """Cards that take a nearby guard out of the way: (card, carried card, changes)."""
        g = sit.g
        near = sorted((g.d(here, sp), gid) for gid, (_, sp) in sit.guards.items()
                      if gid not in sit.held and g.d(here, sp) <= 5)[:3]
        if not near:
            return []
        out = []
        cards = {k: v[0] for k, v in by_kind.items()}
        if sit.special == "seduction":
            junk = self.junk_card(sit, by_kind, set())
            if junk:
                cards["seduction"] = "seduction"
        if sit.special == "wall_of_flames":
            junk = self.junk_card(sit, by_kind, set())
            if junk:
                cards["wall_of_flames"] = "wall_of_flames"
        for kind, card in sorted(cards.items()):
            carry = self.junk_card(sit, by_kind, {card}) if kind in (
                "seduction", "wall_of_flames") else None
            if kind in ("seduction", "wall_of_flames") and not carry:
                continue
            if kind in ("fire_grenade", "wall_of_flames"):
                fires = self.fire_wall(sit, here, 2 if kind == "wall_of_flames" else 1)
                if fires:
                    out.append((card, carry, {"fire": fires}))
                continue
            if kind == "debilitating_gas":
                pushed = {gid: self.pushed(sit, sp, here, 2)
                          for gid, (gk, sp) in sit.guards.items()
                          if g.d(here, sp) <= 5 and gk == "guard" and gid not in sit.held}
                if pushed:
                    out.append((card, None, {"moved": pushed}))
                continue
            if kind in ("firecracker", "noise_grenade"):
                steps = 3 if kind == "firecracker" else 2
                spot = self.lure_spot(sit, None, steps)
                if spot:
                    out.append((card, None, {"moved": self.lured(sit, spot, steps),
                                             "lure": spot}))
                continue
            for d, gid in near:
                gkind, sp = sit.guards[gid]
                if kind == "forged_orders" and gkind == "guard" and \
                        g.district[sp] == g.district[here]:
                    out.append((card, None, {"removed": [gid]}))
                elif kind == "beacon" and gkind == "guard" and d <= 5:
                    out.append((card, None, {"moved": {gid: self.pushed(sit, sp, here, 4)}}))
                elif kind == "seduction" and d <= 4:  # walked away, and charmed: harmless
                    out.append((card, carry, {"moved": {gid: self.pushed(sit, sp, here, 2)},
                                              "held": [gid]}))
                elif d <= 3 and (kind == "purse_of_silver" or (
                        kind == "automatic_snare" and gkind == "guard")):
                    out.append((card, None, {"held": [gid]}))
                elif kind == "mirror_trick" and gkind == "guard" and d <= 3:
                    out.append((card, None, {"moved": {gid: here}, "here": sp}))
        return out[:6]

    def fire_cover(self, sit: Sit, node: str, count: int) -> bool:
        """Could ``count`` fires thrown from ``node`` keep the watch off it this turn?"""
        key = ("firecover", sit.sig, node, count)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = bool(self.fire_wall(sit, node, count))
        return found

    def fire_wall(self, sit: Sit, here: str, count: int) -> list[str]:
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

    def pushed(self, sit: Sit, space: str, away_from: str, steps: int) -> str:
        """Where a guard walked ``steps`` spaces away from ``away_from`` ends up."""
        g = sit.g
        options = [s for s in g.within(space, steps) if s not in g.dungeons
                   and s not in sit.fire and (s == space or s not in sit.guard_at)]
        return max(options, key=lambda s: (g.d(s, away_from), s))

    def variant(self, sit: Sit, changes: dict) -> Sit:
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
        return Sit(sit.g, view, self.cache)

    def extras(self, sit: Sit, strat: dict, by_kind: dict, used: set, entries: list,
               budget: int, early_init: int) -> None:
        """Cheap cards worth declaring besides the plan: offence, draws, Wits."""
        spent = sum(e[2] for e in entries)
        left = budget - spent

        def add(card, init, priority, carry=None):
            nonlocal left
            if init > left:
                return False
            entries.append((card, carry, init, priority, 1))
            used.add(card)
            left -= init
            return True

        target = self.offence_target(sit, strat)
        if target is not None:
            for cid in by_kind.get("poisonous_bola", []):
                if cid not in used and self.offence_in_reach(sit, "poisonous_bola", target):
                    add(cid, 1, 6)
                    break
        for kind in ("guild_contacts", "pocket_chronometer"):
            for cid in by_kind.get(kind, []):
                if cid not in used and len(sit.th["hand"]) <= 4:
                    add(cid, 1, 8)
        if sit.special == "potion_of_haste" and "potion_of_haste" not in used and left >= 2:
            junk = self.junk_card(sit, by_kind, used)
            if junk and CARD_VALUE.get(dict((c["id"], c["kind"]) for c in sit.th["hand"])
                                       .get(junk, ""), 1) <= 2:
                add("potion_of_haste", 1, 7, carry=junk)
        if "ambush" not in used and left >= 1:
            add("ambush", 1, 9)

    def fit(self, entries: list, plain: int, tokens: list[str]) -> list[dict]:
        """Turn (card, carry, init, priority, min) entries into a legal declaration."""
        entries = sorted(entries, key=lambda e: e[3])
        budget = plain + sum(content.TOKEN_AP[k] for k in tokens)
        while sum(e[2] for e in entries) > budget and entries:
            # lower the over-bids first, then drop the least important card
            over = [i for i, e in enumerate(entries) if e[2] > e[4]]
            if over:
                i = max(over, key=lambda i: (entries[i][3], entries[i][2]))
                c, cr, ini, pr, mn = entries[i]
                entries[i] = (c, cr, ini - 1, pr, mn)
            else:
                entries.pop()
        out = []
        spare_plain = plain
        free_tokens = sorted(tokens, key=lambda k: -content.TOKEN_AP[k])
        for card, carry, init, _, _ in entries:
            entry = {"card": card, "ap": 0}
            if carry:
                entry["carry"] = carry
            need = init
            pay = min(need, spare_plain)
            spare_plain -= pay
            need -= pay
            while need > 0 and free_tokens:
                token = next((k for k in free_tokens if content.TOKEN_AP[k] <= need),
                             free_tokens[-1])
                free_tokens.remove(token)
                entry.setdefault("tokens", []).append(token)
                need -= content.TOKEN_AP[token]
            entry["ap"] = pay
            if pay + sum(content.TOKEN_AP[k] for k in entry.get("tokens", [])) >= 1:
                out.append(entry)
        return out

    def junk_card(self, sit: Sit, by_kind: dict, used: set) -> str | None:
        hand = [(CARD_VALUE.get(c["kind"], 1), c["id"]) for c in sit.th["hand"]
                if c["id"] not in used]
        return min(hand)[1] if hand else None

    # --- offence --------------------------------------------------------------------------
    def offence_cards(self, sit: Sit, strat: dict, by_kind: dict, sneak: int) -> list:
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
            junk = self.junk_card(sit, by_kind, used)
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

    def offence_target(self, sit: Sit, strat: dict) -> int | None:
        if sit.carrier is not None and sit.carrier != sit.me and \
                sit.thieves[sit.carrier]["where"] == "board":
            return sit.carrier
        rich = [q for q in sit.rivals if sit.thieves[q]["jewels"]]
        if not rich:
            return None
        return max(rich, key=lambda q: (sit.thieves[q]["vp"], -q))

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
            for gid, (gkind, sp) in sorted(sit.guards.items()):
                if kind != "seduction" and gkind != "guard":
                    continue
                if g.d(sit.space, sp) > reach or sit.view["flags"].get(gid, {}).get("immobile"):
                    continue
                d = g.d(sp, target)
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

    # --- resolution -----------------------------------------------------------------------
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
        target = self.offence_target(sit, strat)
        if kind in THEFT_CARDS or kind == "mechanical_rats":
            if target is not None and self.theft_ready(sit, kind, target):
                return (3, 4.0, {"card": kind, "target": f"T{target}"})
            rich = [q for q in sit.rivals if sit.thieves[q]["jewels"]
                    and self.theft_ready(sit, kind, q)]
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
                fires = self.fire_wall(sit, here, 2 if kind == "wall_of_flames" else 1)
                if fires:
                    return (6, 2.5, {"card": kind, "fires": fires})
            return (6, 0, {})
        if kind == "anonymous_tip":
            return (6, 1.0 if self.tip_spot(sit, None) else 0, {"card": kind})
        if kind == "potion_of_haste":
            return (7, 0.5, {"card": kind})
        if kind == "confiscation":
            if target is not None and self.theft_ready(sit, "confiscation", target):
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
        kw = {"pending": sit.guard_ahead, "cover": self.covered(sit),
              "protect": sit.th["protected"], "leave": strat["leave"],
              "carry": strat["mode"] == "carry", "vpw": strat["vpw"]}
        a = self.reach(sit, sit.space, dash, strat["field"], dash=True, **kw)[0]
        b = self.reach(sit, sit.space, sneak, strat["field"], reveal=True, here_pickup=True,
                       **kw)[0]
        return 2.0 if a > b + 0.5 else 0

    def jump_value(self, sit: Sit, kind: str) -> float:
        return 3.0 if self.jump_target(sit, kind, None) else 0

    def jump_spaces(self, sit: Sit, kind: str, here: str) -> list[str]:
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
            if to == "sewer_exit" and s not in sit.exits:
                continue
            if to == "guardhouse" and s not in g.guardhouses:
                continue
            out.append(s)
        return out

    def best_jump(self, sit: Sit, kind: str, here: str, steps: int, pending: bool,
                  options: list | None = None):
        """(score, space) of the best reposition followed by ``steps`` of movement."""
        strat = self.strategy(sit)
        field = strat["field"]
        if options is None:
            options = self.jump_spaces(sit, kind, here)
        if not options:
            return None
        options = sorted(options, key=lambda s: (field.get(s, UNREACHABLE), s))[:8]
        cover = self.covered(sit) or kind == "rat_tunnels"
        protect = sit.th["protected"] or kind == "stolen_uniform"
        kw = {"leave": strat["leave"], "carry": strat["mode"] == "carry", "vpw": strat["vpw"],
              "cover": cover, "protect": protect, "reveal": True, "here_pickup": steps > 0}
        best = None
        for space in options:
            score = self.reach(sit, space, steps, field, pending=pending, **kw)[0]
            if not pending and not cover and not protect and sit.threat_now(space) \
                    and sit.view["phase"] != "resolution":
                score -= 120.0 if kw["carry"] else self.p_caught(sit)
            if best is None or score > best[0]:
                best = (score, space)
        return best

    def jump_target(self, sit: Sit, kind: str, options: list | None):
        """At resolution: the best space for a repositioning card (None: not worth it)."""
        here = sit.space
        strat = self.strategy(sit)
        steps = self.pending_moves(sit) if sit.guard_ahead else \
            self.pending_moves(sit, all_of_them=True)
        best = self.best_jump(sit, kind, here, steps, sit.guard_ahead, options)
        if best is None:
            return None
        stay = self.reach(sit, here, steps, strat["field"], pending=sit.guard_ahead,
                          cover=self.covered(sit), protect=sit.th["protected"],
                          leave=strat["leave"], carry=strat["mode"] == "carry",
                          vpw=strat["vpw"], reveal=True)[0]
        return best[1] if best[0] > stay + 1.0 else None

    def smoke_use(self, sit: Sit, strat: dict):
        g = sit.g
        reach = 3 + (1 if sit.ability == "firebrand" else 0)
        here = sit.space
        if sit.guard_ahead and sit.threat_now(here) and not self.covered(sit):
            return (6, 3.0, {"card": "smoke_grenade", "space": here})
        q = sit.carrier
        if q is not None and q != sit.me and self.pending_moves(sit, all_of_them=True):
            t = sit.thieves[q]
            if t["where"] == "board" and g.d(here, t["space"]) <= reach:
                return (3, 3.0, {"card": "smoke_grenade", "space": t["space"]})
        return (6, 0, {})

    def theft_ready(self, sit: Sit, kind: str, q: int) -> bool:
        g = sit.g
        t = sit.thieves[q]
        if t["where"] != "board" or not t["jewels"] or t["stolen"]:
            return False
        reach = THEFT_CARDS.get(kind, 2)
        if reach == "D":
            return g.district[sit.space] == g.district[t["space"]]
        return g.d(sit.space, t["space"]) <= reach

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

    def fire_spot(self, sit: Sit):
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
            if all(self.blocked_distance(sp, here, blocked) > min(
                    *sit.watch_radius(gid, here in g.palace)) for gid, sp in threats):
                return s
        return None

    def blocked_distance(self, a: str, b: str, blocked) -> int:
        g = self.g
        seen = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for u in frontier:
                if u == b:
                    return seen[u]
                for n in g.adj[u]:
                    if n not in seen and n not in blocked and n not in g.dungeons:
                        seen[n] = seen[u] + 1
                        nxt.append(n)
            frontier = nxt
        return 99

    def tip_spot(self, sit: Sit, options: list | None):
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

    # --- movement -------------------------------------------------------------------------
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
        after = self.pending_moves(sit) if sit.guard_ahead else 0
        end_cover = sit.guard_ahead and self.pending_cover(sit)
        end_fire = self.pending_fire(sit) if sit.guard_ahead else 0
        later = after if sit.guard_ahead else self.pending_moves(sit, all_of_them=True)
        kw = {"dash": dash, "pending": sit.guard_ahead, "cover": cover, "protect": protect,
              "leave": strat["leave"], "after": after, "carry": strat["mode"] == "carry",
              "vpw": strat["vpw"], "reveal": not dash,
              "race": 0.5 if strat.get("race") and sit.guard_ahead is False else 1.0,
              "entrance": any("sewer" in o for o in options), "resume": (left, later),
              "end_cover": end_cover, "end_fire": end_fire}
        if self.ctx.get("sewered"):
            kw["sewer_ok"] = False  # one sewer trip a move (Morius could hop for ever)
        score, path, _ = self.reach(sit, here, left, strat["field"], **kw)
        if {"kn": True} in options:
            score2, path2, _ = self.reach(sit, here, left + 1, strat["field"], **kw)
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

    # --- targets ----------------------------------------------------------------------------
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
            spot = self.tip_spot(sit, picks)
            return ret(spot or max(picks, key=lambda s: (g.d(s, sit.space), s)))
        if card == "smoke_grenade":
            return ret(ctx.get("space")) or ret(sit.space) or ret(
                min(picks, key=lambda s: (g.d(s, sit.space), s)))
        if card in ("fire_grenade", "wall_of_flames"):
            for spot in ctx.get("fires", []):
                if spot in picks:
                    ctx["fires"].remove(spot)
                    return ret(spot)
            return ret(self.fire_spot(sit)) or ret(max(picks, key=lambda s: (
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
            moved = self.lured(sit, s, steps)
            if not moved:
                continue
            score = sum(danger(sit.guards[gid][1]) - danger(sp) for gid, sp in moved.items())
            if score > best_score:
                best, best_score = s, score
        return best

    def lured(self, sit: Sit, space: str, steps: int) -> dict:
        """Where the watch within 4 of ``space`` ends when a noise there draws it ``steps``."""
        g = sit.g
        moved = {}
        for gid, (_, sp) in sit.guards.items():
            if sit.view["flags"].get(gid, {}).get("immobile") or g.d(sp, space) > 4:
                continue
            d = g.d(sp, space)
            target = max(0, d - steps)
            ends = [x for x in g.within(sp, steps) if g.d(x, space) == target
                    and g.d(sp, x) == d - target]
            moved[gid] = min(ends) if ends else sp
        return moved

    # --- cards to let go ------------------------------------------------------------------
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
