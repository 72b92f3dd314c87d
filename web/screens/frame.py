"""The frame every screen is drawn in: the menu (with the motion and language switches) and
the notice line."""

from web.base import i18n
from web.base.i18n import _
from web.base.markup import e as esc
from web.base.markup import ev
from web.keep.settings import MOTIONS


def nav(screen: str, in_game: bool, back: bool, motion: str) -> str:
    """The menu on ``screen``: ``in_game`` while a game is open (at this device or by links),
    ``back`` if the screen can return to it; ``motion`` the moving pieces' setting."""
    items = []
    if screen in ("help", "saves") and back:
        items.append(f'<button type="button" id="nav-back"{ev("nav", "back")}>'
                     f'{esc(_("Back to the game"))}</button>')
    start = (f' title="{esc(_("Leave this game (it stays saved) for the menu"))}">'
             f'{esc(_("Menu"))}' if in_game else f'>{esc(_("New game"))}')
    items.append(f'<button type="button" id="nav-start"{ev("nav", "start")}{start}</button>')
    items.append(f'<button type="button" id="nav-saves"{ev("nav", "saves")}'
                 f'{_current(screen, "saves")}>{esc(_("Saved games"))}</button>')
    items.append(f'<button type="button" id="nav-help"{ev("nav", "help")}'
                 f'{_current(screen, "help")}>{esc(_("Rules & cards"))}</button>')
    # the settings: folded away on a phone (one row of menu), always shown on a wide screen
    items.append(f'<details class="settings"><summary aria-label="{esc(_("Settings"))}">'
                 f'<span aria-hidden="true">⚙</span></summary>'
                 f'<div class="settings-body">{_motion_switch(motion)}{_language_switch()}</div>'
                 f"</details>")
    return (f'<nav class="appnav" aria-label="{esc(_("Table"))}">{"".join(items)}</nav>')


def _language_switch() -> str:
    """A button for each other language, labelled in that language."""
    return "".join(
        f'<button type="button" id="language-{code}" lang="{code}" class="language"'
        f'{ev("language", code)}>{esc(name)}</button>'
        for code, name in i18n.LANGUAGES.items() if code != i18n.current())


def _motion_switch(motion: str) -> str:
    """How pieces move on the board (the page also honours prefers-reduced-motion)."""
    options = "".join(f'<option value="{key}"{" selected" if key == motion else ""}>'
                      f"{esc(_(label))}</option>" for key, label in MOTIONS.items())
    return (f'<select id="motion" class="motion" aria-label="{esc(_("Moving pieces"))}"'
            f'{ev("motion")}>{options}</select>')


def _current(shown: str, screen: str) -> str:
    return ' aria-current="page"' if shown == screen else ""


def notice(save_problem: str | None, said: tuple[str, str] | None) -> str:
    """The notice line: a save's problem, then what was ``said`` (kind "error" or "info",
    text)."""
    parts = []
    if save_problem:
        parts.append(f'<p class="notice error" role="alert">{esc(save_problem)}</p>')
    if said:
        kind, text = said
        role = "alert" if kind == "error" else "status"
        parts.append(f'<p class="notice {kind}" id="notice" tabindex="-1" role="{role}">'
                     f"<span>{esc(text)}</span> "
                     f'<button type="button" class="small" id="notice-ok"{ev("dismiss")}>'
                     f'{esc(_("OK"))}</button></p>')
    return "".join(parts)

