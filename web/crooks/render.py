"""The crooks table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scoring, step by step. Gangs are told apart by letter and shape as
well as colour; a crook's action is written out.
"""

import json

from ..markup import button, e, log_list
from ..regions import region

__all__ = ["reduce", "render_game", "render_result"]

GANGS = {"red": ("Northside", "N"), "blue": ("Westside", "W"), "yellow": ("Outfit", "O")}
ACTIONS = {"pickpocket": "Pickpocket", "accomplice": "Accomplice", "swap": "Swap",
           "killer": "Killer", "kingpin": "Kingpin", "spy": "Spy"}




def section(name: str, title: str, body: str) -> str:
    return region(name, f'<section class="crk-panel"><h3 class="crk-h">{e(title)}</h3>'
                        f"{body}</section>")


# --- crooks ----------------------------------------------------------------------------------
def crook_text(c: dict) -> str:
    """A crook in words, e.g. 'Mad Dog Malone, rank 9, modifier -1, Northside, Killer'."""
    parts = [c["name"], f"rank {c['rank']}"]
    if c["modifier"]:
        parts.append(f"modifier {c['modifier']:+d}")
    parts += [GANGS[g][0] for g in c["gangs"]]
    if c["action"] in ACTIONS:
        parts.append(ACTIONS[c["action"]])
    return ", ".join(parts)


def card(c: dict, note: str = "") -> str:
    """A crook's card; a hidden one (no ``name``) as its back."""
    if "name" not in c:
        return ('<div class="crk-card crk-back" role="img" aria-label="a face-down crook">'
                '<span aria-hidden="true">?</span></div>')
    mine_down = c.get("face") == "down"
    gangs = "".join(f'<span class="crk-gang crk-{g}" title="{e(GANGS[g][0])}">'
                    f"{GANGS[g][1]}</span>" for g in c["gangs"])
    mod = (f'<span class="crk-mod">{c["modifier"]:+d}</span>' if c["modifier"] else "")
    action = (f'<span class="crk-action">{e(ACTIONS[c["action"]])}</span>'
              if c["action"] in ACTIONS else "")
    label = crook_text(c) + (", face down" if mine_down else "") + (f", {note}" if note else "")
    cls = "crk-card" + (" crk-mine-down" if mine_down else "")
    return (f'<div class="{cls}" role="img" aria-label="{e(label)}">'
            f'<span class="crk-rank">{c["rank"]}</span>{mod}'
            f'<span class="crk-name">{e(c["name"])}</span>'
            f'<span class="crk-tags">{gangs}{action}</span></div>')


# --- the whole screen --------------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    return "".join([
        '<div class="crk">',
        region("crk-status", _status(view)),
        region("crk-prompt", f'<div class="crk-prompt-area">{_prompt(view, ui)}</div>'),
        region("crk-targets", _targets(view)),
        '<div class="crk-side">',
        section("crk-dens", "Dens", _dens(view)),
        section("crk-players", "Masterminds", _players(view)),
        section("crk-memory", "What you have seen", _memory(view)),
        section("crk-log", "Log", _log(view)),
        "</div></div>",
    ])


def _status(view: dict) -> str:
    current = view["current"]
    who = (f"{e(view['names'][current])}'s turn" if current is not None else "Scoring")
    me = view.get("player")
    mine = (f'<span>You: <strong>{e(view["names"][me])}</strong>, '
            f'${view["money"][me]}</span>' if me is not None else
            "<span>Table view: public information only</span>")
    return (f'<div class="crk-status"><strong>Turn {view["turn"]}</strong>'
            f"<span>{who}</span>{mine}"
            f'<span>Gang control: {view["gang_points"]} points each</span></div>')


# --- the decision ------------------------------------------------------------------------------
def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if not choice:
        return ""
    kind, options = choice["kind"], choice["options"]
    body = PROMPTS.get(kind, _generic)(view, ui, options)
    return (f'<section class="crk-prompt" aria-live="polite"><h3 class="crk-h">Your decision'
            f'</h3><p class="crk-ask">{e(choice["prompt"])}</p>{body}</section>')


