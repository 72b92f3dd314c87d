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
import time

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
    offered,
    paste,
    swindler_pick,
)

from engine.core.game import Match
from web.play.chain import Chain, signing
from web.play.links.device import SAVE_PREFIX, Device

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
    answer = answered(guest, offer, first)
    assert not (axe and accessibility_violations(guest))
    paste(ann, answer)
    for page, peer in ((ann, seat), (guest, 0)):
        page.wait_for_selector(f'.live-peer[data-seat="{peer}"] [data-stage="open"]',
                               timeout=30_000)


def answered(guest, offer: str, first: bool) -> str:
    """The answer the guest's screen shows once its camera opened ``offer`` (``first``: in a
    new tab, as a phone's camera app opens it; else in the table's box)."""
    if first:
        guest.goto(offer)
        guest.wait_for_selector(READY, timeout=90_000)
    else:
        paste(guest, offer)
    answer = code_on(guest, 0)
    assert len(answer) < 150
    return answer


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


# Swindler's 150 first decisions only (its whole game took 100-140 s of the CI's 30 minutes;
# the game's end is the same code in every game, played to it here in Crooks and Age of
# Thieves, and whole Swindler games by links run in tests/web/test_linkplay.py)
@pytest.mark.parametrize("game, pick, decisions", [
    ("crooks", crooks_pick, None), ("swindler", swindler_pick, 150),
    ("age_of_thieves", aot_pick, None)])
def test_a_whole_game_played_live_in_three_browsers(live_browser, site_url, game, pick,
                                                     decisions):
    pages = live_table(live_browser, site_url, game)
    delays = play_live(pages, pick, until=decisions and (lambda count: count >= decisions))
    for page in pages:
        assert decisions or "The game is over." in page.inner_text("#remote")
        assert page.locator(".outgoing").count() == 0  # nothing to send by hand
    assert decisions or len({chain_of(page).heads[-1] for page in pages}) == 1  # the end's
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
    two saves (web/play/links/device.py). Played in CPython, with keys of its own: nobody
    decides."""
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
NAMES = ["Player 1", "Player 2", "Player 3"]  # (as start_table seats them)
SHOTS = os.environ.get("LIVE_SHOTS", "")  # a folder for screenshots of the failed states


def shot(page, name: str) -> None:
    """The page's top (its notice) and its live panel, saved when LIVE_SHOTS names a folder."""
    if SHOTS:
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=f"{SHOTS}/{name}-top.png")
        page.locator("section.live").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/{name}.png")


def stage_of(page, seat: int) -> str:
    return page.get_attribute(f'.live-peer[data-seat="{seat}"] .live-stage', "data-stage")


def said(page, seat: int, stage: str, since: float) -> float:
    """Seconds from ``since`` until ``page``'s row for ``seat`` says ``stage`` (at most 40)."""
    page.wait_for_selector(f'.live-peer[data-seat="{seat}"] [data-stage="{stage}"]',
                           timeout=40_000)
    return time.monotonic() - since


def pressable(button) -> bool:
    """Is ``button`` (scrolled to) inside the phone's screen and not covered?"""
    button.scroll_into_view_if_needed()
    return button.evaluate("""b => { const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
            && b.contains(hit); }""")


