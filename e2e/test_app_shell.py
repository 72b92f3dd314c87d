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
    # the service worker routes the build's files to its cache: the browser reads them
    # without running the service worker's script (static routing), the page and every file
    # alike, but for the modules the table's worker imports, which its handler serves
    sources = page.evaluate("""[...performance.getEntriesByType("navigation"),
        ...performance.getEntriesByType("resource")].map(
        (e) => [e.name, e.workerMatchedSourceType])""")
    handled = {urlsplit(name).path for name, source in sources if source != "cache"}
    assert sources and handled <= {"/pyodide/pyodide.mjs", "/keys.js", "/locks.js"}, handled
    # a query string (here the bots' pause) misses the routes; the worker's handler serves it
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    context.close()


def test_the_accessibility_checker_is_not_shipped():
    """axe-core is a dev dependency the e2e tests inject (docs/accessibility.md)."""
    assert (SITE / "index.html").exists()
    assert not [p for p in SITE.rglob("*") if "axe" in p.name.lower()]


COMPILED_AT_START = """
import importlib.util, os, sys
def precompiled(module):
    file = getattr(module, "__file__", None) or ""
    if not file.endswith(".py") or module.__spec__.origin == "frozen":
        return True
    return os.path.exists(importlib.util.cache_from_source(file))
" ".join(sorted(name for name, module in list(sys.modules.items()) if not precompiled(module)))
"""
# the standard library's modules imported from the rest the build left out (tools/stdlib_rest.py)
LEFT_OUT = """
import sys
rest = "/lib/python_stdlib_rest-"
" ".join(sorted(name for name, module in list(sys.modules.items())
                if (getattr(module, "__file__", None) or "").startswith(rest)))
"""
PYTHON = "code => thievesTable.python(code)"  # in the table's worker (static/table.js)


def test_what_the_table_loads_is_precompiled_and_precached(page, site_url):
    """Start-up and a game of each kind, halfway and at the end: every module the table
    imports is in the trimmed standard library (tools/stdlib_modules.txt) or app.zip,
    precompiled, and every file the page asks for is in the service
    worker's precache, so it all works offline."""
    asked = set()
    page.on("request", lambda request: asked.add(urlsplit(request.url).path))
    page.goto(site_url + "?botdelay=0")
    page.wait_for_selector(READY, timeout=90_000)
    for game in ("age_of_thieves", "swindler", "crooks"):
        open_link(page, game_link(game, finished=False))
        open_link(page, game_link(game, finished=True))
    left_out = page.evaluate(PYTHON, LEFT_OUT).split()
    assert left_out == [], "left out of the standard library: add them to tools/stdlib_modules.txt"
    compiled_at_start = page.evaluate(PYTHON, COMPILED_AT_START).split()
    assert compiled_at_start == [], "standard library ones: add them to tools/stdlib_modules.txt"
    precached = json.loads(re.search(r"const FILES = (\[.*?\]);",
                                     (SITE / "sw.js").read_text()).group(1))
    assert {path.removeprefix("/") or "./" for path in asked} - {
        name.removeprefix("./") if name != "./" else name for name in precached} == set()


IMPORT = """
try:
    import colorsys
    result = colorsys.__file__
except ModuleNotFoundError as error:
    result = f"{type(error).__name__}: {error}"
result
"""


def test_a_module_the_build_leaves_out_is_fetched_when_imported(browser, site_url):
    """A standard library module the table never imports is not downloaded with the trimmed
    library; imported on a rare path, it comes from the rest (online, past the service worker,
    which does not precache it), or fails saying why."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector(READY, timeout=90_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        assert not page.evaluate(PYTHON, "import sys; 'colorsys' in sys.modules")
        context.set_offline(True)
        offline = page.evaluate(PYTHON, IMPORT)
        assert offline.startswith("ModuleNotFoundError: No module named 'colorsys': the standard"
                                  " library's colorsys is not in this build"), offline
        assert "tools/stdlib_modules.txt" in offline
        context.set_offline(False)
        assert re.fullmatch(r"/lib/python_stdlib_rest-\w+\.zip/colorsys\.py",
                            page.evaluate(PYTHON, IMPORT))
    finally:
        context.close()
