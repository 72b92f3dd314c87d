"""Driving the built table in Debian's Chromium, for the end-to-end tests (e2e/tablehelp.py),
the browser benchmarks (bench/) and tools/vision_check.py: the browser and its arguments, the
site served on localhost, the clicks that wait for the table to repaint, and game links that
open a game at a chosen point.

A script of tools/, not a package: put tools/ on ``sys.path`` and ``import table_driver``.
"""

import json
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

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


def prompt_options(page, selector: str = ACTS) -> list:
    """The decoded data-arg of each option button (of the prompt, unless told otherwise)."""
    return [json.loads(a) for a in page.eval_on_selector_all(
        selector, "els => els.map(e => e.getAttribute('data-arg'))")]


def game_link(game: str, finished: bool, seed: int = 11) -> str:
    """A game link (its fragment) of two people and a bot, bots deciding for everyone: halfway
    through the game at a person's turn, or at its end."""
    from web.keep import gamelink as links

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
    from web.keep import gamelink as links

    while match.rules.to_act(match.state)[0] not in (0, 1) or not wanted(match):
        match.act(*played.actions[len(match.actions)])
    return links.encode(match.record())


def open_link(page, fragment: str) -> None:
    """Open a game link in the open tab, as pasting it into the address bar does."""
    before = paints(page)
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function(f"Number(document.getElementById('app').dataset.paints) > {before}"
                           " && !location.hash", timeout=30_000)
