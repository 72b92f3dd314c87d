"""Movement planning: the best end of a move of a few spaces, scored by its goal
distance, the jewels, thefts and city tokens on the way, and the danger of being
caught there (this turn, next turn, a Manhunt); whether the thief is covered whatever
the space (Cloak, tunnels, protection); the odds of a Manhunt next turn."""

from __future__ import annotations

from typing import NamedTuple

from .. import content
from .situation import Sit
from .values import GOOD_TOKENS, JEWEL_RANK, LEAVE_VALUE, UNREACHABLE
from .watch import fire_cover


class Aim(NamedTuple):
    """The terms a move's end is scored by (``Planning.reach``): what the move is for, what
    covers the thief on the way and what is still to come this turn."""
    leave: bool = False        # heading out of the city: an open gate ends the game well
    carry: bool = False        # carries the Emperors' Jewel: being caught loses it
    vpw: float = 3.0           # a jewel point's worth in this strategy
    dash: bool = False         # a Dash: nothing is picked up on the way
    pending: bool = False      # the watch still moves this turn: the end must be safe from it
    cover: bool = False        # hidden whatever the space (Cloak, smoke, tunnels)
    protect: bool = False      # protected: guards may be passed and stood beside
    after: int = 0             # steps still to come after the watch has moved
    race: float = 1.0          # the Emperors' Jewel's weight (halved when racing for it)
    reveal: bool = False       # city tokens on the way are turned
    sewer_ok: bool = True      # a sewer trip may be taken
    entrance: bool = False     # a sewer trip is on offer from the start space
    here_pickup: bool = False  # what lies on the start space counts too
    resume: tuple = (0, 0)     # (this card's steps, the later cards'): a sewer ends this card
    end_cover: bool = False    # a card still to come covers the end
    end_fire: int = 0          # a Wall of Flames still to come at the end: its reach

    @classmethod
    def of(cls, strat: dict, **terms) -> Aim:
        """The strategy's terms (leaving, carrying, a jewel point's worth) and ``terms``."""
        return cls(leave=strat["leave"], carry=strat["mode"] == "carry", vpw=strat["vpw"],
                   **terms)

    def onward(self) -> Aim:
        """A later card's move on from a sewer exit: the same terms, no second sewer."""
        return self._replace(sewer_ok=False, after=0, entrance=False, here_pickup=False,
                       resume=(0, 0), end_cover=False, end_fire=0)


