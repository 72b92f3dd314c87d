"""The table in a real browser: hot-seat handovers and secrets, a move on the board, reload,
shared links (good and broken), and a solo game against bots played to the end."""

import html

from tablehelp import (
    ACTS,
    all_hand_names,
    click,
    decide_quickly,
    declare,
    declaring,
    hidden_card_names,
    open_record,
    open_table,
    paints,
    prompt_options,
    repainted,
    replayed,
    saves,
    settle,
    start_game,
    storage,
    viewer_name,
)

from engine.core.game import Match, state_hash
from web.keep.gamelink import decode


def app_html(page) -> str:
    return html.unescape(page.inner_html("#app"))


def test_hot_seat_declaration_and_a_move_on_the_board(page, site_url):
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    names = ["Ann", "Bob"]
    handovers, checked, stepped = 0, 0, None
    for _ in range(80):
        where = settle(page)
        match = replayed(page)
        if where == "handover":
            handovers += 1
            dom = app_html(page)
            assert "aot-" not in dom and "game-screen" not in dom
            assert not any(n in dom for n in all_hand_names(match))
            click(page, "#handover-ok")
            continue
        me = names.index(viewer_name(page))
        secret = hidden_card_names(match, 1 - me, me)
        dom = app_html(page)
        assert not [n for n in secret if n in dom]
        checked += bool(secret)
        if declaring(page):
            declare(page, ["move"])
            continue
        options = prompt_options(page)
        if stepped is None and any("step" in o for o in options):
            # step on the board itself: a tap on a ringed space presses the option naming it
            target = next(o for o in options if "step" in o)
            click(page, page.locator(f'#game-screen svg .aot-target[data-ref="{target["step"]}"]'))
            stepped = (me, target["step"])
            continue
        if stepped is not None and {"stop": True} in options:
            click(page, page.locator(ACTS).nth(options.index({"stop": True})))
            if handovers >= 3 and checked >= 2:
                break  # else play on: a board step can come before enough screens were seen
            continue
        pick = next((i for i, o in enumerate(options) if o.get("as") == "sneak"), 0)
        click(page, page.locator(ACTS).nth(pick))
    assert stepped is not None, "no move was made"
    assert handovers >= 3 and checked >= 2
    match = replayed(page)
    me, space = stepped
    assert [me, {"step": space}] in match.actions
    assert match.state["phase"] == "resolution" or match.state["turn"] > 1


def test_reload_continues_the_saved_game(page, site_url):
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    assert settle(page) == "handover"
    click(page, "#handover-ok")
    click(page, page.locator(ACTS).first)
    before = open_record(page)
    assert len(before["actions"]) == 1
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    assert settle(page) == "handover"  # nobody's cards show after a reload
    assert open_record(page) == before
    click(page, "#handover-ok")
    click(page, page.locator(ACTS).first)
    assert len(open_record(page)["actions"]) == 2
    # and from the saved games list
    click(page, "#nav-start")
    click(page, "#nav-saves")
    assert page.locator(".save").count() == 1
    click(page, page.locator('.save [data-ev="continue"]').first)
    assert settle(page) == "handover"


def test_copied_link_opens_the_same_game_in_a_fresh_browser(browser, page, site_url):
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "easy")])
    for _ in range(3):
        settle(page)
        decide_quickly(page)
    click(page, "#copy-link")
    link = page.input_value("#share-link")
    assert "#g=1" in link and "hidden cards" in page.inner_text(".link-note")
    shared = decode(link)
    context = browser.new_context()
    other = context.new_page()
    open_table(other, link)
    assert settle(other) in ("prompt", "handover")
    assert "saved as a new game" in other.inner_text("#app")
    assert "#g=" not in other.url
    assert len(saves(other)) == 1
    theirs = open_record(other)  # the bot may have moved on since
    assert theirs["actions"][:len(shared.actions)] == shared.actions
    opened = Match.replay({**theirs, "actions": theirs["actions"][:len(shared.actions)]})
    assert state_hash(opened.state) == state_hash(shared.state)
    context.close()


def test_broken_link_shows_the_error_and_leaves_saves_alone(page, site_url):
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    click(page, "#handover-ok")
    click(page, page.locator(ACTS).first)
    if settle(page) == "handover":
        click(page, "#handover-ok")
    click(page, "#copy-link")
    link = page.input_value("#share-link")
    before = storage(page)
    # a link cut short, arriving in the address bar of the open tab
    page.goto(link[:-15])
    page.wait_for_selector(".notice.error", timeout=30_000)
    assert "game link" in page.inner_text(".notice.error")
    assert storage(page) == before
    # a tampered link opened fresh
    page.goto(site_url.rstrip("/") + "/?x=1#g=1QUJDRA")
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    page.wait_for_selector(".notice.error")
    assert "game link" in page.inner_text(".notice.error")
    assert storage(page) == before


def test_solo_game_against_bots_reaches_the_end(page, site_url):
    open_table(page, site_url.rstrip("/") + "/?botdelay=0")
    start_game(page, [("Solo", "human"), ("B1", "normal"), ("B2", "normal"),
                      ("B3", "normal")])
    for _ in range(400):
        where = settle(page, timeout=120_000)
        if where == "end":
            break
        assert where == "prompt"  # a lone human never needs a handover
        decide_quickly(page)
    else:
        raise AssertionError("the game did not end")
    text = page.inner_text("#app")
    assert "Final standings" in text and "Solo" in text
    record = open_record(page)
    assert Match.replay(record).state["result"] is not None
    click(page, "#watch-replay")
    click(page, "#replay-next")
    assert "decision 1 of" in page.inner_text("#screen-title")


def test_keyboard_only_start_and_handover(page, site_url):
    open_table(page, site_url)
    page.focus("#seat-name-0")
    page.keyboard.press("Control+A")
    page.keyboard.type("Kim")
    for _ in range(40):  # Tab on to the start button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "start-game":
            break
    else:
        raise AssertionError("the start button cannot be reached with Tab")
    before = paints(page)
    page.keyboard.press("Enter")
    repainted(page, before)
    assert settle(page) == "handover"
    assert page.evaluate("document.activeElement.id") == "screen-title"
    assert open_record(page)["seats"][0]["name"] == "Kim"  # typed, then tabbed away
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "handover-ok":
            break
    before = paints(page)
    page.keyboard.press("Enter")
    repainted(page, before)
    assert settle(page) == "prompt"
    # the decision's buttons are reachable and work from the keyboard
    first = page.locator(ACTS).first
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('app').innerText.includes('Pass the device')"
                           " || !document.querySelector('#game-screen .aot-prompt')",
                           timeout=30_000)
    assert len(open_record(page)["actions"]) == 1
