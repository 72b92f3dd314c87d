"""Local screen state of the Age of Thieves table and the events its HTML emits.

``ui`` is a small JSON-able dict kept by the shell between renders: the zoom of the board,
open panels, the declaration draft and a chosen multi-step path. ``reduce`` turns an event into
a new ``ui`` and the engine actions to send. The engine decides every rule; this module only
arranges what the view offers.
"""

import heapq
import json
from collections import Counter

from engine.age_of_thieves import content
from engine.age_of_thieves.board import load_board
from web.games.aot.labels import thief_seat

ZOOMS = (1.0, 1.5, 2.0, 3.0, 4.0)
BOARD = load_board()
TOGGLES = ("legend", "discard", "log", "ids", "cards", "places")


# --- zoom ---------------------------------------------------------------------------------
def zoom_of(ui: dict) -> dict:
    z = dict(ui.get("zoom") or {})
    level = z.get("z", 1.0)
    return {"z": level if level in ZOOMS else 1.0, "cx": z.get("cx", 500), "cy": z.get("cy", 500)}


def viewbox(ui: dict) -> tuple[float, float, float, float]:
    z = zoom_of(ui)
    x0, y0, width, height = BOARD.viewbox
    w, h = width / z["z"], height / z["z"]
    x = min(max(z["cx"] - w / 2, x0), x0 + width - w)
    y = min(max(z["cy"] - h / 2, y0), y0 + height - h)
    return round(x, 1), round(y, 1), round(w, 1), round(h, 1)


def _zoomed(ui: dict, how) -> dict:
    z = zoom_of(ui)
    x, y, w, h = viewbox(ui)
    cx, cy = x + w / 2, y + h / 2  # re-centre on what is shown (clamped)
    i = ZOOMS.index(z["z"])
    if how == "in":
        i = min(i + 1, len(ZOOMS) - 1)
    elif how == "out":
        i = max(i - 1, 0)
    elif how == "reset":
        i, cx, cy = 0, 500, 500
    elif how in ("up", "down", "left", "right"):
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[how]
        cx, cy = cx + dx * w / 3, cy + dy * h / 3
    elif isinstance(how, str) and how in BOARD.spaces:
        space = BOARD.spaces[how]
        cx, cy, i = space.x, space.y, max(i, ZOOMS.index(2.0))
    new = {**ui, "zoom": {"z": ZOOMS[i], "cx": cx, "cy": cy}}
    x, y, w, h = viewbox(new)
    new["zoom"].update(cx=x + w / 2, cy=y + h / 2)
    return new


# --- the declaration draft ----------------------------------------------------------------
# The draft holds only cards that carry at least 1 AP (blue AP or tokens): 0 AP on a card
# leaves it out, so the sheet never builds a card the rules refuse for want of AP.
def declarable(spec: dict) -> list[str]:
    """The cards a declaration may hold, in the sheet's order: basic, special (if the game
    plays with them), hand."""
    return [card for card in (*spec["basic"], spec["special"], *spec["hand"]) if card]


def token_ap(tokens: list[str]) -> int:
    return sum(content.TOKEN_AP[k] for k in tokens)


def draft_entries(view: dict, ui: dict) -> list[dict]:
    """The current turn's draft in the sheet's order, trimmed to what the choice's spec
    still allows."""
    choice = view.get("choice") or {}
    spec = choice.get("spec")
    draft = ui.get("draft") or {}
    if choice.get("kind") != "declare" or not spec or draft.get("turn") != view["turn"]:
        return []
    given = {}
    for entry in draft.get("entries", []):
        if isinstance(entry, dict) and entry.get("card") in declarable(spec):
            given.setdefault(entry["card"], entry)
    tokens = Counter(spec["tokens"])
    out = []
    for card in declarable(spec):
        entry = given.get(card)
        if entry is None:
            continue
        clean = {"card": card, "ap": max(0, int(entry.get("ap", 0))), "tokens": []}
        for token in entry.get("tokens", []):
            if tokens[token] > clean["tokens"].count(token):
                clean["tokens"].append(token)
        if clean["ap"] + token_ap(clean["tokens"]) < 1:
            continue
        tokens.subtract(clean["tokens"])
        if card == spec["special"]:
            carry = entry.get("carry")
            clean["carry"] = carry if carry in spec["hand"] and carry not in given else None
        out.append(clean)
    return out


def ap_left(view: dict, entries: list[dict]) -> int:
    return view["choice"]["spec"]["ap"] - sum(e["ap"] for e in entries)


