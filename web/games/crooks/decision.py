"""The decision in front of a crooks player: the options the screen offers, each a button carrying
the ``data-ref`` key of what it names (static/pointing.js); a den to pay for (passing asks once
more), a crook to take from the stack, a place and a face for the crook in hand, or the options of
an action in words.
"""

from engine.crooks import content
from web.base.i18n import _
from web.base.markup import button, e, refs, why
from web.games.crooks.messages import WHY, crook_name, money, say
from web.games.crooks.pieces import card, card_key, cards, den_label


def offered(view: dict, ui: dict) -> list:
    """The options the screen offers now: those of the decision, the places only for the face
    chosen (``placing_face``), only passing while a pass is being confirmed."""
    choice = view.get("choice")
    if not choice:
        return []
    if choice["kind"] == "place":
        face = placing_face(choice["options"], ui)
        return [o for o in choice["options"] if o["face"] == face]
    if confirming_pass(choice, ui):
        return [o for o in choice["options"] if "pass" in o]
    return choice["options"]


def confirming_pass(choice: dict, ui: dict) -> bool:
    """Whether the person pressed "Pass…" and is asked to confirm it."""
    return choice["kind"] == "turn" and bool(ui.get("confirm_pass"))


def placing_face(options: list, ui: dict) -> str:
    """The face a crook is being placed with: the person's choice, else face up where it may."""
    faces = [f for f in ("up", "down") if any(o["face"] == f for o in options)]
    return ui.get("face") if ui.get("face") in faces else faces[0]


def option_ref(view: dict, option: dict) -> str:
    """The key of the thing ``option`` names (``refs``), or '' (pass, use, decline)."""
    me = view.get("player")
    if "den" in option:
        return f"den-{option['den']}"
    if "take" in option:
        return f"crook-{option['take']}"
    if "place" in option:
        return f"cell-{option['place']}-{me}"
    if "swap_to" in option:
        return f"cell-{option['swap_to']}-{me}"
    if "kill" in option:
        return f"cell-{view['step']['at']}-{option['kill']}"
    if option.get("spy") == "target":
        return f"tgt-{option['at']}"
    if option.get("spy") == "den":
        return f"den-{option['at']}"
    return ""


def with_attrs(html: str, attrs: str) -> str:
    """A ``markup.button`` with more attributes (HTML) in its opening tag."""
    return html.replace("<button ", f"<button{attrs} ", 1)


def option_button(view: dict, label: str, option: dict, disabled: bool = False, aria: str = "",
                  cls: str = "") -> str:
    """A button choosing ``option`` (``label`` is text), carrying the key of what it names."""
    return with_attrs(button(e(label), "act", option, f"crk-opt {cls}".strip(),
                             disabled=disabled, aria=aria), refs(option_ref(view, option)))


def prompt(view: dict, ui: dict) -> str:
    """The decision: its question and its options (none out of turn)."""
    choice = view.get("choice")
    if not choice:
        return ""
    body = PROMPTS.get(choice["kind"], _generic)(view, ui, choice["options"])
    # while a pass is confirmed its question is the whole decision (``_turn``)
    ask = ("" if confirming_pass(choice, ui)
           else f'<p class="crk-ask">{e(say(choice["prompt"], view["names"]))}</p>')
    return (f'<section class="crk-prompt decision" aria-live="polite"><h3 class="crk-h">'
            f'{e(_("Your decision"))}</h3>{ask}{body}'
            f'{why(WHY, choice["kind"])}</section>')


def _turn(view: dict, ui: dict, options: list) -> str:
    if ui.get("confirm_pass"):
        # the question alone, "Yes, pass" first: the control the focus goes to after "Pass…"
        return (f'<div class="crk-confirm decision-submit" role="group" '
                f'aria-label="{e(_("Confirm"))}">'
                f'<p class="crk-ask">'
                + e(_("Pass for the rest of the game? You recruit no more crooks.")) + "</p>"
                + button(e(_("Yes, pass")), "act", {"pass": True}, "danger")
                + button(e(_("Go on recruiting")), "crk-pass", False) + "</div>")
    dens = {o["den"] for o in options if "den" in o}
    me = view["player"]
    rows = []
    for d in view["dens"]:
        count = d["count"]
        if not count:
            continue
        label = " · ".join([den_label(d["den"]), cards(count), money(count)])
        if d["den"] not in dens:
            label = (_("{den} (too dear)") if count > view["money"][me]
                     else _("{den} (nothing you may take)")).format(den=label)
        rows.append(option_button(view, label, {"den": d["den"]},
                                  disabled=d["den"] not in dens, cls="crk-den-btn"))
    if not dens:
        return (f'<p class="hint">{e(_("You cannot pay for any den: you must pass."))}</p>'
                + button(e(_("Pass")), "act", {"pass": True}, "crk-opt"))
    return (f'<div class="crk-options">{"".join(rows)}</div>'
            f'<p class="hint">{e(_("Or tap a den on the table."))}</p>'
            f'<p>{button(e(_("Pass…")), "crk-pass", True, "crk-opt")}</p>')


