"""Glue between the page (PyScript) and the app: the only module that touches the DOM.

One delegated listener on #app reads ``data-ev``/``data-arg`` (JSON) from the element the player
used and calls ``App.handle``; then the app's HTML replaces the contents of #app (only the
regions that changed when the rest of the screen is the same: web/regions.py). Inputs and
selects send ``{"arg": <data-arg>, "value": <value>}`` when they change. Bots move after a
pause (``?botdelay=<ms>`` in the URL changes it, 0 for tests), once what moved on the screen
has arrived; a Hard bot thinks meanwhile, in slices with the browser's turn between them
(``?botthink=<ms>``: this long, whatever its playouts). Around each replacement
static/motion.js moves the pieces that changed places (docs/motion.md); on the replay screen
the arrow keys, Home and End step through the game.
"""

import asyncio
import contextlib
import json
import time
import traceback
from functools import partial

from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document, window

from web import i18n, regions
from web.i18n import _

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide: JavaScript null arrives as None
    jsnull = None

BOT_DELAY_MS = 400
FOCUSABLE = ("button:not([disabled]), input, select, textarea, a[href], "
             "[tabindex]:not([tabindex='-1'])")
NEXT_DECISION = (".decision :is(button:not([disabled]), input, select, "
                 "[tabindex]:not([tabindex='-1']))")
FAST_BUDGET_S = 0.15  # with no pause, bots play for this long between two repaints
SLICE_S = 0.02  # a bot thinks this long before the browser gets a turn: a click waits less
                # than 100 ms for an answer, the search loses little to the yields
REPLAY_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": "first", "End": "last"}
TYPING = ("INPUT", "SELECT", "TEXTAREA")


def absent(value) -> bool:
    """True for JavaScript null or undefined."""
    return value is None or value is jsnull


class WebStorage:
    """The app's storage interface over window.localStorage or window.sessionStorage."""

    def __init__(self, js_storage):
        self.js = js_storage

    def get(self, key):
        value = self.js.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key, value):
        from web.saves import StorageFull

        try:
            self.js.setItem(key, value)
        except JsException as error:
            raise StorageFull(str(error)) from None

    def remove(self, key):
        self.js.removeItem(key)

    def keys(self):
        return [str(self.js.key(i)) for i in range(int(self.js.length))]


