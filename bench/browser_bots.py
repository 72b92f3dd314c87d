"""The Hard bot in a browser: its time and playouts per decision, and how fast the table
answers a click while it thinks (issue 16).

    make site                                      # this script builds nothing itself
    .venv/bin/python bench/browser_bots.py         # a table
    .venv/bin/python bench/browser_bots.py --games 2 --json

It serves build/site with tools/serve.py on a localhost port and drives Debian's Chromium
(headless, a phone's 390x844, where the menu folds its settings behind a button) with
Playwright. For each game, ``--games`` whole 2-player games of a
Hard bot against a Normal bot (seats alternated from game to game, ``?botdelay=0``: no pause
between moves), started from the start screen with no person at the table:

- per Hard decision with a choice of several actions (the page's "bot thought" measures on
  the performance timeline, web/browser/): its time, from the bot being asked to its
  decision (the candidates, the playouts and the browser's turns between the slices of
  thinking), and the playouts it completed, of its budget (engine/core/search.py);
- the menu while it thinks: every ``--click-every`` seconds a click on the settings button
  (a ``<details>`` of the menu, which the browser opens and closes itself, leaving the game
  alone); the time from the click event (``event.timeStamp``) to the first frame after it
  (``requestAnimationFrame`` asked for by the click, the menu opened or closed by then), for
  the clicks that fell inside a thought;
- the page's long tasks (over 50 ms, ``PerformanceObserver("longtask")``) inside thoughts:
  the slices of thinking that ran over, which is what a click may wait for.

Figures: bench/README.md.
"""

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]

from browser_speed import finish, load, machine  # noqa: E402 (the machine, its load, a report)
from table_driver import CHROMIUM, CHROMIUM_ARGS, READY, SITE, serve, start_table  # noqa: E402

GAMES = ("age_of_thieves", "swindler", "crooks")
GAME_TIMEOUT_S = 1800

# Armed once per page: clicks on the settings button and the frame after the menu toggled;
# the long tasks; the Hard bot's thoughts are the page's own "bot thought" measures.
WATCH_JS = """
() => {
  const w = window.__bench = {clicks: [], long: []};
  document.addEventListener("click", e => {
    if (!(e.target.closest && e.target.closest("details.settings summary"))) return;
    const t0 = e.timeStamp;
    requestAnimationFrame(() => w.clicks.push({at: t0, ms: performance.now() - t0}));
  }, true);
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) w.long.push({at: e.startTime, ms: e.duration});
  }).observe({type: "longtask"});
}
"""
RESULTS_JS = """
() => ({
  thoughts: performance.getEntriesByName("bot thought").map(
    e => ({at: e.startTime, ms: e.duration, ...e.detail})),
  clicks: window.__bench.clicks, long: window.__bench.long,
})
"""


def inside(at: float, thoughts: list[dict]) -> bool:
    return any(t["at"] <= at <= t["at"] + t["ms"] for t in thoughts)


def one_game(browser, url: str, game: str, hard_seat: int, click_every: float, log) -> dict:
    """A Hard bot against a Normal one to the end; what the page measured."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(url + "?botdelay=0")
        page.wait_for_selector(READY, timeout=180_000)
        page.evaluate(WATCH_JS)
        start_table(page, game, ["hard", "normal"] if hard_seat == 0 else ["normal", "hard"])
        started = time.monotonic()
        summary = page.locator("details.settings summary")
        while not page.locator(".screen-end").count():
            if time.monotonic() - started > GAME_TIMEOUT_S:
                raise TimeoutError(f"{game}: no end after {GAME_TIMEOUT_S} s")
            time.sleep(click_every)
            box = summary.bounding_box()
            if box:
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        found = page.evaluate(RESULTS_JS)
        found["seconds"] = round(time.monotonic() - started, 1)
        log(f"{game}, Hard in seat {hard_seat + 1}: {len(found['thoughts'])} thoughts in "
            f"{found['seconds']} s")
        return found
    finally:
        page.close()


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def figures(runs: list[dict]) -> dict:
    thoughts = [t for run in runs for t in run["thoughts"] if t["candidates"] > 1]
    times = [t["ms"] for t in thoughts]
    playouts = [t["playouts"] for t in thoughts]
    clicks = [c["ms"] for run in runs for c in run["clicks"] if inside(c["at"], run["thoughts"])]
    long = [x["ms"] for run in runs for x in run["long"] if inside(x["at"], run["thoughts"])]
    result = {"games": len(runs), "decisions": len(thoughts),
              "game_seconds": [run["seconds"] for run in runs]}
    if thoughts:
        result["decision_ms"] = {"median": round(statistics.median(times)),
                                 "p95": round(quantile(times, 0.95)), "max": round(max(times))}
        result["playouts"] = {"median": statistics.median(playouts),
                              "p10": quantile(playouts, 0.10), "min": min(playouts),
                              "max": max(playouts)}
    if clicks:
        result["menu_ms"] = {"clicks": len(clicks), "median": round(statistics.median(clicks)),
                             "max": round(max(clicks)),
                             "over_100": sum(c > 100 for c in clicks)}
    result["long_tasks"] = {"count": len(long), "max_ms": round(max(long)) if long else 0}
    return result


def print_report(report: dict) -> None:
    m = report["machine"]
    print(f"Hard bot in the browser - {report['date']}, {m['chromium']}, Pyodide "
          f"{m['pyodide']}, {m['cpu']} ({m['cores']} cores), load {report['load']}")
    print(f"{'game':16} {'games':>5} {'decisions':>9} | {'time ms median/p95/max':>22} | "
          f"{'playouts median/p10/min':>23} | {'menu ms median/max (clicks)':>27} | long tasks")
    for game, r in report["games"].items():
        d, p, c = r.get("decision_ms", {}), r.get("playouts", {}), r.get("menu_ms", {})
        times = f"{d.get('median')}/{d.get('p95')}/{d.get('max')}"
        playouts = f"{p.get('median')}/{p.get('p10')}/{p.get('min')}"
        menu = f"{c.get('median')}/{c.get('max')} ({c.get('clicks', 0)})"
        print(f"{game:16} {r['games']:>5} {r['decisions']:>9} | {times:>22} | {playouts:>23} | "
              f"{menu:>27} | {r['long_tasks']['count']}, max {r['long_tasks']['max_ms']} ms")


def begin(as_json: bool) -> tuple:
    """A browser benchmark's start: (its log to stderr, silent for JSON; the report's head:
    date, machine, load), or None without a built site."""
    if not (SITE / "index.html").exists():
        print("build/site is missing: build it first with `make site`", file=sys.stderr)
        return None

    def log(text: str) -> None:
        if not as_json:
            print(f"  .. {text}", file=sys.stderr, flush=True)

    return log, {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                 "machine": machine(), "load": {"before": load()}, "games": {}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games of each game (2)")
    parser.add_argument("--only", choices=GAMES, action="append", help="this game only")
    parser.add_argument("--click-every", type=float, default=0.7, metavar="S",
                        help="seconds between two clicks on the menu (0.7)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if (begun := begin(args.json)) is None:
        return 2
    log, report = begun
    from playwright.sync_api import sync_playwright

    with serve(SITE) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in args.only or GAMES:
                runs = [one_game(browser, url, game, n % 2, args.click_every, log)
                        for n in range(args.games)]
                report["games"][game] = figures(runs)
        finally:
            browser.close()
    return finish(report, args.json, print_report)


if __name__ == "__main__":
    sys.exit(main())
