"""Undo and 'since your last decision' in a real browser, at phone size: a person takes back a
placement from the handover screen; the next person sees what happened since their own last
decision and watches it on the table."""

import json

from tablehelp import click, open_record, open_table, start_table

PROMPT_BUTTONS = ".crk-prompt button:not([disabled])"
RECRUIT = ".crk-prompt .crk-den-btn:not([disabled])"  # a turn's first question


def option(page, pick) -> None:
    """Press the prompt's first option button whose action ``pick`` accepts, else its first
    option (a crook's special action, say)."""
    buttons = page.locator(f'{PROMPT_BUTTONS}[data-ev="act"]').all()
    assert buttons, "a prompt with no option"
    click(page, next((b for b in buttons if pick(json.loads(b.get_attribute("data-arg")))),
                     buttons[0]))


def place_a_crook(page) -> None:
    """Recruit at the first den, take what is offered, place it face up, leave its action
    unused (a Spy's look could not be taken back)."""
    option(page, lambda a: "den" in a)
    while not page.locator("#handover-ok").count():
        option(page, lambda a: a.get("face") == "up" or a.get("use") is False)


def test_a_placement_is_taken_back_and_the_next_person_sees_what_happened(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, site_url)
    start_table(page, "crooks", ["human", "human"])
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
        option(page, lambda a: a.get("face") == "up" or a.get("use") is False)
    click(page, "#handover-ok")
    option(page, lambda a: "pass" not in a)  # the second person recruits and places
    while not page.locator("#handover-ok").count():
        option(page, lambda a: a.get("face") == "up" or a.get("use") is False)
    click(page, "#handover-ok")
    assert page.inner_text("#screen-title") == first
    since = page.locator("details.since")
    assert since.is_visible() and since.locator("li").count() >= 2
    click(page, "#since-replay")
    assert page.locator(".replay-controls").is_visible()
    click(page, "#replay-close")
    assert page.inner_text("#screen-title") == first


def test_against_bots_a_slip_is_taken_back_before_the_bot_moves_and_the_bots_play_on(
        page, site_url):
    """The bot waits while the person could take back (App.bot_pause); after the undo the
    bots play the game as it now is."""
    open_table(page, site_url)  # the usual bot pause
    start_table(page, "crooks", ["human", "normal", "normal"])
    for _turn in range(6):  # until a turn ends with nothing shown (a Spy, say, shows)
        page.wait_for_selector(RECRUIT, timeout=60_000)
        option(page, lambda a: "den" in a)
        while page.locator(f"{PROMPT_BUTTONS}[data-arg*='face']").count() == 0:
            option(page, lambda a: True)
        option(page, lambda a: a.get("face") == "up" or a.get("use") is False)
        if page.locator("#undo:not([aria-disabled])").count():
            break
    else:
        raise AssertionError("no turn could be taken back")
    decided = len(open_record(page)["actions"])
    click(page, "#undo")  # within the bot's longer pause
    assert len(open_record(page)["actions"]) < decided
    option(page, lambda a: a.get("face") == "up")
    for _ in range(100):  # finish the turn (a crook's action), then wait for the bots
        record = open_record(page)["actions"]
        mine_again = page.locator(RECRUIT).count()
        if mine_again and any(p != 0 for p, _a in record[decided - 1:]):
            break
        if not mine_again and page.locator(f"{PROMPT_BUTTONS}[data-ev='act']").count():
            option(page, lambda a: True)
        else:
            page.wait_for_timeout(200)
    else:
        raise AssertionError("the bots did not play on after the undo")
