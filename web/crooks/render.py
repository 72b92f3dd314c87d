"""The crooks table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scoring, step by step. The table is drawn: the dens as face-down
stacks, the targets as rows with a column per mastermind, crooks as cards (rank, modifier, gang
symbol and letter, action), money as coins. Gangs are told apart by letter and shape as well as
colour. An option and the thing it names share a ``data-ref`` key (static/pointing.js): a den
``den-A``, a place at a target ``cell-5-0`` (target 5, seat 0), a target ``tgt-5``, a crook in
the stack being looked at ``crook-c07``. Every text is in the active language: the log, the
prompts and the scoring steps are the engine's messages rendered by ``messages.say``.
"""

from engine.crooks import content

from ..i18n import N_, _, ngettext, number
from ..markup import button, e, log_list, moving, refs, scrolls
from ..messages import and_list
from ..regions import region
from .messages import GANG_NAMES, crook_name, gang_name, money, say

__all__ = ["reduce", "render_game", "render_result", "say"]

GANG_LETTERS = {"red": N_("N"), "blue": N_("W"), "yellow": N_("O")}  # Nordseite, Westseite
ACTIONS = {"pickpocket": N_("Pickpocket"), "accomplice": N_("Accomplice"), "swap": N_("Swap"),
           "killer": N_("Killer"), "kingpin": N_("Kingpin"), "spy": N_("Spy")}
STACK_DRAWN = 5  # card backs drawn at most for a den's stack


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


def named_attrs(ref: str, named: set) -> str:
    """A drawn thing's key and mark when an option of the decision names it (a tap on it then
    chooses that option); nothing otherwise, so only what can be chosen lights up."""
    return refs(ref) + " data-named" if ref in named else ""


def card_key(c: dict, seat: int | None = None) -> str:
    """A crook card's identity on the screen: its crook, or for a face-down crook whose face is
    not shown, who placed it in which turn."""
    if "crook" in c:
        return f"crook:{c['crook']}"
    return f"placed:{seat}:{c['placed']}" if seat is not None and "placed" in c else ""


def card(c: dict, note: str = "", key: str = "", place: str = "", ref: str = "",
         cls: str = "") -> str:
    """A crook's card; a hidden one (no ``name``) as its back. ``key`` and ``place``: see
    ``moving``; ``ref``: see ``refs``; ``cls``: ``crk-mini`` for a small one."""
    attrs = moving(key, place) + refs(ref)
    cls = f"crk-card {cls}".strip()
    if "name" not in c:
        back = e(_("a face-down crook"))
        return (f'<div class="{cls} crk-back" role="img" aria-label="{back}"{attrs}>'
                '<span aria-hidden="true">?</span></div>')
    mine_down = c.get("face") == "down"
    gangs = "".join(gang_tag(g) for g in c["gangs"])
    mod = (f'<span class="crk-mod">{c["modifier"]:+d}</span>' if c["modifier"] else "")
    action = (f'<span class="crk-action">{e(_(ACTIONS[c["action"]]))}</span>'
              if c["action"] in ACTIONS else "")
    down = f'<span class="crk-down-tag">{e(_("face down"))}</span>' if mine_down else ""
    label = ", ".join([crook_text(c)] + ([_("face down")] if mine_down else [])
                      + ([note] if note else []))
    if mine_down:
        cls += " crk-mine-down"
    return (f'<div class="{cls}" role="img" aria-label="{e(label)}"{attrs}>'
            f'<span class="crk-rank">{c["rank"]}</span>{mod}'
            f'<span class="crk-name">{e(_(c["name"]))}</span>'
            f'<span class="crk-tags">{gangs}{action}</span>{down}</div>')


def gang_tag(g: str) -> str:
    return (f'<span class="crk-gang crk-{g}" title="{e(gang_name(g))}">'
            f"{e(_(GANG_LETTERS[g]))}</span>")


def coin(amount: int) -> str:
    """An amount of money drawn as a coin with its value."""
    return (f'<span class="crk-money"><span class="crk-coin" aria-hidden="true">$</span>'
            f"{e(money(amount))}</span>")


