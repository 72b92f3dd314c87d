"""Glue between the page (PyScript) and the app: the only package that touches the DOM.

static/index.html awaits ``start()``. Its modules, by job: ``boot`` (the start, the app over
the browser's storage: ``storage``), ``page`` (the person's events in, the app's HTML out, the
focus, the app's effects), ``pacing`` (when the bots move and the remote table's jobs run, with
the browser's turn between), ``keys`` (the remote table's keys in WebCrypto) and ``dom`` (what
they share about JavaScript).
"""

from web.browser.boot import start

__all__ = ["start"]
