"""How long the remote table's links are (issue 17): whole bot games played by links only.

    .venv/bin/python bench/link_size.py                      # a small table
    .venv/bin/python bench/link_size.py --json               # one JSON object
    .venv/bin/python bench/link_size.py --game crooks --games 5 --players 4

Each game is set up by seat 0's device and every other seat opens its invitation on a device of
its own; normal bots decide on each device from their seat's view, and the links pass as the app
will pass them (tools/remote_table.py, docs/remote.md): a hop to the next seat to decide,
carrying what it has not seen yet (the decisions since the head its own latest signature
covers); before a decision taken at once, one link to everyone who lacks the newest moves; each
answer in a link of its own to everyone. Lengths are of the link's fragment (``#r=...``); the
page's address comes on top. The whole-game link (for joining on a new device) is measured at
the end, and the hot-seat game link (``#g=``, no signatures) beside it.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from remote_table import play, seat_up  # noqa: E402 (a remote table in CPython)

from web.base import i18n  # noqa: E402
from web.keep import gamelink as links  # noqa: E402

GAMES = ("age_of_thieves", "crooks", "swindler")
KINDS = ("hop", "to everyone", "answer")


def measure(game: str, players: int, games: int, seed: int) -> dict:
    lengths = {kind: [] for kind in (*KINDS, "invitation")}
    joins, game_links, actions = [], [], []
    for number in range(games):
        table = seat_up(game, players, seed * 1_000_003 + number)
        last = play(table)
        for kind, link in table.sent:
            lengths[kind].append(len(link))
        joins.append(len(last.chain.join_link()))
        game_links.append(len(links.encode(last.chain.match.record())))
        actions.append(len(last.chain.match.actions))
    hops = [n for kind in KINDS for n in lengths[kind]]

    def spread(values: list[int]) -> dict:
        return {"links": len(values), "median": statistics.median(values) if values else None,
                "max": max(values, default=None)}
    return {"game": game, "players": players, "games": games,
            "actions_per_game": statistics.mean(actions), "links_per_game": len(hops) / games,
            "all": spread(hops), **{kind: spread(lengths[kind]) for kind in lengths},
            "join": spread(joins), "hot_seat_link": spread(game_links)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="bot games of each game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    i18n.activate("en")
    started = time.perf_counter()
    rows = [measure(game, args.players, args.games, args.seed) for game in args.game or GAMES]
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    report = {"date": time.strftime("%Y-%m-%d %H:%M"), "seconds": round(
        time.perf_counter() - started, 1), "load": load, "rows": rows}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.games} {args.players}-player normal-bot games of each game, played by links "
          f"only; characters of the fragment; {report['seconds']} s, load {load}")
    print(f"{'game':<16}{'actions':>8}{'links':>7}{'median':>8}{'max':>6}"
          f"{'hop med/max':>13}{'everyone':>11}{'answer':>10}{'invite':>8}{'join max':>10}"
          f"{'#g= max':>9}")
    def pair(found: dict) -> str:
        return "-" if not found["links"] else f"{found['median']:g}/{found['max']}"
    for row in rows:
        print(f"{row['game']:<16}{row['actions_per_game']:>8.0f}{row['links_per_game']:>7.0f}"
              f"{row['all']['median']:>8g}{row['all']['max']:>6}{pair(row['hop']):>13}"
              f"{pair(row['to everyone']):>11}{pair(row['answer']):>10}"
              f"{row['invitation']['max']:>8}{row['join']['max']:>10}{row['hot_seat_link']['max']:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
