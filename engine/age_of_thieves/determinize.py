"""A whole Age of Thieves state made from one thief's view alone (``Rules.determinize``).

Everything the view shows is copied. What it hides is drawn with the given generator,
uniformly among what is still unaccounted for:

- the general action cards (70 copies ``c00``..``c69``): the action deck, the other thieves'
  hands and their declared cards still face down in the Resolution phase (a special card's
  carried card; a lone face-down card, which may also be that thief's Move or Ambush when
  these are not face up). The viewer's own cards keep their ids; cards shown by kind (discard
  pile, cards resolved or resigned) get ids of that kind; the rest are dealt at random;
- the face-down city tokens: the 51 tokens less those turned (the log names each) and those
  lying face up, the spaces' tokens drawn from what is left;
- the calm and alarm event decks: the events of the box less those drawn (the log names
  each), as many as the view counts; the district deck: the districts not open;
- the generator (``state["rng"]``): fresh words from ``rng``, so the real dice and shuffles
  to come stay unknown.

Declarations are a simultaneous secret decision. While some thieves have declared but the
declarations are not yet shown, the sample treats theirs as **not made**: those thieves are
waiting to declare again (a search decides for them), so a bot neither plays as if it moved
last nor reads a declaration. ``expected_view`` is the view the sample shows: the given view
with those thieves back on ``waiting``, which is the only part that differs.
"""

import copy
from collections import Counter
from math import comb, perm

from engine.core.rng import Rng

from . import content
from .table import Table

BASICS = ("move", "ambush")
DISTRICT_CARDS = ("N", "E", "S", "W")


def determinize(view: dict, player: int, rng: Rng) -> dict:
    """A complete, playable state whose ``view(state, player)`` is ``expected_view(view)``."""
    state = _public(view, player)
    _deal_cards(state, view, player, rng)
    _lay_city_tokens(state, view, rng)
    _stack_event_decks(state, view, rng)
    districts = [d for d in DISTRICT_CARDS if d != view["open_district"]]
    rng.shuffle(districts)
    state["district_deck"] = districts[:view["decks"]["district"]]
    words = [rng.next_u32() for _ in range(4)]
    state["rng"] = words if any(words) else [1, 0, 0, 0]
    return state


def reopened(view: dict, player: int) -> list[int]:
    """Who is waiting to declare in the sample: with the declarations not yet shown, every
    thief in the city but ``player`` once ``player`` has declared (the others' declarations
    are treated as not made)."""
    if view["phase"] != "declaration" or not view["waiting"]:
        return list(view["waiting"])
    n = len(view["thieves"])
    in_city = [(view["first"] + i) % n for i in range(n)]
    in_city = [p for p in in_city if view["thieves"][p]["where"] != "escaped"]
    return [p for p in in_city if p in view["waiting"] or p != player]


def expected_view(view: dict, player: int) -> dict:
    """The view ``player`` has of a sample made from ``view``: the same, but for ``waiting``
    (the other thieves' secret declarations are not made yet in the sample)."""
    return {**view, "waiting": reopened(view, player)}


