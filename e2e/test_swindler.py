"""Swindler in a real browser: one person against the heuristic bot plays a whole 2-player game
to the end screen, with the skull odds shown at every draw-again decision; on a phone an option
and the order it names point at each other, and a reward's neutral tile may be declined; at
one device a person passes on accomplices until their turn without being handed the device,
and a Hard bot's lone "no" with full secrecy takes its time to think."""

import re
import time

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
)

from engine.core.game import Match
from engine.simulate import make_bot
from web.keep import gamelink as links
from web.play.bots import THINK_S

SETTLED = "#handover-ok, .swd-prompt, .screen-end"
BUTTONS = ".swd-prompt button"


def test_a_two_player_game_against_a_bot_reaches_the_end(page, site_url):
    open_table(page, site_url + "?botdelay=0")  # the whole game: bots without a pause
    click(page, "#game-swindler")
    before = paints(page)
    page.select_option("#seat-kind-1", "normal")
    repainted(page, before)
    click(page, "#start-game")
    decisions, draws = 0, 0
    while True:
        page.wait_for_selector(SETTLED, timeout=60_000)
        if page.locator(".screen-end").count():
            break
        assert not page.locator("#handover-ok").count(), "one person needs no hand-over"
        ask = page.inner_text(".swd-ask")
        texts = page.locator(BUTTONS).all_inner_texts()
        pick = 0
        if ask.startswith("Step 1"):  # reserve one order now and then, else go stealing
            reserve = [i for i, t in enumerate(texts) if t.startswith("Reserve")]
            pick = reserve[0] if reserve and decisions % 4 == 0 else texts.index(
                "Done: go stealing")
        elif ask.startswith("Step 5"):
            pick = texts.index("End my turn")
        elif ask.startswith("Draw again"):
            draws += 1
            odds = page.inner_text(".swd-odds")
            assert re.search(r"\d+% chance of a skull on the next draw", odds), odds
            chance = int(re.search(r"(\d+)% chance", odds).group(1))
            if chance > 15 or draws % 3 == 0:
                pick = texts.index("Stop and keep what I have")
        click(page, page.locator(BUTTONS).nth(pick))
        decisions += 1
        assert decisions < 600
    assert draws > 0
    end = page.inner_text(".screen-end")
    assert "Final standings" in end and "for each order still reserved" in end
    match = Match.replay(open_record(page))
    assert match.rules.result(match.state)["winners"]


def test_at_a_hot_seat_table_a_person_asks_for_the_device_out_of_turn(page, site_url):
    """The button for each other person is on the screen of the one at the device; pressing it
    hands the device over, and the other person can give it back."""
    open_table(page, site_url)
    click(page, "#game-swindler")
    click(page, "#players-2")
    page.check("#opt-masters-off")
    click(page, "#start-game")
    click(page, "#handover-ok")
    page.wait_for_selector(".swd-prompt")
    assert page.inner_text("#standing-1") == "Player 2 wants to play a card now"
    click(page, "#standing-1")
    assert "Pass the device to Player 2" in page.inner_text("#app")
    click(page, "#handover-ok")
    page.wait_for_selector(".swd-prompt")
    assert "Out of turn" in page.inner_text(".swd-prompt")
    click(page, page.locator(".swd-prompt button", has_text="give the device back"))
    assert "Pass the device to Player 1" in page.inner_text("#app")
    click(page, "#handover-ok")
    assert page.locator("#standing-1").count() == 1


def test_on_a_phone_an_option_and_its_order_point_at_each_other(browser, site_url):
    """At 390 px: the orders follow the decision, nothing is wider than the screen, no serious
    accessibility fault; focusing "Reserve: …" lights its order card, and a tap on another
    order card reserves that one."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url)
    click(page, "#game-swindler")
    page.check("#opt-masters-off")
    page.select_option("#seat-kind-1", "normal")
    click(page, "#start-game")
    page.wait_for_selector(".swd-prompt")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert accessibility_violations(page) == []
    below = page.evaluate("""() => [...document.querySelectorAll('.swd-prompt-area, .swd-panel')]
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
        .map(el => el.dataset.region)""")
    assert below[:2] == ["swd-prompt", "swd-orders"], below
    reserve = page.locator(".swd-prompt button", has_text="Reserve:")
    first, second = (reserve.nth(i).get_attribute("data-ref") for i in (0, 1))
    focus_by_keyboard(page, reserve.nth(0))
    assert "lit" in page.locator(f'li.swd-order[data-ref="{first}"]').get_attribute("class")
    before = paints(page)
    page.locator(f'li.swd-order[data-ref="{second}"] .swd-order-head').tap()
    repainted(page, before)
    assert "reserved by Player 1" in page.inner_text(f'li.swd-order[data-ref="{second}"]')
    context.close()


def choosing_a_neutral_tile(match) -> bool:
    return match.state["stack"][-1]["do"] == "neutral"


def test_on_a_phone_a_rewards_neutral_tile_is_a_tap_or_none(browser, site_url):
    """Rules revision 3 ("darfst du dir ... nehmen"): the tiles of the supply, one button each,
    and "Take none", all on a 390 px screen; "Take none" leaves the supply as it was."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url)
    open_link(page, link_where("swindler", choosing_a_neutral_tile))
    if page.locator("#handover-ok").count():
        click(page, "#handover-ok")
    page.wait_for_selector(".swd-prompt")
    assert page.inner_text(".swd-ask") == ("You may take a neutral loot tile of your choice "
                                          "from the supply, or none")
    texts = page.locator(BUTTONS).all_inner_texts()
    assert texts[-1] == "Take none" and all(t.startswith("the neutral ") for t in texts[:-1])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert accessibility_violations(page) == []
    supply = page.inner_text(".swd-supply")
    click(page, page.locator(BUTTONS, has_text="Take none"))
    page.wait_for_function("!document.querySelector('.swd-ask') || !document.querySelector("
                           "'.swd-ask').innerText.startsWith('You may take a neutral')")
    assert page.inner_text(".swd-supply") == supply
    assert "leaves the neutral tile in the supply" in page.inner_text("#app")
    context.close()


