"""Swindler in a real browser: one person against the heuristic bot plays a whole 2-player game
to the end screen, with the skull odds shown at every draw-again decision; on a phone an option
and the order it names point at each other, and a reward's neutral tile may be declined."""

import re

from tablehelp import (
    accessibility_violations,
    click,
    focus_by_keyboard,
    link_where,
    open_link,
    open_record,
    open_table,
    paints,
    repainted,
)

from engine.core.game import Match

SETTLED = "#handover-ok, .swd-prompt, .screen-end"
BUTTONS = ".swd-prompt button"


def test_a_two_player_game_against_a_bot_reaches_the_end(page, site_url):
    open_table(page, site_url + "?botdelay=0")  # the whole game: bots without a pause
    click(page, "#game-swindler")
    before = paints(page)
    page.select_option("#seat-kind-1", "normal")
    repainted(page, before)
    click(page, "#start-game")
    decisions, draws = 0, 0
    while True:
        page.wait_for_selector(SETTLED, timeout=60_000)
        if page.locator(".screen-end").count():
            break
        assert not page.locator("#handover-ok").count(), "one person needs no hand-over"
        ask = page.inner_text(".swd-ask")
        texts = page.locator(BUTTONS).all_inner_texts()
        pick = 0
        if ask.startswith("Step 1"):  # reserve one order now and then, else go stealing
            reserve = [i for i, t in enumerate(texts) if t.startswith("Reserve")]
            pick = reserve[0] if reserve and decisions % 4 == 0 else texts.index(
                "Done: go stealing")
        elif ask.startswith("Step 5"):
            pick = texts.index("End my turn")
        elif ask.startswith("Draw again"):
            draws += 1
            odds = page.inner_text(".swd-odds")
            assert re.search(r"\d+% chance of a skull on the next draw", odds), odds
            chance = int(re.search(r"(\d+)% chance", odds).group(1))
            if chance > 15 or draws % 3 == 0:
                pick = texts.index("Stop and keep what I have")
        click(page, page.locator(BUTTONS).nth(pick))
        decisions += 1
        assert decisions < 600
    assert draws > 0
    end = page.inner_text(".screen-end")
    assert "Final standings" in end and "for each order still reserved" in end
    match = Match.replay(open_record(page))
    assert match.rules.result(match.state)["winners"]


def test_at_a_hot_seat_table_a_person_asks_for_the_device_out_of_turn(page, site_url):
    """The button for each other person is on the screen of the one at the device; pressing it
    hands the device over, and the other person can give it back."""
    open_table(page, site_url)
    click(page, "#game-swindler")
    click(page, "#players-2")
    page.check("#opt-masters-off")
    click(page, "#start-game")
    click(page, "#handover-ok")
    page.wait_for_selector(".swd-prompt")
    assert page.inner_text("#standing-1") == "Player 2 wants to play a card now"
    click(page, "#standing-1")
    assert "Pass the device to Player 2" in page.inner_text("#app")
    click(page, "#handover-ok")
    page.wait_for_selector(".swd-prompt")
    assert "Out of turn" in page.inner_text(".swd-prompt")
    click(page, page.locator(".swd-prompt button", has_text="give the device back"))
    assert "Pass the device to Player 1" in page.inner_text("#app")
    click(page, "#handover-ok")
    assert page.locator("#standing-1").count() == 1


def test_on_a_phone_an_option_and_its_order_point_at_each_other(browser, site_url):
    """At 390 px: the orders follow the decision, nothing is wider than the screen, no serious
    accessibility fault; focusing "Reserve: …" lights its order card, and a tap on another
    order card reserves that one."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url)
    click(page, "#game-swindler")
    page.check("#opt-masters-off")
    page.select_option("#seat-kind-1", "normal")
    click(page, "#start-game")
    page.wait_for_selector(".swd-prompt")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert accessibility_violations(page) == []
    below = page.evaluate("""() => [...document.querySelectorAll('.swd-prompt-area, .swd-panel')]
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
        .map(el => el.dataset.region)""")
    assert below[:2] == ["swd-prompt", "swd-orders"], below
    reserve = page.locator(".swd-prompt button", has_text="Reserve:")
    first, second = (reserve.nth(i).get_attribute("data-ref") for i in (0, 1))
    focus_by_keyboard(page, reserve.nth(0))
    assert "lit" in page.locator(f'li.swd-order[data-ref="{first}"]').get_attribute("class")
    before = paints(page)
    page.locator(f'li.swd-order[data-ref="{second}"] .swd-order-head').tap()
    repainted(page, before)
    assert "reserved by Player 1" in page.inner_text(f'li.swd-order[data-ref="{second}"]')
    context.close()


def choosing_a_neutral_tile(match) -> bool:
    return match.state["stack"][-1]["do"] == "neutral"


def test_on_a_phone_a_rewards_neutral_tile_is_a_tap_or_none(browser, site_url):
    """Rules revision 3 ("darfst du dir ... nehmen"): the tiles of the supply, one button each,
    and "Take none", all on a 390 px screen; "Take none" leaves the supply as it was."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url)
    open_link(page, link_where("swindler", choosing_a_neutral_tile))
    if page.locator("#handover-ok").count():
        click(page, "#handover-ok")
    page.wait_for_selector(".swd-prompt")
    assert page.inner_text(".swd-ask") == ("You may take a neutral loot tile of your choice "
                                          "from the supply, or none")
    texts = page.locator(BUTTONS).all_inner_texts()
    assert texts[-1] == "Take none" and all(t.startswith("the neutral ") for t in texts[:-1])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert accessibility_violations(page) == []
    supply = page.inner_text(".swd-supply")
    click(page, page.locator(BUTTONS, has_text="Take none"))
    page.wait_for_function("!document.querySelector('.swd-ask') || !document.querySelector("
                           "'.swd-ask').innerText.startsWith('You may take a neutral')")
    assert page.inner_text(".swd-supply") == supply
    assert "leaves the neutral tile in the supply" in page.inner_text("#app")
    context.close()
