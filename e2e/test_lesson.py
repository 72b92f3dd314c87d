"""Learn to play in the browser (web/lesson.py): the Crooks lesson completed on a phone-sized
screen in German using only the guided buttons (a wrong one first, refused with "not yet"),
what the tutor points at lit on the table, axe-clean, and played on to the end; on the way,
a decision's "why these options?" and a tapped crook's whole text."""

import json
import time

from tablehelp import READY, accessibility_violations, click, open_table

from web import lesson

PHONE = {"width": 390, "height": 844}
OPTIONS = '.crk-prompt [data-ev="act"]:not([disabled])'


def taught_button(page, teach):
    """The button of the taught decision (a face chosen first where the screen asks one)."""
    for _attempt in range(2):
        for button in page.locator(OPTIONS).all():
            if json.loads(button.get_attribute("data-arg")) == teach:
                return button
        face = teach.get("face") if isinstance(teach, dict) else None
        if face is None:
            break
        click(page, f'.crk-prompt [data-ev="crk-face"][data-arg=\'"{face}"\']')
    raise AssertionError(f"no button for {teach}")


def tutor(page) -> str:
    return page.inner_text(".tutor")


def test_the_crooks_lesson_on_a_phone_in_german(browser, site_url):
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    open_table(page, site_url)
    click(page, "#game-crooks")
    click(page, "#learn")
    began = time.monotonic()
    steps = lesson.of_game("crooks").steps
    for number, step in enumerate(steps, 1):
        page.wait_for_selector(f'.tutor:has-text("Schritt {number} von {len(steps)}")',
                               timeout=30_000)
        page.wait_for_selector(OPTIONS)
        if step.point:  # lit on the table and on its option
            assert page.locator(f'.taught[data-ref~="{step.point}"]').count() >= 1
        if number == 1:
            assert not accessibility_violations(page)
            click(page, f'{OPTIONS}[data-ref="den-B"]')  # not what the tutor says
            assert page.inner_text(".tutor .not-yet") == "Noch nicht: Rekrutiere in Spelunke A."
            assert f"Schritt 1 von {len(steps)}" in tutor(page)
            page.locator(".decision .why summary").click()  # why these options, in German
            assert "Spelunke" in page.inner_text(".decision .why p")
        if number == 2:  # a crook of the stack tapped: its whole text (and not yet taken)
            other = page.locator('.crk-stack .crk-card:not([data-ref~="crook-c17"])').first
            click(page, other)
            assert "Rang" in page.inner_text("#about")
            assert not accessibility_violations(page)  # with the bubble and "why" shown
            assert "Noch nicht" in tutor(page)
        click(page, taught_button(page, step.teach))
    page.wait_for_selector('.tutor:has-text("Jetzt kennst du das Spiel")', timeout=30_000)
    for _count in range(200):  # the free part: the first option each time, to the end
        if page.locator("#new-game").count():
            break
        if page.locator(OPTIONS).count():
            click(page, page.locator(OPTIONS).first)
        else:
            page.wait_for_timeout(200)
    page.wait_for_selector(READY)
    print(f"the Crooks lesson, a scripted learner: {time.monotonic() - began:.0f} s")
    assert "Die Partie ist vorbei" in tutor(page)
    assert not accessibility_violations(page)
    click(page, "#same-table")  # "Eine echte Partie spielen": the same two, no tutor
    page.wait_for_selector(".crk-prompt")
    assert not page.locator(".tutor").count() and "Sam" in page.inner_text("#screen-title")
    context.close()
