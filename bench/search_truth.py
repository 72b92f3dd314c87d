"""What a search could gain at real decisions: every candidate played out many times.

    .venv/bin/python bench/search_truth.py --game swindler --positions 25 --rounds 40
    .venv/bin/python bench/search_truth.py --game swindler --kind reserve --every 2

Normal bots play two-player games (seeds 4,242 on); at seat 0's decisions with two options or
more (every ``--every``-th, or only those of ``--kind``) the Hard bot's candidates
(``SearchBot.candidates``) are each played out ``--rounds`` times in the same drawn worlds, with
the search's own playout and reward. One line per position: the candidates, which one the
Hard bot takes, and for each challenger its mean reward minus the policy's pick's, with the
standard error of that paired difference; ``lead`` gives the same with a playout cut at the
horizon counted by the seat's lead alone. A challenger far ahead of the pick that
the Hard bot does not take is strength the search leaves behind.
"""

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.bots import play_on  # noqa: E402
from engine.core.game import Match, json_copy  # noqa: E402
from engine.core.rng import Rng, seed_state  # noqa: E402
from engine.core.search import SearchBot, lead, reward  # noqa: E402
from engine.simulate import decisions, heuristic, make_bot  # noqa: E402


def positions(game: str, every: int, kind: str | None):
    """(rules, state) at seat 0's decisions with a real choice, game after game."""
    for number in range(1000):
        bots = [make_bot("normal", game, 900 + 2 * number + seat) for seat in range(2)]
        match = Match.start(game, [{}, {}], {}, 4242 + number)
        seen = 0
        for at in decisions(match, bots):
            rules, state = at.rules, at.state
            choice = rules.choice(state, 0)
            if choice is None or len(choice.get("options") or ()) < 2 or choice.get("masked") \
                    or (kind and choice["kind"] != kind):
                continue
            seen += 1
            if seen % every == 0:
                yield rules, json_copy(state)


def lead_only(rules, result: dict, player: int) -> float:
    """An estimate counted by the seat's lead alone (the reward without the win)."""
    scores = rules.scores(result)
    return lead(scores, player) if scores else reward(rules, result, player)


def played_out(rules, view: dict, action, world: int) -> tuple[float, float]:
    """The search's reward for ``action`` in one drawn world, and the lead-only one."""
    luck = Rng(seed_state(world))
    state = rules.determinize(view, 0, luck)
    rules.apply(state, 0, action)
    bots = [heuristic(rules, luck.next_u32()) for _ in range(rules.seat_count(state))]
    result = play_on(rules, state, bots, rules.search_horizon)
    if result is not None:
        return (reward(rules, result, 0),) * 2
    estimate = rules.estimate(state)
    if estimate is None:
        return 0.5, 0.5
    return reward(rules, estimate, 0), lead_only(rules, estimate, 0)


def paired(rows: list, column: int, candidate: int) -> tuple[float, float]:
    """Mean and standard error of the candidate's reward minus the pick's."""
    differences = [row[candidate][column] - row[0][column] for row in rows]
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
    return round(mean, 3), round(spread, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="swindler")
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--kind", help="only decisions of this kind (e.g. reserve)")
    args = parser.parse_args()
    done = 0
    for rules, state in positions(args.game, args.every, args.kind):
        view, choice = rules.view(state, 0), rules.choice(state, 0)
        candidates = SearchBot(rules, 77 + done, policy=heuristic).candidates(view, choice)
        if len(candidates) < 2:
            continue
        taken = make_bot("hard", args.game, 77 + done).decide(view, choice)
        worlds = Rng(seed_state(555 + done))
        seeds = [worlds.next_u32() for _ in range(args.rounds)]
        rows = [[played_out(rules, view, action, world) for action in candidates]
                for world in seeds]
        print(json.dumps({
            "kind": choice["kind"], "options": len(choice["options"]), "candidates": candidates,
            "hard_takes": candidates.index(taken) if taken in candidates else None,
            "search": [paired(rows, 0, c) for c in range(1, len(candidates))],
            "lead": [paired(rows, 1, c) for c in range(1, len(candidates))]}), flush=True)
        done += 1
        if done >= args.positions:
            return


if __name__ == "__main__":
    main()
