"""Resolving declared cards: the basic actions, and the steps that card and event data name."""

from engine.core.gamelog import message

from . import content
from .board import DISTRICTS, PALACE
from .city_guard import guards_advance, place_watch, sewer_exits, walk
from .machine import ask, choose, first_thief_chooses, op
from .movement import start_move, steal
from .phases import check_hand_limit
from .table import Table


# --- choosing and resolving a declared card ------------------------------------------------
def card_modes(t: Table, p: int, declared: dict) -> list[str]:
    """How a declared card may be resolved now (resigning is always possible)."""
    th = t.thief(p)
    kind = t.kind(declared["cards"][0])
    if th["where"] == "dungeon":  # the first action out of the dungeon must be Move
        modes = ["sneak", "dash"] if kind == "move" else []
    elif kind == "move":
        modes = ["sneak", "dash"]
    elif kind == "ambush":
        modes = ["wits", "plan"]
    elif len(declared["cards"]) == 2:
        modes = ["special", "general"]
    else:
        modes = ["play"]
    if th["resolved_any"]:  # Dash and Cunning Plan only for a thief resolving nothing else
        modes = [m for m in modes if m not in ("dash", "plan")]
    return modes + ["resign"]


def _resolve_options(t: Table, frame: dict) -> list:
    p, init = frame["player"], frame["init"]
    return [{"card": i, "as": mode}
            for i, d in enumerate(t.thief(p)["declared"])
            if d["state"] == "declared" and d["init"] == init
            for mode in card_modes(t, p, d)]


def _resolve_prompt(t: Table, frame: dict) -> dict:
    return message("resolve_ask", init=frame["init"])


@ask("resolve", _resolve_options, _resolve_prompt)
def _resolved(t: Table, frame: dict, action: dict) -> None:
    p = frame["player"]
    th = t.thief(p)
    declared = th["declared"][action["card"]]
    mode = action["as"]
    cards = [t.kind(c) for c in declared["cards"]]
    if mode == "resign":
        declared["state"] = "resigned"
        t.log("resigns", player=p, cards=cards, init=declared["init"])
        return
    declared["state"] = "resolved"
    th["resolved_any"] = True
    t.log("resolves", player=p, cards=cards, init=declared["init"], mode=mode)
    if mode in ("dash", "plan"):
        for other in th["declared"]:
            if other["state"] == "declared":
                other["state"] = "resigned"
    if mode == "sneak":
        start_move(t, p, f"T{p}", content.SNEAK + t.mod("sneak"))
    elif mode == "dash":
        start_move(t, p, f"T{p}", content.DASH + t.mod("dash"), dash=True)
    elif mode == "wits":
        t.draw(p)
        if th["hand"]:
            t.ask(p, "discard", reason="wits")
    elif mode == "plan":
        th["draw_next"] += 2
        th["temp_next"] += 2
    else:
        card = declared["cards"][1] if mode == "general" else declared["cards"][0]
        t.push({"do": "card", "player": p, "card": t.kind(card), "i": 0})


@op("card", stays=True)
def _card(t: Table, f: dict) -> None:
    """Run the card's steps one after another, then its theft icon."""
    p = f["player"]
    card = t.card(f["card"])
    if f["i"] == 0:
        t.s["card_targets"] = []
    if not t.on_board(p):
        t.s["stack"].pop()  # caught or gone: the rest of the card is lost
        return
    steps = card["steps"]
    if f["i"] < len(steps):
        step = steps[f["i"]]
        f["i"] += 1
        reach = card["range"]
        if isinstance(reach, int) and step["do"] in ("smoke", "fire") \
                and t.has_ability(p, "firebrand"):
            reach += 1
        t.push({**step, "player": p, "range": reach})
        return
    t.s["stack"].pop()
    if card.get("theft"):
        for q in dict.fromkeys(t.s["card_targets"]):
            theft(t, p, q)


def theft(t: Table, p: int, q: int) -> None:
    """A thief hit by a theft icon: robbed at once on the same space, else marked."""
    victim = t.thief(q)
    if q == p or victim["where"] != "board" or victim["stolen"]:
        return
    if victim["space"] == t.thief(p)["space"]:
        jewels = sorted(set(victim["jewels"]))
        choose(t, p, jewels, {"do": "steal_now", "player": p, "victim": q},
               message("jewel_from_ask", player=q))
    else:
        victim["theft_marker"] = True
        t.log("theft_marker", player=q)


