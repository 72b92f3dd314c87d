"""The city guard: detecting and catching thieves, the dungeon, new guards on the board."""

from collections import deque
from itertools import product
from math import prod

from engine.core.gamelog import message

from . import content
from .machine import first_thief_chooses, op
from .table import Table

WATCH_LETTER = {"guard": "g", "captain": "k"}  # ids g01.., k01.. (c00.. are cards)


# --- who can be caught, who is heard ---------------------------------------------------------
def catchable(t: Table, p: int, gid: str | None = None) -> bool:
    th = t.thief(p)
    if th["where"] != "board" or th["protected"] or t.hidden(p):
        return False
    return gid is None or t.s["flags"].get(gid, {}).get("charm") != p


def vigilance(t: Table, gid: str, p: int) -> int:
    kind = t.s["watch"][gid]["kind"]
    value = content.WATCH[kind]["vigilance"] + t.mod(f"{kind}_vigilance")
    if t.has_ability(p, "old_uniform") and kind == "guard":
        value -= 1  # the captains were her peers: they know her
    if t.has_ability(p, "vault_designer") and t.board.district(t.thief(p)["space"]) == "P":
        value = min(value, 1)
    return value


def detected(t: Table, gid: str) -> list[int]:
    """Thieves this guard hears: not hidden, within vigilance (fire does not stop hearing)."""
    here = t.s["watch"][gid]["space"]
    found = []
    for p in t.targetable():
        if t.hidden(p):
            continue
        d = t.distance(here, t.thief(p)["space"])
        if d is not None and d <= vigilance(t, gid, p):
            found.append(p)
    return found


def sewer_exits(t: Table) -> list[str]:
    return sorted(set(t.board.of_kind("sewer_exit"))
                  | {sp for sp, f in t.s["features"].items() if f == "ladder"})


# --- catching and the dungeon -----------------------------------------------------------
def catch(t: Table, p: int, space: str) -> None:
    """Thrown into the dungeon: lose a jewel and a card, miss the rest of the turn."""
    s = t.s
    th = t.thief(p)
    district = t.board.district(space)
    t.log("caught", player=p, space=space)
    if "emperor" in th["jewels"]:
        th["jewels"].remove("emperor")
        where = space if district == "P" else next(
            g for g in t.board.of_kind("imperial") if t.board.district(g) == district)
        s["jewels"].setdefault(where, []).append("emperor")
        t.log("emperor_taken_to", space=where)
    elif th["jewels"] and not t.has_ability(p, "old_flames"):
        jewel = min(th["jewels"], key=lambda j: (content.VP[j], j != "yellow"))
        th["jewels"].remove(jewel)
        if jewel == "yellow":
            s["pool"]["yellow"] += 1
        t.log("loses_jewel", player=p, jewel=jewel)
    if s["alarm"]:
        district = s["open_district"]
    elif district == "P":
        district = t.rng.choice(s["district_deck"])
        t.log("dungeon_drawn", player=p, district=district)
    th.update(where="dungeon", space=t.board.dungeon_of(district), caught=True,
              theft_marker=False, hidden=False)
    for d in th["declared"]:
        if d["state"] == "declared":
            d["state"] = "cancelled"
    if th["hand"] and not t.has_ability(p, "old_flames"):
        t.ask(p, "discard", reason="caught")


def place_watch(t: Table, kind: str, space: str) -> None:
    """A new guard or captain on ``space`` (another one there: the nearest free space).

    With none left in the pool, the first thief moves one from the board instead.
    """
    limit = content.GUARDS if kind == "guard" else content.CAPTAINS
    if t.watch_at(space) is not None or t.blocked_for(space):
        free = [sp for sp in t.board.spaces if t.watch_at(sp) is None
                and not t.blocked_for(sp) and "dungeon" not in t.board.spaces[sp].kinds]
        if not free:
            return
        nearest = min(t.distance(space, sp) or 0 for sp in free)
        options = sorted(sp for sp in free if (t.distance(space, sp) or 0) == nearest)
        first_thief_chooses(t, options, {"do": "put_watch", "kind": kind},
                            message("new_watch_ask", kind=kind), options[0])
        return
    placed = [g for g, f in t.s["watch"].items() if f["kind"] == kind]
    if len(placed) >= limit:
        first_thief_chooses(t, sorted(placed), {"do": "put_watch", "kind": kind,
                                                "space": space},
                            message("no_watch_left_ask", kind=kind, space=space),
                            sorted(placed)[0])
        return
    gid = f"{WATCH_LETTER[kind]}{len(placed) + 1:02d}"
    t.s["watch"][gid] = {"kind": kind, "space": space}
    t.log("watch_appears", watch=gid, space=space)
    arrive(t, gid)


