"""Each game's table in German in a real browser (locale de-DE): halfway through a game, its
help page and its end screen show no English text the German catalog translates, and the page
around the app (its title and heading) speaks German too. The positions are opened through game
links made here from bot games, as a shared link opens them."""

import re

import pytest
from babel.messages.pofile import read_po
from tablehelp import READY, click, game_link, open_link

from web.base import i18n

PLACEHOLDER = re.compile(r"\{\w*\}")


def english_texts() -> list[str]:
    """The English texts of the catalog that German says otherwise: whole texts of two words
    or more, and the longest fixed part (ten letters or more) of each template with
    placeholders."""
    with open(i18n.LOCALE / "de" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    found = set()
    for message in catalog:
        if not message.id or not message.string:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        german = message.string if isinstance(message.string, str) else message.string[0]
        part = max(PLACEHOLDER.split(english), key=len).strip(" .,:;()—-")
        if part != german and len(part.split()) >= 2 and len(part) >= 10 \
                and part not in german:
            found.add(part)
    return sorted(found)


ENGLISH = english_texts()


def english_on(page) -> list[str]:
    text = page.inner_text("body")
    return [t for t in ENGLISH if re.search(r"(?<!\w)" + re.escape(t) + r"(?!\w)", text)]


@pytest.mark.parametrize("game", ["age_of_thieves", "swindler", "crooks"])
def test_a_german_table_shows_no_english(browser, site_url, game):
    assert len(ENGLISH) > 300
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(f"{site_url}?botdelay=0{game_link(game, finished=False)}")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.title() == "Tisch der Diebe" and page.inner_text("header.top h1") == \
        "Tisch der Diebe"
    if page.locator("#handover-ok").count():
        assert english_on(page) == [], "the hand-over"
        click(page, "#handover-ok")
    page.wait_for_selector("#game-screen")
    assert english_on(page) == [], "the table"
    click(page, "#nav-help")
    page.wait_for_selector("#help-back")
    assert english_on(page) == [], "the help page"
    open_link(page, game_link(game, finished=True))
    page.wait_for_selector(".screen-end")
    assert english_on(page) == [], "the end screen"
    context.close()


@pytest.mark.parametrize("game", ["age_of_thieves", "swindler"])
def test_the_end_table_fits_a_phone_in_german(browser, site_url, game):
    """German words are longer: the end table of a finished game opened by its link still
    fits 390 px, and the page does not scroll sideways."""
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{site_url}?botdelay=0{game_link(game, finished=True)}")
    page.wait_for_selector(".screen-end .results", timeout=90_000)
    table, box, page_width = page.evaluate(
        "() => { const t = document.querySelector('.screen-end .results');"
        " return [t.scrollWidth, t.closest('.scrolls').clientWidth,"
        " document.scrollingElement.scrollWidth]; }")
    assert table <= box and page_width <= 390, (table, box, page_width)
    context.close()
