"""Learn to play Swindler in the browser (web/lesson.py, web/lessons/swindler.py): the guided
part completed on a phone-sized screen in German using only the guided buttons (a wrong one
first, refused with "not yet"), what the tutor points at lit on the table and the taught
option marked (it alone), axe-clean at the first and the last step. The free part (the rest
of a whole game) is left: its tutor's line is checked, and the game goes on."""

import json
import time

from tablehelp import accessibility_violations, click, open_table

from web import lesson

PHONE = {"width": 390, "height": 844}
OPTIONS = '.swd-prompt [data-ev="act"]:not([disabled])'


def taught_button(page, teach):
    for button in page.locator(OPTIONS).all():
        if json.loads(button.get_attribute("data-arg")) == teach:
            return button
    raise AssertionError(f"no button for {teach}")


def tutor(page) -> str:
    return page.inner_text(".tutor")


def test_the_swindler_lesson_on_a_phone_in_german(browser, site_url):
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    open_table(page, site_url)
    click(page, "#game-swindler")
    click(page, "#learn")
    began = time.monotonic()
    steps = lesson.of_game("swindler").steps
    for number, step in enumerate(steps, 1):
        page.wait_for_selector(f'.tutor:has-text("Schritt {number} von {len(steps)}")',
                               timeout=30_000)
        page.wait_for_selector(OPTIONS)
        assert "{" not in tutor(page)  # every name filled in
        if step.point:  # lit on the table (and on its option, if one names it)
            assert page.locator(f'.taught[data-ref~="{step.point}"]').count() >= 1
        if number in (1, len(steps)):
            assert not accessibility_violations(page)
        if number == 1:
            click(page, f'{OPTIONS}[data-ref="O01"]')  # not what the tutor says
            assert page.inner_text(".tutor .not-yet") == \
                "Noch nicht: Reserviere Auftrag O03."
            assert f"Schritt 1 von {len(steps)}" in tutor(page)
            assert page.locator(f'{OPTIONS}[data-ref="O03"].taught').count() == 1
        taught = taught_button(page, step.teach)
        assert "taught" in (taught.get_attribute("class") or "")  # even naming nothing
        assert page.locator(f"{OPTIONS}.taught").count() == 1  # and no other option
        click(page, taught)
    page.wait_for_selector('.tutor:has-text("Das war der geführte Teil")', timeout=30_000)
    assert "{" not in tutor(page)
    print(f"the Swindler lesson's guided part, a scripted learner: "
          f"{time.monotonic() - began:.0f} s")
    page.wait_for_selector(OPTIONS)  # the game goes on: the learner's third turn
    context.close()
