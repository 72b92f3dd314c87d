"""PyScript entry point: put the app (unpacked by runtime.mjs) on the path and start it."""

import sys

sys.path.insert(0, "/home/pyodide/pkgs")

from web.browser import start  # noqa: E402

start()
