"""The five phases of a turn, the order of resolution, clean-up and the end of the game."""

from engine.core.gamelog import message

from . import content
from .machine import ask, first_thief_chooses, op
from .table import Table


def after_the_stack(t: Table) -> bool:
    """Nothing is pending on the stack: True while the thieves' secret declarations are
    awaited (outside the stack), else the game moves on to its next step."""
    if t.s["waiting"]:
        return True
    advance(t)
    return False


def advance(t: Table) -> None:
    """Move the game on to its next step."""
    s = t.s
    step = s["phase"]
    if step == "setup":
        start_turn(t)
    elif step == "event":
        s["phase"] = "planning"
        planning(t)
    elif step == "planning":
        s["phase"] = "declaration"
        start_declaration(t)
    elif step == "declaration":
        if s["declared_ap"] is None:
            open_declarations(t)
        else:
            s["phase"] = "resolution"
            build_order(t)
    elif step == "resolution":
        next_in_order(t)
    elif step == "cleanup":
        start_turn(t)


# --- 1. Event phase ----------------------------------------------------------------------
def start_turn(t: Table) -> None:
    s = t.s
    s["turn"] += 1
    s["phase"] = "event"
    t.log("turn_begins", turn=s["turn"], player=s["first"])
    if s["raise_alarm"]:
        raise_alarm(t)
    deck = s["alarm_deck"] if s["alarm"] else s["calm_deck"]
    event_id = deck.pop()
    event = content.events()[event_id]
    s["event"] = event_id
    s["mods"] = dict(event.get("modifiers", {}))
    t.log("event_drawn", event=event_id)
    # pushed in reverse: immediate effects, then the yellow jewel, then the guard's initiative
    t.push({"do": "initiative"})
    if not s["alarm"] and event.get("compass"):
        t.push({"do": "yellow_jewel", "district": event["compass"]})
    for step in reversed(event.get("immediate", [])):
        t.push({**step, "do": "event_step", "effect": step["do"],
                "district": event.get("compass")})


def raise_alarm(t: Table) -> None:
    """The turn after the Emperors' Jewel left the vault: the city guard sheet turns to Alarm."""
    from .city_guard import place_watch

    s = t.s
    s["alarm"], s["raise_alarm"] = True, False
    district = s["open_district"]
    t.log("alarm_raised", district=district)
    for kind, alarm_space in (("captain", "alarm_captain"), ("guard", "alarm_guard")):
        for space in t.board.of_kind(alarm_space):
            if t.board.district(space) == district:
                place_watch(t, kind, space)


@op("initiative")
def _initiative(t: Table, frame: dict) -> None:
    s = t.s
    dice = [t.rng.die(8) for _ in range(2 if s["alarm"] else 1)]
    s["dice"] = dice
    s["initiative"] = min(8, max(1, max(dice) + t.mod("initiative")))
    t.log("initiative", dice=dice, initiative=s["initiative"])


@op("yellow_jewel")
def _yellow_jewel(t: Table, frame: dict) -> None:
    place_yellow_jewel(t, frame["district"])


def yellow_jewel_spaces(t: Table, district: str) -> list[str]:
    """Empty spaces of the district at least 6 spaces from every thief on the board."""
    thieves = [t.thief(p)["space"] for p in t.targetable()]
    return [
        space for space in t.board.in_district(district)
        if t.is_empty(space) and all(
            (d := t.distance(space, where)) is None or d >= 6 for where in thieves)
    ]


def yellow_jewel_default(t: Table, spaces: list[str]) -> str:
    """Documented default: the space farthest from the nearest thief (then the lowest id)."""
    thieves = [t.thief(p)["space"] for p in t.targetable()]

    def nearest(space):
        return min((t.distance(space, w) or 99 for w in thieves), default=99)
    return min(spaces, key=lambda sp: (-nearest(sp), sp))


def place_yellow_jewel(t: Table, district: str) -> None:
    if t.s["pool"]["yellow"] == 0:
        t.log("no_yellow_left")
        return
    spaces = yellow_jewel_spaces(t, district)
    if not spaces:
        t.log("no_yellow_space", district=district)
        return
    first_thief_chooses(t, spaces, {"do": "put_yellow"},
                        message("yellow_ask", district=district),
                        yellow_jewel_default(t, spaces))


