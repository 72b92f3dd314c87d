"""The Age of Thieves screen for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML; ``reduce(view, ui, ev, arg)`` (from ``ui.py``)
handles the events the HTML emits. Interactive elements carry ``data-ev`` and a JSON
``data-arg``; ``data-ev="act"`` elements hold an engine action the shell sends as it is.
"""

import json
import re
from collections import Counter

from engine.age_of_thieves import content

from ..regions import region
from . import labels as L
from .board_svg import contents, legend, render_board, space_label
from .labels import e
from .ui import (
    BOARD,
    ap_left,
    cards_in_draft,
    chosen_path,
    draft_entries,
    move_plan,
    reduce,
    tokens_left,
    zoom_of,
)

__all__ = ["reduce", "render_game", "render_result"]

LOG_SHOWN = 30


def _arg(value) -> str:
    return e(json.dumps(value, separators=(",", ":")))


def button(label: str, ev: str, arg=None, cls: str = "", disabled: bool = False,
           aria: str = "", pressed: bool | None = None) -> str:
    attrs = f' class="{cls}"' if cls else ""
    if arg is not None:
        attrs += f' data-arg="{_arg(arg)}"'
    if aria:
        attrs += f' aria-label="{e(aria)}"'
    if pressed is not None:
        attrs += f' aria-pressed="{"true" if pressed else "false"}"'
    if disabled:
        attrs += " disabled"
    return f'<button type="button" data-ev="{e(ev)}"{attrs}>{label}</button>'


def act(label: str, action, cls: str = "", aria: str = "") -> str:
    return button(label, "act", action, cls, aria=aria)


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
        region("aot-prompt", f'<div class="aot-prompt-area">{_result(view)}{_prompt(view, ui)}'
                             "</div>"),
        '<div class="aot-board-area">', region("aot-tools", _board_tools(view, ui)),
        render_board(view, ui), region("aot-legend", _legend_block(shown)), "</div>",
        '<div class="aot-side">', region("aot-hand", _hand(view, shown)),
        region("aot-order", _order(view)), region("aot-sheets", _sheets(view)),
        region("aot-event", _event_and_decks(view, shown)), region("aot-log", _log(view, shown)),
        "</div>",
        "</div>",
    ]
    return "".join(parts)


def _status(view: dict) -> str:
    alarm = view["alarm"]
    state = ('<span class="aot-chip aot-alarm">⚠ Alarm</span>' if alarm
             else '<span class="aot-chip aot-calm">☾ Calm</span>')
    turn = f'Turn {view["turn"]}' if view["turn"] else "Before the first turn"
    items = [f"<strong>{e(turn)}</strong>", e(L.PHASES.get(view["phase"], view["phase"])),
             state]
    if view.get("initiative") is not None:
        dice = " and ".join(str(d) for d in view.get("dice", []))
        items.append(f'<span title="dice: {e(dice)}">City guard initiative '
                     f'<strong>{view["initiative"]}</strong></span>')
    event = L.event_info(view.get("event"))
    if event:
        items.append(f'Event: <strong>{e(event["name"])}</strong>')
    if view.get("open_district"):
        items.append(f'Open gates: <strong>{e(L.DISTRICTS[view["open_district"]])}</strong>')
    if view.get("player") is not None:
        items.append(f'You: <strong>{e(L.who(view, view["player"]))}</strong>')
    return ('<header class="aot-status" aria-label="Game status">'
            + "".join(f"<span>{i}</span>" for i in items) + "</header>")


def _result(view: dict) -> str:
    result = view.get("result")
    if not result:
        return ""
    winner = result.get("winner")
    if winner is None:
        head = "Game over: every thief is defeated."
    else:
        head = f"Game over: {L.who(view, winner)} wins"
    reason = result.get("reason", "")
    rows = []
    for row in sorted(result.get("table", []), key=lambda r: -r.get("vp", 0)):
        p = row["player"]
        jewels = ", ".join(L.JEWELS.get(j, j) for j in row.get("jewels", [])) or "no jewels"
        rows.append(f'<tr><th scope="row">{e(L.who(view, p))}</th><td>{row.get("vp", 0)}</td>'
                    f'<td>{"escaped" if row.get("escaped") else "still in the city"}</td>'
                    f"<td>{e(jewels)}{' · Best Burglar' if row.get('best_burglar') else ''}"
                    "</td></tr>")
    table = ('<table class="aot-table"><thead><tr><th>Thief</th><th>VP</th><th>Fate</th>'
             f'<th>Loot</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return (f'<section class="aot-panel aot-result" role="status"><h2 class="aot-h">'
            f'{e(head)}</h2><p>{e(_sentence(reason))}</p>{table}</section>')


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")


