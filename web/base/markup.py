"""Small HTML pieces the game screens share: escaping, buttons that send an event, the log,
the rules in brief on a help page."""

import html
import json

from web.base.i18n import N_, _

LOG_SHOWN = 30


def e(value) -> str:
    return html.escape(str(value), quote=True)


def ev(name: str, arg=None) -> str:
    """The attributes of an element that sends event ``name`` with ``arg`` (JSON)."""
    attrs = f' data-ev="{e(name)}"'
    if arg is not None:
        attrs += f' data-arg="{e(json.dumps(arg))}"'
    return attrs


def button(label: str, ev: str, arg=None, cls: str = "", disabled: bool = False,
           aria: str = "") -> str:
    """A button sending ``ev`` with ``arg`` (JSON); ``label`` is HTML."""
    attrs = f' class="{cls}"' if cls else ""
    if arg is not None:
        attrs += f' data-arg="{e(json.dumps(arg, separators=(",", ":")))}"'
    if aria:
        attrs += f' aria-label="{e(aria)}"'
    if disabled:
        attrs += " disabled"
    return f'<button type="button" data-ev="{e(ev)}"{attrs}>{label}</button>'


def moving(key: str, place: str) -> str:
    """The attributes that let the page slide a piece from one place to another when it moves
    (``data-key``: which piece, ``data-place``: where it lies; docs/motion.md); nothing without
    both."""
    return f' data-key="{e(key)}" data-place="{e(place)}"' if key and place else ""


def refs(*keys: str) -> str:
    """The ``data-ref`` of a drawn thing or of an option naming it: the things' keys
    (docs/table.md, "Pointing at things")."""
    keys = [k for k in keys if k]
    return f' data-ref="{e(" ".join(keys))}"' if keys else ""


def about(*lines: str) -> str:
    """The ``data-about`` of a drawn thing: its whole text, shown when it is tapped
    (static/pointing.js)."""
    return f' data-about="{e(" ".join(line for line in lines if line))}"'


def scrolls(label: str, inner: str, cls: str = "") -> str:
    """A region that may be wider or taller than the screen (``inner`` is HTML): it scrolls,
    glows at each edge with more beyond it, and can be scrolled by keyboard (it takes the
    focus, named ``label`` for screen readers)."""
    return (f'<div class="scrolls{" " + cls if cls else ""}" tabindex="0" role="region" '
            f'aria-label="{e(label)}">{inner}</div>')


def log_list(entries: list, prefix: str, line, turn: str = N_("Turn {n}")) -> str:
    """The last lines of a game log, newest first, each with its turn (``turn``: the game's
    word for it, marked with ``N_``); ``line`` turns an entry (a message: docs/i18n.md) into
    its text in the active language."""
    items = "".join(f'<li><span class="{prefix}-turn">'
                    f'{e(_(turn).format(n=entry.get("turn", "")))}</span> '
                    f"{e(line(entry))}</li>" for entry in reversed(entries[-LOG_SHOWN:]))
    return f'<ul class="{prefix}-log" aria-label="{e(_("Newest first"))}">{items}</ul>'


SAVES_AND_LINKS = [N_(
    "Every game is saved in this browser on this device after each decision; several games "
    "can be kept side by side under “Saved games”."), N_(
    "A save, like a game link, holds the whole game: the shuffled decks and every hidden card "
    "can be worked out from it. Anyone who can open this browser's storage (its developer "
    "tools) can read them, so on a shared device hidden cards are only as secret as the "
    "people at the table are fair. Share a link only with people who may see everything."), N_(
    "A game open in two tabs stays one game: when one tab plays on, the other follows, and a "
    "tab that is behind never overwrites the newer moves.")]


def saves_and_links() -> str:
    """The help page's panel on what saves and links hold (the same for every game)."""
    body = "".join(f"<p>{e(_(p))}</p>" for p in SAVES_AND_LINKS)
    return (f'<section class="panel help"><h2>{e(_("Saved games and links"))}</h2>{body}'
            f"</section>")


def why(texts: dict, kind: str) -> str:
    """A decision's "why these options?": the rule behind what a decision of ``kind``
    offers, folded (``texts``: a game's message ids by kind; '' for a kind without one)."""
    if kind not in texts:
        return ""
    return (f'<details class="why"><summary>{e(_("Why these options?"))}</summary>'
            f"<p>{e(_(texts[kind]))}</p></details>")
