"""The Age of Thieves screen for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML; ``reduce(view, ui, ev, arg)`` (from ``ui.py``)
handles the events the HTML emits. Interactive elements carry ``data-ev`` and a JSON
``data-arg``; ``data-ev="act"`` elements hold an engine action the shell sends as it is.
"""

import json
from collections import Counter

from engine.age_of_thieves import content

from ..i18n import N_, _, ngettext, number
from ..markup import refs, scrolls
from ..messages import and_list
from ..regions import region
from . import labels as L
from .board_pieces import legend, shape_path
from .board_svg import contents, open_gates, render_board, spaces_list
from .labels import e
from .messages import JEWELS, REASONS, say, space_text
from .ui import (
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
    reduce,
    token_ap,
    tokens_left,
    zoom_of,
)

__all__ = ["reduce", "render_game", "render_result", "say"]

LOG_SHOWN = 30


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


def section(title: str, body: str, cls: str = "", level: int = 2) -> str:
    return (f'<section class="aot-panel {cls}"><h{level} class="aot-h">{e(title)}</h{level}>'
            f"{body}</section>")


# --- the whole screen ---------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    shown = ui.get("show") or {}
    parts = [
        '<div class="aot">',
        region("aot-status", _status(view)),
        region("aot-prompt", f'<div class="aot-prompt-area">{_prompt(view, ui)}'
                             "</div>"),
        '<div class="aot-board-area">', region("aot-tools", _board_tools(view, ui)),
        render_board(view, ui), region("aot-legend", _legend_block(shown)),
        region("aot-places", _places_block(view, shown)), "</div>",
        '<div class="aot-side">', region("aot-hand", _hand(view, shown)),
        region("aot-order", _order(view)), region("aot-sheets", _sheets(view)),
        region("aot-event", _event_and_decks(view, shown)), region("aot-log", _log(view, shown)),
        "</div>",
        "</div>",
    ]
    return "".join(parts)


def _status(view: dict) -> str:
    alarm = view["alarm"]
    state = (f'<span class="aot-chip aot-alarm">⚠ {e(_("Alarm"))}</span>' if alarm
             else f'<span class="aot-chip aot-calm">☾ {e(_("Calm"))}</span>')
    turn = (_("Turn {turn}").format(turn=number(view["turn"])) if view["turn"]
            else _("Before the first turn"))
    items = [f"<strong>{e(turn)}</strong>", e(L.phase(view["phase"])), state]
    if view.get("initiative") is not None:
        dice = and_list([number(d) for d in view.get("dice", [])])
        items.append(f'<span title="{e(_("dice: {dice}").format(dice=dice))}">'
                     + _strong(_("City guard initiative {n}"), view["initiative"]) + "</span>")
    event = L.event_info(view.get("event"))
    if event:
        items.append(_strong(_("Event: {n}"), event["name"]))
    if view.get("open_district"):
        items.append(_strong(_("Open gates: {n}"), L.district(view["open_district"])))
    if view.get("player") is not None:
        items.append(_strong(_("You: {n}"), L.who(view, view["player"])))
    clock = _clock(view)
    if clock:
        items.insert(3, clock)
    return (f'<header class="aot-status" aria-label="{e(_("Game status"))}">'
            + "".join(f"<span>{i}</span>" for i in items)
            + f'<p class="aot-goal">{e(_goal(view))}</p>{_loot(view)}</header>')


def turns_left(view: dict) -> int:
    """The turns the event decks still give, this one included: the Calm deck's only, while
    the Emperors' Jewel lies in the vault (the Alarm deck follows its theft)."""
    decks = view.get("decks", {})
    if view["alarm"]:
        return decks.get("alarm", 0) + 1
    return decks.get("calm", 0) + 1 + (decks.get("alarm", 0) if view["emperor_taken"] else 0)


