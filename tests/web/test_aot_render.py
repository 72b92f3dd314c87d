"""The Age of Thieves screen (web/aot): HTML from real games' views, secrets, and the events.

Games are driven with the random bot; a few positions are then picked and rendered. The HTML is
parsed with the standard library's parser, which also checks that tags nest properly.
"""

import json
import random
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.age_of_thieves import content
from engine.age_of_thieves.board import load_board
from engine.age_of_thieves.machine import MACHINE
from engine.age_of_thieves.phases import after_the_stack, raise_alarm
from engine.age_of_thieves.table import Table
from engine.core.bots import RandomBot
from engine.core.game import Match
from web.base import i18n
from web.base.regions import split
from web.games.aot import labels as L
from web.games.aot.board_pieces import watch_figure
from web.games.aot.board_svg import home_space
from web.games.aot.render import reduce, render_game, render_result, say
from web.games.aot.ui import move_plan, viewbox

BOARD = load_board()
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
NAMES = ("Ann", "Bob", "Cy")


class Page(HTMLParser):
    """Collects interactive elements and checks that every tag is closed in order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.elements: list[tuple[str, dict]] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    assert not page.errors, page.errors[:5]
    assert not page.stack, f"unclosed: {page.stack}"
    return page


def emitted(page: Page, ev: str | None = None) -> list:
    """The JSON arguments of every element emitting ``ev`` (any event when None)."""
    return [json.loads(attrs["data-arg"]) for _, attrs in page.elements
            if "data-arg" in attrs and attrs.get("data-ev") and ev in (None, attrs["data-ev"])]


def start(seed: int, names=NAMES, options=None) -> tuple[Match, list]:
    match = Match.start("age_of_thieves", [{"name": n} for n in names], options, seed=seed)
    bots = [RandomBot(match.rules, seed * 16 + i) for i in range(len(names))]
    return match, bots


def step(match: Match, bots: list) -> None:
    rules = match.rules
    p = rules.to_act(match.state)[0]
    choice = rules.choice(match.state, p)
    match.act(p, bots[p].decide(rules.view(match.state, p), choice))


def drive_until(seed: int, found, limit: int = 5000, names=NAMES):
    """Play random moves until ``found(match, player, choice)`` holds for a player to act."""
    match, bots = start(seed, names)
    rules = match.rules
    for _ in range(limit):
        if rules.result(match.state) is not None:
            return match, None
        for p in rules.to_act(match.state):
            if found(match, p, rules.choice(match.state, p)):
                return match, p
        step(match, bots)
    raise AssertionError("position not reached")


def first_position(kind: str, turn: int = 0, test=lambda ch: True, seeds=range(1, 40)):
    for seed in seeds:
        match, p = drive_until(seed, lambda m, q, ch: ch is not None and ch["kind"] == kind
                               and m.state["turn"] >= turn and test(ch))
        if p is not None:
            return match, p
    raise AssertionError(f"no {kind} choice found")


def view_of(match: Match, p: int | None) -> dict:
    return match.rules.view(match.state, p)


# --- secrets ------------------------------------------------------------------------------
def secret_strings(match: Match, viewer: int, view: dict) -> set[str]:
    """Card ids, card names and token names the viewer must not learn from the screen."""
    state = match.state
    shown = json.dumps(view)
    seen_names = {content.cards()[k]["name"] for k in content.cards() if f'"{k}"' in shown}
    seen_names |= {name for name in (c["name"] for c in content.cards().values())
                   if name in shown}
    secret = set()
    for q, th in enumerate(state["thieves"]):
        if q == viewer:
            continue
        hidden_cards = list(th["hand"])
        if state["phase"] != "resolution" and q != viewer:
            hidden_cards += [c for d in th["declared"] for c in d["cards"]]
        else:
            hidden_cards += [c for d in th["declared"] if d["state"] == "declared"
                             for c in d["cards"][1:] + ([] if len(d["cards"]) == 2
                                                        else d["cards"][:1])]
        for card in hidden_cards:
            if not content.is_general(card):
                continue  # basic and special cards are known to everyone
            if card not in state["watch"]:
                secret.add(card)
            name = content.cards()[Table.kind(card)]["name"]
            if name not in seen_names:
                secret.add(name)
    token_names = {"thiefs_stash": "Thief's Stash", "alert_citizens": "Alert Citizens",
                   "plain_garb_guard": "Plain-Garb Guard", "known_neighborhood":
                   "Known Neighborhood", "dark_alley": "Dark Alley"}
    for token in state["tokens"].values():
        name = token_names.get(token["kind"])
        if not token["up"] and name and name not in shown and f'"{token["kind"]}"' not in shown:
            secret.add(name)
    return secret


def check_secrets(match: Match, viewer: int) -> int:
    """Render the viewer's screen and look for every secret in it; returns how many."""
    view = view_of(match, viewer)
    html = render_game(view, {})
    secrets = secret_strings(match, viewer, view)
    for text in secrets:
        pattern = rf"\b{re.escape(text)}\b" if re.fullmatch(r"c\d\d", text) else re.escape(text)
        assert not re.search(pattern, html), f"{text!r} leaks to player {viewer}"
    return len(secrets)