# --- the decision in front of the viewer --------------------------------------------------
def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if view.get("result"):
        return ""
    if not choice:
        return section("Waiting", f"<p>{e(_waiting_text(view))}</p>", "aot-wait")
    kind = choice.get("kind")
    body = {"declare": _declare, "resolve": _resolve, "move": _move, "choose": _choose,
            "discard": _cards_choice, "give": _cards_choice, "start": _start}.get(
        kind, _generic)(view, ui, choice)
    return (f'<section class="aot-panel aot-prompt" aria-live="polite">'
            f'<h2 class="aot-h">Your decision</h2><p class="aot-prompt-text">'
            f'{e(choice.get("prompt", ""))}</p>{body}</section>')


def _waiting_text(view: dict) -> str:
    if view["phase"] == "declaration" and view.get("waiting"):
        names = ", ".join(L.who(view, p) for p in view["waiting"])
        return f"Waiting for the declarations of: {names}."
    now = _current_order(view)
    if now:
        who, p, init = now
        return ("The city guard acts." if who == "guard"
                else f"{L.who(view, p)} resolves a card with {init} AP.")
    return "Waiting for another player."


def _generic(view, ui, choice) -> str:
    return _option_list([(json.dumps(o), o) for o in choice.get("options", [])])


def _option_list(items: list) -> str:
    return '<div class="aot-options">' + "".join(
        act(e(label), option) for label, option in items) + "</div>"


def _own_kind(view: dict, card_id: str) -> str | None:
    me = view.get("player")
    if me is None:
        return None
    for card in view["thieves"][me].get("hand", []):
        if card["id"] == card_id:
            return card["kind"]
    return card_id if card_id in content.cards() else None


