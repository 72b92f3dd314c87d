"""What a fair Crooks deal costs (web/play/fair/deck.py, docs/fair-play.md): three devices
shuffling the 32 crooks under RFC 3526's 2048-bit group, one opening of the biggest den (5
crooks), the end-of-game audit, and the bytes of each message. With ``--links``, instead: the
characters a commitment and its opening (web/play/fair/commit.py) add to a remote table's links.

    .venv/bin/python bench/fair_deck.py                        # CPython, 5 rounds
    .venv/bin/python bench/fair_deck.py --rounds 3 --browser   # and in the page's Pyodide
    .venv/bin/python bench/fair_deck.py --json
    .venv/bin/python bench/fair_deck.py --links

Every round is tools/fair_table.py's ``timed_deal``: fresh keys and secrets (``secrets`` in
CPython, ``os.urandom`` in the page, i.e. the browser's ``crypto.getRandomValues``), the
three devices simulated in one interpreter, one after another, so a figure is the sum of the
devices' work, not the time a table waits (which adds the messages' travel). ``--browser``
serves build/site (``make site`` first) with tools/serve.py, opens it in Debian's Chromium
(headless) with Playwright and runs the same function in the table's own Pyodide worker
(``thievesTable.python``, static/table.js), one round per call after a first call that only
imports. The machine is shared: the load average is reported before and after.

``--links`` plays 3-player games of normal bots by links (tools/remote_table.py) up to the
first decisions taken at once after every seat's key is known (Age of Thieves' declarations, a
Swindler reaction window), and repacks each seat's real answer link (web/play/chain/codec.py)
twice: with the answer's text replaced by its commitment (64 hex digits, or 43 base64url
characters), and as the link that opens it: the answer as today plus the 64-hex-digit nonce in
a field ``o``. Either link keeps the answer link's one signature.

Figures: docs/fair-play.md, "Costs" and "The cost, by links and live".
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
from remote_table import behind, play, seat_up  # noqa: E402 (a remote table in CPython)
from table_driver import CHROMIUM, CHROMIUM_ARGS, READY, SITE, serve  # noqa: E402

from web.base import i18n  # noqa: E402
from web.play.chain import codec  # noqa: E402
from web.play.fair import commit  # noqa: E402
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


def answer_links(game: str, seed: int) -> list[tuple[int, bytes, str]]:
    """``(seat, head, link)`` for each seat's answer in the first decisions taken at once after
    every seat's key is known, in a 3-player game of normal bots played by links."""
    table = seat_up(game, 3, seed)
    lead = play(table, until=lambda lead: len(lead.chain.deciders()) > 1
                and len(lead.chain.keys) == 3)
    late = [d for d in table.devices if behind(d, lead)]
    if late:
        table.send("to everyone", lead.chain.hop([d.seat for d in late]), late)
    answers = []
    for seat in lead.chain.deciders():
        device = table.devices[seat]
        device.decide()
        device.sign()
        answers.append((seat, lead.chain.heads[-1], device.chain.answer_link(seat)))
    return answers


def committed_links(seat: int, head: bytes, link: str) -> dict:
    """Characters of an answer link as it is, with a commitment in place of the answer (in hex
    and in base64url), and as the link opening it."""
    data = codec.unpack(link)
    field = "q" if "q" in data else "a"  # the first seat of a window: chained, in "a"
    player, at, text = data[field].rpartition("@")
    commitment, opening = commit.commit(head, seat, text, secrets.token_bytes)
    return {"answer": len(link),
            "commit": len(codec.pack({**data, field: player + at + commitment})),
            "commit_b64": len(codec.pack(
                {**data, field: player + at + codec.b64(bytes.fromhex(commitment))})),
            "open": len(codec.pack({**data, "o": [[0, opening["nonce"]]]})),
            "text": data[field]}


def link_costs(seeds: range) -> dict:
    """Per game, every answer's link lengths (``committed_links``), over a game per seed."""
    i18n.activate("en")
    return {game: [committed_links(*answer)
                   for seed in seeds for answer in answer_links(game, seed)]
            for game in ("age_of_thieves", "swindler")}


def print_links(report: dict) -> None:
    print(f"{report['date']}, load {report['load']['before']} -> {report['load']['end']}; "
          "characters of the fragment, median (min-max) over the answers")
    for game, rows in report["links"].items():
        print(f"{game}: {len(rows)} answers in {len(report['seeds'])} games, e.g. "
              f"{rows[0]['text']!r}")
        for key in ("answer", "commit", "commit_b64", "open"):
            values = [row[key] for row in rows]
            print(f"  {key}: {statistics.median(values):.0f} ({min(values)}-{max(values)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="deals timed (5)")
    parser.add_argument("--browser", action="store_true",
                        help="also in Chromium, in the table's Pyodide (needs build/site)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--links", action="store_true",
                        help="instead: what a commitment and its opening add to links")
    args = parser.parse_args(argv)
    if args.links:
        seeds = range(1, 6)
        report = {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                  "load": {"before": load()}, "seeds": list(seeds), "links": link_costs(seeds)}
        return finish(report, args.json, print_links)

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