def check_regions(html: str) -> dict:
    """Every region is one element, named once; the regions by name."""
    _, regions = split(html)
    names = [name for name, _ in regions]
    assert len(names) == len(set(names)), names
    for name, body in regions:
        parse(body)
        depth, ends = 0, []  # where the top-level elements of the body end
        for match in re.finditer(r"<(/?)([a-zA-Z][\w-]*)[^>]*?(/?)>", body):
            closing, tag, selfclosing = match.groups()
            if tag in VOID or selfclosing:
                continue
            depth += -1 if closing else 1
            if depth == 0:
                ends.append(match.end())
        assert ends == [len(body)], f"region {name} is not one element"
    return dict(regions)


def test_whole_games_offer_every_choice_and_keep_secrets():
    kinds = set()
    for seed in (11, 12):
        match, bots = start(seed)
        rules = match.rules
        checked = secrets = 0
        while rules.result(match.state) is None and len(match.actions) < 2500:
            if len(match.actions) % 7 == 0:
                for viewer in range(len(NAMES)):
                    secrets += check_secrets(match, viewer)
                    checked += 1
            for p in rules.to_act(match.state)[:1]:  # the decision is offered on screen
                choice = rules.choice(match.state, p)
                if len(match.actions) % 3 == 0 or choice["kind"] not in kinds:
                    kinds.add(choice["kind"])
                    view = view_of(match, p)
                    html = render_game(view, {})
                    check_choice_offered(view, html)
                    check_regions(html)
            step(match, bots)
        assert checked > 20 and secrets > checked
    assert {"start", "declare", "resolve", "move", "discard"} <= kinds


def test_face_down_city_tokens_stay_unnamed():
    match, _ = start(3)
    view = view_of(match, 0)
    page = parse(render_game(view, {"show": {"legend": True}}))
    text = " ".join(page.text)
    for name in ("Thief's Stash", "Plain-Garb Guard", "Alert Citizens", "Dark Alley"):
        assert name not in text


# --- rendering at several points of a game ------------------------------------------------
def check_choice_offered(view: dict, html: str) -> Page:
    page = parse(html)
    args = emitted(page, "act")
    choice = view["choice"]
    if choice and "options" in choice:
        for option in choice["options"]:
            assert option in args, f"{option} is not offered"
        if "default" in choice:
            assert choice["default"] in args
    options, ringed = pointed(page)
    drawn = {a["data-ref"] for t, a in page.elements if t == "g" and "data-ref" in a}
    assert set(options) <= drawn, "an option names a space or figure the board does not key"
    for ref in ringed:  # a tap on a ringed space or figure presses exactly one option
        assert len(options.get(ref, [])) == 1, ref
    return page


def pointed(page: Page) -> tuple[dict, set]:
    """({data-ref: [actions of the options naming it]}, data-refs of the ringed spaces and
    figures on the board)."""
    options: dict[str, list] = {}
    for tag, a in page.elements:
        if tag == "button" and a.get("data-ev") == "act" and a.get("data-ref"):
            options.setdefault(a["data-ref"], []).append(json.loads(a["data-arg"]))
    ringed = {a["data-ref"] for t, a in page.elements
              if t == "g" and a.get("class") in ("aot-target", "aot-pick")}
    return options, ringed


def labels(html: str) -> set[str]:
    """The space ids written on the board at every zoom."""
    return set(re.findall(r'<text class="aot-sp-label"[^>]*>([^<]+)</text>', html))


def test_start_screen_offers_the_starting_spaces():
    match, p = first_position("start")
    view = view_of(match, p)
    html = render_game(view, {})
    page = check_choice_offered(view, html)
    assert "Choose your starting space" in html
    starts = {o["start"] for o in view["choice"]["options"]}
    options, ringed = pointed(page)
    assert ringed == starts and options == {sp: [{"start": sp}] for sp in starts}
    assert starts <= labels(html)  # each is written on the board
    for sp in starts:  # the option says where in words: the space and its district
        district = {"N": "Golden Domes", "E": "Empty Pot", "S": "Salty Docks",
                    "W": "Hammerings"}[BOARD.spaces[sp].district]
        assert re.search(rf'data-ref="{sp}"[^>]*>{sp}[^<]*\({district}\)</button>', html), sp
    # the board's rings are for the eye; the options are the keyboard's way to decide
    assert not [a for t, a in page.elements if t == "g" and a.get("data-ev") == "act"]


def test_every_space_and_figure_has_an_accessible_name():
    match, p = first_position("resolve", turn=2)
    view = view_of(match, p)
    page = parse(render_game(view, {}))
    text = " ".join(page.text)
    labels = " ".join(a.get("aria-label", "") for _, a in page.elements)
    for sid in BOARD.spaces:
        assert re.search(rf"\b{sid}\b", text + labels), sid
    for gid, w in view["watch"].items():
        assert f"{w['kind']} {L.watch_id(gid)}" in text + labels
    for th in view["thieves"]:
        if th["where"] == "board":
            assert f"thief {th['name']}" in text + labels


def tap(view: dict, ui: dict, ev: str, arg=None) -> dict:
    """One event of the declaration sheet: a new ui, nothing sent."""
    ui, actions = reduce(view, ui, ev, arg)
    assert actions == []
    return ui


def ap_buttons(page: Page, card: str) -> dict[int, bool]:
    """The AP values the sheet offers ``card``, each with whether it is the chosen one."""
    return {json.loads(a["data-arg"])["ap"]: a.get("aria-pressed") == "true"
            for _, a in page.elements if a.get("data-ev") == "aot-draft-ap"
            and json.loads(a["data-arg"])["card"] == card}


def enabled(page: Page, ev: str) -> bool:
    return any(a.get("data-ev") == ev and "disabled" not in a for _, a in page.elements)


