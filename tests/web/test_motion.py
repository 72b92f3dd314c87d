"""What the page needs to move pieces (docs/motion.md): every moving piece has one stable
``data-key``; board figures carry their place and this turn's trail in the board's units; the
replay names its keys. The animation itself is tested in e2e/test_moving_pieces.py."""

import re
from html.parser import HTMLParser

from engine.age_of_thieves.board import load_board
from engine.core.game import Match
from engine.simulate import make_bot
from web.games.aot.board_svg import motions, render_board
from web.games.crooks.render import render_game as crooks_screen
from web.games.swindler.render import render_game as swindler_screen
from web.screens.replay import Replay

BOARD = load_board()


class Keyed(HTMLParser):
    """The attributes of every element with a data-key."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.found: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-key" in a:
            self.found.append({"tag": tag, **a})

    handle_startendtag = handle_starttag


def positions(game: str, seed: int = 3, every: int = 7):
    """(match, viewer) along a bot game, every few decisions."""
    seats = [{"name": n} for n in ("Ann", "Bob", "Cy")]
    match = Match.start(game, seats, {}, seed)
    bots = [make_bot("heuristic", game, seed * 8 + i) for i in range(3)]
    rules = match.rules
    n = 0
    while rules.result(match.state) is None:
        p = rules.to_act(match.state)[0]
        if n % every == 0:
            yield match, p
        match.act(p, bots[p].decide(rules.view(match.state, p), rules.choice(match.state, p)))
        n += 1
    yield match, None


def points(text: str) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in pt.split(",")) for pt in text.split()]


def test_every_figure_has_one_key_and_moved_figures_their_trail():
    trailed = 0
    for match, viewer in positions("age_of_thieves", every=5):
        view = match.rules.view(match.state, viewer)
        figures = Keyed(render_board(view, {})).found
        keys = [f["data-key"] for f in figures]
        assert len(keys) == len(set(keys)), keys
        expected = {f"fig:{g}" for g in view["watch"]} | {
            f"fig:T{p}" for p, th in enumerate(view["thieves"])
            if th.get("space") and th.get("where") in ("board", "dungeon")}
        assert set(keys) == expected
        moved = motions(view)
        for f in figures:
            who = f["data-key"].removeprefix("fig:")
            x, y = (float(v) for v in f["data-at"].split(","))
            if who not in moved:
                assert "data-trail" not in f
                continue
            trail = points(f["data-trail"])
            assert len(trail) >= 2 and int(f["data-order"]) >= 0
            # the trail runs through the board's spaces and ends where the figure stands
            assert all(any(s.x == px and s.y == py for s in BOARD.spaces.values())
                       for px, py in trail)
            # most end where the figure stands (a thief caught since, or walking on, is not
            # there: the page then moves it straight)
            trailed += abs(trail[-1][0] - x) <= 11 and abs(trail[-1][1] - y) <= 11
    assert trailed > 20


def test_guards_keep_the_logs_order():
    for match, viewer in positions("age_of_thieves", every=1):
        view = match.rules.view(match.state, viewer)
        logged = [entry["args"]["figure"] for entry in view["log"]
                  if entry.get("turn") == view["turn"] and entry.get("msg") == "moves"]
        guards = [g for g in dict.fromkeys(logged) if g in view["watch"]]
        if len(guards) >= 3:
            break
    else:
        raise AssertionError("no turn where three guards moved")
    moved = motions(view)
    orders = [moved[g][1] for g in guards]
    last_moves = [max(i for i, who in enumerate(logged) if who == g) for g in guards]
    assert sorted(orders) == sorted(set(orders))
    assert [g for _, g in sorted(zip(orders, guards, strict=True))] == \
        [g for _, g in sorted(zip(last_moves, guards, strict=True))]
    for g in guards:
        path = []
        for entry in view["log"]:
            if entry.get("turn") == view["turn"] and entry.get("msg") == "moves" \
                    and entry["args"]["figure"] == g:
                steps = entry["args"]["path"]
                path += steps[1:] if path and path[-1] == steps[0] else steps
        assert points(moved[g][0]) == [(BOARD.spaces[s].x, BOARD.spaces[s].y) for s in path]


def test_tiles_cards_and_crooks_have_one_key_and_a_place():
    for game, screen in (("swindler", swindler_screen), ("crooks", crooks_screen)):
        places = set()
        for match, viewer in positions(game, every=3):
            view = match.rules.view(match.state, viewer)
            found = Keyed(screen(view, {})).found
            keys = [f["data-key"] for f in found]
            assert len(keys) == len(set(keys)), (game, keys)
            assert all(f.get("data-place") for f in found)
            places |= {re.sub(r":.*", "", f["data-place"]) for f in found}
        expected = ({"loot", "drawn", "fence", "hand", "open"} if game == "swindler"
                    else {"den", "hand", "target"})
        assert expected <= places, (game, places)


def test_a_crook_keeps_its_key_from_the_hand_to_its_target():
    for match, viewer in positions("crooks", every=1):
        view = match.rules.view(match.state, viewer)
        if viewer is not None and view.get("hand") and (view.get("choice") or {}).get(
                "kind") == "place":
            break
    else:
        raise AssertionError("no crook in hand")
    key = f"crook:{view['hand']['crook']}"
    before = {f["data-key"]: f["data-place"] for f in Keyed(crooks_screen(view, {})).found}
    assert before[key] == "hand"
    option = view["choice"]["options"][0]
    match.act(viewer, option)
    after = {f["data-key"]: f["data-place"]
             for f in Keyed(crooks_screen(match.rules.view(match.state, viewer), {})).found}
    assert after[key] == f"target:{option['place']}:{viewer}"


def test_the_replay_names_its_keys():
    *_, (match, _) = positions("crooks", every=1000)
    html = Replay(match).render()
    for ident, keys in (("replay-prev", "ArrowLeft"), ("replay-next", "ArrowRight"),
                        ("replay-first", "Home"), ("replay-last", "End")):
        assert re.search(f'id="{ident}"[^>]*aria-keyshortcuts="{keys}"', html)
    assert 'aria-describedby="replay-keys"' in html and 'id="replay-keys"' in html