def _take(view: dict, ui: dict, options: list) -> str:
    allowed = {o["take"] for o in options}
    seen = view["memory"][-1]["saw"] if view["memory"] else []
    cells = []
    for c in seen:
        option = {"take": c["crook"]}
        ok = c["crook"] in allowed
        why = "" if ok else f'<span class="crk-why">{e(take_refusal(c, seen))}</span>'
        cells.append(f'<div class="crk-pick">'
                     f'{card(c, key=card_key(c), place="den", ref=option_ref(view, option))}'
                     + option_button(view, _("Take"), option, disabled=not ok,
                                     aria=_("Take {crook}").format(crook=crook_name(c["crook"])))
                     + f"{why}</div>")
    return f'<div class="crk-stack">{"".join(cells)}</div>'


def take_refusal(c: dict, stack: list) -> str:
    """Why a crook of the stack cannot be taken (docs/crooks.md 2.2: Kingpin, full row)."""
    if c["action"] == "kingpin" and len(stack) > 1:
        return _("The Kingpin can be taken only as the last card of its stack.")
    return _("No target in your column has room for it; take another.")


def _place(view: dict, ui: dict, options: list) -> str:
    hand = view.get("hand")
    shown = card(hand, _("in your hand"), card_key(hand), "hand") if hand else ""
    face = placing_face(options, ui)
    faces = {"up": _("Face up"), "down": _("Face down ({money} more; no action)").format(
        money=money(content.FACE_DOWN_COST))}
    usable = [f for f in faces if any(o["face"] == f for o in options)]
    if len(usable) > 1:
        how = (f'<div class="crk-options" role="group" aria-label="{e(_("How to place it"))}">'
               + "".join(with_attrs(button(e(faces[f]), "crk-face", f, "crk-opt"),
                                    f' aria-pressed="{str(f == face).lower()}"')
                         for f in usable) + "</div>")
    else:
        how = f'<p class="crk-face">{e(faces[face])}</p>'
    aria = {"up": _("Place at target {target}, face up"),
            "down": _("Place at target {target}, face down")}[face]
    places = "".join(option_button(view, place_text(view, o), o,
                                   aria=aria.format(target=o["place"]))
                     for o in options if o["face"] == face)
    # compact for a phone's panel: the card beside the face toggle, the targets in a grid
    return (f'<div class="crk-placing"><div class="crk-hand">{shown}</div>{how}</div>'
            f'<p class="hint crk-place-hint">'
            f'{e(_("Choose a target, or tap a place in your column."))}</p>'
            f'<div class="crk-options crk-places">{places}</div>')


def place_text(view: dict, option: dict) -> str:
    """A place for the crook in hand, with what its action does there."""
    v, me, hand = option["place"], view["player"], view["hand"]
    target = _("Target {target}").format(target=v)
    own = next(t["piles"][me] for t in view["targets"] if t["value"] == v)
    if not own or option["face"] == "down":
        return target
    joins = {"accomplice": _("{target}: joins your crooks"),
             "swap": _("{target}: your crooks there move on"),
             "killer": _("{target}: replaces your crooks")}
    return joins[hand["action"]].format(target=target) if hand["action"] in joins else target


def _generic(view: dict, ui: dict, options: list) -> str:
    return ('<div class="crk-options">' + "".join(
        option_button(view, option_text(view, o), o) for o in options) + "</div>")


PROMPTS = {"turn": _turn, "take": _take, "place": _place}


def option_text(view: dict, option: dict) -> str:
    """A decision in words."""
    names, me = view["names"], view.get("player")
    if option.get("use") is True:
        return _("Use it")
    if option.get("use") is False:
        return _("Do not use it")
    if "kill" in option:
        q = option["kill"]
        return (_("Remove your own crooks there (the Killer takes their place)") if q == me
                else _("Remove {name}'s crooks there").format(name=names[q]))
    if "swap_to" in option:
        return _("Move them to target {target}").format(target=option["swap_to"])
    if option.get("spy") == "target":
        return _("Look at the face-down crooks at target {target}").format(target=option["at"])
    return _("Look at den {den}").format(den=option["at"])

