"""The saved games: the full list (its own screen) and the few newest on the start screen."""

import time

from web.base import i18n
from web.base.i18n import _, ngettext
from web.base.markup import e as esc
from web.base.markup import ev
from web.base.outcome import Outcome
from web.games import PACKAGES, front
from web.keep import gamelink
from web.keep.saves import SaveInfo

SHOWN_TO_CONTINUE = 3  # saves offered on the start screen


class SavedGames:
    """The saves (web/keep/saves.py) as the saved games screen shows and acts on them;
    ``confirm_delete`` is the save whose deletion waits for a yes. Its events say what they
    lead to in an :class:`Outcome` (web/play/seat.py)."""

    def __init__(self, now, tz_offset_min: int = 0, saves=None, base_url: str = ""):
        self.now = now
        self.tz_offset_min = tz_offset_min
        self.saves, self.base_url = saves, base_url
        self.confirm_delete = None

    def on_delete(self, save_id) -> Outcome:
        """Ask before deleting ``save_id``; the focus goes to "no"."""
        self.confirm_delete = str(save_id)
        return Outcome(focus="#delete-no")

    def on_delete_no(self, arg=None) -> None:
        self.confirm_delete = None

    def delete(self, save_id: str) -> bool:
        """Delete ``save_id`` if it is the one asked about; True if so."""
        asked, self.confirm_delete = self.confirm_delete, None
        if save_id != asked:
            return False
        self.saves.delete(save_id)
        return True

    def on_export(self, save_id) -> Outcome:
        """Copy the link of a saved game this version cannot open: nothing of it is lost, and
        a newer version (or another device) may open it."""
        try:
            link = self.base_url + gamelink.export(self.saves.load(str(save_id))["record"])
        except Exception:  # a save whose record cannot even be written out: kept as it is
            return Outcome(notice=("error", _("This saved game cannot be written as a link; "
                                              "it is kept as it is.")))
        return Outcome(notice=("info", _("The link of this saved game is copied (if your "
                                         "browser allows it). The saved game is kept as it "
                                         "is.")), effects=(("copy", link),))

    def render(self, saves: list[SaveInfo]) -> str:
        """The saved games screen."""
        if not saves:
            rows = (f'<p class="hint">'
                    f'{esc(_("No saved games yet. Every game is saved after each move."))}</p>')
        else:
            rows = f'<ul class="saves">{"".join(self._row(s) for s in saves)}</ul>'
        kept = _("Games are kept in this browser on this device, newest first. Each one is "
                 "saved after every move.")
        return (f'<section class="panel"><h2 id="screen-title" tabindex="-1">'
                f'{esc(_("Saved games"))}</h2><p class="hint">{esc(kept)}</p>{rows}</section>')

    def to_continue(self, saves: list[SaveInfo]) -> str:
        """The start screen's panel of the newest saves (empty when there are none)."""
        if not saves:
            return ""
        going = [s for s in saves if not s.finished]
        if not going:
            return ""
        rows = "".join(self._row(s, compact=True) for s in going[:SHOWN_TO_CONTINUE])
        more = (f'<p><button type="button" class="link" id="all-saves"{ev("nav", "saves")}>'
                f'{esc(_("All saved games ({n})").format(n=len(saves)))}</button></p>')
        return (f'<section class="panel"><h2>{esc(_("Continue a game"))}</h2>'
                f'<ul class="saves">{rows}</ul>{more}</section>')

    def _row(self, s: SaveInfo, compact: bool = False) -> str:
        players = ", ".join(s.players or []) or _("players unknown")
        known = front(s.game) if s.game in PACKAGES else None
        game = _(known.name) if known else (s.game or _("unknown game"))
        when = self._when(s.updated) if s.updated else _("time unknown")
        if known:
            turn = known.moment(s.turn or 0)
        else:  # a game this version does not have: its word for a turn is not known
            turn = _("Turn {n}").format(n=s.turn) if s.turn else _("set-up")
        meta = (_("finished · last played {when}").format(when=when) if s.finished
                else _("{turn} · last played {when}").format(turn=turn, when=when))
        info = (f'<span class="save-title">{esc(game)}</span> '
                f'<span class="save-players">{esc(players)}</span> '
                f'<span class="save-meta">{esc(meta)}</span>')
        if s.error:
            made = (_("saved by version {version}").format(version=s.version) if s.version
                    else _("saved by an earlier version"))
            info += (f'<span class="save-error">'
                     f'{esc(_("Cannot be opened: {reason}").format(reason=_(s.error)))} '
                     f"({esc(made)})</span>")
        buttons = ""
        if s.error and not compact:
            buttons += (f'<button type="button" id="export-{esc(s.id)}"{ev("export", s.id)}>'
                        f'{esc(_("Copy its link"))}</button>')
        if not s.error:
            label = _("See the end") if s.finished else _("Continue")
            buttons += (f'<button type="button" class="primary" id="continue-{esc(s.id)}"'
                        f'{ev("continue", s.id)}>{esc(label)}</button>')
        if not compact:
            if self.confirm_delete == s.id:
                buttons = (f'<span class="confirm" role="group" aria-label="{esc(_("Confirm"))}">'
                           f'{esc(_("Delete this game for good?"))} '
                           f'<button type="button" class="danger" id="delete-yes"'
                           f'{ev("delete-yes", s.id)}>{esc(_("Yes, delete it"))}</button> '
                           f'<button type="button" id="delete-no"{ev("delete-no")}>'
                           f'{esc(_("Keep it"))}</button></span>')
            else:
                buttons += (f'<button type="button" id="delete-{esc(s.id)}"'
                            f'{ev("delete", s.id)}>{esc(_("Delete"))}</button>')
        cls = "save broken" if s.error else "save"
        return f'<li class="{cls}"><div class="save-info">{info}</div>' \
               f'<div class="save-buttons">{buttons}</div></li>'

    def _when(self, stamp: float) -> str:
        ago = self.now() - stamp
        if ago < 60:
            return _("just now")
        if ago < 3600:
            n = int(ago // 60)
            return ngettext("{n} minute ago", "{n} minutes ago", n).format(n=n)
        if ago < 86400:
            n = int(ago // 3600)
            return ngettext("{n} hour ago", "{n} hours ago", n).format(n=n)
        return i18n.moment(time.gmtime(stamp - self.tz_offset_min * 60))

    EVENTS = {"delete": on_delete, "delete-no": on_delete_no, "export": on_export}
