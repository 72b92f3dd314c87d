"""The first visit: the start screen is in the page before Python runs (tools/prestart.py,
static/prestart.js). It is shown in the page's language, answers the taps that only change what
it shows, keeps every tap, and the app carries them out when it starts: the live screen is the
one on the page, drawn again, in the same place.

Python is held back by holding the app's archive (app.zip) until the test lets it through.
"""

import base64
import random
import zlib

import pytest
from tablehelp import READY, accessibility_violations, game_link, open_record

ALL_BOXES = """() => Object.fromEntries([...document.querySelectorAll('#app [id]')].map(
    el => [el.id, JSON.stringify(el.getBoundingClientRect())]))"""
VALUES = """() => Object.fromEntries([...document.querySelectorAll('#app input, #app select')]
    .map(el => [el.id, el.type === 'radio' ? el.checked : el.value]))"""


class Held:
    """The app's archive held back: the page runs without Python until ``let_through``."""

    def __init__(self, page):
        self.page, self.routes = page, []
        page.route("**/app.zip", lambda route: self.routes.append(route))

    def let_through(self) -> None:
        while not self.routes:
            self.page.wait_for_timeout(50)
        for route in self.routes:
            route.continue_()
        self.page.wait_for_selector(READY, timeout=90_000)


@pytest.fixture
def held(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    holding = Held(page)
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector("#start-game")
    return holding


def test_the_start_screen_is_set_up_before_python_and_the_app_takes_it_over(page, held):
    assert page.get_attribute("html", "data-ready") == "false"
    assert "loading" in page.inner_text("#loading-text")
    page.click("#game-swindler")
    page.click("#players-3")
    assert page.get_attribute("#game-swindler", "aria-pressed") == "true"
    assert page.locator("#seat-name-2").is_visible()
    page.select_option("#seat-kind-1", "hard")
    assert page.input_value("#seat-name-1") == "Bot 2"  # named after what plays it
    page.fill("#seat-name-0", "Ann")
    page.click("#nav-help")
    page.wait_for_selector("#screen-title >> text=Swindler")
    page.click("#help-crooks")
    page.wait_for_selector("#screen-title >> text=Crooks")
    page.click("#nav-start")
    page.fill("#seat-name-2", "Cy")  # still typing when Python is ready
    boxes, values, text = page.evaluate(ALL_BOXES), page.evaluate(VALUES), page.inner_text("#app")
    held.let_through()
    assert page.evaluate(ALL_BOXES) == boxes  # nothing moved
    assert page.evaluate(VALUES) == values == {**values, "seat-name-0": "Ann",
                                               "seat-kind-1": "hard", "seat-name-2": "Cy"}
    assert page.inner_text("#app") == text
    assert page.evaluate("document.activeElement.id") == "seat-name-2"
    page.click("#start-game")
    page.wait_for_selector("#handover-ok, .sw-screen, #game-screen")
    record = open_record(page)
    assert record["game"] == "swindler"
    assert [seat["name"] for seat in record["seats"]] == ["Ann", "Bot 2", "Cy"]
    assert record["seats"][1]["bot"] == "hard"


def test_the_screen_before_python_is_accessible(page, held):
    assert accessibility_violations(page, ("minor", "moderate", "serious", "critical")) == []
    page.click("#nav-help")
    page.wait_for_selector(".help")
    assert accessibility_violations(page, ("minor", "moderate", "serious", "critical")) == []


def test_a_game_started_before_python_starts_when_it_is_ready(page, held):
    page.click("#game-crooks")
    page.click("#start-game")
    assert "as soon as it is ready" in page.inner_text("#loading-text")
    held.let_through()
    page.wait_for_selector(".screen-handover, .screen-game")
    assert page.evaluate("sessionStorage.getItem('thieves.open')")


@pytest.mark.parametrize("locale", ["de-DE"])
def test_the_page_speaks_the_browsers_language_before_python(browser, site_url, locale):
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    holding = Held(page)
    page.goto(site_url)
    page.wait_for_selector("#start-game")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("#start-game") == "Partie beginnen"
    assert "Tisch" in page.inner_text("#loading-text")
    page.click(".settings summary")  # the menu's switch, before Python: the page follows
    page.click("#language-en")
    page.wait_for_selector("#start-game >> text=Start the game")
    assert page.input_value("#seat-name-0") == "Player 1"
    holding.let_through()
    assert page.inner_text("#start-game") == "Start the game"
    assert page.evaluate("localStorage.getItem('thieves.language')") == "en"
    context.close()


def test_a_link_says_what_it_is_before_python(page, site_url):
    holding = Held(page)
    page.goto(site_url + "?botdelay=0" + game_link("crooks", finished=False))
    page.wait_for_function("document.getElementById('loading-text').textContent.includes('Ann')")
    said = page.inner_text("#loading-text")
    assert "Crooks" in said and "Ann, Bob, Cy" in said, said
    assert page.locator("#start-game").count() == 0
    holding.let_through()
    page.wait_for_selector(".screen-handover, .screen-game")


def test_a_link_that_unpacks_to_far_too_much_is_not_read_before_python(page, site_url):
    """The page reads a link's data only up to the size a link may unpack to (web/keep/gamelink.py):
    a link packing megabytes of one letter is called a game link and left to the app."""
    bomb = zlib.compress(b'{"g":"crooks","s":[["' + b"A" * 3_000_000 + b'"]],"a":""}', 9)
    fragment = "#g=1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    holding = Held(page)
    page.goto(site_url + fragment)
    page.wait_for_selector("#loading.alone")
    page.wait_for_timeout(500)  # the page has tried to read it
    said = page.inner_text("#loading-text")
    assert said == "A game link. It opens as soon as the table is ready."
    holding.let_through()
    assert page.locator("#notice").count() == 1  # the app says what is wrong with it


def test_random_taps_before_python_end_on_the_screen_the_page_showed(page, held):
    """Taps on what the page answers itself, in a random order: the app, carrying them out,
    draws the screen the page shows."""
    rng = random.Random(38)
    controls = ("#app .games button, #app .counts button, #nav-help, #nav-start, "
                "[id^=help-]:not(#help-back), #app select")
    for _tap in range(40):
        found = page.locator(controls)
        target = found.nth(rng.randrange(found.count()))
        if target.evaluate("el => el.tagName") == "SELECT":
            options = target.locator("option")
            target.select_option(index=rng.randrange(options.count()))
        elif target.get_attribute("id") == "nav-help":
            target.click()  # the rules pages are fetched first: the next tap is made on them
            page.wait_for_selector("#app .screen-help")
        else:
            target.click()
    text, values = page.inner_text("#app"), page.evaluate(VALUES)
    held.let_through()
    assert page.inner_text("#app") == text
    assert page.evaluate(VALUES) == values
