"""The crooks table in a real browser: one person and two bots play a whole 3-player game to the
scoring screen; the person's hand and memory never show another player's face-down crooks."""

import html

import pytest
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
    start_table,
)

from engine.core.game import Match
from engine.crooks import content

SETTLED = "#handover-ok, .crk-prompt, .screen-end"
BUTTONS = ".crk-prompt button:not([disabled]):not([data-ev=crk-face])"  # face up by default


def hidden_from(match: Match, viewer: int) -> set[str]:
    """Names of the crooks ``viewer`` has not seen: others' face-down crooks, dens, the box."""
    seen = str(match.rules.view(match.state, viewer))
    return {c["name"] for cid, c in content.crooks().items() if f"'{cid}'" not in seen}


def test_a_three_player_game_against_two_bots_reaches_the_scoring(page, site_url):
    open_table(page, site_url + "?botdelay=0")  # the whole game: bots without a pause
    start_table(page, "crooks", ["human", "normal", "easy"])
    decisions = 0
    while True:
        page.wait_for_selector(SETTLED, timeout=60_000)
        if page.locator(".screen-end").count():
            break
        assert not page.locator("#handover-ok").count(), "one person needs no hand-over"
        shown = html.unescape(page.inner_html("#app"))
        match = Match.replay(open_record(page))
        assert not [n for n in hidden_from(match, 0) if n in shown]
        texts = page.locator(BUTTONS).all_inner_texts()
        # recruit from the first den offered, take and place as offered; pass after a while
        pick = 0
        if decisions > 12:
            pick = next((i for i, t in enumerate(texts) if t.startswith(("Pass", "Yes"))), 0)
        click(page, page.locator(BUTTONS).nth(pick))
        decisions += 1
        assert decisions < 200
    end = page.inner_text(".screen-end")
    assert "Final standings" in end and "Outfit gang" in end
    assert end.index("Target 2") < end.index("Target 9") < end.index("Northside gang")
    match = Match.replay(open_record(page))
    assert match.rules.result(match.state)["winners"]


def test_at_phone_size_a_person_plays_a_turn_by_tapping_the_drawn_table(browser, site_url):
    """A tap on a den recruits there, on a card of its stack takes it, on a place in one's own
    column places it face up; hovering an option lights the place it names. The screens fit
    the phone and axe finds nothing serious."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url)
    start_table(page, "crooks", ["human", "normal"])
    page.wait_for_selector(".crk-den[data-named]", timeout=60_000)
    for thing in (".crk-den[data-named] >> nth=-1",
                  ".crk-pick:has(button:not([disabled])) .crk-card[data-ref] >> nth=0"):
        assert not accessibility_violations(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        click(page, thing)
    button = page.locator('.crk-prompt [data-ev="act"][data-ref] >> nth=3')
    ref = button.get_attribute("data-ref")
    focus_by_keyboard(page, button)  # a phone has no hover
    assert "lit" in page.get_attribute(f'td[data-ref="{ref}"]', "class")
    assert page.locator("td[data-named]").first.bounding_box()["height"] >= 44
    click(page, f'td[data-ref="{ref}"]')
    target = int(ref.split("-")[1])
    assert [a for p, a in open_record(page)["actions"] if p == 0 and "place" in a][-1] == {
        "place": target, "face": "up"}
    context.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# each button of the decision: its text and whether it lies wholly inside the panel's visible
# part (the panel is fixed at the foot of a phone's screen, at most 40 % high, with its own scroll)
DECISION_BUTTONS = """() => {
  const panel = document.querySelector('.decision').getBoundingClientRect();
  return [...document.querySelectorAll('.decision button')].map(b => {
    const r = b.getBoundingClientRect();
    return [b.innerText.trim(), r.top >= panel.top - 1 && r.bottom <= panel.bottom + 1];
  });
}"""


def kind_now(match: Match) -> str:
    return (match.rules.choice(match.state, match.rules.to_act(match.state)[0]) or {}).get("kind")


def joins_at_a_target(match: Match) -> bool:
    """A crook to place whose action names a place at a target with one's own crooks (the
    longest places: "Target 9: joins your crooks")."""
    if kind_now(match) != "place":
        return False
    view = match.rules.view(match.state, match.rules.to_act(match.state)[0])
    places = {o["place"] for o in view["choice"]["options"] if o["face"] == "up"}
    return view["hand"]["action"] in ("accomplice", "swap", "killer") and any(
        t["piles"][view["player"]] and t["value"] in places for t in view["targets"])


def phone_at(browser, site_url, wanted, locale="en-US"):
    """A phone's page at the first decision of a person where ``wanted(match)`` holds."""
    context = browser.new_context(**PHONE, locale=locale)
    page = context.new_page()
    open_table(page, site_url + "?botdelay=0")
    open_link(page, link_where("crooks", wanted))
    while page.wait_for_selector("#handover-ok, .decision").get_attribute("id"):
        click(page, "#handover-ok")
    return context, page


def test_by_keyboard_pass_brings_the_focus_to_yes_pass_in_view(browser, site_url):
    """After "Pass…" the focus goes to the decision's first control: "Yes, pass" (not a den,
    which Enter would recruit at), and both answers show in the phone's panel."""
    context, page = phone_at(browser, site_url,
                             lambda m: kind_now(m) == "turn" and len(m.actions) > 10)
    page.locator('[data-ev="crk-pass"]').focus()
    before = paints(page)
    page.keyboard.press("Enter")
    repainted(page, before)
    assert page.evaluate("document.activeElement.innerText.trim()") == "Yes, pass"
    assert page.evaluate(DECISION_BUTTONS) == [["Yes, pass", True], ["Go on recruiting", True]]
    done, before = len(open_record(page)["actions"]), paints(page)
    page.keyboard.press("Enter")
    repainted(page, before)
    assert open_record(page)["actions"][done][1] == {"pass": True}
    context.close()


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_at_phone_size_every_placing_button_shows_inside_the_panel(browser, site_url, locale):
    """Placing a crook on a phone: the card, the face toggle and every target fit in the
    decision panel without scrolling it, face up (with the actions' long places) and down."""
    context, page = phone_at(browser, site_url, joins_at_a_target, locale)
    for face in ("up", "down"):
        if face == "down":
            click(page, '[data-ev="crk-face"][aria-pressed="false"]')
        shown = page.evaluate(DECISION_BUTTONS)
        assert len(shown) >= 7 and all(inside for _, inside in shown), shown
        assert page.evaluate("document.querySelector('.decision').scrollTop") == 0
    context.close()
