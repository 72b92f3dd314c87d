"""Setting up: dens and stack sizes per player count, money, the start player, the crook data."""

import pytest
from crooks_helpers import new_match

from engine.core.game import GAMES, rules_for, state_hash
from engine.crooks import content


def test_registered_as_crooks():
    assert GAMES["crooks"] == "engine.crooks"
    rules = rules_for("crooks")
    assert (rules.id, rules.min_players, rules.max_players) == ("crooks", 2, 4)


@pytest.mark.parametrize("players,dens,sizes,unused", [
    (2, "ABCDE", [2, 2, 3, 4, 5], 16),
    (3, "ABCDEFG", [2, 2, 3, 3, 4, 4, 5], 9),
    (4, "ABCDEFGHI", [2, 2, 3, 3, 4, 4, 4, 5, 5], 0),
])
def test_dens_stacks_money_and_box(players, dens, sizes, unused):
    s = new_match(players, seed=3).state
    assert list(s["dens"]) == list(dens)
    assert [len(stack) for stack in s["dens"].values()] == sizes
    assert len(s["box"]) == unused
    every = [c for stack in s["dens"].values() for c in stack] + s["box"]
    assert sorted(every) == sorted(content.crooks())
    assert s["money"] == [18] * players and s["bank"] == 0
    assert s["passed"] == [False] * players
    assert all(p == [] for v in s["targets"].values() for p in v)
    assert s["current"] == s["first"] and s["step"] == {"kind": "turn"}


def test_start_player_is_drawn_and_the_deal_depends_on_the_seed():
    firsts = {new_match(4, seed=seed).state["first"] for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    assert state_hash(new_match(3, seed=5).state) == state_hash(new_match(3, seed=5).state)
    assert new_match(3, seed=5).state["dens"] != new_match(3, seed=6).state["dens"]


def test_the_32_crooks():
    crooks = content.crooks()
    assert len(crooks) == 32 and sorted(crooks) == [f"c{i:02d}" for i in range(1, 33)]
    assert len({c["name"] for c in crooks.values()}) == 32
    for c in crooks.values():
        assert set(c) == {"id", "name", "rank", "modifier", "gangs", "action"}
        assert c["action"] in content.ACTIONS
        assert -2 <= c["modifier"] <= 3 and 1 <= c["rank"] <= 12
        assert len(c["gangs"]) <= 2 and set(c["gangs"]) <= set(content.GANGS)
    kingpins = [c for c in crooks.values() if c["action"] == "kingpin"]
    assert len(kingpins) == 1 and kingpins[0]["rank"] == max(c["rank"] for c in crooks.values())
    for gang in content.GANGS:
        assert sum(gang in c["gangs"] for c in crooks.values()) == 9
