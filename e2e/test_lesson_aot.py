"""Learn to play in the browser (web/lesson.py): the Age of Thieves lesson completed on a
phone-sized screen in German using only the guided controls (a wrong one first, refused with
"not yet"), what the tutor points at marked on the table, axe-clean at the first and the last
step, until the tutor hands over to the free part."""

import json
import time

from tablehelp import accessibility_violations, click, open_table

from web import lesson

PHONE = {"width": 390, "height": 844}
PROMPT = ".aot-prompt"
OPTIONS = f'{PROMPT} [data-ev="act"]:not([disabled])'
DECLARE = f'{PROMPT} [data-ev="aot-declare"]:not([disabled])'


def arg(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def decide(page, teach) -> None:
    """Take the taught decision with the screen's own controls: a declaration as its AP
    buttons and the confirmation, anything else as its option button."""
    if isinstance(teach, dict) and "declare" in teach:
        for entry in teach["declare"]:
            click(page, f"{PROMPT} [data-ev=\"aot-draft-ap\"][data-arg='{arg(entry)}']")
        click(page, DECLARE)
        return
    for button in page.locator(OPTIONS).all():
        if json.loads(button.get_attribute("data-arg")) == teach:
            click(page, button)
            return
    raise AssertionError(f"no button for {teach}")


def tutor(page) -> str:
    return page.inner_text(".tutor")


def test_the_age_of_thieves_lesson_on_a_phone_in_german(browser, site_url):
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    open_table(page, site_url)
    click(page, "#game-age_of_thieves")
    click(page, "#learn")
    began = time.monotonic()
    steps = lesson.of_game("age_of_thieves").steps
    for number, step in enumerate(steps, 1):
        page.wait_for_selector(f'.tutor:has-text("Schritt {number} von {len(steps)}")',
                               timeout=30_000)
        page.wait_for_selector(f"{OPTIONS}, {DECLARE}")
        if step.point:  # marked on the table or at its option
            assert page.locator(f'.taught[data-ref~="{step.point}"]').count() >= 1
        taught = page.locator(f"{PROMPT} .taught")
        if taught.count():  # in the decision's sheet, scrolled into view there
            box = taught.first.bounding_box()
            assert 0 <= box["y"] < PHONE["height"] - 20, f"step {number}: {box}"
        if number == 1:
            assert not accessibility_violations(page)
            click(page, f"{OPTIONS}[data-arg='{arg({'start': 'E06'})}']")  # not what it says
            assert page.inner_text(".tutor .not-yet") == "Noch nicht: Starte auf W05."
            assert f"Schritt 1 von {len(steps)}" in tutor(page)
        if number == len(steps):
            assert not accessibility_violations(page)
        decide(page, step.teach)
    page.wait_for_selector('.tutor:has-text("Jetzt kennst du die Grundlagen")', timeout=30_000)
    # the free part is not played here: about 35 more decisions (half a minute in the
    # browser); tests/web/test_lesson.py plays it to the end in both languages
    print(f"the Age of Thieves lesson, a scripted learner: {time.monotonic() - began:.0f} s "
          f"for {len(steps)} guided steps")
    context.close()
