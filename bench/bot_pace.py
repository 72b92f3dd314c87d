"""How long one person waits for two Hard bots: from their decision until their next prompt
(issue 53).

    make site                                      # this script builds nothing itself
    .venv/bin/python bench/bot_pace.py             # a table
    .venv/bin/python bench/bot_pace.py --turns 20 --only age_of_thieves --json
    .venv/bin/python bench/bot_pace.py --before /tmp/site-main   # main's build first, each game

It serves build/site with tools/serve.py on a localhost port and drives Debian's Chromium
(headless, a phone's 390x844) with Playwright. For each game a 3-seat table (a person, then
two Hard bots) is started from the start screen at the page's default bot pause (no
``?botdelay``). The person is a script that decides at once, by tapping the prompt's visible
buttons as a person would (Age of Thieves: declares nothing, then takes the first option;
Crooks: the first option, passing after a while; Swindler: goes stealing, stops drawing at
the shown odds), the way e2e/ plays whole games.

``--person-ms``: the person looks at each prompt that long first (0: taps at once); bots that
decide at the same time as the person (the Age of Thieves Declaration) think meanwhile, as at a
real table. A wait is measured from just before the person's tap to the moment their next prompt (or
the end) is on the page, on the script's clock; only the waits in which a bot decided count
(the others are the person's own next step). ``--turns`` waits per game (N), fewer if the
game ends first. The "bot thought" measures (web/browser/pacing.py) tell how many of the Hard
bots' decisions were searched (several candidates) and how long a search took.

Figures: bench/README.md, "Waiting for two Hard bots".
"""

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]

from browser_bots import begin, quantile  # noqa: E402 (a benchmark's start, a quantile)
from browser_speed import finish  # noqa: E402 (the load at the end, the report)
from table_driver import (  # noqa: E402 (the browser and clicks the e2e tests use too)
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    SITE,
    click,
    serve,
    start_table,
)

GAMES = ("age_of_thieves", "crooks", "swindler")
PROMPTS = {"age_of_thieves": "#game-screen .aot-prompt", "crooks": ".crk-prompt",
           "swindler": ".swd-prompt"}
WAIT_TIMEOUT_MS = 300_000
RECORD_JS = """
() => {
  const id = sessionStorage.getItem("thieves.open");
  return JSON.parse(localStorage.getItem(`thieves.save.${id}`)).record.actions.length;
}
"""
THOUGHTS_JS = """
() => performance.getEntriesByName("bot thought").map(
  e => ({ms: e.duration, candidates: e.detail.candidates}))
"""


def tap(page, game: str, decided: int) -> None:
    """The person's decision, at once, by tapping a visible button of the prompt."""
    prompt = PROMPTS[game]
    if game == "age_of_thieves":
        declare = page.locator(f'{prompt} [data-ev="aot-declare"]')
        if declare.count():  # nothing declared: the bots' turns are what is measured
            click(page, declare)
            return
        buttons = page.locator(f'{prompt} [data-ev="act"]')
        texts = buttons.all_inner_texts()
        pick = next((i for i, t in enumerate(texts) if t.startswith(("Stop", "Done"))), 0)
    elif game == "crooks":
        buttons = page.locator(f"{prompt} button:not([disabled]):not([data-ev=crk-face])")
        texts = buttons.all_inner_texts()
        pick = next((i for i, t in enumerate(texts) if t.startswith(("Pass", "Yes"))), 0) \
            if decided > 12 else 0
    else:
        buttons = page.locator(f"{prompt} button")
        texts = buttons.all_inner_texts()
        ask = page.inner_text(".swd-ask")
        pick = 0
        if ask.startswith("Step 1") and "Done: go stealing" in texts:
            pick = texts.index("Done: go stealing")
        elif ask.startswith("Step 5") and "End my turn" in texts:
            pick = texts.index("End my turn")
        elif ask.startswith("Draw again"):
            chance = re.search(r"(\d+)% chance", page.inner_text(".swd-odds"))
            if chance and int(chance.group(1)) > 15:
                pick = texts.index("Stop and keep what I have")
    click(page, buttons.nth(pick))


