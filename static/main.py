"""PyScript entry point: start the app (runtime.mjs has put it on Python's path)."""

from web.browser import start

start()
