"""The crooks table in a real browser: one person and two bots play a whole 3-player game to the
scoring screen; the person's hand and memory never show another player's face-down crooks."""

import html

from tablehelp import (
    accessibility_violations,
    click,
    focus_by_keyboard,
    open_record,
    open_table,
    start_table,
)

from engine.core.game import Match
from engine.crooks import content

SETTLED = "#handover-ok, .crk-prompt, .screen-end"
BUTTONS = ".crk-prompt button:not([disabled]):not([data-ev=crk-face])"  # face up by default


def hidden_from(match: Match, viewer: int) -> set[str]:
    """Names of the crooks ``viewer`` has not seen: others' face-down crooks, dens, the box."""
    seen = str(match.rules.view(match.state, viewer))
    return {c["name"] for cid, c in content.crooks().items() if f"'{cid}'" not in seen}


def test_a_three_player_game_against_two_bots_reaches_the_scoring(page, site_url):
    open_table(page, site_url)
    start_table(page, "crooks", ["human", "heuristic", "random"])
    decisions = 0
    while True:
        page.wait_for_selector(SETTLED, timeout=60_000)
        if page.locator(".screen-end").count():
            break
        assert not page.locator("#handover-ok").count(), "one person needs no hand-over"
        shown = html.unescape(page.inner_html("#app"))
        match = Match.replay(open_record(page))
        assert not [n for n in hidden_from(match, 0) if n in shown]
        texts = page.locator(BUTTONS).all_inner_texts()
        # recruit from the first den offered, take and place as offered; pass after a while
        pick = 0
        if decisions > 12:
            pick = next((i for i, t in enumerate(texts) if t.startswith(("Pass", "Yes"))), 0)
        click(page, page.locator(BUTTONS).nth(pick))
        decisions += 1
        assert decisions < 200
    end = page.inner_text(".screen-end")
    assert "Final standings" in end and "Outfit gang" in end
    assert end.index("Target 2") < end.index("Target 9") < end.index("Northside gang")
    match = Match.replay(open_record(page))
    assert match.rules.result(match.state)["winners"]


def test_at_phone_size_a_person_plays_a_turn_by_tapping_the_drawn_table(browser, site_url):
    """A tap on a den recruits there, on a card of its stack takes it, on a place in one's own
    column places it face up; hovering an option lights the place it names. The screens fit
    the phone and axe finds nothing serious."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url)
    start_table(page, "crooks", ["human", "heuristic"])
    page.wait_for_selector(".crk-den[data-named]", timeout=60_000)
    for thing in (".crk-den[data-named] >> nth=-1",
                  ".crk-pick:has(button:not([disabled])) .crk-card[data-ref] >> nth=0"):
        assert not accessibility_violations(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        click(page, thing)
    button = page.locator('.crk-prompt [data-ev="act"][data-ref] >> nth=3')
    ref = button.get_attribute("data-ref")
    focus_by_keyboard(page, button)  # a phone has no hover
    assert "lit" in page.get_attribute(f'td[data-ref="{ref}"]', "class")
    assert page.locator("td[data-named]").first.bounding_box()["height"] >= 44
    click(page, f'td[data-ref="{ref}"]')
    target = int(ref.split("-")[1])
    assert [a for p, a in open_record(page)["actions"] if p == 0 and "place" in a][-1] == {
        "place": target, "face": "up"}
    context.close()
