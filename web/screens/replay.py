"""The replay of a finished game: step through its decisions from the set-up, forwards and
back (snapshots every few decisions keep going back quick). Each step says what the last
decision did, in the words of the game's log (its public lines), never in notation."""

import copy

from engine.core.game import Match
from engine.core.gamelog import written
from web.base.i18n import _
from web.base.markup import e as esc
from web.base.markup import ev
from web.base.names import seat_name
from web.games import front

SNAPSHOT_EVERY = 20


class Replay:
    def __init__(self, match: Match, start: int = 0, back: str = "end"):
        """A replay of ``match`` from decision ``start``; ``back``: the screen it returns to
        (the result, "end", or the game that goes on)."""
        self.played = match  # the whole game
        self.match = Match.start(match.game, match.seats, match.options, match.seed)
        self.pos = 0  # decisions replayed
        self.snaps = {0: copy.deepcopy(self.match.state)}
        self.ui: dict = {}  # the game screen's own state (zoom, what is unfolded)
        self.said: list = []  # the public log lines the last decision wrote
        self.back = back
        if start:
            self.step(start)

    def takes(self, name: str) -> bool:
        """Is ``name`` the replay's step, or an event of the game's screen (zoom, unfold)?"""
        return name in ("replay-step", "act") or name.startswith(front(self.played.game).prefix)

    def tap(self, name: str, arg) -> None:
        """A step, or the game screen's own event: what it changes on the screen; the actions
        a board tap would make are dropped (a replay decides nothing)."""
        if name == "replay-step":
            self.step(arg)
            return
        view = self.match.rules.view(self.match.state, None)
        self.ui = front(self.played.game).module().reduce(view, self.ui, name, arg)[0]

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

    def render(self) -> str:
        """The replay screen, drawn by the game's own screen."""
        total = len(self.played.actions)
        pos = self.pos
        rules = self.played.rules
        renderer = front(self.played.game).module()
        names = [seat_name(self.played.seats, p) for p in range(len(self.played.seats))]
        if pos:
            player, _action = self.played.actions[pos - 1]
            said = " ".join(renderer.say(line, names) for line in self.said)
            last = _("Last decision: {name} — {what}").format(
                name=names[player], what=said or _("nothing shown to the table"))
        else:
            last = _("The table is set up.")

        back = _("Back to the game")

        def button(label, arg, ident, disabled, keys=""):
            dis = " disabled" if disabled else ""
            keys = f' aria-keyshortcuts="{keys}"' if keys else ""
            return (f'<button type="button" id="{ident}"{ev("replay-step", arg)}{dis}{keys}>'
                    f"{esc(label)}</button>")
        # the page steps with these keys too (web/browser/)
        controls = (button(_("« Start"), "first", "replay-first", pos == 0, "Home")
                    + button(_("◀ Previous"), -1, "replay-prev", pos == 0, "ArrowLeft")
                    + button(_("Next ▶"), 1, "replay-next", pos == total, "ArrowRight")
                    + button(_("+10 ▶▶"), 10, "replay-ten", pos == total)
                    + button(_("End »"), "last", "replay-last", pos == total, "End")
                    + f'<button type="button" id="replay-close"{ev("replay-end")}>'
                      f'{esc(_("Back to the result") if self.back == "end" else back)}'
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
