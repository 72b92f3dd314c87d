"""The generic reaction window (engine.core.reactions)."""

import json

from engine.core.reactions import (
    PASS,
    SKIP_OPTION,
    next_seat,
    open_window,
    options,
    seats_to_ask,
    skipping,
    turn_order,
)


def test_turn_order_starts_with_the_active_player():
    assert turn_order(2, 4) == [2, 3, 0, 1]
    assert turn_order(2, 4, exclude=[2]) == [3, 0, 1]
    assert turn_order(0, 3, exclude=[1]) == [0, 2]


def test_every_seat_is_asked_by_default():
    holders = {0}
    asked = list(seats_to_ask("trigger", [3, 0, 1], lambda s: s in holders))
    assert asked == [3, 0, 1]


def test_the_skip_option_passes_over_seats_with_nothing_playable():
    holders = {0}
    asked = list(seats_to_ask("trigger", [3, 0, 1], lambda s: s in holders, skip=True))
    assert asked == [0]


def test_playability_is_checked_when_the_seats_turn_comes():
    holders = {3, 1}
    checked = []

    def playable(seat):
        checked.append(seat)
        return seat in holders

    asked = []
    for seat in seats_to_ask("t", [3, 0, 1], playable, skip=True):
        asked.append(seat)
        holders.discard(1)  # seat 3's answer made seat 1's card unplayable
    assert asked == [3] and checked == [3, 0, 1]


def test_a_window_is_json_and_resumes():
    window = open_window({"on": "x"}, [1, 2])
    assert next_seat(window, lambda s: True) == 1
    window = json.loads(json.dumps(window))
    assert window["asking"] == 1
    assert next_seat(window, lambda s: True) == 2
    assert next_seat(window, lambda s: True) is None and window["asking"] is None


def test_options_always_offer_pass():
    assert options([]) == [PASS]
    assert options([{"play": "c"}]) == [PASS, {"play": "c"}]


def test_the_table_option():
    assert not skipping({}) and skipping({SKIP_OPTION: True})
