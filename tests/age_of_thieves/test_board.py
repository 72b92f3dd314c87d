"""Checks of the board data (data/board.json) and of the board API."""

import itertools
import math
import random
import re

import networkx as nx
import pytest

from engine.age_of_thieves.board import DISTRICTS, Board, Space, load_board

KINDS = {
    "palace_centre", "start", "green_jewel", "guardhouse", "swords", "imperial", "alarm_guard",
    "alarm_captain", "dungeon", "hideout", "gate", "ship", "sewer_entrance", "sewer_exit",
}
EXACTLY_PER_DISTRICT = {
    "start": 1, "green_jewel": 1, "swords": 3, "imperial": 1, "alarm_guard": 2,
    "alarm_captain": 2, "dungeon": 1, "gate": 2,
}
CENTRE = "P00"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def ids(board: Board, kind: str, district: str) -> list[str]:
    return [s for s in board.of_kind(kind) if board.district(s) == district]


def walkable(board: Board) -> list[str]:
    return [s for s in board.spaces if "dungeon" not in board.spaces[s].kinds]


def xy(board: Board, sid: str) -> tuple[int, int]:
    s = board.spaces[sid]
    return s.x, s.y


# --- data ---------------------------------------------------------------------------------

def test_ids_districts_and_kinds(board):
    assert board.viewbox == (0, 0, 1000, 1000)
    assert 150 <= len(board.spaces) <= 200
    for sid, s in board.spaces.items():
        assert isinstance(s, Space) and s.id == sid
        assert re.fullmatch(r"[PNESW]\d\d", sid)
        assert sid[0] == s.district
        assert s.kinds <= KINDS, sid
        assert len(s.name) <= 20, sid
        if {"swords", "imperial"} & s.kinds:
            assert "guardhouse" in s.kinds, sid
    assert set(board.graph.nodes) == set(board.spaces)


@pytest.mark.parametrize("district", DISTRICTS)
def test_kind_counts_per_district(board, district):
    for kind, n in EXACTLY_PER_DISTRICT.items():
        assert len(ids(board, kind, district)) == n, kind
    assert 2 <= len(ids(board, "hideout", district)) <= 3
    assert not ids(board, "palace_centre", district)
    ships = ids(board, "ship", district)
    assert ships == (ids(board, "gate", district) if district == "S" else [])


def test_palace(board):
    assert board.of_kind("palace_centre") == (CENTRE,)
    assert board.district(CENTRE) == "P"
    palace = board.in_district("P")
    for kind in EXACTLY_PER_DISTRICT:
        assert not [s for s in palace if kind in board.spaces[s].kinds], kind
    assert 1 <= len(ids(board, "hideout", "P")) <= 2
    # every outer district has a path into the Palace
    entered = {board.district(b) for a in palace for b in board.neighbours(a)}
    assert entered == {"P", *DISTRICTS}


def test_guardhouses_fit_the_city_token_pool(board):
    outside = [s for s in board.of_kind("guardhouse") if board.district(s) != "P"]
    assert len(outside) < 51
    assert 36 <= len(outside) <= 44


def test_sewers(board):
    entrances, exits = board.of_kind("sewer_entrance"), board.of_kind("sewer_exit")
    assert (len(entrances), len(exits)) == (5, 4)
    assert not set(entrances) & set(exits)
    assert {board.district(s) for s in entrances} == set(DISTRICTS)
    # one exit in each outer district, far from the vault: the sewers cross the city and
    # help the escape, but are no short cut into the vault
    assert {board.district(s) for s in exits} == set(DISTRICTS)
    assert all(board.distance(x, CENTRE) >= 12 for x in exits)
    for start in board.of_kind("start"):
        by_sewer = min(board.distance(start, e) for e in entrances) + min(
            board.distance(x, CENTRE) for x in exits)
        assert by_sewer >= board.distance(start, CENTRE)