def _card_html(kind: str | None, extra: str = "", head_extra: str = "") -> str:
    if kind is None:
        return '<div class="aot-card aot-card-back">Face-down card</div>'
    data = L.card(kind)
    rng = data.get("range", None)
    meta = []
    if data.get("type") in ("general", "special"):
        meta.append("range: any" if rng is None else "range: your district" if rng == "D"
                    else f"range: {rng}")
        if data.get("theft"):
            meta.append("theft icon")
    meta_html = f'<span class="aot-card-meta">{e(" · ".join(meta))}</span>' if meta else ""
    return (f'<div class="aot-card aot-card-{e(data.get("type", ""))}"><div class="aot-card-head">'
            f'<strong>{e(data["name"])}</strong>{meta_html}{head_extra}</div>'
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
        name = " carrying ".join(L.card_name(k) for k in kinds) or f"card {i}"
        init = declared[i]["init"] if isinstance(i, int) and i < len(declared) else "?"
        buttons = "".join(
            f'<li>{act(e(L.MODES.get(o["as"], o["as"])), o, _mode_cls(o))}'
            f'<span class="aot-mode-help">{e(L.mode_text(kinds, o["as"]))}</span></li>'
            for o in options)
        out.append(f'<div class="aot-resolve"><h3 class="aot-h3">{e(name)} '
                   f'<span class="aot-muted">({init} AP)</span></h3>'
                   f'<ul class="aot-modes">{buttons}</ul></div>')
    return "".join(out)


def _mode_cls(option: dict) -> str:
    return "" if option.get("as") == "resign" else "primary"


def _move(view: dict, ui: dict, choice: dict) -> str:
    options = choice.get("options", [])
    steps = [o for o in options if "step" in o]
    others = [o for o in options if "step" not in o]
    out = []
    if steps:
        links = "".join(act(e(_step_label(view, o["step"])), o,
                            aria="Step to " + space_label(view, o["step"], _stuff(view, o["step"])))
                        for o in steps)
        out.append(f'<p class="aot-muted">Click a ringed space on the board to step there, or '
                   f'a farther space to plan a walk.</p><div class="aot-options" '
                   f'aria-label="Steps">{links}</div>')
    path = chosen_path(view, ui)
    if path:
        plan = move_plan(view)
        risky = [sp for sp in path if sp in plan["watched"]]
        warn = (f'<p class="aot-warn">⚠ This way passes a guard or captain on '
                f'{e(", ".join(risky))}.</p>' if risky else "")
        out.append(f'<div class="aot-walk"><p>Walk: <strong>{e(" → ".join(path))}</strong> '
                   f'({len(path)} steps). A walk does not stop to take jewels or reveal '
                   f'tokens; step one space at a time for that.</p>{warn}'
                   f'{button("Walk there", "aot-path-go", cls="primary")} '
                   f'{button("Cancel", "aot-path-clear")}</div>')
    buttons = [act(e(_move_label(view, o)), o, "primary" if "stop" not in o else "")
               for o in others]
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
        notes.append(" & ".join(view["watch"][g]["kind"] for g in here["watch"]) + "!")
    notes += [L.JEWELS.get(j, j) for j in here["jewels"]]
    if sid in view["tokens"]:
        notes.append("token")
    kinds = BOARD.spaces[sid].kinds if sid in BOARD.spaces else ()
    notes += [L.KINDS[k] for k in ("hideout", "sewer_entrance", "gate") if k in kinds]
    return _space_name(sid) + (f" ({', '.join(notes)})" if notes else "")


def _move_label(view: dict, option: dict) -> str:
    if "take" in option:
        return f"Take the {L.JEWELS.get(option['take'], option['take'])}"
    if "reveal" in option:
        return f"Reveal the city token on {option['reveal']}"
    if "steal" in option:
        victim = option["steal"]
        name = L.who(view, victim) if isinstance(victim, int) else str(victim)
        return f"Steal the {L.JEWELS.get(option.get('jewel'), option.get('jewel'))} from {name}"
    if "sewer" in option:
        return f"Through the sewers to {_space_name(option['sewer'])}"
    if "kn" in option:
        return "Use Known Neighborhood: 1 more space"
    if "leave" in option:
        return "Leave the city through this gate"
    if "stop" in option:
        return "Stop here"
    return json.dumps(option)


def _space_name(sid) -> str:
    space = BOARD.spaces.get(sid)
    if space is None:
        return str(sid)
    return f"{sid} {space.name}" if space.name else str(sid)


def _pick_label(view: dict, value) -> str:
    if isinstance(value, str):
        if value in BOARD.spaces:
            return _space_name(value)
        if value in view["watch"] or re.fullmatch(r"T\d", value):
            return L.figure_name(view, value)
        if value in L.JEWELS:
            return L.JEWELS[value]
    return str(value)


def _choose(view: dict, ui: dict, choice: dict) -> str:
    items = [(_pick_label(view, o.get("pick")), o) for o in choice.get("options", [])]
    out = ['<p class="aot-muted">Choose on the board (ringed) or here:</p>', _option_list(items)]
    if choice.get("default") is not None:
        label = _pick_label(view, choice["default"].get("pick"))
        out.append('<p>' + act(f"Apply the default ({e(label)})", choice["default"], "primary")
                   + "</p>")
    return "".join(out)


def _cards_choice(view: dict, ui: dict, choice: dict) -> str:
    key = choice.get("kind")
    out = []
    for option in choice.get("options", []):
        kind = _own_kind(view, option.get(key))
        name = L.card_name(kind) if kind else str(option.get(key))
        verb = "Discard" if key == "discard" else "Give"
        out.append(_card_html(kind, "<p>" + act(f"{verb} {e(name)}", option) + "</p>")
                   if kind else act(f"{verb} {e(name)}", option))
    return '<div class="aot-cards">' + "".join(out) + "</div>"


def _start(view: dict, ui: dict, choice: dict) -> str:
    items = [(_space_name(o["start"]) + f" ({L.DISTRICTS[BOARD.spaces[o['start']].district]})"
              if o.get("start") in BOARD.spaces else str(o.get("start")), o)
             for o in choice.get("options", [])]
    return ('<p class="aot-muted">The starting spaces carry a star and a ring on the '
            'board.</p>' + _option_list(items))


# --- declaration --------------------------------------------------------------------------
def _declare(view: dict, ui: dict, choice: dict) -> str:
    spec = choice["spec"]
    entries = draft_entries(view, ui)
    left = ap_left(view, entries)
    in_draft = cards_in_draft(entries)
    kinds = {c["id"]: c["kind"] for c in view["thieves"][view["player"]].get("hand", [])}
    special = spec["special"]
    tokens_free = tokens_left(view, entries)
    # the AP summary
    cls = "aot-ap-left" + (" aot-warn" if left < 0 else "")
    out = [f'<p class="{cls}" aria-live="polite">AP: <strong>{spec["ap"]}</strong> · '
           f'placed <strong>{spec["ap"] - left}</strong> · left <strong>{left}</strong></p>']
    # cards that can be added
    adds = []
    for card in spec["basic"]:
        adds.append(button(f"+ {e(L.card_name(card))}", "aot-draft-add", card,
                           disabled=card in in_draft))
    adds.append(button(f"+ {e(L.card_name(special))} (special)", "aot-draft-add", special,
                       disabled=special in in_draft))
    for card in spec["hand"]:
        adds.append(button(f"+ {e(L.card_name(kinds.get(card)))}", "aot-draft-add", card,
                           disabled=card in in_draft))
    out.append(f'<div class="aot-adds" aria-label="Add a card">{"".join(adds)}</div>')
    # the draft
    rows = []
    for i, entry in enumerate(entries):
        card = entry["card"]
        name = L.card_name(kinds.get(card, card))
        tokens_ap = sum({"informer": 1, "guild_agent": 2}.get(k, 0) for k in entry["tokens"])
        init = entry["ap"] + tokens_ap
        ap_ctl = (button("−", "aot-draft-ap", {"i": i, "d": -1}, "aot-step",
                         disabled=entry["ap"] <= 0, aria=f"One AP less on {name}")
                  + f'<output class="aot-ap" aria-label="AP on {e(name)}">{entry["ap"]}</output>'
                  + button("+", "aot-draft-ap", {"i": i, "d": 1}, "aot-step",
                           disabled=left <= 0, aria=f"One AP more on {name}"))
        extra = []
        if "carry" in entry:
            carry_buttons = []
            for hand_card in spec["hand"]:
                chosen = entry.get("carry") == hand_card
                if hand_card in in_draft and not chosen:
                    continue
                carry_buttons.append(button(
                    e(L.card_name(kinds.get(hand_card))), "aot-draft-carry",
                    {"i": i, "card": None if chosen else hand_card}, "aot-small",
                    pressed=chosen))
            extra.append('<div class="aot-carry"><span>Carries:</span> '
                         + ("".join(carry_buttons) or '<em>no general card free</em>')
                         + ("" if entry.get("carry") else
                            ' <span class="aot-warn">choose the card it carries</span>')
                         + "</div>")
        token_btns = [button(f"× {e(L.TOKENS[k])}", "aot-draft-token",
                             {"i": i, "token": k, "add": False}, "aot-small aot-token-on",
                             aria=f"Take the {L.TOKENS[k]} token off {name}")
                      for k in entry["tokens"]]
        token_btns += [button(f"+ {e(L.TOKENS[k])} ({1 if k == 'informer' else 2} AP)",
                              "aot-draft-token", {"i": i, "token": k, "add": True}, "aot-small",
                              aria=f"Put an {L.TOKENS[k]} token on {name}")
                       for k in sorted(tokens_free)]
        if token_btns:
            extra.append('<div class="aot-tokens-row">' + "".join(token_btns) + "</div>")
        rows.append(
            f'<li class="aot-entry"><div class="aot-entry-head"><strong>{e(name)}</strong>'
            f'<span class="aot-apctl">{ap_ctl}</span>'
            f'<span class="aot-init">initiative {init}</span>'
            + button("Remove", "aot-draft-remove", i, "aot-small",
                     aria=f"Remove {name} from the declaration")
            + "</div>" + "".join(extra) + "</li>")
    if rows:
        out.append(f'<ol class="aot-draft">{"".join(rows)}</ol>')
    else:
        out.append('<p class="aot-muted">No card chosen yet. Confirming now declares '
                   'nothing this turn.</p>')
    out.append('<div class="aot-options">'
               + button("Confirm declaration", "aot-declare", cls="primary")
               + button("Clear", "aot-draft-clear", disabled=not entries) + "</div>")
    return "".join(out)


# --- side panels --------------------------------------------------------------------------
def _hand(view: dict, shown: dict) -> str:
    me = view.get("player")
    if me is None:
        return ""
    th = view["thieves"][me]
    cards = [_card_html(c["kind"]) for c in th.get("hand", [])]
    special = _card_html(th["special"], head_extra='<span class="aot-card-meta">your special '
                         'card</span>')
    info = L.thief_info(th["id"])
    ability = (f'<p class="aot-ability"><strong>{e(info["name"])}, {e(info.get("title", ""))}'
               f':</strong> {e(info.get("ability", ""))}</p>')
    open_ = shown.get("cards", False)
    more = button(("Hide" if open_ else "Show") + " the basic and special cards and your "
                  "ability", "aot-toggle", "cards", "aot-small aot-more", pressed=open_)
    if open_:
        more += (f'<div class="aot-cards">{_card_html("move")}{_card_html("ambush")}'
                 f'{special}</div>{ability}')
    body = (f'<div class="aot-cards">{"".join(cards) or "<p>No cards in hand.</p>"}</div>'
            f"{more}")
    return section(f"Your hand ({len(th.get('hand', []))})", body, "aot-hand")


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
        name = "City guard" if who == "guard" else L.who(view, p)
        mark = _seat_mark(p) if who != "guard" else '<span class="aot-mark-guard">g</span>'
        tag = {"now": " — resolving now", "done": " — done", "next": ""}[state]
        current = ' aria-current="step"' if state == "now" else ""
        items.append(f'<li class="aot-o-{state}"{current}>'
                     f'<span class="aot-o-init">{init}</span> {mark} {e(name)}{e(tag)}</li>')
    return section("Order of resolution", f'<ol class="aot-order">{"".join(items)}</ol>',
                   "aot-order-panel")


def _seat_mark(p: int) -> str:
    from .board_svg import shape_path

    return (f'<svg class="aot-seat-mark" viewBox="-12 -12 24 24" aria-hidden="true">'
            f'<polygon points="{shape_path(L.seat_shape(p), 0, 0, 10)}" '
            f'style="fill:{L.seat_colour(p)}" stroke="#111" stroke-width="1.5"/></svg>')


def _where(view: dict, th: dict) -> str:
    where = th.get("where")
    if where == "board":
        sp = th.get("space")
        return f"on {_space_name(sp)} ({L.DISTRICTS[BOARD.spaces[sp].district]})" \
            if sp in BOARD.spaces else f"on {sp}"
    if where == "dungeon":
        return f"in the dungeon {_space_name(th.get('space'))}"
    if where == "escaped":
        return "escaped from the city"
    return "not on the board yet"


def _sheets(view: dict) -> str:
    me = view.get("player")
    out = []
    for p, th in enumerate(view["thieves"]):
        info = L.thief_info(th["id"])
        jewels = Counter(th.get("jewels", []))
        jewel_txt = ", ".join(f"{n}× {L.JEWELS.get(j, j)}" if n > 1 else L.JEWELS.get(j, j)
                              for j, n in jewels.items()) or "none"
        tokens = Counter(th.get("tokens", []))
        token_txt = ", ".join(f"{n}× {L.TOKENS.get(k, k)}" if n > 1 else L.TOKENS.get(k, k)
                              for k, n in tokens.items()) or "none"
        states = [s for s, on in (
            ("hidden", th.get("hidden")), ("cannot be caught", th.get("protected")),
            ("held in place", th.get("immobile")), ("theft marker", th.get("theft_marker")),
            ("robbed this turn", th.get("stolen")), ("Best Burglar", th.get("best_burglar")),
        ) if on]
        rows = [("Where", _where(view, th)), ("Jewels", jewel_txt), ("Tokens", token_txt),
                ("VP", str(th.get("vp", 0))), ("Cards in hand", str(th.get("hand_size", 0)))]
        if p == me:
            rows.insert(3, ("AP", _ap_text(th)))
        if th.get("red"):
            rows.append(("Red AP", str(th["red"])))
        if states:
            rows.append(("State", ", ".join(states)))
        declared = th.get("declared")
        if declared:
            rows.append(("Declared", _declared_text(declared)))
        dl = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in rows)
        cls = "aot-sheet" + (" aot-sheet-me" if p == me else "")
        first = ' <span class="aot-chip">first thief</span>' if view.get("first") == p else ""
        you = ' <span class="aot-chip">you</span>' if p == me else ""
        out.append(f'<article class="{cls}"><h3 class="aot-h3">{_seat_mark(p)} '
                   f'{e(th["name"])}{you}{first}</h3><p class="aot-muted">{e(info["name"])}, '
                   f'{e(info.get("title", ""))} · special: '
                   f'{e(L.card_name(th.get("special")))}</p><dl class="aot-dl">{dl}</dl>'
                   "</article>")
    return section("Thieves", '<div class="aot-sheets">' + "".join(out) + "</div>")


