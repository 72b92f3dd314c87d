"""``python -m engine report --game G``: play (or read from the logs) the games, write the page
and the aggregates. The only module of the report besides ``runner`` that touches files."""

import json
import time
from functools import partial
from pathlib import Path

from engine.core.game import GAMES

from . import page, stats
from .records import play_record
from .runner import logged, run

ROOT = Path(__file__).resolve().parent.parent.parent
LEVELS = ROOT / "bench" / "runs"  # bench/bot_strength.py --log files: Hard (and Easy) vs Normal


def arguments(sub) -> None:
    """The ``report`` subcommand's options."""
    report = sub.add_parser("report", help="play bot games and write the balance report")
    report.add_argument("--game", choices=(*GAMES, "all"), default="all")
    report.add_argument("--players", default="2,3,4", help="table sizes, e.g. 2,3,4")
    report.add_argument("--games", type=int, default=1000, help="games a table size")
    report.add_argument("--seed", type=int, default=1)
    report.add_argument("--bots", default="normal", help="every seat's bot level")
    report.add_argument("--workers", type=int, help="local Dask workers (default: one a core; "
                        "0: no Dask, play here)")
    report.add_argument("--scheduler", help="a Dask scheduler's address, tcp://host:8786")
    report.add_argument("--logs", type=Path, default=ROOT / "build" / "report-runs",
                        help="the games' JSONL logs, one a game and table size; a run takes "
                        "them up again")
    report.add_argument("--out", type=Path, default=ROOT / "build" / "report",
                        help="where the HTML pages go")
    report.add_argument("--data", type=Path, default=ROOT / "web" / "data",
                        help="where the aggregates go (the app's statistics page reads them)")
    report.add_argument("--quiet", action="store_true", help="no progress bar")
    report.add_argument("--levels-only", action="store_true",
                        help="only take the bot-level rows from bench/runs into the aggregates "
                        "already in --data (no game played, no page written)")


def main(args) -> int:
    if args.levels_only:
        return relevel(args)
    for game in GAMES if args.game == "all" else (args.game,):
        started = time.perf_counter()
        records = []
        for players in map(int, args.players.split(",")):
            log = args.logs / f"{game}-{players}p-{args.bots}-seed{args.seed}.jsonl"
            play = partial(play_record, game, players, args.seed, bots=args.bots)
            records += run(play, range(args.games), log, workers=args.workers,
                           scheduler=args.scheduler, progress=not args.quiet,
                           label=f"{game} {players}p").values()
        report = stats.aggregate(game, records, levels(game))
        meta = {"bots": args.bots, "seed": args.seed, "games": args.games}
        args.out.mkdir(parents=True, exist_ok=True)
        args.data.mkdir(parents=True, exist_ok=True)
        html = args.out / f"{game}.html"
        html.write_text(page.render(report, meta), encoding="utf-8")
        data = args.data / f"balance-{game}.json"
        write(data, {**report, "meta": meta})
        print(f"{game}: {len(records)} games, {time.perf_counter() - started:.1f} s: {html}, "
              f"{data} ({data.stat().st_size // 1024} KB)")
    return 0


def write(data: Path, aggregates: dict) -> None:
    data.write_text(json.dumps(aggregates, separators=(",", ":"), sort_keys=True) + "\n",
                    encoding="utf-8")


def relevel(args) -> int:
    """The bot-level rows of each game's aggregates taken anew from bench/runs (a new Hard
    against Normal run), the rest as the last report left it."""
    for game in GAMES if args.game == "all" else (args.game,):
        data = args.data / f"balance-{game}.json"
        aggregates = json.loads(data.read_text(encoding="utf-8"))
        write(data, {**aggregates, "levels": levels(game)})
        print(f"{game}: the bot-level rows in {data}")
    return 0


def levels(game: str, where: Path = LEVELS) -> list[dict]:
    """The bot-level rows from the stored runs: Hard against Normal (``GAME-Np.jsonl``) and
    Easy against Normal (``easy/GAME-Np.jsonl``), at every table size found."""
    rows = []
    for bot, folder in (("hard", where), ("easy", where / "easy")):
        for players in (2, 3, 4):
            games = logged(folder / f"{game}-{players}p.jsonl")
            if games:
                rows.append(stats.level(list(games.values()), players, bot, "normal"))
    return rows
