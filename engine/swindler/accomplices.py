"""Accomplices: playing a card, the reaction windows, and the 11 cards (hiring, step 5, is in
turn.py; what a card makes one player hand another, in shares.py).

Timing, as the appendix gives it:

* in another player's steal: Naseweis once the bag is chosen, before the first draw
  (``before_steal``); Betrügerin when the thief, having drawn loot, goes on to draw again
  (``draw_again``: her "Stop!" cuts in before that draw); Schutzengelchen after a skull, before
  anything goes back (``skull_drawn``); Verräter, Erbschleicherin and Betrügerin after a
  voluntary stop (``steal_ended``);
* Meuchlerin, Bettler and Taschenspieler in answer to any card just played by someone else
  (``played``);
* Lockvogel in your own steal, after a successful draw; Fälscher and Schlossknackerin at every
  step of your own turn (they only matter when fulfilling, selling or paying);
* Bettler and Taschenspieler (no timing printed: any time) whenever you have a decision in your
  own turn, in any window, and during another player's step (``Swindler.standing``).

Rules revision 1 (``table.revision``) times three of them as release 2026-11-26 did: the
Betrügerin only when the thief draws again, only the Meuchlerin answers a card, the Fälscher
and Schlossknackerin only in step 3 (``responses``, ``own_turn``).

A played card waits in ``state["plays"]`` (a stack: a Meuchlerin lies on the card it answers)
while the ``played`` window runs, then resolves unless neutralised. After each trigger, every
other player is asked in turn order from the active player, one at a time (engine.core.reactions);
each asked seat may pass or play one fitting card. Cards hired this turn (``fresh``) wait for the
next turn.
"""

from engine.core import reactions
from engine.core.gamelog import message

from . import content, orders
from .flow import ask, op, push, push_ask
from .table import (
    classes,
    draw_tile,
    from_seat,
    hand_over,
    log,
    player,
    players,
    put_back,
    revision,
)


# --- cards in hand ---------------------------------------------------------------------------
def ready(s: dict, p: int, kind: str) -> list[str]:
    """``p``'s playable cards of ``kind`` (not hired this turn), one per colour."""
    me = player(s, p)
    cards = content.accomplices()
    found = {}
    for card in me["hand"]:
        info = cards[card]
        if info["kind"] == kind and card not in me["fresh"]:
            colour = info.get("colour")
            if colour not in found or card < found[colour]:
                found[colour] = card
    return sorted(found.values())


# --- options by moment -----------------------------------------------------------------------
def anytime(s: dict, p: int) -> list:
    """Bettler and Taschenspieler plays open to ``p`` now (no moment printed: any time, in
    anyone's turn)."""
    found = []
    if ready(s, p, "bettler") and _beggar_victims(s, p):
        found.append({"play": ready(s, p, "bettler")[0]})
    card = _conjurer(s, p)
    if card and _swaps(s, p, _undo(s, p, card)):
        found.append({"play": card})
    return found


def decoys(s: dict, p: int) -> list:
    """Lockvogel plays: switch to another bag (the active player, between draws)."""
    cards = ready(s, p, "lockvogel")
    if not cards:
        return []
    return [{"play": cards[0], "bag": b} for b in content.bags() if b != s["steal"]["bag"]]


def own_turn(s: dict, p: int, step: str) -> list:
    """What the active player ``p`` may do at each ``step`` of their turn (the asks "reserve",
    "bag", "act", "hire") besides the step's own options: give up a reservation (the book: "kann
    man immer"), and play an accomplice with no moment printed (Bettler, Taschenspieler, and
    Fälscher and Schlossknackerin, whose effects last to the end of the turn: in another
    player's turn they would change nothing). Between two draws of a steal only the Bettler
    and the Taschenspieler are offered (docs/swindler.md: nothing else changes by waiting).
    Rules revision 1: a reservation is given up only in step 1, the Fälscher and the
    Schlossknackerin are played only in step 3."""
    found = []
    if revision(s) >= 2 or step == "reserve":
        found += [{"cancel": o} for o in orders.reserved_by(s, p)]
    if revision(s) >= 2 or step == "act":
        found += [{"play": c} for c in ready(s, p, "schlossknackerin")]
        if player(s, p)["loot"]:
            found += [{"play": c} for c in ready(s, p, "faelscher")]
    return found + anytime(s, p)