@op("steal_now")
def _steal_now(t: Table, f: dict) -> None:
    steal(t, f["player"], f["victim"], f["pick"])


# --- targets ------------------------------------------------------------------------------
def _origin(t: Table, f: dict) -> str:
    return t.thief(f["player"])["space"]


def thieves_in_range(t: Table, f: dict) -> list[int]:
    here = _origin(t, f)
    return [q for q in t.targetable() if q != f["player"]
            and t.in_range(here, t.thief(q)["space"], f["range"])]


def figures_in_range(t: Table, f: dict, kinds, movable: bool = False) -> list[str]:
    """Ids of the figures of ``kinds`` in range: 'T1' for a thief, the id for a guard."""
    here = _origin(t, f)
    found = [f"T{q}" for q in thieves_in_range(t, f)
             if "thief" in kinds and not (movable and t.thief(q)["immobile"])]
    found += [g for g, w in sorted(t.s["watch"].items())
              if w["kind"] in kinds and t.in_range(here, w["space"], f["range"])
              and not (movable and t.s["flags"].get(g, {}).get("immobile"))]
    return found


def spaces_in_range(t: Table, f: dict, test=lambda space: True) -> list[str]:
    here, reach = _origin(t, f), f["range"]
    near = t.board.within(here, reach) if isinstance(reach, int) else t.board.spaces
    return sorted(sp for sp in near if "dungeon" not in t.board.spaces[sp].kinds
                  and t.in_range(here, sp, reach) and test(sp))


def _target(t: Table, f: dict, options: list, prompt: str) -> bool:
    """Ask for the step's target (the message ``prompt``); True once it is picked (then in
    ``f['pick']``)."""
    if "pick" in f:
        return True
    choose(t, f["player"], options, dict(f), message(prompt))
    return False


def _mark_targets(t: Table, figure: str | None = None, space: str | None = None) -> None:
    if figure and figure[0] == "T":
        t.s["card_targets"].append(int(figure[1:]))
    if space:
        t.s["card_targets"] += t.thieves_at(space)


def _flags(t: Table, gid: str) -> dict:
    return t.s["flags"].setdefault(gid, {})


# --- card steps ---------------------------------------------------------------------------
@op("move_self")
def _move_self(t: Table, f: dict) -> None:
    start_move(t, f["player"], f"T{f['player']}", f["n"])


REPOSITION = {
    "space": lambda t, sp: True,
    "free": lambda t, sp: not t.has_figure(sp),
    "hideout": lambda t, sp: t.is_hideout(sp),
    "sewer_exit": lambda t, sp: sp in sewer_exits(t) and not _drains_closed(t),
    "guardhouse": lambda t, sp: t.is_kind(sp, "guardhouse"),
}


def _drains_closed(t: Table) -> bool:
    """Closed sewers close the drains of Rat King's Tunnels too (rules revision 2: they did
    not)."""
    return bool(t.mod("sewers_closed")) and t.revision >= 3


@op("reposition_self")
def _reposition_self(t: Table, f: dict) -> None:
    p = f["player"]
    here = t.thief(p)["space"]
    test = REPOSITION[f["to"]]
    options = [] if t.thief(p)["immobile"] else spaces_in_range(
        t, f, lambda sp: sp != here and test(t, sp) and not t.blocked_for(sp, p)
        and (t.watch_at(sp) is None or t.thief(p)["protected"]))
    if _target(t, f, options, "reappear_ask"):
        t.thief(p)["space"] = f["pick"]
        t.log("reappears", player=p, space=f["pick"])


@op("hide_self")
def _hide_self(t: Table, f: dict) -> None:
    t.thief(f["player"])["hidden"] = True


@op("protect_self")
def _protect_self(t: Table, f: dict) -> None:
    t.thief(f["player"])["protected"] = True


@op("draw")
def _draw(t: Table, f: dict) -> None:
    t.draw(f["player"], f["n"])
    check_hand_limit(t, f["player"])


