"""The rules page: one game's rules and cards (its package's help), what saves and links keep,
what a link to a remote game lets its holder compute, the version, and the way to the other
games' rules and back to the game open in the tab."""

from web.base.i18n import _
from web.base.markup import e as esc
from web.base.markup import ev, saves_and_links
from web.games import front, fronts
from web.keep import version
from web.screens import links


def render(game: str, back: bool) -> str:
    """The rules page of ``game``; ``back``: with a way back to the open game."""
    shown = front(game)
    others = "".join(
        f'<button type="button" id="help-{esc(f.game)}"{ev("help-game", f.game)}>'
        f"{esc(_(f.name))}</button>" for f in fronts() if f.game != shown.game)
    others = (f'<p class="actions">{esc(_("Rules of another game:"))} {others}</p>'
              if others else "")
    stats = (f'<p class="actions"><button type="button" id="help-stats"'
             f'{ev("help-stats", shown.game)}>{esc(_("Statistics: how the bots’ games go"))}'
             f"</button></p>")
    way_back = ""
    if back:
        way_back = (f'<p class="actions"><button type="button" class="primary" '
                    f'id="help-back"{ev("nav", "back")}>{esc(_("Back to the game"))}'
                    f"</button></p>")
    return (others + stats + shown.module("help").render() + saves_and_links()
            + links.secrecy(shown.game) + version.panel() + way_back)