def _clock(view: dict) -> str:
    """'3 turns left' or 'Last turn!' (the Calm deck's, before the jewel is stolen)."""
    if not view["turn"] or view.get("result"):
        return ""
    left = turns_left(view)
    calm = not view["alarm"] and not view["emperor_taken"]
    if left == 1:
        text = _("Last Calm turn") if calm else _("Last turn!")
        return f'<strong class="aot-chip aot-last">{e(text)}</strong>'
    text = (ngettext("{n} Calm turn left", "{n} Calm turns left", left) if calm
            else ngettext("{n} turn left", "{n} turns left", left))
    return _strong(text, number(left))


def _goal(view: dict) -> str:
    """How to win from here, and how the game ends (at the end: why it ended so)."""
    if view.get("result"):
        return end_reason(view["result"], view)
    if not view["emperor_taken"]:
        return _("Goal: take the Emperors' Jewel from the vault and get out of the city with "
                 "it. If the Calm deck runs out before anyone takes it, every thief loses.")
    gates = and_list([space_text(gate) for gate in open_gates(view)])
    district = L.district(view["open_district"])
    if not view["alarm"]:
        return _("The gates of the {district} ({gates}) open when the alarm sounds next "
                 "turn. Leave through one of them before the Alarm deck runs out: with the "
                 "Emperors' Jewel you win at once, otherwise the thief who got out with the "
                 "most VP wins. Whoever is still in the city then loses.").format(
            district=district, gates=gates)
    return _("Leave the city through an open gate of the {district} ({gates}, marked on the "
             "board): with the Emperors' Jewel you win at once; otherwise, when the Alarm "
             "deck runs out, the thief who got out with the most VP wins. Whoever is still "
             "in the city then loses.").format(district=district, gates=gates)


def _loot(view: dict) -> str:
    """Who holds which jewels, and what each thief would be worth on leaving the city."""
    items = []
    for p, th in enumerate(view["thieves"]):
        jewels = th.get("jewels", [])
        if th.get("where") == "escaped":
            worth = _("got out with {vp} VP").format(vp=number(th.get("vp", 0)))
        elif "emperor" in jewels:
            worth = _("wins at once on leaving")
        else:
            worth = _("{vp} VP on leaving").format(vp=number(th.get("vp", 0)))
        held = _jewels_text(jewels) if jewels else _("no jewels")
        items.append(f"<li>{_seat_mark(p)} <strong>{e(th['name'])}</strong>: "
                     f"{e(held)} · {e(worth)}</li>")
    return (f'<ul class="aot-loot" aria-label="{e(_("Jewels and their worth"))}">'
            f'{"".join(items)}</ul>')


def _strong(template: str, value) -> str:
    """A translated ``template`` with its ``{n}`` in bold."""
    return e(template).replace("{n}", f"<strong>{e(value)}</strong>")


def _names(view: dict) -> list[str]:
    return [th["name"] for th in view["thieves"]]


def _jewels_text(jewels: list) -> str:
    """'2× green jewel, yellow jewel' ('none' without jewels)."""
    counted = Counter(jewels)
    return ", ".join(f"{n}× {L.jewel(j)}" if n > 1 else L.jewel(j)
                     for j, n in counted.items()) or _("none")


# --- the decision in front of the viewer --------------------------------------------------
def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if view.get("result"):
        return ""
    if not choice:
        return section(_("Waiting"), f"<p>{e(_waiting_text(view))}</p>", "aot-wait")
    kind = choice.get("kind")
    body = {"declare": _declare, "resolve": _resolve, "move": _move, "choose": _choose,
            "discard": _cards_choice, "give": _cards_choice, "start": _start}.get(
        kind, _generic)(view, ui, choice)
    return (f'<section class="aot-panel aot-prompt decision" aria-live="polite">'
            f'<h2 class="aot-h">{e(_("Your decision"))}</h2><p class="aot-prompt-text">'
            f'{e(say(choice["prompt"], _names(view)))}</p>{body}</section>')


