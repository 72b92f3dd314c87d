"""The live table in real browsers (docs/live.md): Ann hosts, Bea and Cy each on a device of
their own (a browser context each), connected by two scans per guest (the codes read from
the screens as drawn, with jsQR); then whole games are played with no link sent by hand, a
dropped channel loses nothing, and a forged message is refused as a forged link is.

WebRTC runs for real between the contexts over this machine's network interface, with no
server. Chromium is started with raw host addresses instead of mDNS names (no multicast
needed on a test machine) and loopback allowed (a machine with no other interface)."""

import json
import os
import statistics

import pytest
from longest_game import GAME, OPTIONS, SEED, longest_game  # tools/ (as qr_codes)
from qr_codes import drawn, read_back  # tools/ (on the path since conftest imported tablehelp)
from tablehelp import (
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    accessibility_violations,
    open_table,
    start_table,
)
from test_remote_links import (
    IDLE,
    aot_pick,
    chain_of,
    crooks_pick,
    idle,
    kept_of,
    notice,
    paste,
    swindler_pick,
)

from engine.core.game import Match
from web import signing
from web.linkdevice import SAVE_PREFIX, Device
from web.remote import Chain

LIVE_ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns",
             "--allow-loopback-in-peer-connection"]
# when each page's screen last turned to its person's decision (Date.now())
TURNS = """() => { window.__turns = [];
    new MutationObserver(() => {
        const head = document.getElementById('remote');
        const asked = head && head.dataset.turn === 'true';
        if (asked && !window.__asked) window.__turns.push(Date.now());
        window.__asked = asked;
    }).observe(document.getElementById('app'),
               {subtree: true, childList: true, attributes: true}); }"""


@pytest.fixture(scope="module")
def live_browser(browser_type):
    browser = browser_type.launch(executable_path=CHROMIUM, args=LIVE_ARGS)
    yield browser
    browser.close()


def code_on(page, seat: int) -> str:
    """The live code the screen shows for ``seat``, read from the code as drawn."""
    figure = page.locator(f'.live-peer[data-seat="{seat}"] .qr-code')
    figure.wait_for(timeout=30_000)
    (read,) = read_back([drawn(figure.inner_html())])
    return read.decode()


def connect(ann, guest, seat: int, first: bool, axe: bool = False) -> None:
    """Two scans: the guest's camera opens Ann's code (the first time: its invitation with
    the offer), Ann takes the guest's answer through the box for a received link (``axe``:
    each screen with its code checked by axe-core)."""
    idle(ann)
    ann.click(f"#remote-live-{seat}")
    offer = code_on(ann, seat)
    assert not (axe and accessibility_violations(ann))
    if first:
        guest.goto(offer)
        guest.wait_for_selector(READY, timeout=90_000)
    else:
        paste(guest, offer)
    answer = code_on(guest, 0)
    assert len(answer) < 150
    assert not (axe and accessibility_violations(guest))
    paste(ann, answer)
    for page, peer in ((ann, seat), (guest, 0)):
        page.wait_for_selector(f'.live-peer[data-seat="{peer}"] [data-stage="open"]',
                               timeout=30_000)


ERRORS = []  # the pages' console errors (a module the site's standard library lacks, ...)


def live_table(browser, site_url, game: str) -> list:
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    ERRORS.clear()
    for page in pages:
        page.on("console", lambda message: message.type == "error" and ERRORS.append(
            message.text))
    open_table(pages[0], site_url)
    start_table(pages[0], game, ["human", "remote", "remote"])
    for seat in (1, 2):
        connect(pages[0], pages[seat], seat, first=True)
    for page in pages:
        page.evaluate(TURNS)
    return pages


def next_turn(pages, timeout_s: float = 60) -> int | None:
    """The seat whose screen asks its person now, once the links in flight have arrived;
    None once the game is over everywhere (or nobody is asked within ``timeout_s``, if it is
    short: the others wait for a device that is away)."""
    for _ in range(int(timeout_s * 10)):
        for seat, page in enumerate(pages):
            if page.get_attribute("#remote", "data-turn") == "true" and \
                    page.get_attribute("#remote", "data-busy") == "false":
                return seat
        if all("The game is over." in page.inner_text("#remote .status") for page in pages):
            return None
        pages[0].wait_for_timeout(100)
    if timeout_s < 60:
        return None
    raise AssertionError("nobody is asked, and the game is not over")


def play_live(pages, pick, until=None, away: bool = False) -> list[float]:
    """Whole turns as the screens ask, nothing sent by hand (``away``: until nobody is asked,
    the others waiting for a device that is away); the milliseconds from each decision to the
    next person's screen asking them, where that is another device."""
    delays = []
    for count in range(3000):
        wait = 5 if away else 60
        seat = next_turn(pages, wait)
        if seat is None or until and until(count):
            return delays
        clicked = pages[seat].evaluate("Date.now()")
        pick(pages[seat], count)
        following = next_turn(pages, wait)
        if following is not None and following != seat:
            delays.append(max(pages[following].evaluate("window.__turns")) - clicked)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, pick", [("crooks", crooks_pick), ("swindler", swindler_pick),
                                        ("age_of_thieves", aot_pick)])
