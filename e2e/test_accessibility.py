"""Accessibility at a desktop and a phone: axe-core (WCAG 2.2 AA, serious and critical) on every
screen of each game, no page wider than a phone, the frame's controls 44 px high on a phone; the
focus stays where the person works after a decision; a few decisions of each game played with
the keyboard only."""

import pytest
from tablehelp import (
    READY,
    accessibility_violations,
    click,
    game_link,
    link_where,
    open_link,
    open_record,
    paints,
    repainted,
    start_table,
)

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = ("age_of_thieves", "swindler", "crooks")


def _crooks_step(match) -> str | None:
    return (match.state["step"] or {}).get("kind")


PHASES = {  # the phases of each game a person decides in, as links to games in that phase
    "age_of_thieves": {"declaration": lambda m: m.state["phase"] == "declaration",
                       "resolution": lambda m: m.state["phase"] == "resolution"},
    "swindler": {"drawing": lambda m: m.state["step"] == 2,
                 "selling": lambda m: m.state["step"] == 3,
                 "accomplices": lambda m: m.state["step"] == 5},
    "crooks": {"recruiting": lambda m: _crooks_step(m) in ("turn", "take"),
               "placing": lambda m: _crooks_step(m) == "place"},
}
SMALL_CONTROLS = """() => [...document.querySelectorAll(
    '#app :is(button, select, input, summary, .radio):not(#game-screen *)')]
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([el, box]) => box.height > 0 && box.height < 44 && !el.closest('.radio, .sr-only'))
    .map(([el, box]) => `${el.id || el.className || el.tagName} ${Math.round(box.height)} px`)
"""  # the shared frame's controls under 44 px high (a radio button counts by its row)
IN_DECISION = "!!(document.activeElement && document.activeElement.closest('.decision'))"


def _context(browser, size: str):
    width, height = SIZES[size]
    phone = size == "phone"
    return browser.new_context(viewport={"width": width, "height": height},
                               device_scale_factor=1, is_mobile=phone, has_touch=phone)


def _hand_over(page) -> None:
    if page.locator("#handover-ok").count():
        click(page, "#handover-ok")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_passes_axe_and_fits(browser, site_url, game, size):
    context = _context(browser, size)
    page = context.new_page()
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    width = SIZES[size][0]
    problems: list[str] = []

    def check(screen: str) -> None:
        found = accessibility_violations(page)
        problems.extend(f"{screen}: {v['id']} ({v['impact']}) at {v['targets']}" for v in found)
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > width:
            problems.append(f"{screen}: the page is {wide} px wide")
        if size == "phone":
            problems.extend(f"{screen}: a control is too small to touch: {small}"
                            for small in page.evaluate(SMALL_CONTROLS))

    click(page, f"#game-{game}")
    check("start")
    if size == "phone":
        page.click(".settings > summary")
        check("the settings unfolded")
    start_table(page, game, ["human", "human", "normal"])
    check("hand-over")
    click(page, "#handover-ok")
    check("the table at its start")
    for phase, wanted in PHASES[game].items():
        open_link(page, link_where(game, wanted))
        _hand_over(page)
        check(f"the table, {phase}")
    open_link(page, game_link(game, finished=False))
    _hand_over(page)
    check("the table halfway")
    click(page, "#nav-help")
    check("help")
    click(page, "#help-stats")
    check("statistics")
    click(page, "#nav-saves")
    check("saved games")
    click(page, "#nav-start")
    check("start with games to continue")
    open_link(page, game_link(game, finished=True))
    check("end")
    click(page, "#watch-replay")
    click(page, "#replay-next")
    check("replay")
    context.close()
    assert not problems, "\n".join(problems)


def _tab_to(page, selector: str, most: int = 120) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(most):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not reached with the Tab key")