@op("put_watch")
def _put_watch(t: Table, frame: dict) -> None:
    if "space" in frame:
        gid = frame["pick"]
        t.s["watch"][gid]["space"] = frame["space"]
        t.log("watch_sent", watch=gid, space=frame["space"])
        arrive(t, gid)
    else:
        place_watch(t, frame["kind"], frame["pick"])


def arrive(t: Table, gid: str) -> None:
    """A guard put on a space catches every thief there who can be caught."""
    space = t.s["watch"][gid]["space"]
    for p in t.thieves_at(space):
        if catchable(t, p, gid):
            catch(t, p, space)


# --- the city guard's turn --------------------------------------------------------------
@op("city_guard")
def _city_guard(t: Table, frame: dict) -> None:
    """All guards detect and move first, then all captains."""
    t.log("city_guard_acts")
    t.push({"do": "watch_round", "kind": "captain"})
    t.push({"do": "watch_round", "kind": "guard"})


def guards_advance(t: Table, steps: int | None) -> None:
    """Every guard then every captain moves toward a detected thief (``steps`` overrides Move)."""
    t.push({"do": "watch_round", "kind": "captain", "steps": steps})
    t.push({"do": "watch_round", "kind": "guard", "steps": steps})


@op("watch_round", stays=True)
def _watch_round(t: Table, frame: dict) -> None:
    if "todo" not in frame:
        heard = {g: detected(t, g) for g, f in sorted(t.s["watch"].items())
                 if f["kind"] == frame["kind"] and not _held(t, g)}
        frame["heard"] = {g: ps for g, ps in heard.items() if ps}
        frame["todo"] = sorted(frame["heard"])
    heard = {g: [p for p in ps if t.on_board(p)] for g, ps in frame["heard"].items()}
    todo = [g for g in frame["todo"] if heard[g]]
    if not todo:
        t.s["stack"].pop()
        return
    contested = [g for g in todo if any(set(heard[g]) & set(heard[h]) for h in todo if h != g)]
    frame["todo"] = todo
    order = sorted(todo, key=lambda g: (_nearest(t, g, heard[g]), g))
    # the order matters only among guards who heard the same thief
    options = order[:1] if len(contested) < 2 else [g for g in order if g in contested]
    first_thief_chooses(t, options, {"do": "watch_go", "steps": frame.get("steps")},
                        message("watch_next_ask", kind=frame["kind"]), options[0])


def _held(t: Table, gid: str) -> bool:
    flags = t.s["flags"].get(gid, {})
    return flags.get("immobile", False) or flags.get("blind", False)


def _nearest(t: Table, gid: str, thieves: list[int]) -> int:
    here = t.s["watch"][gid]["space"]
    return min(t.distance(here, t.thief(p)["space"]) for p in thieves)


@op("watch_go")
def _watch_go(t: Table, frame: dict) -> None:
    """The guard the first thief sent next picks its target: one of its closest detected
    thieves, the one that lets the guards still to move catch the most thieves together.
    Rules revision 1: the guard alone, to one of its closest spaces with the most thieves on
    them, a hidden one too."""
    gid = frame["pick"]
    round_ = t.s["stack"][-1]
    round_["todo"].remove(gid)
    aims = {g: _aims(t, round_, g) for g in [gid, *round_["todo"]]}
    if t.revision < 2:
        most = max(len(t.thieves_at(sp)) for sp in aims[gid])
        options = sorted(sp for sp in aims[gid] if len(t.thieves_at(sp)) == most)
    else:
        options = best_targets(t, {g: a for g, a in aims.items() if a}, gid, frame["steps"])
    ring = t.clockwise()
    default = min(options, key=lambda sp: min(ring.index(p) for p in aims[gid][sp]))
    first_thief_chooses(t, options, {"do": "watch_walk", "gid": gid, "steps": frame["steps"]},
                        message("watch_target_ask", watch=gid), default)


