"""End-to-end fixtures: the built site served on localhost, Debian's Chromium, offline checks."""

import pytest
from tablehelp import (  # noqa: F401 (shared with the tests)
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    SITE,
    external,
    serve,
)


@pytest.fixture(scope="session")
def site_url():
    if not (SITE / "index.html").exists():
        pytest.fail("build/site is missing: run `make site` first")
    with serve(SITE) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def requests_seen(page):
    """Every URL the page requests; a test fails on any request that leaves localhost."""
    seen = []
    page.on("request", lambda request: seen.append(request.url))
    return seen