# --- the public part ----------------------------------------------------------------------
def _public(view: dict, player: int) -> dict:
    v = copy.deepcopy(view)
    waiting = reopened(view, player)
    if v["phase"] == "declaration":
        declared_ap = {} if waiting else None
    elif v["phase"] == "resolution":
        declared_ap = {str(p): [d["init"] for d in th.get("declared", [])]
                       for p, th in enumerate(v["thieves"]) if th.get("declared")}
    else:
        declared_ap = None
    open_district = v["open_district"]
    best = next((p for p, th in enumerate(v["thieves"]) if th["best_burglar"]), None)
    return {
        "game": "age_of_thieves", "turn": v["turn"], "phase": v["phase"], "alarm": v["alarm"],
        "first": v["first"], "options": v["options"], "result": v["result"],
        "thieves": [_thief(th) for th in v["thieves"]],
        "calm_deck": [], "alarm_deck": [], "event": v["event"], "mods": v["mods"],
        "deck": [], "discard": [], "district_deck": [], "open_district": open_district,
        "emperor_taken": v["emperor_taken"],
        # the exits are drawn when the Emperors' Jewel's first thief ends that movement, and
        # the alarm is raised at the start of the next turn
        "raise_alarm": open_district is not None and not v["alarm"],
        "district_draw_after": best if v["emperor_taken"] and open_district is None else None,
        "watch": v["watch"], "flags": v["flags"], "jewels": v["jewels"], "pool": v["pool"],
        "tokens": {}, "features": v["features"], "smoke": v["smoke"], "fire": v["fire"],
        "initiative": v["initiative"], "dice": v["dice"], "order": v["order"],
        "order_pos": v["order_pos"], "declared_ap": declared_ap, "waiting": waiting,
        "escaped": v["escaped"], "card_targets": v["card_targets"], "stack": v["stack"],
        "log": v["log"], "rng": [1, 0, 0, 0],
    }


def _thief(th: dict) -> dict:
    """A thief's sheet as shown; hand and declared cards are dealt later."""
    return {
        "id": th["id"], "name": th["name"], "where": th["where"], "space": th["space"],
        "hand": [], "jewels": th["jewels"], "best_burglar": th["best_burglar"],
        "tokens": th["tokens"], "ap": th["ap"], "red": th["red"],
        "temp_next": th["temp_next"], "bola_next": th["bola_next"],
        "draw_next": th["draw_next"], "caught": th["caught"], "declared": [],
        # Dash and Cunning Plan need a thief who resolved nothing else this turn
        "resolved_any": any(d["state"] == "resolved" for d in th.get("declared", [])),
        "hidden": th["hiding"], "protected": th["protected"], "immobile": th["immobile"],
        "theft_marker": th["theft_marker"], "stolen": th["stolen"],
    }


# --- action cards -------------------------------------------------------------------------
def _deal_cards(state: dict, view: dict, player: int, rng: Rng) -> None:
    """The general cards: the viewer's own by id, those shown by kind, the rest at random."""
    ids_of = {}
    for i, kind in enumerate(content.general_deck()):
        ids_of.setdefault(kind, []).append(f"c{i:02d}")
    own = view["thieves"][player]
    # before the declarations are shown, one's declared cards are still in the hand
    mine = dict.fromkeys([c["id"] for c in own["hand"]] + [c for d in own.get("declared", [])
                                                           for c in d["ids"]])
    for card in mine:
        if content.is_general(card):
            ids_of[Table.kind(card)].remove(card)
    for ids in ids_of.values():
        rng.shuffle(ids)

    def shown(kind: str) -> str:
        """An id for a card shown by its kind (general cards only)."""
        if content.cards()[kind]["type"] != "general":
            return kind
        if not ids_of.get(kind):
            raise ValueError(f"the view shows more {kind} cards than the game has")
        return ids_of[kind].pop()

    state["discard"] = [shown(kind) for kind in view["discard"]]
    me = state["thieves"][player]
    me["hand"] = [c["id"] for c in own["hand"]]
    me["declared"] = [{"cards": list(d["ids"]), **({"tokens": list(d["tokens"])}
                                                   if "tokens" in d else {}),
                       "init": d["init"], "state": d["state"]}
                      for d in own.get("declared", [])]
    # the others' declarations, shown only from the Resolution phase on: a face-down card is
    # a None for now, and a lone one may turn out to be Move or Ambush
    lone = []  # (thief, entry) of the lone face-down cards
    carried = []  # entries whose carried card lies face down
    for p, th in enumerate(view["thieves"]):
        if p == player or "declared" not in th:
            continue
        entries = []
        for d in th["declared"]:
            entry = {"cards": [None if k is None else shown(k) for k in d["cards"]],
                     "init": d["init"], "state": d["state"]}
            entries.append(entry)
            if len(d["cards"]) == 2 and d["cards"][1] is None:
                carried.append(entry)
            elif d["cards"] == [None]:
                lone.append((p, entry))
        state["thieves"][p]["declared"] = entries
    rest = [c for ids in ids_of.values() for c in ids]
    rng.shuffle(rest)
    hands = sum(th["hand_size"] for p, th in enumerate(view["thieves"]) if p != player)
    general_lone = len(rest) - view["decks"]["action"] - hands - len(carried)
    if not 0 <= general_lone <= len(lone):
        raise ValueError("the view's card counts do not add up to the game's 70 cards")
    _lone_basics(state, lone, general_lone, rng)
    state["deck"] = [rest.pop() for _ in range(view["decks"]["action"])]
    for p, th in enumerate(view["thieves"]):
        if p != player:
            state["thieves"][p]["hand"] = [rest.pop() for _ in range(th["hand_size"])]
    for entry in carried:
        entry["cards"][1] = rest.pop()
    for _, entry in lone:
        if entry["cards"] == [None]:
            entry["cards"] = [rest.pop()]


