"""The local Dask cluster against one process, in one run: the same Normal-bot games played
both ways (one process first, then the cluster of one worker a core), checked equal, timed.

    .venv/bin/python bench/dask_speedup.py --game swindler --players 3 --games 400

Prints one JSON line: the games, the seconds of each way and their ratio (the speed-up). The
cluster's time includes starting it (a few seconds), as a real run pays it.
"""

import argparse
import json
import os
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.report.records import play_record  # noqa: E402
from engine.report.runner import run  # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="swindler")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    args = parser.parse_args(argv)
    play = partial(play_record, args.game, args.players, args.seed)
    started = time.perf_counter()
    alone = run(play, range(args.games), workers=0, progress=False)
    one = time.perf_counter() - started
    started = time.perf_counter()
    cluster = run(play, range(args.games), workers=args.workers, progress=False)
    many = time.perf_counter() - started
    print(json.dumps({"game": args.game, "players": args.players, "games": args.games,
                      "workers": args.workers, "one_process_s": round(one, 1),
                      "cluster_s": round(many, 1), "speedup": round(one / many, 2),
                      "same_games": alone == cluster}))


if __name__ == "__main__":
    main()