def _waiting_text(view: dict) -> str:
    if view["phase"] == "declaration" and view.get("waiting"):
        names = and_list([L.who(view, p) for p in view["waiting"]])
        return _("Waiting for the declarations of: {names}.").format(names=names)
    now = _current_order(view)
    if now:
        who, p, init = now
        return (_("The city guard acts.") if who == "guard"
                else _("{name} resolves a card with {init} AP.").format(
                    name=L.who(view, p), init=number(init)))
    return _("Waiting for another player.")


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


def _card_html(kind: str | None, extra: str = "", head_extra: str = "", key: str = "") -> str:
    """A card; ``key``: its id when it lies in the viewer's hand (it slides there and out:
    docs/motion.md)."""
    if kind is None:
        return f'<div class="aot-card aot-card-back">{e(_("Face-down card"))}</div>'
    data = L.card(kind)
    meta = [L.card_range(kind)] if L.card_range(kind) else []
    if meta and data.get("theft"):
        meta.append(_("theft icon"))
    meta_html = f'<span class="aot-card-meta">{e(" · ".join(meta))}</span>' if meta else ""
    slide = f' data-key="card:{e(key)}" data-place="hand"' if key else ""
    return (f'<div class="aot-card aot-card-{e(data.get("type", ""))}"{slide}>'
            f'<div class="aot-card-head">'
            f'<strong>{e(L.card_name(kind))}</strong>{meta_html}{head_extra}</div>'
            f'<p>{e(L.card_text(kind))}</p>{extra}</div>')


def _resolve(view: dict, ui: dict, choice: dict) -> str:
    me = view["player"]
    declared = view["thieves"][me].get("declared", [])
    by_card: dict[int, list] = {}
    for option in choice.get("options", []):
        by_card.setdefault(option.get("card"), []).append(option)
    out = []
    for i, options in by_card.items():
        kinds = declared[i]["cards"] if isinstance(i, int) and i < len(declared) else []
        name = _carried(kinds) or _("card {n}").format(n=i)
        init = declared[i]["init"] if isinstance(i, int) and i < len(declared) else "?"
        buttons = "".join(
            f'<li>{act(e(L.mode(o["as"])), o, _mode_cls(o))}'
            f'<span class="aot-mode-help">{e(L.mode_text(kinds, o["as"]))}</span></li>'
            for o in options)
        out.append(f'<div class="aot-resolve"><h3 class="aot-h3">{e(name)} '
                   f'<span class="aot-muted">({e(_("{init} AP").format(init=init))})</span></h3>'
                   f'<ul class="aot-modes">{buttons}</ul></div>')
    return "".join(out)


