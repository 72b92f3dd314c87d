"""The table's start in its worker: the app's modules, then, once the page sends what the
browser holds, the app over it and its first screen."""

import traceback

from web.base.i18n import _
from web.browser.bridge import measure, now_ms, post
from web.browser.page import Page, frame_in_language
from web.browser.storage import MirrorStorage

BOT_DELAY_MS = 400


class Table:
    """The worker's one table: its page, once the page has sent what starts it."""

    page: Page | None = None

    @classmethod
    def receive(cls, message) -> None:
        """A message of the page's (a JavaScript object; static/table.js)."""
        message = message.to_py()
        if cls.page is not None:
            cls.page.receive(message)
        elif message["kind"] == "start":
            try:
                cls.page = _begin(message)
            except Exception as error:
                _failed(error)


async def load() -> None:
    """The app's modules imported ("start: modules" on the page's timeline); then the page
    is told, and sends the start."""
    try:
        start = now_ms()
        from web.app import App  # noqa: F401 (imported here, while the page waits)

        measure("start: modules", start)
        post("loaded")
    except Exception as error:
        _failed(error)


def _begin(start: dict) -> Page:
    """The app over what the browser holds (``start``: the page's address, time zone,
    languages and storage, whether it is a secure context, and the taps made on its start
    screen), then its first screen."""
    from web.app import App

    began = now_ms()
    kept = start["storage"] is not None
    if kept:
        storage = {area: MirrorStorage(area, items) for area, items in start["storage"].items()}
    else:  # storage switched off (some private modes): play without saving
        from web.keep.saves import MemoryStorage

        storage = {"local": MemoryStorage(), "session": MemoryStorage()}
    app = App(storage["local"], session=storage["session"], base_url=start["base"],
              tz_offset_min=start["tz_offset_min"], languages=start["languages"],
              secure=start.get("secure", True))
    app.boot(start["hash"], start.get("entry"))
    if not kept:
        app.notice = ("error", _("This browser does not let the table keep anything: "
                                 "games are lost when this tab closes."))
    measure("start: app", began)
    began = now_ms()
    page = Page(app, storage, _bot_delay(start["params"]), _bot_think(start["params"]))
    page.carry_out_early_taps(start["taps"])
    page.paint(effects=(frame_in_language(), ["motion", app.settings.motion]))
    measure("start: first screen", began)
    return page


def _failed(error: Exception) -> None:
    """Say on the page's loading line what went wrong at start-up."""
    post("log", level="error", text="".join(traceback.format_exception(error)))
    post("failed", text=str(error))


def _bot_delay(params: dict) -> int:
    """The pause before a bot's move, in ms: ``?botdelay=<ms>`` (0 for tests), else 400."""
    raw = _whole(params.get("botdelay"))
    return BOT_DELAY_MS if raw is None else max(0, min(5000, raw))


def _bot_think(params: dict) -> float | None:
    """A Hard bot's time to think, in seconds: ``?botthink=<ms>`` (tests and benchmarks),
    which the time alone ends, not the playouts; else None (web/play/bots.py's THINK_S)."""
    raw = _whole(params.get("botthink"))
    if raw is None:
        return None
    from web.play import bots

    bots.searching_by_time()
    return max(0, min(60_000, raw)) / 1000


def _whole(raw: str | None) -> int | None:
    try:
        return None if raw is None else int(raw)
    except ValueError:
        return None