def test_declaration_with_a_draft():
    match, p = first_position("declare", turn=2, test=lambda ch: len(ch["spec"]["hand"]) >= 2)
    view = view_of(match, p)
    spec = view["choice"]["spec"]
    ui = {}
    for ev, arg in [("aot-draft-ap", {"card": "move", "ap": 2}),
                    ("aot-draft-ap", {"card": spec["hand"][1], "ap": 1}),
                    ("aot-draft-ap", {"card": spec["special"], "ap": 1}),
                    ("aot-draft-carry", spec["hand"][0])]:
        ui = tap(view, ui, ev, arg)
    html = render_game(view, ui)
    page = parse(html)
    assert f"left <strong>{spec['ap'] - 4}</strong>" in html
    own = {c["id"]: c["kind"] for c in view["thieves"][p]["hand"]}
    for card in spec["hand"]:
        assert content.cards()[own[card]]["name"] in html
    # one button per AP value, the chosen one pressed: up to what the card has and what is left
    assert ap_buttons(page, "move") == {n: n == 2 for n in range(spec["ap"] - 4 + 3)}
    assert ap_buttons(page, "ambush") == {n: n == 0 for n in range(spec["ap"] - 4 + 1)}
    assert ap_buttons(page, spec["hand"][0]) == {}  # it lies under the special card
    assert 'role="group" aria-label="AP on Move"' in html
    assert 'aria-label="Move: 2 AP" aria-pressed="true"' in html
    ui, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [
        {"card": "move", "ap": 2},
        {"card": spec["special"], "ap": 1, "carry": spec["hand"][0]},
        {"card": spec["hand"][1], "ap": 1}]}]
    match.rules.check(match.state, p, actions[0])


def test_one_tap_sets_a_cards_ap_and_0_leaves_it_out():
    match, p = first_position("declare", turn=2, test=lambda ch: ch["spec"]["ap"] == 10
                              and ch["spec"]["hand"])
    view = view_of(match, p)
    card = view["choice"]["spec"]["hand"][0]
    ui = {}
    for ev, arg in [("aot-draft-ap", {"card": "move", "ap": 5}),
                    ("aot-draft-ap", {"card": "ambush", "ap": 1}),
                    ("aot-draft-ap", {"card": card, "ap": 4})]:
        ui = tap(view, ui, ev, arg)
    _, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [{"card": "move", "ap": 5}, {"card": "ambush", "ap": 1},
                                    {"card": card, "ap": 4}]}]
    ui = tap(view, ui, "aot-draft-ap", {"card": "move", "ap": 2})  # less, in one tap too
    ui = tap(view, ui, "aot-draft-ap", {"card": "ambush", "ap": 0})
    _, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [{"card": "move", "ap": 2}, {"card": card, "ap": 4}]}]


def test_the_sheet_takes_no_more_ap_than_are_left():
    match, p = first_position("declare", turn=2, test=lambda ch: ch["spec"]["ap"] == 10)
    view = view_of(match, p)
    ui = tap(view, {}, "aot-draft-ap", {"card": "move", "ap": 7})
    before = reduce(view, ui, "aot-declare", None)[1]
    for arg in [{"card": "ambush", "ap": 4}, {"card": "move", "ap": 11},
                {"card": "ambush", "ap": -1}, {"card": "ambush", "ap": "3"},
                {"card": "ambush", "ap": 2.0}, {"card": ["move"], "ap": 1},
                {"card": "nothing", "ap": 1}, {"ap": 1}, "move", None]:
        ui = tap(view, ui, "aot-draft-ap", arg)
        assert reduce(view, ui, "aot-declare", None)[1] == before, arg
    page = parse(render_game(view, ui))
    assert max(ap_buttons(page, "ambush")) == 3 and max(ap_buttons(page, "move")) == 10


def test_with_every_ap_placed_no_card_is_offered_without_ap():
    """The 0-AP trap: a card added after every AP is placed, which the rules refuse."""
    match, p = first_position("declare", turn=2)
    view = view_of(match, p)
    spec = view["choice"]["spec"]
    ui = tap(view, {}, "aot-draft-ap", {"card": "move", "ap": spec["ap"]})
    html = render_game(view, ui)
    page = parse(html)
    for card in ["ambush", spec["special"], *spec["hand"]]:
        assert ap_buttons(page, card) == {}, card
    assert "no AP left" in html
    assert not emitted(page, "aot-draft-token")  # no tokens to give AP either
    ui = tap(view, ui, "aot-draft-ap", {"card": "ambush", "ap": 1})
    _, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [{"card": "move", "ap": spec["ap"]}]}]


def test_a_token_alone_declares_a_card():
    match, p = first_position("declare", turn=2)
    match.state["thieves"][p]["tokens"] = ["informer", "guild_agent", "known_neighborhood"]
    view = view_of(match, p)
    spec = view["choice"]["spec"]
    ui = tap(view, {}, "aot-draft-ap", {"card": "ambush", "ap": spec["ap"]})
    page = parse(render_game(view, ui))
    offered = emitted(page, "aot-draft-token")
    assert {"card": "move", "token": "guild_agent", "add": True} in offered
    assert not any(a["token"] == "known_neighborhood" for a in offered)
    ui = tap(view, ui, "aot-draft-token", {"card": "move", "token": "guild_agent", "add": True})
    ui = tap(view, ui, "aot-draft-token", {"card": "move", "token": "guild_agent", "add": True})
    html = render_game(view, ui)
    assert "initiative 2" in html
    ui, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [{"card": "move", "ap": 0, "tokens": ["guild_agent"]},
                                    {"card": "ambush", "ap": spec["ap"]}]}]
    match.rules.check(match.state, p, actions[0])
    # the token taken off again, Move has no AP: it is left out, not declared with 0
    ui = tap(view, ui, "aot-draft-token", {"card": "move", "token": "guild_agent", "add": False})
    _, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [{"card": "ambush", "ap": spec["ap"]}]}]


