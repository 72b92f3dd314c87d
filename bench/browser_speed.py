"""How fast the table is in a browser: start-up against bare Pyodide, a click on the board,
and the length of a share link.

    .venv/bin/python tools/build_site.py           # this script builds nothing itself
    .venv/bin/python bench/browser_speed.py        # a table
    .venv/bin/python bench/browser_speed.py --json --runs 7

It serves build/site with ``python -m http.server`` on a free localhost port and drives
Debian's Chromium (headless) with Playwright:

1. start-up: in-page time (``performance.now()``, i.e. from navigation start) until
   ``<html data-ready="true">``, for the table (index.html) and for a bare Pyodide page
   (bench-bare.html: ``loadPyodide`` + ``import sys``) of the same build. Cold: a fresh
   persistent profile per run. Warm: one persistent profile per page, primed by one load, then
   reopened for every run (the table's service worker, the HTTP cache and the code caches
   serve it from disk; the priming load stays open --linger seconds so that the wasm code cache
   is written).
2. a click on the board: a 2-player hot-seat game started through the page; each thief
   declares Move with all its AP and resolves it as Sneak; then the time from a click on a
   ringed step space of the map (``svg .aot-target``) to the repaint of ``#app``
   (MutationObserver on #app and below, then requestAnimationFrame; "frame done" is a task
   posted from that requestAnimationFrame callback, i.e. after style, layout and paint).
3. the share link (in CPython, web.links): characters of the ``#g=...`` fragment of a 4-player
   game after 1, 5 and 15 turns, heuristic and random bots.

Figures: bench/README.md.
"""

import argparse
import contextlib
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "e2e")]

from tablehelp import (  # noqa: E402 (the end-to-end tests' server, browser and clicks)
    ACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PROMPT,
    SETTLED,
    SITE,
    click,
    paints,
    prompt_options,
    serve,
)

from engine.core.game import Match  # noqa: E402
from engine.simulate import make_bot  # noqa: E402
from web.links import encode  # noqa: E402

GAME = "age_of_thieves"
PAGES = {"app": "index.html", "bare": "bench-bare.html"}
LOAD_TIMEOUT_MS = 180_000
GOALS = {"ratio": 1.2, "click_ms": 50, "link_chars": 1500}

