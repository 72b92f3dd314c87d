"""The report's figures: pure functions over game records (``records.record``).

Every rate carries its Wilson 95 % interval and the number of games behind it; a difference of
two rates carries Newcombe's interval (built from the two Wilson intervals). A shared win counts
as a share (1/k for each of k winners), as ``bench/bot_strength.py`` counts it. The findings
(``findings``) say only what the intervals support: a seat is favoured only when its whole
interval lies above the fair share, and so on.
"""

import math
from collections import Counter, defaultdict

from engine.core.game import rules_for

Z = 1.96  # 95 %


def wilson(wins: float, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``n`` (a fractional count of shared wins
    is taken as it is)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: float, n: int, fair: float | None = None) -> dict:
    """A rate with its interval and count, rounded for the page (4 places)."""
    low, high = wilson(wins, n)
    row = {"k": round(wins, 2), "n": n, "rate": round(wins / n, 4) if n else None,
           "low": round(low, 4), "high": round(high, 4)}
    if fair is not None:
        row["fair"] = round(fair, 4)
    return row


def difference(a: dict, b: dict) -> dict:
    """Rate ``a`` less rate ``b`` with Newcombe's hybrid score interval (method 10)."""
    pa, pb = a["k"] / a["n"], b["k"] / b["n"]
    d = pa - pb
    low = d - math.sqrt((pa - a["low"]) ** 2 + (b["high"] - pb) ** 2)
    high = d + math.sqrt((a["high"] - pa) ** 2 + (pb - b["low"]) ** 2)
    return {"diff": round(d, 4), "low": round(low, 4), "high": round(high, 4)}


def mean(values: list[float]) -> dict:
    """The mean with its normal 95 % interval, the median and the range."""
    n = len(values)
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z * sd / math.sqrt(n)
    ordered = sorted(values)
    middle = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    return {"n": n, "mean": round(m, 2), "low": round(m - half, 2), "high": round(m + half, 2),
            "median": middle, "min": ordered[0], "max": ordered[-1],
            "hist": histogram(ordered)}