def tokens_left(view: dict, entries: list[dict]) -> Counter:
    left = Counter(view["choice"]["spec"]["tokens"])
    for entry in entries:
        left.subtract(entry["tokens"])
    return +left


def cards_in_draft(entries: list[dict]) -> set:
    return {e["card"] for e in entries} | {e["carry"] for e in entries if e.get("carry")}


def entry_of(entries: list[dict], card: str) -> dict | None:
    return next((e for e in entries if e["card"] == card), None)


def free_to_carry(spec: dict, entries: list[dict]) -> list[str]:
    """The hand cards the special card may carry: those not declared nor carried already."""
    return [c for c in spec["hand"] if c not in cards_in_draft(entries)]


def can_declare(spec: dict, entries: list[dict], card: str) -> bool:
    """Whether ``card`` may be in the declaration besides the other entries: not a card lying
    under the special card, and the special card only with a general card free to carry."""
    if entry_of(entries, card):
        return True
    if card in cards_in_draft(entries) or card not in declarable(spec):
        return False
    return card != spec["special"] or bool(free_to_carry(spec, entries))


def ap_choices(view: dict, entries: list[dict], card: str) -> range:
    """The blue AP ``card`` may get: 0 (left out, or only tokens on it) up to what it has and
    what is left; nothing when it cannot be declared."""
    spec = view["choice"]["spec"]
    if not can_declare(spec, entries, card):
        return range(0)
    entry = entry_of(entries, card)
    return range((entry["ap"] if entry else 0) + max(0, ap_left(view, entries)) + 1)


def missing_carry(entries: list[dict]) -> bool:
    """A special card declared without the general card it must carry."""
    return any("carry" in e and not e["carry"] for e in entries)


def controls(view: dict, ui: dict, decision) -> list[tuple[str, object]]:
    """The controls leading to ``decision``, one at a time (a phone's sheet shows only a few
    rows): the AP still to put on the next card (or to take off one it leaves out), and once
    all is there, the confirmation."""
    choice = view.get("choice") or {}
    if not (isinstance(decision, dict) and "declare" in decision) or "spec" not in choice:
        return [("act", decision)]
    wanted = {item["card"]: item["ap"] for item in decision["declare"]}
    drafted = {entry["card"]: entry["ap"] for entry in draft_entries(view, ui)}
    return [("aot-draft-ap", {"card": card, "ap": wanted.get(card, 0)})
            for card in declarable(choice["spec"])
            if drafted.get(card, 0) != wanted.get(card, 0)][:1] or [("aot-declare", None)]


def declaration(entries: list[dict]) -> list[dict]:
    """The draft as the engine's declaration entries."""
    out = []
    for entry in entries:
        item = {"card": entry["card"], "ap": entry["ap"]}
        if entry.get("carry"):
            item["carry"] = entry["carry"]
        if entry["tokens"]:
            item["tokens"] = list(entry["tokens"])
        out.append(item)
    return out


def _entry(spec: dict, entries: list[dict], card: str) -> dict:
    """The draft entry of ``card``, added (without AP yet) when it has none."""
    entry = entry_of(entries, card)
    if entry is None:
        entry = {"card": card, "ap": 0, "tokens": []}
        if card == spec["special"]:
            entry["carry"] = None
        entries.append(entry)
    return entry


def _draft(view: dict, ui: dict, ev: str, arg) -> tuple[dict, list]:
    if (view.get("choice") or {}).get("kind") != "declare":
        return ui, []
    entries = draft_entries(view, ui)
    spec = view["choice"]["spec"]
    card = arg.get("card") if isinstance(arg, dict) and type(arg.get("card")) is str else None
    actions = []
    if ev == "aot-draft-ap" and card and type(arg.get("ap")) is int \
            and arg["ap"] in ap_choices(view, entries, card):
        _entry(spec, entries, card)["ap"] = arg["ap"]
    elif ev == "aot-draft-carry" and entry_of(entries, spec["special"]):
        carrier = entry_of(entries, spec["special"])  # a tap on the chosen card takes it back
        if arg == carrier["carry"] or arg in free_to_carry(spec, entries):
            carrier["carry"] = None if arg == carrier["carry"] else arg
    elif ev == "aot-draft-token" and card and can_declare(spec, entries, card):
        token = arg.get("token")
        if arg.get("add", True):
            if tokens_left(view, entries)[token] > 0:
                _entry(spec, entries, card)["tokens"].append(token)
        elif token in (entry_of(entries, card) or {}).get("tokens", []):
            entry_of(entries, card)["tokens"].remove(token)
    elif ev == "aot-draft-clear":
        entries = []
    elif ev == "aot-declare":
        actions = [{"declare": declaration(entries)}]
    ui = {**ui, "draft": {"turn": view["turn"], "entries": entries}}
    return {**ui, "draft": {"turn": view["turn"], "entries": draft_entries(view, ui)}}, actions


