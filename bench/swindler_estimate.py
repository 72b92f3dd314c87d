"""What a Swindler playout cut short is worth: the estimate's numbers, fitted and checked.

    .venv/bin/python bench/swindler_estimate.py fit --games 400
    .venv/bin/python bench/swindler_estimate.py check --positions 60 --rounds 40

``fit``: Normal bots play two-player games; every tenth decision the position is kept with
each seat's points and coins (the final scoring now, open reservations free) and the worth of
the loot it holds (``bot.loot_worth``). A logistic regression of seat 0's win on the
differences, fitted on the even games and judged on the odd ones (log-loss, lower is better),
gives the estimate's ``WIN_SLOPE`` (log-odds a point) and ``LOOT_SHARE`` (points a unit of
loot worth).

``check``: at real decisions (as ``search_truth.py`` finds them) every candidate is played out
to the game's end in the same drawn worlds; after the horizon's actions each of four estimates
reads the position: the points held (``points``), with the loot share (``loot``), and each of
those as a chance to win (``chance``, ``chance+loot``, the game's estimate now). For each, the
standard deviation of a round's paired difference between a candidate and the policy's pick
(the noise a search must beat) and the correlation of the mean differences with those of the
whole games (how well it tells the candidates apart as the end does).
"""

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.search_truth import positions  # noqa: E402
from engine.core.bots import playing_on  # noqa: E402
from engine.core.game import Match, rules_for  # noqa: E402
from engine.core.rng import Rng, seed_state  # noqa: E402
from engine.core.search import SearchBot, reward  # noqa: E402
from engine.simulate import decisions, heuristic, make_bot  # noqa: E402
from engine.swindler.bot import loot_worth  # noqa: E402
from engine.swindler.rules import LOOT_SHARE, points_held, win_chances  # noqa: E402
from engine.swindler.views import view  # noqa: E402

RULES = rules_for("swindler")


def points_and_loot(state: dict) -> list[tuple[float, float]]:
    """Each seat's points and coins as the final scoring would count them now (open
    reservations free), and the worth of its loot."""
    return [(points, loot_worth(view(state, seat, None)))
            for seat, points in enumerate(points_held(state))]


def fit(games: int) -> None:
    rows = []  # (game, [points difference, loot difference], seat 0 won)
    for number in range(games):
        bots = [make_bot("normal", "swindler", 7000 + 2 * number + seat) for seat in range(2)]
        match = Match.start("swindler", [{}, {}], {}, 31337 + number)
        kept = [points_and_loot(at.state) for k, at in enumerate(decisions(match, bots), 1)
                if k % 10 == 0]
        winners = match.rules.result(match.state)["winners"]
        if len(winners) == 1:
            rows += [(number, [a[0] - b[0], a[1] - b[1]], winners[0] == 0) for a, b in kept]
    for label, used in (("points", [0]), ("points + loot", [0, 1])):
        train = [([x[i] for i in used], won) for g, x, won in rows if g % 2 == 0]
        test = [([x[i] for i in used], won) for g, x, won in rows if g % 2 == 1]
        weights = logistic(train)
        print(json.dumps({"features": label, "positions": len(rows),
                          "weights (per point, per loot worth, seat 0)":
                              [round(w, 4) for w in weights],
                          "loot in points": round(weights[1] / weights[0], 2) if len(used) > 1
                          else None, "held-out log-loss": round(log_loss(weights, test), 4)}))


def logistic(rows: list, rounds: int = 25) -> list[float]:
    """Newton's method for the logistic regression of ``won`` on ``x`` plus a constant."""
    k = len(rows[0][0]) + 1
    weights = [0.0] * k
    for _ in range(rounds):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for x, won in rows:
            x = [*x, 1.0]
            p = chance(weights, x)
            for a in range(k):
                gradient[a] += (p - won) * x[a]
                for b in range(k):
                    hessian[a][b] += p * (1 - p) * x[a] * x[b]
        weights = [w - d for w, d in zip(weights, solve(hessian, gradient), strict=True)]
    return weights


def chance(weights: list[float], x: list[float]) -> float:
    z = sum(w * v for w, v in zip(weights, x, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def log_loss(weights: list[float], rows: list) -> float:
    return -sum(math.log(p if won else 1 - p) for p, won in
                ((chance(weights, [*x, 1.0]), won) for x, won in rows)) / len(rows)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(rows[r][c]))
        rows[c], rows[pivot] = rows[pivot], rows[c]
        for r in range(n):
            if r != c:
                factor = rows[r][c] / rows[c][c]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[c], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def estimates(state: dict, player: int) -> dict[str, float]:
    """The four readings of a position cut short, as rewards of ``player``."""
    held = points_and_loot(state)
    found = {}
    for label, scores in (("points", [s for s, _ in held]),
                          ("loot", [s + LOOT_SHARE * w for s, w in held])):
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
        found[label] = reward(RULES, {"winners": winners, "scores": scores}, player)
        found["chance" + ("+loot" if label == "loot" else "")] = reward(
            RULES, {"scores": scores, "chances": win_chances(scores)}, player)
    return found


def check(count: int, rounds: int) -> None:
    table = []  # per position: per round, per candidate, {estimate: reward, "end": reward}
    for number, (rules, state) in enumerate(positions("swindler", 3, None)):
        if number >= count:
            break
        seen, choice = rules.view(state, 0), rules.choice(state, 0)
        candidates = SearchBot(rules, 77 + number, policy=heuristic).candidates(seen, choice)
        worlds = Rng(seed_state(555 + number))
        table.append([[played_to_the_end(rules, seen, action, world)
                       for action in candidates]
                      for world in [worlds.next_u32() for _ in range(rounds)]])
    for label in ("points", "loot", "chance", "chance+loot"):
        spreads, means = [], []
        for position in table:
            for c in range(1, len(position[0])):
                paired = [r[c][label] - r[0][label] for r in position]
                spreads.append(standard_deviation(paired))
                means.append((sum(paired) / len(paired),
                              sum(r[c]["end"] - r[0]["end"] for r in position) / len(position)))
        print(json.dumps({"estimate": label, "positions": len(table),
                          "paired sd": round(sum(spreads) / len(spreads), 3),
                          "correlation with the end": round(correlation(means), 3)}))


def played_to_the_end(rules, seen: dict, action, world: int) -> dict[str, float]:
    """``action`` in the drawn world ``world``, then the search's policy bots to the end: the
    estimates after the horizon's actions, and the reward at the end."""
    luck = Rng(seed_state(world))
    state = rules.determinize(seen, 0, luck)
    rules.apply(state, 0, action)
    bots = [heuristic(rules, luck.next_u32()) for _ in range(rules.seat_count(state))]
    playing, read, done = playing_on(rules, state, bots, 100_000), None, 0
    while True:
        try:
            next(playing)
        except StopIteration as end:
            finished = reward(rules, end.value, 0)
            return {**(read or dict.fromkeys(("points", "loot", "chance", "chance+loot"),
                                             finished)), "end": finished}
        done += 1
        if done == rules.search_horizon:
            read = estimates(state, 0)


def standard_deviation(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def correlation(pairs: list[tuple[float, float]]) -> float:
    xs, ys = zip(*pairs, strict=True)
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    cov = sum((x - mx) * (y - my) for x, y in pairs)
    return cov / math.sqrt(sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("fit", "check"))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    if args.what == "fit":
        fit(args.games)
    else:
        check(args.positions, args.rounds)


if __name__ == "__main__":
    main()
