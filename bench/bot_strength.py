"""How strong the bot levels are: head-to-head games, seats rotated, win rates with 95 % intervals.

    .venv/bin/python bench/bot_strength.py --game crooks --players 2 --bot hard --against normal
    .venv/bin/python bench/bot_strength.py --all --games 200 --json   # every game, 2/3/4 players
    .venv/bin/python bench/bot_strength.py --game swindler --log sw.jsonl   # stop and go on later

One seat plays ``--bot``; every other seat plays ``--against``. The bot's seat rotates game by
game (game ``i`` puts it in seat ``i mod players``), so no seat's advantage counts for or against
it. A game without a winner (Age of Thieves: every thief defeated) is counted apart; the win
rate is over the games that have a winner, with a Wilson 95 % interval, beside the share a bot
no better than the others would win (1 / players). Games run in parallel processes (``--jobs``)
and are deterministic: game ``i`` of a run with ``--seed s`` is the same game in any run.
"""

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import Match  # noqa: E402
from engine.core.search import result_winners  # noqa: E402
from engine.simulate import decisions, make_bot  # noqa: E402

GAMES = ("age_of_thieves", "swindler", "crooks")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def one_game(game: str, players: int, bot: str, against: str, seed: int, number: int,
             search: dict) -> dict:
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
         jobs: int, search: dict, log: Path | None = None) -> dict:
    """``games`` games played (``jobs`` at a time) and summed up. With a ``log``, each game is
    written to it as a line of JSON when it ends, and the games already there are not played
    again: a long run can be stopped and taken up later."""
    started = time.perf_counter()
    games_played = _logged(log) if log else {}
    with ProcessPoolExecutor(jobs) as pool:
        waiting = [pool.submit(one_game, game, players, bot, against, seed, number, search)
                   for number in range(games) if number not in games_played]
        for done in as_completed(waiting):
            if done.exception() is not None:  # a crashed game ends the run now, not after
                pool.shutdown(cancel_futures=True)  # every other game has been played
            played = done.result()
            games_played[played["number"]] = played
            if log:
                with log.open("a") as lines:
                    lines.write(json.dumps(played) + "\n")
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


def _logged(log: Path) -> dict:
    """The games a log holds, by number."""
    if not log.exists():
        return {}
    return {played["number"]: played
            for played in map(json.loads, log.read_text().splitlines())}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="crooks")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--all", action="store_true", help="every game at 2, 3 and 4 players")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--against", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
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
                   search, args.log)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{game:15} {players}p  {args.bot} vs {args.against}: "
                  f"{row['win_rate']} [{row['ci95'][0]}, {row['ci95'][1]}] of {row['decided']} "
                  f"decided ({row['games']} games, even {row['even_share']}), "
                  f"{row['cpu_s_per_game']} cpu-s/game, {row['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
