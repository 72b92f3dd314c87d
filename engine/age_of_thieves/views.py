"""Per-player views: everything ``player`` may see, and nothing else.

Hidden: other hands (only their size), declarations before the reveal, declared cards until
they are resolved (a special card lies face up, its carried card face down), face-down city
tokens, deck orders, private log lines.

Shown although no screen draws all of it, as a whole state can be made from a view alone
(``determinize``): the table options, the pending frames of the rules machine (``stack``, all
public steps: whose decision, which card's step, which figure moves), the thieves a card in
resolution has hit, and each thief's AP and what waits for the next Declaration phase (all of
it follows from public events: the dungeon, the red markers, a Cunning Plan or a bola resolved
face up), whether they were caught and hidden by an effect this turn.
"""

from engine.core import gamelog
from engine.core.game import json_copy

from .table import Table


def view(t: Table, player: int | None, choice: dict | None) -> dict:
    s = t.s
    revealed = s["phase"] == "resolution"
    return {
        "game": "age_of_thieves", "player": player, "turn": s["turn"], "phase": s["phase"],
        "alarm": s["alarm"], "first": s["first"], "initiative": s["initiative"],
        "dice": list(s["dice"]), "event": s["event"], "mods": dict(s["mods"]),
        "open_district": s["open_district"], "emperor_taken": s["emperor_taken"],
        "decks": {"calm": len(s["calm_deck"]), "alarm": len(s["alarm_deck"]),
                  "action": len(s["deck"]), "district": len(s["district_deck"])},
        "discard": [t.kind(c) for c in s["discard"]],
        "watch": {g: dict(w) for g, w in s["watch"].items()},
        "flags": {g: dict(f) for g, f in s["flags"].items()},
        "jewels": {sp: list(js) for sp, js in s["jewels"].items()},
        "pool": dict(s["pool"]),
        "tokens": {sp: (tok["kind"] if tok["up"] else None) for sp, tok in s["tokens"].items()},
        "features": dict(s["features"]), "smoke": list(s["smoke"]), "fire": list(s["fire"]),
        "order": [list(o) for o in s["order"]], "order_pos": s["order_pos"],
        "waiting": list(s["waiting"]),
        "options": dict(s["options"]), "stack": json_copy(s["stack"]),
        "card_targets": list(s["card_targets"]),
        "thieves": [_thief(t, p, p == player, revealed) for p in range(t.players)],
        "escaped": list(s["escaped"]),
        "log": gamelog.visible(s["log"], player),
        "choice": choice,
        "result": s["result"],
    }


def _thief(t: Table, p: int, own: bool, revealed: bool) -> dict:
    th = t.thief(p)
    seen = {
        "id": th["id"], "name": th["name"], "where": th["where"], "space": th["space"],
        "jewels": list(th["jewels"]), "best_burglar": th["best_burglar"],
        "vp": t.vp(p), "tokens": list(th["tokens"]), "red": th["red"],
        "hand_size": len(th["hand"]), "hidden": th["where"] == "board" and t.hidden(p),
        "protected": th["protected"], "immobile": th["immobile"],
        "theft_marker": th["theft_marker"], "stolen": th["stolen"],
        "special": t.special(p),
        "ap": th["ap"], "temp_next": th["temp_next"], "bola_next": th["bola_next"],
        "draw_next": th["draw_next"], "caught": th["caught"], "hiding": th["hidden"],
    }
    if own:
        seen["hand"] = [{"id": c, "kind": t.kind(c)} for c in th["hand"]]
    if own or revealed:
        seen["declared"] = [_declared(t, d, own) for d in th["declared"]]
    return seen


def _declared(t: Table, d: dict, own: bool) -> dict:
    """A declared card as the viewer sees it: its AP; its face once resolved or resigned."""
    face_up = own or d["state"] != "declared"
    kinds = [t.kind(c) for c in d["cards"]]
    cards = kinds if face_up else [kinds[0] if len(kinds) == 2 else None] + (
        [None] if len(kinds) == 2 else [])
    shown = {"init": d["init"], "state": d["state"], "cards": cards}
    if own:
        shown["ids"] = list(d["cards"])
        if "tokens" in d:  # one's own tokens on a card, until the declarations are shown
            shown["tokens"] = list(d["tokens"])
    return shown


def stepped(view: dict, mover: str, space: str, next_view: dict) -> dict:
    """``view`` as it is expected after figure ``mover`` (a thief "T<seat>" or a guard) stepped
    onto ``space`` in a move that goes on: the figure there, the move's frame (the top of the
    stack) and its choice as in ``next_view``, everything else as it was."""
    expected = {**view, "stack": view["stack"][:-1] + next_view["stack"][-1:],
                "choice": next_view["choice"]}
    if mover[0] == "T":
        seat = int(mover[1:])
        expected["thieves"] = [dict(th, space=space) if p == seat else th
                               for p, th in enumerate(view["thieves"])]
    else:
        expected["watch"] = {**view["watch"], mover: {**view["watch"][mover], "space": space}}
    return expected
