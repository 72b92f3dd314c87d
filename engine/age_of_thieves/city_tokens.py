"""City tokens: revealed by a thief moving through their space, then resolved at once."""

from .city_guard import place_watch
from .phases import check_hand_limit
from .table import Table

ON_SHEET = ("informer", "guild_agent", "known_neighborhood")
ON_SPACE = ("dark_alley", "manhole", "ladder")


def reveal(t: Table, p: int, space: str) -> None:
    token = t.s["tokens"].pop(space)
    kind = token["kind"]
    t.log("reveals_token", player=p, space=space, token=kind)
    th = t.thief(p)
    if kind == "thiefs_stash":
        t.draw(p)
        check_hand_limit(t, p)
    elif kind == "alert_citizens":
        district = t.board.district(space)
        for q in reversed(t.clockwise()):
            if t.on_board(q) and t.board.district(t.thief(q)["space"]) == district \
                    and t.thief(q)["hand"]:
                t.ask(q, "discard", reason="alert_citizens")
    elif kind == "plain_garb_guard":
        place_watch(t, "guard", space)
    elif kind in ON_SHEET:
        th["tokens"].append(kind)
    elif kind == "trinkets":
        th["jewels"].append("trinkets")
    elif kind in ON_SPACE:
        t.s["features"][space] = kind

