"""One seat of a remote game open in two tabs of one browser (issue 36): the person decides in
one tab and the other follows its save (signatures checked again), says so and asks nothing;
a link opened in either tab is followed by the other; the next device gets one course and never
sees a split. The table is test_remote_links.py's: Ann hosts, Bea and Cy on devices of their own.
"""

import json

import pytest
import test_remote_links
from tablehelp import PROMPT, READY, click, open_table, start_game
from test_remote_links import chain_of, dom, idle, my_turn, notice, offered, paste

from web.play import chain as remote
from web.play.chain import signing

table = test_remote_links.table  # the fixture: Ann's, Bea's and Cy's pages

FOLLOWED = "This game was played on in another tab: this tab now shows its latest position."


def followed(page) -> None:
    """Wait until ``page`` has followed what another tab of its browser saved."""
    page.wait_for_selector(f'#notice:has-text("{FOLLOWED}")', timeout=60_000)
    idle(page)


def sent_on(page) -> dict:
    """The links ``page`` offers to send on (not the host's invitations)."""
    return {to: link for to, link in offered(page).items() if not to.startswith("invite-")}


def test_the_other_tab_of_a_seat_follows_and_the_next_device_sees_one_course(table):
    first = next(seat for seat in range(3) if my_turn(table[seat]))
    page = table[first]
    again = page.context.new_page()  # the same browser: the same storage and keys
    open_table(again, page.url.split("#")[0])
    click(again, '[data-ev="remote-continue"]')
    assert my_turn(again)
    click(page, page.locator(f'{PROMPT} [data-ev="act"]').first)
    followed(again)
    # (the first tab saves the decision, then its links: the other may follow twice)
    again.wait_for_selector('.outgoing:not([data-to^="invite-"])', timeout=60_000)
    assert not my_turn(again) and not again.locator(f'{PROMPT} [data-ev="act"]').count()
    assert again.inner_text("#remote") == page.inner_text("#remote")
    assert sent_on(again) == sent_on(page)
    # the next device opens the link from either tab: one course, nothing new the second time
    ((to, link),) = sent_on(page).items()
    following = table[int(to)]
    paste(following, link)
    assert not notice(following) and my_turn(following)
    paste(following, offered(again)[to])
    assert notice(following).startswith("This link brings nothing new")
    assert "The game has split in two" not in dom(following)
    # the next device decides; its whole game, opened in the other tab, reaches the first too
    click(following, following.locator(f'{PROMPT} [data-ev="act"]').first)
    idle(following)
    whole = following.locator("#remote-game-link").input_value().rsplit(" — ", 1)[-1]
    paste(again, whole)
    followed(page)
    assert again.inner_text("#remote") == page.inner_text("#remote")
    assert "The game has split in two" not in dom(page) + dom(again)
    again.close()


# every save of a remote game the page writes, in order (the tab's decisions as it keeps them)
SAVES = """(() => { const setItem = Storage.prototype.setItem; window.__saves = [];
    Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('thieves.remote.')) window.__saves.push(value);
        return setItem.call(this, key, value); }; })()"""
# a press on the button ``el`` at the moment ``at`` (Date.now()), noted when it is made
PRESS_AT = """(el, at) => { window.__pressed = null; setTimeout(() => {
    window.__pressed = performance.timeOrigin + performance.now(); el.click();
}, at - Date.now()); }"""
TRIES = 5


@pytest.fixture
def pair(browser, site_url):
    """Ann's and Bea's pages, each in a browser context of its own, at an Age of Thieves table
    Ann hosts for the two of them; Bea opened her invitation."""
    contexts = [browser.new_context(viewport=size) for size in (
        {"width": 1280, "height": 800}, {"width": 390, "height": 844})]
    for context in contexts:
        context.add_init_script(SAVES)
    ann, bea = (context.new_page() for context in contexts)
    open_table(ann, site_url)
    start_game(ann, [("Ann", "human"), ("Bea", "remote")])
    bea.goto(offered(ann)["invite-1"])
    bea.wait_for_selector(READY, timeout=90_000)
    idle(bea)
    yield ann, bea
    for context in contexts:
        context.close()


def decisions_saved(pages, move: int) -> set:
    """The decisions at ``move`` in the saves ``pages`` wrote since they were last asked."""
    found = set()
    for page in pages:
        for text in page.evaluate("window.__saves.splice(0)"):
            actions = chain_of_text(text).match.actions
            if len(actions) > move:
                found.add(json.dumps(actions[move]))
    return found


def same_screens(tabs) -> None:
    """Wait until the tabs are idle and show the same (a tab may follow the other twice: its
    decision, then its links)."""
    for _attempt in range(60):
        for tab in tabs:
            idle(tab)
        if tabs[0].inner_text("#remote") == tabs[1].inner_text("#remote"):
            return
        tabs[0].wait_for_timeout(500)
    raise AssertionError("the two tabs show different games")


def chain_of_text(text: str):
    incoming = remote.Chain.join(json.loads(text)["link"])
    return incoming.accept([signing.verify(*check) for check in incoming.checks])


def test_two_tabs_of_a_seat_tapped_at_the_same_moment_make_one_decision(pair):
    """The seat's person presses two different decisions in two tabs of one browser at the
    same moment (issue 52: before, the storage event came too late and both were made, a
    split for the next device): one is made, the other tab makes none, says so and shows it.
    Taken back in between, several times; then the other device takes the links of both
    tabs as one course."""
    first = next(page for page in pair if my_turn(page))
    other = pair[1 - pair.index(first)]
    again = first.context.new_page()
    open_table(again, first.url.split("#")[0])
    kept = again.locator("section.panel", has=again.get_by_role(
        "heading", name="Games played by links"))
    click(again, kept.get_by_role("button", name="Age of Thieves"))
    tabs = (first, again)
    move = len(chain_of(first).match.actions)
    gaps = []  # ms between the two presses of each try
    for attempt in range(TRIES):
        assert all(my_turn(tab) for tab in tabs)
        decisions_saved(tabs, move)  # (the saves before this try)
        at = first.evaluate("Date.now()") + 300
        for index, tab in enumerate(tabs):  # a different decision in each tab
            tab.locator(f"{PROMPT} button:not([disabled])").nth(index).evaluate(PRESS_AT, at)
        presses = [tab.wait_for_function("window.__pressed").json_value() for tab in tabs]
        gaps.append(abs(presses[0] - presses[1]))
        same_screens(tabs)
        followed_in = [tab for tab in tabs if FOLLOWED in notice(tab)]
        assert len(followed_in) == 1, [notice(tab) for tab in tabs]
        assert "Your decision was not made in this tab" in notice(followed_in[0])
        assert len(decisions_saved(tabs, move)) == 1
        assert not any(my_turn(tab) for tab in tabs)
        if attempt < TRIES - 1:
            decider = next(tab for tab in tabs if tab is not followed_in[0])
            click(decider, decider.get_by_role("button", name="Take back my last decision"))
            followed(followed_in[0])
    assert min(gaps) < 20, gaps  # (a busy machine may fire a timer late)
    # the other device opens the link of either tab: one course, nothing new the second time
    paste(other, offered(first)[str(pair.index(other))])
    assert not notice(other) and my_turn(other)
    paste(other, offered(again)[str(pair.index(other))])
    assert notice(other).startswith("This link brings nothing new")
    assert "The game has split in two" not in dom(other)
    again.close()
