"""Regions: the parts of a screen the page may replace one at a time.

A region is one element, marked by ``region(name, html)``. When a new render of the screen has
the same skeleton as the one on the page (the HTML outside the regions, and the same region
names in the same order), the page replaces only the regions whose HTML changed: a click on the
board then rebuilds the pieces and rings, not the whole screen.
"""

import re

MARK = re.compile(r"<!--r:([\w-]+)-->(.*?)<!--/r:\1-->", re.S)
TAG = re.compile(r"<[a-zA-Z][\w-]*")


def region(name: str, html: str) -> str:
    """``html`` (a single element) marked as the region ``name``; nothing if ``html`` is empty
    (a region that comes and goes changes the skeleton)."""
    if not html:
        return ""
    tag = TAG.match(html)
    if tag is None:
        raise ValueError(f"region {name!r} must be one element")
    body = f'{html[:tag.end()]} data-region="{name}"{html[tag.end():]}'
    return f"<!--r:{name}-->{body}<!--/r:{name}-->"


def split(html: str) -> tuple[tuple, list[tuple[str, str]]]:
    """(skeleton, [(name, element html)]) of a rendered screen."""
    parts = MARK.split(html)
    names = tuple(parts[1::3])
    return tuple(parts[0::3]) + names, list(zip(names, parts[2::3], strict=True))


def changed(old: tuple | None, new: tuple) -> list[tuple[str, str]] | None:
    """The regions to replace to go from the ``old`` split to the ``new`` one, or None when
    the skeleton differs (the page then replaces everything)."""
    if old is None or old[0] != new[0]:
        return None
    return [(name, html) for (name, html), (_name, before) in zip(new[1], old[1], strict=True)
            if html != before]
