"""The city board as SVG, drawn from the board data and one player's view.

Every space and figure carries an accessible name. Spaces and figures the current choice offers
are buttons (``data-ev="act"`` with the engine action, or ``aot-path`` for a longer walk).
Shapes, letters and icons tell the pieces apart; colour only adds to them.
"""

import json
import math
from functools import lru_cache

from engine.age_of_thieves.movement import SEWERS

from .. import i18n
from ..i18n import _, ngettext
from ..markup import scrolls
from ..regions import region
from . import labels as L
from .labels import e
from .ui import BOARD, chosen_path, figure_space, move_plan, viewbox, zoom_of

R = 15  # radius of a space
VAULT = next(sid for sid, s in BOARD.spaces.items() if "palace_centre" in s.kinds)
HIT = 25  # radius of what takes a tap on a space: half the distance between two spaces

DISTRICT_POLYS = {
    "N": "0,0 1000,0 500,500", "E": "1000,0 1000,1000 500,500",
    "S": "0,1000 1000,1000 500,500", "W": "0,0 0,1000 500,500",
}
# each beside its district's gates, clear of the arrows that mark them open (``exit_mark``)
DISTRICT_LABELS = {"N": (270, 16, 0), "E": (988, 240, 90), "S": (720, 992, 0),
                   "W": (12, 200, -90)}

# icons: each a symbol in a 20x20 box around (0, 0)
SYMBOLS = {
    "crown": '<path d="M-7 4 L-7 -4 L-3.5 0 L0 -6 L3.5 0 L7 -4 L7 4 Z" fill="#7a5a00" '
             'stroke="#1a1a1a" stroke-width="1"/>',
    "swords": '<path d="M-6 -6 L6 6 M6 -6 L-6 6" stroke="#1a1a1a" stroke-width="2.2" '
              'stroke-linecap="round"/><path d="M-7 2 L-2 7 M7 2 L2 7" stroke="#1a1a1a" '
              'stroke-width="1.6"/>',
    "down": '<path d="M-6 -3 L6 -3 L0 6 Z" fill="#1f6b3a" stroke="#0d2a17" stroke-width="1"/>'
            '<rect x="-2" y="-8" width="4" height="5" fill="#1f6b3a"/>',
    "up": '<path d="M-6 3 L6 3 L0 -6 Z" fill="#9c2f1c" stroke="#3a0f08" stroke-width="1"/>'
          '<rect x="-2" y="3" width="4" height="5" fill="#9c2f1c"/>',
    "star": '<path d="M0 -8 L2.4 -2.5 L8 -2.5 L3.5 1.2 L5.2 7 L0 3.6 L-5.2 7 L-3.5 1.2 '
            'L-8 -2.5 L-2.4 -2.5 Z" fill="#1a1a1a"/>',
    "door": '<path d="M-5 8 L-5 -2 A5 5 0 0 1 5 -2 L5 8 Z" fill="#3b2a1a"/>'
            '<circle cx="2.5" cy="3" r="1" fill="#f2efe6"/>',
    "ship": '<path d="M-8 2 L8 2 L5 7 L-5 7 Z" fill="#3b2a1a"/><path d="M0 -8 L0 2 M0 -8 '
            'L6 0 L0 0" stroke="#3b2a1a" stroke-width="1.6" fill="#f2efe6"/>',
    "bars": '<path d="M-5 -8 L-5 8 M0 -8 L0 8 M5 -8 L5 8" stroke="#f2efe6" stroke-width="2"/>',
    "gem": '<path d="M-7 -2 L-3 -7 L3 -7 L7 -2 L0 8 Z" fill="#f2efe6" stroke="#8b1e3f" '
           'stroke-width="1.5"/><path d="M-7 -2 L7 -2 M-3 -7 L0 8 L3 -7" stroke="#8b1e3f" '
           'stroke-width="1" fill="none"/>',
    "flame": '<path d="M0 -9 C5 -3 7 1 5 5 C4 8 -4 8 -5 5 C-7 1 -3 -1 -2 -5 C-1 -2 0 -1 1 0 '
             'C2 -3 1 -6 0 -9 Z" fill="#D55E00" stroke="#3a0f08" stroke-width="1"/>'
             '<path d="M0 0 C2 2 2 5 0 6 C-2 5 -2 2 0 0 Z" fill="#F0E442"/>',
    "cloud": '<path d="M-8 4 A4 4 0 0 1 -6 -3 A5 5 0 0 1 3 -5 A4 4 0 0 1 8 1 A3 3 0 0 1 6 5 '
             'Z" fill="#c9ced6" stroke="#555" stroke-width="1"/>',
    "alarm": '<path d="M0 -8 L8 7 L-8 7 Z" fill="#F0E442" stroke="#1a1a1a" '
             'stroke-width="1.4"/>',
}


