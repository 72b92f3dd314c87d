"""Moving pieces in the browser (docs/motion.md): figures walk after bot and guard moves, not
with prefers-reduced-motion nor with the setting "off"; the replay steps with the arrow keys."""

import json

import pytest
from tablehelp import (
    ACTS,
    READY,
    click,
    game_link,
    open_link,
    paints,
    repainted,
    settle,
)

from engine.core.game import Match
from web.keep import gamelink as links

MOVING = "document.querySelectorAll('#app [data-moving]').length"
ANIMATIONS = "document.getAnimations().length"


def guards_move():
    """(the finished game's link, a decision of it after which at least two guards stand
    elsewhere)."""
    fragment = game_link("age_of_thieves", finished=True)
    played = links.decode(fragment)
    match = Match.start(played.game, played.seats, played.options, played.seed)
    for k, (player, action) in enumerate(played.actions):
        before = {g: w["space"] for g, w in match.state["watch"].items()}
        match.act(player, action)
        after = match.state["watch"]
        if sum(1 for g in before if g in after and after[g]["space"] != before[g]) >= 2:
            return fragment, k
    raise AssertionError("no two guards moved")


def press(page, key: str) -> None:
    before = paints(page)
    page.keyboard.press(key)
    repainted(page, before)


def title(page) -> str:
    return page.inner_text("#screen-title")


def replay_at(page, site_url: str, fragment: str, k: int) -> None:
    """The replay of the game in ``fragment``, ``k`` decisions in, reached with the keys."""
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    open_link(page, fragment)
    click(page, "#watch-replay")
    for _ in range(k // 10):
        click(page, "#replay-ten")
    page.locator("body").click(position={"x": 2, "y": 2})  # the focus on no control
    for _ in range(k % 10):
        press(page, "ArrowRight")
    assert f"decision {k} of" in title(page)


def test_guards_walk_in_the_replay_and_the_arrow_keys_step_it(page, site_url):
    fragment, k = guards_move()
    replay_at(page, site_url, fragment, k)
    press(page, "ArrowRight")  # the decision after which the guards move
    assert f"decision {k + 1} of" in title(page)
    page.wait_for_function(f"{MOVING} > 0", timeout=2_000)
    assert page.evaluate(ANIMATIONS) > 0
    # a moving piece takes no tap: one meant for a button beneath it reaches the button
    assert page.evaluate("[...document.querySelectorAll('#app [data-moving]')].every("
                         "el => getComputedStyle(el).pointerEvents === 'none')")
    page.wait_for_function(f"{MOVING} === 0 && {ANIMATIONS} === 0", timeout=5_000)
    press(page, "ArrowLeft")
    assert f"decision {k} of" in title(page)
    press(page, "End")
    assert "decision" in title(page) and page.locator("#replay-next").is_disabled()
    press(page, "Home")
    assert "decision 0 of" in title(page)
    # not while typing: the motion setting keeps its own keys
    page.focus("#motion")
    page.keyboard.press("ArrowRight")
    assert "decision 0 of" in title(page)


@pytest.mark.parametrize("how", ["reduce", "off"])
def test_nothing_moves_with_reduced_motion_or_the_setting_off(browser, site_url, how):
    context = browser.new_context(reduced_motion="reduce" if how == "reduce" else
                                  "no-preference")
    page = context.new_page()
    fragment, k = guards_move()
    replay_at(page, site_url, fragment, k)
    if how == "off":
        before = paints(page)
        page.select_option("#motion", "off")
        repainted(page, before)
        assert page.evaluate("document.documentElement.dataset.motion") == "off"
    started = page.get_attribute("#app", "data-motions")  # while it moved (the off case)
    press(page, "ArrowRight")
    assert f"decision {k + 1} of" in title(page)
    page.wait_for_timeout(100)
    assert page.evaluate(MOVING) == 0 and page.evaluate(ANIMATIONS) == 0
    assert page.get_attribute("#app", "data-motions") == started
    assert how == "off" or started is None
    context.close()


def figures_at(match: Match) -> dict:
    view = match.rules.view(match.state, None)
    return {**{g: w["space"] for g, w in view["watch"].items()},
            **{f"T{p}": th.get("space") for p, th in enumerate(view["thieves"])}}


def a_decision_that_moves_guards() -> tuple[str, dict]:
    """(a link to an Age of Thieves game of one person and two bots at the person's decision,
    an option of it on the screen after which at least two figures stand elsewhere)."""
    from engine.simulate import make_bot
    from web.games.aot.render import render_game

    seats = [{"name": "Ann"}, {"name": "Bo", "bot": "normal"},
             {"name": "Cy", "bot": "normal"}]
    for seed in range(1, 20):
        match = Match.start("age_of_thieves", seats, {}, seed)
        bots = [make_bot("normal", "age_of_thieves", seed * 8 + i) for i in range(3)]
        rules = match.rules
        while rules.result(match.state) is None:
            p = rules.to_act(match.state)[0]
            view = rules.view(match.state, p)
            action = bots[p].decide(view, rules.choice(match.state, p))
            arg = json.dumps(action, separators=(",", ":")).replace('"', "&quot;")
            offered = p == 0 and f'data-ev="act" data-arg="{arg}"' in render_game(view, {})
            link = links.encode(match.record()) if offered else None
            before = figures_at(match)
            match.act(p, action)
            after = figures_at(match)
            if offered and sum(1 for f in before if after.get(f) != before[f]) >= 2:
                return link, action
    raise AssertionError("no decision of the person moves two figures")


def test_guards_are_seen_moving_in_a_game(page, site_url):
    fragment, action = a_decision_that_moves_guards()
    # a bot's next move waits for the pieces to arrive (with no pause at all it would not)
    page.goto(site_url + "?botdelay=50" + fragment)
    page.wait_for_selector(READY, timeout=90_000)
    assert settle(page) == "prompt"
    arg = json.dumps(action, separators=(",", ":"))
    click(page, page.locator(f'{ACTS}[data-arg=\'{arg}\']').first)
    page.wait_for_function(f"{MOVING} > 0", timeout=2_000)
    assert int(page.get_attribute("#app", "data-motions")) >= 2
    # a repaint in the middle leaves nothing displaced
    page.wait_for_function(f"{ANIMATIONS} === 0", timeout=5_000)
    assert page.evaluate(MOVING) == 0
