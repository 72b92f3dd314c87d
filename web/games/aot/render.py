"""The Age of Thieves screen for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML; ``reduce(view, ui, ev, arg)`` (from ``ui.py``)
handles the events the HTML emits. Interactive elements carry ``data-ev`` and a JSON
``data-arg``; ``data-ev="act"`` elements hold an engine action the shell sends as it is.
"""

from web.base.i18n import _, ngettext, number
from web.base.markup import scrolls, why
from web.base.messages import and_list
from web.base.regions import region
from web.games.aot import labels as L
from web.games.aot import panels
from web.games.aot.board_svg import open_gates, render_board
from web.games.aot.decisions import decision
from web.games.aot.labels import e
from web.games.aot.messages import REASONS, WHY, say, space_text
from web.games.aot.ui import controls, reduce
from web.games.aot.widgets import jewels_text, player_names, seat_mark, section, strong

__all__ = ["controls", "reduce", "render_game", "render_result", "say"]


# --- the whole screen ---------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    shown = ui.get("show") or {}
    parts = [
        '<div class="aot">',
        region("aot-status", _status(view)),
        region("aot-prompt", f'<div class="aot-prompt-area">{_prompt(view, ui)}'
                             "</div>"),
        '<div class="aot-board-area">', region("aot-tools", panels.board_tools(view, ui)),
        render_board(view, ui), region("aot-legend", panels.legend_block(shown)),
        region("aot-places", panels.places_block(view, shown)), "</div>",
        '<div class="aot-side">', region("aot-hand", panels.hand(view, shown)),
        region("aot-order", panels.resolution_order(view)),
        region("aot-sheets", panels.sheets(view)),
        region("aot-event", panels.event_and_decks(view, shown)),
        region("aot-log", panels.game_log(view, shown)),
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
                     + strong(_("City guard initiative {n}"), view["initiative"]) + "</span>")
    event = L.event_info(view.get("event"))
    if event:
        items.append(strong(_("Event: {n}"), event["name"]))
    if view.get("open_district"):
        items.append(strong(_("Open gates: {n}"), L.district(view["open_district"])))
    if view.get("player") is not None:
        items.append(strong(_("You: {n}"), L.who(view, view["player"])))
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
    return strong(text, number(left))


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
        held = jewels_text(jewels) if jewels else _("no jewels")
        items.append(f"<li>{seat_mark(p)} <strong>{e(th['name'])}</strong>: "
                     f"{e(held)} · {e(worth)}</li>")
    return (f'<ul class="aot-loot" aria-label="{e(_("Jewels and their worth"))}">'
            f'{"".join(items)}</ul>')


# --- the decision in front of the viewer --------------------------------------------------
def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if view.get("result"):
        return ""
    if not choice:
        return section(_("Waiting"), f"<p>{e(_waiting_text(view))}</p>", "aot-wait")
    return (f'<section class="aot-panel aot-prompt decision" aria-live="polite">'
            f'<h2 class="aot-h">{e(_("Your decision"))}</h2><p class="aot-prompt-text">'
            f'{e(say(choice["prompt"], player_names(view)))}</p>{decision(view, ui, choice)}'
            f'{why(WHY, choice["kind"])}</section>')


def _waiting_text(view: dict) -> str:
    if view["phase"] == "declaration" and view.get("waiting"):
        names = and_list([L.who(view, p) for p in view["waiting"]])
        return _("Waiting for the declarations of: {names}.").format(names=names)
    now = panels.current_order(view)
    if now:
        who, p, init = now
        return (_("The city guard acts.") if who == "guard"
                else _("{name} resolves a card with {init} AP.").format(
                    name=L.who(view, p), init=number(init)))
    return _("Waiting for another player.")


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
            f"<td>{e(jewels_text(entry['jewels']))}</td></tr>")
    # the Best Burglar token beside the name: four columns fit a phone in German too
    table = scrolls(_("Final standings"), f'<table class="results"><caption>'
                    f'{e(_("Final standings"))}</caption><thead><tr>'
                    f'<th scope="col">{e(_("Player"))}</th>'
                    f'<th scope="col" class="num">{e(_("VP"))}</th>'
                    f'<th scope="col">{e(_("Got out"))}</th>'
                    f'<th scope="col">{e(_("Jewels"))}</th></tr>'
                    f'</thead><tbody>{"".join(rows)}</tbody></table>')
    return title, why, table
