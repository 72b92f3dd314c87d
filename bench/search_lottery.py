"""The search's decision rule on a lottery, in seconds instead of the hours a game's strength
run takes: what it gains or gives away against its policy's pick, case by case.

    .venv/bin/python bench/search_lottery.py --decisions 300

The lottery (tools/toy_games.py) has six tickets, each winning with its own chance in
worlds of its own. The policy always takes the first ticket; each line says how much more often
the search's pick wins than that ticket, on average over ``--decisions`` searches (seeds), for a
good pick (every challenger worse), a tie, a blunder (a far better ticket among the others) and
a small miss, at each budget.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from toy_games import Lottery  # noqa: E402 (a small game for the search)

from engine.core.rng import Rng, seed_state  # noqa: E402
from engine.core.search import SearchBot  # noqa: E402

CASES = {
    "good pick by 0.05": [0.55] + [0.5] * 5,
    "good pick by 0.10": [0.55] + [0.45] * 5,
    "all alike": [0.5] * 6,
    "blunder (0.3, a 0.9 there)": [0.3, 0.3, 0.3, 0.9, 0.3, 0.3],
    "small miss (0.45, a 0.55 there)": [0.45, 0.55, 0.45, 0.45, 0.45, 0.45],
    "one challenger, 0.10 worse": [0.55, 0.45],
}


class FirstTicket:
    """The policy: the first option, always."""

    uses_view = True

    def __init__(self, rules, seed):
        pass

    def decide(self, view, choice):
        return choice["options"][0]


def gain(chances: list[float], playouts: int, decisions: int) -> float:
    """How much more often the search's pick wins than the policy's, on average."""
    rules = Lottery(chances)
    state = rules.new_state([{}], {}, Rng(seed_state(1)))
    view, choice = rules.view(state, 0), rules.choice(state, 0)
    picks = [SearchBot(rules, seed, policy=FirstTicket, playouts=playouts)
             .decide(view, choice)["ticket"] for seed in range(decisions)]
    return sum(chances[pick] for pick in picks) / decisions - chances[0]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--playouts", type=int, nargs="+", default=[24, 48])
    args = parser.parse_args(argv)
    print(f"{'case':34}" + "".join(f"{p:>10} playouts" for p in args.playouts))
    for case, chances in CASES.items():
        print(f"{case:34}" + "".join(f"{gain(chances, p, args.decisions):+19.3f}"
                                     for p in args.playouts))


if __name__ == "__main__":
    main()
