"""Final scoring, once everybody has passed: targets from the lowest, then the three gangs.

The result's ``breakdown`` lists every step in order so a table can replay the scoring; each
step carries its message (``msg``, ``args``: data, rendered by the web layer) and is written to
the log as well.
"""

from engine.core.gamelog import message

from . import content
from .table import log, pile, players


def score_target(s: dict, value: int) -> dict:
    """The target's worth (printed value plus every modifier there, at least 0) goes to the
    highest rank (a stack's ranks added up); tied players split it, rounded down."""
    n = players(s)
    mods = [{"seat": q, "crook": c["crook"], "modifier": content.crook(c["crook"])["modifier"]}
            for q in range(n) for c in pile(s, value, q)
            if content.crook(c["crook"])["modifier"]]
    raw = value + sum(m["modifier"] for m in mods)
    worth = max(0, raw)
    ranks = [sum(content.crook(c["crook"])["rank"] for c in pile(s, value, q))
             if pile(s, value, q) else None for q in range(n)]
    best = max((r for r in ranks if r is not None), default=None)
    winners = [q for q in range(n) if best is not None and ranks[q] == best]
    each = worth // len(winners) if winners else 0
    if not winners:
        said = message("target_empty", target=value)
    else:
        msg = ("target_won" if len(winners) == 1 else "target_shared") + \
            ("_floor" if raw < 0 else "")
        who = {"player": winners[0]} if len(winners) == 1 else {"players": winners}
        said = message(msg, target=value, terms=[value] + [m["modifier"] for m in mods],
                       worth=worth, ranks=ranks, points=each, **who)
    return {"step": "target", "target": value, "modifiers": mods, "value": worth,
            "ranks": ranks, "winners": winners, "points": each, **said}


def gang_counts(s: dict, gang: str) -> list[int]:
    """Members of ``gang`` among each player's crooks on the targets."""
    return [sum(gang in content.crook(c["crook"])["gangs"] for v in content.TARGETS
                for c in pile(s, v, q)) for q in range(players(s))]


def score_gang(s: dict, gang: str) -> dict:
    """The one player with strictly the most members gets the gang's points; a tie, nobody."""
    n = players(s)
    counts = gang_counts(s, gang)
    top = max(counts)
    leaders = [q for q in range(n) if counts[q] == top]
    winner = leaders[0] if top > 0 and len(leaders) == 1 else None
    points = content.GANG_POINTS[n] if winner is not None else 0
    if winner is not None:
        said = message("gang_controlled", gang=gang, counts=counts, player=winner,
                       points=points)
    elif top == 0:
        said = message("gang_empty", gang=gang)
    else:
        said = message("gang_tied", gang=gang, counts=counts)
    return {"step": "gang", "gang": gang, "counts": counts, "winner": winner,
            "points": points, **said}


def finish(s: dict) -> None:
    """Reveal everything, score, and set the result."""
    n = players(s)
    s["current"], s["step"] = None, None
    scores = [0] * n
    breakdown = []
    for v in content.TARGETS:
        entry = score_target(s, v)
        for q in entry["winners"]:
            scores[q] += entry["points"]
        breakdown.append(entry)
    for gang in content.GANGS:
        entry = score_gang(s, gang)
        if entry["winner"] is not None:
            scores[entry["winner"]] += entry["points"]
        breakdown.append(entry)
    best = max(scores)
    top = [q for q in range(n) if scores[q] == best]
    richest = max(s["money"][q] for q in top)
    winners = [q for q in top if s["money"][q] == richest]
    decided_by = "points" if len(top) == 1 else "money" if len(winners) == 1 else None
    totals = [[scores[q], s["money"][q]] for q in range(n)]
    if len(winners) == 1:
        said = message("total_win_money" if decided_by == "money" else "total_win",
                       totals=totals, player=winners[0])
    else:
        said = message("total_shared", totals=totals, players=winners)
    breakdown.append({"step": "total", "scores": list(scores), "money": list(s["money"]),
                      "winners": winners, "decided_by": decided_by, **said})
    for entry in breakdown:
        log(s, entry["msg"], entry["args"])
    s["result"] = {"outcome": "win" if len(winners) == 1 else "shared",
                   "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                   "scores": scores, "money": list(s["money"]), "decided_by": decided_by,
                   "breakdown": breakdown}
