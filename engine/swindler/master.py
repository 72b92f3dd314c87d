"""Master thieves: the ability unlocks at 5/4/3 fulfilled orders (2/3/4 players).

Abilities (data/masters.json) take effect where the rules they change live: ``unreserved`` in
orders.allowed, ``fence_bonus`` in fences.sell, ``raid_shield`` in raids.counted, ``alibi`` in
stealing (the skull), ``ringleader`` in orders (the reward), ``recruiter`` here, before a turn.
"""

from . import content
from .table import draw_card, log, player, players, unlocked


def check_unlock(s: dict, p: int) -> None:
    me = player(s, p)
    if me["master"] and not me["unlocked"] and \
            len(me["fulfilled"]) >= content.MASTER_AT[players(s)]:
        me["unlocked"] = True
        log(s, "master_unlocked", player=p, master=me["master"])


def before_turn(s: dict, p: int) -> None:
    """The Recruiter draws an accomplice before the turn (usable in it)."""
    if unlocked(s, p, "recruiter") and draw_card(s, p, fresh=False):
        log(s, "recruits", player=p)
