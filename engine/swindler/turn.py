"""A turn's five steps, in the book's order:

1. reserve orders (optional; ``reserve`` ask), 2. steal from a rich bag (stealing.py),
3. fulfil orders and sell to fences in any order (``act`` ask), 4. refill fences and orders if
anything was completed (fences.refill, raids), 5. hire accomplices (``hire`` ask).

A jailed player's turn is skipped whole. The Recruiter draws before the turn. At the end of the
turn forgeries lapse, unused lock-pickers go back to the hand and hired cards become playable.
"""

from engine.core.gamelog import message

from . import accomplices, content, fences, master, orders, scoring
from .flow import ask, op, push, push_ask
from .table import (
    coin_sources,
    draw_card,
    effective_type,
    log,
    pay,
    player,
    players,
    revision,
)

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


# --- steps repeated until done (reserving, fulfilling and selling, hiring) ----------------
def repeated_step(kind: str, prompt: str, moves, carry_out: dict) -> None:
    """Register the ask of a step its player repeats until "done": ``moves(s, p)`` are the
    step's own options, to which what may be done at any time of one's turn (``own_turn``) and
    "done" are added. An answer holding a key of ``carry_out`` goes to that function
    ``(s, p, action)``; any other is an ``own_turn`` option."""
    def options(s: dict, frame: dict) -> list:
        p = frame["player"]
        return moves(s, p) + accomplices.own_turn(s, p, kind) + [{"done": True}]

    def apply(s: dict, frame: dict, action) -> None:
        if "done" in action:
            return
        p = frame["player"]
        push_ask(s, kind, p)
        step = next((fn for key, fn in carry_out.items() if key in action),
                    accomplices.do_own_turn)
        step(s, p, action)

    ask(kind, options, lambda s, frame: message(prompt))(apply)


# --- step 1 --------------------------------------------------------------------------------
repeated_step(
    "reserve", "reserve_ask",
    orders.reserve_options,
    {"reserve": lambda s, p, action: orders.reserve(s, p, action["reserve"])})


# --- step 3 --------------------------------------------------------------------------------
def _act_moves(s: dict, p: int) -> list:
    return orders.fulfil_options(s, p) + fences.sale_options(s, p)


repeated_step(
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


# --- step 5: hiring --------------------------------------------------------------------------
def _hires(s: dict, p: int) -> list:
    """A hire per coin source; one buying two accomplices says so (``count``)."""
    if not (s["deck"] or s["discard"]):
        return []
    return [{"hire": c} | ({"count": 2} if hired_with(s, p, c) == 2 else {})
            for c in coin_sources(s, p)]


def _hire(s: dict, p: int, action: dict) -> None:
    """One accomplice for a coin. A double coin the supply cannot change buys two: the book
    has the player put back "die entsprechende Anzahl an Münzen" and draw as many cards."""
    bought = hired_with(s, p, action["hire"])
    pay(s, p, action["hire"], bought)
    for _ in range(bought):
        draw_card(s, p, fresh=True)
    log(s, "hires", player=p, count=bought)


def hired_with(s: dict, p: int, source: str) -> int:
    """How many accomplices paying with ``source`` buys: 2 for a double coin when the supply
    has no coin left for change and two cards are there to draw, else 1 (rules revision 1:
    always 1, the change lost)."""
    if revision(s) < 2 or source == "coin" or s["supply"]["coins"] \
            or len(s["deck"]) + len(s["discard"]) < 2:
        return 1
    return min(2, content.coin_value(effective_type(s, source)))


repeated_step("hire", "hire_ask", _hires,
              {"hire": _hire})