def bob_asked_before_anns_first_steal(bob: dict | None = None) -> str:
    """A link: Ann, Bob and Cy at one device, full secrecy, Bob asked "play an accomplice?"
    before Ann steals (the first window of the game); ``bob``: more of Bob's seat (a bot)."""
    seats = [{"name": "Ann"}, {"name": "Bob", **(bob or {})}, {"name": "Cy"}]
    match = Match.start("swindler", seats, {"masters": "off", "skip_reaction_prompts": False}, 1)
    bots = [make_bot("normal", "swindler", 8 + p) for p in range(3)]
    rules = match.rules
    while (rules.choice(match.state, 1) or {}).get("kind") != "react":
        p = rules.to_act(match.state)[0]
        match.act(p, bots[p].decide(rules.view(match.state, p), rules.choice(match.state, p)))
    return links.encode(match.record())


def test_a_hard_bots_lone_no_with_full_secrecy_takes_its_time_to_think(page, site_url):
    """Full secrecy: a Hard bot holding no card to answer with is not quicker with its "no"
    than one that searches its cards (its whole time to think, measured by the page from
    the moment he was asked), so the table cannot tell."""
    link = bob_asked_before_anns_first_steal({"bot": "hard"})
    asked = len(links.decode(link).actions)  # Bob's answer is the next
    open_table(page, site_url + "?botdelay=0")
    open_link(page, link)
    shown = time.perf_counter()  # the table at Bob's window, his thinking begun
    while len(actions := open_record(page)["actions"]) == asked \
            and time.perf_counter() - shown < 10:
        time.sleep(0.02)
    assert actions[asked:] == [[1, {"pass": True}]]
    held = page.evaluate("performance.getEntriesByName('bot held').map(e => e.duration)")
    assert len(held) == 1 and held[0] >= 0.99 * THINK_S * 1000  # from when he was asked


def test_on_a_phone_a_person_passes_until_their_turn_and_is_not_handed_the_device(browser,
                                                                                   site_url):
    """At 390x844 "Pass until my turn" is beside "No, pass", on screen and not covered, and
    the moments "Ask me only…" unfolds come into view (the sheet scrolls to them); once
    pressed the device goes on to Cy, everyone sees Bob's mark, and Ann's next draw asks Cy
    (Bob's window passed by the table, the ordinary pass in the record)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_table(page, site_url + "?botdelay=0")
    open_link(page, bob_asked_before_anns_first_steal())
    assert "Pass the device to Bob" in page.inner_text("#app")
    click(page, "#handover-ok")
    until = page.get_by_role("button", name="Pass until my turn")
    assert page.get_by_role("button", name="No, pass").is_visible()
    box = until.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390
    assert page.evaluate("""el => { const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }""",
                         until.element_handle())
    assert accessibility_violations(page) == []
    click(page, page.get_by_role("button", name="Ask me only…"))  # unfolded into view
    first = page.get_by_role("button", name="before someone steals").bounding_box()
    assert first["y"] >= 0 and first["y"] + first["height"] <= 844
    click(page, until)
    assert "Pass the device to Cy" in page.inner_text("#app")
    click(page, "#handover-ok")
    assert "passes until their turn" in page.inner_text(".swd-seats")
    click(page, page.get_by_role("button", name="No, pass"))
    assert "Pass the device to Ann" in page.inner_text("#app")
    click(page, "#handover-ok")
    click(page, page.locator(f'{BUTTONS}[data-ev="act"]').first)  # Ann draws again
    assert "Pass the device to Cy" in page.inner_text("#app")
    bobs = [a for p, a in open_record(page)["actions"] if p == 1]
    assert bobs[-2:] == [{"pass": True}, {"pass": True}]
    context.close()
