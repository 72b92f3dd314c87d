"""The bounded game log (engine/core/gamelog.py): the state keeps the newest ``KEPT`` public
lines and the private ones among them, and every seat still reads what it read before the bound.

The reference is the unbounded log: the same game with ``gamelog.KEPT`` out of reach, played in
lockstep with the bounded one (the same actions on both states)."""

import copy
import random
from contextlib import contextmanager

import pytest

from engine.core import gamelog
from engine.core.game import Match, rules_for
from engine.simulate import make_bot, play
from web.base.markup import LOG_SHOWN

UNBOUNDED = 10 ** 9


@contextmanager
def unbounded():
    kept = gamelog.KEPT
    gamelog.KEPT = UNBOUNDED
    try:
        yield
    finally:
        gamelog.KEPT = kept


def public(log: list) -> int:
    return sum("to" not in e for e in log)


def test_the_screens_show_no_more_lines_than_the_state_keeps():
    assert LOG_SHOWN <= gamelog.KEPT


def test_a_message_line_carries_its_id_and_data():
    log = []
    gamelog.write(log, 3, msg="passes", args={"player": 1})
    gamelog.write(log, 3, msg="you_take", args={"crook": "c07"}, to=1)
    gamelog.write(log, 4, msg="scoring")
    assert log == [{"turn": 3, "msg": "passes", "args": {"player": 1}},
                   {"turn": 3, "msg": "you_take", "args": {"crook": "c07"}, "to": 1},
                   {"turn": 4, "msg": "scoring", "args": {}}]
    assert gamelog.visible(log, 0) == [log[0], log[2]]
    assert gamelog.visible(log, 1) == log
    assert gamelog.visible(log, None) == [log[0], log[2]]


def test_a_bounded_log_keeps_its_newest_public_lines():
    log = []
    for i in range(2 * gamelog.KEPT):
        gamelog.write(log, i, msg="line", args={"n": i})
        gamelog.write(log, i, msg="secret", args={"n": i}, to=i % 3)
    assert public(log) == gamelog.KEPT
    assert [e["args"]["n"] for e in log if "to" not in e] == list(range(gamelog.KEPT,
                                                                        2 * gamelog.KEPT))


def test_the_oldest_lines_go_once_kept_public_lines_follow_them():
    log = []
    gamelog.write(log, 0, "private, first", to=0)
    for i in range(gamelog.KEPT - 1):
        gamelog.write(log, i, f"public {i}")
    assert len(log) == gamelog.KEPT, "nothing goes while fewer than KEPT public lines follow"
    gamelog.write(log, 0, "private, last", to=2)
    gamelog.write(log, 0, "public, last")
    # KEPT public lines follow the first private line: it goes
    assert [e["msg"] for e in log] == [f"public {i}" for i in range(gamelog.KEPT - 1)] + \
        ["private, last", "public, last"]
    gamelog.write(log, 0, "one more")
    # the oldest public line goes
    assert [e["msg"] for e in log] == [f"public {i}" for i in range(1, gamelog.KEPT - 1)] + \
        ["private, last", "public, last", "one more"]
    assert public(log) == gamelog.KEPT


def test_the_lines_written_since_an_earlier_read_are_found_after_older_ones_went():
    log = []
    for i in range(gamelog.KEPT):
        gamelog.write(log, i, f"public {i}")
    before = copy.deepcopy(log)
    gamelog.write(log, 9, "new", to=1)
    gamelog.write(log, 9, "newer")
    assert len(log) == len(before) + 1, "the oldest line went"
    assert [e["msg"] for e in gamelog.written(before, log)] == ["new", "newer"]
    assert gamelog.written(log, log) == []
    assert gamelog.written([], log) == log


def test_an_unbounded_log_keeps_every_line():
    log = []
    for i in range(3 * gamelog.KEPT):
        gamelog.write(log, i, f"line {i}", bounded=False)
    assert len(log) == 3 * gamelog.KEPT