def _ap_text(th: dict) -> str:
    parts = [str(th.get("ap", 0))]
    if th.get("temp_next"):
        parts.append(f"+{th['temp_next']} next turn")
    if th.get("bola_next"):
        parts.append(f"−{th['bola_next']} next turn (bola)")
    if th.get("draw_next"):
        parts.append(f"draws {th['draw_next']} next turn")
    return ", ".join(parts)


def _declared_text(declared: list) -> str:
    words = {"declared": "waiting", "resolved": "resolved", "resigned": "resigned",
             "cancelled": "cancelled"}
    out = []
    for d in sorted(declared, key=lambda d: -d.get("init", 0)):
        cards = d.get("cards", [])
        known = [c for c in cards if c is not None]
        name = " carrying ".join(L.card_name(c) for c in cards) if known else "face down"
        out.append(f"{d.get('init')} AP: {name} ({words.get(d.get('state'), d.get('state'))})")
    return "; ".join(out)


def _event_and_decks(view: dict, shown: dict) -> str:
    event = L.event_info(view.get("event"))
    out = []
    if event:
        out.append(f'<div class="aot-event"><strong>{e(event["name"])}</strong>'
                   f'<p>{e(event.get("text", ""))}</p></div>')
    decks = view.get("decks", {})
    counts = [("Action deck", decks.get("action", 0)), ("Discard pile", len(view["discard"])),
              ("Calm events left", decks.get("calm", 0)),
              ("Alarm events left", decks.get("alarm", 0)),
              ("Yellow jewels in the pool", view.get("pool", {}).get("yellow", 0))]
    out.append('<dl class="aot-dl aot-decks">' + "".join(
        f"<dt>{e(k)}</dt><dd>{v}</dd>" for k, v in counts) + "</dl>")
    open_ = shown.get("discard", False)
    out.append(button(("Hide" if open_ else "Show") + " the discard pile", "aot-toggle",
                      "discard", "aot-small", pressed=open_))
    if open_:
        pile = Counter(view["discard"])
        items = "".join(f"<li>{n}× {e(L.card_name(k))}</li>" for k, n in sorted(
            pile.items(), key=lambda kv: L.card_name(kv[0]))) or "<li>empty</li>"
        out.append(f'<ul class="aot-discard">{items}</ul>')
    return section("Event and decks", "".join(out), "aot-decks-panel")