# --- the whole screen --------------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    named = {option_ref(view, o) for o in offered(view, ui)} - {""}
    return "".join([
        '<div class="crk">',
        region("crk-status", _status(view)),
        region("crk-prompt", f'<div class="crk-prompt-area">{_prompt(view, ui)}</div>'),
        '<div class="crk-board">',
        region("crk-dens", _dens(view, named)),
        region("crk-targets", _targets(view, named)),
        "</div>",
        '<div class="crk-side">',
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
        name=f"<strong>{e(view['names'][me])}</strong>", money=coin(view["money"][me]))
        if me is not None else e(_("Table view: public information only")))
    gang = ngettext("Gang control: {n} point each", "Gang control: {n} points each",
                    view["gang_points"]).format(n=view["gang_points"])
    return (f'<div class="crk-status"><strong>{e(_("Turn {n}").format(n=view["turn"]))}'
            f"</strong><span>{who}</span><span>{mine}</span><span>{e(gang)}</span></div>")


# --- the decision ------------------------------------------------------------------------------
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


def _prompt(view: dict, ui: dict) -> str:
    choice = view.get("choice")
    if not choice:
        return ""
    body = PROMPTS.get(choice["kind"], _generic)(view, ui, choice["options"])
    # while a pass is confirmed its question is the whole decision (``_turn``)
    ask = ("" if confirming_pass(choice, ui)
           else f'<p class="crk-ask">{e(say(choice["prompt"], view["names"]))}</p>')
    return (f'<section class="crk-prompt decision" aria-live="polite"><h3 class="crk-h">'
            f'{e(_("Your decision"))}</h3>{ask}{body}</section>')


def _turn(view: dict, ui: dict, options: list) -> str:
    if ui.get("confirm_pass"):
        # the question alone, "Yes, pass" first: the control the focus goes to after "Pass…"
        return (f'<div class="crk-confirm" role="group" aria-label="{e(_("Confirm"))}">'
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


def den_label(den: str) -> str:
    return _("Den {den}").format(den=den)


def cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=number(count))


# --- the table ---------------------------------------------------------------------------------
def _dens(view: dict, named: set) -> str:
    """The dens as face-down stacks: how many cards, what a look costs, or empty."""
    items = []
    for d in view["dens"]:
        count = d["count"]
        pic = ('<span class="crk-den-back"></span>' * min(count, STACK_DRAWN)
               + f'<span class="crk-den-letter">{e(d["den"])}</span>')
        size = (f"<span>{e(cards(count))}</span>{coin(count)}" if count
                else f'<span class="crk-empty">{e(_("empty"))}</span>')
        cls = "crk-den" + ("" if count else " crk-none")
        items.append(f'<li class="{cls}"{named_attrs("den-" + d["den"], named)}>'
                     f'<span class="crk-den-pic" aria-hidden="true">{pic}</span>'
                     f'<span class="crk-den-text"><strong>{e(den_label(d["den"]))}</strong>'
                     f"{size}</span></li>")
    unused = ngettext("{n} crook stays in the box unseen.",
                      "{n} crooks stay in the box unseen.", view["unused"])
    return (f'<section class="crk-panel crk-dens-area"><h3 class="crk-h">{e(_("Dens"))}</h3>'
            f'<ul class="crk-dens">{"".join(items)}</ul>'
            f'<p class="hint">{e(unused.format(n=view["unused"]))}</p></section>')


