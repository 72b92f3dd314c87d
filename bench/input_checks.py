"""What the checks on input from outside cost: a save's size and nesting check before it is
parsed (``wellformed.loads`` against plain ``json.loads``), and opening a link
(``links.decode``: unpack, check, replay) against replaying its record alone.

    .venv/bin/python bench/input_checks.py              # 15 interleaved rounds
    .venv/bin/python bench/input_checks.py --rounds 31

The save is the longest of 20 four-player random-bot Swindler games (the longest records the
table sees); the link is the longest of 6 four-player Age of Thieves bot games. Figures: the
median of each way's times, and the median of the rounds' own ratios (checked / plain).
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import wellformed  # noqa: E402
from engine.core.game import Match  # noqa: E402
from engine.simulate import make_bot, play  # noqa: E402
from web.keep import gamelink as links  # noqa: E402
from web.keep import saves


def longest(game: str, kind: str, games: int) -> Match:
    found = None
    for seed in range(games):
        bots = [make_bot(kind, game, seed * 8 + i) for i in range(4)]
        match = play(game, bots, seed)
        if found is None or len(match.actions) > len(found.actions):
            found = match
    return found


def best(fn, repeat: int) -> float:
    """The quickest of ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    swindler = longest("swindler", "random", 20)
    text = json.dumps({"schema": saves.SCHEMA, "record": swindler.record()},
                      separators=(",", ":"))
    aot = longest("age_of_thieves", "heuristic", 6)
    link = links.encode(aot.record())
    pairs = {
        "save: checked / json.loads": (
            lambda: wellformed.loads(text, saves.MAX_SAVE, saves.SAVE_DEPTH),
            lambda: json.loads(text), 5),
        "link: decode / replay alone": (
            lambda: links.decode(link), lambda: Match.replay(aot.record()), 3),
    }
    rows = {name: ([], [], []) for name in pairs}
    for _ in range(args.rounds):
        for name, (checked, plain, repeat) in pairs.items():
            a, b = best(checked, repeat), best(plain, repeat)
            rows[name][0].append(a)
            rows[name][1].append(b)
            rows[name][2].append(a / b)
    print(f"save: {len(swindler.actions)} decisions, {len(text):,} characters; "
          f"link: {len(aot.actions)} decisions, {len(link):,} characters; "
          f"{args.rounds} rounds")
    for name, (a, b, ratio) in rows.items():
        print(f"  {name:28} {statistics.median(a):8.2f} ms / {statistics.median(b):8.2f} ms"
              f"   ratio {statistics.median(ratio):.2f}")


if __name__ == "__main__":
    main()
