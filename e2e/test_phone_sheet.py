"""A phone held by a group (390×844, German): the decision is a sheet at the foot of the screen
at most a third of it high (a decision of several parts, with its submit row: e2e/
test_decision_layout.py), which folds to its question with a button (aria-expanded): the
play-test's sheet covered 40 % of the screen. After a hand-over the page opens at the top of
the person's view (issue 51), not at what the decision names."""

import pytest
from tablehelp import (
    accessibility_violations,
    click,
    game_link,
    open_link,
    open_table,
)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "locale": "de-DE"}
SHEET = """() => {
  const sheet = document.querySelector('.decision').getBoundingClientRect();
  return {top: sheet.top, height: sheet.height, screen: innerHeight};
}"""
@pytest.mark.parametrize("game", ["age_of_thieves", "swindler", "crooks"])
def test_the_decision_sheet_leaves_two_thirds_of_a_phone_to_what_it_is_about(browser, site_url,
                                                                               game):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_table(page, site_url + "?botdelay=0")
    open_link(page, game_link(game, finished=False))
    while page.wait_for_selector("#handover-ok, .decision").get_attribute("id"):
        click(page, "#handover-ok")
    sheet = page.evaluate(SHEET)
    assert sheet["height"] <= sheet["screen"] / 3, sheet
    assert page.evaluate("scrollY") == 0
    toggle = page.get_by_role("button", name="Alle Wahlmöglichkeiten")
    assert toggle.get_attribute("aria-expanded") == "true"
    options = page.locator('.decision [data-ev="act"]:visible').count()
    assert options > 0
    click(page, toggle)
    folded = page.evaluate(SHEET)
    assert toggle.get_attribute("aria-expanded") == "false"
    assert folded["height"] < 100 and folded["top"] > sheet["top"], folded
    assert page.locator('.decision [data-ev="act"]:visible').count() == 0
    assert page.locator(".decision p").first.is_visible()  # the question stays
    assert not accessibility_violations(page)
    click(page, toggle)
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.evaluate(SHEET) == sheet
    assert page.locator('.decision [data-ev="act"]:visible').count() == options
    context.close()


# the words of each menu button that the browser broke over two lines, or that reach past it
BROKEN_WORDS = """() => [...document.querySelectorAll('.appnav > button')].flatMap((button) => {
  const text = button.firstChild;
  const words = [...text.data.matchAll(/\\S+/g)].filter((word) => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const box = button.getBoundingClientRect();
    const rects = [...range.getClientRects()];
    return rects.length > 1 || rects.some((r) => r.left < box.left || r.right > box.right);
  });
  return words.map((word) => word[0]);
})"""


@pytest.mark.parametrize("width", [390, 360])
def test_the_menu_breaks_no_word_on_a_german_phone(browser, site_url, width):
    """The play-test's menu said "Gespeich-erte Partien": a label breaks between words only,
    on the start screen and with a game open (one more button: back to the game)."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 800}})
    page = context.new_page()
    open_table(page, site_url + "?botdelay=0")
    assert page.inner_text("#nav-saves") == "Gespeicherte Partien"
    for screen in ("start", "saves"):
        if screen == "saves":
            open_link(page, game_link("crooks", finished=False))
            click(page, "#nav-saves")
            assert page.locator(".appnav > button").count() == 4
        assert page.evaluate(BROKEN_WORDS) == [], screen
        assert page.evaluate("document.documentElement.scrollWidth") <= width, screen
    context.close()
