"""Helpers for the browser app's CPython tests: a clock, bot play, and people pressing the
buttons of their screen."""

import json
from collections.abc import Callable
from html.parser import HTMLParser

from engine.core.game import Match
from engine.core.rng import Rng
from engine.simulate import make_bot

GAME = "age_of_thieves"


class Clock:
    def __init__(self, start: float = 1_750_000_000.0):
        self.t = start

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def play_bots(match: Match, kind: str = "heuristic", until_turn: int | None = None,
              seed: int = 1) -> Match:
    """Let bots play every seat until the game ends or turn ``until_turn`` has been played."""
    rules = match.rules
    bots = [make_bot(kind, GAME, seed * 8 + i) for i in range(len(match.seats))]
    while rules.result(match.state) is None:
        if until_turn is not None and match.state["turn"] > until_turn:
            break
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        match.act(p, bots[p].decide(rules.view(match.state, p), choice))
    return match


class Buttons(HTMLParser):
    """The enabled buttons of a screen: (data-ev, data-arg decoded from JSON, text)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.found, self.open = [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" and "disabled" not in a and a.get("data-ev"):
            self.open = [a["data-ev"], json.loads(a["data-arg"]) if "data-arg" in a else None,
                         ""]

    def handle_data(self, data):
        if self.open is not None:
            self.open[2] += data

    def handle_endtag(self, tag):
        if tag == "button" and self.open is not None:
            self.found.append(tuple(self.open))
            self.open = None

    def events(self) -> list[tuple]:
        """(data-ev, data-arg) of each button."""
        return [(ev, arg) for ev, arg, _ in self.found]


def start_table(app, game: str, kinds: list[str], **options) -> None:
    """Seats P0, P1, ... of the given kinds at a table of ``game``, through the start screen."""
    app.handle("setup-game", game)
    app.handle("setup-players", len(kinds))
    for i, kind in enumerate(kinds):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": f"P{i}"})
    for key, value in options.items():
        app.handle("setup-option", {"arg": key, "value": value})
    app.handle("start-game")
    assert app.match is not None and app.match.game == game, app.notice


def press_buttons(app, rng: Rng, presses: int, to_the_end: bool = True,
                  pressable: Callable[[str], bool] = lambda ev: ev == "act",
                  look: Callable | None = None) -> int:
    """People press random enabled buttons of their own screen (handovers confirmed, bots
    playing their seats) until the game ends or ``presses`` buttons were pressed; the game
    must end first if ``to_the_end``. ``look(app, html, buttons)`` checks each screen before
    a press. Returns the number of presses."""
    done = 0
    while app.screen != "end":
        if app.screen == "handover":
            app.handle("handover-ok")
        elif app.pending_bot() is not None:
            app.bot_step()
        elif done == presses:
            assert not to_the_end, "the game did not end"
            break
        else:
            html = app.render()
            buttons = [b for b in Buttons(html).found if pressable(b[0])]
            assert buttons, "a decision with no button"
            if look:
                look(app, html, buttons)
            ev, arg, _ = buttons[rng.below(len(buttons))]
            app.handle(ev, arg)
            done += 1
    return done
