"""Moving figures step by step: pick-ups, reveals, theft on the way, sewers, gates, catching."""

from engine.core.gamelog import message

from .city_guard import catch, catchable, sewer_exits
from .machine import ask
from .table import Table

SEWERS = "sewers"  # in a logged path: the mover went through the sewers


def start_move(t: Table, player: int, mover: str, steps: int, dash: bool = False,
               charm: int | None = None, toward: str | None = None) -> None:
    """``player`` moves ``mover`` (a thief 'T2' or a guard/captain id) up to ``steps`` spaces
    (``toward``: a guard lured there, each step one space nearer to it)."""
    if steps <= 0 and mover != f"T{player}":
        return
    if mover[0] != "T":  # a guard made to move first catches the thieves on his own space
        space = t.s["watch"][mover]["space"]
        victims = [q for q in t.thieves_at(space) if catchable(t, q, mover) and q != charm]
        for q in victims:
            catch(t, q, space)
        if victims:
            return
    lure = {"toward": toward} if toward else {}
    t.ask(player, "move", mover=mover, left=steps, dash=dash, kn=False, entrance=False,
          charm=charm, path=[_position(t, mover)], **lure)


def _position(t: Table, mover: str) -> str:
    return t.thief(int(mover[1:]))["space"] if mover[0] == "T" else t.s["watch"][mover]["space"]


def _log_path(t: Table, f: dict) -> None:
    """One log line for a whole movement, so players can follow it (and the board draws it)."""
    if len(f["path"]) > 1:
        t.log("moves", figure=f["mover"], path=f["path"])


def _mover_thief(frame: dict) -> int | None:
    mover = frame["mover"]
    return int(mover[1:]) if mover[0] == "T" else None


def _move_options(t: Table, f: dict) -> list:
    q = _mover_thief(f)
    if q is None:
        return _guard_options(t, f)
    th = t.thief(q)
    if th["where"] == "escaped" or th["caught"]:
        return []  # a thief caught during this movement goes no further
    if th["where"] == "dungeon":
        doors = t.board.dungeon_doors[th["space"]] if f["left"] > 0 else ()
        return [{"step": d} for d in doors if not t.blocked_for(d, q)] + [{"stop": True}]
    here = th["space"]
    opts = []
    own = q == f["player"]
    if f["left"] > 0 and not th["immobile"]:
        opts += [{"step": n} for n in t.board.neighbours(here) if not t.blocked_for(n, q)]
        if own and t.s["alarm"] and here in t.board.gates_of(t.s["open_district"]):
            opts.append({"leave": True})
    if own and not f["dash"]:
        opts += [{"take": j} for j in sorted(set(t.s["jewels"].get(here, ())))]
        if here in t.s["tokens"] and not t.mod("no_reveal"):
            opts.append({"reveal": here})
        for victim in t.thieves_at(here):
            if victim != q and can_be_robbed(t, victim):
                opts += [{"steal": victim, "jewel": j}
                         for j in sorted(set(t.thief(victim)["jewels"]))]
    if own and f["entrance"] and not t.mod("sewers_closed"):
        opts += [{"sewer": x} for x in sewer_exits(t) if x != here and not t.blocked_for(x, q)
                 and t.watch_at(x) is None]
    if own and not f["kn"] and "known_neighborhood" in th["tokens"]:
        opts.append({"kn": True})
    opts.append({"stop": True})
    return opts


def _guard_options(t: Table, f: dict) -> list:
    gid = f["mover"]
    here = t.s["watch"][gid]["space"]
    opts = []
    if "toward" in f:
        opts += [{"step": n} for n in _lured_steps(t, here, f["toward"])
                 if _lured_ends_alone(t, n, f["left"] - 1, f["toward"])]
    elif f["left"] > 0:
        for n in t.board.neighbours(here):
            if t.blocked_for(n) or (f["left"] == 1 and t.watch_at(n) is not None):
                continue
            opts.append({"step": n})
    if t.watch_at(here) == gid and sum(1 for g in t.s["watch"].values()
                                       if g["space"] == here) == 1:
        opts.append({"stop": True})
    return opts


def _lured_steps(t: Table, here: str, toward: str) -> list[str]:
    """The next spaces of a guard lured toward ``toward``: one space nearer to it each."""
    d = t.distance(here, toward)
    return [n for n in t.board.neighbours(here)
            if not t.blocked_for(n) and t.distance(n, toward) == d - 1]


def _lured_ends_alone(t: Table, space: str, left: int, toward: str) -> bool:
    """A lured guard stepping onto ``space`` with ``left`` steps after it can end his move
    alone there or further on (two guards never end on one space)."""
    if left < 0:
        return False
    return t.watch_at(space) is None or any(
        _lured_ends_alone(t, n, left - 1, toward) for n in _lured_steps(t, space, toward))


def can_be_robbed(t: Table, victim: int) -> bool:
    """A theft marker (or smoke) lets a passing thief take one jewel, once a turn per victim."""
    th = t.thief(victim)
    return (th["where"] == "board" and not th["stolen"] and bool(th["jewels"])
            and (th["theft_marker"] or th["space"] in t.s["smoke"]))


