"""The decision in front of the viewer, by the kind of its choice: the modes of a declared
card, the steps of a move, a choice on the board, cards to discard or give, a starting space,
and the declaration's draft (its state: ``ui.py``)."""

import json
from collections import Counter

from engine.age_of_thieves import content
from web.base.i18n import _, ngettext, number
from web.base.markup import refs
from web.base.messages import and_list
from web.games.aot import labels as L
from web.games.aot.board_svg import contents
from web.games.aot.labels import e
from web.games.aot.messages import JEWELS, space_text
from web.games.aot.ui import (
    BOARD,
    ap_choices,
    ap_left,
    can_declare,
    chosen_path,
    declarable,
    draft_entries,
    entry_of,
    free_to_carry,
    missing_carry,
    move_plan,
    token_ap,
    tokens_left,
)
from web.games.aot.widgets import act, button, card_html, carried, strong


def decision(view: dict, ui: dict, choice: dict) -> str:
    """The controls of ``choice`` (the viewer's), by its kind."""
    return {"declare": _declare, "resolve": _resolve, "move": _move, "choose": _choose,
            "discard": _cards_choice, "give": _cards_choice, "start": _start}.get(
        choice.get("kind"), _generic)(view, ui, choice)


def _ref(view: dict, option) -> str:
    """The key of the space or figure an option names ('' for none): the same key the board
    gives that space or figure."""
    if not isinstance(option, dict):
        return ""
    if isinstance(option.get("steal"), int):
        return f"T{option['steal']}"
    for key in ("step", "start", "pick", "sewer", "reveal"):
        value = option.get(key)
        if isinstance(value, str) and (value in BOARD.spaces or value in view["watch"]
                                       or L.thief_seat(value) is not None):
            return value
    return ""


def _generic(view, ui, choice) -> str:
    return _option_list(view, [(json.dumps(o), o) for o in choice.get("options", [])])


def _option_list(view: dict, items: list) -> str:
    return '<div class="aot-options">' + "".join(
        act(e(label), option, ref=_ref(view, option)) for label, option in items) + "</div>"


def _own_kind(view: dict, card_id: str) -> str | None:
    me = view.get("player")
    if me is None:
        return None
    for card in view["thieves"][me].get("hand", []):
        if card["id"] == card_id:
            return card["kind"]
    return card_id if card_id in content.cards() else None


def _resolve(view: dict, ui: dict, choice: dict) -> str:
    me = view["player"]
    declared = view["thieves"][me].get("declared", [])
    by_card: dict[int, list] = {}
    for option in choice.get("options", []):
        by_card.setdefault(option.get("card"), []).append(option)
    out = []
    for i, options in by_card.items():
        kinds = declared[i]["cards"] if isinstance(i, int) and i < len(declared) else []
        name = carried(kinds) or _("card {n}").format(n=i)
        init = declared[i]["init"] if isinstance(i, int) and i < len(declared) else "?"
        buttons = "".join(
            f'<li{refs(_mode_ref(o))}>{act(e(L.mode(o["as"])), o, _mode_cls(o))}'
            f'<span class="aot-mode-help">{e(L.mode_text(kinds, o["as"]))}</span></li>'
            for o in options)
        out.append(f'<div class="aot-resolve"><h3 class="aot-h3">{e(name)} '
                   f'<span class="aot-muted">({e(_("{init} AP").format(init=init))})</span></h3>'
                   f'<ul class="aot-modes">{buttons}</ul></div>')
    return "".join(out)


def _mode_ref(option: dict) -> str:
    """The key a lesson's tutor points at a mode by ('mode-sneak'), on the mode's row (an
    option's own key names a thing on the board)."""
    return f"mode-{option.get('as')}" if isinstance(option.get("as"), str) else ""


def _mode_cls(option: dict) -> str:
    return "" if option.get("as") == "resign" else "primary"


