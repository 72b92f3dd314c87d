"""The rules revisions played from the same positions. Revision 1, the rules of release
2026-11-26 that its saves and links were made under (docs/releases.md), against revision 2:
the city guard's targets, from the same positions as test_city_guard.py's (English book:
chosen together; German book's picture: a hidden thief does not make a crowd). Revision 1
sends each guard alone to its closest space with the most thieves on it, a hidden one too.
Revision 2 against revision 3, today's: what the books print, card by card (issue 37)."""

import pytest
from aot_helpers import (
    BOARD,
    HOME,
    Game,
    corridor,
    dist,
    guard_turn,
    hidden_crowd,
    near,
    spaces_of,
)

from engine.age_of_thieves import content
from engine.core.game import Match
from engine.core.rng import Rng, seed_state


@pytest.mark.parametrize("old", [1, 2])
def test_a_new_game_is_played_under_revision_3_and_an_old_one_stays_under_its_own(old):
    assert Game().match.revision == 3
    match = Game(revision=old).match
    assert match.revision == old and Match.replay(match.record()).revision == old
    drawn = match.rules.determinize(match.rules.view(match.state, 0), 0, Rng(seed_state(3)))
    assert drawn["options"]["rules"] == old  # a search plays the game's own rules


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
    g, gid, a, b = hidden_crowd(revision)
    asked = g.choice()["prompt"]["msg"] == "watch_target_ask"
    assert asked == (revision == 2)
    if revision == 1:
        assert g.s["watch"][gid]["space"] == b and g.th(2)["where"] == "board"


# --- revision 3: what the books print --------------------------------------------------------
def special(g: Game, p: int, carried: str = "cog_rod", hold: bool = True) -> None:
    """Thief p declares his special card carrying a general card (5 AP; with ``hold`` a 1 AP
    Ambush keeps the turn open) and resolves it as the special."""
    card = g.hand(p, carried)[0]
    g.s["initiative"] = 1
    entries = [{"card": content.thieves()[g.th(p)["id"]]["special"], "carry": card, "ap": 5}]
    g.declare({p: entries + ([{"card": "ambush", "ap": 1}] if hold else [])})
    g.resolve(0, "special")


@pytest.mark.parametrize("revision, ap", [(2, 13), (3, 12)])
def test_potion_of_haste_gives_the_two_ap_the_german_book_prints(revision, ap):
    """The German book shows Nikolai's card: discard the card on it "um zu Beginn der
    nächsten Phase Planung 2 temporäre AP zu erhalten". Revision 2 gave 3."""
    g = Game(("nikolai", "noiron"), revision=revision)
    special(g, 0, hold=False)
    g.answer_pending()
    assert g.s["phase"] == "declaration" and g.th(0)["ap"] == ap


def seduction(revision: int) -> tuple[Game, str, str]:
    """Jasmine on a plain space J with a guard 3 spaces away on a space with a neighbour that
    is not nearer to her (so "toward her" narrows his way), and a captain 2 away."""
    here = HOME
    guard = next(sp for sp in sorted(BOARD.spaces) if dist(here, sp) == 3
                 and any(dist(n, here) >= 3 for n in BOARD.neighbours(sp)))
    g = Game(("jasmine", "joanne"), revision=revision)
    g.put(0, here)
    g.away(1)
    gid = g.guard(guard)
    g.guard(near(here, 2, avoid=BOARD.neighbours(guard)), kind="captain")
    special(g, 0)
    return g, gid, here


@pytest.mark.parametrize("revision", [2, 3])
def test_seduction_lures_a_guard_up_to_two_spaces_toward_jasmine(revision):
    """Both books: Jasmine may "use Seduction to lure a guard 2 spaces to her space" ("einen
    Wächter 2 Felder in Richtung ihrer Position zu locken"). Revision 3: a guard, not a
    captain (a text that names a guard affects no captain); each step one space nearer to
    her; up to 2 (a figure may move fewer spaces, even 0). Revision 2: a guard or captain,
    up to 3 spaces, any way."""
    g, gid, jasmine = seduction(revision)
    if revision == 2:
        assert sorted(o["pick"] for o in g.options()) == [gid, "k01"]
        g.pick(gid)
    assert g.choice()["mover"] == gid  # revision 3: the guard is her only target
    start = g.s["watch"][gid]["space"]
    steps = [o["step"] for o in g.options() if "step" in o]
    nearer = sorted(n for n in BOARD.neighbours(start) if dist(n, jasmine) == 2)
    assert {"stop": True} in g.options()
    if revision == 3:
        assert sorted(steps) == nearer
    else:
        assert set(steps) == set(BOARD.neighbours(start)) > set(nearer)
    g.walk(nearer[0], stop=False)
    g.walk(min(n for n in BOARD.neighbours(nearer[0]) if dist(n, jasmine) == 1), stop=False)
    assert (g.kind() == "move") == (revision == 2)  # a third step only under revision 2


