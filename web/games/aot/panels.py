"""The panels around the Age of Thieves board: the board's tools, legend and list of spaces,
the viewer's hand, the order of resolution, the thieves' sheets, the event and decks, and the
game log."""

from collections import Counter

from web.base.i18n import N_, _, ngettext, number
from web.base.markup import scrolls
from web.games.aot import labels as L
from web.games.aot.board_pieces import legend
from web.games.aot.board_svg import spaces_list
from web.games.aot.labels import e
from web.games.aot.messages import say, space_text
from web.games.aot.ui import BOARD, chosen_path, zoom_of
from web.games.aot.widgets import (
    button,
    card_html,
    carried,
    jewels_text,
    player_names,
    seat_mark,
    section,
)

LOG_SHOWN = 30


def hand(view: dict, shown: dict) -> str:
    me = view.get("player")
    if me is None:
        return ""
    th = view["thieves"][me]
    cards = [card_html(c["kind"], key=c["id"]) for c in th.get("hand", [])]
    special = card_html(th["special"], head_extra=f'<span class="aot-card-meta">'
                        f'{e(_("your special card"))}</span>') if th["special"] else ""
    info = L.thief_info(th["id"])
    ability = (f'<p class="aot-ability"><strong>{e(L.thief_title(th["id"]))}:</strong> '
               f'{e(info.get("ability", ""))}</p>')
    open_ = shown.get("cards", False)
    if not th["special"]:  # a game without special cards
        label = (_("Hide the basic cards and your ability") if open_
                 else _("Show the basic cards and your ability"))
    else:
        label = (_("Hide the basic and special cards and your ability") if open_
                 else _("Show the basic and special cards and your ability"))
    more = button(e(label),
                  "aot-toggle", "cards", "aot-small aot-more", pressed=open_)
    if open_:
        more += (f'<div class="aot-cards">{card_html("move")}{card_html("ambush")}'
                 f'{special}</div>{ability}')
    body = (f'<div class="aot-cards">'
            f'{"".join(cards) or "<p>" + e(_("No cards in hand.")) + "</p>"}</div>{more}')
    return section(_("Your hand ({count})").format(count=len(th.get("hand", []))), body,
                   "aot-hand")


def current_order(view: dict):
    """The (who, seat, initiative) of the order of resolution resolving now (None for none)."""
    if view["phase"] != "resolution":
        return None
    pos = view.get("order_pos", 0)
    order = view.get("order", [])
    return order[pos - 1] if 0 < pos <= len(order) else None


def resolution_order(view: dict) -> str:
    order = view.get("order") or []
    if not order:
        return ""
    pos = view.get("order_pos", 0)
    items = []
    for i, (who, p, init) in enumerate(order):
        state = "done" if i < pos - 1 else "now" if i == pos - 1 else "next"
        name = _("City guard") if who == "guard" else L.who(view, p)
        mark = seat_mark(p) if who != "guard" else (
            f'<span class="aot-mark-guard">{e(L.figure_letter("guard"))}</span>')
        tag = {"now": " — " + _("resolving now"), "done": " — " + _("done"), "next": ""}[state]
        current = ' aria-current="step"' if state == "now" else ""
        items.append(f'<li class="aot-o-{state}"{current}>'
                     f'<span class="aot-o-init">{init}</span> {mark} {e(name)}{e(tag)}</li>')
    return section(_("Order of resolution"), f'<ol class="aot-order">{"".join(items)}</ol>',
                   "aot-order-panel")


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


def sheets(view: dict) -> str:
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
        rows = [(_("Where"), _where(view, th)), (_("Jewels"), jewels_text(th.get("jewels", []))),
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
        special = (" · " + _("special: {card}").format(card=L.card_name(th["special"]))
                   if th.get("special") else "")
        out.append(f'<article class="{cls}"><h3 class="aot-h3">{seat_mark(p)} '
                   f'{e(th["name"])}{you}{first}</h3><p class="aot-muted">'
                   f'{e(L.thief_title(th["id"]))}{e(special)}</p><dl class="aot-dl">{dl}</dl>'
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
        name = carried(cards) if known else _("face down")
        state = d.get("state")
        out.append(_("{init} AP: {card} ({state})").format(
            init=d.get("init"), card=name, state=_(words[state]) if state in words else state))
    return "; ".join(out)


def event_and_decks(view: dict, shown: dict) -> str:
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


def game_log(view: dict, shown: dict) -> str:
    entries = view.get("log", [])
    everything = shown.get("log", False)
    picked = entries if everything else entries[-LOG_SHOWN:]
    names = player_names(view)
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


def board_tools(view: dict, ui: dict) -> str:
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


def places_block(view: dict, shown: dict) -> str:
    """The board in words (``spaces_list``), shown on request; a screen reader can play from
    it and the options."""
    open_ = shown.get("places", False)
    head = button(e(_("Hide the spaces as a list") if open_ else _("Show the spaces as a list")),
                  "aot-toggle", "places", "aot-small", pressed=open_)
    return f'<div class="aot-places-box">{head}{spaces_list(view) if open_ else ""}</div>'


def legend_block(shown: dict) -> str:
    open_ = shown.get("legend", False)
    head = button(e(_("Hide the legend") if open_ else _("Show the legend")), "aot-toggle",
                  "legend", "aot-small", pressed=open_)
    return f'<div class="aot-legend-box">{head}{legend() if open_ else ""}</div>'