def test_the_special_card_needs_a_free_general_card():
    match, p = first_position("declare", turn=2, test=lambda ch: len(ch["spec"]["hand"]) == 1)
    view = view_of(match, p)
    spec = view["choice"]["spec"]
    (card,) = spec["hand"]
    ui = tap(view, {}, "aot-draft-ap", {"card": spec["special"], "ap": 2})
    html = render_game(view, ui)
    assert "Choose the general card your special card carries first." in html
    assert not enabled(parse(html), "aot-declare")  # the rules would refuse it
    ui = tap(view, ui, "aot-draft-carry", card)
    page = parse(render_game(view, ui))
    assert enabled(page, "aot-declare") and ap_buttons(page, card) == {}
    assert {card} == {json.loads(a["data-arg"]) for _, a in page.elements
                      if a.get("data-ev") == "aot-draft-carry" and a["aria-pressed"] == "true"}
    ui = tap(view, ui, "aot-draft-carry", card)  # the same button takes it back
    assert not enabled(parse(render_game(view, ui)), "aot-declare")
    ui = tap(view, ui, "aot-draft-carry", card)
    _, actions = reduce(view, ui, "aot-declare", None)
    assert actions == [{"declare": [{"card": spec["special"], "ap": 2, "carry": card}]}]
    match.rules.check(match.state, p, actions[0])
    # the only general card declared on its own: the special card has nothing to carry
    ui = tap(view, {}, "aot-draft-ap", {"card": card, "ap": 1})
    html = render_game(view, ui)
    assert ap_buttons(parse(html), spec["special"]) == {}
    assert "needs a general card from your hand to carry: none is free" in html
    ui = tap(view, ui, "aot-draft-ap", {"card": spec["special"], "ap": 1})
    assert reduce(view, ui, "aot-declare", None)[1] == [{"declare": [{"card": card, "ap": 1}]}]


@pytest.mark.parametrize("seed", range(6))
def test_no_taps_on_the_sheet_build_a_declaration_the_rules_refuse(seed):
    """Whatever the sheet offers, tapped in any order: while it offers to confirm, the rules
    accept the declaration it sends."""
    match, p = first_position("declare", turn=2, seeds=range(21 + seed, 60))
    if seed % 2:
        match.state["thieves"][p]["tokens"] = ["informer", "guild_agent"]
    view = view_of(match, p)
    rng = random.Random(seed)
    ui = {}
    for _ in range(80):
        page = parse(render_game(view, ui))
        if enabled(page, "aot-declare"):
            match.rules.check(match.state, p, reduce(view, ui, "aot-declare", None)[1][0])
        offered = [(a["data-ev"], json.loads(a["data-arg"]) if "data-arg" in a else None)
                   for _, a in page.elements
                   if a.get("data-ev", "").startswith("aot-draft") and "disabled" not in a]
        ui = tap(view, ui, *rng.choice(offered))


def test_an_empty_draft_declares_nothing():
    match, p = first_position("declare")
    view = view_of(match, p)
    ui, actions = reduce(view, {}, "aot-declare", None)
    assert actions == [{"declare": []}]
    match.rules.check(match.state, p, actions[0])


def test_a_stale_draft_is_dropped_next_turn():
    match, p = first_position("declare", turn=2)
    view = view_of(match, p)
    ui = tap(view, {}, "aot-draft-ap", {"card": "move", "ap": 1})
    later = dict(view, turn=view["turn"] + 1)
    _, actions = reduce(later, ui, "aot-declare", None)
    assert actions == [{"declare": []}]


def test_resolution_shows_the_order_and_the_card_modes():
    match, p = first_position("resolve", turn=2)
    view = view_of(match, p)
    html = render_game(view, {})
    check_choice_offered(view, html)
    assert "Order of resolution" in html and "resolving now" in html
    for option in view["choice"]["options"]:
        kinds = view["thieves"][p]["declared"][option["card"]]["cards"]
        assert content.cards()[kinds[0]]["name"] in html


def test_move_choice_highlights_steps_and_offers_walks():
    match, p = first_position("move", turn=2,
                              test=lambda ch: sum("step" in o for o in ch["options"]) >= 2)
    view = view_of(match, p)
    html = render_game(view, {})
    page = check_choice_offered(view, html)
    steps = [o for o in view["choice"]["options"] if "step" in o]
    _, ringed = pointed(page)
    assert {s["step"] for s in steps} <= ringed & labels(html)
    me = view["thieves"][p]["space"]
    assert me in labels(html)
    walks = emitted(page, "aot-path")
    assert walks, "no farther space offered"
    # choosing a walk redraws the pieces and the prompt, not the city or the spaces
    ui, _ = reduce(view, {}, "aot-path", walks[0])
    before, after = check_regions(html), check_regions(render_game(view, ui))
    assert [n for n in after if after[n] != before[n]] == ["aot-prompt", "aot-tools", "aot-over"]


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_a_multi_step_walk_is_legal(seed):
    def far_move(m, q, ch):
        if ch is None or ch["kind"] != "move" or ch["player"] != q:
            return False
        if m.state["thieves"][q]["where"] != "board":
            return False
        plan = move_plan(m.rules.view(m.state, q))
        return any(len(path) >= 3 and not set(path) & plan["watched"]
                   for path in plan["paths"].values())

    match, p = None, None
    for s in range(seed, seed + 30):
        match, p = drive_until(s, far_move)
        if p is not None:
            break
    assert p is not None
    view = view_of(match, p)
    plan = move_plan(view)
    target, path = next((sp, path) for sp, path in sorted(plan["paths"].items())
                        if len(path) >= 3 and not set(path) & plan["watched"])
    ui, actions = reduce(view, {}, "aot-path", target)
    html = render_game(view, ui)
    assert " → ".join(path) in html
    assert target in labels(html)  # the walk's end is written on the board
    ui, actions = reduce(view, ui, "aot-path-go", None)
    assert actions == [{"step": sp} for sp in path]
    assert "path" not in ui
    for action in actions:
        match.act(p, action)
    assert match.state["thieves"][p]["space"] == target


