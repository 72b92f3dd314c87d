"""Command line: ``python -m engine simulate ...``."""

import argparse
import json
import sys

from engine.report import cli as report_cli
from engine.simulate import ALIASES, BOTS, simulate


def _bot_kinds(text: str) -> list[str]:
    kinds = text.split(",")
    unknown = [k for k in kinds if k not in BOTS and k not in ALIASES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot {unknown[0]!r}: use {', '.join(BOTS)}")
    return kinds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play bot games and report statistics")
    sim.add_argument("--game", default="age_of_thieves")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", default="heuristic", type=_bot_kinds,
                     help=f"{', '.join(BOTS)}, or one per seat separated by commas")
    sim.add_argument("--no-replay", action="store_true", help="skip the replay check")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    report_cli.arguments(sub)
    args = parser.parse_args(argv)
    if args.command == "report":
        return report_cli.main(args)
    report = simulate(args.game, args.players, args.games, args.seed, args.bot,
                      check_replay=not args.no_replay)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 1 if report["errors"] or report["replay_mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
