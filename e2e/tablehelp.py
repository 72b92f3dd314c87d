"""Driving the table in a browser: start a game, take handovers, make decisions, read saves.

The decisions are made through the page only (buttons of the game screen); the test process
reads the saved record from localStorage and replays it with the engine to know the hands.
The browser, the served site, the clicks and the game links are tools/table_driver.py's,
shared with the benchmarks; the tests import them from here.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from table_driver import (  # noqa: E402, F401 (tools/table_driver.py; the tests import them here)
    ACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PROMPT,
    READY,
    SETTLED,
    SITE,
    click,
    game_link,
    link_where,
    open_link,
    paints,
    prompt_options,
    repainted,
    serve,
    start_table,
)

from engine.age_of_thieves import content  # noqa: E402
from engine.core.game import Match  # noqa: E402


def external(urls: list[str]) -> list[str]:
    """The URLs that leave this machine."""
    return [u for u in urls if not u.startswith(("http://127.0.0.1", "data:", "blob:"))]


def open_table(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)


def focus_by_keyboard(page, locator) -> None:
    """Put the focus on ``locator`` as the Tab key does (a focus the person sees, which lights
    what it names: static/pointing.js)."""
    locator.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")


def start_game(page, seats: list[tuple[str, str]], ties: str = "default") -> None:
    """seats: (name, kind) with kind human, easy, normal or hard."""
    click(page, f"#players-{len(seats)}")
    for i, (name, kind) in enumerate(seats):
        before = paints(page)
        page.select_option(f"#seat-kind-{i}", kind)
        repainted(page, before)
        page.fill(f"#seat-name-{i}", name)
        if i < len(seats) - 1:
            before = paints(page)
            page.press(f"#seat-name-{i}", "Tab")
            repainted(page, before)
    # the last name is still being typed when the start button is pressed
    page.check(f"#opt-first_thief_decides-{ties}")
    click(page, "#start-game")


def storage(page, which: str = "localStorage") -> dict:
    return json.loads(page.evaluate(f"JSON.stringify(Object.fromEntries("
                                    f"Object.entries({which})))"))


def saves(page) -> dict:
    return {k: v for k, v in storage(page).items() if k.startswith("thieves.save.")}


def open_record(page) -> dict:
    """The record of the game open in this tab, from its save."""
    save_id = storage(page, "sessionStorage")["thieves.open"]
    return json.loads(storage(page)[f"thieves.save.{save_id}"])["record"]


def replayed(page) -> Match:
    return Match.replay(open_record(page))


def settle(page, timeout: int = 60_000) -> str:
    """Wait until a human must act or the game is over: 'handover', 'prompt' or 'end'."""
    page.wait_for_selector(SETTLED, timeout=timeout)
    if page.locator("#handover-ok").count():
        return "handover"
    if page.locator(".screen-end").count():
        return "end"
    return "prompt"


def act(page, index: int) -> None:
    click(page, page.locator(ACTS).nth(index))


def declaring(page) -> bool:
    return page.locator(f'{PROMPT} [data-ev="aot-declare"]').count() > 0


def declare(page, cards: list[str]) -> None:
    """Declare ``cards`` with 1 AP each: one tap on each card's AP row."""
    for card in cards:
        click(page, f'{PROMPT} [data-ev="aot-draft-ap"][data-arg=\'{{"card":"{card}","ap":1}}\']')
    click(page, f'{PROMPT} [data-ev="aot-declare"]')


def viewer_name(page) -> str:
    title = page.inner_text("#screen-title")
    return title.split("·", 1)[1].strip().removesuffix("'s screen")


def hidden_card_names(match: Match, owner: int, viewer: int) -> set[str]:
    """Names of ``owner``'s hand cards that nothing in ``viewer``'s view reveals."""
    seen = json.dumps(match.rules.view(match.state, viewer))
    names = set()
    for card in match.state["thieves"][owner]["hand"]:
        kind = content.general_deck()[int(card[1:])]
        name = content.cards()[kind]["name"]
        if f'"{kind}"' not in seen and name not in seen:
            names.add(name)
    return names


def all_hand_names(match: Match) -> set[str]:
    return {content.cards()[content.general_deck()[int(c[1:])]]["name"]
            for th in match.state["thieves"] for c in th["hand"]}


def decide_quickly(page) -> None:
    """Declare nothing; otherwise give up a card, or take the first option."""
    if declaring(page):
        declare(page, [])
        return
    options = prompt_options(page)
    pick = next((i for i, o in enumerate(options) if o.get("as") == "resign"), 0)
    act(page, pick)


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def accessibility_violations(page, impacts=("serious", "critical")) -> list[dict]:
    """axe-core's WCAG 2.2 AA violations of the page as it stands, of the given impacts:
    each as {id, impact, help, targets}."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']}).then(r => r.violations.map(v => ({id: v.id,"
        " impact: v.impact, help: v.help, targets: v.nodes.map(n => n.target.join(' '))"
        ".slice(0, 5)})))", WCAG22_AA)
    return [v for v in found if v["impact"] in impacts]