def _carried(kinds: list) -> str:
    """'Smoke Grenade' or, for a special card carrying a general one, 'A carrying B'."""
    if len(kinds) == 2:
        return _("{card} carrying {other}").format(card=L.card_name(kinds[0]),
                                                   other=L.card_name(kinds[1]))
    return "".join(L.card_name(k) for k in kinds)


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
                   + _strong(walk.replace("{count}", number(len(path))), " → ".join(path))
                   + " " + e(_("A walk does not stop to take jewels or reveal tokens; step one "
                               "space at a time for that."))
                   + f'</p>{warn}{button(e(_("Walk there")), "aot-path-go", cls="primary")} '
                   f'{button(e(_("Cancel")), "aot-path-clear")}</div>')
    buttons = [act(e(_move_label(view, o)), o, ref=_ref(view, o)) for o in others]
    if buttons:
        out.append('<div class="aot-options">' + "".join(buttons) + "</div>")
    return "".join(out)


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
        out.append(_card_html(kind, "<p>" + act(label, option) + "</p>")
                   if kind else act(label, option))
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
    out = [f'<p class="{cls}" aria-live="polite">{summary}</p>',
           f'<p class="aot-muted">'
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
        rows.append(f'<li class="aot-entry{" aot-on" if entry else ""}">{"".join(parts)}</li>')
    out.append(f'<ol class="aot-draft">{"".join(rows)}</ol>')
    if not entries:
        out.append(f'<p class="aot-muted">'
                   f'{e(_("No card chosen yet. Confirming now declares nothing this turn."))}'
                   "</p>")
    blocked = missing_carry(entries)
    if blocked:
        out.append(f'<p class="aot-warn">'
                   f'{e(_("Choose the general card your special card carries first."))}</p>')
    out.append('<div class="aot-options">'
               + button(e(_("Confirm declaration")), "aot-declare", cls="primary",
                        disabled=blocked)
               + button(e(_("Clear")), "aot-draft-clear", disabled=not entries) + "</div>")
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


# --- side panels --------------------------------------------------------------------------
def _hand(view: dict, shown: dict) -> str:
    me = view.get("player")
    if me is None:
        return ""
    th = view["thieves"][me]
    cards = [_card_html(c["kind"], key=c["id"]) for c in th.get("hand", [])]
    special = _card_html(th["special"], head_extra=f'<span class="aot-card-meta">'
                         f'{e(_("your special card"))}</span>')
    info = L.thief_info(th["id"])
    ability = (f'<p class="aot-ability"><strong>{e(L.thief_title(th["id"]))}:</strong> '
               f'{e(info.get("ability", ""))}</p>')
    open_ = shown.get("cards", False)
    more = button(e(_("Hide the basic and special cards and your ability") if open_
                    else _("Show the basic and special cards and your ability")),
                  "aot-toggle", "cards", "aot-small aot-more", pressed=open_)
    if open_:
        more += (f'<div class="aot-cards">{_card_html("move")}{_card_html("ambush")}'
                 f'{special}</div>{ability}')
    body = (f'<div class="aot-cards">'
            f'{"".join(cards) or "<p>" + e(_("No cards in hand.")) + "</p>"}</div>{more}')
    return section(_("Your hand ({count})").format(count=len(th.get("hand", []))), body,
                   "aot-hand")


def _current_order(view: dict):
    if view["phase"] != "resolution":
        return None
    pos = view.get("order_pos", 0)
    order = view.get("order", [])
    return order[pos - 1] if 0 < pos <= len(order) else None


def _order(view: dict) -> str:
    order = view.get("order") or []
    if not order:
        return ""
    pos = view.get("order_pos", 0)
    items = []
    for i, (who, p, init) in enumerate(order):
        state = "done" if i < pos - 1 else "now" if i == pos - 1 else "next"
        name = _("City guard") if who == "guard" else L.who(view, p)
        mark = _seat_mark(p) if who != "guard" else (
            f'<span class="aot-mark-guard">{e(L.figure_letter("guard"))}</span>')
        tag = {"now": " — " + _("resolving now"), "done": " — " + _("done"), "next": ""}[state]
        current = ' aria-current="step"' if state == "now" else ""
        items.append(f'<li class="aot-o-{state}"{current}>'
                     f'<span class="aot-o-init">{init}</span> {mark} {e(name)}{e(tag)}</li>')
    return section(_("Order of resolution"), f'<ol class="aot-order">{"".join(items)}</ol>',
                   "aot-order-panel")


def _seat_mark(p: int) -> str:
    return (f'<svg class="aot-seat-mark" viewBox="-12 -12 24 24" aria-hidden="true">'
            f'<polygon points="{shape_path(L.seat_shape(p), 0, 0, 10)}" '
            f'style="fill:{L.seat_colour(p)}" stroke="#111" stroke-width="1.5"/></svg>')


def _where(view: dict, th: dict) -> str:
    where = th.get("where")
    if where == "board":
        sp = th.get("space")
        if sp not in BOARD.spaces:
            return _("on {space}").format(space=sp)
        return _("on {space} ({district})").format(space=space_text(sp),
                                                   district=L.district(BOARD.spaces[sp].district))
    if where == "dungeon":
        return _("in the dungeon {space}").format(space=space_text(str(th.get("space"))))
    if where == "escaped":
        return _("escaped from the city")
    return _("not on the board yet")


def _sheets(view: dict) -> str:
    me = view.get("player")
    out = []
    for p, th in enumerate(view["thieves"]):
        tokens = Counter(th.get("tokens", []))
        token_txt = ", ".join(f"{n}× {L.token(k)}" if n > 1 else L.token(k)
                              for k, n in tokens.items()) or _("none")
        states = [_(s) for s, on in (
            (N_("hidden"), th.get("hidden")), (N_("cannot be caught"), th.get("protected")),
            (N_("held in place"), th.get("immobile")),
            (N_("theft marker"), th.get("theft_marker")),
            (N_("robbed this turn"), th.get("stolen")),
            (N_("Best Burglar"), th.get("best_burglar")),
        ) if on]
        rows = [(_("Where"), _where(view, th)), (_("Jewels"), _jewels_text(th.get("jewels", []))),
                (_("Tokens"), token_txt), (_("VP"), number(th.get("vp", 0))),
                (_("Cards in hand"), number(th.get("hand_size", 0)))]
        if p == me:
            rows.insert(3, (_("AP"), _ap_text(th)))
        if th.get("red"):
            rows.append((_("Red AP"), number(th["red"])))
        if states:
            rows.append((_("State"), ", ".join(states)))
        declared = th.get("declared")
        if declared:
            rows.append((_("Declared"), _declared_text(declared)))
        dl = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in rows)
        cls = "aot-sheet" + (" aot-sheet-me" if p == me else "")
        first = (f' <span class="aot-chip">{e(_("first thief"))}</span>'
                 if view.get("first") == p else "")
        you = f' <span class="aot-chip">{e(_("you"))}</span>' if p == me else ""
        special = _("special: {card}").format(card=L.card_name(th.get("special")))
        out.append(f'<article class="{cls}"><h3 class="aot-h3">{_seat_mark(p)} '
                   f'{e(th["name"])}{you}{first}</h3><p class="aot-muted">'
                   f'{e(L.thief_title(th["id"]))} · {e(special)}</p><dl class="aot-dl">{dl}</dl>'
                   "</article>")
    return section(_("Thieves"), '<div class="aot-sheets">' + "".join(out) + "</div>")