def test_choose_choice_lists_picks_and_the_default():
    match, p = first_position("choose", test=lambda ch: "default" in ch)
    view = view_of(match, p)
    html = render_game(view, {})
    check_choice_offered(view, html)
    assert "Apply the default" in html


def test_alarm_state_shows_alarm_captains_and_open_district():
    match, p = first_position("declare", turn=2)
    state = match.state
    state["open_district"] = "S"
    t = Table(state)
    raise_alarm(t)
    MACHINE.run(t, after_the_stack)
    viewer = match.rules.to_act(state)[0]
    view = view_of(match, viewer)
    assert view["alarm"]
    html = render_game(view, {"show": {"legend": True, "discard": True, "log": True}})
    page = check_choice_offered(view, html)
    labels = " ".join(a.get("aria-label", "") for _, a in page.elements) + " ".join(page.text)
    assert "Alarm" in html and "GATES OPEN" in html
    assert "captain C1" in labels and "captain C2" in labels


def test_the_final_board_offers_nothing_and_the_result_says_who_won():
    match, bots = start(7)
    while match.rules.result(match.state) is None:
        step(match, bots)
    for viewer in (*range(len(NAMES)), None):
        view = view_of(match, viewer) if viewer is not None else match.rules.view(
            match.state, None)
        assert view["choice"] is None
        html = render_game(view, {})  # the end screen's final board
        parse(html)
        assert 'data-ev="act"' not in html and "Your decision" not in html
    title, why, table = render_result(match.rules.result(match.state), list(NAMES),
                                      match.rules.view(match.state, None))
    assert title and why and "<table" in table


def test_spectator_view_renders():
    match, _ = first_position("resolve", turn=2)
    view = match.rules.view(match.state, None)
    html = render_game(view, {})
    parse(html)
    assert "Your hand" not in html
    vault = next(s for s in BOARD.spaces.values() if "palace_centre" in s.kinds)
    assert f'"aot-home" style="left:{vault.x / 10:.1f}%;top:{vault.y / 10:.1f}%"' in html


def test_names_are_escaped():
    evil = "<script>alert(1)</script>"
    match, bots = start(5, names=(evil, "Bob & Co", '"quoted"'))
    for _ in range(40):
        step(match, bots)
    for viewer in range(3):
        html = render_game(view_of(match, viewer), {"show": {"log": True}})
        parse(html)
        assert "<script>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "Bob &amp; Co" in html


# --- board controls ----------------------------------------------------------------------
def test_zoom_and_pan_change_the_viewbox():
    match, p = first_position("declare")
    view = view_of(match, p)
    assert viewbox({}) == (0, 0, 1000, 1000)
    ui, actions = reduce(view, {}, "aot-zoom", "in")
    assert actions == [] and viewbox(ui)[2] < 1000
    ui, _ = reduce(view, ui, "aot-zoom", "in")
    before = viewbox(ui)
    ui, _ = reduce(view, ui, "aot-pan", "left")
    after = viewbox(ui)
    assert after[0] < before[0] and after[2] == before[2]
    html = render_game(view, ui)
    assert 'viewBox="{:g} {:g} {:g} {:g}"'.format(*after) in html
    for _ in range(10):
        ui, _ = reduce(view, ui, "aot-pan", "left")
    assert viewbox(ui)[0] == 0
    ui, _ = reduce(view, ui, "aot-zoom", "reset")
    assert viewbox(ui) == (0, 0, 1000, 1000)


def test_toggles_open_the_discard_pile_legend_and_log():
    match, p = first_position("declare", turn=3)
    view = view_of(match, p)
    html = render_game(view, {})
    assert "aot-discard" not in html and 'class="aot-legend"' not in html
    ui = {}
    for panel in ("discard", "legend", "cards"):
        ui, _ = reduce(view, ui, "aot-toggle", panel)
    html = render_game(view, ui)
    parse(html)
    assert 'class="aot-discard"' in html and 'class="aot-legend"' in html
    assert "Cunning Plan" in html  # the basic cards' texts
    for kind in set(view["discard"]):
        assert content.cards()[kind]["name"].replace("&", "&amp;").replace("'", "&#x27;") in html


def test_act_events_pass_through():
    match, p = first_position("resolve", turn=2)
    view = view_of(match, p)
    option = view["choice"]["options"][0]
    ui, actions = reduce(view, {"path": {"key": "x", "to": "N01"}}, "act", option)
    assert actions == [option] and "path" not in ui


