"""The game screen's layout on a phone, turned or upright, and on a desktop (issue 51: three
people, hot-seat on one German phone). What sends a decision of several parts stays in view
while its parts are set; a wide but short screen puts the table and the decision side by side;
after a hand-over the screen opens at the top of the person's view."""

import re

import pytest
from tablehelp import accessibility_violations, click, link_where, open_link, open_table

SIZES = {"phone": (390, 844), "turned": (844, 390), "desktop": (1280, 800)}
GAMES = {"age_of_thieves": ".aot-board-scroll", "swindler": ".swd-panel",
         "crooks": ".crk-table-wrap"}
# a control a person can press where it is: its centre inside the viewport, and the control
# the one a tap there reaches (nothing drawn over it)
PRESSABLE = """(el) => {
  const r = el.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (hit === el || el.contains(hit));
}"""
# whether a thing shows whole on the screen and nothing lies over its centre
SHOWS = """(el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    && hit !== null && (hit === el || el.contains(hit));
}"""


def kind_now(match) -> str:
    return (match.rules.choice(match.state, match.rules.to_act(match.state)[0]) or {}).get("kind")


def table_at(browser, site_url, size: str, game: str, wanted):
    """A German table at ``size`` (a phone's is touched), at the first decision of a person
    where ``wanted(match)`` holds, handed over to them."""
    width, height = SIZES[size]
    phone = size != "desktop"
    context = browser.new_context(viewport={"width": width, "height": height}, locale="de-DE",
                                  is_mobile=phone, has_touch=phone)
    page = context.new_page()
    open_table(page, site_url + "?botdelay=0")
    open_link(page, link_where(game, wanted))
    while page.wait_for_selector("#handover-ok, .decision").get_attribute("id"):
        click(page, "#handover-ok")
    return context, page


def pressable(locator) -> bool:
    return locator.evaluate(PRESSABLE)


def declaring(match) -> bool:
    return kind_now(match) == "declare" and len(match.actions) > 30


@pytest.mark.parametrize("size", SIZES)
def test_the_plans_confirm_and_its_ap_left_stay_in_view_while_its_rows_are_filled(
        browser, site_url, size):
    """The play-test's "Planung bestätigen" lay at the foot of the phone's sheet, below its
    rows, and below the fold at 1280×800: it stays pressable, with the AP left beside it, while
    each card's row gets its AP."""
    context, page = table_at(browser, site_url, size, "age_of_thieves", declaring)
    confirm = page.get_by_role("button", name="Planung bestätigen")
    left = page.locator(".decision p", has_text="übrig")
    assert pressable(confirm) and left.evaluate(SHOWS), size
    # each card not yet declared gets 1 AP; the special card carries the first card free
    empty = page.get_by_role("button", name=re.compile(r": 1 AP$"), pressed=False)
    carry = page.locator(".decision .aot-carry button")
    filled = 0
    while empty.count():
        click(page, empty.first)
        filled += 1
        if carry.count() and not page.locator(".decision .aot-carry [aria-pressed=true]").count():
            click(page, carry.first)
        assert pressable(confirm), (size, filled)
        assert left.evaluate(SHOWS), (size, filled)
        assert f"verteilt {filled}" in left.inner_text()
    assert filled >= 3
    assert pressable(confirm) and confirm.is_enabled()
    click(page, confirm)
    assert page.get_by_role("button", name="Planung bestätigen").count() == 0
    context.close()


def giving_up_is_offered(match) -> bool:
    return kind_now(match) == "act" and any(
        "cancel" in o for o in match.rules.choice(
            match.state, match.rules.to_act(match.state)[0])["options"])


@pytest.mark.parametrize("size", SIZES)
def test_a_costly_swindler_option_asks_once_more_in_view(browser, site_url, size):
    """Giving up a reserved order costs points and asks once more: its "yes" and "no" come
    where the option was, pressable at once, on the phone's sheet, the turned phone's column
    and a desktop."""
    context, page = table_at(browser, site_url, size, "swindler", giving_up_is_offered)
    give_up = page.get_by_role("button", name=re.compile(r"^Abbrechen: "))
    click(page, give_up.first)
    yes = page.get_by_role("button", name=re.compile(r"^Ja, .* abbrechen"))
    assert pressable(yes), size
    assert pressable(page.get_by_role("button", name="Nein, behalten")), size
    context.close()


