"""The remote table's lock across the tabs of this browser (static/locks.js, imported into the
worker: the Web Locks API, and the seal kept under each lock in IndexedDB): what
web/play/links/'s "hold" and "release" jobs ask of the browser, awaited by the pacing."""

import js

from web.browser.bridge import absent


async def hold(name: str) -> tuple[int, str | None]:
    """Once this tab holds the lock ``name`` (after any other tab that holds it): its ticket
    and the seal kept under it (None: none yet)."""
    ticket, seal = (await js.tableLocks.hold(name)).to_py()
    return int(ticket), None if absent(seal) else str(seal)


async def release(ticket: int, name: str, seal: str | None) -> None:
    """Keep ``seal`` under the lock ``name`` (None: keep the seal there), then let go of the
    lock of ``ticket``."""
    await js.tableLocks.release(ticket, name, seal)


LOCK_JOBS = {"hold": hold, "release": release}
