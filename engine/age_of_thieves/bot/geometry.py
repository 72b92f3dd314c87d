"""The board as the bot measures it: neighbours, distances, what lies within a few
steps (round fire too). All public and immutable, built once."""

from __future__ import annotations

from functools import cache

from ..board import PALACE, load_board


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
        self._dist = {s: b.distances(s) for s in b.spaces if s not in self.dungeons}
        for dungeon, doors in b.dungeon_doors.items():
            table = {}
            for door in doors:
                for s, d in self._dist[door].items():
                    if d + 1 < table.get(s, 999):
                        table[s] = d + 1
            table[dungeon] = 0
            self._dist[dungeon] = table

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

    def blocked_distance(self, a: str, b: str, blocked) -> int:
        """Steps from a to b round ``blocked`` (99: no way)."""
        seen = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for u in frontier:
                if u == b:
                    return seen[u]
                for n in self.adj[u]:
                    if n not in seen and n not in blocked and n not in self.dungeons:
                        seen[n] = seen[u] + 1
                        nxt.append(n)
            frontier = nxt
        return 99


@cache
def geo() -> Geo:
    return Geo()
