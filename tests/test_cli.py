"""The command line: ``python -m engine simulate`` run as a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_simulate_prints_one_json_report():
    done = run("simulate", "--game", "age_of_thieves", "--players", "2", "--games", "3",
               "--seed", "1", "--bot", "random", "--json")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, "exactly one JSON object on stdout"
    report = json.loads(lines[0])
    assert isinstance(report, dict)
    assert {"game", "players", "games", "finished", "errors", "replay_mismatches",
            "mean_turns", "wins", "seconds"} <= set(report)
    assert report["game"] == "age_of_thieves"
    assert report["players"] == 2 and report["games"] == 3
    assert report["errors"] == 0 and report["replay_mismatches"] == 0
    assert report["finished"] == 3
    assert {"by_label", "by_outcome"} <= set(report["wins"])
    assert sum(report["wins"]["by_outcome"].values()) == 3
    assert isinstance(report["mean_turns"], int | float) and 1 <= report["mean_turns"] <= 15
    assert isinstance(report["seconds"], int | float) and report["seconds"] >= 0


def test_simulate_is_reproducible_in_the_seed():
    args = ("simulate", "--players", "3", "--games", "2", "--seed", "5", "--bot", "random",
            "--json", "--no-replay")
    first, second = (json.loads(run(*args).stdout) for _ in range(2))
    for report in (first, second):
        report.pop("seconds")
    assert first == second


def test_simulate_plain_text_output():
    done = run("simulate", "--players", "2", "--games", "1", "--bot", "random")
    assert done.returncode == 0, done.stderr
    assert "errors: 0" in done.stdout and "game: age_of_thieves" in done.stdout


def test_unknown_bot_and_command_fail_cleanly():
    done = run("simulate", "--games", "1", "--bot", "nobody", "--json")
    assert done.returncode != 0
    assert "unknown bot" in done.stderr
    assert run("fly").returncode == 2
