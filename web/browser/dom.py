"""What the page's modules share about JavaScript: its null, its plain objects, its console."""

import traceback

from pyodide.ffi import to_js
from pyscript import window

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JavaScript null arrives as None
    jsnull = None


def absent(value) -> bool:
    """True for JavaScript null or undefined."""
    return value is None or value is jsnull


def js_object(fields: dict):
    """``fields`` as a plain JavaScript object (the options of a call into the page)."""
    return to_js(fields, dict_converter=window.Object.fromEntries)


def log_error() -> None:
    """The exception being handled, with its traceback, on the browser's console."""
    window.console.error(traceback.format_exc())
