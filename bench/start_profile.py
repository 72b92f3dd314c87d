"""What keeps the main thread busy while the table starts on a slow phone: the long tasks of a
cold start under a 4x CPU slowdown, what runs in each, and the total blocking time.

    make site                                            # this script builds nothing itself
    .venv/bin/python bench/start_profile.py              # build/site, 3 cold loads
    .venv/bin/python bench/start_profile.py --runs 5 build/site /tmp/site-before   # A/B
    .venv/bin/python bench/start_profile.py --json

Each site folder is served with tools/serve.py's handler on its own localhost port
(bench/browser_speed.py's servers); Debian's Chromium (headless, Playwright) opens it in a fresh
browser context (nothing cached, no service worker) with CDP ``Emulation.setCPUThrottlingRate``
(``--rate``, 4 as Lighthouse's mobile profile) and a performance trace running, until
``<html data-ready="true">``. With several folders the loads are interleaved round by round.

From the trace's renderer main thread: every task over 50 ms from navigation to ready, with what
runs in it (the trace's script, timer, event and layout entries, and the busiest functions of
V8's sampling profiler, wasm included), and the total blocking time as Lighthouse counts it: of
each task, the time beyond its first 50 ms that falls between first contentful paint and ready.
The longest task after first paint bounds how long a tap then waits for an answer.
"""

import argparse
import collections
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_speed import (  # noqa: E402 (the browser benchmark's servers and browser)
    CHROMIUM,
    CHROMIUM_ARGS,
    LOAD_TIMEOUT_MS,
    SITE,
    Served,
    load,
    machine,
    telling,
)

LONG_MS = 50  # a task longer than this is a long task (Lighthouse, the Long Tasks API)
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8.wasm",
              "blink.user_timing", "loading", "toplevel"]
SAMPLES = "disabled-by-default-v8.cpu_profiler"  # V8's sampling profiler (costs some time)

# A performance mark "table-ready" when <html> gets data-ready="true" (and window.__readyAt).
READY_MARK_JS = """
(() => {
  new MutationObserver(() => {
    const root = document.documentElement;
    if (window.__readyAt === undefined && root && root.dataset.ready === "true") {
      window.__readyAt = performance.now();
      performance.mark("table-ready");
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""

# trace entries that say what a task runs, and how to name them
def _what(event: dict) -> str | None:
    name, data = event["name"], (event.get("args") or {}).get("data") or {}
    if name == "FunctionCall":
        where = _short(data.get("url", ""))
        return f"{data.get('functionName') or '(anonymous)'} {where}".strip()
    if name == "EvaluateScript":
        return f"script {_short(data.get('url', ''))}"
    if name in ("v8.evaluateModule", "v8.compileModule"):
        return f"{name.split('.')[1]} {_short((event.get('args') or {}).get('fileName', ''))}"
    if name == "TimerFire":
        return "timer"
    if name == "EventDispatch":
        return f"event {data.get('type', '')}"
    if name == "FireAnimationFrame":
        return "animation frame"
    if name == "RunMicrotasks":
        return "microtasks"
    if name == "wasm.CompileLazy":
        return "wasm lazy compile"  # a wasm function's first call compiles it, here
    if name == "UserTiming" or event.get("cat") == "blink.user_timing":
        return None
    if name in ("ParseHTML", "ParseAuthorStyleSheet", "Layout", "UpdateLayoutTree", "Paint",
                "MajorGC", "MinorGC", "V8.GC_MARK_COMPACTOR", "XHRLoad", "ResourceReceivedData",
                "v8.wasm.streamFromResponseCallback", "v8.wasm.compileConsume"):
        return name
    return None


def _short(url: str) -> str:
    return url.rsplit("/", 1)[-1].split("?")[0] if url else ""


def main_thread(events: list[dict], url: str) -> tuple[int, int]:
    """The (pid, tid) of the renderer main thread that parsed ``url``."""
    for e in events:
        if e["name"] == "ParseHTML" and ((e.get("args") or {}).get("beginData") or {}).get(
                "url", "").startswith(url):
            return e["pid"], e["tid"]
    raise RuntimeError(f"no renderer parsed {url}")


def samples_of(events: list[dict], pid: int, tid: int) -> list[tuple[float, list[str]]]:
    """V8's CPU samples on that thread: (time in µs, stack from the leaf outwards) each."""
    ids = {e["id"] for e in events
           if e["name"] == "Profile" and e["pid"] == pid and e["tid"] == tid}
    nodes: dict = {}
    out = []
    starts = {e["id"]: e["args"]["data"]["startTime"] for e in events
              if e["name"] == "Profile" and e["id"] in ids}
    for e in events:
        if e["name"] != "ProfileChunk" or e.get("id") not in ids:
            continue
        data = e["args"]["data"]
        for node in (data.get("cpuProfile") or {}).get("nodes", []):
            frame = node["callFrame"]
            label = frame.get("functionName") or "(anonymous)"
            url = frame.get("url", "")
            if url.startswith("wasm") or url.endswith(".wasm"):
                label += " [wasm]"
            elif url:
                label += " " + _short(url)
            nodes[(e["id"], node["id"])] = (label, node.get("parent"))
        t = starts[e["id"]]
        for sample, delta in zip((data.get("cpuProfile") or {}).get("samples", []),
                                 data.get("timeDeltas", []), strict=False):
            t += delta
            starts[e["id"]] = t
            stack, key = [], (e["id"], sample)
            while key in nodes:
                label, parent = nodes[key]
                stack.append(label)
                key = (e["id"], parent)
            out.append((t, stack))
    return out