def _move(view: dict, ui: dict, choice: dict) -> str:
    options = choice.get("options", [])
    steps = [o for o in options if "step" in o]
    others = [o for o in options if "step" not in o]
    out = []
    if steps:
        links = "".join(act(e(_step_label(view, o["step"])), o, ref=o["step"]) for o in steps)
        hint = _("Choose a ringed space on the board to step there, or a farther space to plan "
                 "a walk.")
        out.append(f'<p class="aot-muted">{e(hint)}</p>'
                   f'<div class="aot-options" aria-label="{e(_("Steps"))}">{links}</div>')
    path = chosen_path(view, ui)
    if path:
        plan = move_plan(view)
        risky = [sp for sp in path if sp in plan["watched"]]
        warn = ('<p class="aot-warn">⚠ '
                + e(_("This way passes a guard or captain on {spaces}.").format(
                    spaces=and_list(risky))) + "</p>" if risky else "")
        walk = ngettext("Walk: {n} ({count} step).", "Walk: {n} ({count} steps).", len(path))
        out.append('<div class="aot-walk"><p>'
                   + strong(walk.replace("{count}", number(len(path))), " → ".join(path))
                   + " " + e(_("A walk does not stop to take jewels or reveal tokens; step one "
                               "space at a time for that."))
                   + f'</p>{warn}<p class="decision-submit">'
                   f'{button(e(_("Walk there")), "aot-path-go", cls="primary")} '
                   f'{button(e(_("Cancel")), "aot-path-clear")}</p></div>')
    buttons = [_move_option(view, o) for o in others]
    if buttons:
        out.append('<div class="aot-options">' + "".join(buttons) + "</div>")
    return "".join(out)


def _move_option(view: dict, option: dict) -> str:
    """A move option's button, keyed by the space it names, else (a wrapper) by ``_move_ref``."""
    label, ref = e(_move_label(view, option)), _ref(view, option)
    if ref:
        return act(label, option, ref=ref)
    return f'<span{refs(_move_ref(option))}>{act(label, option)}</span>'


def _move_ref(option: dict) -> str:
    """The key of a move option naming no space ('move-take', 'move-stop'), on a wrapper
    around its button: what a lesson's tutor points at."""
    return f"move-{next(iter(option))}" if option else ""


def _stuff(view: dict, sid: str) -> dict:
    return contents(view).get(sid, {"thieves": [], "watch": [], "jewels": []})


def _step_label(view: dict, sid: str) -> str:
    """A step button: the space and what waits there."""
    here = _stuff(view, sid)
    notes = []
    if here["watch"]:
        notes.append(" & ".join(L.watch_kind(view["watch"][g]["kind"])
                                for g in here["watch"]) + "!")
    notes += [L.jewel(j) for j in here["jewels"]]
    if sid in view["tokens"]:
        notes.append(_("token"))
    kinds = BOARD.spaces[sid].kinds if sid in BOARD.spaces else ()
    notes += [L.space_kind(k) for k in ("hideout", "sewer_entrance", "gate") if k in kinds]
    return _place(sid) + (f": {', '.join(notes)}" if notes else "")


def _place(sid: str) -> str:
    """'S24 (Salty Docks)': a space and its district, as the options name it."""
    if sid not in BOARD.spaces:
        return space_text(sid)
    return _("{space} ({district})").format(space=space_text(sid),
                                            district=L.district(BOARD.spaces[sid].district))


def _move_label(view: dict, option: dict) -> str:
    if "take" in option:
        return _("Take {jewel}").format(jewel=_(JEWELS[option["take"]]))
    if "reveal" in option:
        return _("Reveal the city token on {space}").format(space=space_text(option["reveal"]))
    if "steal" in option:
        return _("Steal {jewel} from {name}").format(jewel=_(JEWELS[option["jewel"]]),
                                                    name=L.who(view, option["steal"]))
    if "sewer" in option:
        return _("Through the sewers to {space}").format(space=space_text(option["sewer"]))
    if "kn" in option:
        return _("Use Known Neighborhood: 1 more space")
    if "leave" in option:
        return _("Leave the city through this gate")
    if "stop" in option:
        return _("Stop here")
    return json.dumps(option)