class Planning:
    """The best end of a move, cover, Manhunt odds. Mixed into ``HeuristicBot``: reads the
    events seen and the turn's cover; city tokens turned by a coin flip (``self.rng``)
    remembered in ``self.reveal_memo``."""

    def reach(self, sit: Sit, start: str, steps: int, field: dict, aim: Aim):
        """Best end of a move of up to ``steps`` spaces: (score, actions, end)."""
        g = sit.g
        zain = sit.ability == "firebrand"
        morius = sit.ability == "sewer_master"
        through_guards = aim.cover or aim.protect or sit.ability == "acrobat"
        terminal = self._end_value(sit, field, aim)
        pickup = self._pickup_value(sit, aim)
        resumed = {}

        def going_on(x: str, k: int) -> float:
            """The sewer ends this card's move; a card still to come moves on from ``x``."""
            if not aim.resume[1] or k > aim.resume[0]:
                return terminal(x, 0)
            if x not in resumed:
                resumed[x] = self.reach(sit, x, aim.resume[1], field, aim.onward())[0]
            return resumed[x]

        first = pickup(start) if aim.here_pickup else 0.0
        best = (first + terminal(start, steps), (), start)
        layer = {start: (first, (), frozenset((start,)))}
        use_sewers = aim.sewer_ok and sit.sewers_open

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

        if use_sewers and aim.entrance:
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
                    new = n not in got
                    value = gain + pickup(n) if new else gain
                    old = nxt.get(n)
                    if old is None or value > old[0] + 1e-9:  # the path only for a better one
                        nxt[n] = (value, path + ({"step": n},), got | {n} if new else got)
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

    def _end_value(self, sit: Sit, field: dict, aim: Aim):
        """What ending the move on a space is worth, ``terminal(space, steps_left)``: its
        distance in ``field``, less the danger of being caught there now, next turn or in a
        Manhunt; shared by every move with the same watch, field and dangers."""
        g = sit.g
        leave, after, carry = aim.leave, aim.after, aim.carry
        covered = aim.cover or aim.protect or aim.end_cover
        end_on_guard_ok = aim.cover or aim.protect
        end_fire = aim.end_fire
        p_now = 120.0 if carry else p_caught(sit)
        dungeon = None
        if leave and not carry and sit.alarm and sit.view["open_district"]:
            dungeon = sit.g.board.dungeon_of(sit.view["open_district"])
            jewels = [content.VP.get(j, 0) for j in sit.th["jewels"]]
            p_now = 2.0 + (min(jewels) * aim.vpw if jewels else 0.0) + (
                0.0 if sit.ability == "old_flames" else 2.0)
        p_next = 2.0 if carry else 1.0
        if carry and any(sit.g.d(sit.space, sit.thieves[q]["space"]) <= 8 for q in sit.rivals):
            p_next = 5.0  # a rival's lure or beacon would finish the job
        p_vig = 0.3 if carry else 0.1
        rivals = [sit.thieves[q]["space"] for q in sit.rivals]
        hunt = self.manhunt_chance(sit)
        pending = aim.pending
        tkey = ("term", sit.sig, id(field), pending, aim.cover or aim.end_cover, end_fire,
                aim.protect, leave, after, carry, p_now, p_next, hunt,
                tuple(rivals) if carry else (), dungeon)
        cache_t = self.cache.get(tkey)
        if cache_t is None:
            cache_t = self.cache[tkey] = ({}, {})  # by space: no step left, some left

        def terminal(node: str, left: int) -> float:
            known = cache_t[left >= 1]
            if node in known:
                return known[node]
            if leave and left >= 1 and node in sit.open_gates and sit.alarm:
                value = LEAVE_VALUE
            else:
                value = -field.get(node, UNREACHABLE)
                if node in sit.guard_at:
                    value -= 40.0 if end_on_guard_ok else 1000.0
                if pending and not covered and sit.threat_now(node) and not (
                        end_fire and fire_cover(sit, node, end_fire)):
                    if after and safe_within(sit, node, after, leave):
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
                    value -= p_next if escapable(sit, node, leave) else 6.0 * p_next
                elif node in sit.vig_zone:
                    value -= p_vig
                if node in sit.hideouts:
                    value += 0.4
                if carry:
                    value -= 2.0 * sum(1 for r in rivals if g.d(node, r) <= 2)
            known[node] = value
            return value

        return terminal

    def _pickup_value(self, sit: Sit, aim: Aim):
        """What passing a space is worth, ``pickup(space)``: its jewels, a city token turned,
        a rival's jewel to steal (nothing on a Dash)."""
        picked: dict[str, float] = {}
        dash, race, vpw, reveal = aim.dash, aim.race, aim.vpw, aim.reveal
        covered = aim.cover or aim.protect

        def pickup(node: str) -> float:
            if dash:
                return 0.0
            if node in picked:
                return picked[node]
            value = 0.0
            for j in sit.jewels.get(node, ()):
                value += 150.0 * race if j == "emperor" else content.VP.get(j, 0) * vpw
            if reveal and node in sit.tokens:
                value += self.token_value(sit, node, covered)
            for q in sit.rivals:
                t = sit.thieves[q]
                if t["space"] == node and sit.robbable(q):
                    best = max(t["jewels"], key=lambda j: JEWEL_RANK[j])
                    value += 150.0 if best == "emperor" else content.VP.get(best, 0) * vpw
            picked[node] = value
            return value

        return pickup

    def manhunt_chance(self, sit: Sit) -> float:
        """The chance that next turn opens with a Manhunt (watch 2 spaces closer at once)."""
        if not (sit.alarm or sit.view["emperor_taken"]) or sit.turns_left <= 1:
            return 0.0
        alarm = content.event_decks()["alarm"]
        if any(e in self.events_seen for e in alarm if e == "manhunt"):
            return 0.0
        seen = sum(1 for e in alarm if e in self.events_seen)
        return 1.0 / (len(alarm) - seen) if seen < content.ALARM_TURNS else 0.0

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


def escapable(sit: Sit, node: str, leave: bool) -> bool:
    """Can a Dash from ``node`` next turn reach a safe space (or an open gate)?"""
    key = ("esc", sit.sig, node, leave and sit.alarm)
    found = sit.cache.get(key)
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
        sit.cache[key] = found
    return found


def safe_within(sit: Sit, node: str, steps: int, leave: bool = False) -> bool:
    near = sit.g.within(node, steps)
    if leave and sit.alarm and any(x in near for x in sit.open_gates):
        return True
    return any(not sit.threat_now(s) and s not in sit.guard_at for s in near)


def p_caught(sit: Sit) -> float:
    """What being caught costs a thief who does not carry the Emperors' Jewel."""
    base = 10.0 if sit.ability == "old_flames" else 25.0
    return base + 3.0 * len(sit.th["jewels"])
