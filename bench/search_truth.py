"""What a search gains at real decisions: every option played out many times, then the picks.

    .venv/bin/python bench/search_truth.py --game swindler --positions 60 --every 3
    .venv/bin/python bench/search_truth.py --game swindler --kind reserve,more --every 1
    .venv/bin/python bench/search_truth.py --kind react --masked --every 1 --hard 4
    .venv/bin/python bench/search_truth.py --positions 60 --hard 4 --search 24:0.9 48:0.75
    .venv/bin/python bench/search_truth.py --game age_of_thieves --kind declare --every 2 \
        --positions 30 --rounds 40 --hard 4 --search 24:0.9 60:0.9

Normal bots play two-player games (seeds 4,242 on); at seat 0's decisions with two options or
more (every ``--every``-th, or only those of ``--kind``) every option is played out
``--rounds`` times in the same drawn worlds, with the search's own playout and reward: the
truth, as near as those rounds tell it. A decision without a list of options (the Age of
Thieves Declaration: ``--kind declare``) has the Hard bot's candidates for options, and any
other pick is played out when it is made. One line per position: each option's mean reward
minus that of the Normal bot's pick. With ``--hard S``, the Hard bot then decides the position
with S seeds — as its game has it, or with each ``--search`` budget:confidence — and the line
adds its gain: the truth of its picks minus that of Normal's, averaged over the seeds. The
last line sums up each search: the mean gain a decision with its standard error over the
positions, the same paired with the first search's, and how often it left Normal's pick.
Worlds of the truth and of the search are drawn apart, so the gain is not flattered by the
search having seen the same luck.
"""

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import Match, canonical, json_copy  # noqa: E402
from engine.core.rng import Rng, seed_state  # noqa: E402
from engine.core.search import SearchBot, Thought  # noqa: E402
from engine.simulate import decisions, easy, heuristic, make_bot  # noqa: E402


def positions(game: str, every: int, kinds: set | None, masked: bool = False):
    """(rules, state) at seat 0's searched decisions with a real choice, game after game."""
    for number in range(1000):
        bots = [make_bot("normal", game, 900 + 2 * number + seat) for seat in range(2)]
        match = Match.start(game, [{}, {}], {}, 4242 + number)
        seen = 0
        for at in decisions(match, bots):
            rules, state = at.rules, at.state
            choice = rules.choice(state, 0)
            if choice is None or choice.get("masked") and not masked or choice.get("standing") \
                    or (kinds and choice["kind"] not in kinds) \
                    or len(choice.get("options") or ()) < 2 and "spec" not in choice:
                continue
            seen += 1
            if seen % every == 0:
                yield rules, json_copy(state)


def played_out(thought: Thought, action, world: int) -> float:
    """The search's own playout of ``action`` in the drawn world ``world``: its reward."""
    thought.world = world
    playing = thought.playout(action)
    while True:
        try:
            next(playing)
        except StopIteration as end:
            return end.value


class Truth(dict):
    """Each action's mean reward over the same drawn worlds, played out once asked for (a
    declaration's candidates are drawn, so the Hard bot may pick one not yet seen)."""

    def __init__(self, thought: Thought, worlds: list[int]):
        super().__init__()
        self.thought, self.worlds = thought, worlds

    def of(self, action) -> float:
        key = canonical(action)
        if key not in self:
            self[key] = sum(played_out(self.thought, action, w) for w in self.worlds) \
                / len(self.worlds)
        return self[key]


def mean_and_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    return mean, spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="swindler")
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--kind", help="only decisions of these kinds (e.g. reserve,more)")
    parser.add_argument("--masked", action="store_true",
                        help="also the answers asked with full secrecy (Swindler's reactions)")
    parser.add_argument("--hard", type=int, default=0, help="seeds of the Hard bot's picks")
    parser.add_argument("--search", nargs="+", default=[None],
                        help="budget:confidence[:random candidates of a spec choice] of each "
                        "Hard bot (its game's: none given; the game's search_effort multiplies "
                        "the budget)")
    args = parser.parse_args()
    kinds = set(args.kind.split(",")) if args.kind else None
    searches = {label: hard_search(label) for label in args.search}
    gains = {label: [] for label in searches}
    left = dict.fromkeys(searches, 0)
    for done, (rules, state) in enumerate(positions(args.game, args.every, kinds,
                                                     args.masked)):
        if done >= args.positions:
            break
        view, choice = rules.view(state, 0), rules.choice(state, 0)
        thought = SearchBot(rules, done, policy=heuristic, alternative=easy).think(view, choice)
        options = thought.candidates if "spec" in choice else \
            list({canonical(o): o for o in choice["options"]}.values())
        worlds = Rng(seed_state(9999 + done))
        seeds = [worlds.next_u32() for _ in range(args.rounds)]
        truth = Truth(thought, seeds)
        normal_pick = heuristic(rules, 1).decide(view, choice)
        normal = canonical(normal_pick)
        for action in [normal_pick, *options]:
            truth.of(action)
        line = {"kind": choice["kind"], "options": options,
                "truth": [round(truth[canonical(o)] - truth[normal], 3) for o in options]}
        for label, (playouts, confidence, samples) in searches.items() if args.hard else ():
            if confidence is not None:
                rules.search_confidence = confidence  # this process's rules only
            picks = []
            for s in range(args.hard):
                pick = make_bot("hard", args.game, 1000 * done + s, playouts=playouts,
                                **samples).decide(view, choice)
                truth.of(pick)
                picks.append(canonical(pick))
            gains[label].append(sum(truth[p] - truth[normal] for p in picks) / args.hard)
            left[label] += sum(p != normal for p in picks)
            line[f"gain {label}"] = round(gains[label][-1], 4)
        rules.search_confidence = type(rules).search_confidence
        print(json.dumps(line), flush=True)
    first = gains[args.search[0]]
    for label, values in gains.items() if args.hard else ():
        mean, error = mean_and_error(values)
        paired = mean_and_error([v - f for v, f in zip(values, first, strict=True)])
        print(json.dumps({"search": label or "the game's", "positions": len(values),
                          "gain": round(mean, 4), "error": round(error, 4),
                          "gain over the first": [round(x, 4) for x in paired],
                          "left_normal": round(left[label] / (len(values) * args.hard), 3)}))


def hard_search(label: str | None) -> tuple[int | None, float | None, dict]:
    """The budget, confidence and (a third part) random Declarations of ``label``
    ("48:0.75", "24:0.9:6"); None, None, {}: the game's own."""
    if label is None:
        return None, None, {}
    playouts, confidence, *samples = label.split(":")
    return int(playouts), float(confidence), \
        {"spec_samples": int(samples[0])} if samples else {}


if __name__ == "__main__":
    main()