@pytest.mark.parametrize("seed", range(20))
def test_every_reader_keeps_its_newest_lines(seed):
    """Random mixes of public and private lines: for every seat and a spectator, the bounded log
    shows a suffix of what the unbounded one shows, at least its newest KEPT lines."""
    rnd = random.Random(seed)
    bounded, full = [], []
    for i in range(rnd.randrange(1, 6 * gamelog.KEPT)):
        to = rnd.choice([None, None, None, 0, 1, 2, 3] if seed % 2 else [None, 0, 1, 2, 3])
        gamelog.write(bounded, i, f"line {i}", to=to)
        gamelog.write(full, i, f"line {i}", to=to, bounded=False)
        assert public(bounded) == min(public(full), gamelog.KEPT)
        assert full[len(full) - len(bounded):] == bounded
        for reader in (None, 0, 1, 2, 3):
            mine, all_of_mine = gamelog.visible(bounded, reader), gamelog.visible(full, reader)
            assert all_of_mine[-gamelog.KEPT:] == mine[-gamelog.KEPT:]
            assert len(mine) >= min(len(all_of_mine), gamelog.KEPT)


def lockstep(game: str, players: int, kind: str, seed: int) -> tuple[dict, dict]:
    """Play one bot game, applying every action to a second state whose log is unbounded; after
    every action each seat's (and a spectator's) view must show the same newest lines."""
    rules = rules_for(game)
    bots = [make_bot(kind, game, seed * 8 + i) for i in range(players)]
    match = Match.start(game, [{} for _ in bots], {}, seed)
    with unbounded():
        full = Match.start(game, [{} for _ in bots], {}, seed).state
    readers = [None, *range(players)]
    while rules.result(match.state) is None:
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        view = rules.view(match.state, p) if bots[p].uses_view else None
        action = bots[p].decide(view, choice)
        match.act(p, action)
        with unbounded():
            rules.apply(full, p, action)
        for q in readers:
            shown, reference = rules.view(match.state, q)["log"], rules.view(full, q)["log"]
            assert shown[-LOG_SHOWN:] == reference[-LOG_SHOWN:], (q, len(match.actions))
            assert reference[len(reference) - len(shown):] == shown
    assert {k: v for k, v in match.state.items() if k != "log"} == \
        {k: v for k, v in full.items() if k != "log"}, "the bound changed the game"
    return match.state, full


@pytest.mark.parametrize("game, players, kind, seed", [
    ("swindler", 4, "heuristic", 11), ("swindler", 2, "random", 4),
    ("crooks", 4, "heuristic", 3), ("crooks", 4, "random", 7), ("crooks", 2, "random", 1)])
def test_a_bounded_game_shows_every_seat_what_it_showed_before(game, players, kind, seed):
    state, full = lockstep(game, players, kind, seed)
    assert public(state["log"]) == min(public(full["log"]), gamelog.KEPT)
    if game == "swindler":
        assert len(full["log"]) > 2 * gamelog.KEPT, "a game long enough to test the bound"


def test_a_long_swindler_game_carries_a_small_log():
    """The longest of a few random 4-player games: tens of thousands of lines written, the
    state holds KEPT public lines and the few private ones among them."""
    rules = rules_for("swindler")
    matches = [play("swindler", [make_bot("random", "swindler", s * 8 + i) for i in range(4)],
                    s) for s in range(6)]
    match = max(matches, key=lambda m: len(m.actions))
    state = match.state
    assert public(state["log"]) == gamelog.KEPT
    assert len(state["log"]) <= 2 * gamelog.KEPT
    with unbounded():
        full = Match.replay(match.record()).state
    assert len(full["log"]) > 20 * gamelog.KEPT
    for q in (None, 0, 1, 2, 3):
        assert rules.view(state, q)["log"][-LOG_SHOWN:] == \
            rules.view(full, q)["log"][-LOG_SHOWN:]
    # the replayed record rebuilds the same bounded log
    assert Match.replay(copy.deepcopy(match.record())).state == state


def test_the_age_of_thieves_log_is_whole():
    """Its screen can show every line and its board draws this turn's moves from the log: the
    game bounds its own log (at most 15 turns), the state keeps all of it."""
    match = play("age_of_thieves", [make_bot("random", "age_of_thieves", 8 + i)
                                    for i in range(4)], 1)
    assert public(match.state["log"]) > gamelog.KEPT
    with unbounded():
        full = Match.replay(match.record()).state
    assert match.state["log"] == full["log"]
    assert match.state["log"][0]["turn"] == 0
