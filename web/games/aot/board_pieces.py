"""The pictures the city board is drawn with: the spaces' shapes and icons, the badges of
jewels and tokens, the figures, the open gates' marks, and the legend that explains them.
Shapes, letters and icons tell the pieces apart; colour only adds to them.
"""

import math

from web.base.i18n import _
from web.games.aot import labels as L
from web.games.aot.labels import e
from web.games.aot.ui import BOARD

R = 15  # radius of a space

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


def space_kinds(view: dict, sid: str) -> list[str]:
    """What a space is, with what its token feature adds (a dark alley makes it a hideout)."""
    kinds = sorted(BOARD.spaces[sid].kinds)
    feature = view["features"].get(sid)
    extra = {"dark_alley": "hideout", "manhole": "sewer_entrance", "ladder": "sewer_exit"}
    if feature and extra.get(feature) not in kinds:
        kinds.append(extra[feature])
    return kinds


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


def space_shape(view: dict, sid: str) -> str:
    s = BOARD.spaces[sid]
    kinds = set(space_kinds(view, sid))
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


def decor(view: dict, sid: str, stuff: dict) -> str:
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


def thief_figure(view: dict, p: int, x: float, y: float, r: float) -> str:
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


def watch_figure(view: dict, gid: str, x: float, y: float, r: float) -> str:
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
        (watch_figure({"watch": {"g03": {"kind": "guard", "space": ""}}, "flags": {}},
                      "g03", 0, 0, 14),
         _("Guard ({letter} and its number)").format(letter=guard)),
        (watch_figure({"watch": {"k01": {"kind": "captain", "space": ""}}, "flags": {}},
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
