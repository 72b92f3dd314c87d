"""Hostile input in a real browser: a link or a save nested 20,000 deep cannot stop the page
from starting, and two tabs on one save stay one game."""

import base64
import zlib

from tablehelp import (
    READY,
    act,
    click,
    decide_quickly,
    open_record,
    open_table,
    settle,
    start_game,
    storage,
)

DEEP = "[" * 20_000 + "]" * 20_000
DEEP_LINK = "#g=1" + base64.urlsafe_b64encode(zlib.compress(DEEP.encode(), 9)).decode().rstrip("=")


def console_errors(page) -> list[str]:
    seen = []
    page.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.append(str(e)))
    return seen


def a_saved_game(page, site_url) -> dict:
    open_table(page, site_url)
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    assert settle(page) == "handover"
    return storage(page)


def test_a_deeply_nested_link_is_refused_and_the_table_starts(page, site_url):
    assert len(DEEP_LINK) < 100
    before = a_saved_game(page, site_url)
    errors = console_errors(page)
    page.goto(site_url + DEEP_LINK)
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_selector(".notice.error")
    assert "game link is damaged" in page.inner_text(".notice.error")
    assert "#g=" not in page.url  # taken out of the address bar: a reload starts cleanly
    assert storage(page) == before
    assert not [e for e in errors if "fatal" in e.lower() or "stack size" in e.lower()]
    # the same link arriving in the open tab
    page.evaluate(f"location.hash = {DEEP_LINK!r}")
    page.wait_for_function("!location.hash.startsWith('#g=')", timeout=30_000)
    assert "game link is damaged" in page.inner_text(".notice.error")
    assert storage(page) == before
    assert not [e for e in errors if "fatal" in e.lower() or "stack size" in e.lower()]


def test_a_deeply_nested_save_is_listed_as_broken_and_kept(page, site_url):
    open_table(page, site_url)
    page.evaluate(f"localStorage.setItem('thieves.save.deep', {DEEP!r});"
                  "sessionStorage.setItem('thieves.open', 'deep')")
    errors = console_errors(page)
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("#start-game").count() == 1
    broken = page.locator(".save.broken")
    assert broken.count() == 1 and "nested deeper" in broken.inner_text()
    assert page.evaluate("localStorage.getItem('thieves.save.deep')") == DEEP
    assert not [e for e in errors if "fatal" in e.lower() or "stack size" in e.lower()]


def test_two_tabs_on_one_save_follow_each_other(page, site_url):
    a_saved_game(page, site_url)
    click(page, "#handover-ok")
    act(page, 0)
    other = page.context.new_page()
    open_table(other, site_url)
    click(other, other.locator('.save [data-ev="continue"]').first)
    assert open_record(other) == open_record(page)
    # the first tab plays on: the second follows it at once and says so
    if settle(page) == "handover":
        click(page, "#handover-ok")
    decide_quickly(page)
    other.wait_for_selector(".notice:has-text('another tab')", timeout=30_000)
    assert len(open_record(page)["actions"]) == 2
    # the second tab plays from the newest position, and the first follows
    if settle(other) == "handover":
        click(other, "#handover-ok")
    decide_quickly(other)
    page.wait_for_selector(".notice:has-text('another tab')", timeout=30_000)
    assert len(open_record(page)["actions"]) == 3
    other.close()


def test_a_full_storage_is_said_as_the_game_is_saved_and_nothing_is_lost(page, site_url):
    """The table's Python keeps a copy of the browser's storage (docs/delivery.md, "Python in a
    worker"): with the storage nearly full, a new game's save is refused as it is made, the
    game goes on in the tab and says so, and what the storage held is kept as it was."""
    before = a_saved_game(page, site_url)
    # what the table allows itself (web/browser/storage.py's QUOTA) all but filled
    page.evaluate("localStorage.setItem('filler', 'x'.repeat(2_621_440 - 100 - ["
                  "...Object.entries(localStorage)].reduce((n, [k, v]) => n + k.length"
                  " + v.length, 0)))")
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    click(page, "#nav-start")
    start_game(page, [("Cy", "human"), ("Dee", "human")])
    settle(page)
    text = page.inner_text("#app")
    assert "This game is not saved: the browser's storage is full." in text, text[:400]
    if settle(page) == "handover":
        click(page, "#handover-ok")
    decide_quickly(page)
    kept = storage(page)
    assert {k: v for k, v in kept.items() if k != "filler"} == before
