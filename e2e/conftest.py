"""End-to-end fixtures: the built site served on localhost, Debian's Chromium, offline checks."""

import os
from pathlib import Path

import pytest
from tablehelp import (  # noqa: F401 (shared with the tests)
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    SITE,
    external,
    serve,
)

# Chromium's own output (a crashed renderer's last words) in the report of a failing test
os.environ.setdefault("DEBUG", "pw:browser")


CRASHED = ["Target crashed", "Page crashed"]


def pytest_collection_modifyitems(items):
    """A renderer crash ("Target crashed") gets the test one more try in a fresh page.

    The CI machine once crashed three renderers of one run while they loaded the table (every
    other test, and hundreds of local runs, never did); a crash is the browser's, not an answer
    of the page, and a second one still fails the test. Chromium's output is in the report.
    """
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHED))


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
