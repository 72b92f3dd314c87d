"""How fast the table is in a browser: start-up against a stock Pyodide page, the first board
after "New game", a click on the board, and the length of a share link.

    make site                                      # this script builds nothing itself
    .venv/bin/python bench/browser_speed.py        # a table
    .venv/bin/python bench/browser_speed.py --json --runs 15

It serves build/site, and a scratch folder with the npm package's Pyodide files unchanged and
a bare page (``loadPyodide()``, then ``import sys``), each with tools/serve.py's handler (which
sends a file's ``.br``/``.gz`` sibling when there is one) on its own localhost port, and drives
Debian's Chromium (headless) with Playwright:

1. start-up: in-page time (``performance.now()``, i.e. from navigation start) until
   ``<html data-ready="true">``, of the table and of the stock page, ``--runs`` interleaved
   rounds. Cold: a fresh persistent profile per load. Warm: one profile per page, primed by a
   cold visit that reaches ready, waits until the table's service worker is installed and
   controls the page, and stays open ``--linger`` seconds (so that V8 writes its wasm code
   cache); every warm load reopens it. Each measured load of the table then times its first
   board: from the click on "Start the game" (Age of Thieves, a person and a bot) to the next
   animation frame after the board's SVG is in #game-screen. The priming visits give the bytes
   of a cold visit: the body bytes the server sent from navigation until ready and (table) the
   service worker installed, its precache included.
2. a click on the board: a 2-player hot-seat game started through the page; each thief
   declares Move with all its AP and resolves it as Sneak; then the time from a click on a
   ringed step space of the map (``svg .aot-target``) to the repaint of ``#app``
   (MutationObserver on #app and below, then requestAnimationFrame; "frame done" is a task
   posted from that requestAnimationFrame callback, i.e. after style, layout and paint).
3. the share link (in CPython, web.keep.gamelink): characters of the ``#g=...`` fragment of a
   4-player game after 1, 5 and 15 turns, heuristic and random bots.

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
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from serve import telling  # noqa: E402 (tools/serve.py: the site's server)
from table_driver import (  # noqa: E402 (the browser and clicks the e2e tests use too)
    ACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PROMPT,
    SETTLED,
    SITE,
    click,
    paints,
    prompt_options,
    repainted,
)

from engine.core.game import Match  # noqa: E402
from engine.simulate import make_bot  # noqa: E402
from web.keep.gamelink import encode  # noqa: E402

GAME = "age_of_thieves"
PYODIDE = ROOT / "node_modules" / "pyodide"
VARIANTS = ("table", "stock")
MODES = ("cold", "warm")
LOAD_TIMEOUT_MS = 180_000
GOALS = {"ratio": 0.6, "click_ms": 50, "link_chars": 1500}  # issue 15: 0.6 of stock Pyodide

# The baseline: the npm package's Pyodide as its documentation loads it, ready after a first
# line of Python.
STOCK_PAGE = """<!doctype html>
<html lang="en" data-ready="false">
<head><meta charset="utf-8"><title>Stock Pyodide (benchmark baseline)</title></head>
<body>
  <p id="status">loading the Python runtime…</p>
  <script type="module">
    import { loadPyodide } from "./pyodide/pyodide.mjs";
    const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
    pyodide.runPython("import sys");
    document.getElementById("status").textContent = "ready";
    document.documentElement.dataset.ready = "true";
  </script>
