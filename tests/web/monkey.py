"""A monkey at the table: seeded random taps on every enabled control of the screen shown —
options, board things, the menu, undo, hand-overs, link boxes, reloads — with the checks that
nothing a person can do breaks the table (tests/web/test_monkey.py; e2e/test_monkey.py drives
the page the same way)."""

import json
from dataclasses import dataclass
from html.parser import HTMLParser

from engine.core.rng import Rng

# the controls of a game's table: most taps fall on them; the menu, the start screen and the
# saved games are visited now and then
TABLE = {"act", "handover-ok", "undo", "standing", "standing-back", "since-replay",
         "replay-step", "replay-end"}
# the ways back to a game from elsewhere
BACK = {"start-game", "continue", "replay-end", "help-back"}
TEXTS = ("Anna", "", "  ", "<b>x</b>", "Bernd", "https://example.invalid/#g=broken", "ÄÖÜ ß")


@dataclass(frozen=True)
class Control:
    ev: str
    arg: object          # the data-arg, decoded
    kind: str            # "button" (anything tapped), "text", "select", "radio"
    values: tuple = ()   # a select's option values

    def event_arg(self, rng: Rng, link: str | None):
        """The argument the page sends when a person uses this control."""
        if self.kind == "button":
            return self.arg
        if self.kind == "select":
            value = self.values[rng.below(len(self.values))] if self.values else ""
        elif self.kind == "text":
            value = link if link and rng.below(3) == 0 else TEXTS[rng.below(len(TEXTS))]
        else:
            value = self.values[0] if self.values else "on"
        return {"arg": self.arg, "value": value}


class Controls(HTMLParser):
    """Every enabled control of a screen that sends an event (``data-ev``): buttons, board
    things (SVG shapes, cards), text boxes, selects and radio buttons."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.found: list[Control] = []
        self.select: list | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.select is not None and tag == "option" and "disabled" not in a:
            self.select[1].append(a.get("value", ""))
        if "data-ev" not in a or "disabled" in a or a.get("aria-disabled") == "true":
            return
        raw = a.get("data-arg")
        arg = None if raw is None else json.loads(raw)
        if tag == "select":
            self.select = [Control(a["data-ev"], arg, "select"), []]
        elif tag in ("input", "textarea") and a.get("type") in (None, "text", "search"):
            if "readonly" not in a:
                self.found.append(Control(a["data-ev"], arg, "text"))
        elif tag == "input" and a.get("type") in ("radio", "checkbox"):
            self.found.append(Control(a["data-ev"], arg, "radio", (a.get("value", "on"),)))
        else:
            self.found.append(Control(a["data-ev"], arg, "button"))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None:
            control, values = self.select
            self.found.append(Control(control.ev, control.arg, "select", tuple(values)))
            self.select = None


def pick(controls: list[Control], rng: Rng, prefix: str, elsewhere: int = 20) -> Control:
    """A random control: one of the table's (``TABLE``, or a game's own, starting with
    ``prefix``), and only about once in ``elsewhere`` taps one of the menu's; off the table,
    a way back to a game one time in three."""
    table = [c for c in controls if c.ev in TABLE or c.ev.startswith(prefix)]
    back = [c for c in controls if c.ev in BACK or c.ev == "nav" and c.arg == "back"]
    if table and rng.below(elsewhere):
        pool = table
    elif back and not table and rng.below(3) == 0:
        pool = back
    else:
        pool = controls
    return pool[rng.below(len(pool))]


class LegalTaps:
    """The real game screens, plus one event no page sends: ``<prefix>do`` makes its argument
    the decision, so that a monkey's people also play legal moves now and then and reach the
    later parts of a game."""

    def __init__(self):
        self.app = None

    def __getattr__(self, name):
        return getattr(self.app.front.module(), name)

    def reduce(self, view, ui, ev, arg):
        if ev == self.app.front.prefix + "do":
            return ui, [arg]
        return self.app.front.module().reduce(view, ui, ev, arg)


def legal_decision(app, rng: Rng):
    """A random legal decision of the person whose screen is shown, if they have one."""
    if app.screen != "game" or app.hot.viewer is None:
        return None
    choice = app.match.rules.choice(app.match.state, app.hot.viewer)
    if choice is None:
        return None
    step = app.hot.guide and app.hot.guide.step(app.match)
    if step is not None and step.teach is not None:  # a lesson takes only what it teaches
        return step.teach
    if "options" in choice:
        return choice["options"][rng.below(len(choice["options"]))]
    return app.match.rules.random_action(choice, rng)


def something_to_do(app) -> str | None:
    """Why the person holding the device has nothing to do, or None when all is well: a game
    on its way offers the next person a hand-over or their decision, a bot is about to play,
    and every other screen has a control."""
    html = app.render()
    controls = Controls(html).found
    if not controls:
        return f"no control on the {app.screen} screen"
    if app.screen not in ("game", "handover") or app.match is None:
        return None
    if app.match.rules.result(app.match.state) is not None:
        return f"a finished game on the {app.screen} screen"
    if app.pending_bot() is not None:
        return None
    p = app.hot.next_human()
    if p is None:
        return "a game on its way with nobody to decide"
    if app.screen == "handover":
        return None if any(c.ev == "handover-ok" for c in controls) else "no hand-over button"
    if app.hot.viewer != p:
        return f"{app.hot.name(p)} decides, but {app.hot.viewer}'s screen shows no hand-over"
    if not any(c.ev in ("act", "standing-back") or c.ev.startswith(app.front.prefix)
               for c in controls):
        return f"{app.hot.name(p)}'s decision offers no control"
    return None
