"""Learn to play in the browser (web/play/lesson.py) as a newcomer follows it: on a German phone
(390x844) with the other seats at the normal bot pace, and on an English desktop (1280x800)
with the bots' pause off (the layout and the language checked, in a third of the time), pressing
only what the tutor marks (the .taught outline a person sees), with a real pointer at the
control's place on the screen, after one wrong tap that is refused. At every guided step every
marked control shows inside the screen and nothing covers it (not the sticky tutor, not the
edge of a phone's sheet), also once the other seats' moves have repainted the screen; the
tutor names a step only once its controls are there (meanwhile it says who is playing); it
folds to one line; a tapped thing's bubble goes when the next step comes. The Crooks lesson
is played on to the end and into a real game; the Swindler and Age of Thieves lessons stop
where the tutor hands over to the free part (tests/web/test_lesson.py plays every free part
to the end, and checks that the names the tutor quotes are the labels of the screen's
controls)."""

import os
import time
from dataclasses import dataclass
from pathlib import Path

from tablehelp import READY, accessibility_violations, click, open_table, paints

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# LESSON_SHOTS=<folder>: screenshots of each lesson's hardest steps there, to look at
SHOTS = os.environ.get("LESSON_SHOTS")
QUIET_MS = 900  # longer than a bot's pause (web/browser/boot.py, 400 ms) and its motion
FAST_QUIET_MS = 300  # with no bots' pause (?botdelay=0): longer than the motion after a move

# the first marked control a person sees, and whether it is really there for them: all of it
# inside the screen, and what lies at its centre is the control (not the tutor, not a sheet)
MARKED = """() => {
  const seen = [...document.querySelectorAll("#app .taught")].filter((el) =>
    el.matches("button, summary, a, input") && el.getClientRects().length
    && getComputedStyle(el).visibility !== "hidden");
  return seen.map((el) => {
    const r = el.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    return { x, y, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
             label: el.innerText.trim() || el.getAttribute("aria-label"),
             inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
             covered: !(hit && (hit === el || el.contains(hit))) ? String(hit && (hit.id
               || hit.className || hit.tagName)) : "" };
  });
}"""


@dataclass(frozen=True)
class Course:
    """A lesson as a newcomer follows it: the game, the label of a first tap the tutor does not
    teach and the "not yet" it gets, and the start of the line after the guided part, in the
    screen's language."""

    game: str
    wrong: str
    not_yet: str
    done: str


@dataclass(frozen=True)
class Screen:
    size: dict
    locale: str
    step: str  # "Step {n} of"
    not_yet: str  # how the tutor starts a "not yet"
    fold: str  # the tutor's fold button
    unfold: str
    query: str = ""  # the page's URL parameters: the bots' pace
    quiet_ms: int = QUIET_MS  # how long the screen stays unrepainted before a step is read


GERMAN_PHONE = Screen(PHONE, "de-DE", "Schritt {n} von", "Noch nicht",
                      "Einklappen", "Ausklappen")
ENGLISH_DESKTOP = Screen(DESKTOP, "en-US", "Step {n} of", "Not yet", "Fold",
                         "Unfold", "?botdelay=0", FAST_QUIET_MS)

CROOKS = {"de": Course("crooks", "Spelunke B", "Noch nicht: Rekrutiere in Spelunke A.",
                       "Jetzt kennst du das Spiel"),
          "en": Course("crooks", "Den B", "Not yet: recruit at Den A.", "You know the game now")}
SWINDLER = {"de": Course("swindler", "O01", "Noch nicht: Reserviere Auftrag O03.",
                         "Das war der geführte Teil"),
            "en": Course("swindler", "O01", "Not yet: reserve order O03.",
                         "That was the guided part")}
AOT = {"de": Course("age_of_thieves", "E06", "Noch nicht: Starte auf N03.",
                    "Jetzt kennst du die Grundlagen"),
       "en": Course("age_of_thieves", "E06", "Not yet: start on N03.",
                    "You know the basics now")}


def tutor(page) -> str:
    return page.inner_text(".tutor")


def settled(page, done: str, quiet_ms: int) -> list[dict]:
    """The marked controls once the screen is quiet (no repaint for a bot's pause and more)
    and a step is asked ([] past the guided part); meanwhile the tutor never names a step
    whose controls are not there yet."""
    began = time.monotonic()
    last, since = paints(page), time.monotonic()
    missing = 0  # the samples in a row where the tutor names a step and nothing is marked
    while time.monotonic() - began < 60:
        page.wait_for_timeout(100)
        now = paints(page)
        if now != last:
            last, since = now, time.monotonic()
        seen = page.evaluate(MARKED)
        missing = 0 if seen or not page.locator(".tutor[data-teach]").count() else missing + 1
        assert missing < 4, f"the tutor names what is not there: {tutor(page)}"
        if seen and time.monotonic() - since > quiet_ms / 1000:
            return seen
        if done in tutor(page):
            return []
    raise AssertionError("no marked control came")


def press(page, control: dict) -> None:
    """A real pointer's tap at the control's place, and the app's repaint."""
    before = paints(page)
    page.mouse.click(control["x"], control["y"])
    page.wait_for_function(f"Number(document.getElementById('app').dataset.paints) > {before}",
                           timeout=30_000)


