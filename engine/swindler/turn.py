"""A turn's five steps, in the book's order:

1. reserve orders (optional; ``reserve`` ask), 2. steal from a rich bag (stealing.py),
3. fulfil orders and sell to fences in any order (``act`` ask), 4. refill fences and orders if
anything was completed (fences.refill, raids), 5. hire accomplices (accomplices ``hire``).

A jailed player's turn is skipped whole. The Recruiter draws before the turn. At the end of the
turn forgeries lapse, unused lock-pickers go back to the hand and hired cards become playable.
"""

from . import accomplices, fences, master, orders, scoring
from .flow import op, push, push_ask
from .table import log, player, players

STEPS = [("step", 1), ("ask", "reserve"), ("step", 2), ("ask", "bag"), ("steal_over", None),
         ("step", 3), ("ask", "act"), ("step", 4), ("refill", None), ("step", 5), ("ask", "hire")]


def next_turn(s: dict) -> None:
    """The stack is empty: the next player's turn begins."""
    n = players(s)
    p = s["start"] if s["active"] is None else (s["active"] + 1) % n
    s["active"] = p
    s["turn"] += 1
    if p == s["start"]:
        s["round"] += 1
    s.update(steal=None, fence_bonus_used=False, completed=False)
    me = player(s, p)
    push(s, "end_turn")
    if me["jailed"]:
        me["jailed"] = False
        s["step"] = "jail"
        log(s, "sits_out", player=p)
        return
    s["step"] = 1
    log(s, "turn_starts", player=p, turn=s["turn"])
    master.before_turn(s, p)
    for kind, arg in reversed(STEPS):
        if kind == "ask":
            push_ask(s, arg, p)
        else:
            push(s, kind, **({"n": arg} if kind == "step" else {}))


@op("step")
def _step(s: dict, frame: dict) -> None:
    s["step"] = frame["n"]


# --- step 1 --------------------------------------------------------------------------------
accomplices.repeated_step(
    "reserve", "reserve_ask",
    orders.reserve_options,
    {"reserve": lambda s, p, action: orders.reserve(s, p, action["reserve"])})


# --- step 3 --------------------------------------------------------------------------------
def _act_moves(s: dict, p: int) -> list:
    return orders.fulfil_options(s, p) + fences.sale_options(s, p)


accomplices.repeated_step(
    "act", "act_ask", _act_moves,
    {"fulfil": lambda s, p, action: orders.fulfil(s, p, action["fulfil"]),
     "sell": lambda s, p, action: fences.sell(s, p, action["sell"], action["fence"],
                                              action["field"])})


# --- step 4 --------------------------------------------------------------------------------
@op("refill")
def _refill(s: dict, frame: dict) -> None:
    if s["completed"]:
        fences.refill(s)
        push(s, "refill_orders")


# --- the end of a turn ---------------------------------------------------------------------
@op("end_turn")
def _end_turn(s: dict, frame: dict) -> None:
    p = s["active"]
    me = player(s, p)
    me["hand"] += s["picks"]
    s["picks"], s["forged"], me["fresh"] = [], {}, []
    scoring.check_exhausted(s)
    if s["end_triggered"] and (p + 1) % players(s) == s["start"]:
        scoring.finish(s)