def symbols() -> str:
    return "<defs>" + "".join(
        f'<symbol id="aot-i-{name}" viewBox="-10 -10 20 20">{body}</symbol>'
        for name, body in SYMBOLS.items()) + "</defs>"


def use(name: str, x: float, y: float, size: float) -> str:
    return (f'<use href="#aot-i-{name}" x="{x - size / 2:g}" y="{y - size / 2:g}" '
            f'width="{size:g}" height="{size:g}"/>')


def shape_path(shape: str, x: float, y: float, r: float) -> str:
    """Points of a seat's figure shape around (x, y)."""
    if shape == "triangle":
        pts = [(0, -1.15), (1.05, 0.75), (-1.05, 0.75)]
    elif shape == "diamond":
        pts = [(0, -1.2), (1.1, 0), (0, 1.2), (-1.1, 0)]
    elif shape == "hexagon":
        pts = [(math.cos(a) * 1.05, math.sin(a) * 1.05)
               for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))]
    else:
        pts = [(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)]
    return " ".join(f"{x + px * r:.1f},{y + py * r:.1f}" for px, py in pts)


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


def _kinds(view: dict, sid: str) -> list[str]:
    kinds = sorted(BOARD.spaces[sid].kinds)
    feature = view["features"].get(sid)
    extra = {"dark_alley": "hideout", "manhole": "sewer_entrance", "ladder": "sewer_exit"}
    if feature and extra.get(feature) not in kinds:
        kinds.append(extra[feature])
    return kinds


def space_name(features: dict, sid: str) -> str:
    """What a space is, e.g. 'N07, guardhouse' (its token feature included)."""
    name = L.place_name(sid)
    parts = [sid + (f" {name}" if name else "")]
    kinds = [k for k in _kinds({"features": features}, sid) if k != "green_jewel"]
    parts += [L.space_kind(k) for k in kinds]
    if sid in features:
        parts.append(_("{token} token").format(token=L.token(features[sid])))
    return ", ".join(parts)


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


