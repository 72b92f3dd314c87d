"""PyScript entry point: put the unpacked wheels on the path and start the app."""

import sys

sys.path.insert(0, "/home/pyodide/pkgs")

from web.browser import start  # noqa: E402

start()
