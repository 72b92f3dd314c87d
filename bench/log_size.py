"""How big the game state and its log get at the end of long games, and what one view costs,
with the bounded log (``engine.core.gamelog``) against the same game's unbounded log.

    .venv/bin/python bench/log_size.py                 # a small table
    .venv/bin/python bench/log_size.py --json          # one JSON object
    .venv/bin/python bench/log_size.py --games 50 --rounds 15 --players 4

For each game and bot kind it plays ``--games`` bot games, keeps the one with the most actions,
and replays its record twice: as the engine does (bounded log) and with the bound lifted
(``gamelog.KEPT`` set out of reach: the log every line ever written, as before the bound). It
checks that both end in the same state but for the log and that every seat's newest lines agree,
then times, in ``--rounds`` interleaved rounds, ``rules.view(state, p)`` for every seat on both
final states and the replay of the whole record both ways. Figures: medians, and the median of
the rounds' own ratios (bounded / unbounded), steadier on a shared machine. See bench/README.md.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import gamelog  # noqa: E402
from engine.core.game import Match, canonical, rules_for  # noqa: E402
from engine.simulate import make_bot, play  # noqa: E402

GAMES = ("swindler", "crooks", "age_of_thieves")
SHOWN = 30  # lines the Crooks and Swindler screens show (web.base.markup.LOG_SHOWN)


def replay(record: dict, bounded: bool) -> Match:
    kept = gamelog.KEPT
    if not bounded:
        gamelog.KEPT = 10 ** 9
    try:
        return Match.replay(record)
    finally:
        gamelog.KEPT = kept


def longest(game: str, kind: str, players: int, games: int, seed: int) -> dict:
    best = None
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        bots = [make_bot(kind, game, game_seed * 8 + i) for i in range(players)]
        match = play(game, bots, game_seed)
        if best is None or len(match.actions) > len(best.actions):
            best = match
    return best.record()


def view_us(rules, state: dict, players: int, repeat: int) -> float:
    """Microseconds for one ``rules.view``, the median of ``repeat`` passes over every seat."""
    samples = []
    for _ in range(repeat):
        begin = time.perf_counter_ns()
        for p in range(players):
            rules.view(state, p)
        samples.append((time.perf_counter_ns() - begin) / players / 1000)
    return statistics.median(samples)


def measure(game: str, kind: str, players: int, games: int, seed: int, rounds: int,
            repeat: int) -> dict:
    rules = rules_for(game)
    record = longest(game, kind, players, games, seed)
    bounded, unbounded = replay(record, True).state, replay(record, False).state
    assert {k: v for k, v in bounded.items() if k != "log"} == \
        {k: v for k, v in unbounded.items() if k != "log"}, "the bound changed the game"
    for p in [None, *range(players)]:
        assert rules.view(bounded, p)["log"][-SHOWN:] == rules.view(unbounded, p)["log"][-SHOWN:]
    views = {True: [], False: []}
    replays = {True: [], False: []}
    for r in range(rounds):
        for flag in ((True, False) if r % 2 else (False, True)):
            views[flag].append(view_us(rules, bounded if flag else unbounded, players, repeat))
            begin = time.perf_counter()
            replay(record, flag)
            replays[flag].append((time.perf_counter() - begin) * 1000)

    def ratio(samples: dict) -> float:
        return round(statistics.median(b / u for b, u in zip(samples[True], samples[False],
                                                               strict=True)), 3)

    def size(state: dict) -> int:
        return len(canonical(state).encode())
    return {
        "game": game, "bot": kind, "players": players, "games": games,
        "actions": len(record["actions"]), "turn": unbounded.get("turn"),
        "state_bytes": {"unbounded": size(unbounded), "bounded": size(bounded)},
        "log_bytes": {"unbounded": size(unbounded["log"]), "bounded": size(bounded["log"])},
        "log_lines": {"unbounded": len(unbounded["log"]), "bounded": len(bounded["log"])},
        "view_us": {"unbounded": round(statistics.median(views[False]), 1),
                    "bounded": round(statistics.median(views[True]), 1),
                    "ratio": ratio(views)},
        "replay_ms": {"unbounded": round(statistics.median(replays[False]), 1),
                      "bounded": round(statistics.median(replays[True]), 1),
                      "ratio": ratio(replays)},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="bot games to pick the longest of")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=15, help="interleaved timing rounds")
    parser.add_argument("--repeat", type=int, default=50, help="view passes per round")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rows = [measure(game, kind, args.players, args.games, args.seed, args.rounds, args.repeat)
            for game in (args.game or GAMES) for kind in ("random", "heuristic")]
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    report = {"date": time.strftime("%Y-%m-%d %H:%M"), "kept": gamelog.KEPT,
              "rounds": args.rounds, "load": load, "rows": rows}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"Longest of {args.games} {args.players}-player bot games; bounded log keeps "
          f"{gamelog.KEPT} public lines; {args.rounds} interleaved rounds; load {load}")
    print(f"{'game':<16}{'bot':<10}{'actions':>8}{'turn':>6}{'state bytes':>20}"
          f"{'log lines':>13}{'view us':>17}{'ratio':>7}{'replay ms':>19}{'ratio':>7}")
    for row in rows:
        print(f"{row['game']:<16}{row['bot']:<10}{row['actions']:>8}{row['turn']:>6}"
              f"{row['state_bytes']['unbounded']:>10} → {row['state_bytes']['bounded']:<7}"
              f"{row['log_lines']['unbounded']:>6} → {row['log_lines']['bounded']:<4}"
              f"{row['view_us']['unbounded']:>8} → {row['view_us']['bounded']:<6}"
              f"{row['view_us']['ratio']:>7}"
              f"{row['replay_ms']['unbounded']:>9} → {row['replay_ms']['bounded']:<7}"
              f"{row['replay_ms']['ratio']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
