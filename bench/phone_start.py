"""A first visit on a phone: Lighthouse's mobile profile, the table beside a stock PyScript page.

    make -o .venv/.site-installed -o node_modules/.installed site   # builds nothing itself
    .venv/bin/python bench/phone_start.py              # a table (about a minute a round here)
    .venv/bin/python bench/phone_start.py --json --runs 5 --out /tmp/lighthouse

Lighthouse (the npm dev dependency, pinned in package.json) audits, with its default mobile
profile (a Moto G Power's screen, simulated slow 4G: 150 ms round trip, 1.6 Mbps; the CPU
slowed down 4 times) and Debian's Chromium (headless), the performance, best-practices and
accessibility categories of two pages, each served by tools/serve.py's handler (a file's
``.br``/``.gz`` sibling sent when the browser accepts it) on its own localhost port:

- **the table**: build/site;
- **the stock page**: a scratch folder with the same npm packages unchanged
  (``@pyscript/core``'s dist as ``pyscript/``, ``pyodide`` as ``pyodide/``), their brotli and
  gzip siblings written by tools/precompress.py as the table's build writes them, and one
  ``<script type="py">`` (``STOCK_PAGE``) that shows a line once Python runs; PyScript loads
  the local Pyodide (its ``interpreter`` configured to ``./pyodide/pyodide.mjs``), no CDN.

Each run is a cold first visit (Lighthouse starts Chromium on a fresh profile and resets the
origin's storage). ``--runs`` rounds, each the table then the stock page; the figures are the
medians, and table ÷ stock as the median of the rounds' own ratios (beside the ratio of the
medians). The raw Lighthouse JSON of every run stays in ``--out`` (a new temporary folder by
default). Figures: bench/README.md.
"""

import argparse
import contextlib
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tools")]

from browser_speed import PYODIDE, finish, load, machine, ratios  # noqa: E402
from precompress import precompress  # noqa: E402 (the build's .br/.gz siblings)
from serve import telling  # noqa: E402 (tools/serve.py: the site's server)
from table_driver import CHROMIUM, CHROMIUM_ARGS, SITE  # noqa: E402 (the e2e tests' browser too)

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core"
# the stock folder's brotli outputs, kept between runs (pyodide's files take a minute)
STOCK_CACHE = ROOT / "build" / "precompressed-stock"
PAGES = ("table", "stock")
CATEGORIES = ("performance", "best-practices", "accessibility")
# (key, Lighthouse audit, label, unit, scale for the unit)
METRICS = [
    ("fcp", "first-contentful-paint", "first contentful paint", "s", 1e-3),
    ("lcp", "largest-contentful-paint", "largest contentful paint", "s", 1e-3),
    ("tbt", "total-blocking-time", "total blocking time", "s", 1e-3),
    ("si", "speed-index", "speed index", "s", 1e-3),
    ("cls", "cumulative-layout-shift", "cumulative layout shift", "", 1),
    ("bytes", "total-byte-weight", "total bytes (transfer)", "MB", 1e-6),
]
SCORES = [("performance", "performance score"), ("best-practices", "best-practices score"),
          ("accessibility", "accessibility score")]

# The baseline: PyScript as its documentation starts it, Python's first line shown on the page
# (an empty icon: the browser's request for /favicon.ico would log a 404 against it).
STOCK_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Stock PyScript (benchmark baseline)</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./pyscript/core.css">
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <p>loading the Python runtime…</p>
  <script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
from pyscript import display
display("Python is ready: hello from PyScript.")
  </script>
</body>
</html>
"""


def stock_folder(scratch: Path) -> Path:
    """The stock page's folder: the npm packages copied unchanged, the page, the siblings."""
    stock = scratch / "stock"
    shutil.copytree(PYSCRIPT / "dist", stock / "pyscript")
    shutil.copytree(PYODIDE, stock / "pyodide")
    (stock / "index.html").write_text(STOCK_PAGE)
    precompress(stock, STOCK_CACHE)
    return stock


@contextlib.contextmanager
def servers(stock: Path):
    """The table and the stock page, each on its own origin; yields their URLs."""
    with telling(SITE, lambda path, nbytes: None) as table, \
            telling(stock, lambda path, nbytes: None) as bare:
        yield {"table": table, "stock": bare}