def do_own_turn(s: dict, p: int, action: dict) -> None:
    """Carry out one of the ``own_turn`` options."""
    if "cancel" in action:
        orders.cancel(s, p, action["cancel"])
    else:
        play(s, p, action)


def responses(s: dict, q: int, trigger: dict) -> list:
    """What seat ``q`` may play in a window on ``trigger``."""
    on = trigger["on"]
    if on == "played":  # any card may answer a card (the book's example: the Meuchlerin)
        found = [{"play": c} for c in ready(s, q, "meuchlerin")]
        return found + anytime(s, q) if revision(s) >= 2 else found  # 1: only the Meuchlerin
    found = []
    if on == "before_steal":
        found = [{"play": c, "bet": b} for c in ready(s, q, "naseweis")
                 for b in ("skull", "safe")]
    elif on == "draw_again":
        found = [{"play": c} for c in ready(s, q, "betruegerin")]
    elif on == "skull_drawn":
        found = [{"play": c, "take": t} for c in ready(s, q, "schutzengelchen")
                 for t in classes(s, just_stolen(s))]
    elif on == "steal_ended":  # the thief stopped with all the loot: a successful steal
        found = [{"play": c} for c in ready(s, q, "verraeter")]
        if revision(s) >= 2:  # revision 1: the Betrügerin only when the thief draws again
            found += [{"play": c} for c in ready(s, q, "betruegerin")]
        if just_stolen(s):
            found += [{"play": c} for c in ready(s, q, "erbschleicherin")]
    return found + anytime(s, q)


def just_stolen(s: dict) -> list[str]:
    """Tiles the active player stole this turn and still holds."""
    loot = player(s, s["active"])["loot"]
    return [t for t in s["steal"]["drawn"] if t in loot]


# --- reaction windows ------------------------------------------------------------------------
def open_window(s: dict, trigger: dict, exclude: list[int]) -> None:
    """Ask every other seat (in turn order from the active player) about ``trigger``."""
    seats = reactions.turn_order(s["active"], players(s), exclude)
    push(s, "window", window=reactions.open_window(trigger, seats))


def holds(s: dict, trigger: dict) -> bool:
    """Is the moment of ``trigger`` still there (an earlier answer may have ended it)?"""
    on, steal = trigger["on"], s["steal"]
    if on == "played":
        plays = s["plays"]
        return trigger["play"] < len(plays) and not plays[trigger["play"]]["neutralised"]
    if on == "before_steal":
        return steal["state"] == "drawing" and steal["seq"] == 0
    if on == "steal_ended":
        return steal["state"] == "ended" and steal["epoch"] == trigger["epoch"]
    state = "drawing" if on == "draw_again" else "skull"
    return steal["state"] == state and steal["seq"] == trigger["seq"]


@op("window")
def _window(s: dict, frame: dict) -> None:
    window = frame["window"]
    trigger = window["trigger"]
    if not holds(s, trigger):
        return
    seat = reactions.next_seat(window, lambda q: bool(responses(s, q, trigger)),
                               reactions.skipping(s["options"]))
    if seat is not None:
        push(s, "window", window=window)
        push_ask(s, "react", seat, trigger=trigger)


def _react_options(s: dict, frame: dict) -> list:
    return reactions.options(responses(s, frame["player"], frame["trigger"]))


def _react_prompt(s: dict, frame: dict) -> dict:
    trigger = frame["trigger"]
    on = trigger["on"]
    if on == "played":
        entry = s["plays"][trigger["play"]]
        return message("react_played", player=entry["by"], card=content.card_face(entry["card"]))
    if on == "before_steal":
        return message("react_before_steal", player=s["active"], bag=s["steal"]["bag"])
    return message("react_" + on, player=s["active"])


@ask("react", _react_options, _react_prompt, always=True)
def _react(s: dict, frame: dict, action) -> None:
    if action != reactions.PASS:
        play(s, frame["player"], action)


# --- playing a card --------------------------------------------------------------------------
def play(s: dict, p: int, action: dict) -> None:
    """``p`` plays a card: its choices are made, the others may answer it with a Meuchlerin,
    then it takes effect unless neutralised."""
    card = action["play"]
    kind = content.kind_of(card)
    me = player(s, p)
    entry = {"card": card, "kind": kind, "by": p, "neutralised": False,
             "args": {k: v for k, v in action.items() if k != "play"}}
    if card in me["hand"]:
        me["hand"].remove(card)
    else:
        entry["undo"] = _undo(s, p, card)
        me["in_play"] = [c for c in me["in_play"] if c["card"] != card]
    s["plays"].append(entry)
    log(s, "plays", player=p, card=content.card_face(card))
    push(s, "resolve_play")
    open_window(s, {"on": "played", "play": len(s["plays"]) - 1}, exclude=[p])
    if kind == "taschenspieler":
        push_ask(s, "card_choice", p, what="swap_seat")
    elif kind == "faelscher":
        push_ask(s, "card_choice", p, what="forge_tile")


