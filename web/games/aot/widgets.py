"""The small HTML parts the Age of Thieves panels are built of: buttons, panels, cards, seat
marks, lists of jewels."""

import json
from collections import Counter

from web.base.i18n import _
from web.base.markup import about, refs
from web.games.aot import labels as L
from web.games.aot.board_pieces import shape_path
from web.games.aot.labels import e


def _arg(value) -> str:
    return e(json.dumps(value, separators=(",", ":")))


def button(label: str, ev: str, arg=None, cls: str = "", disabled: bool = False,
           aria: str = "", pressed: bool | None = None, ref: str = "") -> str:
    """A button sending ``ev`` with ``arg``; ``ref``: the key of the thing on the board it
    names (docs/table.md, "Pointing at things")."""
    attrs = (f' class="{cls}"' if cls else "") + refs(ref)
    if arg is not None:
        attrs += f' data-arg="{_arg(arg)}"'
    if aria:
        attrs += f' aria-label="{e(aria)}"'
    if pressed is not None:
        attrs += f' aria-pressed="{"true" if pressed else "false"}"'
    if disabled:
        attrs += " disabled"
    return f'<button type="button" data-ev="{e(ev)}"{attrs}>{label}</button>'


def act(label: str, action, cls: str = "", ref: str = "") -> str:
    return button(label, "act", action, cls, ref=ref)


def section(title: str, body: str, cls: str = "", level: int = 2) -> str:
    return (f'<section class="aot-panel {cls}"><h{level} class="aot-h">{e(title)}</h{level}>'
            f"{body}</section>")


def strong(template: str, value) -> str:
    """A translated ``template`` with its ``{n}`` in bold."""
    return e(template).replace("{n}", f"<strong>{e(value)}</strong>")


def player_names(view: dict) -> list[str]:
    """The players' names in seat order (what ``say`` names them by)."""
    return [th["name"] for th in view["thieves"]]


def jewels_text(jewels: list) -> str:
    """'2× green jewel, yellow jewel' ('none' without jewels)."""
    counted = Counter(jewels)
    return ", ".join(f"{n}× {L.jewel(j)}" if n > 1 else L.jewel(j)
                     for j, n in counted.items()) or _("none")


def card_html(kind: str | None, extra: str = "", head_extra: str = "", key: str = "",
              ref: str = "") -> str:
    """A card; ``key``: its id when it lies in the viewer's hand (it slides there and out:
    docs/motion.md); ``ref``: the key a lesson's tutor points at it by."""
    if kind is None:
        return f'<div class="aot-card aot-card-back">{e(_("Face-down card"))}</div>'
    data = L.card(kind)
    meta = [L.card_range(kind)] if L.card_range(kind) else []
    if meta and data.get("theft"):
        meta.append(_("theft icon"))
    meta_html = f'<span class="aot-card-meta">{e(" · ".join(meta))}</span>' if meta else ""
    slide = f' data-key="card:{e(key)}" data-place="hand"' if key else ""
    whole = about(L.card_name(kind) + ":", " · ".join(meta) + "." if meta else "",
                  L.card_text(kind))
    return (f'<div class="aot-card aot-card-{e(data.get("type", ""))}"{whole}{slide}{refs(ref)}>'
            f'<div class="aot-card-head">'
            f'<strong>{e(L.card_name(kind))}</strong>{meta_html}{head_extra}</div>'
            f'<p>{e(L.card_text(kind))}</p>{extra}</div>')


def carried(kinds: list) -> str:
    """'Smoke Grenade' or, for a special card carrying a general one, 'A carrying B'."""
    if len(kinds) == 2:
        return _("{card} carrying {other}").format(card=L.card_name(kinds[0]),
                                                   other=L.card_name(kinds[1]))
    return "".join(L.card_name(k) for k in kinds)


def seat_mark(p: int) -> str:
    """Seat ``p``'s figure shape in its colour: the mark beside its name."""
    return (f'<svg class="aot-seat-mark" viewBox="-12 -12 24 24" aria-hidden="true">'
            f'<polygon points="{shape_path(L.seat_shape(p), 0, 0, 10)}" '
            f'style="fill:{L.seat_colour(p)}" stroke="#111" stroke-width="1.5"/></svg>')