def _pick_label(view: dict, value) -> str:
    if isinstance(value, str):
        if value in BOARD.spaces:
            return _place(value)
        if value in view["watch"] or L.thief_seat(value) is not None:
            return L.figure_name(view, value)
        if value in L.JEWELS:
            return L.jewel(value)
    return str(value)


def _choose(view: dict, ui: dict, choice: dict) -> str:
    items = [(_pick_label(view, o.get("pick")), o) for o in choice.get("options", [])]
    out = [f'<p class="aot-muted">{e(_("Choose on the board (ringed) or here:"))}</p>',
           _option_list(view, items)]
    if choice.get("default") is not None:
        label = _pick_label(view, choice["default"].get("pick"))
        out.append('<p>' + act(e(_("Apply the default ({choice})").format(choice=label)),
                               choice["default"], "primary") + "</p>")
    return "".join(out)


def _cards_choice(view: dict, ui: dict, choice: dict) -> str:
    key = choice.get("kind")
    out = []
    for option in choice.get("options", []):
        kind = _own_kind(view, option.get(key))
        name = L.card_name(kind) if kind else str(option.get(key))
        label = e((_("Discard {card}") if key == "discard" else _("Give {card}")).format(
            card=name))
        ref = f"card-{option.get(key)}" if isinstance(option.get(key), str) else ""
        out.append(card_html(kind, "<p>" + act(label, option) + "</p>", ref=ref)
                   if kind else f"<span{refs(ref)}>{act(label, option)}</span>")
    return '<div class="aot-cards">' + "".join(out) + "</div>"


def _start(view: dict, ui: dict, choice: dict) -> str:
    items = [(_place(str(o.get("start"))), o) for o in choice.get("options", [])]
    return (f'<p class="aot-muted">'
            f'{e(_("The starting spaces carry a star and a ring on the board."))}</p>'
            + _option_list(view, items))


