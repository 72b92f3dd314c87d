"""The project's generator: fixed outputs (so CPython and Pyodide agree), fair ranges."""

from collections import Counter

import pytest

from engine.core.rng import Rng, seed_state


def test_known_outputs_never_change():
    rng = Rng(seed_state(42))
    first = [rng.next_u32() for _ in range(3)]
    again = Rng(seed_state(42))
    assert [again.next_u32() for _ in range(3)] == first
    # pinned: a change of algorithm would silently break every saved game and link
    assert first == [2837322924, 544945897, 479756282]


def test_state_is_json_safe_words():
    state = seed_state(2**70 + 5)
    assert len(state) == 4 and all(0 <= w < 2**32 for w in state) and any(state)


def test_below_is_unbiased_and_in_range():
    rng = Rng(seed_state(7))
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_300 < n < 10_700 for n in counts.values())


def test_die_and_shuffle_are_permutations():
    rng = Rng(seed_state(3))
    assert {rng.die(8) for _ in range(500)} == set(range(1, 9))
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_state_lives_in_the_list_it_was_given():
    state = seed_state(1)
    Rng(state).next_u32()
    assert state != seed_state(1)


def test_below_refuses_empty_range():
    with pytest.raises(ValueError):
        Rng(seed_state(1)).below(0)
