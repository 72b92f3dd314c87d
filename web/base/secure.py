"""Games played on several devices need a secure context (docs/remote.md, "Only at an https://
address"): the browser has WebCrypto, which makes the keys and signs and checks the links, only
on an https:// page or at http://127.0.0.1 on the device itself. At a plain http:// address
(``make play HOST=0.0.0.0`` for a phone) the table says so where such a game is offered, and
refuses to start or open one with that reason: a genuine link is never called altered there.
Games at one device need none of it."""

from web.base.i18n import N_, _

NEEDS_HTTPS = N_("Games played on several devices need the table at an https:// address, or at "
                 "http://127.0.0.1 on the device itself: at this http:// address the browser "
                 "cannot sign or check their links.")
# what follows it: on the start screen, at a start refused, at a link refused, at a job failed
HERE = N_("Games at this device work here as usual.")
NOT_STARTED = N_("Nothing was started.")
LINK_KEPT = N_("The link is kept in the box below: open it at the table's https:// address.")
NOT_CHANGED = N_("Nothing was changed.")


def told(then: str) -> str:
    """``NEEDS_HTTPS``, then ``then`` (one of the texts above), in the player's language."""
    return f"{_(NEEDS_HTTPS)} {_(then)}"
