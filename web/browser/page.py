"""The page as the table's worker sees it: the person's taps in, the app's screens out.

The page (static/table.js) reads ``data-ev``/``data-arg`` (JSON) from the element the person
used and sends them here as a tap; inputs and selects send ``{"arg": <data-arg>, "value":
<value>}`` when they change. Each tap names the screen it was made on (the page's paint
number): one made on a screen the table has since replaced (a bot moved meanwhile, a second
tap before the first one's answer arrived) is dropped, never read against a screen the person
has not seen. The app's HTML goes back with what changed (only the regions that changed when
the rest of the screen is the same: web/base/regions.py), where the focus goes, and the app's
effects, which the page carries out. After each paint the bots and the remote table's jobs go
on (web/browser/pacing.py).
"""

import html

import js
from pyodide.ffi import create_once_callable

from web.base import i18n, regions
from web.base.i18n import _
from web.browser.bridge import log_error, post
from web.browser.pacing import Pacer

TAPPED = ("taps", "replay-key")  # the messages that name the screen they were made on


class Page:
    def __init__(self, app, storage: dict, bot_delay_ms: int, think_s: float | None = None):
        self.app = app
        self.storage = storage  # "local", "session": the app's storage (web/browser/storage.py)
        self.pacer = Pacer(self, bot_delay_ms, think_s)
        self.paints = 0  # the screens sent to the page (0: the start screen it drew itself)
        self.read_from = 0  # taps made on a screen before this one are dropped
        self.painted_key = None
        self.shown = None  # the screen sent last, split into regions
        self.scene = None  # the screen and game sent last (pieces move only within one)

    # --- the page's messages -----------------------------------------------------------
    def receive(self, message: dict) -> None:
        kind = message["kind"]
        if kind in TAPPED and not self.on_screen(message["paint"]):
            return
        if kind == "taps":
            for name, arg in message["taps"]:
                self.dispatch(lambda n=name, a=arg: self.app.handle(n, a))
            if message["repaint"]:
                self.paint()
        elif kind == "replay-key":
            if self.app.screen == "replay":
                self.dispatch(lambda: self.app.handle("replay-step", message["step"]))
                self.paint()
        elif kind == "paint":  # asked for after the person's own change of a field
            self.paint(redrawn=True)
        elif kind == "painted":
            self.pacer.arrived(message["paint"], message["motion_ms"])
        elif kind == "hash":  # the browser made an entry for it
            self.app.history.new_entry()
            self.dispatch(lambda: self.app.open_link(message["fragment"]))
            self.paint()
        elif kind == "history":  # Back or Forward (web/play/history.py)
            self.dispatch(lambda: self.app.handle("history", message["entry"]))
            self.paint()
        elif kind == "live":  # a live channel's news (static/live.js)
            self.dispatch(lambda: self.app.live(message))
            self.paint(by_person=False)
        elif kind == "storage":
            self.storage_changed(message)
        elif kind == "refused":
            self.storage[message["area"]].refused(message["key"], message["value"])
            self.toast(_("This browser's storage is full: the last change was not kept."))

    def on_screen(self, paint: int) -> bool:
        """A tap made on the screen the page shows now, or on one before it that only the
        person's own changes of a field have redrawn since (the page's own start screen
        counts as the app's first: its live copy, docs/delivery.md)."""
        return paint >= self.read_from

    def storage_changed(self, message: dict) -> None:
        """Another tab of this site changed the browser's storage (``key`` None: cleared
        it; ``items``, what it holds now)."""
        key, local = message["key"], self.storage["local"]
        if key is None:
            local.replaced(message["items"])
        else:
            local.changed(key, message["value"])
        self.dispatch(lambda: self.app.storage_changed(key))
        self.paint()

    def carry_out_early_taps(self, taps: list) -> None:
        """The taps made on the start screen drawn before Python ran (static/prestart.js), in
        order, as long as the app shows a screen that page could show: the app then shows
        what the page showed, and a tap that asked for more (a game started, a link opened)
        is carried out."""
        for name, arg in taps:
            if self.app.screen not in ("start", "help"):
                break
            self.dispatch(lambda n=name, a=arg: self.app.handle(n, a))

    def dispatch(self, fn) -> None:
        try:
            fn()
        except Exception as error:  # keep the table usable and say what went wrong
            log_error()
            self.toast(_("Something went wrong: {reason}").format(reason=error))

    # --- painting ----------------------------------------------------------------------
    def paint(self, by_person: bool = True, effects: tuple = (), redrawn: bool = False) -> None:
        """Send the app's screen; ``by_person``: after the person's own tap (not a bot's
        move), so that a decision made by a tap on the board brings the focus to the next;
        ``redrawn``: only the person's own changes of a field are new on it, so taps made on
        the screen before it are still read."""
        try:
            markup = self.app.render()
        except Exception as error:
            log_error()
            markup = ('<p class="notice error" role="alert">This screen could not be drawn: '
                      f'{html.escape(str(error))}</p><button type="button" data-ev="nav" '
                      'data-arg="&quot;start&quot;">Back to the menu</button>')
        key = self.app.screen_key()
        # on the same screen of the same game what changed places moves there; a new screen
        # just appears
        scene = (self.app.screen, id(self.app.match))
        shown, self.shown = self.shown, regions.split(markup)
        self.paints += 1
        if not redrawn and self.paints > 1:
            self.read_from = self.paints
        post("paint", paint=self.paints, html=markup, regions=regions.changed(shown, self.shown),
             screen=self.app.screen, same_scene=scene == self.scene, by_person=by_person,
             change=("first" if self.painted_key is None else
                     "same" if key == self.painted_key else "new"),
             focus=self.app.take_focus() or None,
             effects=[*effects, *(self.effect(kind, value)
                                  for kind, value in self.app.take_effects())])
        self.scene, self.painted_key = scene, key
        self.pacer.after_paint()
        if self.app.screen == "start":
            js.setTimeout(create_once_callable(self.ready_ahead), 0)

    def ready_ahead(self) -> None:
        """Once the messages waiting are answered, while the person sets the table up: the
        chosen game run once ahead (its first board then comes as fast as on the page's own
        thread: docs/delivery.md)."""
        if self.app.screen == "start":
            self.dispatch(self.app.start.ready_ahead)

    @staticmethod
    def effect(kind: str, value) -> list:
        """One of the app's effects as the page carries it out."""
        if kind == "copy":
            return ["copy", value, _("Link copied."), _("Copy the link from the box.")]
        if kind == "language":
            return frame_in_language()
        if kind == "scan":  # a link read from a QR code with the camera, opened as pasted
            return ["scan", {"title": _("Hold the QR code in front of the camera."),
                             "cancel": _("Cancel"),
                             "failed": _("The camera could not be opened: paste the link "
                                         "into the box instead.")}]
        return [kind, value]  # "hash", "toast", "motion"

    @staticmethod
    def toast(text: str) -> None:
        post("toast", text=text)


def frame_in_language() -> list:
    """The page's own texts around the app (static/index.html: its title, heading and update
    notice) and ``<html lang>`` in the active language: an effect for the page."""
    return ["frame", {"lang": i18n.current(), "title": _("Thieves' Table"),
                      "update": _("A new version is ready."), "reload": _("Reload")}]
