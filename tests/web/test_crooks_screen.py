"""The crooks table in the app (CPython): whole games played through the screen's own buttons,
secrets kept out of another player's HTML, the scoring shown step by step, saves and links."""

import json
import re
from html.parser import HTMLParser

from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from engine.crooks import content
from web import links
from web.crooks.render import render_game

NAMES = {c["name"] for c in content.crooks().values()}


class Buttons(HTMLParser):
    """The enabled buttons of a screen: (data-ev, data-arg as JSON)."""

    def __init__(self, html: str):
        super().__init__()
        self.found = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" and "disabled" not in a and a.get("data-ev"):
            self.found.append((a["data-ev"], json.loads(a["data-arg"]) if "data-arg" in a
                               else None))


def start(app, kinds: list[str]) -> None:
    app.handle("setup-game", "crooks")
    app.handle("setup-players", len(kinds))
    for i, kind in enumerate(kinds):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": f"P{i}"})
    app.handle("start-game")
    assert app.match is not None and app.match.game == "crooks", app.notice


def hidden_names(app, viewer: int) -> set[str]:
    """Names of crooks that ``viewer`` may not see now: in other players' hands or face down
    at the targets, in the dens, in the box (unless the viewer saw them or they are face up)."""
    state, rules = app.match.state, app.match.rules
    seen = json.dumps(rules.view(state, viewer))
    ids = set(content.crooks()) - {c for c in content.crooks() if f'"{c}"' in seen}
    return {content.crook(c)["name"] for c in ids} - {
        content.crook(c)["name"] for c in content.crooks() if f'"{c}"' in seen}


def play_through_screen(app, rng: Rng) -> int:
    """The humans press random enabled buttons of their screen until the game ends."""
    presses = 0
    while app.screen != "end":
        assert presses < 400
        if app.screen == "handover":
            app.handle("handover-ok")
            continue
        if app.pending_bot() is not None:
            app.bot_step()
            continue
        html = app.render()
        viewer = app.viewer
        leaked = [n for n in hidden_names(app, viewer) if n in html]
        assert not leaked, f"{leaked} reach player {viewer}'s screen"
        buttons = [b for b in Buttons(html).found if b[0] == "act" or b[0].startswith("crk-")]
        assert buttons, "a decision with no button"
        ev, arg = buttons[rng.below(len(buttons))]
        app.handle(ev, arg)
        presses += 1
    return presses


def test_a_three_player_game_with_two_bots_reaches_the_scoring(make_app):
    app = make_app()
    start(app, ["human", "heuristic", "random"])
    assert play_through_screen(app, Rng(seed_state(3))) > 0
    html = app.render()
    assert "Target 2" in html and "Outfit gang" in html and "Final standings" in html
    steps = re.findall(r'<tr><th scope="row">(Target \d|\w+ gang)</th>', html)
    assert steps == [f"Target {v}" for v in range(2, 10)] + [
        "Northside gang", "Westside gang", "Outfit gang"]


def test_hot_seat_keeps_each_players_crooks_secret(make_app):
    for seed in (1, 2):
        app = make_app(seed_source=lambda seed=seed: seed)
        start(app, ["human", "human"])
        play_through_screen(app, Rng(seed_state(seed)))


def test_the_game_is_saved_and_travels_in_a_link(make_app, storage):
    app = make_app()
    start(app, ["human", "heuristic"])
    rng = Rng(seed_state(5))
    for _ in range(12):
        if app.screen == "handover":
            app.handle("handover-ok")
        elif app.pending_bot() is not None:
            app.bot_step()
        else:
            buttons = [b for b in Buttons(app.render()).found if b[0] == "act"]
            app.handle(*buttons[rng.below(len(buttons))])
    saved = app.saves.load(app.save_id)["record"]
    assert state_hash(Match.replay(saved).state) == state_hash(app.match.state)
    opened = links.decode(links.encode(app.match.record()))
    assert state_hash(opened.state) == state_hash(app.match.state)
    assert [s.game for s in app.saves.list()] == ["crooks"]


def test_the_pass_asks_for_a_confirmation():
    match = Match.start("crooks", [{"name": "A"}, {"name": "B"}], {}, 4)
    p = match.rules.to_act(match.state)[0]
    view = match.rules.view(match.state, p)
    first = Buttons(render_game(view, {})).found
    assert ("act", {"pass": True}) not in first and ("crk-pass", True) in first
    from web.crooks.render import reduce
    ui, actions = reduce(view, {}, "crk-pass", True)
    assert actions == [] and ("act", {"pass": True}) in Buttons(render_game(view, ui)).found