OUTWARD = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def exit_mark(district: str, x: float, y: float) -> str:
    """An open gate's mark: a thick dashed ring and an arrow pointing out of the city (off
    the board's edge of ``district``)."""
    dx, dy = OUTWARD[district]
    tip, base = 44, 30
    px, py = -dy, dx  # across the arrow
    points = " ".join(f"{a:g},{b:g}" for a, b in (
        (x + dx * tip, y + dy * tip), (x + dx * base + px * 8, y + dy * base + py * 8),
        (x + dx * base - px * 8, y + dy * base - py * 8)))
    return (f'<circle class="aot-exit-ring" cx="{x}" cy="{y}" r="26"/>'
            f'<polygon class="aot-exit-arrow" points="{points}"/>')


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
def _space_shape(view: dict, sid: str) -> str:
    s = BOARD.spaces[sid]
    kinds = set(_kinds(view, sid))
    x, y = s.x, s.y
    cls = "aot-sp"
    if "hideout" in kinds:
        cls += " aot-sp-hideout"
    if "dungeon" in kinds:
        return (f'<rect class="aot-sp aot-sp-dungeon" x="{x - 19}" y="{y - 19}" width="38" '
                f'height="38" rx="3"/>' + use("bars", x, y, 26))
    if "palace_centre" in kinds:
        return (f'<circle class="aot-sp aot-sp-vault" cx="{x}" cy="{y}" r="24"/>'
                + use("gem", x, y, 26))
    out = []
    if "gate" in kinds:
        out.append(f'<path class="aot-sp aot-sp-gate" d="M{x - 18} {y + 16} L{x - 18} {y - 4} '
                   f'A18 18 0 0 1 {x + 18} {y - 4} L{x + 18} {y + 16} Z"/>')
        out.append(use("ship" if "ship" in kinds else "door", x, y + 1, 22))
        return "".join(out)
    if "guardhouse" in kinds:
        out.append(f'<rect class="{cls} aot-sp-house" x="{x - R}" y="{y - R}" width="{2 * R}" '
                   f'height="{2 * R}" rx="4"/>')
    else:
        out.append(f'<circle class="{cls}" cx="{x}" cy="{y}" r="{R}"/>')
    if "imperial" in kinds:
        out.append(use("crown", x, y, 20))
    elif "swords" in kinds:
        out.append(use("swords", x, y, 18))
    if "hideout" in kinds:
        out.append(f'<text class="aot-sp-letter aot-light" x="{x}" y="{y + 5}">'
                   f'{e(L.figure_letter("hideout"))}</text>')
    if "sewer_entrance" in kinds:
        out.append(use("down", x, y, 20))
    if "sewer_exit" in kinds:
        out.append(use("up", x, y, 20))
    if "start" in kinds:
        out.append(use("star", x, y, 20))
    for kind, letter in (("alarm_guard", _alarm_letter("guard")),
                         ("alarm_captain", _alarm_letter("captain"))):
        if kind in kinds:
            out.append(use("alarm", x - 12, y - 12, 14))
            out.append(f'<text class="aot-badge-letter" x="{x - 12}" y="{y - 9}">'
                       f'{e(letter)}</text>')
    return "".join(out)


def _alarm_letter(kind: str) -> str:
    """The small letter on an alarm space: g (guard), c (captain); German w, h."""
    return L.figure_letter(kind).lower()


def _decor(view: dict, sid: str, stuff: dict) -> str:
    """Jewels, city tokens and permanent token features on a space (small badges)."""
    s = BOARD.spaces[sid]
    x, y = s.x, s.y
    out = []
    jewels = stuff.get("jewels", [])
    for i, jewel in enumerate(jewels[:3]):
        jx, jy = x + 13 + 8 * i, y + 12
        out.append(f'<path class="aot-jewel aot-jewel-{e(jewel)}" d="M{jx} {jy - 10} '
                   f'L{jx + 9} {jy} L{jx} {jy + 10} L{jx - 9} {jy} Z"/>'
                   f'<text class="aot-badge-letter" x="{jx}" y="{jy + 3.5}">'
                   f'{e(L.jewel_letter(jewel))}</text>')
    if sid in view["tokens"]:
        token = view["tokens"][sid]
        tx, ty = x - 13, y + 13
        if token is None:
            out.append(f'<rect class="aot-token aot-token-down" x="{tx - 8}" y="{ty - 8}" '
                       f'width="16" height="16" rx="2"/><text class="aot-badge-letter '
                       f'aot-light" x="{tx}" y="{ty + 4}">?</text>')
        else:
            out.append(f'<rect class="aot-token aot-token-up" x="{tx - 10}" y="{ty - 8}" '
                       f'width="20" height="16" rx="2"/><text class="aot-badge-letter" '
                       f'x="{tx}" y="{ty + 3.5}">{e(L.token_letter(token))}</text>')
    feature = view["features"].get(sid)
    if feature:
        fx, fy = x + 13, y - 13
        out.append(f'<rect class="aot-token aot-token-feature" x="{fx - 10}" y="{fy - 8}" '
                   f'width="20" height="16" rx="8"/><text class="aot-badge-letter" x="{fx}" '
                   f'y="{fy + 3.5}">{e(L.token_letter(feature))}</text>')
    return "".join(out)


