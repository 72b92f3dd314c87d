"""How strong the bot levels are: head-to-head games, seats rotated, win rates with 95 % intervals.

    .venv/bin/python bench/bot_strength.py --game crooks --players 2 --bot hard --against normal
    .venv/bin/python bench/bot_strength.py --all --games 200 --json   # every game, 2/3/4 players
    .venv/bin/python bench/bot_strength.py --game swindler --log sw.jsonl   # stop and go on later

One seat plays ``--bot``; every other seat plays ``--against``. The bot's seat rotates game by
game (game ``i`` puts it in seat ``i mod players``), so no seat's advantage counts for or against
it. A game without a winner (Age of Thieves: every thief defeated) is counted apart; the win
rate is over the games that have a winner, with a Wilson 95 % interval, beside the share a bot
no better than the others would win (1 / players). Games run on the balance report's runner
(engine/report/runner.py): a local Dask cluster of ``--jobs`` processes, a Dask scheduler
(``--scheduler tcp://host:8786``), or this process (``--jobs 0``); they are deterministic: game
``i`` of a run with ``--seed s`` is the same game in any run, in any process.
"""

import argparse
import json
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import Match  # noqa: E402
from engine.core.search import result_winners  # noqa: E402
from engine.report.runner import run  # noqa: E402
from engine.report.stats import wilson  # noqa: E402
from engine.simulate import decisions, make_bot  # noqa: E402

GAMES = ("age_of_thieves", "swindler", "crooks")


def one_game(game: str, players: int, bot: str, against: str, seed: int, number: int,
             search: dict | None = None) -> dict:
    search = search or {}
    seat = number % players
    kinds = [bot if p == seat else against for p in range(players)]
    game_seed = seed * 1_000_003 + number
    bots = [make_bot(kind, game, game_seed * 8 + p, **(search if kind == "hard" else {}))
            for p, kind in enumerate(kinds)]
    match = Match.start(game, [{} for _ in kinds], {}, game_seed)
    started = time.process_time()
    for _ in decisions(match, bots):
        pass
    result = match.rules.result(match.state)
    winners = result_winners(result)
    thinking = time.process_time() - started
    return {"number": number, "seat": seat, "winners": winners, "actions": len(match.actions),
            "cpu_s": thinking}


def duel(game: str, players: int, bot: str, against: str, games: int, seed: int,
         jobs: int | None, search: dict, log: Path | None = None,
         scheduler: str | None = None) -> dict:
    """``games`` games played (``jobs`` at a time) and summed up. With a ``log``, each game is
    written to it as a line of JSON when it ends, and the games already there are not played
    again: a long run can be stopped and taken up later."""
    started = time.perf_counter()
    play = partial(one_game, game, players, bot, against, seed, search=search)
    games_played = run(play, range(games), log, workers=jobs, scheduler=scheduler,
                       label=f"{game} {players}p")
    games_played = [games_played[number] for number in range(games)]
    decided = [g for g in games_played if g["winners"]]
    wins = sum(1 / len(g["winners"]) for g in decided if g["seat"] in g["winners"])
    low, high = wilson(round(wins), len(decided))
    return {
        "game": game, "players": players, "bot": bot, "against": against, "search": search,
        "games": games,
        "decided": len(decided), "wins": round(wins, 1),
        "win_rate": round(wins / len(decided), 3) if decided else None,
        "ci95": [round(low, 3), round(high, 3)], "even_share": round(1 / players, 3),
        "cpu_s_per_game": round(sum(g["cpu_s"] for g in games_played) / games, 2),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="crooks")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--all", action="store_true", help="every game at 2, 3 and 4 players")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--against", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, help="local Dask workers (default: one a core; 0: "
                        "no Dask, play in this process)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address, tcp://host:8786")
    parser.add_argument("--playouts", type=int, help="the hard bot's budget (default: its own)")
    parser.add_argument("--horizon", type=int, help="the hard bot's playout horizon (default: "
                        "the game's)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--log", type=Path, help="a file of the games played, one JSON line "
                        "each, taken up again when the run starts anew (one game and player "
                        "count a file)")
    args = parser.parse_args(argv)
    search = {key: value for key, value in (("playouts", args.playouts),
                                            ("horizon", args.horizon)) if value is not None}
    runs = [(g, n) for g in GAMES for n in (2, 3, 4)] if args.all else [(args.game, args.players)]
    for game, players in runs:
        row = duel(game, players, args.bot, args.against, args.games, args.seed, args.jobs,
                   search, args.log, args.scheduler)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{game:15} {players}p  {args.bot} vs {args.against}: "
                  f"{row['win_rate']} [{row['ci95'][0]}, {row['ci95'][1]}] of {row['decided']} "
                  f"decided ({row['games']} games, even {row['even_share']}), "
                  f"{row['cpu_s_per_game']} cpu-s/game, {row['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