IDLE = {"(idle)", "(program)", "(root)", "(garbage collector)"}


def busiest(samples, start: float, end: float, n: int = 4) -> list[str]:
    """The functions most samples in [start, end] stand in (leaf), with their share."""
    leaves = collections.Counter(s[0] for t, s in samples if start <= t <= end and s)
    total = sum(leaves.values()) or 1
    return [f"{name} {100 * count / total:.0f}%" for name, count in leaves.most_common(n)]


def entry_points(samples, start: float, end: float, n: int = 3) -> list[str]:
    """The outermost JavaScript functions (not wasm, not V8's own) in [start, end]."""
    outer = collections.Counter()
    for t, stack in samples:
        if start <= t <= end:
            js = [f for f in stack if f not in IDLE and not f.endswith("[wasm]")
                  and " " in f]
            if js:
                outer[js[-1]] += 1
    total = sum(outer.values()) or 1
    return [f"{name} {100 * c / total:.0f}%" for name, c in outer.most_common(n)]


def analyse(trace: dict, url: str, ready_ms: float) -> dict:
    events = [e for e in trace["traceEvents"] if "name" in e]
    pid, tid = main_thread(events, url)
    on_main = [e for e in events if e["pid"] == pid and e["tid"] == tid and e.get("ph") == "X"]
    nav = min(e["ts"] for e in events if e["name"] == "navigationStart" and e["pid"] == pid
              and ((e.get("args") or {}).get("data") or {}).get("documentLoaderURL", "")
              .startswith(url))
    fcp = min((e["ts"] for e in events if e["name"] == "firstContentfulPaint" and e["pid"] == pid),
              default=None)
    ready = nav + ready_ms * 1000
    samples = samples_of(events, pid, tid)
    tasks = sorted((e for e in on_main if e["name"] == "RunTask" and e["ts"] <= ready
                    and e["ts"] + e.get("dur", 0) >= nav), key=lambda e: e["ts"])
    busy = sum(e["dur"] for e in tasks) / 1000
    long_tasks = []
    tbt = 0.0
    for task in tasks:
        start, end = task["ts"], task["ts"] + task["dur"]
        if task["dur"] <= LONG_MS * 1000:
            continue
        blocking = 0.0 if fcp is None else max(0.0, (min(end, ready) - max(start + LONG_MS
                                                                             * 1000, fcp)) / 1000)
        tbt += blocking
        inside = collections.Counter()
        for e in on_main:
            if start <= e["ts"] and e["ts"] + e.get("dur", 0) <= end and e is not task:
                label = _what(e)
                if label:
                    inside[label] += e.get("dur", 0)
        long_tasks.append({
            "start_ms": round((start - nav) / 1000), "ms": round(task["dur"] / 1000),
            "blocking_ms": round(blocking),
            "runs": [f"{label} {dur / 1000:.0f}ms" for label, dur in inside.most_common(5)],
            "js": entry_points(samples, start, end), "hot": busiest(samples, start, end)})
    after_fcp = [t["ms"] for t in long_tasks if fcp is not None
                 and nav + (t["start_ms"] + t["ms"]) * 1000 > fcp]
    return {"fcp_ms": None if fcp is None else round((fcp - nav) / 1000),
            "ready_ms": round(ready_ms), "tbt_ms": round(tbt), "busy_ms": round(busy),
            "longest_after_fcp_ms": max(after_fcp, default=0), "long_tasks": long_tasks}