# --- one run ------------------------------------------------------------------------------
def lighthouse(url: str, output: Path) -> dict:
    """Lighthouse's report of a cold visit of ``url`` (written to ``output`` too)."""
    subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={output}",
         f"--only-categories={','.join(CATEGORIES)}",
         f"--chrome-flags={' '.join(CHROMIUM_ARGS)}"],
        env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True, timeout=600)
    return json.loads(output.read_text())


def item_text(item: dict) -> str | None:
    """One line of an audit's details: what it names, where, and the error under it; None for
    a script whose source map is in order (valid-source-maps lists every script)."""
    errors = [sub["error"] for sub in (item.get("subItems") or {}).get("items", [])
              if "error" in sub]
    if "scriptUrl" in item and not errors:
        return None
    text = str(item.get("value") or item.get("description") or item.get("scriptUrl")
               or item.get("url") or "")
    where = item.get("sourceLocation") or item.get("source")
    if isinstance(where, dict) and where.get("url"):
        text += f" ({where['url']})"
    return f"{text}: {'; '.join(errors)}" if errors else text


def failing(report: dict, category: str) -> list[dict]:
    """The category's audits that fail (a score below 1), weighted first."""
    rows = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if audit["score"] is not None and audit["score"] < 1:
            details = audit.get("details") or {}
            rows.append({"id": ref["id"], "weight": ref["weight"], "score": audit["score"],
                         "title": audit["title"],
                         "items": [text for text in map(item_text, details.get("items", []))
                                   if text]})
    return sorted(rows, key=lambda row: -row["weight"])


def main_thread(report: dict) -> dict:
    """Where the main thread went: its work by kind, the scripts' boot-up, the long tasks."""
    def items(audit):
        return (report["audits"][audit].get("details") or {}).get("items", [])

    tasks = items("long-tasks")
    return {
        "work_ms": {i["groupLabel"]: round(i["duration"])
                    for i in items("mainthread-work-breakdown")},
        "bootup": [{"url": i["url"], "total_ms": round(i["total"]),
                    "scripting_ms": round(i["scripting"]),
                    "parse_compile_ms": round(i["scriptParseCompile"])}
                   for i in items("bootup-time")],
        "long_tasks": {"count": len(tasks), "total_ms": round(sum(t["duration"] for t in tasks)),
                       "longest": [{"url": t["url"], "start_ms": round(t["startTime"]),
                                    "duration_ms": round(t["duration"])}
                                   for t in sorted(tasks, key=lambda t: -t["duration"])[:8]]},
    }


def facts(report: dict, file: Path) -> dict:
    """What the report says of one run."""
    audits = report["audits"]
    row = {"file": str(file),
           "scores": {c: report["categories"][c]["score"] for c in CATEGORIES},
           "metrics": {key: audits[audit]["numericValue"] for key, audit, *_ in METRICS},
           "requests": len(audits["network-requests"]["details"]["items"]),
           "largest": [[i["url"], i["totalBytes"]]
                       for i in audits["total-byte-weight"]["details"]["items"][:4]],
           "benchmark_index": report["environment"]["benchmarkIndex"],
           "failing": {c: failing(report, c) for c in ("best-practices", "accessibility")},
           "main_thread": main_thread(report),
           "errored": sorted(k for k, a in audits.items() if a["scoreDisplayMode"] == "error"),
           "warnings": report.get("runWarnings", [])}
    if report.get("runtimeError"):
        row["error"] = report["runtimeError"]
    return row


# --- the rounds and the summary -----------------------------------------------------------
def measure(urls: dict, runs: int, out: Path, log) -> dict:
    """``runs`` interleaved rounds (table, then stock); each run's facts, per page."""
    got = {page: [] for page in PAGES}
    for i in range(runs):
        for page in PAGES:
            file = out / f"round{i + 1}-{page}.json"
            row = facts(lighthouse(urls[page], file), file)
            got[page].append(row)
            m = row["metrics"]
            log(f"round {i + 1} {page}: score {row['scores']['performance']}, "
                f"LCP {m['lcp'] / 1e3:.1f} s, TBT {m['tbt'] / 1e3:.1f} s, "
                f"{m['bytes'] / 1e6:.2f} MB, load {load()}")
    return got


