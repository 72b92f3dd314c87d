"""Auto-pass on the Swindler screen (web/keep/passes.py): the controls a person holding the device
sets it with (on a reaction prompt beside "No, pass", and under their own accomplices), and
the mark everyone sees at a swindler's name. Drawn only where the view carries everyone's
auto-pass (``view["passes"]``: a game at one device)."""

from web.base.i18n import N_, _
from web.base.markup import e, ev

MOMENTS = {  # a window's moment (``trigger["on"]``) in players' words (docs/glossary.md)
    "before_steal": N_("before someone steals"),
    "draw_again": N_("before someone draws again"),
    "skull_drawn": N_("after someone draws a skull"),
    "steal_ended": N_("after someone stops stealing"),
    "played": N_("when someone plays an accomplice"),
}

TICKED = N_("Ticked: you are asked at that moment. At the others the table passes for you, "
            "whatever you hold.")


def mark(answer: dict | None) -> str:
    """The mark at a swindler's name: their auto-pass, said the same to everyone ("" none)."""
    if answer is None:
        return ""
    if "until" in answer:
        return _("passes until their turn")
    passed = ", ".join(_(label) for m, label in MOMENTS.items() if m not in answer["ask"])
    return _("passes: {moments}").format(moments=passed)


def auto_pass(view: dict, ui: dict, at_window: bool) -> str:
    """The viewer's auto-pass controls ("" outside a game at one device): "until my turn",
    and, folded (``ui["moments"]``), the moments they are asked at (pressed: asked) and "ask
    me always"; ``at_window``: on a reaction prompt, as items of its options list (its window
    is passed too by "until my turn"), else under their own accomplices with what is set."""
    passes, me = view.get("passes"), view.get("player")
    if passes is None or me is None:
        return ""
    mine = passes[me]
    until = mine is not None and "until" in mine
    asked = mine["ask"] if mine is not None and "ask" in mine else list(MOMENTS)
    turn = _("Pass until my turn") if at_window else _("Pass on accomplices until my next turn")
    folded = not ui.get("moments")
    moments = "" if folded else '<div id="swd-moments-list">' + \
        f'<p class="hint">{e(_(TICKED))}</p>' + "".join(
        f'<button type="button" class="swd-moment" aria-pressed="{str(m in asked).lower()}"'
        f'{ev("auto-pass", [x for x in MOMENTS if (x in asked) != (x == m)])}>'
        f"{e(_(label))}</button>" for m, label in MOMENTS.items()) + (
        f'<button type="button"{ev("auto-pass", "always")}>{e(_("Ask me always"))}'
        f"</button>" if mine is not None else "") + "</div>"
    items = (f'<li class="swd-autopass"><button type="button" class="swd-until small" '
             f'aria-pressed="{str(until).lower()}"{ev("auto-pass", "turn")}>{e(turn)}</button>'
             f'</li><li class="swd-autopass swd-moments{"" if folded else " open"}">'
             f'<button type="button" class="small" aria-expanded="{str(not folded).lower()}"'
             f'{"" if folded else " aria-controls=swd-moments-list"}'
             f'{ev("swd-moments")}>{e(_("Ask me only…"))}</button>{moments}</li>')
    if at_window:  # beside "No, pass" (list items of the options)
        return items
    state = f'<p class="swd-autopass-now">{e(mark(mine))}</p>' if mine is not None else ""
    return f'<div class="swd-autopass-own">{state}<ul class="swd-options">{items}</ul></div>'