def test_dungeons_are_isolated_with_doors(board):
    dungeons = board.of_kind("dungeon")
    assert sorted(board.dungeon_doors) == list(dungeons)
    for d in dungeons:
        assert board.neighbours(d) == ()
        assert board.spaces[d].kinds == {"dungeon"}
        doors = board.dungeon_doors[d]
        assert 1 <= len(doors) <= 2
        for door in doors:
            assert board.district(door) == board.district(d)
            assert not {"guardhouse", "dungeon"} & board.spaces[door].kinds
            assert math.dist(xy(board, d), xy(board, door)) <= 75


def test_one_connected_street_network_with_cycles(board):
    streets = board.graph.subgraph(walkable(board))
    assert nx.is_connected(streets)
    degrees = [d for _, d in streets.degree()]
    assert min(degrees) >= 1 and max(degrees) <= 4
    assert sum(d >= 3 for d in degrees) >= 40  # crossroads
    cycles = streets.number_of_edges() - streets.number_of_nodes() + 1
    assert cycles >= 20  # many alternative routes, not a tree
    for district in DISTRICTS:  # several border crossings to each neighbour
        crossings = [(a, b) for a, b in board.graph.edges if board.crosses_border(a, b)
                     and district in (board.district(a), board.district(b))]
        assert len(crossings) >= 5, district


def test_start_and_gate_distances_are_tense_and_fair(board):
    to_centre, gates_near, gates_far = [], [], []
    for district in DISTRICTS:
        (start,) = ids(board, "start", district)
        to_centre.append(board.distance(start, CENTRE))
        gate_dist = [board.distance(CENTRE, g) for g in board.gates_of(district)]
        gates_near.append(min(gate_dist))
        gates_far.append(max(gate_dist))
        assert all(10 <= d <= 14 for d in gate_dist), district
    assert all(12 <= d <= 16 for d in to_centre)
    for values in (to_centre, gates_near, gates_far):
        assert max(values) - min(values) <= 1, values


@pytest.mark.parametrize("district", DISTRICTS)
def test_green_jewel_near_start(board, district):
    (start,) = ids(board, "start", district)
    (jewel,) = ids(board, "green_jewel", district)
    assert 5 <= board.distance(start, jewel) <= 8
    for guard in ids(board, "swords", district):  # no guard hears a thief on his start space
        assert board.distance(start, guard) > 4


def test_sewer_exits_are_not_watched_by_starting_guards(board):
    for x in board.of_kind("sewer_exit"):
        assert all(board.distance(x, g) > 4 for g in board.of_kind("swords")), x


def test_districts_are_not_rotated_copies(board):
    shapes = [board.graph.subgraph(board.in_district(d)) for d in DISTRICTS]
    for a, b in itertools.combinations(shapes, 2):
        assert not nx.is_isomorphic(a, b)


# --- geometry -----------------------------------------------------------------------------