def _ap_text(th: dict) -> str:
    parts = [number(th.get("ap", 0))]
    if th.get("temp_next"):
        parts.append(_("+{n} next turn").format(n=th["temp_next"]))
    if th.get("bola_next"):
        parts.append(_("−{n} next turn (bola)").format(n=th["bola_next"]))
    if th.get("draw_next"):
        parts.append(_("draws {n} next turn").format(n=th["draw_next"]))
    return ", ".join(parts)


def _declared_text(declared: list) -> str:
    words = {"declared": N_("waiting"), "resolved": N_("resolved"), "resigned": N_("resigned"),
             "cancelled": N_("cancelled")}
    out = []
    for d in sorted(declared, key=lambda d: -d.get("init", 0)):
        cards = d.get("cards", [])
        known = [c for c in cards if c is not None]
        name = _carried(cards) if known else _("face down")
        state = d.get("state")
        out.append(_("{init} AP: {card} ({state})").format(
            init=d.get("init"), card=name, state=_(words[state]) if state in words else state))
    return "; ".join(out)


def _event_and_decks(view: dict, shown: dict) -> str:
    event = L.event_info(view.get("event"))
    out = []
    if event:
        out.append(f'<div class="aot-event"><strong>{e(event["name"])}</strong>'
                   f'<p>{e(event.get("text", ""))}</p></div>')
    decks = view.get("decks", {})
    counts = [(_("Action deck"), decks.get("action", 0)),
              (_("Discard pile"), len(view["discard"])),
              (_("Calm events left"), decks.get("calm", 0)),
              (_("Alarm events left"), decks.get("alarm", 0)),
              (_("Yellow jewels in the pool"), view.get("pool", {}).get("yellow", 0))]
    out.append('<dl class="aot-dl aot-decks">' + "".join(
        f"<dt>{e(k)}</dt><dd>{number(v)}</dd>" for k, v in counts) + "</dl>")
    open_ = shown.get("discard", False)
    out.append(button(e(_("Hide the discard pile") if open_ else _("Show the discard pile")),
                      "aot-toggle", "discard", "aot-small", pressed=open_))
    if open_:
        pile = Counter(view["discard"])
        items = "".join(f"<li>{n}× {e(L.card_name(k))}</li>" for k, n in sorted(
            pile.items(), key=lambda kv: L.card_name(kv[0]))) or f"<li>{e(_('empty'))}</li>"
        out.append(f'<ul class="aot-discard">{items}</ul>')
    return section(_("Event and decks"), "".join(out), "aot-decks-panel")