def _log(view: dict, shown: dict) -> str:
    entries = view.get("log", [])
    everything = shown.get("log", False)
    picked = entries if everything else entries[-LOG_SHOWN:]
    items = []
    last_turn = None
    for entry in reversed(picked):
        turn = entry.get("turn")
        if turn != last_turn:
            label = f"Turn {turn}" if turn else "Set-up"
            if turn == view["turn"] and turn:
                label += " (this turn)"
            items.append(f'<li class="aot-log-turn">{e(label)}</li>')
            last_turn = turn
        text = entry.get("text", "")
        cls = ["aot-log-line"]
        if turn == view["turn"]:
            cls.append("aot-log-now")
        if re.match(r"The (guard|captain|city guard)|A (guard|captain)", text):
            cls.append("aot-log-watch")
        if "caught" in text:
            cls.append("aot-log-caught")
        if "to" in entry:
            cls.append("aot-log-private")
        items.append(f'<li class="{" ".join(cls)}">{e(text)}</li>')
    more = ""
    if len(entries) > LOG_SHOWN:
        more = button(f"Show the last {LOG_SHOWN} only" if everything
                      else f"Show all {len(entries)} entries", "aot-toggle", "log", "aot-small")
    return section("Game log (latest first)", f'<ol class="aot-log" aria-label="Game log">'
                   f'{"".join(items)}</ol>{more}', "aot-log-panel")


