"""The crooks table for one player, built only from that player's view.

``render_game(view, ui)`` returns the HTML, ``reduce(view, ui, ev, arg)`` handles its events and
``render_result`` the final scoring, step by step. The table is drawn (the pieces: pieces.py):
the dens as face-down stacks, the targets as rows with a column per mastermind, crooks as cards,
money as coins. An option (decision.py) and the thing it names share a ``data-ref`` key
(static/pointing.js): a den ``den-A``, a place at a target ``cell-5-0`` (target 5, seat 0), a
target ``tgt-5``, a crook in the stack being looked at ``crook-c07``. Every text is in the active
language: the log, the prompts and the scoring steps are the engine's messages rendered by
``messages.say``.
"""

from web.base.i18n import _, ngettext
from web.base.markup import e, log_list, refs, scrolls
from web.base.messages import and_list
from web.base.regions import region
from web.games.crooks.decision import offered, option_ref, prompt
from web.games.crooks.messages import GANG_NAMES, gang_name, money, say
from web.games.crooks.pieces import card, card_key, cards, coin, den_label, gang_tag

__all__ = ["reduce", "render_game", "render_result", "say"]

STACK_DRAWN = 5  # card backs drawn at most for a den's stack


def section(name: str, title: str, body: str) -> str:
    return region(name, f'<section class="crk-panel"><h3 class="crk-h">{e(title)}</h3>'
                        f"{body}</section>")


def named_attrs(ref: str, named: set) -> str:
    """A drawn thing's key and mark when an option of the decision names it (a tap on it then
    chooses that option); nothing otherwise, so only what can be chosen lights up."""
    return refs(ref) + " data-named" if ref in named else ""


# --- the whole screen --------------------------------------------------------------------------
def render_game(view: dict, ui: dict) -> str:
    ui = ui or {}
    named = {option_ref(view, o) for o in offered(view, ui)} - {""}
    return "".join([
        '<div class="crk">',
        region("crk-status", _status(view)),
        region("crk-prompt", f'<div class="crk-prompt-area">{prompt(view, ui)}</div>'),
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


def controls(view: dict, ui: dict, decision) -> list[tuple[str, object]]:
    """The controls leading to ``decision``: a crook placed with the other face than the one
    chosen needs that face first."""
    if isinstance(decision, dict) and "face" in decision and decision not in offered(view, ui):
        return [("crk-face", decision["face"]), ("act", decision)]
    return [("act", decision)]


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