def _turn(view: dict, ui: dict, options: list) -> str:
    dens = {o["den"] for o in options if "den" in o}
    me = view["player"]
    rows = []
    for d in view["dens"]:
        count = d["count"]
        if not count:
            continue
        label = f"Den {d['den']} · {count} card{'s' if count != 1 else ''} · ${count}"
        why = "" if d["den"] in dens else (
            " (too dear)" if count > view["money"][me] else " (nothing you may take)")
        rows.append(button(e(label + why), "act", {"den": d["den"]}, "crk-den-btn",
                           disabled=d["den"] not in dens))
    if ui.get("confirm_pass"):
        passing = ('<p class="crk-confirm" role="group" aria-label="Confirm">Pass for the rest '
                   "of the game? You recruit no more crooks. "
                   + button("Yes, pass", "act", {"pass": True}, "danger", aria="Yes, pass")
                   + " " + button("Go on recruiting", "crk-pass", False) + "</p>")
    else:
        passing = button("Pass…", "crk-pass", True, "crk-pass-btn")
    if not dens:
        passing = ('<p class="hint">You cannot pay for any den: you must pass.</p>'
                   + button("Pass", "act", {"pass": True}, "primary"))
    return f'<div class="crk-options">{"".join(rows)}</div><p>{passing}</p>'


def _take(view: dict, ui: dict, options: list) -> str:
    allowed = {o["take"] for o in options}
    seen = view["memory"][-1]["saw"] if view["memory"] else []
    cells = []
    for c in seen:
        ok = c["crook"] in allowed
        why = "" if ok else '<span class="hint">cannot be taken now</span>'
        cells.append(f'<div class="crk-pick">{card(c)}'
                     + button("Take", "act", {"take": c["crook"]}, "primary" if ok else "",
                              disabled=not ok, aria=f"Take {c['name']}") + f"{why}</div>")
    return f'<div class="crk-stack">{"".join(cells)}</div>'


