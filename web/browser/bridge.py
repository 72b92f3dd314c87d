"""What the table's modules share about the worker they run in (static/worker.mjs): the
messages to the page (static/table.js), JavaScript's null and plain objects, the console."""

import traceback

import js
from pyodide.ffi import to_js

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JavaScript null arrives as None
    jsnull = None


def absent(value) -> bool:
    """True for JavaScript null or undefined."""
    return value is None or value is jsnull


def js_object(fields: dict):
    """``fields`` as a plain JavaScript object (nested lists and dicts alike)."""
    return to_js(fields, dict_converter=js.Object.fromEntries)


def post(kind: str, **fields) -> None:
    """A message to the page: ``kind`` says what it is (static/table.js answers each)."""
    js.postMessage(js_object({"kind": kind, **fields}))


def log_error() -> None:
    """The exception being handled, with its traceback, on the page's console."""
    post("log", level="error", text=traceback.format_exc())


def now_ms() -> float:
    """The time in milliseconds since 1970, as the page's timeline measures it too (each
    side from its own time origin)."""
    return float(js.performance.timeOrigin) + float(js.performance.now())


def measure(name: str, start_ms: float, detail: dict | None = None) -> None:
    """From ``start_ms`` (``now_ms``) until now on the page's performance timeline as
    ``name``, for the developer tools and the benchmarks."""
    post("measure", name=name, start=start_ms, end=now_ms(), detail=detail)