def placing_either_face(match) -> bool:
    if kind_now(match) != "place":
        return False
    options = match.rules.choice(match.state, match.rules.to_act(match.state)[0])["options"]
    return {o["face"] for o in options} == {"up", "down"} and len(match.actions) > 10


@pytest.mark.parametrize("size", SIZES)
def test_a_crook_placed_face_down_has_its_targets_in_view(browser, site_url, size):
    """Crooks' placing has two parts, the face and then the target (which sends it): after
    "Verdeckt" the targets are still there to press, at every size."""
    context, page = table_at(browser, site_url, size, "crooks", placing_either_face)
    click(page, page.get_by_role("button", name=re.compile(r"^Verdeckt")))
    targets = page.locator(".decision .crk-places button")
    assert targets.count() > 0
    assert pressable(targets.first), size
    context.close()


def moving(match) -> bool:
    return kind_now(match) == "move" and len(match.actions) > 30


@pytest.mark.parametrize("size", SIZES)
def test_a_walk_planned_on_the_board_is_sent_from_view(browser, site_url, size):
    """A walk has two parts: a far space chosen on the board, then "Dorthin gehen" in the
    decision, which stays pressable wherever the decision's steps reach."""
    context, page = table_at(browser, site_url, size, "age_of_thieves", moving)
    far = page.get_by_role("button", name=re.compile(r"hierhin gehen, \d+ Schritte"))
    far.first.scroll_into_view_if_needed()
    click(page, far.first)
    walk = page.get_by_role("button", name="Dorthin gehen")
    assert pressable(walk), size
    assert pressable(page.get_by_role("button", name="Abbrechen", exact=True)), size
    context.close()


def test_after_a_hand_over_the_phone_opens_at_the_top_of_the_persons_view(browser, site_url):
    """The play-test's page landed 615 px down after each hand-over, whose view it was, the
    round and "Seit deiner letzten Entscheidung" far above the screen: now they show at the
    top, the decision's sheet at the foot."""
    context, page = table_at(browser, site_url, "phone", "age_of_thieves", declaring)
    sheet = page.locator(".decision").bounding_box()
    assert sheet["y"] + sheet["height"] == pytest.approx(844, abs=1)
    for thing in (page.locator("#screen-title"),
                  page.get_by_text(re.compile(r"^Runde \d+$")).first,
                  page.locator(".since summary")):
        assert thing.evaluate(SHOWS), thing
        assert thing.bounding_box()["y"] + thing.bounding_box()["height"] <= sheet["y"]
    assert page.evaluate("scrollY") == 0
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_turned_phone_shows_the_table_and_the_decision_side_by_side(browser, site_url, game):
    """Turned (844×390) the play-test saw no decision, and Age of Thieves' board shrunk under
    its options: now the decision is a column on the right, as high as the screen, with its
    options in view, and the table takes the left; the page is no wider than the screen."""
    context, page = table_at(browser, site_url, "turned", game, lambda match: True)
    decision = page.locator(".decision")
    box = decision.bounding_box()
    assert box["y"] == 0 and box["height"] == pytest.approx(390, abs=1)
    assert box["x"] + box["width"] == pytest.approx(844, abs=1) and box["x"] >= 844 / 2
    options = page.locator('.decision [data-ev]:not([data-ev="sheet"]):visible')
    assert pressable(options.first)
    board = page.locator(GAMES[game]).first
    board.scroll_into_view_if_needed()
    table = board.bounding_box()
    assert table["x"] + table["width"] <= box["x"] + 1  # beside the decision, not under it
    assert table["y"] < 390 and table["y"] + table["height"] > 0
    assert pressable(options.first)  # the decision stays while the table scrolls
    assert page.evaluate("document.documentElement.scrollWidth") <= 844
    assert not accessibility_violations(page)
    context.close()
