"""A monkey at the page: seeded random taps on every visible, enabled control — options, board
things, the menu, undo, hand-overs, name and link boxes — at phone and desktop size, for each
game. No Python error reaches the console or the screen, and the person holding the device
always has something to do (the CPython monkey, tests/web/test_monkey.py, runs many more seeds
over the app itself)."""

import contextlib
import random

import pytest
from playwright.sync_api import Error as PlaywrightError
from tablehelp import open_table, paints, start_table

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TAPS = 60  # per table: six tables, 360 random taps in all

# the controls of a game's table get most taps; the menu and the start screen a few
TABLE = ["act", "handover-ok", "undo", "standing", "standing-back", "since-replay",
         "replay-step", "replay-end"]
BACK = ["start-game", "continue", "replay-end", "help-back"]
CONTROLS = """([prefix, table, back]) => {
  const seen = el => el.getClientRects().length > 0 && !el.closest('[hidden], [inert]')
    && getComputedStyle(el).visibility !== 'hidden';
  const options = el => el.tagName === 'SELECT'
    ? [...el.options].filter(o => !o.disabled).map(o => o.value) : [];
  return [...document.querySelectorAll('#app [data-ev]')].map((el, i) => ({
    i, ev: el.dataset.ev, tag: el.tagName, options: options(el),
    type: (el.getAttribute('type') || '').toLowerCase(), readOnly: !!el.readOnly,
    ok: seen(el) && !el.disabled && el.getAttribute('aria-disabled') !== 'true',
    table: el.dataset.ev.startsWith(prefix) || table.includes(el.dataset.ev),
    back: back.includes(el.dataset.ev) || el.dataset.arg === '"back"',
  })).filter(c => c.ok && !(c.readOnly && c.tag !== 'BUTTON'));
}"""
# something for the person holding the device: a decision, a hand-over, the end, a bot at work,
# or any screen that is not a game's
SOMETHING_TO_DO = """() => {
  const app = document.getElementById('app');
  const screen = app.querySelector('.screen');
  if (!screen) return false;
  if (!screen.classList.contains('screen-game')) return true;
  if (app.querySelector('.decision [data-ev]:not([disabled]), #handover-ok')) return true;
  if (app.querySelector('[data-ev="standing-back"]')) return true;
  return /thinking|denkt/.test(app.textContent);
}"""
BROKEN = ("Something went wrong", "Etwas ist schiefgegangen", "could not be drawn",
          "konnte nicht gezeichnet")
PREFIX = {"age_of_thieves": "aot-", "crooks": "crk-", "swindler": "swd-"}


def tap(page, control: dict, rng: random.Random) -> None:
    """Use ``control`` as a person would."""
    target = page.locator("#app [data-ev]").nth(control["i"])
    if control["tag"] == "SELECT":
        if control["options"]:
            target.select_option(rng.choice(control["options"]))
    elif control["tag"] in ("INPUT", "TEXTAREA") and control["type"] in ("", "text"):
        target.fill(rng.choice(["Anna", "", "<b>x</b>", "https://x.invalid/#g=broken", "Öl"]))
        target.press("Enter")
    else:
        target.click(timeout=5_000)


def choose(controls: list[dict], rng: random.Random) -> dict:
    table = [c for c in controls if c["table"]]
    back = [c for c in controls if c["back"]]
    if table and rng.randrange(20):
        return rng.choice(table)
    if back and not table and rng.randrange(3) == 0:
        return rng.choice(back)
    return rng.choice(controls)


@pytest.mark.parametrize(("game", "kinds", "size"), [
    ("age_of_thieves", ["human", "human", "human"], PHONE),
    ("swindler", ["human", "human", "human"], PHONE),
    ("crooks", ["human", "human", "easy"], PHONE),
    ("age_of_thieves", ["human", "easy"], DESKTOP),
    ("swindler", ["human", "easy", "easy"], DESKTOP),
], ids=["aot-phone", "swindler-phone", "crooks-phone", "aot-desktop", "swindler-desktop"])
def test_random_taps_never_break_the_page(browser, site_url, game, kinds, size):
    context = browser.new_context(**size)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table(page, site_url)
    start_table(page, game, kinds)
    rng = random.Random(f"{game}-{size['viewport']['width']}")
    prefix = PREFIX[game]
    for n in range(TAPS):
        page.wait_for_function(SOMETHING_TO_DO, timeout=60_000)  # bots may be thinking
        controls = page.evaluate(CONTROLS, [prefix, TABLE, BACK])
        assert controls, f"tap {n}: no control on the screen"
        control = choose(controls, rng)
        before = paints(page)
        # a control that moved away, or a tap that changes nothing: no repaint (a tap the
        # table answers repaints within a few frames)
        with contextlib.suppress(PlaywrightError):
            tap(page, control, rng)
            page.wait_for_function(
                f"Number(document.getElementById('app').dataset.paints) > {before}",
                timeout=2_000)
        shown = page.inner_text("body")
        assert not [b for b in BROKEN if b in shown], (n, control, errors, shown[:400])
        assert not errors, (n, control, errors)
    context.close()