class Page:
    def __init__(self, app, root, bot_delay_ms: int, think_s: float | None = None):
        self.app = app
        self.root = root
        self.bot_delay_ms = bot_delay_ms
        self.think_s = think_s  # a Hard bot's time to think (None: web/bots.py's THINK_S)
        self.thinking = None  # the bot decision being worked out (web/bots.py)
        self.play_at = 0.0  # the clock when the bot's pause before that decision is over
        self.channel = None  # the MessageChannel that brings the next slice of thinking
        self.slice_fn = None
        self.input_seen = False  # a click, key or touch since the last slice of thinking
        self.pointer_down = False
        self.paint_pending = False
        self.painted_key = None
        self.paints = 0
        self.shown = None  # the screen on the page, split into regions
        self.motion_ms = 0  # how long the pieces moved by the last repaint take to arrive
        self.scene = None  # the screen and game painted last (pieces move only within one)
        self.proxies = []

    # --- events ------------------------------------------------------------------------
    def listen(self) -> None:
        for kind, fn in (("click", self.on_click), ("change", self.on_change),
                         ("keydown", self.on_keydown), ("pointerdown", self.on_pointerdown)):
            proxy = create_proxy(fn)
            self.proxies.append(proxy)
            self.root.addEventListener(kind, proxy)
        for kind, fn in (("pointerup", self.on_pointerup), ("hashchange", self.on_hashchange),
                         ("storage", self.on_storage), ("resize", self.keep_decision_room)):
            proxy = create_proxy(fn)
            self.proxies.append(proxy)
            window.addEventListener(kind, proxy)
        # on the document: the replay's keys work wherever the focus is (the body included)
        proxy = create_proxy(self.on_replay_key)
        self.proxies.append(proxy)
        document.addEventListener("keydown", proxy)

    def on_click(self, event) -> None:
        self.input_seen = True
        el = event.target.closest("[data-ev]") if hasattr(event.target, "closest") else None
        if absent(el) or not self.root.contains(el) or getattr(el, "disabled", False):
            return
        if str(el.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return  # these report through "change"
        event.preventDefault()
        self.dispatch(str(_data(el, "ev")), self.arg_of(el))
        self.paint()

    def on_change(self, event) -> None:
        el = event.target
        if absent(_data(el, "ev")):
            return
        value = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
        self.dispatch(str(_data(el, "ev")), {"arg": self.arg_of(el), "value": value})
        # repaint later: repainting now would replace the button a pointer is pressing
        self.paint_pending = True
        window.setTimeout(create_once_callable(self.paint_if_pending), 0)

    def on_keydown(self, event) -> None:
        self.input_seen = True
        el = event.target
        key = str(event.key)
        if key not in ("Enter", " "):
            return
        enter = _data(el, "enter")
        if key == "Enter" and not absent(enter):
            # a text box with a button: Enter reports the text, then presses the button
            event.preventDefault()
            name = _data(el, "ev")
            if name is not None:
                self.dispatch(name, {"arg": self.arg_of(el), "value": str(el.value)})
            self.dispatch(str(enter), None)
            self.paint()
        elif not absent(_data(el, "ev")) and str(el.tagName) not in (
                "BUTTON", "A", "INPUT", "SELECT", "TEXTAREA"):
            event.preventDefault()
            self.dispatch(str(_data(el, "ev")), self.arg_of(el))
            self.paint()

    def on_replay_key(self, event) -> None:
        """ArrowLeft/ArrowRight: one decision back/on in the replay; Home/End: its start/end
        (not while typing in a field, nor with a modifier key)."""
        step = REPLAY_KEYS.get(str(event.key))
        if step is None or self.app.screen != "replay" or event.defaultPrevented \
                or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
            return
        el = event.target
        if hasattr(el, "tagName") and (str(el.tagName) in TYPING or el.isContentEditable):
            return
        event.preventDefault()
        self.dispatch("replay-step", step)
        self.paint()

    def on_pointerdown(self, event) -> None:
        self.pointer_down = self.input_seen = True

    def on_pointerup(self, event) -> None:
        self.pointer_down = False
        if self.paint_pending:
            window.setTimeout(create_once_callable(self.paint_if_pending), 0)

    def on_hashchange(self, event) -> None:
        fragment = str(window.location.hash)
        if fragment.startswith(("#g=", "#r=")):
            self.dispatch_call(lambda: self.app.open_link(fragment))
            self.paint()

    def on_storage(self, event) -> None:
        """Another tab of this site changed the browser's storage."""
        key = None if absent(event.key) else str(event.key)
        self.dispatch_call(lambda: self.app.storage_changed(key))
        self.paint()

    @staticmethod
    def arg_of(el):
        raw = _data(el, "arg")
        if absent(raw):
            return None
        try:
            return json.loads(str(raw))
        except ValueError:
            return str(raw)

    def carry_out_early_taps(self) -> None:
        """The taps made on the start screen drawn before Python ran (static/prestart.js), in
        order, as long as the app shows a screen that page could show: the app then shows
        what the page showed, and a tap that asked for more (a game started, a link opened)
        is carried out."""
        early = getattr(window, "thievesPrestart", None)
        if absent(early):
            return
        for name, arg in json.loads(str(early.take())):
            if self.app.screen not in ("start", "help"):
                break
            self.dispatch(str(name), arg)

    def dispatch(self, name: str, arg) -> None:
        self.dispatch_call(lambda: self.app.handle(name, arg))

    def dispatch_call(self, fn) -> None:
        try:
            fn()
        except Exception as error:  # keep the table usable and say what went wrong
            window.console.error(traceback.format_exc())
            self.toast(_("Something went wrong: {reason}").format(reason=error))

    # --- painting ------------------------------------------------------------------------
    def paint_if_pending(self, *_event) -> None:
        if self.paint_pending and not self.pointer_down:
            self.paint()

    def paint(self, by_person: bool = True) -> None:
        """Draw the app's screen; ``by_person``: after the person's own event (not a bot's
        move), so that a decision made by a tap on the board brings the focus to the next."""
        self.paint_pending = False
        active = document.activeElement
        before = None
        if not absent(active) and self.root.contains(active) and active != self.root:
            controls = list(self.root.querySelectorAll(FOCUSABLE))
            place = next((i for i, el in enumerate(controls) if el == active), None)
            before = (str(active.id or ""), _data(active, "ev"), _data(active, "arg"), place)
        asked = not absent(self.root.querySelector(NEXT_DECISION))
        try:
            html = self.app.render()
        except Exception as error:
            window.console.error(traceback.format_exc())
            html = ('<p class="notice error" role="alert">This screen could not be drawn: '
                    f'{_esc(error)}</p><button type="button" data-ev="nav" '
                    'data-arg="&quot;start&quot;">Back to the menu</button>')
        key = self.app.screen_key()
        # on the same screen of the same game what changed places moves there; a new screen
        # just appears
        scene = (self.app.screen, id(self.app.match))
        motion = _motion()
        if motion is not None:
            motion.before(self.root)
        self.replace(html)
        self.motion_ms = 0
        if motion is not None:
            try:
                self.motion_ms = float(motion.after(self.root, scene == self.scene))
            except JsException:
                window.console.error(traceback.format_exc())
        self.scene = scene
        self.paints += 1
        self.root.setAttribute("data-paints", str(self.paints))  # lets tests wait for a repaint
        self.keep_decision_room()
        target = self.app.take_focus()
        if target:
            self.focus(self.root.querySelector(target), scroll=True)
        elif key != self.painted_key and self.painted_key is not None:
            window.scrollTo(0, 0)
            for selector in ("[data-autofocus]", "#screen-title", "h2"):
                el = self.root.querySelector(selector)
                if not absent(el):
                    self.focus(el, scroll=False)
                    break
        elif not asked and not absent(self.root.querySelector(NEXT_DECISION)) \
                and str(getattr(document.activeElement, "tagName", "")) not in TYPING:
            # the same screen, the person's turn again (bots played): to their decision
            self.focus(self.root.querySelector(NEXT_DECISION), scroll=False)
        elif before is not None and not active.isConnected or before is None and by_person:
            # the same screen: the focus stays on the control, else goes to the next
            # decision, and the page does not move
            self.focus(self.find(before), scroll=False)
        if key == self.painted_key:
            self.show_decision()
        if not target:
            _reveal_named()
        self.painted_key = key
        for kind, value in self.app.take_effects():
            self.effect(kind, value)
        for job in self.app.take_jobs():
            if job.kind == "think":
                self.yield_then(partial(self.think_job, job))
            else:
                asyncio.ensure_future(self.run_job(job))
        self.schedule_bot()

    async def run_job(self, job) -> None:
        """A remote game's signing or checking (web/linkplay.py's Job), then a repaint."""
        try:
            result = await KEY_JOBS[job.kind](*job.args)
        except Exception as error:  # no Ed25519 here, or the key store refused
            window.console.error(traceback.format_exc())
            reason = str(error)
            self.dispatch_call(lambda: self.app.job_failed(reason))
        else:
            self.dispatch_call(lambda: job.then(result))
        self.paint(by_person=False)

    def think_job(self, job) -> None:
        """A remote game's Hard bot on the host's device (web/linkplay.py): its search a slice
        at a time with the browser's turn between, then its decision and a repaint."""
        thinking = job.args[0]
        if not thinking.work(time.perf_counter() + SLICE_S, self.think_s):
            self.yield_then(partial(self.think_job, job))
            return
        _measure_thought(thinking)
        self.dispatch_call(lambda: job.then(thinking.action()))
        self.paint(by_person=False)

    def replace(self, html: str) -> None:
        """Put the screen on the page: only the changed regions when the rest is the same."""
        shown, self.shown = self.shown, regions.split(html)
        update = regions.changed(shown, self.shown)
        for name, part in update or ():
            el = self.root.querySelector(f'[data-region="{name}"]')
            if absent(el):
                update = None
                break
            el.outerHTML = part
        if update is None:
            self.root.innerHTML = html

    def find(self, before):
        """The control matching the one focused before the repaint (None: nothing was): the
        same id, else the same event and argument, else the first option of the decision now
        asked, else the control now at the same place in the tab order."""
        ident, ev, arg, place = before or ("", None, None, None)
        found = self.find_same(ident, ev, arg)
        if found is None:
            found = self.root.querySelector(NEXT_DECISION)
            found = None if absent(found) else found
        if found is None and place is not None:
            controls = list(self.root.querySelectorAll(FOCUSABLE))
            if controls:
                found = controls[min(place, len(controls) - 1)]
        return found

    def find_same(self, ident, ev, arg):
        if ident:
            el = document.getElementById(ident)
            if not absent(el):
                return el
        if ev is None:
            return None
        for el in self.root.querySelectorAll("[data-ev]"):
            if _data(el, "ev") == ev and _data(el, "arg") == arg:
                return el
        return None

    @staticmethod
    def focus(el, scroll: bool) -> None:
        if absent(el):
            return
        el.focus(to_js({"preventScroll": not scroll}, dict_converter=window.Object.fromEntries))
        if str(el.tagName) == "INPUT" and el.readOnly:
            el.select()  # a link box: ready to copy

    def effect(self, kind: str, value) -> None:
        if kind == "copy":
            def copied(_result):
                self.toast(_("Link copied."))

            def failed(_error):
                self.toast(_("Copy the link from the box."))
            try:
                window.navigator.clipboard.writeText(value).then(
                    create_once_callable(copied), create_once_callable(failed))
            except Exception:
                failed(None)
        elif kind == "hash":
            path = str(window.location.pathname) + str(window.location.search)
            window.history.replaceState(None, "", path + (value or ""))
        elif kind == "toast":
            self.toast(value)
        elif kind == "language":
            frame_in_language()
        elif kind == "motion":
            document.documentElement.dataset.motion = value
            motion = _motion()
            if motion is not None and value == "off":
                motion.settle()

    def toast(self, text: str) -> None:
        box = document.getElementById("toast")
        if absent(box):
            return
        box.textContent = text
        box.classList.add("show")

        def hide(*_event):
            box.classList.remove("show")
        window.setTimeout(create_once_callable(hide), 3000)

    # --- bots ------------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        """After a paint: the bot due next starts thinking once the browser has had its turn
        (the frame painted first, after a person's input); the pause before its move (longer
        while a person could play a card out of turn, or take back a decision) runs
        meanwhile."""
        if self.thinking is not None and self.app.bot_current(self.thinking):
            return
        self.thinking = None
        if self.app.pending_bot() is not None:
            delay = self.bot_delay_ms * self.app.bot_pause()
            if self.bot_delay_ms > 0:
                delay += self.motion_ms  # the table sees the last move arrive first
            self.play_at = time.perf_counter() + delay / 1000
            self.yield_then(self.begin_thinking)

    def begin_thinking(self) -> None:
        if self.thinking is not None:
            return
        try:
            self.thinking = self.app.bot_thinking()
        except Exception as error:
            self.bot_failed(error)
            return
        if self.thinking is not None:
            self.think(self.thinking)

    def think(self, thinking, *_event) -> None:
        """A slice of the bot's thinking, then the browser's turn (a click, a repaint), then
        the next slice, until the bot decides and its pause is over. A decision the game has
        moved away from (an undo, a person's move, another game or screen) is dropped."""
        if thinking is not self.thinking:
            return  # dropped meanwhile
        if not self.app.bot_current(thinking):
            self.schedule_bot()
            return
        try:
            searching = thinking.searching
            if not thinking.work(time.perf_counter() + SLICE_S, self.think_s):
                self.yield_then(partial(self.think, thinking))
                return
            if searching:
                _measure_thought(thinking)
            wait = self.play_at - time.perf_counter()
            if wait > 0:
                window.setTimeout(create_once_callable(partial(self.think, thinking)),
                                  wait * 1000)
                return
            self.thinking = None
            self.app.bot_play(thinking)
            if self.bot_delay_ms == 0:
                self.play_on_quickly(time.perf_counter() + FAST_BUDGET_S)
        except Exception as error:
            self.bot_failed(error)
            return
        self.paint(by_person=False)

    def bot_failed(self, error: Exception) -> None:
        """A fault of ours around a bot: say so, keep the table usable (the next paint asks
        the bot again)."""
        self.thinking = None
        window.console.error(traceback.format_exc())
        self.toast(_("A bot could not move: {reason}").format(reason=error))

    def play_on_quickly(self, until: float) -> None:
        """With no pause (``?botdelay=0``), bots that decide at once play on for a while
        before the next repaint; one that searches thinks in slices, after the repaint."""
        while time.perf_counter() < until:
            thinking = self.app.bot_thinking()
            if thinking is None:
                return
            if thinking.searching:
                self.thinking, self.play_at = thinking, time.perf_counter()
                self.yield_then(partial(self.think, thinking))
                return
            self.app.bot_play(thinking)

    def yield_then(self, fn) -> None:
        """Call ``fn`` as soon as the browser has had its turn: a message the page sends
        itself, which, unlike a chain of ``setTimeout(0)``, is not held back 4 ms each time;
        after a person's input, once the next frame is painted (between messages the browser
        handles input at once but paints late). One message at a time: a later ``fn``
        replaces one still waiting."""
        if self.channel is None:
            self.channel = window.MessageChannel.new()
            proxy = create_proxy(self.next_slice)
            self.proxies.append(proxy)
            self.channel.port1.onmessage = proxy
        waiting, self.slice_fn = self.slice_fn is not None, fn
        if not waiting:
            self.channel.port2.postMessage(None)

    def next_slice(self, *_event) -> None:
        if self.input_seen:  # a person's input came first: its answer is painted first
            self.input_seen = False
            window.requestAnimationFrame(create_once_callable(
                lambda *_event: self.channel.port2.postMessage(None)))
            return
        fn, self.slice_fn = self.slice_fn, None
        if fn is not None:
            fn()

    def show_decision(self) -> None:
        """A decision now asked whose options are all off the screen (a wide screen scrolled
        down the board) comes into view; one partly in view stays where it is, and so does the
        notice while it has the focus (a refused link's reason)."""
        options = self.root.querySelector(NEXT_DECISION)
        if absent(options) or str(getattr(document.activeElement, "id", "")) == "notice":
            return
        box = options.getBoundingClientRect()
        if box.bottom < 0 or box.top > window.innerHeight:
            self.root.querySelector(".decision").scrollIntoView(
                to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))

    def keep_decision_room(self, *_event) -> None:
        """On a phone the decision is fixed at the foot of the screen (static/styles.css):
        the page keeps as much room below the game, so nothing stays covered."""
        el = self.root.querySelector(".decision")
        fixed = not absent(el) and str(window.getComputedStyle(el).position) == "fixed"
        height = f"{el.getBoundingClientRect().height}px" if fixed else "0px"
        document.documentElement.style.setProperty("--decision-h", height)


# --- keys (static/keys.js: Ed25519 in WebCrypto, the private keys kept in IndexedDB) ----------
def _bytes(value) -> bytes:
    return bytes(value.to_py())


def _js_bytes(data: bytes):
    return window.Uint8Array.new(to_js(list(data)))


async def make_key(name: str) -> bytes:
    """A new key pair named ``name``, its private key not extractable; its raw public key."""
    return _bytes(await window.tableKeys.make(name))


async def sign(name: str, digest: bytes) -> bytes:
    """The Ed25519 signature of ``digest`` by the key named ``name``."""
    return _bytes(await window.tableKeys.sign(name, _js_bytes(digest)))


async def verify(checks: list) -> list[bool]:
    """For each (public key, digest, signature): does the signature hold?"""
    found = await window.tableKeys.verify(to_js(
        [[_js_bytes(part) for part in check] for check in checks]))
    return [bool(good) for good in found]


async def invitation() -> tuple[bytes, bytes]:
    """A new invitation key: its private key (the invitation's secret) and public key."""
    both = _bytes(await window.tableKeys.invitation())
    return both[:32], both[32:]


async def prove(secret: bytes, digest: bytes) -> bytes:
    """The signature of ``digest`` by the invitation key whose private key is ``secret``."""
    return _bytes(await window.tableKeys.prove(_js_bytes(secret), _js_bytes(digest)))


KEY_JOBS = {"key": make_key, "sign": sign, "verify": verify, "invitation": invitation,
            "prove": prove}


def _data(el, name: str):
    """The element's ``data-<name>`` attribute, or None."""
    if not hasattr(el, "getAttribute"):
        return None
    value = el.getAttribute("data-" + name)
    return None if absent(value) else str(value)


def _motion():
    """static/motion.js's ``tableMotion`` (before, after, settle), or None if it is missing."""
    motion = getattr(window, "tableMotion", None)
    return None if absent(motion) else motion


def _reveal_named() -> None:
    """On a phone, what a newly asked decision names comes into view above its sheet
    (static/pointing.js)."""
    pointing = getattr(window, "tablePointing", None)
    if not absent(pointing):
        pointing.reveal()


def _measure_thought(thinking) -> None:
    """The search's time and playouts on the page's performance timeline ("bot thought"),
    for the developer tools and bench/browser_bots.py."""
    end = float(window.performance.now())
    detail = {"seat": thinking.seat, "playouts": thinking.playouts,
              "candidates": thinking.candidates}
    window.performance.measure("bot thought", to_js(
        {"start": end - thinking.seconds * 1000, "end": end, "detail": detail},
        dict_converter=window.Object.fromEntries))


def _esc(value) -> str:
    import html

    return html.escape(str(value))


def _loading(text: str) -> None:
    """Say on the loading screen what went wrong at start-up (static/index.html shows the
    steps until then)."""
    line = document.getElementById("loading-text")
    if not absent(line):
        line.textContent = text


def _bot_delay() -> int:
    """The pause before a bot's move, in ms: ``?botdelay=<ms>`` (0 for tests), else 400."""
    raw = _param("botdelay")
    return BOT_DELAY_MS if raw is None else max(0, min(5000, raw))


def _bot_think() -> float | None:
    """A Hard bot's time to think, in seconds: ``?botthink=<ms>`` (tests and benchmarks),
    which the time alone ends, not the playouts; else None (web/bots.py's THINK_S)."""
    raw = _param("botthink")
    if raw is None:
        return None
    from web import bots

    bots.SEARCH["playouts"] = 1_000_000
    return max(0, min(60_000, raw)) / 1000


def _param(name: str) -> int | None:
    """The whole number the page's URL gives for ``name``, or None."""
    raw = window.URLSearchParams.new(window.location.search).get(name)
    try:
        return None if absent(raw) else int(str(raw))
    except ValueError:
        return None


async def _boot() -> None:
    """The table's start in steps, each a task of the browser's own with its turn between
    them (a tap on the page waits for one step at most), measured on the page's performance
    timeline ("start: ..."): the app's modules, the app over what this browser keeps, the
    first screen."""
    with _measured("start: modules"):
        from web.app import App
    await asyncio.sleep(0)
    with _measured("start: app"):
        base = str(window.location.origin) + str(window.location.pathname)
        try:
            storage = WebStorage(window.localStorage)
            session = WebStorage(window.sessionStorage)
            storage.keys()
            kept = True
        except Exception:  # storage switched off (some private modes): play without saving
            from web.saves import MemoryStorage

            storage, session, kept = MemoryStorage(), MemoryStorage(), False
        app = App(storage, session=session, base_url=base,
                  tz_offset_min=int(window.Date.new().getTimezoneOffset()),
                  languages=[str(tag) for tag in window.navigator.languages])
        app.boot(str(window.location.hash))
        if not kept:
            app.notice = ("error", _("This browser does not let the table keep anything: "
                                     "games are lost when this tab closes."))
    await asyncio.sleep(0)
    with _measured("start: first screen"):
        frame_in_language()
        document.documentElement.dataset.motion = app.motion
        page = Page(app, document.getElementById("app"), _bot_delay(), _bot_think())
        page.carry_out_early_taps()
        page.listen()
        page.paint()
    document.documentElement.dataset.ready = "true"


@contextlib.contextmanager
def _measured(name: str):
    """What runs inside, on the page's performance timeline as ``name``."""
    start = float(window.performance.now())
    yield
    window.performance.measure(name, to_js({"start": start},
                                           dict_converter=window.Object.fromEntries))


def frame_in_language() -> None:
    """The page's own texts around the app (static/index.html: its title, heading and update
    notice) and ``<html lang>`` in the active language."""
    document.documentElement.lang = i18n.current()
    document.title = _("Thieves' Table")
    for selector, text in (("header.top h1", _("Thieves' Table")),
                           ("#update span", _("A new version is ready.")),
                           ("#update-reload", _("Reload"))):
        element = document.querySelector(selector)
        if not absent(element):
            element.textContent = text


async def start() -> None:
    try:
        await _boot()
    except Exception as error:
        window.console.error("".join(traceback.format_exception(error)))
        _loading(f"could not start: {error}")