@op("put_yellow")
def _put_yellow(t: Table, frame: dict) -> None:
    t.s["pool"]["yellow"] -= 1
    t.s["jewels"].setdefault(frame["pick"], []).append("yellow")
    t.log("yellow_appears", space=frame["pick"])


# --- 2. Planning phase -------------------------------------------------------------------
def planning(t: Table) -> None:
    draws = 1 + t.mod("extra_draw")
    for p in t.in_game():
        t.draw(p, draws)
    for p in reversed(t.in_game()):
        check_hand_limit(t, p)


def check_hand_limit(t: Table, p: int) -> None:
    """Over the limit, a player discards the excess at once, choosing one card at a time."""
    excess = len(t.thief(p)["hand"]) - t.hand_limit()
    for _ in range(max(0, excess)):
        t.ask(p, "discard", reason="hand_limit")


def _discard_options(t: Table, frame: dict) -> list:
    return [{"discard": c} for c in sorted(set(t.thief(frame["player"])["hand"]))]


def _discard_prompt(t: Table, frame: dict) -> dict:
    """Why the card goes: ``reason`` is hand_limit, caught, wits, alert_citizens or event."""
    if frame["reason"] == "event":
        return message("discard_event_ask", event=frame["event"])
    return message("discard_ask", reason=frame["reason"])


@ask("discard", _discard_options, _discard_prompt)
def _discarded(t: Table, frame: dict, action) -> None:
    t.discard_card(frame["player"], action["discard"])


# --- 3. Declaration phase ----------------------------------------------------------------
def start_declaration(t: Table) -> None:
    """Effects 'at the start of the next Declaration phase', then every AP budget."""
    s = t.s
    for p in t.in_game():
        th = t.thief(p)
        if th["draw_next"]:
            t.draw(p, th["draw_next"])
            th["draw_next"] = 0
            check_hand_limit(t, p)
        if th["caught"]:
            basic = 5 if t.has_ability(p, "old_flames") else content.DUNGEON_AP
        else:
            basic = content.BASE_AP
        total = basic + th["red"] + th["temp_next"] + t.mod("temp_ap")
        if th["bola_next"]:
            total = max(total - th["bola_next"], min(total, 2))
            t.log("bola_slows", player=p)
        th["ap"] = total
        th["caught"] = False
        th["temp_next"] = th["bola_next"] = 0
    s["declared_ap"] = None


def open_declarations(t: Table) -> None:
    """Every thief still in the city now declares, secretly and at the same time."""
    s = t.s
    s["waiting"] = t.in_game()
    s["declared_ap"] = {}


def declare(t: Table, p: int, declaration: list[dict]) -> None:
    """Store a checked declaration (see declaration.check) behind the player's screen.

    Cards and tokens leave the hand and the sheet only when the screens are lifted, so nothing
    of a declaration shows before every thief has declared.
    """
    th = t.thief(p)
    th["declared"] = []
    for entry in declaration:
        cards = [entry["card"]] + ([entry["carry"]] if "carry" in entry else [])
        tokens = list(entry.get("tokens", []))
        init = entry["ap"] + sum(content.TOKEN_AP[k] for k in tokens)
        th["declared"].append({"cards": cards, "tokens": tokens, "init": init,
                               "state": "declared"})
    t.s["waiting"].remove(p)
    t.log("has_declared", player=p)
    if not t.s["waiting"]:
        reveal_declarations(t)


def reveal_declarations(t: Table) -> None:
    s = t.s
    s["declared_ap"] = {}
    for p in t.in_game():
        th = t.thief(p)
        for d in th["declared"]:
            for token in d.pop("tokens"):
                th["tokens"].remove(token)
            for card in d["cards"]:
                if content.is_general(card):
                    th["hand"].remove(card)
        inits = [d["init"] for d in th["declared"]]
        s["declared_ap"][str(p)] = inits
        t.log("declared", player=p, count=len(inits), ap=sorted(inits, reverse=True))