def _lone_basics(state: dict, lone: list, general_lone: int, rng: Rng) -> None:
    """Which lone face-down cards are the thieves' Move and Ambush: uniformly among the ways
    that leave exactly ``general_lone`` of them general cards (each way then has as many
    deals of the general cards)."""
    by_thief = {}
    for p, entry in lone:
        by_thief.setdefault(p, []).append(entry)
    thieves = sorted(by_thief)
    free = {p: [b for b in BASICS if not any(d["cards"] == [b] for d in
                                             state["thieves"][p]["declared"])]
            for p in thieves}
    ways = [((), 1)]  # (basics per thief, number of ways)
    for p in thieves:
        n, k = len(by_thief[p]), len(free[p])
        ways = [(js + (j,), w * comb(n, j) * perm(k, j))
                for js, w in ways for j in range(min(n, k) + 1)]
    fitting = [(js, w) for js, w in ways if len(lone) - sum(js) == general_lone]
    pick = rng.below(sum(w for _, w in fitting))
    chosen = fitting[-1][0]
    for js, w in fitting:
        if pick < w:
            chosen = js
            break
        pick -= w
    for p, j in zip(thieves, chosen, strict=True):
        entries = list(by_thief[p])
        basics = list(free[p])
        rng.shuffle(entries)
        rng.shuffle(basics)
        for entry, basic in zip(entries[:j], basics[:j], strict=True):
            entry["cards"] = [basic]


# --- city tokens and event decks ----------------------------------------------------------
def _logged(view: dict, msg: str, arg: str) -> list:
    return [line["args"][arg] for line in view["log"] if line.get("msg") == msg]


def _lay_city_tokens(state: dict, view: dict, rng: Rng) -> None:
    """Face-down tokens from the pool less the tokens turned so far and those face up."""
    left = Counter(content.CITY_TOKENS)
    left.subtract(_logged(view, "reveals_token", "token"))
    left.subtract(kind for kind in view["tokens"].values() if kind is not None)
    pool = sorted(left.elements())
    rng.shuffle(pool)
    face_down = [space for space, kind in view["tokens"].items() if kind is None]
    if len(pool) < len(face_down):
        raise ValueError("the view shows more city tokens than the game has")
    state["tokens"] = {space: ({"kind": kind, "up": True} if kind is not None
                               else {"kind": pool.pop(), "up": False})
                       for space, kind in view["tokens"].items()}


def _stack_event_decks(state: dict, view: dict, rng: Rng) -> None:
    """Each event deck: the box's events of its kind not drawn yet, as many as the view says."""
    drawn = set(_logged(view, "event_drawn", "event"))
    for deck, key in (("calm", "calm_deck"), ("alarm", "alarm_deck")):
        left = [e for e in content.event_decks()[deck] if e not in drawn]
        rng.shuffle(left)
        if len(left) < view["decks"][deck]:
            raise ValueError(f"the view counts more {deck} events than are left")
        state[key] = left[:view["decks"][deck]]