# --- multi-step moves ---------------------------------------------------------------------
def choice_key(choice: dict | None) -> str:
    if not choice:
        return ""
    return json.dumps([choice.get("kind"), choice.get("prompt"), choice.get("options")],
                      sort_keys=True)


def figure_space(view: dict, figure: str) -> str | None:
    """Where a figure stands ('T2' a thief, else a guard's or captain's id)."""
    seat = thief_seat(figure)
    if seat is not None and seat < len(view["thieves"]):
        return view["thieves"][seat].get("space")
    return view["watch"].get(figure, {}).get("space")


def move_plan(view: dict) -> dict | None:
    """For a move choice: the shortest way to every space within the steps left.

    Paths avoid fire; among equally short paths the one passing fewest guards wins. The first
    step is always one the choice offers; the engine checks every later one.
    """
    choice = view.get("choice") or {}
    if choice.get("kind") != "move":
        return None
    steps = [o["step"] for o in choice.get("options", []) if isinstance(o, dict) and "step" in o]
    left = int(choice.get("left", 1))
    origin = figure_space(view, str(choice.get("mover", "")))
    fire = set(view.get("fire", []))
    watched = {w["space"] for w in view["watch"].values()} - {origin}
    best: dict[str, tuple] = {}
    queue = []
    for s in steps:
        if s in BOARD.spaces:
            heapq.heappush(queue, (1, int(s in watched), s, (s,)))
    while queue:
        n, risk, space, path = heapq.heappop(queue)
        if space in best:
            continue
        best[space] = (n, risk, list(path))
        if n >= left or "dungeon" in BOARD.spaces[space].kinds:
            continue
        for nxt in BOARD.neighbours(space):
            if nxt not in best and nxt not in fire and nxt != origin:
                heapq.heappush(queue, (n + 1, risk + int(nxt in watched), nxt, path + (nxt,)))
    return {"origin": origin, "left": left, "steps": steps, "watched": watched,
            "paths": {sp: found[2] for sp, found in best.items()}}


def chosen_path(view: dict, ui: dict) -> list[str] | None:
    chosen = ui.get("path") or {}
    if chosen.get("key") != choice_key(view.get("choice")):
        return None
    plan = move_plan(view)
    if not plan:
        return None
    return plan["paths"].get(chosen.get("to"))


# --- reduce -------------------------------------------------------------------------------
def reduce(view: dict, ui: dict, ev: str, arg) -> tuple[dict, list]:
    """Apply one event from the screen: returns the new ui and the actions to send in order."""
    ui = dict(ui or {})
    if ev == "act":
        return {k: v for k, v in ui.items() if k != "path"}, [arg]
    if ev == "aot-zoom" or ev == "aot-pan" or ev == "aot-centre":
        return _zoomed(ui, arg), []
    if ev == "aot-toggle" and arg in TOGGLES:
        shown = dict(ui.get("show") or {})
        shown[arg] = not shown.get(arg, False)
        return {**ui, "show": shown}, []
    if ev.startswith("aot-draft") or ev == "aot-declare":
        return _draft(view, ui, ev, arg)
    if ev == "undone" and isinstance(arg, dict) and "declare" in arg:
        # a declaration taken back comes back as the draft, to be changed, not made anew
        entries = [{"card": d["card"], "ap": d["ap"], "tokens": list(d.get("tokens", [])),
                    **({"carry": d.get("carry")} if d["card"] == view["choice"]["spec"]
                       ["special"] else {})} for d in arg["declare"]]
        return {**ui, "draft": {"turn": view["turn"], "entries": entries}}, []
    if ev == "aot-path":
        plan = move_plan(view)
        if plan and arg in plan["paths"]:
            return {**ui, "path": {"key": choice_key(view.get("choice")), "to": arg}}, []
        return ui, []
    if ev == "aot-path-go":
        path = chosen_path(view, ui)
        ui.pop("path", None)
        return ui, [{"step": s} for s in path or []]
    if ev == "aot-path-clear":
        ui.pop("path", None)
        return ui, []
    return ui, []