def histogram(ordered: list[float], bins: int = 12) -> list[list]:
    """``[[from, to, count], ...]``: integer-wide bins over the values' range (``to`` is
    excluded), at most ``bins`` of them."""
    lo, hi = math.floor(ordered[0]), math.floor(ordered[-1]) + 1
    width = max(1, math.ceil((hi - lo) / bins))
    counts = Counter((math.floor(v) - lo) // width for v in ordered)
    return [[lo + i * width, lo + (i + 1) * width, counts.get(i, 0)]
            for i in range(math.ceil((hi - lo) / width))]


def share(record: dict, seat: int) -> float:
    """The seat's share of the game's win."""
    winners = record["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def margin(record: dict) -> float | None:
    """The sole winner's score less the best other score (None: no score, or no sole winner).
    In Age of Thieves it may be negative: only an escaped thief wins."""
    if record["scores"] is None or len(record["winners"]) != 1:
        return None
    winner = record["winners"][0]
    return record["scores"][winner] - max(s for p, s in enumerate(record["scores"])
                                          if p != winner)


def table_size(records: list[dict], ends: tuple = ()) -> dict:
    """The aggregates of the games of one table size; ``ends``: the ways the game can end."""
    players = records[0]["players"]
    decided = [r for r in records if r["winners"]]
    fair = 1 / players
    seats = [rate(sum(share(r, p) for r in decided), len(decided), fair)
             for p in range(players)]
    by_label, seated = defaultdict(float), Counter()
    for r in decided:
        for p, label in enumerate(r["labels"] or []):
            by_label[label] += share(r, p)
            seated[label] += 1
    labels = {label: rate(by_label[label], seated[label], fair) for label in sorted(seated)}
    ends = Counter({end: 0 for end in ends})
    ends.update(r["end"] for r in records)
    margins = [m for r in records if (m := margin(r)) is not None]
    return {
        "players": players, "games": len(records), "decided": len(decided),
        "seats": seats, "labels": labels,
        "ends": {end: rate(count, len(records)) for end, count in sorted(ends.items())},
        "turns": mean([r["turns"] for r in records]),
        "decisions": mean([r["decisions"] for r in records]),
        "margin": mean(margins) if margins else None,
    }


def cards(records: list[dict], least: int = 30) -> list[dict]:
    """Each card's rate of being played by a winner against by a loser (a seat of a decided
    game counts once for a card however often it played it), with the difference's interval;
    cards seen fewer than ``least`` times left out; the biggest differences first."""
    winners, losers = 0, 0
    by_winners, by_losers = Counter(), Counter()
    for r in records:
        if not r["winners"]:
            continue
        for p, played in enumerate(r["cards"]):
            won = p in r["winners"]
            winners, losers = winners + won, losers + (not won)
            (by_winners if won else by_losers).update(played)
    rows = []
    for card in sorted(set(by_winners) | set(by_losers)):
        if by_winners[card] + by_losers[card] < least:
            continue
        w, lo = rate(by_winners[card], winners), rate(by_losers[card], losers)
        rows.append({"card": card, "winners": w, "losers": lo, **difference(w, lo)})
    return sorted(rows, key=lambda row: (-abs(row["diff"]), row["card"]))


def level(games: list[dict], players: int, bot: str, against: str) -> dict:
    """A bot-level row from ``bench/bot_strength.py``'s games (``seat``: the tested bot's):
    its win rate over the decided games, against the fair share."""
    decided = [g for g in games if g["winners"]]
    wins = sum(1 / len(g["winners"]) for g in decided if g["seat"] in g["winners"])
    return {"players": players, "bot": bot, "against": against, "games": len(games),
            **rate(wins, len(decided), 1 / players)}


def aggregate(game: str, records: list[dict], levels: list[dict] = ()) -> dict:
    """The whole report's figures for ``game`` (records of any table sizes, one bot level).
    Every way the game can end (``Rules.ends``) is shown, one no game reached at 0."""
    ends = tuple(rules_for(game).ends)
    sizes = defaultdict(list)
    for r in records:
        sizes[r["players"]].append(r)
    return {
        "game": game,
        "sizes": [table_size(sorted(rs, key=lambda r: r["number"]), ends)
                  for _, rs in sorted(sizes.items())],
        "cards": cards(records),
        "levels": list(levels),
    }


# --- findings: what the figures say, each with what it rests on --------------------------------
def _side(row: dict) -> str:
    """Where a rate's interval lies against its fair share: above, below or either side."""
    return "above" if row["low"] > row["fair"] else "below" if row["high"] < row["fair"] else \
        "even"


CARDS_SAID = 6  # the findings name the biggest differences of cards only


def findings(report: dict) -> dict:
    """Per section, the sentences the figures support: ``{"msg": ..., "args": {...}}``."""
    said = {"seats": [], "labels": [], "ends": [], "length": [], "margin": [], "cards": [],
            "levels": []}
    for size in report["sizes"]:
        n = size["players"]
        uneven = [(p, row) for p, row in enumerate(size["seats"]) if _side(row) != "even"]
        for p, row in uneven:
            said["seats"].append({"msg": f"seat_{_side(row)}",
                                  "args": {"players": n, "seat": p + 1, **row}})
        if not uneven:
            said["seats"].append({"msg": "seats_even", "args": {
                "players": n, "n": size["decided"], "fair": round(1 / n, 4),
                "low": min(r["low"] for r in size["seats"]),
                "high": max(r["high"] for r in size["seats"])}})
        uneven = [(label, row) for label, row in size["labels"].items() if _side(row) != "even"]
        for label, row in uneven:
            said["labels"].append({"msg": f"label_{_side(row)}",
                                   "args": {"players": n, "label": label, **row}})
        if size["labels"] and not uneven:
            said["labels"].append({"msg": "labels_even", "args": {"players": n}})
        end, row = max(size["ends"].items(), key=lambda item: item[1]["k"])
        said["ends"].append({"msg": "end_most", "args": {"players": n, "end": end, **row}})
        said["length"].append({"msg": "length", "args": {
            "players": n, "turns": size["turns"]["mean"], "turns_low": size["turns"]["low"],
            "turns_high": size["turns"]["high"], "decisions": size["decisions"]["mean"],
            "decisions_low": size["decisions"]["low"],
            "decisions_high": size["decisions"]["high"], "n": size["games"]}})
        if size["margin"] is not None:
            m = size["margin"]
            said["margin"].append({"msg": "margin", "args": {
                "players": n, "mean": m["mean"], "mean_low": m["low"], "mean_high": m["high"],
                "median": m["median"], "n": m["n"]}})
    for row in report["cards"]:
        if row["low"] > 0 or row["high"] < 0:
            said["cards"].append({"msg": "card_winners" if row["low"] > 0 else "card_losers",
                                  "args": {"card": row["card"], "diff": row["diff"],
                                           "low": row["low"], "high": row["high"],
                                           "winners": row["winners"]["rate"],
                                           "losers": row["losers"]["rate"]}})
    said["cards"] = said["cards"][:CARDS_SAID]
    if not said["cards"] and report["cards"]:
        said["cards"].append({"msg": "cards_even", "args": {}})
    for row in report["levels"]:
        said["levels"].append({"msg": f"level_{_side(row)}", "args": dict(row)})
    tests = {"seats": sum(s["players"] for s in report["sizes"]),
             "labels": sum(len(s["labels"]) for s in report["sizes"]),
             "cards": len(report["cards"])}
    for section, count in tests.items():
        if count >= 10:  # so many intervals that some miss by chance alone
            said[section].append({"msg": "chance", "args": {"tests": count,
                                                            "expected": round(count / 20, 1)}})
    return said