def test_seduction_lures_a_guard_onto_jasmine_who_is_charmed():
    """A guard 2 spaces away, lured all the way, stands on her space: he cannot catch her this
    turn (the project's charm, which the books' example does not contradict)."""
    route = corridor(4)
    g = Game(("jasmine", "joanne"))
    gid = g.guard(route[2])
    g.put(0, route[0])
    g.away(1)
    special(g, 0)
    assert [o["step"] for o in g.options() if "step" in o] == [route[1]]
    g.walk(route[1], route[0], stop=False)
    assert g.s["watch"][gid]["space"] == route[0] and g.th(0)["where"] == "board"


@pytest.mark.parametrize("revision, districts", [(2, "ENSW"), (3, "ENPSW")])
def test_reinforcements_puts_a_guard_in_each_of_the_five_districts(revision, districts):
    """Our Alarm event puts "1 new guard on a free guardhouse in every district". The book
    counts five: "The game board is divided into 5 Districts ... the Palace in the center",
    and says "(except the Palace)" where it means the outer four. Revision 2 left the Palace
    out."""
    g = Game(("morius", "noiron"), revision=revision)
    g.set_alarm("N")
    g.away(0)
    g.away(1)
    g.next_turn("reinforcements")
    assert g.s["event"] == "reinforcements"
    placed = [BOARD.district(w["space"]) for w in g.s["watch"].values()]
    assert "".join(sorted(placed)) == districts
    assert all(w["space"] in spaces_of("guardhouse") for w in g.s["watch"].values())


@pytest.mark.parametrize("revision, caught", [(2, False), (3, True)])
def test_a_noise_on_a_guards_own_space_lures_him_and_he_catches_the_thief_there(revision,
                                                                                caught):
    """English book: "if some other effect (e.g., a Firecracker action card) caused a guard or
    captain to move, the thief occupying the same space would be caught as normal"; a figure
    "may ... even remain in its space (thus moving 0 spaces)". A Firecracker aimed at the
    guard's own space lures him (0 spaces): Zain, who shares it, is caught. Revision 2 left a
    guard on the noise's space alone."""
    route = corridor(6)
    g = Game(("noiron", "zain"), revision=revision)
    gid = g.guard(route[4])
    g.put(1, route[4])
    g.put(0, route[0])
    card = g.hand(0, "firecracker")[0]
    g.s["initiative"] = 1
    g.declare({0: [{"card": card, "ap": 5}, {"card": "ambush", "ap": 1}]})
    g.resolve(0, "play")
    g.pick(route[4])
    assert (g.th(1)["where"] == "dungeon") == caught
    assert g.s["watch"][gid]["space"] == route[4]


@pytest.mark.parametrize("event", ["flooded_sewers", "sewer_grates_sealed"])
@pytest.mark.parametrize("revision", [2, 3])
def test_closed_sewers_close_rat_kings_tunnels(revision, event):
    """Flooded Sewers and Sewer Grates Sealed: "Nobody can use the sewers this turn". Morius's
    card vanishes "into the drains" and comes up on a sewer exit: that is using the sewers,
    so under revision 3 he stays where he is (the rest of the card, hidden, still happens,
    as for a snared Morius). Revision 2 let him through."""
    g = Game(("morius", "noiron"), revision=revision)
    g.put(0, HOME)
    g.away(1)
    g.set_event(event)
    special(g, 0)
    if revision == 2:
        assert g.kind() == "choose"
        assert sorted(o["pick"] for o in g.options()) == spaces_of("sewer_exit")
    else:
        assert g.kind() == "resolve"  # no exit asked: on to his Ambush
        assert g.th(0)["space"] == HOME and g.th(0)["hidden"]
