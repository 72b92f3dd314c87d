"""The city board as SVG, drawn from the board data and one player's view: what lies where,
laid out in layers (the pictures themselves: ``board_pieces``).

Every space and figure carries an accessible name. Spaces and figures the current choice offers
are buttons (``data-ev="act"`` with the engine action, or ``aot-path`` for a longer walk).
"""

import json
import math
from functools import lru_cache

from engine.age_of_thieves.movement import SEWERS
from web.base import i18n
from web.base.i18n import _, ngettext
from web.base.markup import about, scrolls
from web.base.regions import region
from web.games.aot import labels as L
from web.games.aot.board_pieces import (
    R,
    decor,
    exit_mark,
    space_kinds,
    space_shape,
    symbols,
    thief_figure,
    use,
    watch_figure,
)
from web.games.aot.labels import e
from web.games.aot.ui import BOARD, chosen_path, figure_space, move_plan, viewbox, zoom_of

VAULT = next(sid for sid, s in BOARD.spaces.items() if "palace_centre" in s.kinds)
HIT = 25  # radius of what takes a tap on a space: half the distance between two spaces

DISTRICT_POLYS = {
    "N": "0,0 1000,0 500,500", "E": "1000,0 1000,1000 500,500",
    "S": "0,1000 1000,1000 500,500", "W": "0,0 0,1000 500,500",
}
# each beside its district's gates, clear of the arrows that mark them open (``exit_mark``)
DISTRICT_LABELS = {"N": (270, 16, 0), "E": (988, 240, 90), "S": (720, 992, 0),
                   "W": (12, 200, -90)}


def _arg(action) -> str:
    return e(json.dumps(action, separators=(",", ":")))


# --- what the view puts on each space -----------------------------------------------------
def contents(view: dict) -> dict:
    spaces: dict[str, dict] = {}

    def at(space):
        return spaces.setdefault(space, {"thieves": [], "watch": [], "jewels": []})
    for p, th in enumerate(view["thieves"]):
        if th.get("space") and th.get("where") in ("board", "dungeon"):
            at(th["space"])["thieves"].append(p)
    for gid, w in sorted(view["watch"].items()):
        at(w["space"])["watch"].append(gid)
    for space, jewels in view["jewels"].items():
        at(space)["jewels"] += jewels
    return spaces


def space_name(features: dict, sid: str) -> str:
    """What a space is, e.g. 'N07, guardhouse' (its token feature included)."""
    name = L.place_name(sid)
    parts = [sid + (f" {name}" if name else "")]
    kinds = [k for k in space_kinds({"features": features}, sid) if k != "green_jewel"]
    parts += [L.space_kind(k) for k in kinds]
    if sid in features:
        parts.append(_("{token} token").format(token=L.token(features[sid])))
    return ", ".join(parts)


def space_about(view: dict, sid: str, label: str) -> str:
    """A space's whole text, shown when it is tapped: its label and what its kinds do."""
    return about(label + ".", *(L.kind_rule(k) for k in space_kinds(view, sid)))


def space_label(view: dict, sid: str, stuff: dict, extra: str = "") -> str:
    """The accessible name of a space, e.g. 'N07, guardhouse, guard g3, token face down'."""
    parts = [space_name(view["features"], sid)]
    for p in stuff.get("thieves", []):
        th = view["thieves"][p]
        text = _("thief {name}, hidden") if th.get("hidden") else _("thief {name}")
        parts.append(text.format(name=L.who(view, p)))
    for gid in stuff.get("watch", []):
        text = (_("captain {figure}") if view["watch"][gid]["kind"] == "captain"
                else _("guard {figure}"))
        parts.append(text.format(figure=L.watch_id(gid)))
    for jewel in stuff.get("jewels", []):
        parts.append(L.jewel(jewel))
    if sid in view["tokens"]:
        token = view["tokens"][sid]
        parts.append(_("city token face down") if token is None
                     else _("city token {token} face up").format(token=L.token(token)))
    if sid in view["smoke"]:
        parts.append(_("smoke"))
    if sid in view["fire"]:
        parts.append(_("fire"))
    if exit_note(view, sid):
        parts.append(exit_note(view, sid))
    if extra:
        parts.append(extra)
    return ", ".join(parts)


