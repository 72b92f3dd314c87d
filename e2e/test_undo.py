"""Undo and 'since your last decision' in a real browser, at phone size: a person takes back a
placement from the handover screen; the next person sees what happened since their own last
decision and watches it on the table."""

import json

from tablehelp import click, open_record, open_table, paints, repainted

PROMPT_BUTTONS = ".crk-prompt button:not([disabled])"


def option(page, pick) -> None:
    """Press the prompt's first option button whose action ``pick`` accepts, else its first
    option (a crook's special action, say)."""
    buttons = page.locator(f'{PROMPT_BUTTONS}[data-ev="act"]').all()
    assert buttons, "a prompt with no option"
    click(page, next((b for b in buttons if pick(json.loads(b.get_attribute("data-arg")))),
                     buttons[0]))


def place_a_crook(page) -> None:
    """Recruit at the first den, take what is offered, place it face up."""
    option(page, lambda a: "den" in a)
    while not page.locator("#handover-ok").count():
        option(page, lambda a: a.get("face") == "up")


def test_a_placement_is_taken_back_and_the_next_person_sees_what_happened(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, site_url)
    click(page, "#game-crooks")
    click(page, "#players-2")
    for i in range(2):
        before = paints(page)
        page.select_option(f"#seat-kind-{i}", "human")
        repainted(page, before)
    click(page, "#start-game")
    click(page, "#handover-ok")
    first = page.inner_text("#screen-title")
    place_a_crook(page)
    placed = len(open_record(page)["actions"])
    assert page.locator("#undo").is_visible()
    click(page, "#undo")
    assert page.inner_text("#screen-title") == first  # back on the same person's screen
    assert len(open_record(page)["actions"]) < placed  # the save was shortened too
    assert "taken back" in page.inner_text("#notice")
    while not page.locator("#handover-ok").count():
        option(page, lambda a: a.get("face") == "up")
    click(page, "#handover-ok")
    option(page, lambda a: "pass" not in a)  # the second person recruits and places
    while not page.locator("#handover-ok").count():
        option(page, lambda a: a.get("face") == "up")
    click(page, "#handover-ok")
    assert page.inner_text("#screen-title") == first
    since = page.locator("details.since")
    assert since.is_visible() and since.locator("li").count() >= 2
    click(page, "#since-replay")
    assert page.locator(".replay-controls").is_visible()
    click(page, "#replay-close")
    assert page.inner_text("#screen-title") == first