def _place(view: dict, ui: dict, options: list) -> str:
    hand = view.get("hand")
    shown = card(hand, "in your hand") if hand else ""
    groups = []
    for face, title in (("up", "Face up"), ("down", "Face down ($1 more; no action)")):
        targets = [o["place"] for o in options if o["face"] == face]
        if targets:
            groups.append(f'<div class="crk-place"><span class="crk-face">{title}:</span> '
                          + "".join(button(str(v), "act", {"place": v, "face": face},
                                           "crk-target-btn",
                                           aria=f"Place at target {v}, face {face}")
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
        return "Use it"
    if option.get("use") is False:
        return "Do not use it"
    if "kill" in option:
        q = option["kill"]
        return ("Remove your own crooks there (the Killer takes their place)" if q == me
                else f"Remove {names[q]}'s crooks there")
    if "swap_to" in option:
        return f"Move them to target {option['swap_to']}"
    if option.get("spy") == "target":
        return f"Look at the face-down crooks at target {option['at']}"
    if option.get("spy") == "den":
        return f"Look at den {option['at']}"
    return json.dumps(option)


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
            stack = "".join(card(c) for c in pile)
            total = sum(c["rank"] for c in pile if "rank" in c)
            note = (f'<span class="crk-sum">= {total}</span>'
                    if len(pile) > 1 and all("rank" in c for c in pile) else "")
            cells.append(f'<td class="crk-cell">{stack}{note}</td>')
        passed = ' <span class="crk-passed">passed</span>' if view["passed"][q] else ""
        you = " (you)" if q == me else ""
        rows.append(f'<tr class="{"crk-me" if q == me else ""}"><th scope="row">'
                    f"{e(names[q])}{you}{passed}</th>{''.join(cells)}</tr>")
    return (f'<div class="crk-table-wrap"><table class="crk-table"><caption>Targets and the '
            f"crooks sent to them (each player's row)</caption><thead><tr>"
            f'<th scope="col">Target</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f"</table></div>")


def _known_mods(target: dict) -> str:
    mods = [c["modifier"] for pile in target["piles"] for c in pile if c.get("modifier")]
    hidden = sum(1 for pile in target["piles"] for c in pile if "rank" not in c)
    parts = []
    if mods:
        parts.append(f"{sum(mods):+d} shown")
    if hidden:
        parts.append(f"{hidden} hidden")
    return f'<span class="crk-mods">{", ".join(parts)}</span>' if parts else ""


def _dens(view: dict) -> str:
    items = "".join(
        f'<li><strong>Den {d["den"]}</strong> {d["count"]} card{"s" if d["count"] != 1 else ""}'
        f'{" · $" + str(d["count"]) if d["count"] else " · empty"}</li>' for d in view["dens"])
    return (f'<ul class="crk-dens">{items}</ul><p class="hint">{view["unused"]} crooks stay '
            f"in the box unseen.</p>")


def _players(view: dict) -> str:
    rows = []
    for q, name in enumerate(view["names"]):
        members = {g: 0 for g in GANGS}
        for t in view["targets"]:
            for c in t["piles"][q]:
                for g in c.get("gangs", []):
                    members[g] += 1
        gangs = " ".join(f'<span class="crk-gang crk-{g}" title="{e(GANGS[g][0])}">'
                         f"{GANGS[g][1]}</span>{members[g]}" for g in GANGS)
        state = "passed" if view["passed"][q] else "in play"
        rows.append(f'<tr><th scope="row">{e(name)}</th><td class="num">${view["money"][q]}'
                    f"</td><td>{state}</td><td>{gangs}</td></tr>")
    return ('<table class="crk-sheet"><thead><tr><th scope="col">Player</th>'
            '<th scope="col">Money</th><th scope="col">Status</th>'
            '<th scope="col">Gang members shown</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _memory(view: dict) -> str:
    if view.get("player") is None:
        return '<p class="hint">Only the player whose screen this is sees this.</p>'
    if not view["memory"]:
        return '<p class="hint">Nothing yet. What you see in a den or with a Spy stays here.</p>'
    items = []
    for m in reversed(view["memory"]):
        seen = ", ".join(crook_text(c) for c in m["saw"]) or "nothing"
        if m["kind"] == "recruit":
            took = f"; you took {m['took']['name']}" if m.get("took") else ""
            items.append(f"<li>Turn {m['turn']}, den {e(m['den'])}: {e(seen)}{e(took)}</li>")
        elif m["kind"] == "spy_den":
            items.append(f"<li>Turn {m['turn']}, Spy at den {e(m['den'])}: {e(seen)}</li>")
        else:
            seen = "; ".join(f"{view['names'][c['seat']]}: {crook_text(c)}"
                             for c in m["saw"]) or "no face-down crook"
            items.append(f"<li>Turn {m['turn']}, Spy at target {m['at']}: {e(seen)}</li>")
    return f'<ul class="crk-memory">{"".join(items)}</ul>'


def _log(view: dict) -> str:
    return log_list(view["log"], "crk")


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
        title = f"{names[winners[0]]} wins!"
        why = ("Most points from targets and gangs." if result["decided_by"] == "points" else
               "Tied on points; more money left breaks the tie.")
    else:
        title = " and ".join(names[q] for q in winners) + " share the win"
        why = "Tied on points and on money."
    n = len(names)
    running = [0] * n
    steps = []
    for entry in result["breakdown"]:
        if entry["step"] == "total":
            continue
        if entry["step"] == "target":
            for q in entry["winners"]:
                running[q] += entry["points"]
            head = f"Target {entry['target']}"
        else:
            if entry["winner"] is not None:
                running[entry["winner"]] += entry["points"]
            head = f'{GANGS[entry["gang"]][0]} gang'
        totals = "".join(f'<td class="num">{running[q]}</td>' for q in range(n))
        steps.append(f'<tr><th scope="row">{e(head)}</th><td>{e(entry["text"])}</td>'
                     f"{totals}</tr>")
    cols = "".join(f'<th scope="col" class="num">{e(name)}</th>' for name in names)
    final = "".join(
        f'<tr{" class=winner" if q in winners else ""}><th scope="row">{e(names[q])}</th>'
        f'<td class="num">{result["scores"][q]}</td><td class="num">${result["money"][q]}'
        f"</td></tr>" for q in range(n))
    from engine.crooks import RULES

    table = (
        f'<div class="crk">{_targets(RULES.view(state, None))}</div>'
        f'<div class="table-wrap"><table class="results crk-scoring"><caption>The scoring, '
        f"step by step: targets from the lowest, then the gangs (running totals)</caption>"
        f'<thead><tr><th scope="col">Step</th><th scope="col">What happens</th>{cols}</tr>'
        f'</thead><tbody>{"".join(steps)}</tbody></table></div>'
        f'<div class="table-wrap"><table class="results"><caption>Final standings</caption>'
        f'<thead><tr><th scope="col">Player</th><th scope="col" class="num">Points</th>'
        f'<th scope="col" class="num">Money</th></tr></thead><tbody>{final}</tbody></table>'
        f"</div>")
    return title, why, table
