"""The replay of a finished game: step through its decisions from the set-up, forwards and
back (snapshots every few decisions keep going back quick). Each step says what the last
decision did, in the words of the game's log (its public lines), never in notation."""

import copy

from engine.core.game import Match

from .i18n import _
from .markup import e as esc
from .markup import ev

SNAPSHOT_EVERY = 20


class Replay:
    def __init__(self, match: Match, start: int = 0, during: bool = False):
        """A replay of ``match`` from decision ``start``; ``during``: the game goes on (the
        replay returns to it, not to the result)."""
        self.played = match  # the whole game
        self.match = Match.start(match.game, match.seats, match.options, match.seed)
        self.pos = 0  # decisions replayed
        self.snaps = {0: copy.deepcopy(self.match.state)}
        self.ui: dict = {}  # the game screen's own state (zoom, what is unfolded)
        self.said: list = []  # the public log lines the last decision wrote
        self.during = during
        if start:
            self.step(start)

    def step(self, arg) -> None:
        """``arg``: "first", "last", or how many decisions to go (negative: back)."""
        total = len(self.played.actions)
        target = {"first": 0, "last": total}.get(
            arg, self.pos + arg if type(arg) is int else self.pos)
        self._go_to(max(0, min(total, target)))

    def _go_to(self, target: int) -> None:
        if target < self.pos or target == self.pos > 0:
            # from a snapshot before the target, so that the last decision is made again
            base = max(k for k in self.snaps if k < target or k == target == 0)
            g = self.played
            self.match = Match(g.game, g.seats, g.options, g.seed,
                               copy.deepcopy(self.snaps[base]), list(g.actions[:base]))
            self.pos = base
        self.said = []
        while self.pos < target:
            player, action = self.played.actions[self.pos]
            last = self.pos == target - 1  # only the last decision is said
            before = self._public_log() if last else None
            self.match.act(player, action)
            if last:
                self.said = written(before, self._public_log())
            self.pos += 1
            if self.pos % SNAPSHOT_EVERY == 0:
                self.snaps.setdefault(self.pos, copy.deepcopy(self.match.state))

    def _public_log(self) -> list:
        return self.played.rules.view(self.match.state, None)["log"]

    def render(self, renderer, name_of) -> str:
        """The replay screen, drawn with the game's ``renderer``; ``name_of(seat)``."""
        total = len(self.played.actions)
        pos = self.pos
        rules = self.played.rules
        names = [name_of(p) for p in range(len(self.played.seats))]
        if pos:
            player, _action = self.played.actions[pos - 1]
            said = " ".join(renderer.say(line, names) for line in self.said)
            last = _("Last decision: {name} — {what}").format(
                name=name_of(player), what=said or _("nothing shown to the table"))
        else:
            last = _("The table is set up.")

        def button(label, arg, ident, disabled, keys=""):
            dis = " disabled" if disabled else ""
            keys = f' aria-keyshortcuts="{keys}"' if keys else ""
            return (f'<button type="button" id="{ident}"{ev("replay-step", arg)}{dis}{keys}>'
                    f"{esc(label)}</button>")
        # the page steps with these keys too (web/browser.py)
        controls = (button(_("« Start"), "first", "replay-first", pos == 0, "Home")
                    + button(_("◀ Previous"), -1, "replay-prev", pos == 0, "ArrowLeft")
                    + button(_("Next ▶"), 1, "replay-next", pos == total, "ArrowRight")
                    + button(_("+10 ▶▶"), 10, "replay-ten", pos == total)
                    + button(_("End »"), "last", "replay-last", pos == total, "End")
                    + f'<button type="button" id="replay-close"{ev("replay-end")}>'
                      f'{esc(_("Back to the game") if self.during else _("Back to the result"))}'
                      f"</button>")
        keys = _("Keys: left and right arrow, one decision back or on; Home and End, the "
                 "start and the end.")
        view = rules.view(self.match.state, None)
        return (
            f'<div class="game-head"><h2 id="screen-title" tabindex="-1">'
            f'{esc(_("Replay · decision {pos} of {total}").format(pos=pos, total=total))}</h2>'
            f'<div class="replay-controls" role="group" aria-label="{esc(_("Replay"))}" '
            f'aria-describedby="replay-keys">{controls}</div>'
            f'<p id="replay-keys" class="sr-only">{esc(keys)}</p>'
            f'<p class="status" role="status">{esc(last)}</p></div>'
            f'<div id="game-screen" class="game-screen">'
            f'{renderer.render_game(view, self.ui)}</div>')


def written(before: list, after: list) -> list:
    """The lines ``after`` adds to ``before`` (a bounded log drops its oldest lines first)."""
    for kept in range(min(len(before), len(after)), 0, -1):
        if after[:kept] == before[-kept:]:
            return after[kept:]
    return after