def _log(view: dict, shown: dict) -> str:
    entries = view.get("log", [])
    everything = shown.get("log", False)
    picked = entries if everything else entries[-LOG_SHOWN:]
    names = _names(view)
    items = []
    last_turn = None
    for entry in reversed(picked):
        turn = entry.get("turn")
        if turn != last_turn:
            label = (_("Turn {turn}").format(turn=number(turn)) if turn else L.phase("setup"))
            if turn == view["turn"] and turn:
                label = _("{turn} (this turn)").format(turn=label)
            items.append(f'<li class="aot-log-turn">{e(label)}</li>')
            last_turn = turn
        cls = ["aot-log-line"]
        if turn == view["turn"]:
            cls.append("aot-log-now")
        mark = ""
        if _about_the_watch(entry):
            cls.append("aot-log-watch")
            mark = (f'<span class="aot-mark-guard" aria-hidden="true">'
                    f'{e(L.figure_letter("guard"))}</span> ')
        if entry["msg"] == "caught":
            cls.append("aot-log-caught")
        if "to" in entry:
            cls.append("aot-log-private")
        items.append(f'<li class="{" ".join(cls)}">{mark}{e(say(entry, names))}</li>')
    more = ""
    if len(entries) > LOG_SHOWN:
        more = button(e(_("Show the last {n} only").format(n=LOG_SHOWN) if everything
                        else _("Show all {n} entries").format(n=number(len(entries)))),
                      "aot-toggle", "log", "aot-small")
    return section(_("Game log (latest first)"),
                   scrolls(_("Game log"), f'<ol class="aot-log">{"".join(items)}</ol>',
                           "aot-log-scroll") + more, "aot-log-panel")


WATCH_LINES = {"city_guard_acts", "watch_appears", "watch_sent", "initiative"}


def _about_the_watch(entry: dict) -> bool:
    """A log line about the city guard (the log marks them)."""
    return entry["msg"] in WATCH_LINES or (
        entry["msg"] == "moves" and L.thief_seat(entry["args"]["figure"]) is None)


def _board_tools(view: dict, ui: dict) -> str:
    z = zoom_of(ui)["z"]
    me = view.get("player")
    tools = [button("+", "aot-zoom", "in", "aot-tool", aria=_("Zoom in")),
             button("−", "aot-zoom", "out", "aot-tool", aria=_("Zoom out"), disabled=z <= 1),
             button(e(_("Reset")), "aot-zoom", "reset", "aot-tool")]
    if z > 1:
        tools += [button("←", "aot-pan", "left", "aot-tool", aria=_("Pan left")),
                  button("↑", "aot-pan", "up", "aot-tool", aria=_("Pan up")),
                  button("↓", "aot-pan", "down", "aot-tool", aria=_("Pan down")),
                  button("→", "aot-pan", "right", "aot-tool", aria=_("Pan right"))]
    path = chosen_path(view, ui)
    if path:
        walk = ngettext("Walk {count} step to {space}", "Walk {count} steps to {space}",
                        len(path))
        tools.append(button(e(walk.format(count=len(path), space=path[-1])), "aot-path-go",
                            cls="aot-tool primary"))
    if me is not None and view["thieves"][me].get("space") in BOARD.spaces:
        tools.append(button(e(_("Find me")), "aot-centre", view["thieves"][me]["space"],
                            "aot-tool"))
    return (f'<div class="aot-tools" role="toolbar" aria-label="{e(_("Board zoom"))}">'
            f'{"".join(tools)}'
            f'<span class="aot-zoom-level">{z:g}×</span><span class="aot-board-hint">'
            f'{e(_("Swipe the board to see the rest of the city."))}</span></div>')


