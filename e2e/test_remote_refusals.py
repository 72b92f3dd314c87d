"""Refusals and signing at the remote table in Chromium (issue 36): a refused link's notice
stays on screen however it was opened (Enter, the button, the address bar; the start screen's
box too), a split found at a link's base opens the split panel, and no screen breaks while a
decision waits for its signature."""

from playwright.sync_api import expect
from tablehelp import READY, click, open_link, paints, repainted
from test_remote_links import (
    aot_pick,
    kept_of,
    my_turn,
    notice,
    send_after,
    table,  # noqa: F401 (the three devices' fixture)
)

from engine.core.game import Match
from web.keep import gamelink as links
from web.play import chain as remote
from web.play.chain import signing

DAMAGED = "#r=1garbage"
BROKEN = "could not be drawn"
# every screen drawn into #app that says it could not be drawn, as it is drawn: the page
# replaces it as soon as the signature comes, long before a test could look
WATCH_BROKEN = """broken => {
    window.brokenScreens = 0;
    new MutationObserver(records => {
        for (const record of records)
            for (const node of record.addedNodes)
                if ((node.textContent || "").includes(broken)) window.brokenScreens++;
    }).observe(document.getElementById("app"), {childList: true, subtree: true});
}"""


def hop(url: str, game_id: str, start: int) -> str:
    """A hop of ``game_id`` going on from action ``start``, whose head there is not this
    device's, carrying nothing."""
    return url + remote.PREFIX + remote.VERSION + links.pack(
        {"i": game_id, "n": start, "h": "AAAAAAAA", "a": "", "k": []})


def another_game(url: str) -> str:
    """The whole-game link of a remote game hosted on another device."""
    record = Match.start("crooks", [{"name": n} for n in ("Dan", "Eve", "Flo")], {}, 5).record()
    keys = signing.Keys()
    chain = remote.Chain.new(record, keys.public_key, {})
    chain.sign_setup(keys.sign(chain.setup_digest))
    return url + chain.join_link()


def by_enter(page, box: str, link: str) -> None:
    before = paints(page)
    page.fill(box, link)
    page.press(box, "Enter")
    repainted(page, before)


def by_button(page, box: str, link: str) -> None:
    page.fill(box, link)
    click(page, "#remote-open" if box == "#remote-link" else "#open-link")


def stays(page, text: str) -> None:
    """The notice says ``text`` in view (not scrolled away to a decision asked further down),
    after a while and after the focus leaves it."""
    idle_or_start(page)
    page.wait_for_timeout(300)
    assert text in notice(page)
    expect(page.locator("#notice")).to_be_in_viewport()
    page.locator("h2").first.click()
    page.wait_for_timeout(300)
    assert text in notice(page), text


def idle_or_start(page) -> None:
    page.wait_for_selector("#remote[data-busy=false], .screen-start", timeout=60_000)


def test_a_refused_link_stays_on_screen(table, site_url):  # noqa: F811
    """On the desktop device whose decision is asked (further down the screen than the notice),
    each refusal, by Enter and by the button, in both languages, from the address bar, and in
    the start screen's box."""
    page = next(page for page in table if my_turn(page))
    page.set_viewport_size({"width": 1280, "height": 800})
    game_id = remote.game_of(kept_of(page)["link"])
    refused = {
        site_url + DAMAGED: "This game link is damaged",
        another_game(site_url): "This link holds a whole game, but no seat of it",
        hop(site_url, game_id, 99): "This link follows links you have not opened yet",
    }
    for opening in (by_enter, by_button):
        for link, text in refused.items():
            opening(page, "#remote-link", link)
            stays(page, text)
        assert page.input_value("#remote-link") == hop(site_url, game_id, 99)  # kept to mend
        # a split at the link's base: the split panel, and the notice
        opening(page, "#remote-link", hop(site_url, game_id, 0))
        stays(page, "This link goes on from another course of this game")
        assert page.locator("#fork-title").is_visible()
        click(page, "#fork-ok")
    # the address bar
    open_link(page, DAMAGED)
    stays(page, "This game link is damaged")
    assert my_turn(page)  # the game stays open
    # in German
    click(page, "#language-de")
    for opening in (by_enter, by_button):
        opening(page, "#remote-link", site_url + DAMAGED)
        stays(page, "Dieser Link zur Partie ist beschädigt")
    # the start screen's box for a shared game
    click(page, '[data-ev="nav"][data-arg="\\"start\\""]')
    for opening in (by_enter, by_button):
        for link, text in ((site_url + "#g=garbage", "von einer anderen Version des Tisches"),
                           (site_url + DAMAGED, "Dieser Link zur Partie ist beschädigt"),
                           (another_game(site_url), "Dieser Link enthält eine ganze Partie")):
            opening(page, "#link-input", link)
            stays(page, text)


def test_no_screen_breaks_while_decisions_are_signed(table):  # noqa: F811
    """Three devices play the first turns of Age of Thieves by links; after every decision its
    device signs it, and meanwhile its screen is drawn as it is (never "could not be
    drawn")."""
    for page in table:
        page.evaluate(WATCH_BROKEN, BROKEN)
    decided = 0
    for count in range(10):
        turns = [seat for seat in range(3) if my_turn(table[seat])]
        if not turns:
            break
        aot_pick(table[turns[0]], count)
        decided += 1
        send_after(table, turns[0])
    assert decided >= 6
    assert [page.evaluate("window.brokenScreens") for page in table] == [0, 0, 0]
    for page in table:
        assert BROKEN not in page.inner_text("#app")
        assert page.locator(READY).count()
