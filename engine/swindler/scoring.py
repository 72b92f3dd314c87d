"""The end of the game and the final score.

Whoever first reaches 9/8/6 fulfilled orders (2/3/4 players) rings in the last round, which is
played out up to the player before the start player. Should no order be left to fulfil (none
open, none in the deck), the last round is rung in as well, so the game always ends.
Final score: VP + 1 per coin (pieces and coins shown on tiles) - 2 per reservation still lying,
never below 0. Most points win; a tie goes to more fulfilled orders; still tied, they share.
"""

from . import content
from .table import coins_worth, log, players


def check_trigger(s: dict, p: int) -> None:
    if not s["end_triggered"] and \
            len(s["players"][p]["fulfilled"]) >= content.END_AT[players(s)]:
        s["end_triggered"] = True
        log(s, "last_round", player=p, count=content.END_AT[players(s)])


def check_exhausted(s: dict) -> None:
    orders = s["orders"]
    left = [o for o in orders["open"] + orders["deck"]
            if o is not None and content.orders()[o]["kind"] != "raid"]
    if not left and not s["end_triggered"]:
        s["end_triggered"] = True
        log(s, "last_round_no_orders")


def finish(s: dict) -> None:
    table = []
    for p, me in enumerate(s["players"]):
        coins = coins_worth(s, p)
        penalty = content.PENALTY * sum(1 for q in s["reserved"].values() if q == p)
        table.append({"seat": p, "name": me["name"], "vp": me["vp"], "coins": coins,
                      "penalties": penalty, "orders": len(me["fulfilled"]),
                      "score": max(0, me["vp"] + coins - penalty)})
    ranked = sorted(table, key=_key, reverse=True)
    for row in table:
        row["rank"] = 1 + sum(_key(o) > _key(row) for o in table)
        level = [o for o in table if o["score"] == row["score"] and o is not row]
        row["tiebreak"] = (None if not level else
                           "shared" if any(o["orders"] == row["orders"] for o in level)
                           else "orders")  # how a tie on points ends: shared, or by orders
    best = ranked[0]
    winners = [r["seat"] for r in table if _key(r) == _key(best)]
    s["result"] = {"outcome": "win" if len(winners) == 1 else "shared",
                   "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                   "scores": [r["score"] for r in table], "table": table}
    s["step"] = "over"
    scores = [[r["seat"], r["score"]] for r in ranked]
    if len(winners) == 1:
        log(s, "game_won", scores=scores, player=winners[0])
    else:
        log(s, "game_shared", scores=scores, players=winners)


def _key(row: dict) -> tuple[int, int]:
    return row["score"], row["orders"]
