"""The table at a plain http:// address of another host (what `make play HOST=0.0.0.0` gives a
phone on the same network): not a secure context, so the browser has no WebCrypto to sign or
check a game played on several devices. The start screen says so before anyone starts one, a
genuine invitation opened there is told that the table needs https (never that it was altered)
and kept, and a game at this device starts as anywhere (issue 52)."""

import os
from pathlib import Path

import pytest
from tablehelp import (
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    accessibility_violations,
    click,
    open_table,
    paints,
    repainted,
    start_game,
    start_table,
)
from test_remote_links import notice, offered

HOST = "table.test"  # resolved to 127.0.0.1 by the browser: an http origin that is not local
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def lan_browser(browser_type):
    """Chromium that finds ``HOST`` at this machine, as a phone finds a computer by its
    address on the network."""
    browser = browser_type.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])
    yield browser
    browser.close()


@pytest.fixture
def phone(lan_browser, site_url):
    """A phone-sized page of the table at http://table.test:<port>/."""
    context = lan_browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.lan_url = site_url.replace("127.0.0.1", HOST)
    yield page
    context.close()


def shoot(page, name: str) -> None:
    """A screenshot for a person to look at, when SHOTS names a folder."""
    if os.environ.get("SHOTS"):
        page.screenshot(path=str(Path(os.environ["SHOTS"]) / f"{name}.png"))


def in_view_and_on_top(locator) -> bool:
    """Is ``locator``'s element inside the viewport, its centre not covered by anything?"""
    return locator.evaluate("""(element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        return x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight
            && element.contains(document.elementFromPoint(x, y));
    }""")


def https_note(where):
    return where.get_by_text("need the table at an https:// address")


def test_the_start_screen_says_games_on_several_devices_need_https(phone):
    open_table(phone, phone.lan_url)
    assert phone.evaluate("isSecureContext") is False
    https_note(phone).scroll_into_view_if_needed()
    assert in_view_and_on_top(https_note(phone))
    shoot(phone, "start-plain-http")
    # a person on another device chosen: said at that seat, before anyone presses Start
    before = paints(phone)
    phone.get_by_label("Played by").nth(1).select_option(label="Person on another device")
    repainted(phone, before)
    seat = phone.locator("fieldset", has_text="Seat 2")
    https_note(seat).scroll_into_view_if_needed()
    assert in_view_and_on_top(https_note(seat)) and https_note(phone).count() == 1
    assert not accessibility_violations(phone)
    shoot(phone, "seat-plain-http")
    # started anyway: the notice says why not, and nothing starts
    click(phone, phone.get_by_role("button", name="Start the game"))
    assert "https://" in notice(phone) and "TypeError" not in notice(phone)
    assert phone.locator("#seat-kind-1").is_visible()
    assert not phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith("
                              "'thieves.remote.'))")


def test_a_genuine_invitation_at_a_plain_http_address_asks_for_https_and_is_kept(
        lan_browser, site_url, phone):
    host = lan_browser.new_context(viewport={"width": 1280, "height": 800})
    ann = host.new_page()
    open_table(ann, site_url)  # http://127.0.0.1: a secure context
    start_game(ann, [("Ann", "human"), ("Bea", "remote")])
    invitation = offered(ann)["invite-1"]
    host.close()
    phone.goto(invitation.replace("127.0.0.1", HOST))
    phone.wait_for_selector(READY, timeout=90_000)
    phone.wait_for_selector("#notice", timeout=30_000)
    said = notice(phone)
    assert "https://" in said, said
    assert "altered" not in said and "signature" not in said
    assert phone.locator("#link-input").input_value() == invitation.replace("127.0.0.1", HOST)
    assert in_view_and_on_top(phone.locator("#notice"))
    shoot(phone, "invitation-plain-http")


def test_a_game_at_this_device_starts_at_a_plain_http_address(phone):
    open_table(phone, phone.lan_url)
    start_table(phone, "crooks", ["human", "normal"])
    phone.wait_for_selector("#game-screen, #handover-ok", timeout=60_000)
    assert not notice(phone)