def open_gates(view: dict) -> tuple[str, ...]:
    """The gates of the district card drawn when the Emperors' Jewel left the vault."""
    district = view.get("open_district")
    return BOARD.gates_of(district) if district else ()


def exit_note(view: dict, sid: str) -> str:
    """What an open gate says in words: the way out of the city ('' for any other space)."""
    if sid not in open_gates(view):
        return ""
    return (_("open gate: leave the city here to win") if view.get("alarm")
            else _("gate that opens with the alarm next turn: the way out of the city"))


# --- offered choices on the board ---------------------------------------------------------
def board_targets(view: dict, ui: dict) -> tuple[dict, dict, dict]:
    """(spaces -> action, figures -> action, spaces -> far path target) the choice offers."""
    choice = view.get("choice") or {}
    spaces, figures, far = {}, {}, {}
    for option in choice.get("options", []):
        if not isinstance(option, dict) or len(option) != 1:
            continue
        (key, value), = option.items()
        if key in ("step", "start") and value in BOARD.spaces:
            spaces[value] = option
        elif key == "pick" and isinstance(value, str):
            if value in BOARD.spaces:
                spaces[value] = option
            elif value in view["watch"] or L.thief_seat(value) is not None:
                figures[value] = option
    plan = move_plan(view)
    if plan:
        far = {sp: path for sp, path in plan["paths"].items() if len(path) > 1}
    return spaces, figures, far


def _moves_this_turn(view: dict) -> list[tuple[str, list[str]]]:
    """Figures' movements logged this turn, as (figure, spaces); a walk through the sewers is
    drawn from its exit on."""
    found = []
    for entry in view["log"]:
        if entry.get("turn") == view["turn"] and entry.get("msg") == "moves":
            path = entry["args"]["path"]
            if SEWERS in path:
                path = path[len(path) - path[::-1].index(SEWERS):]
            path = [sp for sp in path if sp in BOARD.spaces]
            if len(path) > 1:
                found.append((entry["args"]["figure"], path))
    return found


def motions(view: dict) -> dict[str, tuple[str, int]]:
    """Each figure that moved this turn: (its trail this turn as points "x,y x,y …" in the
    board's units, the place of its last movement in the log's order). The page moves a figure
    that changed places along the part of its trail between its old place and its new one
    (docs/motion.md)."""
    trails: dict[str, list[str]] = {}
    order: dict[str, int] = {}
    for i, (who, path) in enumerate(_moves_this_turn(view)):
        trail = trails.setdefault(who, [])
        trail += path[1:] if trail and trail[-1] == path[0] else path
        order[who] = i
    return {who: (" ".join(f"{BOARD.spaces[sp].x:g},{BOARD.spaces[sp].y:g}" for sp in trail),
                  order[who]) for who, trail in trails.items()}


# --- drawing ------------------------------------------------------------------------------
def _figures(view: dict, ui: dict, sid: str, stuff: dict, figures: dict,
             moved: dict) -> str:
    """The figures on a space; each one's group carries its identity and place (``data-key``,
    ``data-at``) and, if it moved this turn, its trail (``moved``: ``motions(view)``)."""
    s = BOARD.spaces[sid]
    items = [("T", p) for p in stuff.get("thieves", [])] + [("W", g) for g in stuff["watch"]]
    if not items:
        return ""
    n = len(items)
    offsets = [(0, 0)] if n == 1 else [(math.cos(a) * 11, math.sin(a) * 11)
                                       for a in (-math.pi / 2 + k * 2 * math.pi / n
                                                 for k in range(n))]
    r = (17 if n == 1 else 12) if zoom_of(ui)["z"] < 2 else (14 if n == 1 else 10)
    out = []
    for (kind, ident), (dx, dy) in zip(items, offsets, strict=True):
        x, y = s.x + dx, s.y + dy
        fig_id = f"T{ident}" if kind == "T" else ident
        body = (thief_figure(view, ident, x, y, r) if kind == "T"
                else watch_figure(view, ident, x, y, r))
        name = L.figure_name(view, fig_id)
        motion = f' data-key="fig:{e(fig_id)}" data-at="{x:.1f},{y:.1f}"'
        if fig_id in moved:
            motion += f' data-trail="{moved[fig_id][0]}" data-order="{moved[fig_id][1]}"'
        if fig_id in figures:
            out.append(f'<g class="aot-pick" data-ref="{e(fig_id)}"{motion}><title>{e(name)}'
                       f'</title><circle class="aot-target-ring" cx="{x:.1f}" cy="{y:.1f}" '
                       f'r="{r + 7}"/>{body}</g>')
        else:
            out.append(f'<g class="aot-figure" data-ref="{e(fig_id)}"{motion}><title>'
                       f'{e(name)}</title>{body}</g>')
    return "".join(out)