# --- reading and pointing ------------------------------------------------------------------
def test_the_board_in_words_says_what_stands_on_each_space():
    match, p = first_position("move", turn=2,
                              test=lambda ch: sum("step" in o for o in ch["options"]) >= 2)
    view = view_of(match, p)
    assert 'data-arg="&quot;places&quot;"' in render_game(view, {})  # offered, shut
    html = render_game(view, {"show": {"places": True}})
    check_regions(html)
    spaces = dict(re.findall(r'<li data-ref="(\w+)">([^<]*)</li>', html))
    for gid, w in view["watch"].items():
        assert f"{w['kind']} {L.watch_id(gid)}" in spaces[w["space"]]
    for th in view["thieves"]:
        if th["where"] == "board":
            assert f"thief {th['name']}" in spaces[th["space"]]
    for space, jewels in view["jewels"].items():
        assert all(j in spaces[space] for j in ("green", "yellow") if j in jewels)
    for o in view["choice"]["options"]:
        if "step" in o:
            assert "you can choose it" in spaces[o["step"]]
    # the pictures are hidden from a screen reader, which reads the list and the options
    layers = {name: 'aria-hidden="true"' in tag
              for tag, name in re.findall(r'(<svg[^>]* class="(aot-[\w-]+)"[^>]*>)', html)
              if name != "aot-seat-mark"}
    assert layers == {"aot-board": True, "aot-under": True, "aot-spaces": True,
                      "aot-over": False}


def test_every_drawn_space_and_figure_carries_its_key():
    match, p = first_position("resolve", turn=2)
    view = view_of(match, p)
    page = parse(render_game(view, {}))
    refs = {a["data-ref"] for t, a in page.elements if t == "g" and "data-ref" in a}
    figures = set(view["watch"]) | {f"T{q}" for q, th in enumerate(view["thieves"])
                                    if th["where"] in ("board", "dungeon")}
    assert refs == set(BOARD.spaces) | figures


def _css_rule(selector: str) -> str:
    css = (Path(__file__).parents[2] / "static" / "game.css").read_text(encoding="utf-8")
    sel = re.escape(selector)
    return re.search(rf"(?m)^(?:[^{{\n]*, )?{sel}(?:, [^{{\n]*)? \{{([^}}]*)\}}", css).group(1)


def _luminance(colour: str) -> float:
    if len(colour) == 4:  # #rgb
        colour = "#" + "".join(c * 2 for c in colour[1:])
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_numbers_and_letters_contrast_with_their_shields_and_tokens():
    html = render_game(view_of(*first_position("resolve", turn=2)), {})
    guard = re.search(r'class="aot-fig aot-guard"[^>]*/><text class="([^"]+)"', html).group(1)
    fill = {name: re.search(r"fill: (#[0-9a-fA-F]{3,6})\b", _css_rule(name)).group(1)
            for name in (".aot-guard", ".aot-captain", ".aot-fig-letter",
                         ".aot-fig-letter.aot-light", ".aot-token-down",
                         ".aot-badge-letter.aot-light")}
    assert guard == "aot-fig-letter aot-light"
    assert _contrast(fill[".aot-fig-letter.aot-light"], fill[".aot-guard"]) >= 4.5
    assert _contrast(fill[".aot-fig-letter"], fill[".aot-captain"]) >= 4.5
    assert 'class="aot-badge-letter aot-light"' in html  # the ? of a face-down city token
    assert _contrast(fill[".aot-badge-letter.aot-light"], fill[".aot-token-down"]) >= 4.5
    captain = {"watch": {"k01": {"kind": "captain", "space": "N07"}}, "flags": {}}
    assert 'class="aot-fig-letter"' in watch_figure(captain, "k01", 0, 0, 14)


def test_hand_cards_are_keyed_to_slide_and_the_board_opens_at_the_thief():
    match, p = first_position("resolve", turn=2)
    view = view_of(match, p)
    html = render_game(view, {})
    keys = re.findall(r'data-key="card:([^"]+)" data-place="hand"', html)
    assert keys == [c["id"] for c in view["thieves"][p]["hand"]] and keys
    space = BOARD.spaces[view["thieves"][p]["space"]]
    assert f'left:{space.x / 10:.1f}%;top:{space.y / 10:.1f}%' in html


