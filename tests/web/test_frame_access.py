"""The shared frame for phones, focus and assistive technology: the menu's settings folded in
one control, the start button kept in view, long lists in scrolling regions, and the screen key
that tells the page when to move the focus to a new screen's title."""

import re

from webutil import start_table

from engine.core.rng import Rng, seed_state
from web.app import App


def act_first(app: App) -> None:
    """The person at the screen takes the first option that is not a pass (through the
    page's event)."""
    if app.screen == "handover":
        app.handle("handover-ok")
    options = app.match.rules.choice(app.match.state, app.hot.viewer)["options"]
    app.handle("act", next((o for o in options if "pass" not in o), options[0]))


def test_the_settings_are_one_disclosure_in_the_menu_with_a_name(make_app):
    html = make_app().render()
    nav = re.search(r'<nav class="appnav".*?</nav>', html, re.S).group(0)
    settings = re.search(r'<details class="settings">.*?</details>', nav, re.S).group(0)
    assert '<summary aria-label="Settings">' in settings
    assert 'id="motion"' in settings and 'id="language-de"' in settings
    for ident in ("nav-start", "nav-saves", "nav-help"):  # the menu's row, never folded
        assert f'id="{ident}"' in nav and f'id="{ident}"' not in settings


def test_the_start_button_is_the_one_kept_in_view(make_app):
    html = make_app().render()
    assert re.search(r'<p class="actions start-actions"><button [^>]*id="start-game"', html)


def test_what_happened_since_scrolls_as_a_named_focusable_region(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    while app.screen != "handover" or app.hot.next_human() != 0 \
            or app.match.last_decision(0) is None:  # back to P0 after both have decided
        act_first(app)
    app.handle("handover-ok")
    html = app.render()
    region = re.search(r'<details class="since".*?</details>', html, re.S).group(0)
    assert re.search(r'<div class="scrolls" tabindex="0" role="region" '
                     r'aria-label="Since your last decision"><ol><li>', region)


def test_the_screen_key_stays_while_one_person_plays_against_bots(make_app):
    """The page moves the focus to the title only when the key changes: against bots the
    person's screen keeps its key through the bots' moves, so their focus stays put."""
    app = make_app()
    start_table(app, "swindler", ["human", "normal", "normal"])
    rng = Rng(seed_state(3))
    keys = set()
    for _ in range(12):
        while app.bot_step():
            keys.add(app.screen_key())
        keys.add(app.screen_key())
        choice = app.match.rules.choice(app.match.state, app.hot.viewer)
        app.handle("act", choice["options"][rng.below(len(choice["options"]))])
    assert keys == {f"game:{app.hot.save_id}:0"}


def test_the_screen_key_changes_at_a_handover_and_with_the_person(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    seen = []
    while len(seen) < 4:
        key = app.screen_key()
        if not seen or seen[-1] != key:
            seen.append(key)
        act_first(app)
    handover, first, handover_next, second = seen
    assert handover.startswith("handover:") and first.startswith("game:")
    assert handover_next != handover and second != first


def test_the_decision_sheet_folds_for_the_person_holding_the_device_only(make_app):
    """The fold tab says its state (aria-expanded) and folds the game screen's decision; the
    next person to take the device gets the whole sheet again."""
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    app.handle("handover-ok")
    toggle = re.compile(r'<button [^>]*id="sheet-toggle"[^>]*aria-expanded="(\w+)"')
    assert toggle.search(app.render()).group(1) == "true"
    app.handle("sheet")
    html = app.render()
    assert toggle.search(html).group(1) == "false"
    assert 'class="game-screen sheet-folded"' in html
    while app.screen != "handover":
        act_first(app)
    app.handle("handover-ok")
    assert toggle.search(app.render()).group(1) == "true"
