"""``python -m engine report``: the games played (here, without Dask), the page and the
aggregates written, and a second run reads the log instead of playing again."""

import json

from engine.__main__ import main


def test_the_command_writes_the_page_and_the_aggregates(tmp_path, capsys):
    args = ["report", "--game", "crooks", "--players", "2", "--games", "4", "--workers", "0",
            "--logs", str(tmp_path / "logs"), "--out", str(tmp_path / "out"),
            "--data", str(tmp_path / "data"), "--quiet"]
    assert main(args) == 0
    data = json.loads((tmp_path / "data" / "balance-crooks.json").read_text())
    assert [s["games"] for s in data["sizes"]] == [4]
    assert data["meta"] == {"bots": "normal", "seed": 1, "games": 4}
    assert {row["bot"] for row in data["levels"]} == {"hard", "easy"}  # from bench/runs
    page = (tmp_path / "out" / "crooks.html").read_text()
    assert "Crooks: balance report" in page
    log = tmp_path / "logs" / "crooks-2p-normal-seed1.jsonl"
    assert len(log.read_text().splitlines()) == 4
    assert main(args) == 0  # all four in the log: nothing played, nothing added
    assert len(log.read_text().splitlines()) == 4
    assert (tmp_path / "data" / "balance-crooks.json").read_text() == json.dumps(
        data, separators=(",", ":"), sort_keys=True) + "\n"


def test_the_levels_alone_are_taken_anew_from_the_runs(tmp_path):
    made = ["report", "--game", "crooks", "--players", "2", "--games", "2", "--workers", "0",
            "--logs", str(tmp_path / "logs"), "--out", str(tmp_path / "out"),
            "--data", str(tmp_path / "data"), "--quiet"]
    assert main(made) == 0
    kept = tmp_path / "data" / "balance-crooks.json"
    data = json.loads(kept.read_text())
    levels = data["levels"]
    data["levels"] = []
    kept.write_text(json.dumps(data))
    assert main(["report", "--game", "crooks", "--levels-only", "--data",
                 str(tmp_path / "data")]) == 0
    assert json.loads(kept.read_text()) == {**data, "levels": levels}
