"""Driving the table in a browser: start a game, take handovers, make decisions, read saves.

The decisions are made through the page only (buttons of the game screen); the test process
reads the saved record from localStorage and replays it with the engine to know the hands.
"""

import json
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from engine.age_of_thieves import content
from engine.core.game import Match

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
CHROMIUM = "/usr/bin/chromium"  # Debian's package: Playwright cannot download browsers here
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
READY = "html[data-ready=true]"
PROMPT = "#game-screen .aot-prompt"
ACTS = f'{PROMPT} [data-ev="act"]'
SETTLED = f"#handover-ok, {PROMPT}, .screen-end"


@contextmanager
def serve(directory: Path):
    """Serve ``directory`` on a free localhost port with tools/serve.py (the precompressed files
    as Content-Encoding); yields the URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), str(directory)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait()


def external(urls: list[str]) -> list[str]:
    """The URLs that leave this machine."""
    return [u for u in urls if not u.startswith(("http://127.0.0.1", "data:", "blob:"))]


def open_table(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)


def paints(page) -> int:
    return int(page.get_attribute("#app", "data-paints") or 0)


def repainted(page, before: int, timeout: int = 30_000) -> None:
    page.wait_for_function(f"Number(document.getElementById('app').dataset.paints) > {before}",
                           timeout=timeout)


def click(page, target) -> None:
    """Click a selector or locator and wait for the app to repaint."""
    before = paints(page)
    (page.locator(target) if isinstance(target, str) else target).click()
    repainted(page, before)


def focus_by_keyboard(page, locator) -> None:
    """Put the focus on ``locator`` as the Tab key does (a focus the person sees, which lights
    what it names: static/pointing.js)."""
    locator.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")


def start_table(page, game: str, kinds: list[str]) -> None:
    """A table of ``game`` with a seat of each kind (human, or a bot level: easy, normal or
    hard), named by default, with the default options."""
    click(page, f"#game-{game}")
    click(page, f"#players-{len(kinds)}")
    for i, kind in enumerate(kinds):
        before = paints(page)
        page.select_option(f"#seat-kind-{i}", kind)
        repainted(page, before)
    click(page, "#start-game")


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


def prompt_options(page, selector: str = ACTS) -> list:
    """The decoded data-arg of each option button (of the prompt, unless told otherwise)."""
    return [json.loads(a) for a in page.eval_on_selector_all(
        selector, "els => els.map(e => e.getAttribute('data-arg'))")]


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


def game_link(game: str, finished: bool, seed: int = 11) -> str:
    """A game link (its fragment) of two people and a bot, bots deciding for everyone: halfway
    through the game at a person's turn, or at its end."""
    from web import links

    played = _bot_game(game, seed)
    if finished:
        return links.encode(played.record())
    half = Match.start(game, played.seats, {}, seed)
    for player, action in played.actions[:len(played.actions) // 2]:
        half.act(player, action)
    return _at_a_person(half, played, lambda match: True)


def link_where(game: str, wanted, seed: int = 11) -> str:
    """A game link of ``game_link``'s game, stopped at the first decision of a person (Ann or
    Bob) where ``wanted(match)`` holds: a phase of the game to look at."""
    played = _bot_game(game, seed)
    return _at_a_person(Match.start(game, played.seats, {}, seed), played, wanted)


def _bot_game(game: str, seed: int) -> Match:
    from engine.simulate import decisions, make_bot

    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "bot": "normal"}]
    played = Match.start(game, seats, {}, seed)
    bots = [make_bot("normal", game, seed * 8 + i) for i in range(len(seats))]
    for _ in decisions(played, bots):
        pass
    return played


def _at_a_person(match: Match, played: Match, wanted) -> str:
    """``match`` played on along ``played`` until a person decides and ``wanted`` holds."""
    from web import links

    while match.rules.to_act(match.state)[0] not in (0, 1) or not wanted(match):
        match.act(*played.actions[len(match.actions)])
    return links.encode(match.record())


def open_link(page, fragment: str) -> None:
    """Open a game link in the open tab, as pasting it into the address bar does."""
    before = paints(page)
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function(f"Number(document.getElementById('app').dataset.paints) > {before}"
                           " && !location.hash", timeout=30_000)


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
