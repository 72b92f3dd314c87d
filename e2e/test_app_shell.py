"""The app starts from the local build with no request to any other host, and offline; the
tests' own tools (axe-core) are not in it."""

import json
import re
from urllib.parse import urlsplit

from tablehelp import READY, SITE, external, game_link, open_link


def test_ready_with_no_external_request(page, site_url, requests_seen):
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=90_000)
    assert requests_seen, "the page made no request at all"
    assert external(requests_seen) == []


def test_reload_offline_after_first_visit(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=90_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    # the worker routes the build's files to its cache: the browser reads them without
    # running the worker's script (static routing), the page and every file alike
    sources = page.evaluate("""[...performance.getEntriesByType("navigation"),
        ...performance.getEntriesByType("resource")].map(
        (e) => [e.name, e.workerMatchedSourceType])""")
    assert sources and all(source == "cache" for _, source in sources), sources
    # a query string (here the bots' pause) misses the routes; the worker's handler serves it
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    context.close()


def test_the_accessibility_checker_is_not_shipped():
    """axe-core is a dev dependency the e2e tests inject (docs/accessibility.md)."""
    assert (SITE / "index.html").exists()
    assert not [p for p in SITE.rglob("*") if "axe" in p.name.lower()]


SOURCE_MODULES = """
import sys
stdlib = next(path for path in sys.path if path.endswith(".zip"))
" ".join(sorted(name for name, module in sys.modules.items()
                if (getattr(module, "__file__", None) or "").startswith(stdlib + "/")
                and module.__spec__.origin != "frozen" and not module.__file__.endswith(".pyc")))
"""


def test_what_the_table_loads_is_precompiled_and_precached(page, site_url):
    """Start-up and a game of each kind, halfway and at the end: every standard library module
    the table imports comes precompiled (tools/stdlib_modules.txt), and every file the page asks
    for is in the service worker's precache, so it all works offline."""
    asked = set()
    page.on("request", lambda request: asked.add(urlsplit(request.url).path))
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    for game in ("age_of_thieves", "swindler", "crooks"):
        open_link(page, game_link(game, finished=False))
        open_link(page, game_link(game, finished=True))
    compiled_from_source = page.evaluate(
        "code => import('./runtime.mjs').then(m => m.start()).then(py => py.runPython(code))",
        SOURCE_MODULES).split()
    assert compiled_from_source == [], "add them to tools/stdlib_modules.txt"
    precached = json.loads(re.search(r"const FILES = (\[.*?\]);",
                                     (SITE / "sw.js").read_text()).group(1))
    assert {path.removeprefix("/") or "./" for path in asked} - {
        name.removeprefix("./") if name != "./" else name for name in precached} == set()