def render_board(view: dict, ui: dict) -> str:
    """The board as four stacked SVG layers, each a region the page replaces on its own: the
    city (water, districts, paths) and the spaces, which change only with the zoom or a token
    feature, and below and above the spaces what moves (trails and smoke; badges, pieces,
    rings of the current choice)."""
    box = viewbox(ui)
    show_ids = (ui.get("show") or {}).get("ids", False) or zoom_of(ui)["z"] >= 2
    features = tuple(sorted(view["features"].items()))
    language = i18n.current()
    stack = ('<div class="aot-board-stack">'
             + region("aot-city", _city_layer(box, view.get("open_district"), language))
             + region("aot-under", _layer(box, "aot-under", _trails(view) + _smoke(view),
                                              hidden=True))
             + region("aot-spaces", _spaces_layer(box, show_ids, features, language))
             + region("aot-over", _layer(box, "aot-over", _pieces(view, ui)))
             + region("aot-home", _home(view, ui, box))
             + "</div>")
    return scrolls(_("City board"), stack, "aot-board-scroll")


def _home(view: dict, ui: dict, box: tuple) -> str:
    """Where a board larger than the screen (a phone's) first scrolls to (an empty mark, placed
    in % of the board): what the viewer works with, near the top of the board's box, where it
    shows above the decision at the foot of a phone's screen (``home_space``)."""
    x, y, w, h = box
    s = BOARD.spaces[home_space(view, ui)]
    return (f'<div class="aot-home" style="left:{(s.x - x) / w * 100:.1f}%;'
            f'top:{(s.y - y) / h * 100:.1f}%"></div>')


def home_space(view: dict, ui: dict) -> str:
    """The space a phone's board opens at: the moving figure's in a move, else the space or
    figure the choice offers nearest the viewer's thief, else the thief's, else the vault."""
    plan = move_plan(view)
    if plan and plan["origin"] in BOARD.spaces:
        return plan["origin"]
    me = view.get("player")
    thief = view["thieves"][me].get("space") if me is not None else None
    spaces, figures = board_targets(view, ui)[:2]
    offered = sorted((set(spaces) | {figure_space(view, f) for f in figures})
                     & set(BOARD.spaces))
    if offered:
        if thief not in BOARD.spaces:
            return offered[0]
        t = BOARD.spaces[thief]
        return min(offered, key=lambda sp: math.dist((t.x, t.y), (BOARD.spaces[sp].x,
                                                                  BOARD.spaces[sp].y)))
    return thief if thief in BOARD.spaces else VAULT


def _layer(box: tuple, cls: str, body: str, hidden: bool = False) -> str:
    """One SVG layer of the board; ``hidden`` from screen readers, which read the list of
    spaces instead (``spaces_list``)."""
    x, y, w, h = box
    aria = ' aria-hidden="true"' if hidden else ""
    return (f'<svg class="{cls}" viewBox="{x:g} {y:g} {w:g} {h:g}"{aria} '
            f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">'
            f"{body}</svg>")