def test_a_whole_game_played_live_in_three_browsers(live_browser, site_url, game, pick):
    pages = live_table(live_browser, site_url, game)
    delays = play_live(pages, pick)
    for page in pages:
        assert "The game is over." in page.inner_text("#remote")
        assert page.locator(".outgoing").count() == 0  # nothing to send by hand
    assert len({chain_of(page).heads[-1] for page in pages}) == 1
    assert ERRORS == []
    p95 = statistics.quantiles(delays, n=20)[-1]
    print(f"{game}: {len(delays)} hops, decision to the next screen: median "
          f"{statistics.median(delays):.0f} ms, p95 {p95:.0f} ms")
    for page in pages:
        page.context.close()


def test_a_dropped_channel_loses_nothing_and_a_forged_message_is_refused(live_browser,
                                                                        site_url):
    pages = live_table(live_browser, site_url, "crooks")
    ann, bea, cy = pages
    play_live(pages, crooks_pick, until=lambda count: count >= 4)
    cy.evaluate("window.tableLive.drop(0)")  # Cy's phone sleeps
    for page, peer in ((ann, 2), (cy, 0)):
        page.wait_for_selector(f'.live-peer[data-seat="{peer}"] [data-stage="closed"]')
        assert "live connection" in notice(page)
    play_live(pages[:2], crooks_pick, away=True)
    connect(ann, cy, 2, first=False, axe=True)
    idle(cy)
    assert chain_of(cy).heads == chain_of(ann).heads  # caught up, nothing lost
    before = chain_of(bea).heads
    # Ann's device sends Bea an altered whole game over the channel, as a forger would
    link = kept_of(ann)["link"]
    forged = link[:60] + ("A" if link[60] != "A" else "B") + link[61:]
    ann.evaluate("""data => window.tableLive.carryOut({do: "send", peer: 1, data}, () => {})""",
                 json.dumps({"to": 1, "link": forged}))
    bea.wait_for_selector("#notice.error")
    host = chain_of(ann).name(0)  # (the table's name for Ann: "Player 1")
    assert notice(bea).startswith(f"A message from {host}'s device") and \
        chain_of(bea).heads == before
    if os.environ.get("LIVE_SHOTS"):  # (a folder: the refusal as Bea sees it)
        for width, height in ((390, 844), (1280, 800)):
            bea.set_viewport_size({"width": width, "height": height})
            bea.screenshot(path=os.path.join(os.environ["LIVE_SHOTS"], f"refused-{width}.png"))
        bea.set_viewport_size({"width": 390, "height": 844})
    delays = play_live(pages, crooks_pick)
    assert delays
    assert len({chain_of(page).heads[-1] for page in pages}) == 1
    for page in pages:
        page.context.close()


# the most bytes one message over a channel had, on this page
LONGEST = """() => { window.__longest = 0;
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (data) {
        window.__longest = Math.max(window.__longest, new Blob([data]).size);
        return send.call(this, data); }; }"""


def longest_saves() -> tuple[str, str, str]:
    """The longest game the bots made, near its end, as Ann's device (the host's) keeps it,
    and the same game at its start as Bea's keeps it (her seat opened): the game's id and the
    two saves (web/linkdevice.py). Played in CPython, with keys of its own: nobody decides."""
    record = Match.start(GAME, [{"name": n} for n in ("Ann", "Bea", "Cy", "Dot")], OPTIONS,
                         SEED).record()
    host, invitations = signing.Keys(), {seat: signing.Keys() for seat in (1, 2, 3)}
    chain = Chain.new(record, host.public_key, {s: k.public_key for s, k in invitations.items()})
    chain.sign_setup(host.sign(chain.setup_digest))
    keys = {0: host}
    for seat, invitation in invitations.items():
        keys[seat] = signing.Keys()
        key = keys[seat].public_key
        chain.bind(seat, key, invitation.sign(chain.binding(seat, key)))
    bea = Device(chain._copy(), 1, "remote.bea", bound=chain.bound[1]).kept()
    ann = Device(longest_game(chain, keys), 0, "remote.ann", host=True).kept()
    return chain.game_id, ann, bea


def test_the_longest_game_catches_up_over_a_real_channel_in_pieces(live_browser, site_url):
    """Bea's device, at the start of the longest game the bots made, connects to Ann's, near
    its end: the whole game goes over the channel in pieces of at most 16 KiB, and Bea's
    device has it all."""
    game_id, ann_save, bea_save = longest_saves()
    ann, bea = pages = [live_browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                        for _ in range(2)]
    for page, save in ((ann, ann_save), (bea, bea_save)):
        page.add_init_script(f"({LONGEST})()")
        open_table(page, site_url)
        page.evaluate("([key, save]) => localStorage.setItem(key, save)",
                      [SAVE_PREFIX + game_id, save])
        page.reload()  # (the table reads the storage as it starts)
        page.wait_for_selector(READY, timeout=90_000)
    ann.click(f"#remote-game-{game_id}")  # the game, from the start screen's list
    ann.wait_for_selector(IDLE, timeout=120_000)
    connect(ann, bea, 1, first=True)  # (Bea's camera opens Ann's code: her kept game opens)
    bea.wait_for_function(f"(localStorage.getItem('{SAVE_PREFIX + game_id}') || '').length > "
                          "16000", timeout=120_000)
    idle(bea)
    assert chain_of(bea).heads == chain_of(ann).heads
    assert bea.locator("#notice.error").count() == 0
    assert 16_000 < ann.evaluate("window.__longest") <= 16 * 1024
    for page in pages:
        page.context.close()
