"""The Declaration phase: which cards a thief puts behind the screen, with how many AP.

A declaration is a list of entries ``{"card": id, "ap": n, "tokens": [...], "carry": id}``:
``card`` is "move", "ambush", the thief's special card, or a general card from the hand;
``carry`` (special card only) is the general card laid under it; ``tokens`` are Informer and
Guild Agent tokens from the thief's sheet spent on that card.
"""

from collections import Counter

from engine.core.game import IllegalAction

from . import content
from .table import Table


def special_of(t: Table, p: int) -> str:
    return content.thieves()[t.thief(p)["id"]]["special"]


def spec(t: Table, p: int) -> dict:
    """What the player may declare with, for a UI and for random play."""
    th = t.thief(p)
    return {
        "ap": th["ap"],
        "basic": ["move", "ambush"],
        "special": special_of(t, p),
        "hand": list(th["hand"]),
        "tokens": [k for k in th["tokens"] if k in content.TOKEN_AP],
    }


def check(t: Table, p: int, entries) -> None:
    th = t.thief(p)
    if not isinstance(entries, list):
        raise IllegalAction("a declaration is a list of cards")
    used_cards = []
    used_tokens = Counter()
    plain = 0
    special = special_of(t, p)
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            raise IllegalAction("each declared card needs a card id")
        card = entry["card"]
        ap = entry.get("ap", 0)
        if not isinstance(ap, int) or isinstance(ap, bool) or ap < 0:
            raise IllegalAction(f"{card}: AP must be a whole number of at least 0")
        tokens = entry.get("tokens", [])
        if not isinstance(tokens, list) or any(not isinstance(k, str) or k not in content.TOKEN_AP
                                               for k in tokens):
            raise IllegalAction(f"{card}: only Informer and Guild Agent tokens count as AP")
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
    if hand and rng.below(3) == 0:
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
