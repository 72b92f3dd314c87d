"""The crooks table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scoring, step by step. Gangs are told apart by letter and shape as
well as colour; a crook's action is written out. Every text is in the active language: the log,
the prompts and the scoring steps are the engine's messages rendered by ``messages.say``.
"""

import json

from engine.crooks import content

from ..i18n import N_, _, ngettext, number
from ..markup import button, e, log_list
from ..messages import and_list
from ..regions import region
from .messages import GANG_NAMES, crook_name, gang_name, money, say

__all__ = ["reduce", "render_game", "render_result", "say"]

GANG_LETTERS = {"red": N_("N"), "blue": N_("W"), "yellow": N_("O")}  # Nordseite, Westseite
GANGS = {g: (GANG_NAMES[g], GANG_LETTERS[g]) for g in GANG_NAMES}
ACTIONS = {"pickpocket": N_("Pickpocket"), "accomplice": N_("Accomplice"), "swap": N_("Swap"),
           "killer": N_("Killer"), "kingpin": N_("Kingpin"), "spy": N_("Spy")}



def section(name: str, title: str, body: str) -> str:
    return region(name, f'<section class="crk-panel"><h3 class="crk-h">{e(title)}</h3>'
                        f"{body}</section>")


# --- crooks ----------------------------------------------------------------------------------
def crook_text(c: dict) -> str:
    """A crook in words, e.g. 'Mad Dog Malone, rank 9, modifier -1, Northside, Killer'."""
    parts = [_(c["name"]), _("rank {rank}").format(rank=c["rank"])]
    if c["modifier"]:
        parts.append(_("modifier {modifier}").format(modifier=f"{c['modifier']:+d}"))
    parts += [gang_name(g) for g in c["gangs"]]
    if c["action"] in ACTIONS:
        parts.append(_(ACTIONS[c["action"]]))
    return ", ".join(parts)


def moving(key: str, place: str) -> str:
    """The attributes that let the page slide a card from one place to another when it moves
    (``data-key``: which card, ``data-place``: where it lies; docs/motion.md)."""
    return f' data-key="{e(key)}" data-place="{e(place)}"' if key else ""


def card_key(c: dict, seat: int | None = None) -> str:
    """A crook card's identity on the screen: its crook, or for a face-down crook whose face is
    not shown, who placed it in which turn."""
    if "crook" in c:
        return f"crook:{c['crook']}"
    return f"placed:{seat}:{c['placed']}" if seat is not None and "placed" in c else ""


def card(c: dict, note: str = "", key: str = "", place: str = "") -> str:
    """A crook's card; a hidden one (no ``name``) as its back. ``key`` and ``place``: see
    ``moving``."""
    motion = moving(key, place)
    if "name" not in c:
        back = e(_("a face-down crook"))
        return (f'<div class="crk-card crk-back" role="img" aria-label="{back}"{motion}>'
                '<span aria-hidden="true">?</span></div>')
    mine_down = c.get("face") == "down"
    gangs = "".join(gang_tag(g) for g in c["gangs"])
    mod = (f'<span class="crk-mod">{c["modifier"]:+d}</span>' if c["modifier"] else "")
    action = (f'<span class="crk-action">{e(_(ACTIONS[c["action"]]))}</span>'
              if c["action"] in ACTIONS else "")
    label = ", ".join([crook_text(c)] + ([_("face down")] if mine_down else [])
                      + ([note] if note else []))
    cls = "crk-card" + (" crk-mine-down" if mine_down else "")
    return (f'<div class="{cls}" role="img" aria-label="{e(label)}"{motion}>'
            f'<span class="crk-rank">{c["rank"]}</span>{mod}'
            f'<span class="crk-name">{e(_(c["name"]))}</span>'
            f'<span class="crk-tags">{gangs}{action}</span></div>')


def gang_tag(g: str) -> str:
    return (f'<span class="crk-gang crk-{g}" title="{e(gang_name(g))}">'
            f"{e(_(GANG_LETTERS[g]))}</span>")


