"""The Declaration phase: which cards a thief puts behind the screen, with how many AP.

A declaration is a list of entries ``{"card": id, "ap": n, "tokens": [...], "carry": id}``
(``tokens`` and ``carry`` optional, no other key): ``card`` is "move", "ambush", the thief's
special card, or a general card from the hand; ``carry`` (special card only) is the general
card laid under it; ``tokens`` are Informer and Guild Agent tokens from the thief's sheet
spent on that card.
"""

from collections import Counter

from engine.core.game import IllegalAction

from . import content
from .table import Table


def spec(t: Table, p: int) -> dict:
    """What the player may declare with, for a UI and for random play."""
    th = t.thief(p)
    return {
        "ap": th["ap"],
        "basic": ["move", "ambush"],
        "special": t.special(p),
        "hand": list(th["hand"]),
        "tokens": [k for k in th["tokens"] if k in content.TOKEN_AP],
    }


ENTRY_KEYS = {"card", "ap", "tokens", "carry"}


def shape_reason(action) -> str | None:
    """Why ``action`` is not shaped as a declaration (exact keys and types); None when it is.
    Needs no state, so ``notation`` can tell a declaration from a look-alike."""
    if type(action) is not dict or action.keys() != {"declare"}:
        return "it is the Declaration phase: declare your cards"
    entries = action["declare"]
    if type(entries) is not list:
        return "a declaration is a list of cards"
    for entry in entries:
        if type(entry) is not dict or type(entry.get("card")) is not str:
            return "each declared card needs a card id"
        card = entry["card"]
        if not entry.keys() <= ENTRY_KEYS:
            return f"{card}: a declared card has only a card, its AP, tokens and a carried card"
        if type(entry.get("ap")) is not int or entry["ap"] < 0:
            return f"{card}: AP must be a whole number of at least 0"
        tokens = entry.get("tokens", [])
        if type(tokens) is not list or any(type(k) is not str or k not in content.TOKEN_AP
                                           for k in tokens):
            return f"{card}: only Informer and Guild Agent tokens count as AP"
        if type(entry.get("carry", "")) is not str:
            return "a special action carries a general card from your hand"
    return None


def check(t: Table, p: int, action) -> None:
    """Raise IllegalAction unless ``action`` is a declaration ``p`` may make now: first its
    shape, then what the thief holds, so ``phases.declare`` cannot fail on it."""
    why = shape_reason(action)
    if why:
        raise IllegalAction(why)
    entries = action["declare"]
    th = t.thief(p)
    special = t.special(p)
    if len(entries) > 3 + len(th["hand"]):  # move, ambush, the special card, the hand
        raise IllegalAction("you cannot declare more cards than you hold")
    used_cards = []
    used_tokens = Counter()
    plain = 0
    for entry in entries:
        card, ap, tokens = entry["card"], entry["ap"], entry.get("tokens", [])
        if card not in ("move", "ambush", special) and card not in th["hand"]:
            raise IllegalAction(f"{card} is not a card you can declare")
        if "carry" in entry:
            if card != special:
                raise IllegalAction("only your special action card carries another card")
            if entry["carry"] not in th["hand"]:
                raise IllegalAction("a special action carries a general card from your hand")
            used_cards.append(entry["carry"])
        elif card == special:
            raise IllegalAction("your special action must carry a general action card")
        if ap + sum(content.TOKEN_AP[k] for k in tokens) < 1:
            raise IllegalAction(f"{card}: every declared card needs at least 1 AP")
        used_cards.append(card)
        used_tokens.update(tokens)
        plain += ap
    if len(used_cards) != len(set(used_cards)):
        raise IllegalAction("a card can be declared only once")
    if plain > th["ap"]:
        raise IllegalAction(f"you have {th['ap']} AP, not {plain}")
    have = Counter(th["tokens"])
    if any(have[k] < n for k, n in used_tokens.items()):
        raise IllegalAction("you do not have those AP tokens")


def random_declaration(declare: dict, rng) -> list[dict]:
    """A random legal declaration: random cards, AP spread at random, tokens at random."""
    hand = list(declare["hand"])
    rng.shuffle(hand)
    cards = [c for c in declare["basic"] + hand if rng.below(2)]
    entries = [{"card": c, "ap": 0} for c in cards]
    if declare["special"] and hand and rng.below(3) == 0:
        carry = hand[0]
        entries = [e for e in entries if e["card"] != carry]
        entries.append({"card": declare["special"], "carry": carry, "ap": 0})
    tokens = list(declare["tokens"])
    if entries:
        for token in tokens:
            if rng.below(2):
                entries[rng.below(len(entries))].setdefault("tokens", []).append(token)
    budget = declare["ap"]
    for e in entries:
        if not e.get("tokens"):
            if budget == 0:
                e["drop"] = True
                continue
            e["ap"] = 1
            budget -= 1
    entries = [e for e in entries if not e.pop("drop", False)]
    if entries:
        for _ in range(rng.below(budget + 1)):
            entries[rng.below(len(entries))]["ap"] += 1
    return entries