def follow(page, url: str, course: Course, screen: Screen, at_step=None,
           shots: tuple = ()) -> float:
    """Open the lesson and follow every guided step by the marks alone; the seconds it took."""
    open_table(page, url + screen.query)
    click(page, f"#game-{course.game}")
    click(page, "#learn")
    began = time.monotonic()
    number = 0
    while marked := settled(page, course.done, screen.quiet_ms):
        line = tutor(page)
        now = next(n for n in range(1, 100) if screen.step.format(n=n) + " " in line)
        if now != number:  # a new step
            number = now
            if at_step:
                at_step(number)
            if number == 1:
                assert not accessibility_violations(page)
                wrong = page.locator(".decision button", has_text=course.wrong).first
                click(page, wrong)  # not what the tutor says
                assert page.inner_text(".tutor .not-yet") == course.not_yet
                assert screen.step.format(n=1) in tutor(page)
            continue
        assert "{" not in line  # every name filled in
        size = f"{screen.size['width']}x{screen.size['height']}"
        if SHOTS and number in shots:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=Path(SHOTS) / f"{course.game}-{number}-{size}.png")
        for control in marked:  # in the screen, uncovered, after the others' repaints too
            assert control["inside"] and not control["covered"], \
                f"{course.game} step {number} at {size}: {control}"
        press(page, marked[0])
        assert not page.locator(".tutor .not-yet").count(), f"step {number}: {tutor(page)}"
    page.wait_for_selector(f'.tutor:has-text("{course.done}")', timeout=30_000)
    assert "{" not in tutor(page)
    assert not accessibility_violations(page)
    took = time.monotonic() - began
    print(f"the {course.game} lesson's guided part, a newcomer at {screen.size}: {took:.0f} s "
          f"for {number} steps")
    return took


def opened(browser, screen: Screen):
    context = browser.new_context(viewport=screen.size, locale=screen.locale)
    return context, context.new_page()


def folds(page, screen: Screen) -> None:
    """The tutor folds to one line with its button (a finger's size), and unfolds."""
    toggle = page.get_by_role("button", name=screen.fold, exact=True)
    box = toggle.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    tall = page.locator(".tutor").bounding_box()["height"]
    click(page, toggle)
    folded = page.locator(".tutor").bounding_box()["height"]
    assert folded < tall and folded <= 80, (tall, folded)
    assert page.get_by_role("button", name=screen.unfold, exact=True).get_attribute(
        "aria-expanded") == "false"


def test_the_crooks_lesson_on_a_phone_to_the_end_and_into_a_real_game(browser, site_url):
    context, page = opened(browser, GERMAN_PHONE)

    def on_the_way(number):
        if number == 1:
            page.locator(".decision .why summary").click()  # why these options, in German
            assert "Spelunke" in page.inner_text(".decision .why p")
        if number == 2:  # a crook of the stack tapped: its whole text (and not yet taken)
            other = page.locator('.crk-stack .crk-card:not(.taught)').first
            click(page, other)
            assert "Rang" in page.inner_text("#about")
            assert not accessibility_violations(page)  # with the bubble and "why" shown
        if number == 3:  # the bubble goes when the next step comes
            assert page.locator("#about").is_hidden()
        if number == 8:  # folded, the tutor leaves the phone's screen to the game
            folds(page, GERMAN_PHONE)

    follow(page, site_url, CROOKS["de"], GERMAN_PHONE, on_the_way, shots=(7, 15))
    assert page.locator(".tutor.folded").count()  # it stays folded
    end = time.monotonic() + 180
    while not page.locator("#new-game").count():  # the free part: the first option
        # (not a toggle), to the end
        assert time.monotonic() < end, tutor(page)
        options = page.locator(".decision button:not([disabled]):not([aria-pressed])")
        if options.count():
            click(page, options.first)
        else:
            page.wait_for_timeout(200)
    page.wait_for_selector(READY)
    assert "Die Partie ist vorbei" in tutor(page)
    click(page, "#same-table")  # "Eine echte Partie spielen": the same two, no tutor
    page.wait_for_selector(".crk-prompt")
    assert not page.locator(".tutor").count() and "Sam" in page.inner_text("#screen-title")
    context.close()


def test_the_crooks_lesson_on_a_desktop(browser, site_url):
    context, page = opened(browser, ENGLISH_DESKTOP)
    follow(page, site_url, CROOKS["en"], ENGLISH_DESKTOP, shots=(7, 15))
    context.close()


def test_the_swindler_lesson_on_a_phone(browser, site_url):
    context, page = opened(browser, GERMAN_PHONE)
    follow(page, site_url, SWINDLER["de"], GERMAN_PHONE)
    context.close()


def test_the_age_of_thieves_lesson_on_a_phone(browser, site_url):
    context, page = opened(browser, GERMAN_PHONE)

    def on_the_way(number):
        if number == 4:  # the marked space tapped on the board: its bubble, then the next step
            space = page.locator(".aot-board-scroll .taught").first
            space.scroll_into_view_if_needed()
            box = space.bounding_box()
            press(page, {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
        if number == 5:
            assert page.locator("#about").is_hidden()

    follow(page, site_url, AOT["de"], GERMAN_PHONE, on_the_way, shots=(2, 8, 16, 25))
    context.close()


def test_the_age_of_thieves_lesson_on_a_desktop(browser, site_url):
    context, page = opened(browser, ENGLISH_DESKTOP)
    follow(page, site_url, AOT["en"], ENGLISH_DESKTOP, shots=(2, 8, 16, 25))
    context.close()
