"""The table's start: the app over what this browser keeps, the page, its first screen."""

import asyncio
import contextlib
import traceback

from pyscript import document, window

from web.browser.dom import absent, js_object
from web.browser.page import Page, frame_in_language
from web.browser.storage import WebStorage
from web.i18n import _

BOT_DELAY_MS = 400


async def start() -> None:
    try:
        await _boot()
    except Exception as error:
        window.console.error("".join(traceback.format_exception(error)))
        _loading(f"could not start: {error}")


async def _boot() -> None:
    """The table's start in steps, each a task of the browser's own with its turn between
    them (a tap on the page waits for one step at most), measured on the page's performance
    timeline ("start: ..."): the app's modules, the app over what this browser keeps, the
    first screen."""
    with _measured("start: modules"):
        from web.app import App
    await asyncio.sleep(0)
    with _measured("start: app"):
        base = str(window.location.origin) + str(window.location.pathname)
        try:
            storage = WebStorage(window.localStorage)
            session = WebStorage(window.sessionStorage)
            storage.keys()
            kept = True
        except Exception:  # storage switched off (some private modes): play without saving
            from web.saves import MemoryStorage

            storage, session, kept = MemoryStorage(), MemoryStorage(), False
        app = App(storage, session=session, base_url=base,
                  tz_offset_min=int(window.Date.new().getTimezoneOffset()),
                  languages=[str(tag) for tag in window.navigator.languages])
        app.boot(str(window.location.hash))
        if not kept:
            app.notice = ("error", _("This browser does not let the table keep anything: "
                                     "games are lost when this tab closes."))
    await asyncio.sleep(0)
    with _measured("start: first screen"):
        frame_in_language()
        document.documentElement.dataset.motion = app.settings.motion
        page = Page(app, document.getElementById("app"), _bot_delay(), _bot_think())
        page.carry_out_early_taps()
        page.listen()
        page.paint()
    document.documentElement.dataset.ready = "true"


@contextlib.contextmanager
def _measured(name: str):
    """What runs inside, on the page's performance timeline as ``name``."""
    start = float(window.performance.now())
    yield
    window.performance.measure(name, js_object({"start": start}))


def _loading(text: str) -> None:
    """Say on the loading screen what went wrong at start-up (static/index.html shows the
    steps until then)."""
    line = document.getElementById("loading-text")
    if not absent(line):
        line.textContent = text


def _bot_delay() -> int:
    """The pause before a bot's move, in ms: ``?botdelay=<ms>`` (0 for tests), else 400."""
    raw = _param("botdelay")
    return BOT_DELAY_MS if raw is None else max(0, min(5000, raw))


def _bot_think() -> float | None:
    """A Hard bot's time to think, in seconds: ``?botthink=<ms>`` (tests and benchmarks),
    which the time alone ends, not the playouts; else None (web/bots.py's THINK_S)."""
    raw = _param("botthink")
    if raw is None:
        return None
    from web import bots

    bots.SEARCH["playouts"] = 1_000_000
    return max(0, min(60_000, raw)) / 1000


def _param(name: str) -> int | None:
    """The whole number the page's URL gives for ``name``, or None."""
    raw = window.URLSearchParams.new(window.location.search).get(name)
    try:
        return None if absent(raw) else int(str(raw))
    except ValueError:
        return None