def test_coordinates_regions_and_spacing(board):
    for sid, s in board.spaces.items():
        assert 20 <= s.x <= 980 and 20 <= s.y <= 980, sid
        if s.district == "P":
            assert math.dist((s.x, s.y), (500, 500)) <= 220, sid
            continue
        dx, dy = s.x - 500, s.y - 500  # the outer districts are the four triangles
        side = ("N" if dy < 0 else "S") if abs(dy) > abs(dx) else ("W" if dx < 0 else "E")
        assert side == s.district, sid
    for a, b in itertools.combinations(board.spaces.values(), 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= 28, (a.id, b.id)


def test_gates_on_the_outer_edge(board):
    for district in DISTRICTS:
        for gate in board.gates_of(district):
            x, y = xy(board, gate)
            margin = {"N": y, "S": 1000 - y, "W": x, "E": 1000 - x}[district]
            assert margin <= 60, gate


def _orient(p, q, r) -> int:
    v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (v > 0) - (v < 0)


def segments_cross(a, b, c, d) -> bool:
    """True if segments ab and cd touch anywhere (shared end points excluded by the caller)."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True

    def on(p, q, r):  # r on segment pq, given collinear
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and \
            min(p[1], q[1]) <= r[1] <= max(p[1], q[1])

    return any(o == 0 and on(*seg, pt) for o, seg, pt in
               ((o1, (a, b), c), (o2, (a, b), d), (o3, (c, d), a), (o4, (c, d), b)))


def test_segment_intersection_helper():
    assert segments_cross((0, 0), (10, 10), (0, 10), (10, 0))
    assert not segments_cross((0, 0), (10, 0), (0, 5), (10, 5))
    assert segments_cross((0, 0), (10, 0), (5, 0), (15, 0))  # overlapping
    assert not segments_cross((0, 0), (4, 0), (5, 0), (9, 0))


def test_no_crossing_paths(board):
    segs = [(a, b, xy(board, a), xy(board, b)) for a, b in board.graph.edges]
    for (a, b, p, q), (c, d, r, s) in itertools.combinations(segs, 2):
        if {a, b} & {c, d}:
            continue
        assert not segments_cross(p, q, r, s), (a, b, c, d)


def test_paths_do_not_run_through_spaces(board):
    for a, b in board.graph.edges:
        (ax, ay), (bx, by) = xy(board, a), xy(board, b)
        length2 = (bx - ax) ** 2 + (by - ay) ** 2
        for sid, s in board.spaces.items():
            if sid in (a, b):
                continue
            t = max(0.0, min(1.0, ((s.x - ax) * (bx - ax) + (s.y - ay) * (by - ay)) / length2))
            assert math.dist((s.x, s.y), (ax + t * (bx - ax), ay + t * (by - ay))) >= 20, \
                (a, b, sid)


# --- API ----------------------------------------------------------------------------------

def test_load_board_is_cached(board):
    assert load_board() is board


def test_distance_matches_networkx_and_is_symmetric(board):
    rng = random.Random(7)
    nodes = walkable(board)
    for _ in range(400):
        a, b = rng.choice(nodes), rng.choice(nodes)
        assert board.distance(a, b) == board.distance(b, a)
        assert board.distance(a, b) == nx.shortest_path_length(board.graph, a, b)
    assert board.distance(CENTRE, CENTRE) == 0


def test_dungeons_are_unreachable(board):
    for d in board.of_kind("dungeon"):
        assert board.distance(d, d) == 0
        assert board.distance(d, CENTRE) is None and board.distance(CENTRE, d) is None
        assert board.within(d, 5) == {d}


def test_queries(board):
    start = board.of_kind("start")[0]
    assert board.neighbours(start) == tuple(sorted(board.graph[start]))
    near = board.within(start, 3)
    assert start in near
    assert near == {s for s in walkable(board) if board.distance(start, s) <= 3}
    assert board.within(start, 0) == {start}
    assert list(board.of_kind("gate")) == sorted(board.of_kind("gate"))
    assert board.of_kind("no such kind") == ()
    assert sorted(sum((board.in_district(d) for d in ("P", *DISTRICTS)), ())) == \
        sorted(board.spaces)
    for district in DISTRICTS:
        assert board.district(board.dungeon_of(district)) == district
        assert "dungeon" in board.spaces[board.dungeon_of(district)].kinds
        assert len(board.gates_of(district)) == 2
    attrs = board.graph.nodes[CENTRE]
    assert (attrs["district"], attrs["x"], attrs["y"]) == ("P", 500, 500)
    assert "palace_centre" in attrs["kinds"]


def test_crosses_border(board):
    for a, b in board.graph.edges:
        assert board.crosses_border(a, b) == (a[0] != b[0])
    gatehouse = next(s for s in board.in_district("P") if "N" in map(board.district,
                                                                    board.neighbours(s)))
    street = next(n for n in board.neighbours(gatehouse) if board.district(n) == "N")
    assert board.crosses_border(street, gatehouse) and board.crosses_border(gatehouse, street)
    assert not board.crosses_border(street, street)