def _thief_figure(view: dict, p: int, x: float, y: float, r: float) -> str:
    th = view["thieves"][p]
    cls = "aot-fig aot-thief"
    if th.get("hidden"):
        cls += " aot-hidden"
    if p == view.get("player"):
        cls += " aot-me"
    ring = (f'<circle class="aot-me-ring" cx="{x:.1f}" cy="{y:.1f}" r="{r + 6:.1f}"/>'
            if p == view.get("player") else "")
    return (f'{ring}<polygon class="{cls}" points="{shape_path(L.seat_shape(p), x, y, r)}" '
            f'style="fill:{L.seat_colour(p)}"/><text class="aot-fig-letter" x="{x:.1f}" '
            f'y="{y + 4:.1f}">{e(L.initials(th["name"]))}</text>')


def _watch_figure(view: dict, gid: str, x: float, y: float, r: float) -> str:
    kind = view["watch"][gid]["kind"]
    flags = view["flags"].get(gid, {})
    cls = f"aot-fig aot-{e(kind)}"
    d = (f"M{x - r:.1f} {y - r * .8:.1f} L{x + r:.1f} {y - r * .8:.1f} "
         f"L{x + r:.1f} {y + r * .1:.1f} "
         f"Q{x + r * .9:.1f} {y + r * .9:.1f} {x:.1f} {y + r * 1.15:.1f} "
         f"Q{x - r * .9:.1f} {y + r * .9:.1f} {x - r:.1f} {y + r * .1:.1f} Z")
    marks = ""
    if flags.get("blind") or flags.get("immobile"):
        marks = f'<text class="aot-fig-flag" x="{x + r:.1f}" y="{y - r:.1f}">!</text>'
    light = " aot-light" if kind == "guard" else ""  # white on the navy guard
    return (f'<path class="{cls}" d="{d}"/><text class="aot-fig-letter{light}" '
            f'x="{x:.1f}" y="{y + 3:.1f}">{e(L.watch_id(gid))}</text>{marks}')


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
        body = (_thief_figure(view, ident, x, y, r) if kind == "T"
                else _watch_figure(view, ident, x, y, r))
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
        body = _space_shape(view, sid)
        if show_ids:
            body += f'<text class="aot-sp-id" x="{s.x}" y="{s.y + 27}">{sid}</text>'
        out.append(f'<g data-ref="{sid}"><title>{e(space_name(view["features"], sid))}'
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
        body = _decor(view, sid, here)
        if sid in exits:
            body = exit_mark(s.district, s.x, s.y) + body
        if sid in view["fire"]:
            body += use("flame", s.x, s.y, 30)
        if sid in view["smoke"]:
            body += use("cloud", s.x + 12, s.y - 13, 16)
        hit = f'<circle class="aot-hit" cx="{s.x}" cy="{s.y}" r="{HIT}"/>'
        if sid in spaces:
            out.append(f'<g class="aot-target" data-ref="{sid}"><title>'
                       f'{e(space_label(view, sid, here))}</title>'
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
            out.append(f'<g class="aot-here" data-ref="{sid}"><title>'
                       f'{e(space_label(view, sid, here))}</title>'
                       f"{body}</g>")
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


def legend() -> str:
    """Small pictures of every piece with what it means, in the active language."""
    def pic(inner: str) -> str:
        return (f'<svg class="aot-legend-pic" viewBox="-22 -22 44 44" aria-hidden="true">'
                f'{inner}</svg>')
    circle = f'<circle class="aot-sp" cx="0" cy="0" r="{R}"/>'
    house = f'<rect class="aot-sp aot-sp-house" x="-{R}" y="-{R}" width="{2 * R}" ' \
            f'height="{2 * R}" rx="4"/>'
    gate = '<path class="aot-sp aot-sp-gate" d="M-18 16 L-18 -4 A18 18 0 0 1 18 -4 L18 16 Z"/>'
    guard, captain = L.figure_letter("guard"), L.figure_letter("captain")
    items = [
        (circle, _("Street space")),
        (house, _("Guardhouse (new guards appear here; city tokens lie on them)")),
        (house + use("swords", 0, 0, 18), _("Guardhouse where a guard starts")),
        (house + use("crown", 0, 0, 20), _("Imperial guardhouse")),
        (f'<circle class="aot-sp aot-sp-hideout" r="{R}"/><text class="aot-sp-letter '
         f'aot-light" x="0" y="5">{e(L.figure_letter("hideout"))}</text>',
         _("Hideout: a thief here is hidden")),
        (circle + use("down", 0, 0, 20), _("Sewer entrance (arrow down)")),
        (circle + use("up", 0, 0, 20), _("Sewer exit (arrow up)")),
        (circle + use("star", 0, 0, 20), _("Starting space")),
        (gate + use("door", 0, 1, 22), _("City gate")),
        (gate + use("ship", 0, 1, 22), _("Ship (a gate of the Docks)")),
        ('<g transform="scale(.62)">' + gate + exit_mark("N", 0, 0) + "</g>",
         _("Open gate (dashed ring, arrow out): leave the city here to win")),
        ('<rect class="aot-sp aot-sp-dungeon" x="-19" y="-19" width="38" height="38" rx="3"/>'
         + use("bars", 0, 0, 26), _("Dungeon (left only through its two doors)")),
        ('<circle class="aot-sp aot-sp-vault" r="20"/>' + use("gem", 0, 0, 24),
         _("The vault of the Emperors' Jewel")),
        (circle + use("alarm", -8, -8, 16) + '<text class="aot-badge-letter" x="-8" y="-5">'
         f'{e(_alarm_letter("guard"))}</text>',
         _("Alarm space: a guard ({guard}) or captain ({captain}) arrives when the alarm "
           "sounds").format(guard=_alarm_letter("guard"), captain=_alarm_letter("captain"))),
        ('<polygon class="aot-fig aot-thief" points="' + shape_path("triangle", 0, 0, 14)
         + f'" style="fill:{L.seat_colour(0)}"/><text class="aot-fig-letter" x="0" y="4">'
         'Ab</text>', _("Thief: each seat has its own shape, colour and initials; a dashed "
                        "outline means hidden; a white ring marks you")),
        (_watch_figure({"watch": {"g03": {"kind": "guard", "space": ""}}, "flags": {}},
                       "g03", 0, 0, 14),
         _("Guard ({letter} and its number)").format(letter=guard)),
        (_watch_figure({"watch": {"k01": {"kind": "captain", "space": ""}}, "flags": {}},
                       "k01", 0, 0, 14),
         _("Captain ({letter} and its number)").format(letter=captain)),
        ('<path class="aot-jewel aot-jewel-green" d="M0 -10 L9 0 L0 10 L-9 0 Z"/>'
         f'<text class="aot-badge-letter" x="0" y="4">{e(L.jewel_letter("green"))}</text>',
         _("Jewel: {emperor} Emperors', {green} green, {yellow} yellow, {trinkets} "
           "trinkets").format(**{k: L.jewel_letter(k) for k in L.JEWEL_LETTER})),
        ('<rect class="aot-token aot-token-down" x="-9" y="-9" width="18" height="18" rx="2"/>'
         '<text class="aot-badge-letter aot-light" x="0" y="5">?</text>',
         _("City token, face down")),
        ('<rect class="aot-token aot-token-up" x="-12" y="-9" width="24" height="18" rx="2"/>'
         f'<text class="aot-badge-letter" x="0" y="4">{e(L.token_letter("known_neighborhood"))}'
         '</text>', _("City token, face up (its initials)")),
        ('<circle class="aot-smoke" r="20"/>' + use("cloud", 0, 0, 26), _("Smoke")),
        (use("flame", 0, 0, 30), _("Fire: no figure may enter")),
        ('<path class="aot-trail aot-trail-watch" d="M-18 10 L14 -8" '
         'marker-end="url(#aot-arrow-legend)"/><defs><marker id="aot-arrow-legend" '
         'viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
         'orient="auto"><path d="M0 0 L10 5 L0 10 Z" fill="#ff6b6b"/></marker></defs>',
         _("A guard's move this turn")),
        (f'<circle class="aot-target-ring" r="{R + 5}"/>' + circle,
         _("You can choose this (thick dashed ring)")),
        (f'<circle class="aot-far-ring" r="{R + 5}"/>' + circle,
         _("You can walk here in several steps (thin dotted ring)")),
    ]
    rows = "".join(f"<li>{pic(inner)}<span>{e(text)}</span></li>" for inner, text in items)
    return f'<ul class="aot-legend">{rows}</ul>'