@op("temp_ap_next")
def _temp_ap_next(t: Table, f: dict) -> None:
    t.thief(f["player"])["temp_next"] += f["n"]


@op("move_figure")
def _move_figure(t: Table, f: dict) -> None:
    p = f["player"]
    figures = figures_in_range(t, f, f["who"], movable=True)
    charm = p if f.get("charm") else None
    toward = _origin(t, f) if f.get("toward") == "self" else None
    if f.get("count") == "each":
        for figure in reversed(figures):
            _mark_targets(t, figure)
            start_move(t, p, figure, f["n"], charm=charm, toward=toward)
        return
    if _target(t, f, figures, "move_figure_ask"):
        _mark_targets(t, f["pick"])
        start_move(t, p, f["pick"], f["n"], charm=charm, toward=toward)
        if charm is not None and f["pick"][0] != "T":
            _flags(t, f["pick"])["charm"] = p


@op("reposition_guard")
def _reposition_guard(t: Table, f: dict) -> None:
    if "pick" not in f:
        _target(t, f, figures_in_range(t, f, f["who"], movable=True),
                "send_away_ask")
        return
    houses = [sp for sp in t.board.of_kind("guardhouse")
              if not t.has_figure(sp) and not t.blocked_for(sp)]
    choose(t, f["player"], houses, {"do": "send_guard", "gid": f["pick"]},
           message("send_to_ask", watch=f["pick"]))


@op("send_guard")
def _send_guard(t: Table, f: dict) -> None:
    t.s["watch"][f["gid"]]["space"] = f["pick"]
    t.log("watch_sent", watch=f["gid"], space=f["pick"])


@op("place_guard")
def _place_guard(t: Table, f: dict) -> None:
    houses = spaces_in_range(t, f, lambda sp: t.is_kind(sp, "guardhouse")
                             and not t.has_figure(sp) and not t.blocked_for(sp))
    if _target(t, f, houses, "new_guard_ask"):
        place_watch(t, "guard", f["pick"])


@op("smoke")
def _smoke(t: Table, f: dict) -> None:
    if _target(t, f, spaces_in_range(t, f), "smoke_ask"):
        space = f["pick"]
        area = [space] + (list(t.board.neighbours(space)) if f.get("area") else [])
        t.s["smoke"] = sorted(set(t.s["smoke"]) | set(area))
        _mark_targets(t, space=space)
        t.log("smoke", spaces=area)


@op("fire")
def _fire(t: Table, f: dict) -> None:
    options = spaces_in_range(t, f, lambda sp: not t.has_figure(sp) and sp not in t.s["fire"])
    if _target(t, f, options, "fire_ask"):
        t.s["fire"].append(f["pick"])
        t.log("fire", space=f["pick"])
        if f["count"] > 1:
            t.push({k: v for k, v in f.items() if k != "pick"} | {"count": f["count"] - 1})


@op("lure")
def _lure(t: Table, f: dict) -> None:
    """Every guard and captain within 4 spaces of the noise walks toward it, the nearest
    first; one standing on it is lured too and catches the thieves beside him (rules
    revision 2: only those 1 to 4 spaces away)."""
    if _target(t, f, spaces_in_range(t, f), "noise_ask"):
        space = f["pick"]
        _mark_targets(t, space=space)
        t.log("noise", space=space)
        nearest = 0 if t.revision >= 3 else 1
        near = sorted((t.distance(w["space"], space), g) for g, w in t.s["watch"].items()
                      if not _flags(t, g).get("immobile")
                      and nearest <= t.distance(w["space"], space) <= 4)
        for _, gid in near:
            walk(t, gid, space, f["n"])


@op("immobilize")
def _immobilize(t: Table, f: dict) -> None:
    if _target(t, f, figures_in_range(t, f, f["who"]), "hold_ask"):
        figure = f["pick"]
        _mark_targets(t, figure)
        if figure[0] == "T":
            t.thief(int(figure[1:]))["immobile"] = True
        else:
            _flags(t, figure)["immobile"] = True
        t.log("held", figure=figure)


@op("blind")
def _blind(t: Table, f: dict) -> None:
    if _target(t, f, figures_in_range(t, f, f["who"]), "blind_ask"):
        _flags(t, f["pick"])["blind"] = True
        t.log("blinded", figure=f["pick"])