# --- the whole screen --------------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    return "".join([
        '<div class="crk">',
        region("crk-status", _status(view)),
        region("crk-prompt", f'<div class="crk-prompt-area">{_prompt(view, ui)}</div>'),
        region("crk-targets", _targets(view)),
        '<div class="crk-side">',
        section("crk-dens", _("Dens"), _dens(view)),
        section("crk-players", _("Masterminds"), _players(view)),
        section("crk-memory", _("What you have seen"), _memory(view)),
        section("crk-log", _("Log"), _log(view)),
        "</div></div>",
    ])


def _status(view: dict) -> str:
    current = view["current"]
    who = (e(_("{name}'s turn").format(name=view["names"][current])) if current is not None
           else e(_("Scoring")))
    me = view.get("player")
    mine = (e(_("You: {name}, {money}")).format(
        name=f"<strong>{e(view['names'][me])}</strong>", money=e(money(view["money"][me])))
        if me is not None else e(_("Table view: public information only")))
    gang = ngettext("Gang control: {n} point each", "Gang control: {n} points each",
                    view["gang_points"]).format(n=view["gang_points"])
    return (f'<div class="crk-status"><strong>{e(_("Turn {n}").format(n=view["turn"]))}'
            f"</strong><span>{who}</span><span>{mine}</span><span>{e(gang)}</span></div>")


# --- the decision ------------------------------------------------------------------------------
def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if not choice:
        return ""
    kind, options = choice["kind"], choice["options"]
    body = PROMPTS.get(kind, _generic)(view, ui, options)
    return (f'<section class="crk-prompt decision" aria-live="polite"><h3 class="crk-h">'
            f'{e(_("Your decision"))}</h3><p class="crk-ask">'
            f'{e(say(choice["prompt"], view["names"]))}</p>{body}</section>')


def _turn(view: dict, ui: dict, options: list) -> str:
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
        rows.append(button(e(label), "act", {"den": d["den"]}, "crk-den-btn",
                           disabled=d["den"] not in dens))
    if ui.get("confirm_pass"):
        passing = (f'<p class="crk-confirm" role="group" aria-label="{e(_("Confirm"))}">'
                   + e(_("Pass for the rest of the game? You recruit no more crooks.")) + " "
                   + button(e(_("Yes, pass")), "act", {"pass": True}, "danger",
                            aria=_("Yes, pass"))
                   + " " + button(e(_("Go on recruiting")), "crk-pass", False) + "</p>")
    else:
        passing = button(e(_("Pass…")), "crk-pass", True, "crk-pass-btn")
    if not dens:
        passing = (f'<p class="hint">{e(_("You cannot pay for any den: you must pass."))}</p>'
                   + button(e(_("Pass")), "act", {"pass": True}, "primary"))
    return f'<div class="crk-options">{"".join(rows)}</div><p>{passing}</p>'


def _take(view: dict, ui: dict, options: list) -> str:
    allowed = {o["take"] for o in options}
    seen = view["memory"][-1]["saw"] if view["memory"] else []
    cells = []
    for c in seen:
        ok = c["crook"] in allowed
        why = "" if ok else f'<span class="hint">{e(_("cannot be taken now"))}</span>'
        cells.append(f'<div class="crk-pick">{card(c, key=card_key(c), place="den")}'
                     + button(e(_("Take")), "act", {"take": c["crook"]},
                              "primary" if ok else "", disabled=not ok,
                              aria=_("Take {crook}").format(crook=crook_name(c["crook"])))
                     + f"{why}</div>")
    return f'<div class="crk-stack">{"".join(cells)}</div>'


def _place(view: dict, ui: dict, options: list) -> str:
    hand = view.get("hand")
    shown = card(hand, _("in your hand"), card_key(hand), "hand") if hand else ""
    groups = []
    for face, title, aria in (
            ("up", _("Face up:"), _("Place at target {target}, face up")),
            ("down", _("Face down ({money} more; no action):").format(
                money=money(content.FACE_DOWN_COST)),
             _("Place at target {target}, face down"))):
        targets = [o["place"] for o in options if o["face"] == face]
        if targets:
            groups.append(f'<div class="crk-place"><span class="crk-face">{e(title)}</span> '
                          + "".join(button(str(v), "act", {"place": v, "face": face},
                                           "crk-target-btn", aria=aria.format(target=v))
                                    for v in targets) + "</div>")
    return f'<div class="crk-hand">{shown}</div>{"".join(groups)}'


