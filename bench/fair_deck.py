"""What a fair Crooks deal costs (web/play/fair/deck.py, docs/fair-play.md): three devices
shuffling the 32 crooks under RFC 3526's 2048-bit group, one opening of the biggest den (5
crooks), the end-of-game audit, and the bytes of each message.

    .venv/bin/python bench/fair_deck.py                        # CPython, 5 rounds
    .venv/bin/python bench/fair_deck.py --rounds 3 --browser   # and in the page's Pyodide
    .venv/bin/python bench/fair_deck.py --json

Every round is tools/fair_table.py's ``timed_deal``: fresh keys and secrets (``secrets`` in
CPython, ``os.urandom`` in the page, i.e. the browser's ``crypto.getRandomValues``), the
three devices simulated in one interpreter, one after another, so a figure is the sum of the
devices' work, not the time a table waits (which adds the messages' travel). ``--browser``
serves build/site (``make site`` first) with tools/serve.py, opens it in Debian's Chromium
(headless) with Playwright and runs the same function in the table's own Pyodide worker
(``thievesTable.python``, static/table.js), one round per call after a first call that only
imports. The machine is shared: the load average is reported before and after.

Figures: docs/fair-play.md, "Costs".
"""

import argparse
import datetime
import json
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "bench")]

import fair_table  # noqa: E402 (the simulated devices, tools/)
from browser_speed import finish, load, machine  # noqa: E402 (the machine, the load, the report)
from table_driver import CHROMIUM, CHROMIUM_ARGS, READY, SITE, serve  # noqa: E402

from web.play.fair import deck as fair  # noqa: E402

PYTHON = "code => thievesTable.python(code)"  # in the table's worker (static/table.js)
# The page's Python gets tools/fair_table.py as a module of its own (it is not in app.zip).
IMPORT = """
import json, os, sys, time, types
from web.play.fair import deck as fair
fair_table = sys.modules["fair_table"] = types.ModuleType("fair_table")
exec({source!r}, fair_table.__dict__)
sys.version
"""
ROUND = "json.dumps(fair_table.timed_deal(fair.MODP_2048, os.urandom, time.perf_counter))"


def cpython_rounds(rounds: int) -> list[dict]:
    return [fair_table.timed_deal(fair.MODP_2048, secrets.token_bytes, time.perf_counter)
            for _ in range(rounds)]


def browser_rounds(rounds: int, log) -> tuple[str, list[dict]]:
    from playwright.sync_api import sync_playwright

    source = Path(fair_table.__file__).read_text(encoding="utf-8")
    with serve(SITE) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector(READY, timeout=180_000)
            version = page.evaluate(PYTHON, IMPORT.format(source=source))
            rows = []
            for i in range(rounds):
                rows.append(json.loads(page.evaluate(PYTHON, ROUND)))
                log(f"page round {i + 1}: {rows[-1]['shuffle_ms']:.0f} ms shuffle")
        finally:
            browser.close()
    return version, rows


def summary(rows: list[dict]) -> dict:
    """Median and range of each time over the rounds, and the message sizes (the same every
    round but for a leading zero digit now and then: the largest)."""
    times = {key: [round(row[key], 1) for row in rows]
             for key in ("shuffle_ms", "open_ms", "audit_ms")}
    return {"rounds": len(rows), "den": rows[0]["den"],
            **{key: {"median": round(statistics.median(v), 1), "min": min(v), "max": max(v)}
               for key, v in times.items()},
            "bytes": {kind: max(row["bytes"][kind] for row in rows) for kind in rows[0]["bytes"]}}


def print_report(report: dict) -> None:
    print(f"{report['date']}, {report['machine']['cpu']} ({report['machine']['cores']} cores), "
          f"load {report['load']['before']} -> {report['load']['end']}")
    for where in ("cpython", "pyodide"):
        if where not in report:
            continue
        r = report[where]
        print(f"{where} ({r['python']}), {r['rounds']} rounds, median (min-max):")
        for key, what in (("shuffle_ms", "shuffle of 32 crooks by 3 devices"),
                          ("open_ms", f"opening den {r['den']} (5 crooks) for one seat"),
                          ("audit_ms", "audit at the end")):
            x = r[key]
            print(f"  {what}: {x['median']:.0f} ms ({x['min']:.0f}-{x['max']:.0f})")
        print("  bytes per message: " + ", ".join(f"{k} {v}" for k, v in r["bytes"].items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="deals timed (5)")
    parser.add_argument("--browser", action="store_true",
                        help="also in Chromium, in the table's Pyodide (needs build/site)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    def log(text: str) -> None:
        if not args.json:
            print(f"  .. {text}", file=sys.stderr, flush=True)

    if args.browser and not (SITE / "index.html").exists():
        print("build/site is missing: build it first with `make site`", file=sys.stderr)
        return 2
    report = {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "machine": machine(), "load": {"before": load()}}
    report["cpython"] = {"python": sys.version.split()[0], **summary(cpython_rounds(args.rounds))}
    if args.browser:
        version, rows = browser_rounds(args.rounds, log)
        report["pyodide"] = {"python": version.split()[0], **summary(rows)}
    return finish(report, args.json, print_report)


if __name__ == "__main__":
    sys.exit(main())
