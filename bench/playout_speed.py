"""The Hard bot's playouts against another checkout's: the same decisions, at what CPU cost.

    .venv/bin/python bench/playout_speed.py /work/main          # all three games, ~2 min
    .venv/bin/python bench/playout_speed.py /work/main --games swindler --rounds 5

Each checkout (the reference given, and this one) runs in its own worker process that imports
the engine from its tree. Then, per game:

* **Same decisions**: whole games with Hard and Normal seats (``--seeds``; 3 seats, then 2;
  the Hard bots on a small budget of ``--playouts`` so that a game takes seconds), played in
  both trees; the records (every action), the final states and a digest of every view built
  in them — the playouts' views too, in the order built, keys in their order — must agree.
* **CPU time**: a fixed set of Hard searches (full budget) on positions of a Normal game,
  timed in both trees by turns (``--rounds``, the tree that starts alternating), with
  ``time.process_time`` in the worker; their decisions must agree too. Prints each round's
  ratio (this tree's CPU time over the reference's) and the median of the rounds.

Exits 1 when anything differs. See bench/README.md, "Playout speed".
"""

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("swindler", "age_of_thieves", "crooks")
HERE = Path(__file__).resolve().parents[1]


# --- the worker: one checkout's engine ------------------------------------------------------
class Digest:
    """Wraps a rules object's ``view``: every view built goes into a running digest."""

    def __init__(self, rules):
        self.rules, self.built, self.sha = rules, rules.view, hashlib.sha256()

    def __enter__(self):
        def view(state, player):
            found = self.built(state, player)
            self.sha.update(json.dumps(found, separators=(",", ":")).encode())
            return found
        self.rules.view = view
        return self

    def __exit__(self, *exc):
        del self.rules.view


def whole_game(game: str, seed: int, seats: list[str], playouts: int) -> dict:
    from engine.core.game import rules_for, state_hash
    from engine.simulate import make_bot, play

    search = {"playouts": playouts}
    bots = [make_bot(kind, game, seed * 8 + i, **(search if kind == "hard" else {}))
            for i, kind in enumerate(seats)]
    with Digest(rules_for(game)) as views:
        match = play(game, bots, seed)
    return {"actions": match.actions, "state": state_hash(match.state),
            "views": views.sha.hexdigest()}


POSITIONS: dict = {}


def positions(game: str, count: int) -> list:
    """``count`` decisions with a choice to make, spread over a game of Normal bots."""
    from engine.core.game import Match
    from engine.simulate import decisions, make_bot

    if game not in POSITIONS:
        bots = [make_bot("normal", game, 7 + p) for p in range(3)]
        match = Match.start(game, [{} for _ in bots], {}, 42)
        found = []
        for number, _ in enumerate(decisions(match, bots)):
            rules, state = match.rules, match.state
            player = rules.to_act(state)[0]
            choice = rules.choice(state, player)
            if number % 5 == 0 and ("spec" in choice or len(choice["options"]) > 1):
                found.append(rules.view(state, player))
        step = len(found) / count
        POSITIONS[game] = [found[int(i * step)] for i in range(count)]
    return POSITIONS[game]


def searches(game: str, count: int) -> dict:
    """The CPU time of a Hard search (fresh bot, fixed seed) on each position, and its
    decisions."""
    import time

    from engine.simulate import make_bot

    decided, cpu = [], 0.0
    for number, view in enumerate(positions(game, count)):
        bot = make_bot("hard", game, 1000 + number)
        started = time.process_time()
        decided.append(bot.decide(view, view["choice"]))
        cpu += time.process_time() - started
    return {"cpu": cpu, "decisions": decided}


def worker(tree: str) -> None:
    sys.path.insert(0, tree)
    for line in sys.stdin:
        ask = json.loads(line)
        if ask["do"] == "game":
            answer = whole_game(ask["game"], ask["seed"], ask["seats"], ask["playouts"])
        else:
            answer = searches(ask["game"], ask["count"])
        print(json.dumps(answer), flush=True)


# --- the comparison -----------------------------------------------------------------------
class Tree:
    def __init__(self, path: Path):
        self.path = path
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(path)], cwd=path, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONHASHSEED": "0"})  # the same set orders in both

    def ask(self, **question) -> dict:
        self.process.stdin.write(json.dumps(question) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def compare(reference: Tree, working: Tree, args) -> bool:
    same = True
    for game in args.games:
        for number, seed in enumerate(args.seeds):
            seats = ["hard", "normal", "hard"] if number % 2 == 0 else ["normal", "hard"]
            ask = {"do": "game", "game": game, "seed": seed, "seats": seats,
                   "playouts": args.playouts}
            before, after = reference.ask(**ask), working.ask(**ask)
            agree = before == after
            same &= agree
            print(f"{game} seed {seed} ({', '.join(seats)}): {len(after['actions'])} actions, "
                  f"{'the same' if agree else 'DIFFERENT'} actions, states and views")
        ratios = []
        for turn in range(args.rounds):
            order = (reference, working) if turn % 2 == 0 else (working, reference)
            timed = {tree.path: tree.ask(do="search", game=game, count=args.searches)
                     for tree in order}
            before, after = timed[reference.path], timed[working.path]
            same &= before["decisions"] == after["decisions"]
            ratios.append(after["cpu"] / before["cpu"])
            print(f"{game} round {turn + 1}: {args.searches} searches, reference "
                  f"{before['cpu']:.2f} s CPU, this tree {after['cpu']:.2f} s: ratio "
                  f"{ratios[-1]:.3f}, decisions "
                  f"{'the same' if before['decisions'] == after['decisions'] else 'DIFFERENT'}")
        print(f"{game}: CPU ratio {statistics.median(ratios):.3f} (median of {args.rounds} "
              f"rounds; {min(ratios):.3f}–{max(ratios):.3f})")
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", nargs="?", help="the path of the other checkout")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--games", type=lambda s: s.split(","), default=list(GAMES))
    parser.add_argument("--seeds", type=lambda s: [int(x) for x in s.split(",")],
                        default=[1, 2])
    parser.add_argument("--playouts", type=int, default=2,
                        help="the Hard seats' budget in the whole games")
    parser.add_argument("--searches", type=int, default=4, help="timed searches per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    if not args.reference:
        parser.error("give the path of the reference checkout")
    reference, working = Tree(Path(args.reference).resolve()), Tree(HERE)
    try:
        same = compare(reference, working, args)
    finally:
        reference.close()
        working.close()
    print("decisions: " + ("all the same" if same else "SOME DIFFER"))
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
