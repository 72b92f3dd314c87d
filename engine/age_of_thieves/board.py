"""The Age of Thieves board: spaces, paths and fast distance queries.

The board is this project's own design (see docs/age-of-thieves-board.md). It is read once
from data/board.json; all shortest-path distances are computed at load time by BFS.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING

from .content import DATA

if TYPE_CHECKING:
    import networkx as nx

DISTRICTS = ("N", "E", "S", "W")  # outer districts; "P" is the Palace
PALACE = "P"


@dataclass(frozen=True)
class Space:
    """One space of the board."""

    id: str
    district: str
    x: int
    y: int
    kinds: frozenset[str]
    name: str


class Board:
    """Immutable board graph; dungeons are isolated nodes left only through their doors."""

    def __init__(self, data: dict) -> None:
        self.viewbox: tuple[int, int, int, int] = tuple(data["viewbox"])
        self.spaces: dict[str, Space] = {
            sid: Space(sid, s["district"], s["x"], s["y"], frozenset(s["kinds"]), s.get("name", ""))
            for sid, s in data["spaces"].items()
        }
        self.paths: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in data["paths"])
        self.dungeon_doors: dict[str, tuple[str, ...]] = {
            d: tuple(doors) for d, doors in data["dungeon_doors"].items()
        }
        linked: dict[str, set[str]] = {sid: set() for sid in self.spaces}
        for a, b in self.paths:
            linked[a].add(b)
            linked[b].add(a)
        self._neighbours = {n: tuple(sorted(ns)) for n, ns in linked.items()}
        self._dist = {n: self._bfs(n) for n in self._neighbours}
        self._within: dict[tuple[str, int], frozenset[str]] = {}
        kinds = sorted({k for s in self.spaces.values() for k in s.kinds})
        self._of_kind = {k: tuple(sorted(s.id for s in self.spaces.values() if k in s.kinds))
                         for k in kinds}
        self._in_district = {d: tuple(sorted(s.id for s in self.spaces.values() if s.district == d))
                             for d in (PALACE, *DISTRICTS)}

    @cached_property
    def graph(self) -> nx.Graph:
        """The board as a networkx graph (nodes carry district, x, y, kinds; edges are paths).

        Built on first use, for the tests (networkx is in the dev extra only): the rules read
        the precomputed tables below, and the browser never has networkx.
        """
        import networkx

        graph = networkx.Graph()
        for s in self.spaces.values():
            graph.add_node(s.id, district=s.district, x=s.x, y=s.y, kinds=s.kinds)
        graph.add_edges_from(self.paths)
        return graph

    def _bfs(self, source: str) -> dict[str, int]:
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for node in frontier:
                step = dist[node] + 1
                for n in self._neighbours[node]:
                    if n not in dist:
                        dist[n] = step
                        nxt.append(n)
            frontier = nxt
        return dist

    def neighbours(self, space: str) -> tuple[str, ...]:
        """Spaces one path away, sorted."""
        return self._neighbours[space]

    def distance(self, a: str, b: str) -> int | None:
        """Shortest number of steps along paths; None if b cannot be reached (dungeons)."""
        return self._dist[a].get(b)

    def distances(self, space: str) -> dict[str, int]:
        """Steps to every space reachable from ``space`` (the board's own table: read only)."""
        return self._dist[space]

    def within(self, space: str, radius: int) -> frozenset[str]:
        """All spaces at most `radius` steps away, including `space` itself."""
        key = (space, radius)
        found = self._within.get(key)
        if found is None:
            found = frozenset(n for n, d in self._dist[space].items() if d <= radius)
            self._within[key] = found
        return found

    def of_kind(self, kind: str) -> tuple[str, ...]:
        """Ids of all spaces with this kind, sorted."""
        return self._of_kind.get(kind, ())

    def district(self, space: str) -> str:
        return self.spaces[space].district

    def in_district(self, district: str) -> tuple[str, ...]:
        """Ids of all spaces of a district ("P" for the Palace), sorted."""
        return self._in_district[district]

    def dungeon_of(self, district: str) -> str:
        return next(s for s in self.of_kind("dungeon") if self.spaces[s].district == district)

    def gates_of(self, district: str) -> tuple[str, ...]:
        return tuple(s for s in self.of_kind("gate") if self.spaces[s].district == district)

    def crosses_border(self, a: str, b: str) -> bool:
        """True if a step between a and b goes from one district to another."""
        return self.spaces[a].district != self.spaces[b].district


@cache
def load_board() -> Board:
    """The game board (shared, immutable)."""
    return Board(json.loads((DATA / "board.json").read_text(encoding="utf-8")))
