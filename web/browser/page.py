"""The page: the person's events in, the app's HTML out, the focus and the app's effects.

One delegated listener on #app reads ``data-ev``/``data-arg`` (JSON) from the element the player
used and calls ``App.handle``; then the app's HTML replaces the contents of #app (only the
regions that changed when the rest of the screen is the same: web/regions.py). Inputs and
selects send ``{"arg": <data-arg>, "value": <value>}`` when they change. Around each replacement
static/motion.js moves the pieces that changed places (docs/motion.md); on the replay screen
the arrow keys, Home and End step through the game. After each repaint the bots and the remote
table's jobs go on (web/browser/pacing.py).
"""

import json

from pyodide.ffi import JsException, create_once_callable, create_proxy
from pyscript import document, window

from web import i18n, regions
from web.browser.dom import absent, js_object, log_error
from web.browser.pacing import Pacer
from web.i18n import _

FOCUSABLE = ("button:not([disabled]), input, select, textarea, a[href], "
             "[tabindex]:not([tabindex='-1'])")
NEXT_DECISION = (".decision :is(button:not([disabled]), input, select, "
                 "[tabindex]:not([tabindex='-1']))")
REPLAY_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": "first", "End": "last"}
TYPING = ("INPUT", "SELECT", "TEXTAREA")


class Page:
    def __init__(self, app, root, bot_delay_ms: int, think_s: float | None = None):
        self.app = app
        self.root = root
        self.pacer = Pacer(self, bot_delay_ms, think_s)
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
        for target, kind, fn in (
                (self.root, "click", self.on_click), (self.root, "change", self.on_change),
                (self.root, "keydown", self.on_keydown),
                (self.root, "pointerdown", self.on_pointerdown),
                (window, "pointerup", self.on_pointerup),
                (window, "hashchange", self.on_hashchange), (window, "storage", self.on_storage),
                (window, "resize", self.keep_decision_room),
                # on the document: the replay's keys work wherever the focus is (the body too)
                (document, "keydown", self.on_replay_key)):
            proxy = create_proxy(fn)
            self.proxies.append(proxy)
            target.addEventListener(kind, proxy)

    def on_click(self, event) -> None:
        self.pacer.input_seen = True
        el = event.target.closest("[data-ev]") if hasattr(event.target, "closest") else None
        if absent(el) or not self.root.contains(el) or getattr(el, "disabled", False):
            return
        if str(el.tagName) in TYPING:
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
        self.pacer.input_seen = True
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
        elif not absent(_data(el, "ev")) and str(el.tagName) not in ("BUTTON", "A", *TYPING):
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
        self.pointer_down = self.pacer.input_seen = True

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
            log_error()
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
            log_error()
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
                log_error()
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
        self.pacer.after_paint()

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

    # --- the focus and what is in view ------------------------------------------------------
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
        el.focus(js_object({"preventScroll": not scroll}))
        if str(el.tagName) == "INPUT" and el.readOnly:
            el.select()  # a link box: ready to copy

    def show_decision(self) -> None:
        """A decision now asked whose options are all off the screen (a wide screen scrolled
        down the board) comes into view; one partly in view stays where it is, and so does the
        notice while it has the focus (a refused link's reason)."""
        options = self.root.querySelector(NEXT_DECISION)
        if absent(options) or str(getattr(document.activeElement, "id", "")) == "notice":
            return
        box = options.getBoundingClientRect()
        if box.bottom < 0 or box.top > window.innerHeight:
            self.root.querySelector(".decision").scrollIntoView(js_object({"block": "nearest"}))

    def keep_decision_room(self, *_event) -> None:
        """On a phone the decision is fixed at the foot of the screen (static/styles.css):
        the page keeps as much room below the game, so nothing stays covered."""
        el = self.root.querySelector(".decision")
        fixed = not absent(el) and str(window.getComputedStyle(el).position) == "fixed"
        height = f"{el.getBoundingClientRect().height}px" if fixed else "0px"
        document.documentElement.style.setProperty("--decision-h", height)

    # --- the app's effects ------------------------------------------------------------------
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


def _esc(value) -> str:
    import html

    return html.escape(str(value))
