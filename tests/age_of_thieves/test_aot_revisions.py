"""Rules revision 1, the rules of release 2026-11-26 that its saves and links were made under
(docs/releases.md), against revision 2, today's: the city guard's targets, from the same
positions as test_city_guard.py's (English book: chosen together; German book's picture: a
hidden thief does not make a crowd). Revision 1 sends each guard alone to its closest space
with the most thieves on it, a hidden one too."""

import pytest
from aot_helpers import HOME, Game, guard_turn, near, two_spaces_at

from engine.core.game import Match
from engine.core.rng import Rng, seed_state


def test_a_new_game_is_played_under_revision_2_and_an_old_one_stays_under_1():
    assert Game().match.revision == 2
    old = Game(revision=1).match
    assert old.revision == 1 and Match.replay(old.record()).revision == 1
    drawn = old.rules.determinize(old.rules.view(old.state, 0), 0, Rng(seed_state(3)))
    assert drawn["options"]["rules"] == 1  # a search plays the game's own rules


def two_thieves_two_guards(revision: int, options: dict | None = None) -> tuple[Game, str]:
    """g01 on E05 is 2 from a thief on E11 and from another on N33; g02 on E19 hears only
    E11; the first thief (seat 2) is away. The city guard acts."""
    g = Game(("morius", "noiron", "zain"), options=options, first=2, revision=revision)
    g.put(0, "E11")
    g.put(1, "N33")
    g.away(2)
    g1 = g.guard("E05")
    g.guard("E19")
    guard_turn(g)
    return g, g1


@pytest.mark.parametrize("revision, caught, g01_goes_to", [(1, [0], "E11"),
                                                          (2, [0, 1], "N33")])
def test_revision_1_sends_each_guard_alone(revision, caught, g01_goes_to):
    """Revision 2: together g01 goes to N33 and g02 to E11, both thieves are caught. Revision
    1: g01 alone takes the first thief's default (E11: seat 0 comes before seat 1 clockwise
    from the first thief) and g02, whose thief is gone, catches no one."""
    g, g1 = two_thieves_two_guards(revision)
    assert [p for p in range(2) if g.th(p)["where"] == "dungeon"] == caught
    assert g.s["watch"][g1]["space"] == g01_goes_to


@pytest.mark.parametrize("revision", [1, 2])
def test_revision_1_asks_the_first_thief_among_every_closest_target(revision):
    """The first thief sends g01 first. Revision 2 asks nothing more: only
    N33 lets the guards catch both. Revision 1 asks whom g01 follows, E11 or N33."""
    g, g1 = two_thieves_two_guards(revision, options={})
    g.pick(g1)
    found = g.choice()
    if revision == 1:
        assert found["player"] == 2 and found["prompt"]["msg"] == "watch_target_ask"
        assert sorted(o["pick"] for o in found["options"]) == ["E11", "N33"]
    else:
        assert found["prompt"]["msg"] != "watch_target_ask"


@pytest.mark.parametrize("revision", [1, 2])
def test_under_revision_1_a_hidden_thief_makes_a_crowd(revision):
    """Two thieves at equal distance from a guard, one of two on ``b`` hidden. Revision 2:
    the hidden one does not count, the first thief chooses. Revision 1: ``b`` has more
    thieves on it, and the guard goes there unasked."""
    g = Game(("joanne", "jasmine", "noiron", "zain"), options={}, first=3, revision=revision)
    gid = g.guard(near(HOME, 3))
    a, b = two_spaces_at(near(HOME, 3), 2)
    g.put(0, b)
    g.put(1, b)
    g.th(1)["hidden"] = True
    g.put(2, a)
    g.away(3)
    guard_turn(g)
    asked = g.choice()["prompt"]["msg"] == "watch_target_ask"
    assert asked == (revision == 2)
    if revision == 1:
        assert g.s["watch"][gid]["space"] == b and g.th(2)["where"] == "board"
