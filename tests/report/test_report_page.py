"""The report page renders on its own: inline SVG, no address of the network, no script
(engine/report/page.py)."""

import re

from engine.report import page, stats
from engine.report.records import play_record


def test_the_page_is_self_contained():
    records = [play_record("swindler", players, 3, number)
               for players in (2, 3) for number in range(3)]
    report = stats.aggregate("swindler", records,
                             [stats.level([{"number": 0, "seat": 0, "winners": [0]}], 2,
                                          "hard", "normal")])
    html = page.render(report, {"bots": "normal", "seed": 3, "games": 3})
    assert html.startswith("<!DOCTYPE html>")
    assert "<svg" in html and "</svg>" in html
    assert not re.search(r"https?:|//[a-z]", html, re.I)
    assert not re.search(r"<(script|link|img|iframe)\b|src=", html, re.I)
    assert "Win rate by master thief" in html and "3 players" in html
    assert "95 % interval" in html
