"""Bounds on JSON that arrives from outside: actions, game links and saves.

Everything here walks its input without recursion, so a value or a text nested thousands deep
is refused before anything that does recurse touches it (``repr``, ``==``, ``json.dumps``, or
the JSON parser, which in the browser overflows the stack and takes the page down).
"""

import json
import math
import re
from itertools import accumulate

from .errors import IllegalAction

ACTION_DEPTH = 6  # lists and dicts inside one another in an action
ACTION_VALUES = 200  # values in one action, keys not counted
ACTION_TEXT = 100  # characters of one string or key in an action
BIGGEST_INT = 2 ** 63  # no count, seat or seed comes near it
_ATOMS = (str, int, float, bool, type(None))


def check_action(action) -> None:
    """Raise IllegalAction unless ``action`` is a JSON value of plain types within the bounds
    above: dicts with string keys, lists, strings, whole numbers, finite floats, booleans, null.
    Types are exact: a tuple is not a list, a subclass of str is not a str."""
    stack = [(action, 1)]
    values = 0
    while stack:
        value, depth = stack.pop()
        values += 1
        if values > ACTION_VALUES:
            raise IllegalAction(f"an action holds at most {ACTION_VALUES} values")
        if depth > ACTION_DEPTH:
            raise IllegalAction(f"an action nests at most {ACTION_DEPTH} deep")
        kind = type(value)
        if kind is dict:
            for key, item in value.items():
                if type(key) is not str or len(key) > ACTION_TEXT:
                    raise IllegalAction("an action's keys are short texts")
                stack.append((item, depth + 1))
        elif kind is list:
            stack.extend((item, depth + 1) for item in value)
        elif kind not in _ATOMS:
            raise IllegalAction(f"an action cannot hold a {kind.__name__}")
        elif kind is str and len(value) > ACTION_TEXT:
            raise IllegalAction(f"an action's texts are at most {ACTION_TEXT} characters")
        elif kind is int and not -BIGGEST_INT < value < BIGGEST_INT:
            raise IllegalAction("an action's numbers are far smaller than that")
        elif kind is float and not math.isfinite(value):
            raise IllegalAction("an action's numbers are finite")


def same(a, b) -> bool:
    """Equal as JSON, types included: ``0.0``, ``False`` and ``0`` are three different values
    (Python's ``==`` calls them equal). Both values must have passed :func:`check_action`."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        if a.keys() != b.keys():
            return False
        for key, value in a.items():  # a loop, not all(): actions are on the hot path
            other = b[key]
            if type(value) is not type(other) or value != other or (
                    type(value) in _CONTAINERS and not same(value, other)):
                return False
        return True
    if kind is list:
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


_CONTAINERS = (dict, list)


def listed(options: list, action):
    """The option that ``action`` is, exactly (see :func:`same`); IllegalAction if none."""
    for option in options:
        if option == action and same(option, action):
            return option
    raise IllegalAction("that is not one of the choices open now")


_WHOLE = re.compile(r"-?[0-9]{1,18}")


def whole_number(text: str) -> int | None:
    """The int a notation word spells (ASCII digits, an optional minus, at most 18 digits),
    else None. ``int()`` alone also reads other scripts' digits, and fails on '²' or on a
    number of thousands of digits, which a link may carry."""
    return int(text) if _WHOLE.fullmatch(text) else None


def number_or_text(text: str) -> int | str:
    """A word of an action's notation: the whole number it spells, else the text itself."""
    number = whole_number(text)
    return text if number is None else number


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = bytes(c for c in range(256) if c not in b"[]{}")  # UTF-8 keeps them one byte
_DEPTH = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def nesting(text: str) -> int:
    """How deep the lists and objects of a JSON text nest, read from the text itself (about
    as quick as parsing it)."""
    brackets = _STRING.sub("", text).encode("utf-8", "surrogatepass").translate(
        None, _NOT_BRACKET)
    return max(accumulate(map(_DEPTH.__getitem__, brackets)), default=0)


def loads(text: str, max_chars: int, max_depth: int):
    """``json.loads`` for a text from outside; ValueError, before any parsing, for a text
    longer than ``max_chars`` or nested deeper than ``max_depth``."""
    if len(text) > max_chars:
        raise ValueError(f"the text is longer than {max_chars} characters")
    if nesting(text) > max_depth:
        raise ValueError(f"the text nests deeper than {max_depth}")
    return json.loads(text)
