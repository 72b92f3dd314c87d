"""Determinizing Swindler: a whole state made from one seat's view alone (Rules.determinize).

The table is public: tiles (bags, loot, fences, supply), coins, posters, open orders and
fences, reservations, cards in play, and the course of play (``view["flow"]``). Hidden from a
seat, and drawn here from what is still unaccounted for:

* **accomplices**: the other hands (sizes shown), the deck (size shown), the discard pile (its
  kinds shown, in order) and the Naseweis bets (kind known). A discard or bet slot takes a card
  of its kind, every other slot any card; a seat's cards hired this turn are among its hand.
* **orders**: the deck (size shown), the other seats' fulfilled cards lying face down (counts
  shown; those the view's log names as fulfilled stay with their seat) and the A cards left in
  the box. The
  deck holds its B cards under the A cards still left (set-up puts the A cards on top, and a
  raid reshuffle only happens once a raid, a B card, is drawn, so after every A card).
* **fences**: the deck and the discard pile (sizes shown).
* **the generator**: fresh from ``rng`` (future draws and shuffles are hidden too).

Each is uniform over the completions the view allows: the ids a constraint admits are shuffled
and dealt to its slots, the rest shuffled over the free slots. With ``skip_reaction_prompts`` a
reaction prompt tells that the asked seat holds a fitting card: hands are dealt again until it
does. Not used: what older log lines tell (a fence completed before a reshuffle, a
Schlossknackerin's colour once discarded, the seats a skipping window passed over).
"""

from engine.core.game import json_copy
from engine.core.rng import Rng

from . import content
from .accomplices import responses

DEALS = 200  # deals tried for a skipping reaction prompt's seat to hold a fitting card


def determinize(view: dict, player: int, rng: Rng) -> dict:
    """A state whose ``view(state, player)`` is ``view``, hidden things drawn with ``rng``."""
    flow = view["flow"]
    s = {
        "game": "swindler", "turn": view["turn"], "round": view["round"],
        "start": view["start"], "active": view["active"], "step": view["step"],
        "options": dict(flow["options"]), "result": json_copy(view["result"]),
        "end_triggered": view["end_triggered"],
        "players": [_player(seat, flow["fresh"][seat["seat"]]) for seat in view["seats"]],
        "bags": _bags(view),
        "supply": json_copy(view["supply"]),
        "reserved": {o["id"]: o["reserved_by"] for o in view["orders"]["open"]
                     if o and o["reserved_by"] is not None},
        "steal": json_copy(view["steal"]), "forged": dict(view["forged"]),
        "picks": [c["id"] for c in view["picks"]],
        "plays": [_play(e) for e in view["plays"]],
        "fence_bonus_used": flow["fence_bonus_used"], "completed": flow["completed"],
        "master_pool": list(flow["master_pool"]), "stack": json_copy(flow["stack"]),
        "log": json_copy(view["log"]),
    }
    s["orders"] = _orders(view, s["players"], rng)
    s["fences"] = _fences(view, rng)
    own = sorted(c["id"] for c in view["seats"][player]["hand"])
    s["players"][player]["hand"] = own
    s["players"][player]["fresh"] = sorted(c["id"] for c in view["seats"][player]["hand"]
                                           if c["fresh"])
    asked = _skipping_prompt(s, player)
    for _ in range(DEALS):
        _accomplices(view, s, player, rng)
        if asked is None or responses(s, asked, s["stack"][-1]["trigger"]):
            break
    s["rng"] = fresh_generator(rng)
    return s


def fresh_generator(rng: Rng) -> list[int]:
    """Four generator words drawn from ``rng`` (never all zero)."""
    words = [rng.next_u32() for _ in range(4)]
    return words if any(words) else [1, 0, 0, 0]



def _shuffled(items, rng: Rng) -> list:
    """``items`` in a uniform order (sorted first: the result depends on ``rng`` alone)."""
    found = sorted(items)
    rng.shuffle(found)
    return found


def _player(seat: dict, fresh: int) -> dict:
    """A seat as the view shows it; hand, fresh cards and fulfilled orders are dealt later
    (``fresh`` is the number of cards hired this turn, kept until the hand is dealt)."""
    master = seat["master"]
    return {"name": seat["name"], "vp": seat["vp"], "coins": seat["coins"],
            "loot": list(seat["loot"]), "posters": seat["posters"],
            "fulfilled": [None] * seat["fulfilled"],
            "master": master["id"] if master else None,
            "unlocked": master["unlocked"] if master else False, "jailed": seat["jailed"],
            "hand": [None] * seat["hand_size"], "fresh": [None] * fresh,
            "in_play": [{"card": e["id"], "since": e["since"], "undo": dict(e["undo"])}
                        for e in seat["in_play"]]}


def _play(entry: dict) -> dict:
    card = entry["card"]["id"]
    found = {"card": card, "kind": content.kind_of(card), "by": entry["by"],
             "neutralised": entry["neutralised"], "args": dict(entry["args"])}
    if "undo" in entry:
        found["undo"] = dict(entry["undo"])
    return found


