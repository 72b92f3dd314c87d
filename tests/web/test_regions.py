"""The page replaces only the regions of a screen whose HTML changed."""

import pytest

from web.base.regions import changed, region, split


def screen(a: str, b: str, title: str = "T") -> str:
    return (f"<div><h2>{title}</h2>{region('a', f'<p class=x>{a}</p>')}<section>"
            f"{region('b', f'<svg>{b}</svg>')}</section></div>")


def test_a_region_is_its_element_marked_with_its_name():
    assert region("log", "<ul><li>x</li></ul>") == \
        '<!--r:log--><ul data-region="log"><li>x</li></ul><!--/r:log-->'
    with pytest.raises(ValueError):
        region("log", "text")


def test_only_changed_regions_are_replaced():
    old = split(screen("1", "2"))
    assert changed(old, split(screen("1", "2"))) == []
    assert changed(old, split(screen("1", "3"))) == [("b", '<svg data-region="b">3</svg>')]
    assert changed(old, split(screen("0", "3"))) == [
        ("a", '<p data-region="a" class=x>0</p>'), ("b", '<svg data-region="b">3</svg>')]


def test_a_different_skeleton_replaces_everything():
    old = split(screen("1", "2"))
    assert changed(old, split(screen("1", "2", title="U"))) is None
    assert changed(old, split("<p>other screen</p>")) is None
    assert changed(None, old) is None
