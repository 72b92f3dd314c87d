"""Games played at any scale: one process, a local Dask cluster, or a Dask scheduler anywhere.

``run(play, numbers, log=...)`` plays ``play(number)`` for every number not yet in the log,
appends each finished game to the log as a line of JSON as soon as it is back, and returns all
of them by number. ``play`` must be a deterministic function of the number (a
``functools.partial`` of a module-level function, so that it pickles): game ``i`` is then the
same game in any process on any machine, and a stopped run goes on where it stopped.

Dask (``dask.distributed``) is optional (the ``report`` extra; docs/balance.md says why): with
``workers=0`` the games are played here, in this process, and Dask is not imported.
"""

import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

BATCH = 8  # games a task: a Normal game takes 0.05-0.2 s, a task's own cost about 1 ms


def logged(log: Path | None) -> dict[int, dict]:
    """The games a log holds, by number (a line cut short by a stop is left out)."""
    if log is None or not log.exists():
        return {}
    games = {}
    for line in log.read_text().splitlines():
        try:
            game = json.loads(line)
        except json.JSONDecodeError:
            continue
        games[game["number"]] = game
    return games


def play_batch(play: Callable[[int], dict], numbers: list[int]) -> list[dict]:
    """A task: several games, played in a row."""
    return [play(number) for number in numbers]


class Progress:
    """A progress line on stderr: games done, the rate, the time left."""

    def __init__(self, total: int, done: int, label: str = "", out=None):
        self.total, self.start_done, self.done = total, done, done
        self.label, self.out = label, out or sys.stderr
        self.started = time.perf_counter()

    def add(self, count: int) -> None:
        self.done += count
        seconds = time.perf_counter() - self.started
        speed = (self.done - self.start_done) / seconds if seconds > 0 else 0.0
        left = (self.total - self.done) / speed if speed > 0 else 0.0
        filled = round(30 * self.done / self.total) if self.total else 30
        self.out.write(f"\r{self.label} [{'#' * filled}{'.' * (30 - filled)}] "
                       f"{self.done}/{self.total} games, {speed:.1f}/s, "
                       f"{int(left) // 60}m{int(left) % 60:02d}s left ")
        if self.done >= self.total:
            self.out.write("\n")
        self.out.flush()


def run(play: Callable[[int], dict], numbers: Iterable[int], log: Path | None = None,
        workers: int | None = None, scheduler: str | None = None, progress: bool = True,
        label: str = "") -> dict[int, dict]:
    """Every game of ``numbers`` by number: those in ``log`` read, the others played, on
    ``scheduler`` (a Dask address, ``tcp://host:8786``), else on a local Dask cluster of
    ``workers`` processes (None: one per core), else (``workers=0``) here."""
    numbers = list(numbers)
    games = {n: g for n, g in logged(log).items() if n in set(numbers)}
    waiting = [n for n in numbers if n not in games]
    shown = Progress(len(numbers), len(games), label) if progress else None
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
    batches = [waiting[i:i + BATCH] for i in range(0, len(waiting), BATCH)]
    for batch in _played(play, batches, workers, scheduler):
        for game in batch:
            games[game["number"]] = game
        if log is not None:
            with log.open("a") as lines:
                lines.writelines(json.dumps(game) + "\n" for game in batch)
        if shown:
            shown.add(len(batch))
    if shown and not waiting:
        shown.add(0)
    return {n: games[n] for n in numbers}


def _played(play, batches: list[list[int]], workers: int | None, scheduler: str | None):
    """The batches' games as they finish (on Dask, in the order they finish)."""
    if not batches:
        return
    if scheduler is None and workers == 0:
        for batch in batches:
            yield play_batch(play, batch)
        return
    from dask.distributed import Client, LocalCluster, as_completed
    if scheduler is not None:
        client, cluster = Client(scheduler), None
    else:
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=":0")
        client = Client(cluster)
    try:
        tasks = [client.submit(play_batch, play, batch, pure=False) for batch in batches]
        for done in as_completed(tasks):
            yield done.result()  # a game that failed raises here and ends the run
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
