"""What a way of playing tells the router after each of its entry points (web/app.py)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """What a way of playing asks of the router after one of its entry points: a ``notice``
    to show, a ``focus`` (a CSS selector), the page's ``effects`` (a link to copy), and
    ``shown``: "game" when its game was opened (again) and shows, "start" or "saves" when its
    game is gone and that screen shows instead."""

    notice: tuple[str, str] | None = None
    focus: str | None = None
    effects: tuple = ()
    shown: str | None = None

    def then(self, later: "Outcome") -> "Outcome":
        """This outcome and ``later`` after it: the later notice, focus and screen win."""
        return Outcome(later.notice or self.notice, later.focus or self.focus,
                       self.effects + later.effects, later.shown or self.shown)


QUIET = Outcome()