@op("resolve_play")
def _resolve_play(s: dict, frame: dict) -> None:
    entry = s["plays"].pop()
    if entry["neutralised"]:
        s["discard"].append(entry["card"])
        log(s, "neutralised", card=content.card_face(entry["card"]))
        return
    kept = EFFECTS[entry["kind"]](s, entry)
    if not kept:
        s["discard"].append(entry["card"])


def _meuchlerin(s: dict, entry: dict) -> bool:
    target = s["plays"][-1]
    target["neutralised"] = True
    log(s, "meuchlerin", player=entry["by"], card=content.card_face(target["card"]))
    return False


def _naseweis(s: dict, entry: dict) -> bool:
    bet = entry["args"]["bet"]
    s["bets"].append({"player": entry["by"], "card": entry["card"], "bet": bet})
    log(s, "bets_skull" if bet == "skull" else "bets_safe", player=entry["by"],
        other=s["active"])
    return True


def _betruegerin(s: dict, entry: dict) -> bool:
    push(s, "fraud_draw", player=entry["by"])
    return False


@op("fraud_draw")
def _fraud_draw(s: dict, frame: dict) -> None:
    """A Betrügerin draw from the active player's bag; a skull just ends her draws."""
    q, bag = frame["player"], s["steal"]["bag"]
    tile = draw_tile(s, bag)
    if content.is_skull(tile):
        put_back(s, tile)
        log(s, "fraud_skull", player=q)
        return
    player(s, q)["loot"].append(tile)
    log(s, "draws", player=q, tile=tile)
    push_ask(s, "fraud_more", q)


def _fraud_options(s: dict, frame: dict) -> list:
    return [{"draw": True}, {"stop": True}]


def _fraud_prompt(s: dict, frame: dict) -> dict:
    return message("fraud_ask", bag=s["steal"]["bag"])


@ask("fraud_more", _fraud_options, _fraud_prompt)
def _fraud_more(s: dict, frame: dict, action) -> None:
    if "draw" in action:
        push(s, "fraud_draw", player=frame["player"])
    else:
        log(s, "fraud_stops", player=frame["player"])


def _schutzengelchen(s: dict, entry: dict) -> bool:
    steal, victim, angel = s["steal"], s["active"], entry["by"]
    put_back(s, steal["skull"])
    steal.update(skull=None, state="drawing")
    tile = entry["args"]["take"]
    if tile in player(s, victim)["loot"]:
        hand_over(s, victim, angel, tile)
    log(s, "angel", player=angel, tile=tile)
    return False


def _verraeter(s: dict, entry: dict) -> bool:
    log(s, "traitor", player=s["active"])
    push(s, "draw", traitor=entry["by"])
    return False


def _erbschleicherin(s: dict, entry: dict) -> bool:
    loot = just_stolen(s)  # an answer to the card may have taken it all meanwhile
    if loot:
        push_ask(s, "split", entry["by"], left=loot, heaps=[[], []])
    return False


def _bettler(s: dict, entry: dict) -> bool:
    for q in reversed(_beggar_victims(s, entry["by"])):
        push_ask(s, "beg", q, beggar=entry["by"])
    return False


def _beggar_victims(s: dict, p: int) -> list[int]:
    return [q for q in from_seat(s, s["active"]) if q != p and len(player(s, q)["loot"]) >= 3]


def _lockvogel(s: dict, entry: dict) -> bool:
    switch_bag(s, entry["args"]["bag"])
    return False


def switch_bag(s: dict, bag: str) -> None:
    """The Lockvogel: go on stealing from ``bag``; the first draw there is made at once."""
    steal = s["steal"]
    steal.update(bag=bag, fresh_bag=True)
    steal["seq"] += 1
    log(s, "switches", player=s["active"], bag=bag)
    push(s, "draw")


def _faelscher(s: dict, entry: dict) -> bool:
    tile, kind = entry["args"]["tile"], entry["args"]["as"]
    if tile in player(s, entry["by"])["loot"]:
        s["forged"][tile] = kind
        log(s, "forged", player=entry["by"], tile=tile, item=kind)
    return False