# Records performance.now() (ms since navigation start) when <html> gets data-ready="true".
READY_JS = """
(() => {
  const mark = () => {
    const root = document.documentElement;
    if (window.__readyAt === undefined && root && root.dataset.ready === "true") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""

# What a load cost: bytes over the network, and whether a service worker answered.
LOAD_FACTS_JS = """
() => {
  const entries = [...performance.getEntriesByType("navigation"),
                   ...performance.getEntriesByType("resource")];
  return {
    ready_ms: window.__readyAt,
    paint_ms: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
    transfer_bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
    requests: entries.length,
    from_sw: entries.filter((e) => e.workerStart > 0).length,
    controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
  };
}
"""

# Click-to-repaint timing of #app, armed before each measured click.
LATENCY_JS = """
() => {
  if (window.__lat) return;
  const lat = window.__lat = {armed: false};
  window.addEventListener("click", () => {
    if (!lat.armed) return;
    lat.click = performance.now();
    lat.mut = lat.raf = lat.done = null;
  }, true);
  new MutationObserver(() => {
    if (!lat.armed || lat.click == null || lat.mut != null) return;
    lat.mut = performance.now();
    requestAnimationFrame(() => {
      lat.raf = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { lat.done = performance.now(); lat.armed = false; };
      channel.port2.postMessage(null);
    });
  }).observe(document.getElementById("app"), {childList: true, subtree: true});
}
"""
# A ringed space of the map: a tap on it presses the prompt's option naming that step.
BOARD_STEP = '#game-screen svg .aot-target[data-ref="{}"]'


# --- the browser ---------------------------------------------------------------------------
def launch(pw, profile: Path):
    return pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def load_once(pw, profile: Path, url: str, prime: bool = False, linger_s: float = 0) -> dict:
    """Open ``url`` in a browser on ``profile``; the load's facts once the page is ready.

    ``prime``: wait until the table's service worker controls the page; ``linger_s``: keep the
    page open that long after it is ready, as a returning player's earlier visit would be, so
    that V8's background compile of the wasm module can finish and write its code cache.
    """
    context = launch(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(READY_JS)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=LOAD_TIMEOUT_MS)
        facts = page.evaluate(LOAD_FACTS_JS)
        if prime:
            # the table precaches the whole build: wait until its worker is in control
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=120_000)
        if linger_s:
            page.wait_for_timeout(linger_s * 1000)
        return facts
    finally:
        context.close()


def summary(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1), "runs": [round(v, 1) for v in values]}


def startup(pw, base: str, runs: int, log, linger_s: float) -> dict:
    """Cold and warm start-up of the table and of the bare page, runs interleaved."""
    samples = {(page, mode): [] for page in PAGES for mode in ("cold", "warm")}
    paints_ms = {key: [] for key in samples}
    facts = {}
    scratch = Path(tempfile.mkdtemp(prefix="browser-speed-"))
    try:
        for i in range(runs):
            for page, path in PAGES.items():
                profile = scratch / f"cold-{page}-{i}"
                got = load_once(pw, profile, base + path)
                shutil.rmtree(profile, ignore_errors=True)
                samples[page, "cold"].append(got["ready_ms"])
                paints_ms[page, "cold"].append(got["paint_ms"])
                facts.setdefault((page, "cold"), got)
                log(f"cold {page} run {i + 1}: {got['ready_ms']:.0f} ms")
        for page, path in PAGES.items():
            # the bare page has no service worker: its warm loads come from the HTTP cache
            load_once(pw, scratch / f"warm-{page}", base + path, prime=page == "app",
                      linger_s=linger_s)
        for i in range(runs):
            for page, path in PAGES.items():
                got = load_once(pw, scratch / f"warm-{page}", base + path)
                samples[page, "warm"].append(got["ready_ms"])
                paints_ms[page, "warm"].append(got["paint_ms"])
                facts.setdefault((page, "warm"), got)
                log(f"warm {page} run {i + 1}: {got['ready_ms']:.0f} ms")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result = {}
    for (page, mode), values in samples.items():
        first = facts[page, mode]
        result[f"{page}_{mode}"] = {**summary(values), "transfer_bytes": first["transfer_bytes"],
                                    "requests": first["requests"],
                                    "from_service_worker": first["from_sw"],
                                    "first_paint_ms": round(statistics.median(
                                        paints_ms[page, mode]))}
    for mode in ("cold", "warm"):
        result[f"ratio_{mode}"] = round(
            result[f"app_{mode}"]["median"] / result[f"bare_{mode}"]["median"], 2)
        # each round loads the table, then the bare page: the median of the rounds' ratios
        # is less sensitive to the machine's drift than the ratio of the medians
        result[f"round_ratio_{mode}"] = round(statistics.median(
            app / bare
            for app, bare in zip(samples["app", mode], samples["bare", mode], strict=True)), 2)
    return result


# --- a click on the board -----------------------------------------------------------------
def declare_move(page) -> None:
    """Declare Move with every AP on it."""
    click(page, f'{PROMPT} [data-ev="aot-draft-add"][data-arg=\'"move"\']')
    more = page.locator(f'{PROMPT} [data-ev="aot-draft-ap"]'
                        f'[data-arg=\'{{"i": 0, "d": 1}}\']:not([disabled])')
    for _ in range(20):
        if not more.count():
            break
        click(page, more.first)
    click(page, f'{PROMPT} [data-ev="aot-declare"]')


def timed_step(page, step: str) -> dict:
    page.evaluate("window.__lat.armed = true; window.__lat.click = null")
    page.locator(BOARD_STEP.format(step)).click()
    page.wait_for_function("window.__lat.done != null", timeout=30_000)
    lat = page.evaluate("({...window.__lat})")
    after = page.evaluate("document.querySelector('#handover-ok') ? 'handover' : "
                          "document.querySelector('#game-screen svg') ? 'board' : 'other'")
    return {"raf_ms": lat["raf"] - lat["click"], "done_ms": lat["done"] - lat["click"],
            "dom_ms": lat["mut"] - lat["click"], "after": after}


def click_latency(pw, base: str, clicks: int, log, path: str = "index.html",
                  collect: str | None = None) -> dict:
    scratch = Path(tempfile.mkdtemp(prefix="browser-speed-"))
    context = launch(pw, scratch / "click")
    samples: list[dict] = []
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(base + path)
        page.wait_for_selector("html[data-ready=true]", timeout=LOAD_TIMEOUT_MS)
        page.evaluate(LATENCY_JS)
        click(page, "#players-2")  # the default table: two people, hot seat
        click(page, "#start-game")
        for _ in range(400):
            if len(samples) >= clicks:
                break
            page.wait_for_selector(SETTLED, timeout=60_000)
            if page.locator(".screen-end").count():
                break
            if page.locator("#handover-ok").count():
                click(page, "#handover-ok")
                continue
            if page.locator(f'{PROMPT} [data-ev="aot-declare"]').count():
                declare_move(page)
                continue
            options = prompt_options(page)
            steps = [o["step"] for o in options if "step" in o]
            if steps:
                samples.append(timed_step(page, steps[0]))
                log(f"click {len(samples)}: {samples[-1]['raf_ms']:.1f} ms to the frame, "
                    f"then {samples[-1]['after']}")
                continue
            pick = next((i for i, o in enumerate(options) if o.get("as") == "sneak"),
                        next((i for i, o in enumerate(options) if o.get("as") != "resign"), 0))
            click(page, page.locator(ACTS).nth(pick))
        paints_total = paints(page)
        extra = page.evaluate(collect) if collect else None
        nodes = page.evaluate("document.getElementById('app').getElementsByTagName('*').length")
    finally:
        context.close()
        shutil.rmtree(scratch, ignore_errors=True)
    if not samples:
        return {"error": "no step on the board was reached"}
    return {"clicks": len(samples),
            "to_frame_ms": summary([s["raf_ms"] for s in samples]),
            "frame_done_ms": summary([s["done_ms"] for s in samples]),
            "dom_replaced_ms": summary([s["dom_ms"] for s in samples]),
            "app_elements": nodes, "paints": paints_total,
            "board_clicks": sum(s["after"] == "board" for s in samples),
            "to_frame_board_ms": summary([s["raf_ms"] for s in samples if s["after"] == "board"]
                                         or [0.0]),
            **({"collected": extra} if collect else {})}


# --- link length --------------------------------------------------------------------------

def play_until(match: Match, bots: list, turn: int | None) -> None:
    """Bots play every seat until the game ends or turn ``turn`` has been played."""
    rules = match.rules
    while rules.result(match.state) is None:
        if turn is not None and match.state["turn"] > turn:
            return
        p = rules.to_act(match.state)[0]
        match.act(p, bots[p].decide(rules.view(match.state, p), rules.choice(match.state, p)))


def link_lengths(seeds: list[int]) -> list[dict]:
    seats = [{"name": f"Player {i + 1}"} for i in range(4)]
    rows = []
    for kind in ("heuristic", "random"):
        for seed in seeds:
            match = Match.start(GAME, seats, {"first_thief_decides": True}, seed)
            bots = [make_bot(kind, GAME, seed * 8 + i) for i in range(4)]
            row = {"bot": kind, "seed": seed}
            for turns in (1, 5, 15, None):
                play_until(match, bots, turns)
                over = match.rules.result(match.state) is not None
                key = "end" if turns is None else f"after_{turns}"
                row[key] = len(encode(match.record()))
                if over and turns is not None and "ended_in_turn" not in row:
                    row["ended_in_turn"] = match.state["turn"]
                    row["ended_before"] = turns
            row["turns"] = match.state["turn"]
            row["decisions"] = len(match.actions)
            row["outcome"] = match.state["result"]["outcome"]
            rows.append(row)
    return rows


# --- the report ---------------------------------------------------------------------------
def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError), open("/proc/cpuinfo") as f:
        cpu = next((line.split(":", 1)[1].strip() for line in f
                    if line.startswith("model name")), cpu)
    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "chromium": chromium.strip(), "system": f"{platform.system()} {platform.release()}"}


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def print_report(r: dict) -> None:
    m = r["machine"]
    print(f"Browser speed - {r['date']}, {m['chromium']}, {m['cpu']} ({m['cores']} cores)")
    print(f"load average (1/5/15 min): before {r['load']['before']}, after startup "
          f"{r['load']['after_startup']}, at the end {r['load']['end']}")
    s = r.get("startup")
    if s:
        print(f"\nStart-up to data-ready, ms from navigation start, {r['runs']} runs "
              "(median, min-max)")
        print(f"{'page':<8}{'mode':<6}{'median':>8}{'min':>8}{'max':>8}{'MB to page':>12}"
              f"{'via SW':>8}{'paint':>8}")
        for page in PAGES:
            for mode in ("cold", "warm"):
                x = s[f"{page}_{mode}"]
                print(f"{page:<8}{mode:<6}{x['median']:>8.0f}{x['min']:>8.0f}{x['max']:>8.0f}"
                      f"{x['transfer_bytes'] / 1e6:>12.2f}"
                      f"{x['from_service_worker']:>5}/{x['requests']:<3}"
                      f"{x['first_paint_ms']:>8}")
        print("(MB to page: transferSize of the page's own requests, first run; a cold table's "
              "requests\n may instead be answered from the HTTP cache that its service worker's "
              "precache fills,\n whichever asks first. via SW: requests answered by a service "
              "worker / requests.\n paint: median first contentful paint, ms.)")
        for mode in ("cold", "warm"):
            ratio = s[f"ratio_{mode}"]
            verdict = "meets" if ratio <= GOALS["ratio"] else "misses"
            print(f"app/bare {mode}: {ratio:.2f} ({verdict} the goal of {GOALS['ratio']}); "
                  f"median of the rounds' ratios {s[f'round_ratio_{mode}']:.2f}")
    c = r.get("click")
    if c:
        if "error" in c:
            print(f"\nClick on the board: {c['error']}")
        else:
            print(f"\nClick on a ringed step space to the repaint of #app, {c['clicks']} clicks "
                  f"(#app holds {c['app_elements']} elements)")
            for key, label in (("dom_replaced_ms", "#app replaced (MutationObserver)"),
                               ("to_frame_ms", "next frame (requestAnimationFrame)"),
                               ("frame_done_ms", "frame done (task after that rAF)")):
                x = c[key]
                print(f"  {label:<38} median {x['median']:>6.1f} ms  "
                      f"(min {x['min']:.1f}, max {x['max']:.1f})")
            b = c["to_frame_board_ms"]
            print(f"  {'next frame, board screens only':<38} median {b['median']:>6.1f} ms  "
                  f"(min {b['min']:.1f}, max {b['max']:.1f}; {c['board_clicks']} clicks, the "
                  "others end the move on a hand-over screen)")
            verdict = "meets" if c["to_frame_ms"]["median"] <= GOALS["click_ms"] else "misses"
            print(f"  next frame: {verdict} the goal of {GOALS['click_ms']} ms")
    links = r.get("links")
    if links:
        print("\nShare link, 4 players: characters of the #g=... fragment")
        print(f"{'bots':<10}{'seed':>5}{'1 turn':>8}{'5 turns':>9}{'15 turns':>10}{'end':>7}"
              f"{'turns':>7}{'decisions':>10}  outcome")
        for row in links:
            print(f"{row['bot']:<10}{row['seed']:>5}{row['after_1']:>8}{row['after_5']:>9}"
                  f"{row['after_15']:>10}{row['end']:>7}{row['turns']:>7}{row['decisions']:>10}"
                  f"  {row['outcome']}"
                  + (f" (over in turn {row['ended_in_turn']}, before {row['ended_before']} "
                     "turns: later columns = the finished game)" if "ended_in_turn" in row
                     else ""))
        longest = max(row["end"] for row in links)
        verdict = "meets" if longest <= GOALS["link_chars"] else "misses"
        print(f"longest finished game's link: {longest} ({verdict} the goal of "
              f"{GOALS['link_chars']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per page and mode (5)")
    parser.add_argument("--clicks", type=int, default=15, help="board clicks to time (15)")
    parser.add_argument("--link-seeds", type=int, default=3, help="games per bot kind (3)")
    parser.add_argument("--only", choices=("startup", "click", "links"), action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--linger", type=float, default=30, metavar="S",
                        help="seconds the priming load of a warm profile stays open (30)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    parts = args.only or ["startup", "click", "links"]
    if {"startup", "click"} & set(parts):
        missing = [p for p in ("index.html", "bench-bare.html") if not (SITE / p).exists()]
        if missing:
            print(f"build/site lacks {', '.join(missing)}: build it first with "
                  "`.venv/bin/python tools/build_site.py` (or `make site`)", file=sys.stderr)
            return 2
        if not Path(CHROMIUM).exists():
            print(f"{CHROMIUM} is missing: `make chromium`", file=sys.stderr)
            return 2

    def log(text: str) -> None:
        if not args.json:
            print(f"  .. {text}", file=sys.stderr, flush=True)

    report = {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "machine": machine(), "runs": args.runs, "linger_s": args.linger,
              "load": {"before": load()}}
    if {"startup", "click"} & set(parts):
        from playwright.sync_api import sync_playwright

        with serve(SITE) as base, sync_playwright() as pw:
            if "startup" in parts:
                report["startup"] = startup(pw, base, args.runs, log, args.linger)
            report["load"]["after_startup"] = load()
            if "click" in parts:
                report["click"] = click_latency(pw, base, args.clicks, log)
    report["load"].setdefault("after_startup", load())
    if "links" in parts:
        report["links"] = link_lengths(list(range(1, args.link_seeds + 1)))
    report["load"]["end"] = load()
    if args.json:
        print(json.dumps(report))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
