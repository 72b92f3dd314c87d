"""The saved games: the full list (its own screen) and the few newest on the start screen."""

import time

from .games import PACKAGES, front
from .markup import e as esc
from .markup import ev
from .saves import SaveInfo

SHOWN_TO_CONTINUE = 3  # saves offered on the start screen


class SavedGames:
    """Draws the saves; ``confirm_delete`` is the save whose deletion waits for a yes."""

    def __init__(self, now, tz_offset_min: int = 0):
        self.now = now
        self.tz_offset_min = tz_offset_min
        self.confirm_delete = None

    def render(self, saves: list[SaveInfo]) -> str:
        """The saved games screen."""
        if not saves:
            rows = '<p class="hint">No saved games yet. Every game is saved after each move.</p>'
        else:
            rows = f'<ul class="saves">{"".join(self._row(s) for s in saves)}</ul>'
        return (f'<section class="panel"><h2 id="screen-title" tabindex="-1">Saved games</h2>'
                f'<p class="hint">Games are kept in this browser on this device, newest first. '
                f"Each one is saved after every move.</p>{rows}</section>")

    def to_continue(self, saves: list[SaveInfo]) -> str:
        """The start screen's panel of the newest saves (empty when there are none)."""
        if not saves:
            return ""
        rows = "".join(self._row(s, compact=True) for s in saves[:SHOWN_TO_CONTINUE])
        more = (f'<p><button type="button" class="link" id="all-saves"{ev("nav", "saves")}>'
                f"All saved games ({len(saves)})</button></p>")
        return (f'<section class="panel"><h2>Continue a game</h2><ul class="saves">{rows}</ul>'
                f"{more}</section>")

    def _row(self, s: SaveInfo, compact: bool = False) -> str:
        players = ", ".join(s.players or []) or "players unknown"
        game = front(s.game).name if s.game in PACKAGES else (s.game or "unknown game")
        when = self._when(s.updated) if s.updated else "time unknown"
        turn = f"turn {s.turn}" if s.turn else "set-up"
        info = (f'<span class="save-title">{esc(game)}</span> '
                f'<span class="save-players">{esc(players)}</span> '
                f'<span class="save-meta">{esc(turn)} · last played {esc(when)}</span>')
        if s.error:
            info += (f'<span class="save-error">Cannot be opened: {esc(s.error)}</span>')
        buttons = ""
        if not s.error:
            buttons += (f'<button type="button" class="primary" id="continue-{esc(s.id)}"'
                        f'{ev("continue", s.id)}>Continue</button>')
        if not compact:
            if self.confirm_delete == s.id:
                buttons = (f'<span class="confirm" role="group" aria-label="Confirm">Delete this '
                           f'game for good? <button type="button" class="danger" '
                           f'id="delete-yes"{ev("delete-yes", s.id)}>Yes, delete it</button> '
                           f'<button type="button" id="delete-no"{ev("delete-no")}>Keep it'
                           f"</button></span>")
            else:
                buttons += (f'<button type="button" id="delete-{esc(s.id)}"'
                            f'{ev("delete", s.id)}>Delete</button>')
        cls = "save broken" if s.error else "save"
        return f'<li class="{cls}"><div class="save-info">{info}</div>' \
               f'<div class="save-buttons">{buttons}</div></li>'

    def _when(self, stamp: float) -> str:
        ago = self.now() - stamp
        if ago < 60:
            return "just now"
        if ago < 3600:
            n = int(ago // 60)
            return f"{n} minute{'s' if n != 1 else ''} ago"
        if ago < 86400:
            n = int(ago // 3600)
            return f"{n} hour{'s' if n != 1 else ''} ago"
        local = time.gmtime(stamp - self.tz_offset_min * 60)
        return time.strftime("%d %b %Y, %H:%M", local)
