"""The app starts from the local build with no request to any other host, and offline."""

from tablehelp import READY, external


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
    context.close()