def _press(page, key: str) -> None:
    before = paints(page)
    page.keyboard.press(key)
    repainted(page, before)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_played_by_keyboard_and_the_focus_stays_at_the_decision(browser, site_url,
                                                                          game):
    """Keyboard only: choose the game and a bot seat, start, decide; after each decision the
    focus is on the next decision and the page has not jumped back to the top."""
    context = _context(browser, "desktop")
    page = context.new_page()
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    _tab_to(page, f"#game-{game}")
    _press(page, "Enter")
    _tab_to(page, "#seat-kind-1")
    _press(page, "ArrowDown")  # a bot plays the second seat
    _tab_to(page, "#start-game")
    _press(page, "Enter")
    # a new screen: its title, or the decision once the bots before the person have played
    page.wait_for_function(f"document.activeElement.id === 'screen-title' || {IN_DECISION}")
    # when the bot begins, its turn first: a key pressed meanwhile lets the page paint before
    # the bot's next step, so 120 quick Tabs could outlast a bot's whole Swindler turn
    page.wait_for_selector(".decision button:not([disabled])", timeout=30_000)
    _tab_to(page, ".decision button:not([disabled])")
    for _ in range(4):
        declare = page.locator('.decision [data-ev="aot-declare"]')
        if declare.count():  # Age of Thieves: 1 AP on Move, chosen and confirmed by keys
            move_1 = '.decision [data-ev="aot-draft-ap"][data-arg=\'{"card":"move","ap":1}\']'
            _tab_to(page, move_1)
            _press(page, "Enter")
            assert page.get_attribute(move_1, "aria-pressed") == "true"
            assert page.evaluate("s => document.activeElement.matches(s)", move_1)
            _tab_to(page, '.decision [data-ev="aot-declare"]')
        page.evaluate("window.scrollTo(0, 200)")
        _press(page, "Enter")
        page.wait_for_function(IN_DECISION, timeout=30_000)
        assert page.evaluate("window.scrollY") > 0  # not back at the top
    assert page.locator("#screen-title").is_visible()
    context.close()


TAPPABLE = """() => {
  const refs = (el) => el.dataset.ref.split(/\\s+/).filter(Boolean);
  const options = [...document.querySelectorAll('.decision [data-ev][data-ref]:not([disabled])')];
  for (const drawn of document.querySelectorAll('#game-screen [data-ref]')) {
    if (drawn.closest('.decision, button, [data-ev]')) continue;
    const named = options.filter((o) => refs(o).some((k) => refs(drawn).includes(k)));
    if (named.length === 1) {
      drawn.setAttribute('data-tap-me', '');
      return true;
    }
  }
  return false;
}"""  # marks a drawn thing (not a control) that exactly one option names


@pytest.mark.parametrize("game", GAMES)
def test_a_tap_on_the_board_decides_and_the_page_stays(browser, site_url, game):
    """At phone size against bots: a tap on a drawn thing that one option names chooses it;
    the page does not jump to the top, the focus goes to the next decision, and nothing stays
    lit (a lit option there would read as advice)."""
    context = _context(browser, "phone")
    page = context.new_page()
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    start_table(page, game, ["human", "normal", "normal"])
    for _ in range(6):  # the first decisions that name a drawn thing
        page.wait_for_selector(".decision [data-ev]")
        if page.evaluate(TAPPABLE):
            break
        click(page, page.locator(".decision [data-ev]:not([disabled])").first)
    else:
        pytest.fail(f"{game}: none of the first decisions names a drawn thing (data-ref)")
    target = page.locator("[data-tap-me]")
    target.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 40)")
    scrolled = page.evaluate("window.scrollY")
    decided = len(open_record(page)["actions"])
    box = target.bounding_box()
    before = paints(page)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    repainted(page, before)
    page.wait_for_function(IN_DECISION, timeout=30_000)
    assert len(open_record(page)["actions"]) > decided
    assert scrolled == 0 or page.evaluate("window.scrollY") > 0  # not back at the top
    assert page.locator("#app .lit").count() == 0
    context.close()