def _schlossknackerin(s: dict, entry: dict) -> bool:
    s["picks"].append(entry["card"])
    return True


def _taschenspieler(s: dict, entry: dict) -> bool:
    p, args = entry["by"], entry["args"]
    q, mine, theirs = args["seat"], args["mine"], args["theirs"]
    if mine in player(s, p)["loot"] and theirs in player(s, q)["loot"]:
        hand_over(s, p, q, mine)
        hand_over(s, q, p, theirs)
        log(s, "swaps", player=p, tile=mine, other=q, theirs=theirs)
    player(s, q)["in_play"].append({"card": entry["card"], "since": s["turn"],
                                    "undo": {"seat": p, "mine": mine, "theirs": theirs}})
    log(s, "conjurer_stays", player=q)
    return True


EFFECTS = {"meuchlerin": _meuchlerin, "naseweis": _naseweis, "betruegerin": _betruegerin,
           "schutzengelchen": _schutzengelchen, "verraeter": _verraeter,
           "erbschleicherin": _erbschleicherin, "bettler": _bettler, "lockvogel": _lockvogel,
           "faelscher": _faelscher, "schlossknackerin": _schlossknackerin,
           "taschenspieler": _taschenspieler}


# --- the Taschenspieler ----------------------------------------------------------------------
def _conjurer(s: dict, p: int) -> str | None:
    """``p``'s usable Taschenspieler: from the hand, or in play since an earlier turn."""
    for entry in player(s, p)["in_play"]:
        if entry["since"] < s["turn"]:
            return entry["card"]
    cards = ready(s, p, "taschenspieler")
    return cards[0] if cards else None


def _undo(s: dict, p: int, card: str) -> dict | None:
    """The swap that brought the Taschenspieler ``card`` to ``p`` (None: from the hand)."""
    return next((e["undo"] for e in player(s, p)["in_play"] if e["card"] == card), None)


def _swaps(s: dict, p: int, undo: dict | None) -> list[tuple[int, str, str]]:
    """Every allowed swap (seat, my tile, their tile), one per kind of tile; never one that
    would undo the swap that brought the card here (the same two kinds of tile back)."""
    found = []
    for q in range(players(s)):
        if q == p:
            continue
        for mine in classes(s, player(s, p)["loot"]):
            for theirs in classes(s, player(s, q)["loot"]):
                if undo and q == undo["seat"] and _same(mine, undo["mine"]) \
                        and _same(theirs, undo["theirs"]):
                    continue
                found.append((q, mine, theirs))
    return found


def _same(a: str, b: str) -> bool:
    return content.tiles()[a]["bag"] == content.tiles()[b]["bag"] and \
        content.type_of(a) == content.type_of(b)


# --- choices made while playing a card ---------------------------------------------------------
def _choice_options(s: dict, frame: dict) -> list:
    p, entry, what = frame["player"], s["plays"][-1], frame["what"]
    args = entry["args"]
    if what.startswith("swap"):
        swaps = _swaps(s, p, entry.get("undo"))
        if what == "swap_seat":
            return [{"seat": q} for q in sorted({q for q, _, _ in swaps})]
        if what == "swap_mine":
            return [{"tile": m} for m in sorted({m for q, m, _ in swaps if q == args["seat"]})]
        return [{"tile": t} for q, m, t in swaps if (q, m) == (args["seat"], args["mine"])]
    if what == "forge_tile":
        return [{"tile": t} for t in classes(s, player(s, p)["loot"])]
    original = content.type_of(args["tile"])
    return [{"as": k} for k in content.types() if k != original]


def _choice_prompt(s: dict, frame: dict) -> dict:
    what = frame["what"]
    if what == "swap_theirs":
        return message("swap_theirs", player=s["plays"][-1]["args"].get("seat", 0))
    return message(what)


NEXT_CHOICE = {"swap_seat": ("seat", "swap_mine"), "swap_mine": ("mine", "swap_theirs"),
               "swap_theirs": ("theirs", None), "forge_tile": ("tile", "forge_as"),
               "forge_as": ("as", None)}


@ask("card_choice", _choice_options, _choice_prompt)
def _card_choice(s: dict, frame: dict, action) -> None:
    arg, then = NEXT_CHOICE[frame["what"]]
    s["plays"][-1]["args"][arg] = next(iter(action.values()))
    if then:
        push_ask(s, "card_choice", frame["player"], what=then)
