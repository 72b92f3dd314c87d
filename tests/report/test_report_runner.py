"""The runner: a two-worker local Dask cluster plays the same games as one process, and a run
stopped half-way goes on from its log (engine/report/runner.py)."""

from functools import partial

import pytest

from engine.report.records import play_record
from engine.report.runner import logged, run

pytest.importorskip("dask.distributed")

PLAY = partial(play_record, "crooks", 2, 5)  # Crooks: its Normal games are the shortest


def test_a_local_cluster_plays_the_same_games_as_one_process(tmp_path):
    serial = run(PLAY, range(8), workers=0, progress=False)
    clustered = run(PLAY, range(8), workers=2, progress=False)
    assert clustered == serial
    assert [game["number"] for game in serial.values()] == list(range(8))


def test_a_run_goes_on_from_its_log(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    first = run(PLAY, range(4), log=log, workers=0, progress=False)
    with log.open("a") as lines:
        lines.write('{"number": 9, "cut')  # a line cut short by a stop
    assert set(logged(log)) == {0, 1, 2, 3}
    played = []
    counting = partial(_counted, played)
    whole = run(counting, range(6), log=log, workers=0, label="crooks")
    assert played == [4, 5]  # only the games not in the log
    assert {n: whole[n] for n in range(4)} == first
    assert "6/6 games" in capsys.readouterr().err  # the progress line


def _counted(played: list, number: int) -> dict:
    played.append(number)
    return PLAY(number)
