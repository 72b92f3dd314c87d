"""The app starts from the local build with no request to any other host, and offline; the
tests' own tools (axe-core) are not in it."""

from tablehelp import READY, SITE, external


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