def _board_tools(view: dict, ui: dict) -> str:
    z = zoom_of(ui)["z"]
    me = view.get("player")
    tools = [button("+", "aot-zoom", "in", "aot-tool", aria="Zoom in"),
             button("−", "aot-zoom", "out", "aot-tool", aria="Zoom out", disabled=z <= 1),
             button("Reset", "aot-zoom", "reset", "aot-tool", aria="Show the whole board")]
    if z > 1:
        tools += [button("←", "aot-pan", "left", "aot-tool", aria="Pan left"),
                  button("↑", "aot-pan", "up", "aot-tool", aria="Pan up"),
                  button("↓", "aot-pan", "down", "aot-tool", aria="Pan down"),
                  button("→", "aot-pan", "right", "aot-tool", aria="Pan right")]
    path = chosen_path(view, ui)
    if path:
        tools.append(button(f"Walk {len(path)} steps to {e(path[-1])}", "aot-path-go",
                            cls="aot-tool primary"))
    if me is not None and view["thieves"][me].get("space") in BOARD.spaces:
        tools.append(button("Find me", "aot-centre", view["thieves"][me]["space"], "aot-tool",
                            aria="Zoom to your thief"))
    return (f'<div class="aot-tools" role="toolbar" aria-label="Board zoom">{"".join(tools)}'
            f'<span class="aot-zoom-level">{z:g}×</span></div>')