def test_an_answer_to_an_older_code_is_refused_at_once_and_every_attempt_ends(live_browser,
                                                                              site_url):
    """Ann offers Bea and Cy at once (a scan button each, axe clean); both connect. Bea's
    channel drops, Ann shows a new code, Bea's phone opens the older one in a new tab: Ann's
    screen refuses its answer at once and keeps the new code, Cy plays on live, Bea's screen
    says to scan the code shown now within about 20 s; the new code connects her."""
    contexts = [live_browser.new_context(viewport={"width": 390, "height": 844})
                for _ in range(3)]
    ann, bea, cy = pages = [c.new_page() for c in contexts]
    open_table(ann, site_url)
    start_table(ann, "crooks", ["human", "remote", "remote"])
    idle(ann)
    ann.get_by_role("button", name=f"Connect {NAMES[1]}", exact=True).click()
    ann.get_by_role("button", name=f"Connect {NAMES[2]}", exact=True).click()
    first = {seat: code_on(ann, seat) for seat in (1, 2)}
    ids = ann.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids))
    assert accessibility_violations(ann) == []
    for seat in (1, 2):
        assert pressable(ann.get_by_role("button", name=f"Scan the answer of {NAMES[seat]}"))
    for guest, seat in ((bea, 1), (cy, 2)):
        paste(ann, answered(guest, first[seat], first=True))
    for page, seat in ((ann, 1), (ann, 2), (bea, 0), (cy, 0)):
        said(page, seat, "open", time.monotonic())
    bea.evaluate("window.tableLive.drop(0)")  # Bea's phone sleeps
    said(ann, 1, "closed", time.monotonic())
    ann.get_by_role("button", name=f"Connect {NAMES[1]} again").click()
    newer = code_on(ann, 1)
    bea.goto("about:blank")  # her page is gone; her camera opens Ann's first code again
    older = answered(bea, first[1], first=True)
    scanned = time.monotonic()
    paste(ann, older)
    host_s = time.monotonic() - scanned
    assert "answers an older code of yours" in notice(ann)
    assert stage_of(ann, 1) == "offered" and code_on(ann, 1) == newer
    assert stage_of(ann, 2) == stage_of(cy, 0) == "open"
    shot(ann, "host-stale-answer")
    guest_s = said(bea, 0, "failed", scanned)
    assert f"scan the code {NAMES[0]}'s screen shows now" in bea.inner_text(".live")
    shot(bea, "guest-stale-failed")
    assert accessibility_violations(bea) == []
    print(f"an answer to an older code: the host's screen says so after {host_s:.1f} s, the "
          f"guest's after {guest_s:.1f} s")
    assert guest_s < 25
    assert stage_of(ann, 1) == "offered"
    paste(ann, answered(bea, newer, first=False))
    for page, seat in ((ann, 1), (bea, 0)):
        said(page, seat, "open", time.monotonic())
    assert stage_of(cy, 0) == "open"
    for page in pages:
        page.evaluate(TURNS)
    assert play_live(pages, crooks_pick)  # to the end, live
    assert len({chain_of(page).heads[-1] for page in pages}) == 1
    for page in pages:
        page.context.close()


APART = """() => {  // phones kept apart (a guest Wi-Fi): the host's offers name an address
    // nobody reaches (TEST-NET-1), once the test sets window.apart
    const described = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype,
                                                      "localDescription");
    Object.defineProperty(RTCPeerConnection.prototype, "localDescription", { get() {
        const made = described.get.call(this);
        if (!made || !window.apart) return made;
        return { type: made.type, sdp: made.sdp.replace(
            /^(a=candidate:\\S+ 1 udp \\d+ )\\S+ /gm, "$1192.0.2.1 ") };
    } });
}"""


def test_phones_that_cannot_reach_each_other_are_told_so_and_play_on_by_links(live_browser,
                                                                              site_url):
    """Bea connects; Cy's phone cannot be reached: both screens say so within about 20 s,
    Ann's offers to connect Cy again and the invitation to send, Bea plays on live."""
    contexts = [live_browser.new_context(viewport={"width": 390, "height": 844})
                for _ in range(3)]
    ann, bea, cy = [c.new_page() for c in contexts]
    ann.add_init_script(script=f"({APART})()")
    open_table(ann, site_url)
    start_table(ann, "crooks", ["human", "remote", "remote"])
    connect(ann, bea, 1, first=True)
    ann.evaluate("window.apart = true")
    idle(ann)
    ann.get_by_role("button", name=f"Connect {NAMES[2]}", exact=True).click()
    answer = answered(cy, code_on(ann, 2), first=True)
    scanned = time.monotonic()
    paste(ann, answer)
    host_s = said(ann, 2, "failed", scanned)
    guest_s = said(cy, 0, "failed", scanned)
    print(f"phones kept apart: the host's screen says so after {host_s:.1f} s, the guest's "
          f"after {guest_s:.1f} s")
    assert host_s < 25 and guest_s < 25
    for page in (ann, cy):
        text = page.inner_text(".live")
        assert "cannot reach each other here" in text and "play on by links" in text
    assert stage_of(ann, 1) == stage_of(bea, 0) == "open"
    again = ann.get_by_role("button", name=f"Connect {NAMES[2]} again")
    assert pressable(again)
    shot(ann, "host-apart-failed")
    shot(cy, "guest-apart-failed")
    assert "invite-2" in offered(ann)  # by links: Cy's invitation is there to send
    assert pressable(ann.locator('.outgoing[data-to="invite-2"]').get_by_role("button",
                                                                               name="Copy"))
    for page in (ann, bea, cy):
        page.context.close()