def one_game(browser, url: str, game: str, turns: int, log, person_ms: int = 0) -> dict:
    """A person and two Hard bots, until ``turns`` waits for the bots (or the end); the person
    looks at each prompt for ``person_ms`` before the tap."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    settled = f"#handover-ok, {PROMPTS[game]}, .screen-end"
    waits, decided = [], 0
    try:
        page.goto(url)
        page.wait_for_selector(READY, timeout=180_000)
        start_table(page, game, ["human", "hard", "hard"])
        page.wait_for_selector(settled, timeout=WAIT_TIMEOUT_MS)
        while len(waits) < turns and not page.locator(".screen-end").count():
            page.wait_for_timeout(person_ms)
            actions = page.evaluate(RECORD_JS)
            began = time.monotonic()
            tap(page, game, decided)
            page.wait_for_selector(settled, timeout=WAIT_TIMEOUT_MS)
            waited = time.monotonic() - began
            decided += 1
            bots = page.evaluate(RECORD_JS) - actions - 1
            if bots > 0:
                waits.append({"s": round(waited, 2), "bot_decisions": bots})
                log(f"{game}: waited {waited:.1f} s for {bots} bot decisions")
        thoughts = page.evaluate(THOUGHTS_JS)
    finally:
        page.close()
    return {"waits": waits, "thoughts": thoughts}


def figures(run: dict) -> dict:
    seconds = [w["s"] for w in run["waits"]]
    decisions = [w["bot_decisions"] for w in run["waits"]]
    searched = [t["ms"] for t in run["thoughts"] if t["candidates"] > 1]
    result = {"turns": len(seconds), "hard_decisions": len(run["thoughts"]),
              "searched": len(searched), "waits_s": seconds}
    if seconds:
        result.update(median_s=round(statistics.median(seconds), 1),
                      p90_s=round(quantile(seconds, 0.9), 1), max_s=round(max(seconds), 1),
                      bot_decisions_median=statistics.median(decisions))
    if searched:
        result["search_ms"] = {"median": round(statistics.median(searched)),
                               "max": round(max(searched))}
    return result


def print_report(report: dict) -> None:
    m = report["machine"]
    print(f"Waiting for two Hard bots - {report['date']}, {m['chromium']}, Pyodide "
          f"{m['pyodide']}, {m['cpu']} ({m['cores']} cores), load {report['load']}, the "
          f"person looking {report['person_ms']} ms at a prompt")
    print(f"{'game':23} {'N':>3} | {'wait s median/p90/max':>21} | {'bot decisions':>13} | "
          f"searched of Hard decisions | search ms median/max")
    for game, r in report["games"].items():
        t = r.get("search_ms", {})
        waits = f"{r.get('median_s')}/{r.get('p90_s')}/{r.get('max_s')}"
        print(f"{game:23} {r['turns']:>3} | {waits:>21} | "
              f"{r.get('bot_decisions_median'):>13} | "
              f"{r['searched']:>10} of {r['hard_decisions']:<14} | "
              f"{t.get('median')}/{t.get('max')}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=15, help="waits per game, N (15)")
    parser.add_argument("--only", choices=GAMES, action="append", help="this game only")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="another build (e.g. main's build/site, copied): each game is "
                             "played there first, then here, under the same load")
    parser.add_argument("--person-ms", type=int, default=0,
                        help="how long the person looks at a prompt before the tap (0): bots "
                             "deciding at the same time (a Declaration) think meanwhile")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if (begun := begin(args.json)) is None:
        return 2
    log, report = begun
    report["person_ms"] = args.person_ms
    from playwright.sync_api import sync_playwright

    with serve(SITE) as url, serve(args.before or SITE) as before_url, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in args.only or GAMES:
                if args.before:
                    report["games"][f"{game} before"] = figures(
                        one_game(browser, before_url, game, args.turns, log, args.person_ms))
                report["games"][game] = figures(
                    one_game(browser, url, game, args.turns, log, args.person_ms))
        finally:
            browser.close()
    return finish(report, args.json, print_report)


if __name__ == "__main__":
    sys.exit(main())