def _places_block(view: dict, shown: dict) -> str:
    """The board in words (``spaces_list``), shown on request; a screen reader can play from
    it and the options."""
    open_ = shown.get("places", False)
    head = button(e(_("Hide the spaces as a list") if open_ else _("Show the spaces as a list")),
                  "aot-toggle", "places", "aot-small", pressed=open_)
    return f'<div class="aot-places-box">{head}{spaces_list(view) if open_ else ""}</div>'


def _legend_block(shown: dict) -> str:
    open_ = shown.get("legend", False)
    head = button(e(_("Hide the legend") if open_ else _("Show the legend")), "aot-toggle",
                  "legend", "aot-small", pressed=open_)
    return f'<div class="aot-legend-box">{head}{legend() if open_ else ""}</div>'


# --- the end of the game ------------------------------------------------------------------
def end_reason(result: dict, view: dict) -> str:
    """Why the game ended as it did; ``view`` tells whether the Emperors' Jewel left the vault
    and who got out."""
    outcome = result["outcome"]
    if outcome == "emperor_escape":
        return _("They left the city with the Emperors' Jewel: an instant victory.")
    if outcome == "escape":
        reason = result.get("reason", "vp")
        if reason != "vp":
            return _("The VP were tied; the tie was broken by: {reason}.").format(
                reason=_(REASONS[reason]))
        if len(view["escaped"]) == 1:
            return _("They were the only thief to get out of the city before the Alarm deck "
                     "ran out.")
        return _("They got out of the city with the most victory points.")
    if not view["emperor_taken"]:
        return _("The Calm deck ran out before any thief took the Emperors' Jewel from the "
                 "vault: every thief loses.")
    return _("No thief left the city through an open gate before the Alarm deck ran out: "
             "every thief still in the city loses.")


def render_result(result: dict, names: list[str], final_view: dict) -> tuple[str, str, str]:
    """(title, why, standings table HTML) of a finished game, from its spectator view."""
    winner = result.get("winner")
    title = (_("Nobody wins") if winner is None
             else _("{name} wins!").format(name=names[winner]))
    why = end_reason(result, final_view)
    rows = []
    best = f'<span class="aot-best">★\u00a0{e(_("Best Burglar"))}</span>'
    for entry in result["table"]:
        p = entry["player"]
        cls = ' class="winner"' if p == winner else ""
        rows.append(
            f'<tr{cls}><th scope="row">{e(names[p])}<span class="thief">'
            f"{e(L.thief_info(entry['thief'])['name'])}</span>"
            f"{best if entry['best_burglar'] else ''}</th>"
            f'<td class="num">{number(entry["vp"])}</td>'
            f"<td>{e(_('yes') if entry['escaped'] else _('no'))}</td>"
            f"<td>{e(_jewels_text(entry['jewels']))}</td></tr>")
    # the Best Burglar token beside the name: four columns fit a phone in German too
    table = scrolls(_("Final standings"), f'<table class="results"><caption>'
                    f'{e(_("Final standings"))}</caption><thead><tr>'
                    f'<th scope="col">{e(_("Player"))}</th>'
                    f'<th scope="col" class="num">{e(_("VP"))}</th>'
                    f'<th scope="col">{e(_("Got out"))}</th>'
                    f'<th scope="col">{e(_("Jewels"))}</th></tr>'
                    f'</thead><tbody>{"".join(rows)}</tbody></table>')
    return title, why, table
