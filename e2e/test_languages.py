"""The table in German and English in a real browser: a German browser gets German, an English
one English, the menu's switch changes the open screen at once and is kept."""

import re

from tablehelp import READY, click, open_table, settle, start_game


def test_a_german_browser_gets_german_and_the_switch_works_mid_game(browser, site_url):
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    open_table(page, site_url)
    assert page.get_attribute("html", "lang") == "de"
    text = page.inner_text("#app")
    assert "Neue Partie" in text and "Partie beginnen" in text
    assert page.input_value("#seat-name-0") == "Spieler 1"
    assert "Start the game" not in text and "Saved games" not in text
    # a hot-seat game: the hand-over speaks German too
    click(page, "#players-2")
    click(page, "#start-game")
    assert settle(page) == "handover"
    assert re.search(r"Gib das Gerät an Spieler \d weiter", page.inner_text("#app"))
    # switch mid-game: the open screen changes at once, and stays English after a reload
    click(page, "#language-en")
    assert page.get_attribute("html", "lang") == "en"
    assert re.search(r"Pass the device to Spieler \d", page.inner_text("#app"))  # names stay
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.get_attribute("html", "lang") == "en"
    assert "Pass the device" in page.inner_text("#app")
    context.close()


def test_an_english_browser_gets_english(browser, site_url):
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    open_table(page, site_url)
    assert page.get_attribute("html", "lang") == "en"
    assert "Start the game" in page.inner_text("#app")
    assert page.locator("#language-de").inner_text() == "Deutsch"
    start_game(page, [("Ann", "human"), ("Bob", "human")])
    assert settle(page) == "handover"
    context.close()