def profile(pw, url: str, rate: float, trace_out: Path | None, samples: bool = True) -> dict:
    """One cold load of ``url``, traced, under a ``rate``x CPU slowdown."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(READY_MARK_JS)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        browser.start_tracing(page=page, categories=CATEGORIES + [SAMPLES] * samples)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=LOAD_TIMEOUT_MS)
        ready_ms = page.evaluate("window.__readyAt")
        page.wait_for_timeout(300)  # the ready task's end and the profiler's last chunk
        trace = json.loads(browser.stop_tracing())
    finally:
        browser.close()
    if trace_out:
        trace_out.write_text(json.dumps(trace))
    return analyse(trace, url, ready_ms)


def report(runs: dict) -> None:
    for name, loads in runs.items():
        print(f"\n== {name}: {len(loads)} cold loads")
        for i, r in enumerate(loads, 1):
            print(f"load {i}: first paint {r['fcp_ms']} ms, ready {r['ready_ms']} ms, "
                  f"main thread busy {r['busy_ms']} ms, {len(r['long_tasks'])} long tasks, "
                  f"TBT {r['tbt_ms']} ms, longest after first paint "
                  f"{r['longest_after_fcp_ms']} ms")
        print(f"long tasks of load {len(loads)}:")
        for t in loads[-1]["long_tasks"]:
            print(f"  at {t['start_ms']:>6} ms {t['ms']:>5} ms (blocking {t['blocking_ms']:>5})"
                  f"  {'; '.join(t['runs'])}")
            if t["js"]:
                print(f"{'':>40}JS: {'; '.join(t['js'])}")
            if t["hot"]:
                print(f"{'':>40}hot: {'; '.join(t['hot'])}")
    print("\nmedians")
    for name, loads in runs.items():
        med = {k: statistics.median(r[k] for r in loads)
               for k in ("fcp_ms", "ready_ms", "tbt_ms", "busy_ms", "longest_after_fcp_ms")}
        print(f"  {name}: TBT {med['tbt_ms']:.0f} ms, longest task after first paint "
              f"{med['longest_after_fcp_ms']:.0f} ms, long tasks "
              f"{statistics.median(len(r['long_tasks']) for r in loads):.0f}, first paint "
              f"{med['fcp_ms']:.0f} ms, ready {med['ready_ms']:.0f} ms, busy "
              f"{med['busy_ms']:.0f} ms (TBTs {[r['tbt_ms'] for r in loads]})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="*", type=Path, default=[SITE],
                        help="built site folders to compare (build/site)")
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each (3)")
    parser.add_argument("--rate", type=float, default=4, help="CPU slowdown (4)")
    parser.add_argument("--trace-out", type=Path, metavar="DIR",
                        help="keep each load's trace there (open in DevTools' Performance panel)")
    parser.add_argument("--no-samples", dest="samples", action="store_false",
                        help="without V8's sampling profiler (no function names; its overhead "
                             "off the figures)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    for site in args.sites:
        if not (site / "index.html").exists():
            print(f"{site}/index.html is missing: build it first with `make site`",
                  file=sys.stderr)
            return 2
    from contextlib import ExitStack

    from playwright.sync_api import sync_playwright

    names = [str(site) for site in args.sites]
    runs: dict[str, list] = {name: [] for name in names}
    with ExitStack() as stack, sync_playwright() as pw:
        urls = [stack.enter_context(telling(site, Served())) for site in args.sites]
        for i in range(args.runs):
            for n, (name, url) in enumerate(zip(names, urls, strict=True)):
                out = args.trace_out / f"trace-{n}-{i + 1}.json" if args.trace_out else None
                if out:
                    out.parent.mkdir(parents=True, exist_ok=True)
                got = profile(pw, url, args.rate, out, args.samples)
                runs[name].append(got)
                if not args.json:
                    print(f"  .. {name} load {i + 1}: TBT {got['tbt_ms']} ms, ready "
                          f"{got['ready_ms']} ms", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({"machine": machine(), "load": load(), "rate": args.rate,
                          "runs": runs}))
    else:
        print(f"CPU slowdown {args.rate}x, load average {load()}")
        report(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
