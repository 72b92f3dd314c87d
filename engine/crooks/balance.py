"""Balance statistics from bot games: the figures behind docs/crooks.md.

``python -m engine.crooks.balance --players 3 --games 1000`` plays heuristic bots against each
other and reports wins by seat and by turn order, how games are decided, where the points come
from, how often crooks go face down, how often each special action is used and how often it
*matters*, and for every crook how often a player who sees it in a stack takes it and how often
it takes its target (a Kingpin counts as seen only when it could be taken).
"""

import argparse
import json
from collections import Counter

from engine.core.game import Match
from engine.simulate import make_bot

from . import content
from .recruiting import takeable
from .scoring import score_target

SPECIAL = ("pickpocket", "accomplice", "swap", "killer", "kingpin", "spy")


def _rank(cards: list) -> int:
    return sum(content.crook(c["crook"])["rank"] for c in cards)


def _where(s: dict, cid: str) -> tuple[int, int] | None:
    """(target, player) of the pile holding ``cid`` at the end, if it is on a target."""
    for v in content.TARGETS:
        for q, cards in enumerate(s["targets"][str(v)]):
            if any(c["crook"] == cid for c in cards):
                return v, q
    return None


def _takes(s: dict, cid: str) -> bool:
    spot = _where(s, cid)
    return spot is not None and spot[1] in score_target(s, spot[0])["winners"]


def _decisive_accomplice(s: dict, cid: str) -> bool:
    """The Accomplice's pile takes its target and would not have taken it alone without it."""
    spot = _where(s, cid)
    if spot is None or not _takes(s, cid):
        return False
    v, q = spot
    ranks = score_target(s, v)["ranks"]
    others = [r for j, r in enumerate(ranks) if j != q and r is not None]
    return bool(others) and ranks[q] - content.crook(cid)["rank"] <= max(others)


def play_and_count(seed: int, kinds: list[str], stats: Counter) -> dict:
    """Play one game, adding its events to ``stats``; returns the result."""
    bots = [make_bot(kind, "crooks", seed * 8 + i) for i, kind in enumerate(kinds)]
    match = Match.start("crooks", [{} for _ in kinds], seed=seed)
    rules, s = match.rules, match.state
    stacked, moved, kills = [], [], []
    while s["result"] is None:
        p = rules.to_act(s)[0]
        choice = rules.choice(s, p)
        action = bots[p].decide(rules.view(s, p) if bots[p].uses_view else None, choice)
        step = s["step"]
        if step["kind"] == "place":
            kind = content.crook(s["hand"][p])["action"]
            joins = bool(s["targets"][str(action["place"])][p])
            stats["placed"] += 1
            stats["placed_down"] += action["face"] == "down"
            if action["face"] == "up" and kind in SPECIAL:
                stats[f"{kind} face up"] += 1
                stats["accomplice stacked"] += kind == "accomplice" and joins
                stats["killer on own"] += kind == "killer" and joins
                stats["kingpin placed"] += kind == "kingpin"
                if kind == "accomplice" and joins:
                    stacked.append(s["hand"][p])
        elif step["kind"] == "kill" and "kill" in action:
            stats["killer on another"] += 1
            kills.append((step["at"], _rank(s["targets"][str(step["at"])][action["kill"]])))
        elif step["kind"] == "swap":
            stats["swap moves"] += 1
            moved.append(s["targets"][str(step["at"])][p][0]["crook"])
        elif step["kind"] == "pickpocket":
            stats["pickpocket takes $2"] += action["use"]
        elif step["kind"] == "spy" and "spy" in action:
            stats[f"spy on a {action['spy']}"] += 1
        match.act(p, action)
    stats["accomplice decides a target"] += sum(_decisive_accomplice(s, c) for c in stacked)
    stats["moved crooks take their new target"] += sum(_takes(s, c) for c in moved)
    for v, rank in kills:
        best = max((r for r in score_target(s, v)["ranks"] if r is not None), default=0)
        stats["killed crooks outranked the final winner"] += rank >= best
    kingpin = next(c for c, d in content.crooks().items() if d["action"] == "kingpin")
    stats["kingpin takes its target"] += _takes(s, kingpin)
    for q, memory in enumerate(s["memory"]):
        for entry in memory:
            if entry["kind"] == "recruit":
                for cid in entry["saw"]:  # a Kingpin is seen as a choice only when alone
                    stats["seen", cid] += takeable(entry["saw"], cid)
                stats["took", entry["took"]] += 1
        for v in content.TARGETS:
            winners = score_target(s, v)["winners"]
            for c in s["targets"][str(v)][q]:
                stats["on target", c["crook"]] += 1
                stats["takes", c["crook"]] += q in winners
    return s["result"]


def balance(players: int, games: int, seed: int = 1, kinds: list[str] | None = None) -> dict:
    """Statistics over ``games`` games (heuristic bots unless ``kinds`` names one per seat)."""
    kinds = kinds or ["heuristic"] * players
    stats, by_seat, by_order, decided, points = Counter(), Counter(), Counter(), Counter(), \
        Counter()
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        result = play_and_count(game_seed, kinds, stats)
        first = Match.start("crooks", [{} for _ in kinds], seed=game_seed).state["first"]
        for w in result["winners"]:
            by_seat[w] += 1 / len(result["winners"])
            by_order[(w - first) % players] += 1 / len(result["winners"])
        decided[result["decided_by"] or "shared"] += 1
        for step in result["breakdown"]:
            if step["step"] == "target":
                points["targets (all players)"] += step["points"] * len(step["winners"])
            elif step["step"] == "gang":
                points["gangs (all players)"] += step["points"]
        points["winner"] += max(result["scores"])
        points["money left (all players)"] += sum(result["money"])

    def rate(key: tuple) -> float | None:
        base = stats[("seen" if key[0] == "took" else "on target"), key[1]]
        return round(stats[key] / base, 2) if base else None

    events = {k: round(stats[k] / games, 2) for k in sorted(k for k in stats
                                                            if isinstance(k, str))
              if k not in ("placed", "placed_down")}
    return {
        "players": players, "games": games, "bots": kinds,
        "wins_by_seat": [round(by_seat[q] / games, 3) for q in range(players)],
        "wins_by_turn_order": [round(by_order[q] / games, 3) for q in range(players)],
        "decided_by": dict(decided),
        "mean_points": {k: round(v / games, 1) for k, v in points.items()},
        "crooks_placed_per_game": round(stats["placed"] / games, 1),
        "face_down_share": round(stats["placed_down"] / max(1, stats["placed"]), 3),
        "events_per_game": events,
        "crooks": {cid: {"name": c["name"], "taken_when_seen": rate(("took", cid)),
                         "takes_its_target": rate(("takes", cid))}
                   for cid, c in content.crooks().items()},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.crooks.balance")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(balance(args.players, args.games, args.seed), indent=1))


if __name__ == "__main__":
    main()