@op("bola")
def _bola(t: Table, f: dict) -> None:
    options = [f"T{q}" for q in thieves_in_range(t, f)]
    if _target(t, f, options, "bola_ask"):
        q = int(f["pick"][1:])
        _mark_targets(t, f["pick"])
        t.thief(q)["bola_next"] += f["ap"]
        t.log("bola", player=q)


@op("take_card")
def _take_card(t: Table, f: dict) -> None:
    options = [f"T{q}" for q in thieves_in_range(t, f)
               if t.thief(q)["hand"]]
    if _target(t, f, options, "take_card_ask"):
        q = int(f["pick"][1:])
        _mark_targets(t, f["pick"])
        t.ask(q, "give", to=f["player"])


def _give_options(t: Table, f: dict) -> list:
    return [{"give": c} for c in sorted(set(t.thief(f["player"])["hand"]))]


def _give_prompt(t: Table, f: dict) -> dict:
    return message("give_ask", player=f["to"])


@ask("give", _give_options, _give_prompt)
def _given(t: Table, f: dict, action: dict) -> None:
    t.thief(f["player"])["hand"].remove(action["give"])
    t.thief(f["to"])["hand"].append(action["give"])
    t.log("gives_card", player=f["player"], other=f["to"])
    check_hand_limit(t, f["to"])


@op("swap")
def _swap(t: Table, f: dict) -> None:
    options = figures_in_range(t, f, f["who"], movable=True)
    p = f["player"]
    if t.thief(p)["immobile"]:
        options = []
    if _target(t, f, options, "swap_ask"):
        figure = f["pick"]
        _mark_targets(t, figure)
        here = t.thief(p)["space"]
        if figure[0] == "T":
            other = t.thief(int(figure[1:]))
            t.thief(p)["space"], other["space"] = other["space"], here
        else:
            w = t.s["watch"][figure]
            t.thief(p)["space"], w["space"] = w["space"], here
        t.log("swaps", player=p, figure=figure)


@op("steal")
def _steal(t: Table, f: dict) -> None:
    options = [f"T{q}" for q in thieves_in_range(t, f)]
    if _target(t, f, options, "rob_ask"):
        _mark_targets(t, f["pick"])


# --- event steps ---------------------------------------------------------------------------
@op("event_step")
def _event_step(t: Table, f: dict) -> None:
    s = t.s
    district = f.get("district") or s["open_district"]
    do = f["effect"]
    if do == "place_guards":
        for area in (_every_district(t) if f["where"] == "each_district"
                     else [PALACE] if f["where"] == "palace" else [district]):
            for _ in range(f["n"]):
                t.push({"do": "event_guard", "district": area})
    elif do == "each_draw":
        for p in reversed(t.in_game()):
            t.draw(p, f["n"])
            check_hand_limit(t, p)
    elif do == "each_discard":
        for p in reversed(t.in_game()):
            for _ in range(min(f["n"], len(t.thief(p)["hand"]))):
                t.ask(p, "discard", reason="event", event=s["event"])
    elif do == "guards_advance":
        guards_advance(t, f["n"])
    elif do == "yellow_jewels":
        for _ in range(f["n"]):
            t.push({"do": "yellow_jewel", "district": district})
    elif do == "reveal_tokens":
        for space, token in s["tokens"].items():
            if t.board.district(space) == district:
                token["up"] = True
        t.log("tokens_face_up", district=district)


def _every_district(t: Table) -> tuple[str, ...]:
    """The book's five districts, the Palace among them (rules revision 2: the outer four)."""
    return DISTRICTS if t.revision < 3 else (*DISTRICTS, PALACE)


@op("event_guard")
def _event_guard(t: Table, f: dict) -> None:
    houses = [sp for sp in t.board.in_district(f["district"]) if t.is_kind(sp, "guardhouse")
              and not t.has_figure(sp) and not t.blocked_for(sp)]
    if houses:
        first_thief_chooses(t, houses, {"do": "event_guard_put"},
                            message("new_guard_ask"), houses[0])


@op("event_guard_put")
def _event_guard_put(t: Table, f: dict) -> None:
    place_watch(t, "guard", f["pick"])
