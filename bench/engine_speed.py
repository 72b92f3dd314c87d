"""How fast the rules engine plays Age of Thieves in CPython.

    .venv/bin/python bench/engine_speed.py            # a small table
    .venv/bin/python bench/engine_speed.py --json     # one JSON object
    .venv/bin/python bench/engine_speed.py --profile  # plus the cProfile hot spots

Measures bot games per second of wall clock and of process CPU time (random bots, 4 players,
no replay check; heuristic bots too when the game has ``heuristic_bot``) and the time
``rules.apply`` takes for one action, timed while replaying recorded games action by action.
See bench/README.md for the figures.
"""

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.bots import RandomBot  # noqa: E402
from engine.core.game import Match, rules_for  # noqa: E402
from engine.simulate import make_bot, play  # noqa: E402

GAME = "age_of_thieves"


def games_per_second(kind: str, players: int, games: int, seed: int) -> dict:
    rules = rules_for(GAME)
    started, cpu = time.perf_counter(), time.process_time()
    actions = turns = 0
    matches = []
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        if kind == "random":
            bots = [RandomBot(rules, game_seed * 8 + i) for i in range(players)]
        else:
            bots = [make_bot(kind, GAME, game_seed * 8 + i) for i in range(players)]
        match = play(GAME, bots, game_seed)
        actions += len(match.actions)
        turns += match.state["turn"]
        matches.append(match)
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    return {
        "bot": kind, "players": players, "games": games, "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1), "games_per_cpu_s": round(games / cpu, 1),
        "actions_per_game": round(actions / games, 1), "turns_per_game": round(turns / games, 2),
        "matches": matches,
    }


def apply_times(records: list[dict]) -> dict:
    """Time ``rules.apply`` for every action of the records, replaying them."""
    rules = rules_for(GAME)
    samples = []
    declare = []
    for record in records:
        match = Match.start(record["game"], record["seats"], record["options"], record["seed"])
        state = match.state
        for player, action in record["actions"]:
            begin = time.perf_counter_ns()
            rules.apply(state, player, action)
            spent = time.perf_counter_ns() - begin
            samples.append(spent)
            if isinstance(action, dict) and "declare" in action:
                declare.append(spent)
    samples.sort()

    def us(ns: float) -> float:
        return round(ns / 1000, 1)
    return {
        "actions": len(samples),
        "median_us": us(statistics.median(samples)),
        "mean_us": us(statistics.fmean(samples)),
        "p95_us": us(samples[int(len(samples) * 0.95)]),
        "max_us": us(samples[-1]),
        "declare_median_us": us(statistics.median(declare)) if declare else None,
    }


def view_times(records: list[dict], players: int) -> dict:
    """Time ``rules.view`` (what a bot or the browser asks for before each decision)."""
    rules = rules_for(GAME)
    samples = []
    for record in records:
        match = Match.start(record["game"], record["seats"], record["options"], record["seed"])
        for player, action in record["actions"]:
            begin = time.perf_counter_ns()
            rules.view(match.state, player)
            samples.append(time.perf_counter_ns() - begin)
            rules.apply(match.state, player, action)
    return {"median_us": round(statistics.median(samples) / 1000, 1)}


def profile(players: int, games: int, seed: int, top: int = 18) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    games_per_second("random", players, games, seed)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games to time")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--apply-games", type=int, default=40,
                        help="recorded games replayed to time rules.apply")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--profile", action="store_true", help="print cProfile hot spots")
    args = parser.parse_args(argv)

    rules = rules_for(GAME)
    runs = [games_per_second("random", args.players, args.games, args.seed)]
    heuristic = None
    if hasattr(rules, "heuristic_bot"):
        try:
            rules.heuristic_bot(0)
        except Exception as error:  # announced but not importable yet
            heuristic = f"heuristic_bot unavailable: {type(error).__name__}: {error}"
        else:
            runs.append(games_per_second("heuristic", args.players, max(20, args.games // 4),
                                         args.seed))
    else:
        heuristic = "the game has no heuristic_bot"
    records = [m.record() for m in runs[0].pop("matches")[:args.apply_games]]
    for run in runs[1:]:
        run.pop("matches")
    report = {
        "machine": {"python": platform.python_version(),
                    "implementation": platform.python_implementation(),
                    "platform": platform.platform(), "processor": platform.processor(),
                    "cpus": _cpus()},
        "date": time.strftime("%Y-%m-%d"),
        "games": runs,
        "apply": apply_times(records),
        "view": view_times(records[:10], args.players),
        "goal_random_4p_games_per_s": 30,
        "load": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }
    if heuristic:
        report["heuristic"] = heuristic
    if args.json:
        print(json.dumps(report))
    else:
        print(f"Age of Thieves engine speed - {report['date']}, {platform.python_implementation()} "
              f"{platform.python_version()}, {report['machine']['cpus']} CPUs")
        print(f"{'bots':<10}{'players':>8}{'games':>7}{'seconds':>9}{'games/s':>9}"
              f"{'games/cpu-s':>13}{'actions/game':>14}{'turns/game':>12}")
        for run in runs:
            print(f"{run['bot']:<10}{run['players']:>8}{run['games']:>7}{run['seconds']:>9}"
                  f"{run['games_per_s']:>9}{run['games_per_cpu_s']:>13}"
                  f"{run['actions_per_game']:>14}{run['turns_per_game']:>12}")
        a = report["apply"]
        print(f"rules.apply over {a['actions']} recorded actions: median {a['median_us']} us, "
              f"mean {a['mean_us']} us, p95 {a['p95_us']} us, max {a['max_us']} us "
              f"(declare: median {a['declare_median_us']} us)")
        print(f"rules.view: median {report['view']['median_us']} us")
        if heuristic:
            print(f"no heuristic row: {heuristic}")
        verdict = "meets" if runs[0]["games_per_s"] >= 30 else "is BELOW"
        print(f"random {args.players}-player games/s (wall clock) {verdict} the goal of 30; "
              f"load average {report['load']} (other processes slow the wall-clock figures)")
    if args.profile:
        print(profile(args.players, max(20, args.games // 5), args.seed))
    return 0


def _cpus() -> int | None:
    return os.cpu_count()


if __name__ == "__main__":
    sys.exit(main())