</body>
</html>
"""

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

# Puts back the origin's localStorage as the priming visit left it (a warm load's game would
# otherwise show up as a saved game on the next one's start screen).
RESTORE_JS = """
((origin, saved) => {
  if (location.origin !== origin) return;
  localStorage.clear();
  for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
})(%s, %s);
"""

# What a load was: its first paint, its requests, and how many the service worker's cache
# answered through its static routes.
LOAD_FACTS_JS = """
() => {
  const entries = [...performance.getEntriesByType("navigation"),
                   ...performance.getEntriesByType("resource")];
  return {
    ready_ms: window.__readyAt,
    paint_ms: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
    requests: entries.length,
    from_sw_cache: entries.filter((e) => e.workerMatchedSourceType === "cache").length,
  };
}
"""

# From the click that starts a game (its event's time stamp) to the next animation frame
# after the board's SVG is in #game-screen.
FIRST_BOARD_JS = """
() => {
  const board = window.__board = {};
  window.addEventListener("click", (event) => { board.click = event.timeStamp; },
                          {capture: true, once: true});
  const watch = new MutationObserver(() => {
    if (board.click === undefined || !document.querySelector("#game-screen svg.aot-board")) {
      return;
    }
    watch.disconnect();
    requestAnimationFrame(() => { board.frame = performance.now(); });
  });
  watch.observe(document.getElementById("app"), {childList: true, subtree: true});
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


# --- the servers ---------------------------------------------------------------------------
class Served:
    """A folder served at ``url``, and the responses and body bytes its server sent, per path
    (told by tools/serve.py's ``telling``)."""

    def __init__(self):
        self.url = ""
        self.lock = threading.Lock()
        self.rows: dict[str, list[int]] = {}

    def __call__(self, path: str, nbytes: int) -> None:
        with self.lock:
            row = self.rows.setdefault(str(path), [0, 0])
            row[0] += 1
            row[1] += nbytes

    def reset(self) -> None:
        with self.lock:
            self.rows.clear()

    def taken(self) -> dict:
        """Responses and body bytes since the last reset: totals and the 8 largest paths."""
        with self.lock:
            rows = sorted(self.rows.items(), key=lambda item: -item[1][1])
        return {"bytes": sum(b for _, (_, b) in rows), "responses": sum(n for _, (n, _) in rows),
                "top": [[path, b] for path, (_, b) in rows[:8]]}


@contextlib.contextmanager
def servers(scratch: Path):
    """The table (build/site) and the stock page (a scratch copy of the npm package's Pyodide
    and the bare page), each served on its own origin."""
    stock = scratch / "stock"
    shutil.copytree(PYODIDE, stock / "pyodide")
    (stock / "index.html").write_text(STOCK_PAGE)
    served = {"table": Served(), "stock": Served()}
    with telling(SITE, served["table"]) as table, telling(stock, served["stock"]) as bare:
        served["table"].url, served["stock"].url = table, bare
        yield served


# --- the browser ---------------------------------------------------------------------------
def launch(pw, profile: Path):
    return pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def first_board(page) -> float:
    """Start a game of Age of Thieves, a person against a bot, from the start screen; ms from
    the click on the start button to the first frame with the board."""
    if page.get_attribute(f"#game-{GAME}", "aria-pressed") != "true":
        click(page, f"#game-{GAME}")
    before = paints(page)
    page.select_option("#seat-kind-1", "normal")  # two people would see a hand-over first
    repainted(page, before)
    page.evaluate(FIRST_BOARD_JS)
    page.click("#start-game")
    page.wait_for_function("window.__board.frame !== undefined", timeout=60_000)
    return page.evaluate("window.__board.frame - window.__board.click")


def visit(pw, profile: Path, served: Served, *, table: bool = False, prime: bool = False,
          linger_s: float = 0, storage: dict | None = None) -> dict:
    """Open the served page in a browser on ``profile`` (its localStorage set to ``storage``
    first, if given); the load's facts once it is ready, with the bytes the server sent.

    ``prime``: a first visit that a warm load will follow: the table's service worker installed
    and in control before the bytes are counted, then ``linger_s`` seconds open; the facts hold
    the localStorage it leaves. Otherwise the table's first board is timed.
    """
    context = launch(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(READY_JS)
        if storage is not None:
            page.add_init_script(RESTORE_JS % (json.dumps(served.url[:-1]), json.dumps(storage)))
        served.reset()
        page.goto(served.url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=LOAD_TIMEOUT_MS)
        facts = page.evaluate(LOAD_FACTS_JS)
        if prime and table:
            page.evaluate("() => { navigator.serviceWorker.ready.then(() => {"
                          " window.__workerReady = true; }); }")
            page.wait_for_function("window.__workerReady && navigator.serviceWorker.controller",
                                   timeout=120_000)
            page.wait_for_timeout(500)  # the server counts a response once it is written
        facts["served"] = served.taken()
        if prime:
            page.wait_for_timeout(linger_s * 1000)
            facts["storage"] = page.evaluate("({...localStorage})")
        elif table:
            facts["board_ms"] = first_board(page)
        return facts
    finally:
        context.close()


def summary(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1), "runs": [round(v, 1) for v in values]}


def ratios(table: list[float], stock: list[float]) -> dict:
    """Table ÷ stock: the ratio of the medians, and the rounds' own ratios (less sensitive to
    the machine's drift) with their median, the medians of each half and the quartiles."""
    rounds = [t / s for t, s in zip(table, stock, strict=True)]
    half = len(rounds) // 2
    q1, _, q3 = statistics.quantiles(rounds, n=4, method="inclusive")
    return {"of_medians": round(statistics.median(table) / statistics.median(stock), 3),
            "median": round(statistics.median(rounds), 3),
            "first_half": round(statistics.median(rounds[:half]), 3),
            "second_half": round(statistics.median(rounds[half:]), 3),
            "quartiles": [round(q1, 3), round(q3, 3)], "rounds": [round(r, 3) for r in rounds]}


def startup(pw, served: dict, scratch: Path, runs: int, log, linger_s: float) -> dict:
    """Cold and warm loads of the table and the stock page, interleaved round by round."""
    loads = {(v, m): [] for v in VARIANTS for m in MODES}
    storage, visits = {}, {}
    for variant in VARIANTS:
        got = visit(pw, scratch / f"warm-{variant}", served[variant], table=variant == "table",
                    prime=True, linger_s=linger_s)
        storage[variant], visits[variant] = got["storage"], got["served"]
        log(f"primed {variant}: ready in {got['ready_ms']:.0f} ms, a cold visit sent "
            f"{visits[variant]['bytes'] / 1e6:.2f} MB")
    for i in range(runs):
        for mode in MODES:
            for variant in VARIANTS:
                profile = scratch / (f"cold-{variant}-{i}" if mode == "cold"
                                     else f"warm-{variant}")
                got = visit(pw, profile, served[variant], table=variant == "table",
                            storage=storage[variant] if mode == "warm" else None)
                if mode == "cold":
                    shutil.rmtree(profile, ignore_errors=True)
                loads[variant, mode].append(got)
                log(f"round {i + 1} {mode} {variant}: ready {got['ready_ms']:.0f} ms"
                    + (f", first board {got['board_ms']:.0f} ms" if "board_ms" in got else ""))
    result = {"cold_visit": visits}
    for (variant, mode), got in loads.items():
        row = {"ready_ms": summary([g["ready_ms"] for g in got]),
               "first_paint_ms": round(statistics.median(g["paint_ms"] for g in got)),
               "requests": got[0]["requests"],
               "from_sw_cache": min(g["from_sw_cache"] for g in got),
               "served_bytes": round(statistics.median(g["served"]["bytes"] for g in got)),
               "served_responses": max(g["served"]["responses"] for g in got)}
        if variant == "table":
            row["first_board_ms"] = summary([g["board_ms"] for g in got])
        result[f"{variant}_{mode}"] = row
    for mode in MODES:
        result[f"ratio_{mode}"] = ratios([g["ready_ms"] for g in loads["table", mode]],
                                         [g["ready_ms"] for g in loads["stock", mode]])
    return result


# --- a click on the board -----------------------------------------------------------------
def declare_move(page) -> None:
    """Declare Move with every AP on it: the last number of its AP row."""
    click(page, page.locator(f'{PROMPT} [data-ev="aot-draft-ap"]'
                             f'[data-arg^=\'{{"card":"move",\']').last)
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


def click_latency(pw, url: str, clicks: int, log) -> dict:
    scratch = Path(tempfile.mkdtemp(prefix="browser-speed-"))
    context = launch(pw, scratch / "click")
    samples: list[dict] = []
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
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
                                         or [0.0])}


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
    pyodide = json.loads((PYODIDE / "package.json").read_text())["version"]
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "chromium": chromium.strip(), "pyodide": pyodide,
            "system": f"{platform.system()} {platform.release()}"}


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def print_report(r: dict) -> None:
    m = r["machine"]
    print(f"Browser speed - {r['date']}, {m['chromium']}, Pyodide {m['pyodide']}, {m['cpu']} "
          f"({m['cores']} cores)")
    print(f"load average (1/5/15 min): before {r['load']['before']}, after startup "
          f"{r['load']['after_startup']}, at the end {r['load']['end']}")
    s = r.get("startup")
    if s:
        print(f"\nStart-up, {r['runs']} interleaved rounds, ms (median, min-max); ready: from "
              "navigation start")
        print(f"{'page':<7}{'mode':<6}{'ready':>7}{'min':>7}{'max':>7}{'paint':>7}"
              f"{'first board':>13}{'min':>6}{'max':>6}{'server sent':>17}{'SW cache':>10}")
        for variant in VARIANTS:
            for mode in MODES:
                x = s[f"{variant}_{mode}"]
                t = x["ready_ms"]
                board = x.get("first_board_ms")
                board = (f"{board['median']:>13.0f}{board['min']:>6.0f}{board['max']:>6.0f}"
                         if board else f"{'-':>13}{'':>12}")
                print(f"{variant:<7}{mode:<6}{t['median']:>7.0f}{t['min']:>7.0f}{t['max']:>7.0f}"
                      f"{x['first_paint_ms']:>7}{board}{x['served_bytes'] / 1e6:>8.2f} MB"
                      f"{x['served_responses']:>4} r.{x['from_sw_cache']:>6}/{x['requests']:<3}")
        print("(paint: first contentful paint. first board: from the click on \"Start the game\" "
              "to the\n frame that shows the board. server sent: body bytes until ready (median) "
              "and responses\n (most of the rounds). SW cache: requests the service worker's "
              "static routes answered\n from its cache (fewest of the rounds) / requests.)")
        for mode in MODES:
            x = s[f"ratio_{mode}"]
            verdict = "meets" if x["median"] <= GOALS["ratio"] else "misses"
            print(f"table/stock {mode}: median of the rounds' ratios {x['median']:.2f} ({verdict} "
                  f"the goal of {GOALS['ratio']}); ratio of the medians {x['of_medians']:.2f}; "
                  f"halves {x['first_half']:.2f} / {x['second_half']:.2f}; quartiles "
                  f"{x['quartiles'][0]:.2f}-{x['quartiles'][1]:.2f}")
        print("\nBytes of a cold visit (body bytes the server sent from navigation until ready "
              "and, for the\n table, its service worker installed)")
        for variant in VARIANTS:
            x = s["cold_visit"][variant]
            print(f"{variant}: {x['bytes'] / 1e6:.2f} MB in {x['responses']} responses; largest: "
                  + ", ".join(f"{path} {size / 1e3:,.0f} kB" for path, size in x["top"]))
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
    parser.add_argument("--runs", type=int, default=10,
                        help="interleaved rounds of start-up loads, at least 2 (10)")
    parser.add_argument("--clicks", type=int, default=15, help="board clicks to time (15)")
    parser.add_argument("--link-seeds", type=int, default=3, help="games per bot kind (3)")
    parser.add_argument("--only", choices=("startup", "click", "links"), action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--linger", type=float, default=30, metavar="S",
                        help="seconds the priming load of a warm profile stays open (30)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.runs < 2:
        parser.error("--runs: at least 2 rounds")
    parts = args.only or ["startup", "click", "links"]
    if {"startup", "click"} & set(parts):
        if not (SITE / "index.html").exists():
            print("build/site is missing: build it first with `make site`", file=sys.stderr)
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

        scratch = Path(tempfile.mkdtemp(prefix="browser-speed-"))
        try:
            with servers(scratch) as served, sync_playwright() as pw:
                if "startup" in parts:
                    report["startup"] = startup(pw, served, scratch, args.runs, log,
                                                args.linger)
                report["load"]["after_startup"] = load()
                if "click" in parts:
                    report["click"] = click_latency(pw, served["table"].url, args.clicks, log)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    report["load"].setdefault("after_startup", load())
    if "links" in parts:
        report["links"] = link_lengths(list(range(1, args.link_seeds + 1)))
    return finish(report, args.json, print_report)


def finish(report: dict, as_json: bool, print_report) -> int:
    """The load at the end, then the report as one JSON object or as tables."""
    report["load"]["end"] = load()
    if as_json:
        print(json.dumps(report))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
