"""Back, Forward and reload in a real browser (docs/table.md, "Back, Forward and reload"): the
rules page's Back goes to the game, the game's to the start screen with the game kept, Forward
opens it again at its hand-over, and a reload keeps the AP a person placed, for them only."""

import re

from tablehelp import (
    act,
    click,
    declaring,
    open_table,
    paints,
    repainted,
    saves,
    settle,
    start_game,
    viewer_name,
)

FIVE_AP = re.compile(r": 5 AP$")


def went(page, step, selector: str) -> None:
    """Back or Forward (``step``), then the screen ``selector`` drawn by the table."""
    before = paints(page)
    step()
    repainted(page, before)
    page.wait_for_selector(selector)


def in_view(page, locator) -> bool:
    """Inside the viewport and not covered: what a person can press."""
    return page.evaluate("""el => {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        return r.top >= 0 && r.bottom <= innerHeight
            && el.contains(document.elementFromPoint(x, y));
    }""", locator.element_handle())


def test_back_and_forward_stay_in_the_table(page, site_url):
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    settle(page)
    click(page, "#handover-ok")
    assert settle(page) == "prompt"
    rules = page.get_by_role("button", name="Rules & cards")
    click(page, rules)
    page.wait_for_selector(".screen-help")
    went(page, page.go_back, ".screen-game")  # the rules page's Back: the game, as it was
    assert page.url.startswith(site_url)
    went(page, page.go_back, ".screen-start")  # the game's Back: the start screen
    assert page.url.startswith(site_url) and len(saves(page)) == 1
    assert "Ann" in page.inner_text("#app") and "Bob" in page.inner_text("#app")  # to continue
    went(page, page.go_forward, "#handover-ok")  # Forward: the game again, at its hand-over
    handover = page.locator("#handover-ok")
    assert in_view(page, handover)
    went(page, page.go_forward, ".screen-help")
    went(page, page.go_back, "#handover-ok")
    assert len(saves(page)) == 1


def test_a_reload_keeps_the_ap_placed_for_its_seat(page, site_url):
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    for _ in range(20):
        if settle(page) == "handover":
            click(page, "#handover-ok")
        elif declaring(page):
            break
        else:
            act(page, 0)
    planner = viewer_name(page)
    five = page.get_by_role("button", name=FIVE_AP).first
    click(page, five)
    assert five.get_attribute("aria-pressed") == "true"
    page.reload()
    handover = page.locator("#handover-ok")
    handover.wait_for()  # nobody's screen without the hand-over, which names who held it
    assert planner in handover.inner_text() and in_view(page, handover)
    click(page, handover)
    settle(page)
    five = page.get_by_role("button", name=FIVE_AP).first
    assert viewer_name(page) == planner and five.get_attribute("aria-pressed") == "true"
    assert in_view(page, five)