# --- tiles: every tile not shown elsewhere is in its bag ------------------------------------
def _bags(view: dict) -> dict:
    out = set(view["supply"]["neutral"])
    out.update(t for seat in view["seats"] for t in seat["loot"])
    out.update(f["tile"] for fence in view["fences"]["open"] if fence
               for f in fence["fields"] if f["tile"])
    if view["steal"] and view["steal"]["skull"]:
        out.add(view["steal"]["skull"])  # a drawn skull waiting for the Schutzengelchen
    return {bag: sorted(t for t, info in content.tiles().items()
                        if info["bag"] == bag and t not in out) for bag in content.bags()}


# --- orders --------------------------------------------------------------------------------
def fulfilled_in_log(view: dict) -> dict[str, int]:
    """Orders the view's log names as fulfilled, with their seat (they never leave it)."""
    return {line["args"]["order"]: line["args"]["player"] for line in view["log"]
            if line.get("msg") == "fulfils"}


def _orders(view: dict, players: list[dict], rng: Rng) -> dict:
    """Deck, box and the face-down fulfilled cards from the orders not on the table."""
    shown = view["orders"]
    n = view["players"]
    opened = [o["id"] if o else None for o in shown["open"]]
    aside = [o for frame in view["flow"]["stack"] if frame["do"] == "refill_orders"
             for o in frame.get("aside", [])]
    pinned = fulfilled_in_log(view)
    pinned.update(dict.fromkeys(view["seats"][view["player"]]["fulfilled_orders"],
                                view["player"]))
    seen = set(opened) | set(shown["out"]) | set(aside) | set(pinned)
    cards = content.orders()
    hidden_a = [o for o, c in cards.items() if c["tier"] == "A" and o not in seen]
    hidden_b = [o for o, c in cards.items() if c["tier"] == "B" and o not in seen]
    b_total = sum(c["tier"] == "B" for c in cards.values())
    a_total = len(cards) - b_total
    boxed = a_total - content.A_ORDERS_PER_PLAYER * n
    deck_a = max(0, shown["deck"] - b_total)  # A cards lie on top of every B card
    a_cards = _shuffled(hidden_a, rng)
    deck = a_cards[:deck_a]
    box = a_cards[deck_a:deck_a + boxed]
    face_down = a_cards[deck_a + boxed:]
    owed = [len(me["fulfilled"]) - sum(1 for q in pinned.values() if q == p)
            for p, me in enumerate(players)]
    raids = [o for o in hidden_b if cards[o]["kind"] == "raid"]  # never fulfilled
    others = _shuffled([o for o in hidden_b if cards[o]["kind"] != "raid"], rng)
    b_face_down = sum(owed) - len(face_down)
    face_down += others[:b_face_down]
    deck = _shuffled(others[b_face_down:] + raids, rng) + deck
    face_down = _shuffled(face_down, rng)
    for p, me in enumerate(players):
        me["fulfilled"] = sorted(o for o, q in pinned.items() if q == p) + \
            [face_down.pop() for _ in range(owed[p])]
    return {"open": opened, "deck": deck, "out": list(shown["out"]), "box": sorted(box)}


# --- fences --------------------------------------------------------------------------------
def _fences(view: dict, rng: Rng) -> dict:
    shown = view["fences"]
    opened = [{"id": f["id"], "laid": [field["tile"] for field in f["fields"]]} if f else None
              for f in shown["open"]]
    hidden = _shuffled(set(content.fences()) - {f["id"] for f in opened if f}, rng)
    return {"open": opened, "discard": hidden[:shown["discard"]],
            "deck": hidden[shown["discard"]:]}


# --- accomplices ---------------------------------------------------------------------------
def _skipping_prompt(s: dict, player: int) -> int | None:
    """The seat a reaction prompt asks although the table skips seats with nothing to play
    (so it holds a fitting card), if it is not ``player``."""
    top = s["stack"][-1] if s["stack"] else None
    if s["options"].get("skip_reaction_prompts") and top and top["do"] == "react" \
            and top["player"] != player:
        return top["player"]
    return None


def _accomplices(view: dict, s: dict, player: int, rng: Rng) -> None:
    """Deal the cards nobody at ``player``'s seat can see: discard and bet slots by kind, then
    the other hands and the deck from what is left."""
    known = {c["id"] for c in view["seats"][player]["hand"]} | set(s["picks"])
    known |= {e["card"] for e in s["plays"]}
    known |= {e["card"] for me in s["players"] for e in me["in_play"]}
    free = [c for c in content.accomplices() if c not in known]
    kinds = view["accomplices"]["discard"] + ["naseweis"] * len(view["bets"])
    by_kind = {k: _shuffled([c for c in free if content.kind_of(c) == k], rng)
               for k in sorted(set(kinds))}
    dealt = [by_kind[k].pop() for k in kinds]
    rest = _shuffled([c for cards in by_kind.values() for c in cards] +
                     [c for c in free if content.kind_of(c) not in by_kind], rng)
    s["discard"] = dealt[:len(view["accomplices"]["discard"])]
    s["bets"] = [{"player": b["player"], "card": card, "bet": b["bet"]}
                 for b, card in zip(view["bets"], dealt[len(s["discard"]):], strict=True)]
    for p, me in enumerate(s["players"]):
        if p != player:
            me["hand"] = [rest.pop() for _ in me["hand"]]
            me["fresh"] = me["hand"][len(me["hand"]) - len(me["fresh"]):]
    s["deck"] = rest
