"""Learn to play in the browser (web/lesson.py): each game's lesson followed on a phone-sized
screen in German using only the guided controls, a wrong one first (refused with "not yet").
At every step what the tutor points at is marked on the table, the taught option alone among
the options (scrolled into view in the decision's sheet), every name in the tutor's line is
filled in, and the first and last steps are axe-clean. The Crooks lesson is played on to the
end and into a real game, with a decision's "why these options?" and a tapped crook's whole
text on the way; the Swindler and Age of Thieves lessons stop where the tutor hands over to
the free part (tests/web/test_lesson.py plays every free part to the end)."""

import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from tablehelp import READY, accessibility_violations, click, open_table

from web import lesson

PHONE = {"width": 390, "height": 844}


def arg(value) -> str:
    return json.dumps(value, separators=(",", ":"))


@dataclass(frozen=True)
class Course:
    """A lesson as the test follows it: the game, its decision's selector, a first tap the
    tutor does not teach and its "not yet", the start of the line after the guided part, and
    how the taught decision is taken with the screen's own controls."""

    game: str
    prompt: str
    wrong: str
    not_yet: str
    done: str
    decide: Callable

    @property
    def options(self) -> str:
        return f'{self.prompt} [data-ev="act"]:not([disabled])'


def press_option(page, course: Course, teach) -> None:
    """The option button of the taught decision (Crooks: its face chosen first)."""
    for _attempt in range(2):
        for button in page.locator(course.options).all():
            if json.loads(button.get_attribute("data-arg")) == teach:
                click(page, button)
                return
        face = teach.get("face") if isinstance(teach, dict) else None
        if face is None:
            break
        click(page, f'{course.prompt} [data-ev="crk-face"][data-arg=\'"{face}"\']')
    raise AssertionError(f"no button for {teach}")


def declare_or_press(page, course: Course, teach) -> None:
    """Age of Thieves: a declaration as its AP buttons and the confirmation."""
    if isinstance(teach, dict) and "declare" in teach:
        for entry in teach["declare"]:
            click(page, f"{course.prompt} [data-ev=\"aot-draft-ap\"][data-arg='{arg(entry)}']")
        click(page, f'{course.prompt} [data-ev="aot-declare"]:not([disabled])')
    else:
        press_option(page, course, teach)


CROOKS = Course("crooks", ".crk-prompt", '.crk-prompt [data-ev="act"][data-ref="den-B"]',
                "Noch nicht: Rekrutiere in Spelunke A.", "Jetzt kennst du das Spiel",
                press_option)
SWINDLER = Course("swindler", ".swd-prompt", '.swd-prompt [data-ev="act"][data-ref="O01"]',
                  "Noch nicht: Reserviere Auftrag O03.", "Das war der geführte Teil",
                  press_option)
AOT = Course("age_of_thieves", ".aot-prompt",
             f".aot-prompt [data-ev=\"act\"][data-arg='{arg({'start': 'E06'})}']",
             "Noch nicht: Starte auf N03.", "Jetzt kennst du die Grundlagen", declare_or_press)


def tutor(page) -> str:
    return page.inner_text(".tutor")


def follow(page, url: str, course: Course, at_step=lambda number, step: None) -> float:
    """Open the lesson and take every guided step; the seconds it took."""
    open_table(page, url)
    click(page, f"#game-{course.game}")
    click(page, "#learn")
    began = time.monotonic()
    steps = lesson.of_game(course.game).steps
    for number, step in enumerate(steps, 1):
        page.wait_for_selector(f'.tutor:has-text("Schritt {number} von {len(steps)}")',
                               timeout=30_000)
        page.wait_for_selector(f'{course.prompt} :is([data-ev="act"], [data-ev="aot-declare"])'
                               ":not([disabled])")
        assert "{" not in tutor(page)  # every name filled in
        if step.point:  # marked on the table or at its option
            assert page.locator(f'.taught[data-ref~="{step.point}"]').count() >= 1
        assert page.locator(f"{course.options}.taught").count() <= 1  # no other option
        taught = page.locator(f"{course.prompt} .taught")
        if taught.count():  # in the decision's sheet, scrolled into view there
            box = taught.first.bounding_box()
            assert 0 <= box["y"] < PHONE["height"] - 20, f"step {number}: {box}"
        if number in (1, len(steps)):
            assert not accessibility_violations(page)
        if number == 1:
            click(page, course.wrong)  # not what the tutor says
            assert page.inner_text(".tutor .not-yet") == course.not_yet
            assert f"Schritt 1 von {len(steps)}" in tutor(page)
        at_step(number, step)
        course.decide(page, course, step.teach)
    page.wait_for_selector(f'.tutor:has-text("{course.done}")', timeout=30_000)
    assert "{" not in tutor(page)
    took = time.monotonic() - began
    print(f"the {course.game} lesson's guided part, a scripted learner: {took:.0f} s for "
          f"{len(steps)} steps")
    return took


def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    return context, context.new_page()


def test_the_crooks_lesson_to_the_end_and_into_a_real_game(browser, site_url):
    context, page = phone(browser)

    def on_the_way(number, step):
        if number == 1:
            page.locator(".decision .why summary").click()  # why these options, in German
            assert "Spelunke" in page.inner_text(".decision .why p")
        if number == 2:  # a crook of the stack tapped: its whole text (and not yet taken)
            other = page.locator('.crk-stack .crk-card:not([data-ref~="crook-c17"])').first
            click(page, other)
            assert "Rang" in page.inner_text("#about")
            assert not accessibility_violations(page)  # with the bubble and "why" shown
            assert "Noch nicht" in tutor(page)

    follow(page, site_url, CROOKS, on_the_way)
    for _count in range(200):  # the free part: the first option each time, to the end
        if page.locator("#new-game").count():
            break
        if page.locator(CROOKS.options).count():
            click(page, page.locator(CROOKS.options).first)
        else:
            page.wait_for_timeout(200)
    page.wait_for_selector(READY)
    assert "Die Partie ist vorbei" in tutor(page)
    assert not accessibility_violations(page)
    click(page, "#same-table")  # "Eine echte Partie spielen": the same two, no tutor
    page.wait_for_selector(".crk-prompt")
    assert not page.locator(".tutor").count() and "Sam" in page.inner_text("#screen-title")
    context.close()


def test_the_swindler_lesson_marks_the_taught_option_alone(browser, site_url):
    context, page = phone(browser)

    def marked(number, step):  # even an option that names nothing on the table
        assert page.locator(f"{SWINDLER.options}.taught").count() == 1

    follow(page, site_url, SWINDLER, marked)
    page.wait_for_selector(SWINDLER.options)  # the game goes on: the learner's third turn
    context.close()


def test_the_age_of_thieves_lesson_declarations_and_moves(browser, site_url):
    context, page = phone(browser)
    follow(page, site_url, AOT)
    context.close()