# --- declaration --------------------------------------------------------------------------
def _declare(view: dict, ui: dict, choice: dict) -> str:
    """One row per card the thief may declare: its AP as buttons 0 up to what is left (one tap
    sets them; 0 leaves the card out), the card the special card carries, the AP tokens."""
    spec = choice["spec"]
    entries = draft_entries(view, ui)
    left = ap_left(view, entries)
    kinds = {c["id"]: c["kind"] for c in view["thieves"][view["player"]].get("hand", [])}
    tokens_free = tokens_left(view, entries)
    carrier = entry_of(entries, spec["special"])

    def name_of(card: str) -> str:
        if card == spec["special"]:
            return _("{card} (special)").format(card=L.card_name(card))
        return L.card_name(kinds.get(card, card))

    # the AP summary
    cls = "aot-ap-left" + (" aot-warn" if left < 0 else "")
    summary = e(_("AP: {ap} · placed {placed} · left {left}"))
    for key, value in (("ap", spec["ap"]), ("placed", spec["ap"] - left), ("left", left)):
        summary = summary.replace("{" + key + "}", f"<strong>{number(value)}</strong>")
    out = [f'<p class="aot-muted">'
           f'{e(_("Choose the AP for each card you declare; 0 leaves it out."))}</p>']
    rows = []
    for card in declarable(spec):
        entry = entry_of(entries, card)
        name = name_of(card)
        head = f"<strong>{e(name)}</strong>"
        if entry:
            init = entry["ap"] + token_ap(entry["tokens"])
            head += f'<span class="aot-init">{e(_("initiative {n}").format(n=init))}</span>'
        parts = [f'<div class="aot-entry-head">{head}</div>']
        choices = ap_choices(view, entries, card)
        if carrier and carrier.get("carry") == card:
            under = _("lies under {card}").format(card=name_of(spec["special"]))
            parts.append(f'<p class="aot-muted">{e(under)}</p>')
        elif not can_declare(spec, entries, card):
            parts.append(f'<p class="aot-muted">'
                         f'{e(_("needs a general card from your hand to carry: none is free"))}'
                         "</p>")
        elif len(choices) > 1:
            current = entry["ap"] if entry else 0
            parts.append(
                f'<div class="aot-apsel" role="group" '
                f'aria-label="{e(_("AP on {card}").format(card=name))}">'
                + "".join(button(str(n), "aot-draft-ap", {"card": card, "ap": n}, "aot-ap-n",
                                 pressed=n == current,
                                 aria=_("{card}: {n} AP").format(card=name, n=n))
                          for n in choices) + "</div>")
        elif not entry:
            parts.append(f'<p class="aot-muted">{e(_("no AP left"))}</p>')
        if entry and "carry" in entry:
            parts.append(_carry_row(spec, entries, entry, kinds))
        if can_declare(spec, entries, card) and (tokens_free or entry and entry["tokens"]):
            parts.append(_token_row(card, name, entry["tokens"] if entry else [], tokens_free))
        rows.append(f'<li class="aot-entry{" aot-on" if entry else ""}"{refs(f"card-{card}")}>'
                    f'{"".join(parts)}</li>')
    out.append(f'<ol class="aot-draft">{"".join(rows)}</ol>')
    if not entries:
        out.append(f'<p class="aot-muted">'
                   f'{e(_("No card chosen yet. Confirming now declares nothing this turn."))}'
                   "</p>")
    # the plan's state beside its confirm, both kept in view while the rows are filled
    blocked = missing_carry(entries)
    warn = (f'<p class="aot-warn">'
            f'{e(_("Choose the general card your special card carries first."))}</p>'
            if blocked else "")
    out.append(f'<div class="decision-submit"><p class="{cls}" aria-live="polite">{summary}'
               f'</p>{warn}<div class="aot-options">'
               + button(e(_("Confirm declaration")), "aot-declare", cls="primary",
                        disabled=blocked)
               + button(e(_("Clear")), "aot-draft-clear", disabled=not entries)
               + "</div></div>")
    return "".join(out)


def _token_row(card: str, name: str, on: list[str], free: Counter) -> str:
    """The AP tokens on a card (a tap takes one off) and those still free (a tap puts one on,
    declaring the card if it had no AP)."""
    off = [button(f"× {e(L.token(k))}", "aot-draft-token",
                  {"card": card, "token": k, "add": False}, "aot-small aot-token-on",
                  aria=_("Take the token {token} off {card}").format(token=L.token(k), card=name))
           for k in on]
    put = [button("+ " + e(_("{token} ({ap} AP)").format(token=L.token(k),
                                                         ap=content.TOKEN_AP[k])),
                  "aot-draft-token", {"card": card, "token": k, "add": True}, "aot-small",
                  aria=_("Put the token {token} on {card}").format(token=L.token(k), card=name))
           for k in sorted(free)]
    return '<div class="aot-tokens-row">' + "".join(off + put) + "</div>"


def _carry_row(spec: dict, entries: list[dict], entry: dict, kinds: dict) -> str:
    """The general cards the special card may carry; the chosen one pressed (a tap on it takes
    it back)."""
    free = free_to_carry(spec, entries)
    carry_buttons = [button(e(L.card_name(kinds.get(card))), "aot-draft-carry", card,
                            "aot-small", pressed=card == entry["carry"])
                     for card in spec["hand"] if card == entry["carry"] or card in free]
    return (f'<div class="aot-carry"><span>{e(_("Carries:"))}</span> '
            + ("".join(carry_buttons) or f'<em>{e(_("no general card free"))}</em>')
            + ("" if entry["carry"] else
               f' <span class="aot-warn">{e(_("choose the card it carries"))}</span>')
            + "</div>")
