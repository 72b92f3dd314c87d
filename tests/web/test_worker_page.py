"""The table's worker side of the page (web/browser/), in CPython with the browser's modules
stubbed: a tap is read only against the screen it was made on, and the storage copy refuses
what the browser would, follows the page's storage and sends every write to it."""

import importlib
import sys
import types

import pytest

from web.keep.saves import StorageFull


@pytest.fixture
def worker(monkeypatch):
    """web.browser's modules over a stub of the worker's JavaScript; yields the messages the
    worker posts to the page, and the modules."""
    posted = []
    js = types.ModuleType("js")
    js.postMessage = posted.append
    js.Object = types.SimpleNamespace(fromEntries=dict)
    js.performance = types.SimpleNamespace(timeOrigin=0.0, now=lambda: 0.0)
    js.timers = []
    js.setTimeout = lambda fn, ms: js.timers.append(fn)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.to_js = lambda value, dict_converter=None: value
    ffi.create_proxy = ffi.create_once_callable = lambda fn: fn
    ffi.JsException = Exception
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in [n for n in sys.modules if n.startswith("web.browser")]:
        monkeypatch.delitem(sys.modules, name)
    modules = types.SimpleNamespace(page=importlib.import_module("web.browser.page"),
                                    storage=importlib.import_module("web.browser.storage"))
    yield posted, modules
    for name in [n for n in sys.modules if n.startswith("web.browser")]:
        del sys.modules[name]


def started(worker, taps=()):
    """A table started as the page starts it, with the taps made on its start screen."""
    posted, modules = worker
    from web.app import App

    storage = {area: modules.storage.MirrorStorage(area, {}) for area in ("local", "session")}
    app = App(storage["local"], session=storage["session"], seed_source=lambda: 7)
    app.boot("")
    page = modules.page.Page(app, storage, bot_delay_ms=0)
    page.carry_out_early_taps(list(taps))
    page.paint()
    return page


def paints(posted):
    return [m for m in posted if m["kind"] == "paint"]


def test_a_tap_is_read_only_against_the_screen_it_was_made_on(worker):
    posted, _modules = worker
    page = started(worker)
    assert [m["paint"] for m in paints(posted)] == [1]
    # a tap on the start screen the page drew before Python counts as made on the first
    page.receive({"kind": "taps", "taps": [["setup-players", 3]], "paint": 0, "repaint": True})
    assert page.app.start.players == 3 and paints(posted)[-1]["paint"] == 2
    # one made on screen 1, which the page has since replaced by 2, is dropped unread
    page.receive({"kind": "taps", "taps": [["setup-players", 4]], "paint": 1, "repaint": True})
    assert page.app.start.players == 3 and len(paints(posted)) == 2
    page.receive({"kind": "taps", "taps": [["setup-players", 4]], "paint": 2, "repaint": True})
    assert page.app.start.players == 4 and paints(posted)[-1]["paint"] == 3
    # a screen redrawn only for the person's own change of a field: taps on the one before it
    # are still read (they come after the change, in order)
    page.receive({"kind": "taps", "taps": [["setup-kind", {"arg": 1, "value": "normal"}]],
                  "paint": 3, "repaint": False})
    page.receive({"kind": "paint"})
    page.receive({"kind": "taps", "taps": [["setup-players", 2]], "paint": 3, "repaint": True})
    assert page.app.start.players == 2 and paints(posted)[-1]["paint"] == 5
    page.receive({"kind": "taps", "taps": [["setup-players", 3]], "paint": 4, "repaint": True})
    assert page.app.start.players == 2 and len(paints(posted)) == 5
    # the replay's keys alike, and only on the replay screen
    page.receive({"kind": "replay-key", "step": 1, "paint": 5})
    assert len(paints(posted)) == 5
    # once the messages waiting are answered, the chosen game's first needs are imported
    timers = sys.modules["js"].timers
    assert len(timers) == 5
    for ahead in timers:
        ahead()
    assert "engine.age_of_thieves.rules" in sys.modules and "web.games.aot.render" in sys.modules
    assert not [m for m in posted if m["kind"] in ("toast", "log")]  # nothing went wrong


def test_the_start_screens_taps_come_first_and_the_screen_says_what_it_is(worker):
    posted, _modules = worker
    started(worker, taps=[["setup-players", 4], ["language", "de"]])
    first = paints(posted)[0]
    assert first["change"] == "first" and first["screen"] == "start"
    frame = next(effect[1] for effect in first["effects"] if effect[0] == "frame")
    assert frame == {"lang": "de", "title": "Tisch der Diebe", "update": frame["update"],
                     "reload": frame["reload"]}
    assert 'id="players-4"' in first["html"]


def test_the_storage_copy_refuses_what_the_browser_would_and_sends_each_write(worker,
                                                                             monkeypatch):
    posted, modules = worker
    monkeypatch.setattr(modules.storage, "QUOTA", 20)
    kept = modules.storage.MirrorStorage("local", {"a": "12345"})  # 6 of 20
    kept.set("b", "é" * 8)  # 9 more: accented letters are one code unit each
    with pytest.raises(StorageFull):
        kept.set("c", "\U0001f600" * 3)  # 7 more: each emoji is two
    assert kept.keys() == ["a", "b"] and kept.used == 15
    kept.set("a", "")  # room again
    kept.set("c", "\U0001f600" * 3)
    kept.remove("b")
    assert [(m["key"], m["value"]) for m in posted if m["kind"] == "store"] == [
        ("b", "é" * 8), ("a", ""), ("c", "\U0001f600" * 3), ("b", None)]
    assert kept.used == 1 + 7


def test_the_copy_follows_the_page_and_takes_back_a_write_the_browser_refused(worker):
    posted, _modules = worker
    page = started(worker)
    local = page.storage["local"]
    page.receive({"kind": "storage", "key": "x", "value": "from another tab", "items": None})
    assert local.get("x") == "from another tab" and paints(posted)[-1]["paint"] == 2
    page.receive({"kind": "storage", "key": None, "value": None, "items": {"y": "1"}})
    assert local.keys() == ["y"]
    local.set("z", "mine")
    page.receive({"kind": "refused", "area": "local", "key": "z", "value": None})
    assert local.get("z") is None and local.quota == local.used == 2
    assert posted[-1] == {"kind": "toast", "text": "This browser's storage is full: the last "
                                                    "change was not kept."}
    with pytest.raises(StorageFull):  # the browser keeps no more: the copy refuses at once
        local.set("z", "mine")
    local.set("y", "2")  # a change that needs no more room is still made
