"""Inline SVG plots for the report page: rates with their intervals, and histograms. Pure
string functions; the figures are drawn from the numbers given, with no script and no link."""

import math
from html import escape

WIDTH = 360  # narrow, so that a phone's width shows its text at a readable size
ROW = 24
LEFT = 158  # room for the rows' names
RIGHT = 24  # room for the last tick's text
NAME = 18  # characters of a row's name shown (the tables beside give the whole name)


def _x(value: float, lo: float, hi: float) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * (value - lo) / (hi - lo)


def intervals(rows: list[tuple[str, float, float, float]], marks: tuple = (),
              lo: float | None = None, hi: float | None = None, percent: bool = True,
              title: str = "") -> str:
    """One row a rate: ``(name, value, low, high)``, a dot on its interval; ``marks``: values
    drawn as dashed lines across (the fair share, or 0 for a difference). The axis spans
    ``lo`` to ``hi``, by default the intervals and marks with a margin, in steps of 10 %."""
    ends = [x for _, _, low, high in rows for x in (low, high)] + list(marks)
    if lo is None:
        lo = max(0.0 if min(ends) >= 0 else -1.0, math.floor(min(ends) * 10 - 0.2) / 10)
    if hi is None:
        hi = min(1.0, math.ceil(max(ends) * 10 + 0.2) / 10)
    names = [_lines(name) for name, _, _, _ in rows]
    row = ROW + 14 * max(len(lines) - 1 for lines in names)  # two-line names need more room
    height = row * len(rows) + 34
    out = [f'<svg viewBox="0 0 {WIDTH} {height}" '
           f'role="img" class="plot"><title>{escape(title)}</title>']
    for tick in _ticks(lo, hi):
        x = _x(tick, lo, hi)
        text = f"{tick * 100:.0f} %" if percent else f"{tick:g}"
        out.append(f'<line x1="{x:.1f}" y1="4" x2="{x:.1f}" y2="{height - 24}" class="grid"/>'
                   f'<text x="{x:.1f}" y="{height - 8}" class="tick">{text}</text>')
    for mark in marks:
        x = _x(mark, lo, hi)
        out.append(f'<line x1="{x:.1f}" y1="2" x2="{x:.1f}" y2="{height - 20}" class="mark"/>')
    for i, (_name, value, low, high) in enumerate(rows):
        y = 14 + (row - ROW) // 2 + i * row
        lines = names[i]
        top = y + 5 - 7 * (len(lines) - 1)
        shown = "".join(f'<tspan x="{LEFT - 8}" y="{top + 14 * k}">{escape(line)}</tspan>'
                        for k, line in enumerate(lines))
        out.append(f'<text class="name">{shown}</text>'
                   f'<line x1="{_x(low, lo, hi):.1f}" y1="{y}" x2="{_x(high, lo, hi):.1f}" '
                   f'y2="{y}" class="ci"/>'
                   f'<circle cx="{_x(value, lo, hi):.1f}" cy="{y}" r="4" class="dot"/>')
    out.append("</svg>")
    return "".join(out)


def _lines(name: str) -> list[str]:
    """A row's name in at most two lines of ``NAME`` characters, cut short with … if longer."""
    lines = [""]
    for word in name.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > NAME:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 1 else lines
    return [line if len(line) <= NAME else line[:NAME - 1] + "…" for line in lines]


def _ticks(lo: float, hi: float) -> list[float]:
    span = hi - lo
    step = next(s for s in (0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500)
                if span / s <= 4)
    first = -(-lo // step) * step
    return [round(first + i * step, 6) for i in range(int((hi - first) / step + 1e-9) + 1)]


def histogram(bins: list[list], title: str = "") -> str:
    """Bars of ``[[from, to, count], ...]``, the bins' lower bounds written under them."""
    height, bottom = 170, 136
    most = max(count for _, _, count in bins) or 1
    width = (WIDTH - 50) / len(bins)
    every = 1 if len(bins) <= 7 else 2  # the bins' names written under every bar, or every
                                        # other one
    out = [f'<svg viewBox="0 0 {WIDTH} {height}" '
           f'role="img" class="plot"><title>{escape(title)}</title>',
           f'<line x1="40" y1="{bottom}" x2="{WIDTH - 10}" y2="{bottom}" class="grid"/>'
           f'<line x1="40" y1="10" x2="{WIDTH - 10}" y2="10" class="grid"/>'
           f'<text x="36" y="{bottom + 5}" class="tick right">0</text>'
           f'<text x="36" y="15" class="tick right">{most}</text>']
    for i, (start, end, count) in enumerate(bins):
        x = 40 + i * width
        h = (bottom - 10) * count / most
        label = f"{start}" if end - start == 1 else f"{start}–{end - 1}"
        out.append(f'<rect x="{x + 1:.1f}" y="{bottom - h:.1f}" width="{width - 2:.1f}" '
                   f'height="{h:.1f}" class="bar"><title>{label}: {count}</title></rect>')
        if i % every == 0:
            out.append(f'<text x="{x + 1:.1f}" y="{bottom + 18}" class="tick left">'
                       f'{start}</text>')
    out.append("</svg>")
    return "".join(out)


STYLE = """
svg.plot { width: 100%; max-width: 440px; height: auto; display: block; margin: .5em 0 1em;
  font: 14px system-ui, sans-serif; }
svg.plot .grid { stroke: #ddd; } svg.plot .mark { stroke: #c33; stroke-width: 2;
  stroke-dasharray: 5 4; }
svg.plot .ci { stroke: #246; stroke-width: 4; } svg.plot .dot { fill: #fff; stroke: #246;
  stroke-width: 2.5; }
svg.plot .name { text-anchor: end; fill: #222; }
svg.plot .tick { font-size: 12px; text-anchor: middle; fill: #555; }
svg.plot .tick.left { text-anchor: start; } svg.plot .tick.right { text-anchor: end; }
svg.plot .bar { fill: #6a8caf; }
"""