def _legend_block(shown: dict) -> str:
    open_ = shown.get("legend", False)
    head = button(("Hide" if open_ else "Show") + " the legend", "aot-toggle", "legend",
                  "aot-small", pressed=open_)
    return f'<div class="aot-legend-box">{head}{legend() if open_ else ""}</div>'


# --- the end of the game ------------------------------------------------------------------
def render_result(result: dict, names: list[str], state: dict) -> tuple[str, str, str]:
    """(title, why, standings table HTML) of a finished game."""
    winner = result.get("winner")
    if result["outcome"] == "emperor_escape":
        title = f"{names[winner]} wins!"
        why = "They left the city with the Emperors' Jewel: an instant victory."
    elif result["outcome"] == "escape":
        title = f"{names[winner]} wins!"
        reason = result.get("reason", "most VP")
        why = ("They got out of the city with the most victory points." if reason ==
               "most VP" else f"The VP were tied; the tie was broken by {reason}.")
    else:
        title = "Nobody wins"
        why = "No thief got out of the city through an open gate in time: all are caught."
    rows = []
    for entry in result["table"]:
        p = entry["player"]
        jewels = entry["jewels"]
        counted = ", ".join(f"{jewels.count(j)} {j}" for j in ("emperor", "green", "yellow")
                            if j in jewels) or "none"
        counted = counted.replace("emperor", "Emperors' Jewel")
        cls = ' class="winner"' if p == winner else ""
        rows.append(
            f'<tr{cls}><th scope="row">{e(names[p])}<span class="thief">'
            f"{e(content.thieves()[entry['thief']]['name'])}</span></th>"
            f'<td class="num">{entry["vp"]}</td>'
            f"<td>{'yes' if entry['escaped'] else 'no'}</td><td>{e(counted)}</td>"
            f"<td>{'yes' if entry['best_burglar'] else '—'}</td></tr>")
    table = (f'<div class="table-wrap"><table class="results"><caption>Final standings'
             f'</caption><thead><tr><th scope="col">Player</th>'
             f'<th scope="col" class="num">VP</th><th scope="col">Got out</th>'
             f'<th scope="col">Jewels</th><th scope="col">Best Burglar</th></tr>'
             f'</thead><tbody>{"".join(rows)}</tbody></table></div>')
    return title, why, table