def _targets(view: dict, named: set = frozenset()) -> str:
    """The targets as rows, a column per mastermind (the viewer's first), each crook a card."""
    names, me, n = view["names"], view.get("player"), len(view["names"])
    order = ([me] + [q for q in range(n) if q != me]) if me is not None else list(range(n))
    head = "".join(
        f'<th scope="col" class="crk-who{" crk-me" if q == me else ""}">'
        f'{e(_("{name} (you)").format(name=names[q]) if q == me else names[q])}'
        + (f' <span class="crk-passed">{e(_("passed"))}</span>' if view["passed"][q] else "")
        + "</th>" for q in order)
    rows = []
    for t in view["targets"]:
        v = t["value"]
        cells = []
        for q in order:
            pile = t["piles"][q]
            stack = "".join(card(c, key=card_key(c, q), place=f"target:{v}:{q}") for c in pile)
            stack = f'<div class="crk-pile">{stack}</div>' if stack else ""
            total = sum(c["rank"] for c in pile if "rank" in c)
            note = (f'<span class="crk-sum">= {total}</span>'
                    if len(pile) > 1 and all("rank" in c for c in pile) else "")
            cls = "crk-cell" + (" crk-me" if q == me else "")
            cells.append(f'<td class="{cls}"{named_attrs(f"cell-{v}-{q}", named)}>'
                         f"{stack}{note}</td>")
        rows.append(f'<tr><th scope="row" class="crk-target"{named_attrs(f"tgt-{v}", named)}>'
                    f'<span class="crk-value">{v}</span>{_known_mods(t)}</th>'
                    f'{"".join(cells)}</tr>')
    caption = _("Targets and the crooks sent to them (a column for each mastermind)")
    table = (f'<table class="crk-table crk-cols-{n}"><caption>{e(caption)}</caption><thead><tr>'
             f'<th scope="col" class="crk-target-h">{e(_("Target"))}</th>{head}</tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table>')
    return f'<div class="crk-table-wrap">{table}</div>'


def _known_mods(target: dict) -> str:
    mods = [c["modifier"] for pile in target["piles"] for c in pile if c.get("modifier")]
    hidden = sum(1 for pile in target["piles"] for c in pile if "rank" not in c)
    parts = []
    if mods:
        parts.append(_("{modifier} shown").format(modifier=f"{sum(mods):+d}"))
    if hidden:
        parts.append(_("{n} hidden").format(n=hidden))
    # a line each, so that a narrow column wraps between the words, not inside one
    sep = '<span class="sr-only">, </span>'
    return (f'<span class="crk-mods">{sep.join(f"<span>{e(p)}</span>" for p in parts)}</span>'
            if parts else "")


def _players(view: dict) -> str:
    """Each mastermind: money as a coin, in play or passed, the gang members shown."""
    items = []
    for q, name in enumerate(view["names"]):
        members = {g: 0 for g in GANG_NAMES}
        for t in view["targets"]:
            for c in t["piles"][q]:
                for g in c.get("gangs", []):
                    members[g] += 1
        gangs = "".join(
            f'<span class="crk-count">{gang_tag(g)}<span aria-hidden="true">{members[g]}</span>'
            f'<span class="sr-only">{e(gang_name(g))}: {members[g]}</span></span>'
            for g in GANG_NAMES)
        state = _("passed") if view["passed"][q] else _("in play")
        me = " crk-me" if q == view.get("player") else ""
        items.append(f'<li class="crk-mind{me}"><strong>{e(name)}</strong>{coin(view["money"][q])}'
                     f'<span class="crk-state">{e(state)}</span><span class="crk-gangs">'
                     f'<span class="sr-only">{e(_("Gang members shown"))}:</span>{gangs}'
                     f"</span></li>")
    return f'<ul class="crk-minds">{"".join(items)}</ul>'