def _generic(view: dict, ui: dict, options: list) -> str:
    return ('<div class="crk-options">' + "".join(
        button(e(option_text(view, o)), "act", o, "primary" if i == 0 else "")
        for i, o in enumerate(options)) + "</div>")


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
    if option.get("spy") == "den":
        return _("Look at den {den}").format(den=option["at"])
    return json.dumps(option)


def den_label(den: str) -> str:
    return _("Den {den}").format(den=den)


def cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=number(count))


# --- the table ---------------------------------------------------------------------------------
def _targets(view: dict) -> str:
    names, me, n = view["names"], view.get("player"), len(view["names"])
    order = ([me] + [q for q in range(n) if q != me]) if me is not None else list(range(n))
    head = "".join(f'<th scope="col" class="crk-target"><span class="crk-value">{t["value"]}'
                   f"</span>{_known_mods(t)}</th>" for t in view["targets"])
    rows = []
    for q in order:
        cells = []
        for t in view["targets"]:
            pile = t["piles"][q]
            stack = "".join(card(c, key=card_key(c, q), place=f"target:{t['value']}:{q}")
                            for c in pile)
            total = sum(c["rank"] for c in pile if "rank" in c)
            note = (f'<span class="crk-sum">= {total}</span>'
                    if len(pile) > 1 and all("rank" in c for c in pile) else "")
            cells.append(f'<td class="crk-cell">{stack}{note}</td>')
        passed = (f' <span class="crk-passed">{e(_("passed"))}</span>' if view["passed"][q]
                  else "")
        who = _("{name} (you)").format(name=names[q]) if q == me else names[q]
        rows.append(f'<tr class="{"crk-me" if q == me else ""}"><th scope="row">'
                    f"{e(who)}{passed}</th>{''.join(cells)}</tr>")
    caption = _("Targets and the crooks sent to them (each player's row)")
    return (f'<div class="crk-table-wrap"><table class="crk-table"><caption>{e(caption)}'
            f'</caption><thead><tr><th scope="col">{e(_("Target"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _known_mods(target: dict) -> str:
    mods = [c["modifier"] for pile in target["piles"] for c in pile if c.get("modifier")]
    hidden = sum(1 for pile in target["piles"] for c in pile if "rank" not in c)
    parts = []
    if mods:
        parts.append(_("{modifier} shown").format(modifier=f"{sum(mods):+d}"))
    if hidden:
        parts.append(_("{n} hidden").format(n=hidden))
    return f'<span class="crk-mods">{", ".join(parts)}</span>' if parts else ""


def _dens(view: dict) -> str:
    items = "".join(
        f'<li><strong>{e(den_label(d["den"]))}</strong> {e(cards(d["count"]))} · '
        f'{e(money(d["count"]) if d["count"] else _("empty"))}</li>' for d in view["dens"])
    unused = ngettext("{n} crook stays in the box unseen.",
                      "{n} crooks stay in the box unseen.", view["unused"])
    return (f'<ul class="crk-dens">{items}</ul><p class="hint">'
            f'{e(unused.format(n=view["unused"]))}</p>')


def _players(view: dict) -> str:
    rows = []
    for q, name in enumerate(view["names"]):
        members = {g: 0 for g in GANGS}
        for t in view["targets"]:
            for c in t["piles"][q]:
                for g in c.get("gangs", []):
                    members[g] += 1
        gangs = " ".join(f"{gang_tag(g)}{members[g]}" for g in GANGS)
        state = _("passed") if view["passed"][q] else _("in play")
        rows.append(f'<tr><th scope="row">{e(name)}</th><td class="num">'
                    f'{e(money(view["money"][q]))}</td><td>{e(state)}</td><td>{gangs}</td></tr>')
    return (f'<table class="crk-sheet"><thead><tr><th scope="col">{e(_("Player"))}</th>'
            f'<th scope="col">{e(_("Money"))}</th><th scope="col">{e(_("Status"))}</th>'
            f'<th scope="col">{e(_("Gang members shown"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _memory(view: dict) -> str:
    if view.get("player") is None:
        return f'<p class="hint">{e(_("Only the player whose screen this is sees this."))}</p>'
    if not view["memory"]:
        return (f'<p class="hint">'
                f'{e(_("Nothing yet. What you see in a den or with a Spy stays here."))}</p>')
    items = []
    for m in reversed(view["memory"]):
        seen = "; ".join(crook_text(c) for c in m["saw"]) or _("nothing")
        if m["kind"] == "recruit":
            if m.get("took"):
                line = _("Turn {turn}, den {den}: {seen}; you took {crook}").format(
                    turn=m["turn"], den=m["den"], seen=seen, crook=crook_name(m["took"]["crook"]))
            else:
                line = _("Turn {turn}, den {den}: {seen}").format(
                    turn=m["turn"], den=m["den"], seen=seen)
        elif m["kind"] == "spy_den":
            line = _("Turn {turn}, Spy at den {den}: {seen}").format(
                turn=m["turn"], den=m["den"], seen=seen)
        else:
            seen = "; ".join(f"{view['names'][c['seat']]}: {crook_text(c)}"
                             for c in m["saw"]) or _("no face-down crook")
            line = _("Turn {turn}, Spy at target {target}: {seen}").format(
                turn=m["turn"], target=m["at"], seen=seen)
        items.append(f"<li>{e(line)}</li>")
    return f'<ul class="crk-memory">{"".join(items)}</ul>'


def _log(view: dict) -> str:
    names = view["names"]
    return log_list(view["log"], "crk", lambda entry: say(entry, names))


# --- events ------------------------------------------------------------------------------------
def reduce(view: dict, ui: dict, ev: str, arg):
    """(new ui, actions to send) for an event of this screen."""
    ui = dict(ui or {})
    if ev == "act":
        ui.pop("confirm_pass", None)
        return ui, [arg]
    if ev == "crk-pass":
        ui["confirm_pass"] = bool(arg)
    return ui, []


# --- the end -----------------------------------------------------------------------------------
def render_result(result: dict, names: list[str], state: dict) -> tuple[str, str, str]:
    """(title, why, the scoring step by step with running totals)."""
    winners = result["winners"]
    if len(winners) == 1:
        title = _("{name} wins!").format(name=names[winners[0]])
        why = (_("Most points from targets and gangs.") if result["decided_by"] == "points"
               else _("Tied on points; more money left breaks the tie."))
    else:
        title = _("{names} share the win").format(names=and_list([names[q] for q in winners]))
        why = _("Tied on points and on money.")
    n = len(names)
    running = [0] * n
    steps = []
    for entry in result["breakdown"]:
        if entry["step"] == "total":
            continue
        if entry["step"] == "target":
            for q in entry["winners"]:
                running[q] += entry["points"]
            head = _("Target {target}").format(target=entry["target"])
        else:
            if entry["winner"] is not None:
                running[entry["winner"]] += entry["points"]
            head = _("{gang} gang").format(gang=gang_name(entry["gang"]))
        totals = "".join(f'<td class="num">{running[q]}</td>' for q in range(n))
        steps.append(f'<tr><th scope="row">{e(head)}</th><td>{e(say(entry, names))}</td>'
                     f"{totals}</tr>")
    cols = "".join(f'<th scope="col" class="num">{e(name)}</th>' for name in names)
    final = "".join(
        f'<tr{" class=winner" if q in winners else ""}><th scope="row">{e(names[q])}</th>'
        f'<td class="num">{result["scores"][q]}</td><td class="num">'
        f'{e(money(result["money"][q]))}</td></tr>' for q in range(n))
    from engine.crooks import RULES

    scoring = _("The scoring, step by step: targets from the lowest, then the gangs (running "
                "totals)")
    table = (
        f'<div class="crk">{_targets(RULES.view(state, None))}</div>'
        f'<div class="table-wrap"><table class="results crk-scoring"><caption>{e(scoring)}'
        f'</caption><thead><tr><th scope="col">{e(_("Step"))}</th>'
        f'<th scope="col">{e(_("What happens"))}</th>{cols}</tr>'
        f'</thead><tbody>{"".join(steps)}</tbody></table></div>'
        f'<div class="table-wrap"><table class="results"><caption>'
        f'{e(_("Final standings"))}</caption><thead><tr><th scope="col">{e(_("Player"))}</th>'
        f'<th scope="col" class="num">{e(_("Points"))}</th>'
        f'<th scope="col" class="num">{e(_("Money"))}</th></tr></thead><tbody>{final}</tbody>'
        f"</table></div>")
    return title, why, table