def _aims(t: Table, round_: dict, gid: str) -> dict[str, list[int]]:
    """The spaces a guard may go for, each with the thieves it detected there: the closest of
    the spaces where it detected a thief still on the board (a hidden thief it never detected
    does not count: German book, the picture of Joanne and Jasmine)."""
    here = t.s["watch"][gid]["space"]
    spaces: dict[str, list[int]] = {}
    for p in round_["heard"][gid]:
        if t.on_board(p):
            spaces.setdefault(t.thief(p)["space"], []).append(p)
    if not spaces:
        return {}
    nearest = min(t.distance(here, sp) for sp in spaces)
    return {sp: ps for sp, ps in spaces.items() if t.distance(here, sp) == nearest}


def best_targets(t: Table, aims: dict[str, dict], gid: str, steps: int | None) -> list[str]:
    """The targets ``gid`` may take so that the guards of ``aims`` (those still to move, each
    with its possible targets) catch as many thieves as possible together (English book: two
    guards at equal distance from two thieves go after different thieves; a space with more
    thieves wins at equal distance). Counted first: thieves caught this round, a target within
    the guard's move; then thieves gone after. Only guards whose targets share a thief with
    ``gid``'s, directly or through others, are weighed together."""
    aimed = {g: {p for ps in targets.values() for p in ps} for g, targets in aims.items()}
    group, todo = [], [gid]
    while todo:
        g = todo.pop()
        group.append(g)
        todo += [h for h in aims if h not in group and h not in todo and aimed[g] & aimed[h]]
    if prod(len(aims[g]) for g in group) > MAX_ASSIGNMENTS:
        group = [gid]  # too many to weigh: the guard alone (120 bot games never passed 4)
    reach = {g: _move(t, g, steps) for g in group}
    best, found = None, set()
    for targets in product(*(sorted(aims[g]) for g in group)):
        caught, chased = set(), set()
        for g, sp in zip(group, targets, strict=True):
            chased.update(aims[g][sp])
            if t.distance(t.s["watch"][g]["space"], sp) <= reach[g]:
                caught.update(p for p in aims[g][sp] if catchable(t, p, g))
        score = (len(caught), len(chased))
        if best is None or score > best:
            best, found = score, set()
        if score == best:
            found.add(targets[0])
    return sorted(found)


MAX_ASSIGNMENTS = 4096


def _move(t: Table, gid: str, steps: int | None) -> int:
    """How far a guard or captain moves now (``steps``: a card or event's override)."""
    kind = t.s["watch"][gid]["kind"]
    return steps if steps is not None else content.WATCH[kind]["move"] + t.mod(f"{kind}_move")


@op("watch_walk")
def _watch_walk(t: Table, frame: dict) -> None:
    walk(t, frame["gid"], frame["pick"], _move(t, frame["gid"], frame["steps"]))


def walk(t: Table, gid: str, target: str, steps: int) -> None:
    """Move by the shortest path toward ``target``, stopping before fire; the first space with
    thieves who can be caught ends the walk and they are caught."""
    figure = t.s["watch"][gid]
    start = figure["space"]
    here = [p for p in t.thieves_at(start) if catchable(t, p, gid)]
    if here or target == start:  # made to move, a guard first catches the thieves on his space
        for p in here:
            catch(t, p, start)
        return
    path = path_toward(t, start, target)
    for space in path[1:steps + 1]:
        figure["space"] = space
        victims = [p for p in t.thieves_at(space) if catchable(t, p, gid)]
        if victims:
            for p in victims:
                catch(t, p, space)
            break
    while figure["space"] != start and sum(
            1 for f in t.s["watch"].values() if f["space"] == figure["space"]) > 1:
        figure["space"] = path[path.index(figure["space"]) - 1]  # one guard per space
    if figure["space"] != start:
        t.log("moves", figure=gid, path=path[:path.index(figure["space"]) + 1])


def path_toward(t: Table, start: str, target: str) -> list[str]:
    """A shortest path (fire ignored when measuring) whose spaces are not on fire; if fire
    blocks every shortest path, the guard stops before it: the path along shortest-path
    steps to the space nearest the target. Guards never walk around a fire."""
    parent = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == target:
            break
        for n in t.board.neighbours(here):
            if n not in parent and not t.blocked_for(n) \
                    and t.distance(n, target) == t.distance(here, target) - 1:
                parent[n] = here
                queue.append(n)
    end = target if target in parent else min(
        parent, key=lambda sp: (t.distance(sp, target), sp))
    path = []
    while end is not None:
        path.append(end)
        end = parent[end]
    return path[::-1]