def _memory(view: dict) -> str:
    """What the viewer looked at, newest first, as small cards."""
    if view.get("player") is None:
        return f'<p class="hint">{e(_("Only the player whose screen this is sees this."))}</p>'
    if not view["memory"]:
        return (f'<p class="hint">'
                f'{e(_("Nothing yet. What you see in a den or with a Spy stays here."))}</p>')
    items = []
    for m in reversed(view["memory"]):
        if m["kind"] == "spy_target":
            head = _("Turn {turn} · Spy at target {target}").format(turn=m["turn"],
                                                                     target=m["at"])
            shown = [(c, view["names"][c["seat"]]) for c in m["saw"]]
            nothing = _("no face-down crook")
        else:
            head = (_("Turn {turn} · den {den}") if m["kind"] == "recruit"
                    else _("Turn {turn} · Spy at den {den}")).format(turn=m["turn"], den=m["den"])
            took = (m.get("took") or {}).get("crook")
            shown = [(c, _("you took it") if c["crook"] == took else "") for c in m["saw"]]
            nothing = _("nothing")
        minis = "".join(f'<div class="crk-seen">{card(c, note, cls="crk-mini")}'
                        + (f'<span class="crk-note">{e(note)}</span>' if note else "")
                        + "</div>" for c, note in shown)
        items.append(f'<li><p class="crk-mem-head">{e(head)}</p><div class="crk-minis">'
                     f'{minis or e(nothing)}</div></li>')
    return scrolls(_("What you have seen"), f'<ul class="crk-memory">{"".join(items)}</ul>',
                   "crk-scroll")


def _log(view: dict) -> str:
    names = view["names"]
    return scrolls(_("Log"), log_list(view["log"], "crk", lambda entry: say(entry, names)),
                   "crk-scroll")


# --- events ------------------------------------------------------------------------------------
def reduce(view: dict, ui: dict, ev: str, arg) -> tuple[dict, list]:
    """(new ui, actions to send) for an event of this screen."""
    ui = dict(ui or {})
    if ev == "act":
        ui.pop("confirm_pass", None)
        ui.pop("face", None)
        return ui, [arg]
    if ev == "crk-pass":
        ui["confirm_pass"] = bool(arg)
    if ev == "crk-face" and arg in ("up", "down"):
        ui["face"] = arg
    return ui, []


# --- the end -----------------------------------------------------------------------------------
def render_result(result: dict, names: list[str], final_view: dict) -> tuple[str, str, str]:
    """(title, why, the final table and the scoring step by step with running totals), from the
    finished game's spectator view."""
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
        gained = [0] * n
        if entry["step"] == "target":
            for q in entry["winners"]:
                gained[q] = entry["points"]
            head = _("Target {target}").format(target=entry["target"])
        else:
            if entry["winner"] is not None:
                gained[entry["winner"]] = entry["points"]
            head = _("{gang} gang").format(gang=gang_name(entry["gang"]))
        running = [r + g for r, g in zip(running, gained, strict=True)]
        totals = "".join(f'<td class="num">{running[q]}'
                         + (f'<span class="crk-gain">+{gained[q]}</span>' if gained[q] else "")
                         + "</td>" for q in range(n))
        steps.append(f'<tr><th scope="row"><span class="crk-step-head">{e(head)}</span>'
                     f'<span class="crk-step-text">{e(say(entry, names))}</span></th>'
                     f"{totals}</tr>")
    cols = "".join(f'<th scope="col" class="num">{e(name)}</th>' for name in names)
    final = "".join(
        f'<tr{" class=winner" if q in winners else ""}><th scope="row">{e(names[q])}</th>'
        f'<td class="num">{result["scores"][q]}</td><td class="num">'
        f'{e(money(result["money"][q]))}</td></tr>' for q in range(n))
    scoring = _("The scoring, step by step: targets from the lowest, then the gangs (running "
                "totals)")
    table = (
        f'<div class="crk-end">{_targets(final_view)}</div>'
        + scrolls(scoring, f'<table class="results crk-scoring"><caption>{e(scoring)}'
                  f'</caption><thead><tr><th scope="col">{e(_("What happens"))}</th>{cols}</tr>'
                  f'</thead><tbody>{"".join(steps)}</tbody></table>')
        + scrolls(_("Final standings"), f'<table class="results"><caption>'
                  f'{e(_("Final standings"))}</caption><thead><tr><th scope="col">'
                  f'{e(_("Player"))}</th><th scope="col" class="num">{e(_("Points"))}</th>'
                  f'<th scope="col" class="num">{e(_("Money"))}</th></tr></thead>'
                  f"<tbody>{final}</tbody></table>"))
    return title, why, table
