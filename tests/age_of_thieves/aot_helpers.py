"""Shared helpers for the Age of Thieves rules tests (conftest.py makes them fixtures).

Tests import this module by its own name: several test folders have a conftest.py, and a
plain ``from conftest import`` picks whichever was imported first.

A test starts a real ``Match`` with chosen thieves and seed, answers the start-space asks, and
lands in the Declaration phase of turn 1. It then edits the state dict directly to build the
position the rulebook describes (figures, hands, jewels, initiative, the event) and drives the
game with explicit actions through ``match.act``.
"""

import pytest

from engine.age_of_thieves import content
from engine.age_of_thieves.board import load_board
from engine.age_of_thieves.city_guard import WATCH_LETTER
from engine.age_of_thieves.table import Table
from engine.core.game import IllegalAction, Match, state_hash

BOARD = load_board()
DECK = content.general_deck()
NEUTRAL_CALM = "banquet_of_the_lords"  # no modifier lasts through the turn
NEUTRAL_ALARM = "palace_lockdown"
NEXT_CALM = "loose_tongues"  # only turns city tokens face up


def copies(kind: str) -> list[str]:
    """The ids of every copy of a general card kind ('c00'..'c69')."""
    found = [f"c{i:02d}" for i, k in enumerate(DECK) if k == kind]
    assert found, f"no general card of kind {kind}"
    return found


def card_of(kind: str, n: int = 0) -> str:
    return copies(kind)[n]


def walkable() -> list[str]:
    return [s for s in BOARD.spaces if "dungeon" not in BOARD.spaces[s].kinds]


def spaces_of(kind: str, district: str | None = None) -> list[str]:
    return [s for s in BOARD.of_kind(kind) if district is None or BOARD.district(s) == district]


def dist(a: str, b: str) -> int:
    return BOARD.distance(a, b)


def path(a: str, b: str) -> list[str]:
    """A shortest path from a to b, both ends included (the lowest ids first)."""
    route = [a]
    while route[-1] != b:
        here = route[-1]
        route.append(min(n for n in BOARD.neighbours(here) if dist(n, b) == dist(here, b) - 1))
    return route


SPECIAL = {"hideout", "sewer_entrance", "sewer_exit", "gate", "ship", "dungeon", "palace_centre"}


def plain(space: str) -> bool:
    """A space whose kinds change nothing for a moving thief on a cleared board (guardhouses
    and set-up marks are fine; no hideout, sewer, gate, dungeon or vault)."""
    return not BOARD.spaces[space].kinds & SPECIAL


def corridor(length: int, district: str | None = None, avoid=()) -> list[str]:
    """Plain spaces forming a shortest path of ``length`` spaces (``length - 1`` steps): the
    spaces are farther and farther from the first one, so there is no shortcut."""
    avoid = set(avoid)
    for start in walkable():
        if not plain(start) or start in avoid or district and BOARD.district(start) != district:
            continue
        for end in walkable():
            if dist(start, end) != length - 1:
                continue
            route = path(start, end)
            if all(plain(sp) and sp not in avoid
                   and (district is None or BOARD.district(sp) == district) for sp in route):
                return route
    raise AssertionError("no such corridor")


HOME = spaces_of("start", "N")[0]  # a thief's usual spot in the tests: the North start
VAULT = BOARD.of_kind("palace_centre")[0]


def near(space: str, d: int, n: int = 0, avoid=(), same_district: bool = True) -> str:
    """The n-th plain space (by id) at distance d from ``space`` (in its district)."""
    found = [sp for sp in sorted(BOARD.spaces) if dist(space, sp) == d and plain(sp)
             and sp not in avoid and (not same_district
                                      or BOARD.district(sp) == BOARD.district(space))]
    return found[n]


def two_spaces_at(g_space: str, d: int) -> tuple[str, str]:
    """Two plain spaces at distance d from g_space."""
    found = sorted(sp for sp in BOARD.spaces if dist(g_space, sp) == d and plain(sp))
    return found[0], found[-1]


def sewer_approach(district: str = "N") -> tuple[str, str, str]:
    """(start, entrance, exit): a sewer entrance of ``district``, a plain neighbour of it to
    start from, and a sewer exit in another district."""
    for entrance in spaces_of("sewer_entrance", district):
        starts = [n for n in BOARD.neighbours(entrance) if plain(n)]
        exits = [x for x in BOARD.of_kind("sewer_exit") if BOARD.district(x) != district]
        if starts and exits:
            return starts[0], entrance, exits[0]
    raise AssertionError("no sewer entrance to walk into")


