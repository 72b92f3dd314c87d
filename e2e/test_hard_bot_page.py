"""A Hard bot at the table in a real browser: while it thinks, the menu answers within 100 ms
(it thinks in the table's worker, in slices, web/browser/); then it moves."""

import time

from tablehelp import click, open_record, open_table, start_table

# From the click on "Rules & cards" (its event's time) to the first frame that shows the
# rules (the worker's answer drawn), and that it does.
MENU_JS = """
() => document.addEventListener("click", e => {
  if (!e.target.closest("#nav-help")) return;
  const frame = () => document.querySelector(".screen-help")
    ? window.__menu = [performance.now() - e.timeStamp, true] : requestAnimationFrame(frame);
  requestAnimationFrame(frame);
}, {capture: true, once: true})
"""
THOUGHTS = "performance.getEntriesByName('bot thought').length"


def test_the_menu_answers_while_a_hard_bot_thinks_then_it_moves(page, site_url):
    open_table(page, site_url + "?botdelay=0&botthink=2500")
    start_table(page, "swindler", ["human", "hard"])  # the bot's decision comes first
    page.wait_for_function("document.querySelector('.status')?.textContent"
                           " === 'Bot 2 (bot) is thinking…'")
    page.wait_for_timeout(300)
    assert page.evaluate(THOUGHTS) == 0 and open_record(page)["actions"] == []
    page.evaluate(MENU_JS)
    page.click("#nav-help")
    page.wait_for_function("window.__menu !== undefined")
    ms, shown = page.evaluate("window.__menu")
    assert shown and ms < 100, ms
    assert open_record(page)["actions"] == []  # away from the table, the thought is dropped
    click(page, "#help-back")
    page.wait_for_function(f"{THOUGHTS} === 1", timeout=20_000)
    for _ in range(50):
        actions = open_record(page)["actions"]
        if actions:
            break
        time.sleep(0.1)
    assert actions and actions[0][0] == 1
    playouts = page.evaluate("performance.getEntriesByName('bot thought')[0].detail.playouts")
    assert playouts > 0
