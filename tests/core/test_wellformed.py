"""Texts from outside (links, saves) are measured before they are parsed: the nesting read from
the text itself agrees with the parsed value's, and a text too deep or too long is refused
without ever reaching the JSON parser."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import wellformed

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(alphabet=st.sampled_from('ab"\\[]{},:\n\u00e9'), max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(alphabet=st.sampled_from('k"\\[]{}'), max_size=3), inner, max_size=3),
    max_leaves=15)


def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


@settings(max_examples=300, deadline=None, derandomize=True)
@given(JSON)
def test_the_nesting_read_from_the_text_is_the_values_nesting(value):
    text = json.dumps(value, ensure_ascii=False)
    assert wellformed.nesting(text) == depth(value)
    assert wellformed.loads(text, len(text), depth(value)) == value


@pytest.mark.parametrize("text", ["[" * 20_000 + "]" * 20_000, '{"a":' * 5_000 + "1" + "}" * 5_000,
                                  "[" * 20_000, '["]"' + "," + "[" * 9_000])
def test_a_deep_text_is_refused_before_the_parser_sees_it(text, monkeypatch):
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("the parser saw it"))
    with pytest.raises(ValueError, match="nests deeper"):
        wellformed.loads(text, 10**6, 10)


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"a": "[[[[[[[[[[{{{{{{", "b": ['\\"]]]]', "x"]})
    assert wellformed.nesting(text) == 2


def test_a_long_text_is_refused_before_it_is_measured():
    with pytest.raises(ValueError, match="longer than 10"):
        wellformed.loads("[1,2,3,4,5,6]", 10, 5)


def test_an_unterminated_string_cannot_hide_depth_from_the_parser(monkeypatch):
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("the parser saw it"))
    with pytest.raises(ValueError, match="nests deeper"):
        wellformed.loads('["a' + "[" * 3_000, 10**6, 10)