# --- 4. Resolution phase -----------------------------------------------------------------
def build_order(t: Table) -> None:
    """The public order of resolution: highest initiative first.

    Thieves tied with each other go clockwise from the first thief, one card each in turn;
    against the city guard, thieves win ties while Calm and lose them under Alarm.
    """
    s = t.s
    counts = {}
    for p in t.in_game():
        for d in t.thief(p)["declared"]:
            counts.setdefault(d["init"], {}).setdefault(p, 0)
            counts[d["init"]][p] += 1
    order = []
    for init in sorted(set(counts) | {s["initiative"]}, reverse=True):
        thieves = []
        by_player = counts.get(init, {})
        for round_ in range(max(by_player.values(), default=0)):
            thieves += [["thief", p, init] for p in t.clockwise() if by_player.get(p, 0) > round_]
        guard = [["guard", None, init]] if init == s["initiative"] else []
        order += guard + thieves if s["alarm"] else thieves + guard
    s["order"], s["order_pos"] = order, 0


def next_in_order(t: Table) -> None:
    s = t.s
    if s["order_pos"] >= len(s["order"]):
        cleanup(t)
        return
    who, p, init = s["order"][s["order_pos"]]
    s["order_pos"] += 1
    if who == "guard":
        t.push({"do": "city_guard"})
    elif any(d["state"] == "declared" and d["init"] == init for d in t.thief(p)["declared"]):
        t.ask(p, "resolve", init=init)


# --- 5. Clean-up phase -------------------------------------------------------------------
def cleanup(t: Table) -> None:
    s = t.s
    s["phase"] = "cleanup"
    for th in s["thieves"]:
        for d in th["declared"]:
            s["discard"] += [c for c in d["cards"] if content.is_general(c)]
        th["declared"] = []
        th.update(hidden=False, protected=False, immobile=False, theft_marker=False,
                  stolen=False, resolved_any=False, ap=0)
        # the red AP go with the Emperors' Jewel; nobody holding it, they wait aside
        th["red"] = (t.players - 1) if "emperor" in th["jewels"] else 0
    s["smoke"], s["fire"], s["flags"] = [], [], {}
    s["order"], s["declared_ap"], s["mods"] = [], None, {}
    t.log("event_over", event=s["event"])
    s["event"] = None
    deck_done = not (s["alarm_deck"] if s["alarm"] else s["calm_deck"] or s["raise_alarm"])
    if deck_done or not t.in_game():
        end_game(t)
    else:
        # the first thief token passes left, to the next thief still in the city
        ring = [(s["first"] + i) % t.players for i in range(1, t.players + 1)]
        s["first"] = next(p for p in ring if t.thief(p)["where"] != "escaped")


def end_game(t: Table) -> None:
    """Victory goes to the escaped thief with the most VP; else every thief is defeated."""
    s = t.s
    escaped = s["escaped"]
    table = standings(t)
    if not escaped:
        s["result"] = {"outcome": "all_defeated", "winner": None, "table": table,
                       "reason": "nobody_escaped"}
        t.log("all_defeated")
        return

    def rank(p):
        th = t.thief(p)
        return (-t.vp(p), not th["best_burglar"], -len(th["jewels"]),
                -th["jewels"].count("green"), escaped.index(p))
    ranked = sorted(escaped, key=rank)
    winner = ranked[0]
    reason = "vp"
    if len(ranked) > 1:
        a, b = rank(ranked[0]), rank(ranked[1])
        reason = TIE_BREAKS[next(i for i in range(len(TIE_BREAKS)) if a[i] != b[i])]
    s["result"] = {"outcome": "escape", "winner": winner, "table": table, "reason": reason}
    t.log("wins", player=winner, reason=reason)


def standings(t: Table) -> list[dict]:
    """The final VP table."""
    return [{"player": p, "thief": th["id"], "vp": t.vp(p), "escaped": p in t.s["escaped"],
             "jewels": list(th["jewels"]), "best_burglar": th["best_burglar"]}
            for p, th in enumerate(t.s["thieves"])]


def emperor_escape(t: Table, p: int) -> None:
    s = t.s
    s["result"] = {"outcome": "emperor_escape", "winner": p, "table": standings(t),
                   "reason": "emperor"}
    t.log("emperor_escape", player=p)


TIE_BREAKS = ("vp", "best_burglar", "jewels", "green", "left_first")
"""What decided the winner (the result's ``reason``), in the order the ranking compares."""
