"""The table's side of the page, in a worker of its own (static/worker.mjs): the only package
that knows it runs in a browser.

static/worker.mjs awaits ``load()``, then hands it every message of the page's
(static/table.js) through ``receive``. Its modules, by job: ``boot`` (the start: the app over
what the browser holds, ``storage``), ``page`` (the person's taps in, the app's screens out),
``pacing`` (when the bots move and the remote table's jobs run, between the page's messages),
``keys`` (the remote table's keys in WebCrypto), ``locks`` (its lock across the tabs) and
``bridge`` (the messages to the page, and what they share about JavaScript).
"""

from web.browser.boot import Table, load

receive = Table.receive

__all__ = ["load", "receive"]
