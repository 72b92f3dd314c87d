"""A new build offers itself with a banner; "Reload" switches the page to it."""

import shutil

import pytest
from tablehelp import READY, SITE, serve


@pytest.fixture
def site_copy(tmp_path):
    """A copy of the built site served on its own port, so a test can change it."""
    root = tmp_path / "site"
    shutil.copytree(SITE, root)
    with serve(root) as url:
        yield root, url


def test_new_build_shows_a_banner_and_reloads_into_it(browser, site_copy):
    root, url = site_copy
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.locator("#update").is_hidden()
    # a new build: the service worker's version changes
    sw = root / "sw.js"
    sw.write_text(sw.read_text().replace('const VERSION = "', 'const VERSION = "new-', 1))
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_selector("#update:not([hidden])", timeout=60_000)
    assert "new version" in page.inner_text("#update")
    with page.expect_navigation(timeout=60_000):
        page.click("#update-reload")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("#update").is_hidden()
    version = page.evaluate("caches.keys()")
    assert any("new-" in key for key in version)
    context.close()