def test_on_a_phone_the_decision_stays_in_view_and_covers_nothing_for_good(browser, site_url):
    """The decision is at the foot of the screen wherever the page is scrolled; scrolled to
    the end, the last of the game clears it."""
    context = _context(browser, "phone")
    page = context.new_page()
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    start_table(page, "crooks", ["human", "normal", "normal"])
    page.wait_for_selector(".decision [data-ev]")
    decision = page.locator(".decision")
    for y in (0, 600, 100_000):
        page.evaluate(f"window.scrollTo(0, {y})")
        box = decision.bounding_box()
        assert box["y"] + box["height"] == pytest.approx(844, abs=1) and box["height"] <= 844 * .4
    last = page.evaluate("document.querySelector('#game-screen').lastElementChild"
                         ".getBoundingClientRect().bottom")
    assert last <= decision.bounding_box()["y"] + 1
    assert page.locator(".decision [data-ev]").first.is_visible()
    context.close()


def test_on_a_wide_screen_the_next_decision_comes_into_view(browser, site_url):
    """A decision made with the page scrolled down past the decision (as after a tap low on
    the board) brings the next one into view."""
    context = _context(browser, "desktop")
    page = context.new_page()
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    start_table(page, "crooks", ["human", "normal"])
    page.wait_for_selector(".decision [data-ev]")
    page.evaluate("document.body.style.paddingBottom = '3000px'")  # a long board below
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("document.querySelector('.decision').getBoundingClientRect().bottom") < 0
    before = paints(page)
    page.evaluate("document.querySelector('.decision [data-ev=act]').click()")  # a den
    repainted(page, before)
    top, bottom = page.evaluate("(() => { const b = document.querySelector("
                                "'.decision [data-ev=act]').getBoundingClientRect();"
                                " return [b.top, b.bottom]; })()")
    assert top >= 0 and bottom <= 800
    context.close()


# --- the statistics page at a phone (issue 51) -------------------------------------------------
STATS_NAMES = {"age_of_thieves": "Age of Thieves", "swindler": "Swindler", "crooks": "Crooks"}
TOO_WIDE = """() => {
  const right = document.documentElement.clientWidth;
  return [...document.querySelectorAll('#app *')].flatMap((el) => {
    const box = el.getBoundingClientRect();
    const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
    return box.width && (box.right > right + 0.5 || box.left < -0.5 || cut)
      ? [`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.right)} px`
         + (cut ? ` (cut: ${el.scrollWidth} > ${el.clientWidth})` : '')] : [];
  });
}"""
UNCOVERED = """(el) => { const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth
    && !!hit && el.contains(hit); }"""


def test_the_statistics_page_fits_a_phone_in_german(browser, site_url):
    """From each game's choice on the start screen to its statistics, at 390x844 in German:
    the page with its details folded is at most three screens tall, and nothing is wider than
    the screen or cut off at its edge, folded or unfolded."""
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844},
                                  device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    problems: list[str] = []
    for game, shown in STATS_NAMES.items():
        click(page, page.get_by_role("button", name=shown, exact=False).first)
        button = page.get_by_role("button", name=f"Statistik zu {shown}")
        button.scroll_into_view_if_needed()
        assert button.evaluate(UNCOVERED), f"{shown}: the statistics button is hidden"
        click(page, button)
        page.get_by_role("heading", name=f"{shown}: Statistik").wait_for()
        tall = page.evaluate("document.documentElement.scrollHeight")
        print(f"{game}: {tall} px tall at 390 px, details folded")
        if tall > 3 * 844:
            problems.append(f"{game}: {tall} px tall with the details folded")
        problems.extend(f"{game}, folded: {wide}" for wide in page.evaluate(TOO_WIDE))
        for summary in page.locator("details.stats > summary").all():
            summary.click()
        assert page.locator("details.stats:not([open])").count() == 0
        problems.extend(f"{game}, unfolded: {wide}" for wide in page.evaluate(TOO_WIDE))
        problems.extend(f"{game}, unfolded: {v['id']} at {v['targets']}"
                        for v in accessibility_violations(page))
        click(page, "#nav-start")
    context.close()
    assert not problems, "\n".join(problems)
