"""How often an Age of Thieves bot carrying the Emperors' Jewel gets out of the city with it.

    nice .venv/bin/python bench/emperor_escape.py --players 3 --games 60
    nice .venv/bin/python bench/emperor_escape.py --players 2 --bot hard --games 10

Every seat plays ``--bot``. A game counts as *carried* when, at some decision of the Alarm, a
thief on the board or in a dungeon holds the Emperors' Jewel; of those, *escaped* is the share
that ends with the jewel carried out of an open gate (the instant win), *others* the share that
ends with a thief getting out on VP instead, and *nobody* the share where every thief stayed in
the city. ``turns held`` is the mean number of Alarm turns a carrier began with the jewel and
did not leave in (the fewer, the more directly the carrier heads for the gates).
Deterministic: game ``i`` of a run with ``--seed s`` is the same game in any run.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.game import Match  # noqa: E402
from engine.simulate import decisions, make_bot  # noqa: E402

GAME = "age_of_thieves"


def holder(state: dict) -> int | None:
    """The seat holding the Emperors' Jewel, if any thief does."""
    return next((p for p, th in enumerate(state["thieves"]) if "emperor" in th["jewels"]), None)


def one_game(players: int, bot: str, seed: int, number: int) -> dict:
    game_seed = seed * 1_000_003 + number
    bots = [make_bot(bot, GAME, game_seed * 8 + p) for p in range(players)]
    match = Match.start(GAME, [{} for _ in range(players)], {}, game_seed)
    held_turns = set()
    for m in decisions(match, bots):
        state = m.state
        if state["alarm"] and holder(state) is not None:
            held_turns.add(state["turn"])
    result = match.state["result"]
    # the turn of the escape is a turn held too: count only the turns the carrier stayed
    stayed = len(held_turns) - (result["outcome"] == "emperor_escape")
    return {"number": number, "carried": bool(held_turns), "outcome": result["outcome"],
            "turns_held": stayed}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = [one_game(args.players, args.bot, args.seed, i) for i in range(args.games)]
    carried = [r for r in rows if r["carried"]]
    count = {k: sum(r["outcome"] == k for r in carried)
             for k in ("emperor_escape", "escape", "all_defeated")}
    summary = {
        "bot": args.bot, "players": args.players, "games": args.games, "seed": args.seed,
        "carried": len(carried), "escaped": count["emperor_escape"],
        "others_won": count["escape"], "nobody": count["all_defeated"],
        "escape_rate": round(count["emperor_escape"] / len(carried), 3) if carried else None,
        "mean_turns_held": (round(sum(r["turns_held"] for r in carried) / len(carried), 2)
                            if carried else None),
        "outcomes_all_games": {k: sum(r["outcome"] == k for r in rows)
                               for k in ("emperor_escape", "escape", "all_defeated")},
    }
    if args.json:
        print(json.dumps(summary))
        return
    for key, value in summary.items():
        print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
