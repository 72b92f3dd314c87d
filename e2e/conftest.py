"""End-to-end fixtures: the built site served on localhost, Debian's Chromium, offline checks."""

import os
import subprocess
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
    """A renderer crash ("Target crashed") gets the test up to three more tries in a fresh page.

    The CI machine once crashed three renderers of one run while they loaded the table (every
    other test, and hundreds of local runs, never did; a later run crashed one start in three,
    see ``pytest_terminal_summary``); a crash is the browser's, not an answer of the page, and a
    fourth one still fails the test. Chromium's output is in the report.
    """
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.flaky(reruns=3, only_rerun=CRASHED))


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


def _machine():
    """What the machine says about memory and crashed processes (for a crash's report)."""
    meminfo = Path("/proc/meminfo").read_text().splitlines()
    wanted = ("MemTotal", "MemAvailable", "Committed_AS", "CommitLimit", "Shmem:")
    lines = [line for line in meminfo if line.startswith(wanted)]
    lines.append("loadavg " + Path("/proc/loadavg").read_text().strip())
    lines.append("overcommit " + Path("/proc/sys/vm/overcommit_memory").read_text().strip())
    try:
        kernel = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError) as error:
        kernel = f"dmesg: {error}"
    signs = ("segfault", "trap", "oom", "killed process", "out of memory")
    lines += [line for line in kernel.splitlines() if any(s in line.lower() for s in signs)][-10:]
    return lines


CRASHES = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and any(sign in str(report.longrepr) for sign in CRASHED):
        CRASHES.append((item.nodeid, report.when, _machine()))
    return report


def pytest_terminal_summary(terminalreporter):
    """Each renderer crash with the machine's memory and kernel lines at that moment."""
    if CRASHES:
        terminalreporter.section(f"{len(CRASHES)} renderer crashes")
        for nodeid, when, machine in CRASHES:
            terminalreporter.line(f"{nodeid} ({when}): " + " | ".join(machine))