@lru_cache(maxsize=8)
def _city_layer(box: tuple, open_district: str | None, language: str) -> str:
    """The water, districts and paths (``language``: the cache holds one per language)."""
    out = ['<rect class="aot-water" x="0" y="0" width="1000" height="1000"/>']
    for d, pts in DISTRICT_POLYS.items():
        out.append(f'<polygon class="aot-district aot-d-{d}" points="{pts}"/>')
    out.append('<circle class="aot-district aot-d-P" cx="500" cy="500" r="200"/>')
    for d, (lx, ly, rot) in DISTRICT_LABELS.items():
        name = L.district(d)
        if d == open_district:
            name = _("{district} — gates open").format(district=name)
        name = name.upper()
        out.append(f'<text class="aot-district-name" x="{lx}" y="{ly}" '
                   f'transform="rotate({rot} {lx} {ly})">{e(name)}</text>')
    out.append('<path id="aot-palace-arc" d="M339 425 A178 178 0 0 1 425 339" fill="none"/>'
               '<text class="aot-district-name"><textPath href="#aot-palace-arc" '
               f'startOffset="50%">{e(L.district("P").upper())}</textPath></text>')
    lines = []
    for a, b in _paths():
        sa, sb = BOARD.spaces[a], BOARD.spaces[b]
        lines.append(f"M{sa.x} {sa.y}L{sb.x} {sb.y}")
    out.append(f'<path class="aot-path" d="{"".join(lines)}"/>')
    for dungeon, doors in BOARD.dungeon_doors.items():
        sd = BOARD.spaces[dungeon]
        for door in doors:
            so = BOARD.spaces[door]
            out.append(f'<path class="aot-path-dungeon" d="M{sd.x} {sd.y}L{so.x} {so.y}"/>')
    return _layer(box, "aot-board", "".join(out), hidden=True)


@lru_cache(maxsize=8)
def _spaces_layer(box: tuple, show_ids: bool, features: tuple, language: str) -> str:
    """Every space's shape and icons, named by what it is (what is on it: the top layer);
    ``language``: the cache holds one per language."""
    view = {"features": dict(features)}
    out = [symbols()]  # the icons of this layer and of the one above
    for sid in sorted(BOARD.spaces):
        s = BOARD.spaces[sid]
        body = space_shape(view, sid)
        if show_ids:
            body += f'<text class="aot-sp-id" x="{s.x}" y="{s.y + 27}">{sid}</text>'
        name = space_name(view["features"], sid)
        out.append(f'<g data-ref="{sid}"{space_about(view, sid, name)}><title>{e(name)}'
                   f"</title>{body}</g>")
    return _layer(box, "aot-spaces", "".join(out), hidden=True)


def spaces_list(view: dict) -> str:
    """The board in words, for a screen reader or a look at a glance: every space where
    something stands or lies, or that the current choice names, with what is on it."""
    stuff = contents(view)
    offered = set(board_targets(view, {})[0])
    listed = (set(stuff) | set(view["tokens"]) | set(view["smoke"]) | set(view["fire"])
              | offered | set(open_gates(view))) & set(BOARD.spaces)
    choose = _("you can choose it")
    items = "".join(
        f'<li data-ref="{sid}">{e(L.district(BOARD.spaces[sid].district))}: '
        f'{e(space_label(view, sid, stuff.get(sid, {}), choose if sid in offered else ""))}'
        "</li>" for sid in sorted(listed))
    return f'<ul class="aot-places">{items}</ul>'


def _smoke(view: dict) -> str:
    return "".join(f'<circle class="aot-smoke" cx="{BOARD.spaces[sid].x}" '
                   f'cy="{BOARD.spaces[sid].y}" r="24"/>'
                   for sid in view["smoke"] if sid in BOARD.spaces)