def steal(t: Table, thief: int, victim: int, jewel: str) -> None:
    t.thief(victim)["jewels"].remove(jewel)
    t.thief(thief)["jewels"].append(jewel)
    t.thief(victim).update(stolen=True, theft_marker=False)
    t.log("steals", player=thief, other=victim, jewel=jewel)


def _move_prompt(t: Table, f: dict) -> dict:
    return message("move_ask", figure=f["mover"], count=f["left"])


@ask("move", _move_options, _move_prompt)
def _moved(t: Table, f: dict, action: dict) -> None:
    q = _mover_thief(f)
    if q == f["player"]:
        _thief_moved(t, f, q, action)
    else:
        _figure_moved(t, f, action)


def _thief_moved(t: Table, f: dict, p: int, action: dict) -> None:
    th = t.thief(p)
    if "step" in action:
        space = action["step"]
        leaving_dungeon = th["where"] == "dungeon"
        th["where"], th["space"] = "board", space
        if leaving_dungeon:
            th["hidden"] = True
            t.log("slips_out", player=p)
        f = {**f, "left": f["left"] - 1, "path": f["path"] + [space],
             "entrance": t.is_kind(space, "sewer_entrance")}
        gid = t.watch_at(space)
        acrobat = t.has_ability(p, "acrobat") and gid and t.s["watch"][gid]["kind"] == "guard"
        if gid and catchable(t, p, gid) and not acrobat:
            _log_path(t, f)
            catch(t, p, space)
            return after_movement(t, p)
        t.push(f)
    elif "take" in action:
        take_jewel(t, p, action["take"])
        t.push(f)
    elif "reveal" in action:
        from .city_tokens import reveal

        t.push(f)
        reveal(t, p, action["reveal"])
    elif "steal" in action:
        steal(t, p, action["steal"], action["jewel"])
        t.push(f)
    elif "sewer" in action:
        th["space"] = action["sewer"]
        master = t.has_ability(p, "sewer_master")
        # Morius walks on from the exit; he uses the sewers again only by entering another
        t.push({**f, "left": f["left"] if master else 0, "entrance": False,
                "path": f["path"] + [SEWERS, action["sewer"]]})
    elif "kn" in action:
        th["tokens"].remove("known_neighborhood")
        t.log("known_neighborhood", player=p)
        t.push({**f, "left": f["left"] + 1, "kn": True})
    elif "leave" in action:
        _log_path(t, f)
        escape(t, p)
    else:
        _log_path(t, f)
        # only the acrobat can end a move on a guard's space he entered; a thief who never
        # left the space is not caught by his own move (the guard acts on its initiative)
        if len(f["path"]) > 1 and th["where"] == "board" and t.watch_at(th["space"]) \
                and catchable(t, p, t.watch_at(th["space"])):
            catch(t, p, th["space"])
        after_movement(t, p)


def _figure_moved(t: Table, f: dict, action: dict) -> None:
    """A figure moved by someone else's card: no pick-ups; a guard entering a thief's space,
    or a thief entering a guard's, catches as usual."""
    if "step" not in action:
        return _log_path(t, f)
    space = action["step"]
    f = {**f, "left": f["left"] - 1, "path": f["path"] + [space]}
    q = _mover_thief(f)
    if q is not None:
        t.thief(q)["space"] = space
        victims = [q] if t.watch_at(space) and catchable(t, q, t.watch_at(space)) else []
    else:
        t.s["watch"][f["mover"]]["space"] = space
        victims = [v for v in t.thieves_at(space)
                   if catchable(t, v, f["mover"]) and v != f.get("charm")]
    if victims:
        _log_path(t, f)
        for victim in victims:
            catch(t, victim, space)
        return
    t.push(f)


def take_jewel(t: Table, p: int, jewel: str) -> None:
    s = t.s
    here = t.thief(p)["space"]
    s["jewels"][here].remove(jewel)
    if not s["jewels"][here]:
        del s["jewels"][here]
    th = t.thief(p)
    th["jewels"].append(jewel)
    t.log("takes_jewel", player=p, jewel=jewel, space=here)
    if jewel == "emperor" and not s["emperor_taken"]:
        s["emperor_taken"] = True
        th["best_burglar"] = True
        th["red"] = t.players - 1
        s["district_draw_after"] = p
        t.log("best_burglar", player=p, count=th["red"])


def after_movement(t: Table, p: int) -> None:
    """The first theft of the Emperors' Jewel: when that movement ends, the exits are drawn."""
    s = t.s
    if s["district_draw_after"] == p:
        s["district_draw_after"] = None
        district = s["district_deck"].pop(t.rng.below(len(s["district_deck"])))
        s["open_district"], s["raise_alarm"] = district, True
        t.log("exits_drawn", district=district)


def escape(t: Table, p: int) -> None:
    from .phases import emperor_escape

    th = t.thief(p)
    th["where"], th["space"] = "escaped", None
    t.s["escaped"].append(p)
    for d in th["declared"]:
        if d["state"] == "declared":
            d["state"] = "cancelled"
    t.log("leaves_city", player=p, vp=t.vp(p))
    if "emperor" in th["jewels"]:
        emperor_escape(t, p)

