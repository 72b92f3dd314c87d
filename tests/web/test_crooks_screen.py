"""The crooks table in the app (CPython): whole games played through the screen's own buttons,
secrets kept out of another player's HTML, the scoring shown step by step, saves and links."""

import json
import re

from webutil import Buttons, press_buttons, start_table

from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from engine.crooks import content
from web.games.crooks.render import render_game
from web.keep import gamelink as links

NAMES = {c["name"] for c in content.crooks().values()}


def hidden_names(app, viewer: int) -> set[str]:
    """Names of crooks that ``viewer`` may not see now: in other players' hands or face down
    at the targets, in the dens, in the box (unless the viewer saw them or they are face up)."""
    state, rules = app.match.state, app.match.rules
    seen = json.dumps(rules.view(state, viewer))
    ids = set(content.crooks()) - {c for c in content.crooks() if f'"{c}"' in seen}
    return {content.crook(c)["name"] for c in ids} - {
        content.crook(c)["name"] for c in content.crooks() if f'"{c}"' in seen}


def play_through_screen(app, rng: Rng) -> int:
    """The people press random buttons of their screen until the game ends; no screen shows
    a crook its viewer may not see."""
    def look(app, html, buttons):
        leaked = [n for n in hidden_names(app, app.hot.viewer) if n in html]
        assert not leaked, f"{leaked} reach player {app.hot.viewer}'s screen"

    return press_buttons(app, rng, presses=400, look=look,
                         pressable=lambda ev: ev == "act" or ev.startswith("crk-"))


def test_a_three_player_game_with_two_bots_reaches_the_scoring(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "normal", "normal"])
    assert play_through_screen(app, Rng(seed_state(3))) > 0
    html = app.render()
    assert "Target 2" in html and "Outfit gang" in html and "Final standings" in html
    steps = re.findall(r'<span class="crk-step-head">(Target \d|\w+ gang)</span>', html)
    assert steps == [f"Target {v}" for v in range(2, 10)] + [
        "Northside gang", "Westside gang", "Outfit gang"]


def test_hot_seat_keeps_each_players_crooks_secret(make_app):
    for seed in (1, 2):
        app = make_app(seed_source=lambda seed=seed: seed)
        start_table(app, "crooks", ["human", "human"])
        play_through_screen(app, Rng(seed_state(seed)))


def test_the_game_is_saved_and_travels_in_a_link(make_app, storage):
    app = make_app()
    start_table(app, "crooks", ["human", "normal"])
    press_buttons(app, Rng(seed_state(5)), presses=12, to_the_end=False)
    saved = app.saves.load(app.hot.save_id)["record"]
    assert state_hash(Match.replay(saved).state) == state_hash(app.match.state)
    opened = links.decode(links.encode(app.match.record()))
    assert state_hash(opened.state) == state_hash(app.match.state)
    assert [s.game for s in app.saves.list()] == ["crooks"]


def decision(html: str) -> str:
    """The decision panel of a crooks screen."""
    return re.search(r'<section class="crk-prompt decision".*?</section>', html, re.S).group(0)


def test_the_pass_asks_for_a_confirmation_and_its_yes_is_the_first_control():
    """After "Pass…" the focus goes to the decision's first control (web/browser/): that is
    "Yes, pass", and the question alone is asked (no dens to press by mistake)."""
    match = Match.start("crooks", [{"name": "A"}, {"name": "B"}], {}, 4)
    p = match.rules.to_act(match.state)[0]
    view = match.rules.view(match.state, p)
    first = Buttons(render_game(view, {})).events()
    assert ("act", {"pass": True}) not in first and ("crk-pass", True) in first
    from web.games.crooks.render import reduce
    ui, actions = reduce(view, {}, "crk-pass", True)
    html = render_game(view, ui)
    asked = Buttons(decision(html)).found
    assert actions == [] and [(ev, arg) for ev, arg, _ in asked] == [
        ("act", {"pass": True}), ("crk-pass", False)]
    assert asked[0][2] == "Yes, pass" and "Pass for the rest of the game?" in decision(html)
    assert "data-named" not in html  # a tap on a den chooses nothing while asked
    ui, _ = reduce(view, ui, "crk-pass", False)
    assert ("crk-pass", True) in Buttons(decision(render_game(view, ui))).events()