def median_run(rows: list[dict]) -> dict:
    """The run whose largest contentful paint is the median one (the lower of two)."""
    ordered = sorted(rows, key=lambda row: row["metrics"]["lcp"])
    return ordered[(len(ordered) - 1) // 2]


def failures(rows: list[dict], category: str) -> list[dict]:
    """The audits that failed in any run: in how many, with the details of their first."""
    seen: dict[str, dict] = {}
    for row in rows:
        for audit in row["failing"][category]:
            seen.setdefault(audit["id"], {**audit, "runs": 0})["runs"] += 1
    return list(seen.values())


def summarise(got: dict) -> dict:
    result = {}
    for page, rows in got.items():
        result[page] = {
            "scores": {c: statistics.median(r["scores"][c] for r in rows) for c in CATEGORIES},
            "metrics": {key: statistics.median(r["metrics"][key] for r in rows)
                        for key, *_ in METRICS},
            "range": {key: [min(r["metrics"][key] for r in rows),
                            max(r["metrics"][key] for r in rows)] for key, *_ in METRICS},
            "score_range": [min(r["scores"]["performance"] for r in rows),
                            max(r["scores"]["performance"] for r in rows)],
            "requests": statistics.median(r["requests"] for r in rows),
            "benchmark_index": statistics.median(r["benchmark_index"] for r in rows),
            "failing": {c: failures(rows, c) for c in ("best-practices", "accessibility")},
            "median_run": median_run(rows)["file"],
            "main_thread": median_run(rows)["main_thread"],
            "largest": median_run(rows)["largest"],
            "errored": sorted({audit for r in rows for audit in r["errored"]}),
            "warnings": sorted({warning for r in rows for warning in r["warnings"]}),
            "runs": rows,
        }
    values = {page: {key: [r["metrics"][key] for r in got[page]] for key, *_ in METRICS}
              for page in PAGES}
    for page in PAGES:
        values[page]["performance"] = [r["scores"]["performance"] for r in got[page]]
    result["ratios"] = {key: ratios(values["table"][key], values["stock"][key])
                        for key in values["table"] if all(values["stock"][key])}
    return result


# --- the report ---------------------------------------------------------------------------
def print_report(r: dict) -> None:
    m, s = r["machine"], r["summary"]
    print(f"Phone start - {r['date']}, Lighthouse {r['lighthouse']}, {m['chromium']}, "
          f"PyScript {r['pyscript']}, Pyodide {m['pyodide']}, {m['cpu']} ({m['cores']} cores)")
    t = r["throttling"]
    print(f"Lighthouse's {r['form_factor']} profile, throttling {r['throttling_method']}: "
          f"{t['rttMs']:.0f} ms round trip, {t['throughputKbps'] / 1024:.1f} Mbps, the CPU "
          f"{t['cpuSlowdownMultiplier']:g} times slower")
    print(f"load average (1/5/15 min): before {r['load']['before']}, at the end "
          f"{r['load']['end']}; Lighthouse's benchmark index (median): table "
          f"{s['table']['benchmark_index']:.0f}, stock {s['stock']['benchmark_index']:.0f}")
    print(f"\n{r['runs']} interleaved rounds, medians (min-max); table/stock: median of the "
          "rounds' ratios (ratio of the medians)")
    print(f"{'':<26}{'table':>22}{'stock PyScript':>22}{'table/stock':>20}")
    rows = [("performance", "performance score", "", 1)] + [
        (key, label, unit, scale) for key, _, label, unit, scale in METRICS]
    for key, label, unit, scale in rows:
        cells = []
        for page in PAGES:
            x = s[page]
            if key == "performance":
                mid, (low, high) = x["scores"][key], x["score_range"]
            else:
                mid, (low, high) = x["metrics"][key], x["range"][key]
            digits = 3 if key == "cls" else 2
            cells.append(f"{mid * scale:.{digits}f} ({low * scale:.{digits}f}-"
                         f"{high * scale:.{digits}f})")
        ratio = s["ratios"].get(key)
        ratio = f"{ratio['median']:.2f} ({ratio['of_medians']:.2f})" if ratio else "-"
        print(f"{label + (f', {unit}' if unit else ''):<26}{cells[0]:>22}{cells[1]:>22}"
              f"{ratio:>20}")
    for category, label in SCORES[1:]:
        print(f"{label:<26}{s['table']['scores'][category]:>22}"
              f"{s['stock']['scores'][category]:>22}")
    print(f"{'requests':<26}{s['table']['requests']:>22g}{s['stock']['requests']:>22g}")
    for page in PAGES:
        print_page(r, page)
    print(f"\nThe raw Lighthouse reports: {r['out']}")


def print_page(r: dict, page: str) -> None:
    """A page's largest files, failing audits and main thread (paths from its origin)."""
    x, origin = r["summary"][page], r["urls"][page]

    def short(text: str) -> str:
        return text.replace(origin, "/")

    print(f"\n{page}: largest transfers (median run) "
          + ", ".join(f"{short(url)} {size / 1e6:.2f} MB" for url, size in x["largest"]))
    for category in ("best-practices", "accessibility"):
        fails = x["failing"][category]
        if not fails:
            print(f"  {category}: every audit passed in every run")
        for f in fails:
            print(f"  {category} fails {f['id']} (weight {f['weight']}, {f['runs']} of "
                  f"{r['runs']} runs): {f['title']}")
            for line in f["items"][:6]:
                print(f"    - {short(line)[:220]}")
            if len(f["items"]) > 6:
                print(f"    - ... {len(f['items']) - 6} more")
    mt = x["main_thread"]
    print("  main thread (median run): "
          + ", ".join(f"{k} {v / 1e3:.1f} s" for k, v in mt["work_ms"].items() if v >= 50))
    print("  boot-up by script: " + ", ".join(
        f"{short(b['url'])} {b['total_ms'] / 1e3:.1f} s (scripting {b['scripting_ms'] / 1e3:.1f})"
        for b in mt["bootup"]))
    lt = mt["long_tasks"]
    print(f"  long tasks: {lt['count']}, {lt['total_ms'] / 1e3:.1f} s in all; longest: "
          + ", ".join(f"{t['duration_ms'] / 1e3:.1f} s at {t['start_ms'] / 1e3:.1f} s "
                      f"({short(t['url'])})" for t in lt["longest"][:5]))
    if x["errored"]:
        print(f"  audits Lighthouse could not run: {', '.join(x['errored'])}")
    for warning in x["warnings"]:
        print(f"  Lighthouse warns: {warning.split(' Learn more')[0]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="interleaved rounds, at least 2 (5)")
    parser.add_argument("--out", type=Path, help="folder for the raw Lighthouse reports "
                        "(default: a new temporary folder, kept)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.runs < 2:
        parser.error("--runs: at least 2 rounds")
    for needed, how in ((SITE / "index.html", "build it with `make site`"),
                        (LIGHTHOUSE, "install the npm packages (`make site` does)"),
                        (Path(CHROMIUM), "`make chromium`")):
        if not needed.exists():
            print(f"{needed} is missing: {how}", file=sys.stderr)
            return 2

    def log(text: str) -> None:
        if not args.json:
            print(f"  .. {text}", file=sys.stderr, flush=True)

    out = args.out or Path(tempfile.mkdtemp(prefix="phone-start-"))
    out.mkdir(parents=True, exist_ok=True)
    report = {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "machine": machine(), "runs": args.runs, "out": str(out),
              "pyscript": json.loads((PYSCRIPT / "package.json").read_text())["version"],
              "load": {"before": load()}}
    scratch = Path(tempfile.mkdtemp(prefix="phone-start-stock-"))
    try:
        log("the stock page: copying the npm packages, compressing (cached in "
            f"{STOCK_CACHE.relative_to(ROOT)})")
        with servers(stock_folder(scratch)) as urls:
            report["urls"] = urls
            got = measure(urls, args.runs, out, log)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    first = json.loads(Path(got["table"][0]["file"]).read_text())
    settings = first["configSettings"]
    report.update(lighthouse=first["lighthouseVersion"], form_factor=settings["formFactor"],
                  throttling_method=settings["throttlingMethod"],
                  throttling=settings["throttling"], summary=summarise(got))
    return finish(report, args.json, print_report)


if __name__ == "__main__":
    sys.exit(main())