def _pieces(view: dict, ui: dict) -> str:
    """What is on the spaces (named), the choice's rings, the chosen walk, the figures."""
    stuff = contents(view)
    spaces, figures, far = board_targets(view, ui)
    path = chosen_path(view, ui) or []
    exits = open_gates(view)
    out = []
    for sid in sorted(BOARD.spaces):
        s = BOARD.spaces[sid]
        here = stuff.get(sid, {"thieves": [], "watch": [], "jewels": []})
        body = decor(view, sid, here)
        if sid in exits:
            body = exit_mark(s.district, s.x, s.y) + body
        if sid in view["fire"]:
            body += use("flame", s.x, s.y, 30)
        if sid in view["smoke"]:
            body += use("cloud", s.x + 12, s.y - 13, 16)
        hit = f'<circle class="aot-hit" cx="{s.x}" cy="{s.y}" r="{HIT}"/>'
        if sid in spaces:
            label = space_label(view, sid, here)
            out.append(f'<g class="aot-target" data-ref="{sid}"{space_about(view, sid, label)}>'
                       f'<title>{e(label)}</title>'
                       f'<circle class="aot-target-ring" cx="{s.x}" cy="{s.y}" r="{R + 8}"/>'
                       f'{hit}{body}</g>')
        elif sid in far:
            steps = len(far[sid])
            chosen = bool(path) and path[-1] == sid
            walk = (ngettext("walk here, {n} step, chosen: press again to walk",
                             "walk here, {n} steps, chosen: press again to walk", steps)
                    if chosen else ngettext("walk here, {n} step", "walk here, {n} steps",
                                            steps))
            label = space_label(view, sid, here, walk.format(n=steps))
            cls = "aot-far aot-far-on" if chosen else "aot-far"
            ev = "aot-path-go" if chosen else "aot-path"
            # the badges lie outside the button: its name says them in words, and a button's
            # name must contain its visible text (a tap on them reaches the hit circle below)
            out.append(f'<g class="{cls}" role="button" tabindex="0" data-ev="{ev}" '
                       f'data-arg="{_arg(sid)}" data-ref="{sid}" aria-label="{e(label)}">'
                       f'<circle class="aot-far-ring" cx="{s.x}" cy="{s.y}" r="{R + 6}"/>'
                       f'{hit}</g>' + (f'<g aria-hidden="true">{body}</g>' if body else ""))
        elif body or sid in stuff:
            label = space_label(view, sid, here)
            out.append(f'<g class="aot-here" data-ref="{sid}"{space_about(view, sid, label)}>'
                       f"<title>{e(label)}</title>{body}</g>")
    if path:
        plan = move_plan(view)
        origin = plan["origin"] if plan else None
        pts = ([origin] if origin else []) + path
        d = "".join(("M" if i == 0 else "L") + f"{BOARD.spaces[sp].x} {BOARD.spaces[sp].y}"
                    for i, sp in enumerate(pts))
        out.append(f'<path class="aot-chosen-path" d="{d}"/>')
        for i, sp in enumerate(path, 1):
            s = BOARD.spaces[sp]
            out.append(f'<circle class="aot-step-no" cx="{s.x - 12}" cy="{s.y - 13}" r="8"/>'
                       f'<text class="aot-badge-letter" x="{s.x - 12}" y="{s.y - 9.5}">{i}'
                       "</text>")
    moved = motions(view)
    for sid in sorted(stuff):
        if sid in BOARD.spaces:
            out.append(_figures(view, ui, sid, stuff[sid], figures, moved))
    named = set(spaces) | set(path[-1:]) | {sp for sp, here in stuff.items() if here["thieves"]}
    out += [f'<text class="aot-sp-label" x="{BOARD.spaces[sp].x}" '
            f'y="{BOARD.spaces[sp].y + R + 20}">{sp}</text>'
            for sp in sorted(named) if sp in BOARD.spaces]
    return "".join(out)


def _trails(view: dict) -> str:
    out = []
    for who, spaces in _moves_this_turn(view):
        d = "".join(("M" if i == 0 else "L") + f"{BOARD.spaces[sp].x} {BOARD.spaces[sp].y}"
                    for i, sp in enumerate(spaces))
        if who in view["watch"]:
            out.append(f'<path class="aot-trail aot-trail-watch" d="{d}" '
                       f'marker-end="url(#aot-arrow)"/>')
        elif L.thief_seat(who) is not None:
            out.append(f'<path class="aot-trail" d="{d}" '
                       f'style="stroke:{L.seat_colour(L.thief_seat(who))}"/>')
    if not out:
        return ""
    return ('<defs><marker id="aot-arrow" viewBox="0 0 10 10" refX="8" refY="5" '
            'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
            '<path d="M0 0 L10 5 L0 10 Z" fill="#ff6b6b"/></marker></defs>' + "".join(out))


_PATHS: list = []


def _paths() -> list:
    if not _PATHS:
        seen = set()
        for a in sorted(BOARD.spaces):
            for b in BOARD.neighbours(a):
                if (b, a) not in seen:
                    seen.add((a, b))
                    _PATHS.append((a, b))
    return _PATHS
