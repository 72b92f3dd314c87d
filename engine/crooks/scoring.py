"""Final scoring, once everybody has passed: targets from the lowest, then the three gangs.

The result's ``breakdown`` lists every step in order so a table can replay the scoring.
"""

from . import content
from .turns import log, name, pile, players


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
        text = f"Target {value}: no crook raids it."
    else:
        sums = f"{value}" + "".join(f" {m['modifier']:+d}" for m in mods)
        floor = " (never below 0)" if raw < 0 else ""
        shown = ", ".join(f"{name(s, q)} {r}" for q, r in enumerate(ranks) if r is not None)
        who = " and ".join(name(s, q) for q in winners)
        unit = "point" if each == 1 else "points"
        takes = f"take {each} {unit} each" if len(winners) > 1 else f"takes {each} {unit}"
        text = f"Target {value}: worth {sums} = {worth}{floor}. Ranks: {shown}. {who} {takes}."
    return {"step": "target", "target": value, "modifiers": mods, "value": worth,
            "ranks": ranks, "winners": winners, "points": each, "text": text}


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
    shown = ", ".join(f"{name(s, q)} {c}" for q, c in enumerate(counts))
    gname = content.GANG_NAMES[gang]
    if winner is not None:
        text = f"{gname}: {shown}. {name(s, winner)} controls the gang: {points} points."
    elif top == 0:
        text = f"{gname}: no members on the targets; nobody scores."
    else:
        text = f"{gname}: {shown}. Tied for the most members: nobody scores."
    return {"step": "gang", "gang": gang, "name": gname, "counts": counts, "winner": winner,
            "points": points, "text": text}


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
    totals = ", ".join(f"{name(s, q)} {scores[q]} (${s['money'][q]})" for q in range(n))
    if len(winners) == 1:
        text = (f"Totals: {totals}. {name(s, winners[0])} wins"
                f"{' on money' if decided_by == 'money' else ''}.")
    else:
        text = f"Totals: {totals}. " + " and ".join(name(s, q) for q in winners) + \
            " share the win."
    breakdown.append({"step": "total", "scores": list(scores), "money": list(s["money"]),
                      "winners": winners, "decided_by": decided_by, "text": text})
    for entry in breakdown:
        log(s, entry["text"])
    s["result"] = {"outcome": "win" if len(winners) == 1 else "shared",
                   "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                   "scores": scores, "money": list(s["money"]), "decided_by": decided_by,
                   "breakdown": breakdown}