class Named(HTMLParser):
    """The accessible name and the visible text (what is not an SVG ``title``) of every button
    with an ``aria-label``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict, list]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.open.append((tag, dict(attrs), []))

    def handle_endtag(self, tag):
        tag, attrs, text = self.open.pop()
        if "aria-label" in attrs and "button" in (tag, attrs.get("role")):
            self.found.append((attrs["aria-label"], " ".join(text)))

    def handle_data(self, data):
        if not any(tag == "title" for tag, _, _ in self.open):
            for _, _, text in self.open:
                text.append(data)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_named_element_says_the_words_it_shows(language):
    """axe's label-content-name-mismatch: the visible words of a named control come in its
    name in the same order (the farther spaces' badges, 'G', 'Gr', lie outside them)."""
    def far_badge(m, q, ch):
        if ch is None or ch["kind"] != "move" or ch["player"] != q:
            return False
        view = m.rules.view(m.state, q)
        plan = move_plan(view)
        near = {o["step"] for o in ch["options"] if "step" in o}
        lettered = set(view["jewels"]) | {sp for sp, t in view["tokens"].items() if t}
        return bool(lettered & (set(plan["paths"]) - near))

    match, p = next(found for seed in range(1, 60)
                    if (found := drive_until(seed, far_badge))[1] is not None)
    i18n.activate(language)
    html = render_game(view_of(match, p), {})
    named = Named()
    named.feed(html)
    assert 'data-ev="aot-path"' in html
    for name, text in named.found:
        shown, said = _words(text), _words(name)
        assert not shown or any(said[i:i + len(shown)] == shown for i in range(len(said))), \
            (name, text)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_guard_is_spelled_as_its_shield_shows_it(language):
    match, p = first_position("resolve", turn=2)
    view = view_of(match, p)
    i18n.activate(language)
    html = render_game(view, {"show": {"places": True, "log": True}})
    page = parse(html)
    said = " ".join(page.text) + " ".join(a.get("aria-label", "") for _, a in page.elements)
    shields = re.findall(r'class="aot-fig aot-(?:guard|captain)"[^>]*/><text [^>]*>([^<]+)<',
                         html)
    assert sorted(shields) == sorted(L.watch_id(g) for g in view["watch"]) and shields
    for gid, w in view["watch"].items():
        assert f"{L.watch_kind(w['kind'])} {L.watch_id(gid)}" in said
        # never 'g01' beside the shield's 'g1'
        assert L.watch_id(gid) == gid or not re.search(rf"\b{gid}\b", said), gid
    letter = L.figure_letter("guard")
    assert L.watch_id("g06") == f"{letter}6" and L.watch_id("k01") == \
        f"{L.figure_letter('captain')}1"
    prompt = say({"msg": "move_ask", "args": {"figure": "g06", "count": 2}}, list(NAMES))
    assert f" {letter}6:" in prompt


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_move_hint_suits_a_touch_screen(language):
    match, p = first_position("move", turn=2)
    i18n.activate(language)
    html = render_game(view_of(match, p), {})
    prompt = re.search(r'<section class="aot-panel aot-prompt.*?</section>', html, re.S).group()
    assert "aot-muted" in prompt and not re.search(r"\b(click|klick)", prompt, re.I)


def test_the_end_table_scrolls_and_names_the_best_burglar_beside_the_thief():
    result = {"outcome": "escape", "winner": 1, "reason": "vp", "table": [
        {"player": 1, "thief": "zain", "vp": 7, "escaped": True, "jewels": ["green", "green"],
         "best_burglar": False},
        {"player": 0, "thief": "joanne", "vp": 3, "escaped": False,
         "jewels": ["emperor", "yellow"], "best_burglar": True}]}
    _, _, table = render_result(result, ["Ann", "Bob"],
                             {"escaped": [1], "emperor_taken": True})
    page = parse(table)
    region = page.elements[0][1]
    assert region["class"] == "scrolls" and region["tabindex"] == "0" \
        and region["role"] == "region" and region["aria-label"] == "Final standings"
    assert sum(a.get("scope") == "col" for _, a in page.elements) == 4  # fits a phone
    rows = re.findall(r'<th scope="row">(.*?)</th>', table)
    assert "Best Burglar" in rows[1] and "Joanne" in rows[1] and "Best Burglar" not in rows[0]


def test_a_phone_board_opens_at_the_mover_or_at_an_offered_space():
    match, p = first_position("move", turn=2)
    view = view_of(match, p)
    assert home_space(view, {}) == move_plan(view)["origin"] == view["thieves"][p]["space"]
    match, p = first_position("choose", test=lambda ch: any(
        o.get("pick") in BOARD.spaces for o in ch["options"]))
    view = view_of(match, p)
    offered = {o["pick"] for o in view["choice"]["options"]}
    home = BOARD.spaces[home_space(view, {})]
    assert home_space(view, {}) in offered
    assert f'"aot-home" style="left:{home.x / 10:.1f}%;top:{home.y / 10:.1f}%"' in \
        render_game(view, {})


# --- the goal, the clock and the end (a play-test saw "Nobody wins" come out of nowhere) ----
def _said(html: str) -> str:
    """Every text and accessible name of the page, as a screen reader or an eye meets it."""
    page = parse(html)
    titles = re.findall(r"<title>([^<]*)</title>", html)
    return " ".join(page.text + titles + [a.get("aria-label", "") for _, a in page.elements])


def _alarm_match(district: str = "S"):
    """A declaration of a random game's turn 2, its Emperors' Jewel gone and the alarm
    raised for ``district``: (match, the seat to declare)."""
    match, p = first_position("declare", turn=2)
    state = match.state
    state["emperor_taken"], state["open_district"] = True, district
    state["jewels"].pop(next(sp for sp, s in BOARD.spaces.items() if "palace_centre" in s.kinds))
    t = Table(state)
    raise_alarm(t)
    MACHINE.run(t, after_the_stack)
    return match, match.rules.to_act(state)[0]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_status_counts_the_turns_left_and_names_the_last_one(language):
    match, p = first_position("declare", turn=2)
    state = match.state
    i18n.activate(language)
    calm = len(state["calm_deck"]) + 1
    html = render_game(view_of(match, p), {})
    assert i18n.ngettext("{n} Calm turn left", "{n} Calm turns left", calm).format(
        n=f"<strong>{calm}</strong>") in html
    assert i18n._("Goal: take the Emperors' Jewel from the vault and get out of the city "
                  "with it. If the Calm deck runs out before anyone takes it, every thief "
                  "loses.") in _said(html)
    state["calm_deck"] = []
    assert i18n._("Last Calm turn") in render_game(view_of(match, p), {})

    match, p = _alarm_match()
    state = match.state
    left = len(state["alarm_deck"]) + 1
    html = render_game(view_of(match, p), {})
    assert i18n.ngettext("{n} turn left", "{n} turns left", left).format(
        n=f"<strong>{left}</strong>") in html
    state["alarm_deck"] = []
    html = render_game(view_of(match, p), {})
    assert i18n._("Last turn!") in html
    goal = _said(html)
    assert L.district("S") in goal and "S39" in goal and "S40" in goal
    assert ("Emperors' Jewel you win at once" if language == "en"
            else "Mit dem kaiserlichen Juwel gewinnst du sofort") in goal


def test_the_clock_counts_the_alarm_deck_once_the_jewel_is_gone():
    """Between the theft and the alarm the turns left are this Calm turn and the Alarm deck;
    the gates are named as opening with the alarm."""
    match, p = first_position("declare", turn=2)
    state = match.state
    state["emperor_taken"], state["open_district"], state["raise_alarm"] = True, "N", True
    html = render_game(view_of(match, p), {})
    left = len(state["calm_deck"]) + 1 + len(state["alarm_deck"])
    assert f"<strong>{left}</strong> turns left" in html and "Calm turns" not in html
    assert "open when the alarm sounds next turn" in html
    assert "gate that opens with the alarm next turn: the way out of the city" in _said(html)
    assert "open gate: leave the city here to win" not in _said(html)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_open_gates_are_marked_and_named_as_the_way_out(language):
    match, p = _alarm_match("W")
    i18n.activate(language)
    view = view_of(match, p)
    html = render_game(view, {"show": {"places": True, "legend": True}})
    gates = BOARD.gates_of("W")
    assert html.count('class="aot-exit-ring"') == len(gates) + 1  # and the legend's
    note = i18n._("open gate: leave the city here to win")
    for gate in gates:
        marked = re.search(rf'data-ref="{gate}"[^>]*><title>([^<]*)</title><circle '
                           r'class="aot-exit-ring"', html)
        assert marked and note in marked.group(1), gate
        listed = re.search(rf'<li data-ref="{gate}">([^<]*)</li>', html)
        assert listed and note in listed.group(1), gate
    closed = [g for g in BOARD.of_kind("gate") if g not in gates]
    assert all(note not in t for t in re.findall(
        rf'data-ref="(?:{"|".join(closed)})"[^>]*><title>([^<]*)<', html))


def test_the_status_shows_who_holds_which_jewels_and_their_worth_on_leaving():
    match, p = _alarm_match()
    state = match.state
    ann, bob, cy = state["thieves"]
    ann.update(jewels=["emperor", "green"], best_burglar=True)
    bob["jewels"] = ["yellow", "green"]
    cy.update(where="escaped", space=None, jewels=["green"])
    state["escaped"] = [2]
    html = render_game(view_of(match, p), {})
    parse(html)
    loot = unescape(re.sub(r"<[^>]+>", "", re.search(r'<ul class="aot-loot"[^>]*>(.*?)</ul>',
                                                     html)[1]))
    assert "Ann: Emperors' Jewel, green jewel · wins at once on leaving" in loot
    assert "Bob: yellow jewel, green jewel · 3 VP on leaving" in loot
    assert "Cy: green jewel · got out with 2 VP" in loot


def _ended(match: Match, escaped=(), vp=()) -> tuple[str, str]:
    """The engine ends ``match`` now (its event deck run out) with the thieves ``escaped``
    carrying ``vp`` in green jewels: the end screen's (title, why)."""
    from engine.age_of_thieves.phases import end_game

    state = match.state
    for p, green in zip(escaped, vp, strict=True):
        state["thieves"][p].update(where="escaped", space=None, jewels=["green"] * green)
    state["escaped"] = list(escaped)
    state["stack"], state["waiting"] = [], []
    end_game(Table(state))
    title, why, _table = render_result(state["result"], list(NAMES), match.rules.view(state, None))
    return title, why


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_end_says_exactly_why_nobody_won(language):
    i18n.activate(language)
    match, bots = start(7)  # random bots never steal the Emperors' Jewel: the Calm deck ends
    while match.rules.result(match.state) is None:
        step(match, bots)
    assert not match.state["emperor_taken"]
    title, why, _table = render_result(match.rules.result(match.state), list(NAMES),
                                       match.rules.view(match.state, None))
    assert title == i18n._("Nobody wins")
    assert why == i18n._("The Calm deck ran out before any thief took the Emperors' Jewel "
                         "from the vault: every thief loses.")
    view = view_of(match, 0)
    assert why in _said(render_game(view, {}))  # the final board's status says it too

    match, p = _alarm_match()
    title, why = _ended(match)
    assert title == i18n._("Nobody wins")
    assert why == i18n._("No thief left the city through an open gate before the Alarm deck "
                         "ran out: every thief still in the city loses.")
    for text in (why, _said(render_game(view_of(match, p), {}))):
        assert "caught" not in text and "gefasst" not in text and "festgenommen" not in text


def test_the_end_says_why_an_escaped_thief_won():
    match, p = _alarm_match()
    assert _ended(match, [1], [0]) == (
        "Bob wins!", "They were the only thief to get out of the city before the Alarm deck "
        "ran out.")
    match, p = _alarm_match()
    assert _ended(match, [2, 0], [1, 2]) == (
        "Ann wins!", "They got out of the city with the most victory points.")
    match, p = _alarm_match()
    assert _ended(match, [2, 0], [2, 2])[1] == (
        "The VP were tied; the tie was broken by: left the city first.")
