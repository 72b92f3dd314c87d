"""bench/table_flow.py plays whole games through the app: one short game per check."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "table_flow.py"
spec = importlib.util.spec_from_file_location("table_flow", SCRIPT)
table_flow = importlib.util.module_from_spec(spec)
spec.loader.exec_module(table_flow)


def counted(run: dict) -> int:
    return sum(run["decisions"].values())


def test_a_lone_person_gets_no_handover_and_every_move_of_theirs_is_counted():
    run = table_flow.play("crooks", 1, seed=3)
    assert run["handovers"] == 0 and not run["handover_to"]
    assert run["rounds"] > 0 and counted(run) > 0
    # each prompt was one action of the person (no walks in Crooks; the table may play a
    # lone option for them too); the bots made the rest
    assert counted(run) == run["per_seat"][0] <= run["person_actions"] < run["actions"]
    assert sum(run["singles"].values()) <= counted(run)
    assert all(run["singles"][k] <= run["decisions"][k] for k in run["singles"])


def test_people_sharing_the_device_hand_it_over_before_their_prompts():
    run = table_flow.play("age_of_thieves", 3, seed=2)
    assert run["handovers"] > 0
    # every hand-over leads to a prompt of the person who takes the device
    assert sum(run["handover_to"].values()) == run["handovers"]
    assert "(no prompt)" not in run["handover_to"]
    assert run["handovers"] <= counted(run)
    # a walk's later steps are sent with its first: counted as walk steps, not prompts
    assert counted(run) + run["walk_steps"] <= run["person_actions"]
    assert run["walk_steps"] > 0 and all(n > 0 for n in run["per_seat"])


def test_rounds_follow_the_table():
    row = table_flow.measure("swindler", 2, games=1, seed=1)
    assert row["rounds_per_game"] > 0
    assert row["decisions_per_person_round"] == row["decisions_per_game"] / (
        2 * row["rounds_per_game"])
    assert 0 <= row["single_option_per_person_round"] <= row["decisions_per_person_round"]


def test_auto_pass_spares_hand_overs_in_full_secrecy():
    """Issue 53: three people at a 3-seat Swindler table asking everyone; with the people's
    auto-pass the table passes for them (their actions played without asking) and the device
    changes hands less often, never back to the person who just had it."""
    asked = table_flow.play("swindler", 3, seed=2, seats=3, secrecy="full")
    passing = table_flow.play("swindler", 3, seed=2, seats=3, secrecy="full", passes="people")
    assert passing["handovers"] < asked["handovers"]
    assert passing["person_actions"] > counted(passing) + passing["walk_steps"]
    assert asked["person_actions"] == counted(asked)  # nothing played for them
    assert asked["back_to_holder"] == passing["back_to_holder"] == 0