class Game:
    """A match under test, with position-editing and driving helpers."""

    def __init__(self, thieves=("morius", "noiron"), seed=1, options=None, first=0,
                 starts=None, clear=True, revision=None):
        """``options`` default to the documented defaults for the first thief's decisions
        (``first_thief_decides`` off); pass ``{}`` to have the first thief asked. ``revision``:
        the rules revision (None: the newest)."""
        seats = [{"thief": x} for x in thieves]
        if options is None:
            options = {"first_thief_decides": False}
        self.match = Match.start("age_of_thieves", seats, dict(options), seed, revision)
        starts = list(starts or [])
        while self.match.state["stack"] and self.top().get("do") == "start":
            p = self.top()["player"]
            opts = self.options()
            pick = {"start": starts.pop(0)} if starts else opts[0]
            self.match.act(p, pick)
        self.answer_pending()
        assert self.s["phase"] == "declaration" and self.s["waiting"], "not at a declaration"
        if clear:
            self.clear()
        self.s["first"] = first
        self.s["waiting"] = self.t.in_game()

    # --- access ---------------------------------------------------------------------------
    @property
    def s(self) -> dict:
        return self.match.state

    @property
    def t(self) -> Table:
        return Table(self.match.state)

    @property
    def rules(self):
        return self.match.rules

    def th(self, p: int) -> dict:
        return self.s["thieves"][p]

    def top(self) -> dict | None:
        return self.s["stack"][-1] if self.s["stack"] else None

    def to_act(self) -> list[int]:
        return self.rules.to_act(self.s)

    def choice(self, p: int | None = None) -> dict | None:
        if p is None:
            p = self.to_act()[0]
        return self.rules.choice(self.s, p)

    def options(self, p: int | None = None) -> list:
        found = self.choice(p)
        return found["options"] if found and "options" in found else []

    def kind(self) -> str | None:
        found = self.choice() if self.to_act() else None
        return found["kind"] if found else None

    def hash(self) -> str:
        return state_hash(self.s)

    def logged(self) -> list[str]:
        """The message ids of the log, oldest first."""
        return [e["msg"] for e in self.s["log"]]

    # --- position set-up ------------------------------------------------------------------
    def clear(self, event: str | None = None) -> None:
        """An empty city: no guard, token, jewel (the Emperors' Jewel stays in the vault), a
        neutral event, no modifiers, every hand empty, initiative 1."""
        s = self.s
        s["watch"], s["tokens"], s["features"] = {}, {}, {}
        s["jewels"] = {BOARD.of_kind("palace_centre")[0]: ["emperor"]}
        s["smoke"], s["fire"], s["flags"] = [], [], {}
        s["pool"]["yellow"] = content.YELLOW_JEWELS
        s["calm_deck"][-1] = NEXT_CALM  # the next turn brings no modifier
        self.set_event(event or (NEUTRAL_ALARM if s["alarm"] else NEUTRAL_CALM))
        for p in range(len(s["thieves"])):
            self.hand(p)
        s["initiative"], s["dice"] = 1, [1]

    def set_event(self, event: str) -> None:
        self.s["event"] = event
        self.s["mods"] = dict(content.events()[event].get("modifiers", {}))

    def put(self, p: int, space: str) -> None:
        self.th(p).update(where="board", space=space)

    def away(self, p: int) -> str:
        """Put thief p on a space at least 7 from every other figure (out of everyone's way)."""
        others = [w["space"] for w in self.s["watch"].values()] + [
            th["space"] for q, th in enumerate(self.s["thieves"])
            if q != p and th["where"] == "board"]
        space = max(walkable(), key=lambda sp: (min((dist(sp, o) for o in others),
                                                    default=99), sp))
        assert min((dist(space, o) for o in others), default=99) >= 7
        self.put(p, space)
        return space

    def guard(self, space: str, kind: str = "guard", gid: str | None = None) -> str:
        """Put a guard (or captain) on ``space``; returns its id."""
        watch = self.s["watch"]
        if gid is None:
            letter, n = WATCH_LETTER[kind], 1
            while f"{letter}{n:02d}" in watch:
                n += 1
            gid = f"{letter}{n:02d}"
        watch[gid] = {"kind": kind, "space": space}
        return gid

    def fill_guards(self, n: int = 20) -> list[str]:
        """Use up the guard pool: guards g01..g{n} on far-off guardhouses."""
        spots = [sp for sp in BOARD.of_kind("guardhouse") if not self.t.has_figure(sp)]
        return [self.guard(spots[i], gid=f"g{i + 1:02d}") for i in range(n)]

    def hand(self, p: int, *kinds: str) -> list[str]:
        """Give player p exactly these general cards (by kind); returns their ids."""
        s = self.s
        th = self.th(p)
        s["deck"] += th["hand"]
        th["hand"] = []
        ids = []
        for kind in kinds:
            free = [c for c in copies(kind) if c not in ids and not any(
                c in other["hand"] for other in s["thieves"])]
            card = free[0]
            for pile in (s["deck"], s["discard"]):
                if card in pile:
                    pile.remove(card)
            ids.append(card)
        th["hand"] = list(ids)
        return ids

    def stack_deck(self, *kinds: str) -> list[str]:
        """Put these general cards on top of the action deck (the first one drawn first)."""
        s = self.s
        ids = []
        for kind in kinds:
            card = next(c for c in copies(kind) if c in s["deck"] and c not in ids)
            ids.append(card)
        for card in ids:
            s["deck"].remove(card)
        s["deck"] += list(reversed(ids))
        return ids

    def jewel(self, space: str, jewel: str = "yellow") -> None:
        self.s["jewels"].setdefault(space, []).append(jewel)

    def token(self, space: str, kind: str, up: bool = False) -> None:
        self.s["tokens"][space] = {"kind": kind, "up": up}

    def set_alarm(self, district: str = "N") -> None:
        """The alarm has sounded: the Alarm side, an open district, the jewel gone from the
        vault (nobody holds it unless the test gives it)."""
        s = self.s
        s["alarm"], s["open_district"], s["emperor_taken"] = True, district, True
        s["district_deck"] = [d for d in s["district_deck"] if d != district]
        s["jewels"].pop(BOARD.of_kind("palace_centre")[0], None)
        self.set_event(NEUTRAL_ALARM)

    # --- driving --------------------------------------------------------------------------
    def act(self, p: int, action) -> None:
        self.match.act(p, action)

    def do(self, action) -> None:
        """The one player facing a decision answers it."""
        players = self.to_act()
        assert len(players) == 1, f"several players act now: {players}"
        self.match.act(players[0], action)

    def next_turn(self, event: str, declarations: dict | None = None) -> None:
        """Declare (nothing unless given), put ``event`` on top of the current event deck for
        the next turn, and play on to the next decision."""
        deck = self.s["alarm_deck"] if self.s["alarm"] or self.s["raise_alarm"] \
            else self.s["calm_deck"]
        deck.append(event)
        self.declare(declarations or {})

    def declare(self, declarations: dict) -> None:
        """Every player still waiting declares (missing players declare nothing)."""
        for p in list(self.s["waiting"]):
            self.act(p, {"declare": declarations.get(p, [])})

    def resolve(self, card: int, mode: str) -> None:
        assert self.kind() == "resolve", self.choice()
        self.do({"card": card, "as": mode})

    def walk(self, *spaces: str, stop: bool = True) -> None:
        """Step through the spaces in turn, then stop (if still moving)."""
        for space in spaces:
            assert self.kind() == "move", self.choice()
            self.do({"step": space})
        if stop and self.kind() == "move":
            self.do({"stop": True})

    def pick(self, value) -> None:
        assert self.kind() == "choose", self.choice()
        self.do({"pick": value})

    def answer_pending(self, resign: bool = True) -> None:
        """Answer every pending ask with a harmless choice: resign cards, stop moves, the
        default or the first option elsewhere. Stops at a declaration."""
        while self.s["result"] is None and self.s["stack"]:
            found = self.choice()
            if found["kind"] == "resolve":
                self.do({"card": found["options"][0]["card"], "as": "resign"})
            elif found["kind"] == "move":
                self.do({"stop": True} if {"stop": True} in found["options"]
                        else found["options"][0])
            elif "default" in found:
                self.do(found["default"])
            else:
                self.do(found["options"][0])

    def finish_turn(self) -> None:
        """Resign and stop everything left until the next Declaration phase (or the end)."""
        turn = self.s["turn"]
        while self.s["result"] is None:
            self.answer_pending()
            if self.s["result"] is not None:
                break
            if self.s["turn"] != turn and self.s["waiting"]:
                break
            self.declare({})

    def illegal(self, p: int, action, match: str | None = None) -> str:
        """The action is refused with a reason and the state is left as it was."""
        before = self.hash()
        with pytest.raises(IllegalAction, match=match) as info:
            self.act(p, action)
        assert self.hash() == before
        assert str(info.value)
        return str(info.value)


def guard_turn(g: Game, declarations: dict | None = None) -> None:
    """Everyone declares (nothing by default); the city guard acts on initiative 1."""
    g.s["initiative"] = 1
    g.declare(declarations or {})


def hidden_crowd(revision: int | None = None) -> tuple[Game, str, str, str]:
    """The German book's picture of Joanne and Jasmine: a guard, two spaces ``a`` and ``b`` at
    equal distance from him, Joanne and Jasmine (hidden) on ``b``, Noiron on ``a``; his turn
    played under ``revision``. Returns the game, the guard and ``a``, ``b``."""
    g = Game(("joanne", "jasmine", "noiron", "zain"), options={}, first=3, revision=revision)
    gid = g.guard(near(HOME, 3))
    a, b = two_spaces_at(near(HOME, 3), 2)
    g.put(0, b)
    g.put(1, b)
    g.th(1)["hidden"] = True
    g.put(2, a)
    g.away(3)
    guard_turn(g)
    return g, gid, a, b
