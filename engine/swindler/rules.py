"""Swindler behind the engine's game protocol."""

import math

from engine.core import gamelog, reactions
from engine.core.game import IllegalAction, Rules, json_copy
from engine.core.gamelog import message
from engine.core.rng import Rng
from engine.core.wellformed import listed, number_or_text

from . import (  # noqa: F401 (the modules register their ops and asks)
    accomplices,
    content,
    fences,
    orders,
    raids,
    scoring,
    setup,
    shares,
    stealing,
    turn,
)
from .flow import FLOW, options_of, prompt_of, top_ask
from .table import NEWEST
from .turn import next_turn

# what a playout cut short is worth (docs/swindler.md, fitted on Normal's games)
LOOT_SHARE = 0.6  # of a held tile's worth to its holder, in points
WIN_SLOPE = 0.09  # the log-odds of a win per point ahead


def points_held(state: dict) -> list[int]:
    """Each seat's score should the game end now, its open reservations free."""
    final = json_copy(state)
    final["reserved"] = {}
    scoring.finish(final)
    return final["result"]["scores"]


def win_chances(scores: list[float]) -> list[float]:
    """Each seat's chance to win from the scores: ``exp(WIN_SLOPE * score)`` shared out."""
    best = max(scores)
    odds = [math.exp(WIN_SLOPE * (score - best)) for score in scores]
    return [o / sum(odds) for o in odds]


class Swindler(Rules):
    id = "swindler"
    name = "Swindler"
    min_players = 2
    max_players = 4
    options = {"masters": str, reactions.SKIP_OPTION: bool}
    revision = NEWEST
    """1: the rules of release 2026-11-26. 2 (since c5df2e6, 3a6a271): a reservation may be
    given up and the Fälscher and Schlossknackerin played at every step of one's turn (1: in
    step 1, and in step 3); a card with no moment printed answers a played card (1: only the
    Meuchlerin); the Betrügerin also when the thief stops; a double coin the supply cannot
    change buys two accomplices (1: one, without change). 3: the Fences' Favourite's extra VP
    goes to the first sale after the unlock (2: none that turn if one sold before it); the
    neutral tiles of an order's reward may be declined (2: taken, the machine choosing a lone
    kind). Where a switch lies: grep ``revision(s)``."""
    unnamed_revision = 2  # records made before revisions were named: under 2, or 1 before it
    search_effort = {"more": 0, "bag": 1 / 3, "act": 1 / 3, "hire": 1 / 3}
    search_horizon = 60  # about two rounds of two players: the points so far tell the rest
    search_playouts = 48  # a short playout: 48 fit the browser's second (24 took 0.38 s)
    search_confidence = 0.75  # many small decisions, a few (reserving) where Normal errs by
                              # a tenth of a win (bench/README.md: "its search tuned")

    def estimate(self, state: dict) -> dict:
        """The final scoring of the points and coins held now, plus ``LOOT_SHARE`` of what
        the loot in hand is worth to its holder (``bot.loot_worth``), and from those scores
        each seat's chance to win (``WIN_SLOPE``). Tiles on their way to a fence or an order
        are half-made points; a lead of a point is a small edge, not a win, and a search that
        counts it as one hears mostly noise. An open reservation costs nothing yet: mid-game
        it is an order on its way, and charging it would teach a search never to reserve."""
        from .bot import loot_worth
        from .views import view

        scores = [points + LOOT_SHARE * loot_worth(view(state, seat, None))
                  for seat, points in enumerate(points_held(state))]
        best = max(scores)
        return {"scores": scores, "winners": [p for p, s in enumerate(scores) if s == best],
                "chances": win_chances(scores)}

    def new_state(self, seats, options, rng: Rng) -> dict:
        state = setup.new_state(seats, options, rng)
        FLOW.run(state, next_turn)
        return state

    def to_act(self, state: dict) -> list[int]:
        frame = top_ask(state)
        return [frame["player"]] if frame and state["result"] is None else []

    def choice(self, state: dict, player: int) -> dict | None:
        if player not in self.to_act(state):
            return None
        frame = top_ask(state)
        found = {"player": player, "kind": frame["do"], "prompt": prompt_of(state, frame),
                 "options": options_of(state, frame),
                 "context": json_copy({k: v for k, v in frame.items()
                                       if k not in ("do", "player")})}
        if frame["do"] == "react" and not reactions.skipping(state["options"]):
            found["masked"] = True  # full secrecy: a lone "no" is asked like any answer
        return found

    def standing(self, state: dict, player: int) -> dict | None:
        """During the active player's step decisions (reserving, choosing the bag, acting,
        hiring) any other player may play a card with no moment printed (the book: "jederzeit,
        auch während des Spielzugs einer anderen Person")."""
        frame = top_ask(state)
        if state["result"] is not None or frame is None or frame["do"] not in STANDING_AT \
                or player == frame["player"] or player not in range(len(state["players"])):
            return None
        return {"player": player, "kind": "standing",
                "prompt": message("standing_ask", player=frame["player"]),
                "options": accomplices.anytime(state, player)}

    def check_rules(self, state: dict, player: int, action) -> None:
        frame = top_ask(state)  # Rules.check made sure it is this player's, or a standing one
        if player != frame["player"]:
            listed(self.standing_options(state, player), action)
            return
        try:
            listed(options_of(state, frame), action)
        except IllegalAction:
            raise IllegalAction(_shape_reason(action)
                                or _reason(state, frame, action, self.notation)) from None

    def perform(self, state: dict, player: int, action) -> None:
        """A checked action is exactly one of the options (``wellformed.same``), and options
        hold only texts, numbers and true: it is carried out as given, without listing the
        options a second time (the costliest part of a move)."""
        if player != top_ask(state)["player"]:  # a standing play, out of turn
            accomplices.play(state, player, action)
            FLOW.run(state, next_turn)
            return
        FLOW.answer(state, action, next_turn)

    def view(self, state: dict, player: int | None) -> dict:
        from .views import view

        if player is None:
            return view(state, None, None)
        found = view(state, player, self.choice(state, player))
        found["standing"] = self.standing(state, player)
        return found

    def walk_goes_on(self, view: dict, action, next_view: dict) -> bool:
        """A reservation in step 1, and the seat asked to reserve again, with nothing logged
        meanwhile but its own reservation (no card played, no other seat's line): step 1's
        reservations are one plan, searched at its first decision."""
        before, after = view["choice"], next_view["choice"]
        if not (before and after and before["kind"] == after["kind"] == "reserve"
                and "reserve" in action):
            return False
        seat = before["player"]
        return all(line["args"].get("player") == seat
                   and line["msg"] in ("reserves", "takes_over")
                   for line in gamelog.written(view["log"], next_view["log"]))

    def determinize(self, view: dict, player: int, rng: Rng) -> dict:
        """A whole state from ``player``'s view alone: hands, decks, face-down orders and
        the generator drawn with ``rng`` (determinize.py)."""
        from .determinize import determinize

        return determinize(view, player, rng)

    def revealed(self, state: dict):
        """Besides the generator (every draw from a bag): the face-down decks drawn from."""
        return (tuple(state["rng"]), len(state["orders"]["deck"]),
                len(state["fences"]["deck"]), len(state["deck"]))

    def result(self, state: dict) -> dict | None:
        return state["result"]

    def winner_label(self, state: dict, seat: int) -> str | None:
        return state["players"][seat]["master"]

    label_title = "master thief"
    cards_played = "accomplices played"
    ends = {"orders_reached": "enough orders fulfilled", "orders_out": "the orders ran out"}

    def card_played(self, state: dict, player: int, action) -> str | None:
        """An accomplice played: its kind."""
        if isinstance(action, dict) and "play" in action:
            return content.accomplices()[action["play"]]["kind"]
        return None

    def ending(self, result: dict) -> str:
        """The last round rung in by a swindler's fulfilled orders, or by the orders running
        out (then nobody can fulfil more: no count reaches the mark later)."""
        most = max(row["orders"] for row in result["table"])
        return "orders_reached" if most >= content.END_AT[len(result["table"])] else "orders_out"

    def english_names(self) -> dict:
        return {**{k: v["name"] for k, v in content.masters().items()},
                **{k: v["name"] for k, v in content.accomplice_kinds().items()}}

    def notation(self, action) -> str:
        """``{"sell": "R3", "fence": 0, "field": 2}`` -> ``"sell R3 fence=0 field=2"``."""
        if not isinstance(action, dict) or not action:
            return repr(action)
        (key, value), *rest = action.items()
        head = key if value is True else f"{key} {value}"
        return " ".join([head] + [k if v is True else f"{k}={v}" for k, v in rest])

    def parse(self, text: str):
        words = text.split()
        if not words:
            raise IllegalAction("cannot read an empty action")
        head = words[1] if len(words) > 1 and "=" not in words[1] else None
        action = {words[0]: True if head is None else number_or_text(head)}
        for word in words[1 + (action[words[0]] is not True):]:
            key, eq, value = word.partition("=")
            action[key] = number_or_text(value) if eq else True
        return action

    def random_action(self, choice: dict, rng: Rng):
        raise ValueError("every Swindler choice lists its options")

    def seat_count(self, state: dict) -> int:
        players = state["players"]  # the seats in a state, their number in a view
        return players if type(players) is int else len(players)

    def heuristic_bot(self, seed: int):
        """The heuristic bot: it sees only its seat's view and the choice."""
        from .bot import HeuristicBot

        return HeuristicBot(seed)

    def easy_bot(self, seed: int):
        """The Easy level: the heuristic bot without foresight or accomplices out of turn."""
        from .bot import EasyBot

        return EasyBot(seed)



STANDING_AT = ("reserve", "bag", "act", "hire")  # the active player's step decisions

# Every key a Swindler action may have, with the one type of its value (see docs/swindler.md).
FIELDS = {
    **dict.fromkeys(["master", "reserve", "cancel", "bag", "play", "bet", "take", "fulfil",
                     "sell", "give", "pay", "neutral", "hire", "tile", "as"], str),
    **dict.fromkeys(["fence", "field", "seat", "heap", "count"], int),
    **dict.fromkeys(["done", "draw", "stop", "pass", "coin"], bool),
}
ID_TEXT = 20  # no id, colour or item type is longer
_TYPE_WORDS = {str: "an id", int: "a whole number", bool: "true"}


def _shape_reason(action) -> str | None:
    """Why ``action`` is no Swindler action at all (keys, types, sizes); None if it could be
    one. Only an action that could be one reaches ``_reason``."""
    if type(action) is not dict or not action:
        return "an action is a small dict such as {'draw': true}"
    for key, value in action.items():
        kind = FIELDS.get(key)
        if kind is None:
            return "that is not a Swindler action"
        if type(value) is not kind or kind is str and len(value) > ID_TEXT:
            return f"'{key}' takes {_TYPE_WORDS[kind]}"
    return "a Swindler action has at most 3 parts" if len(action) > 3 else None


def _reason(s: dict, frame: dict, action: dict, notation) -> str:
    """Why ``action``, shaped like a Swindler action, is refused, in the player's terms."""
    ask = frame["do"]
    p = frame["player"]
    me = s["players"][p]
    if "reserve" in action or "cancel" in action:
        if ask != "reserve":
            return "orders are reserved (or abandoned) only in step 1 of your own turn"
        order = action["reserve"] if "reserve" in action else action["cancel"]
        if order not in s["orders"]["open"]:
            return f"order {order} is not open"
        if "cancel" in action:
            return f"you have not reserved order {order}"
        if s["reserved"].get(order) == p:
            return f"you have already reserved order {order}"
        return "all 3 of your reservation markers are in use: abandon a reservation first"
    if "fulfil" in action:
        order = action["fulfil"]
        if ask != "act":
            return "orders are fulfilled in step 3 of your own turn"
        if order not in s["orders"]["open"]:
            return f"order {order} is not open"
        if not orders.allowed(s, p, order):
            return f"you may only fulfil orders you have reserved ({order} is not yours)"
        return f"you do not meet the condition of order {order}"
    if "sell" in action:
        if ask != "act":
            return "loot is sold to fences in step 3 of your own turn"
        tile = action["sell"]
        if tile not in me["loot"]:
            return f"you have no loot tile {tile}"
        if content.coin_value(content.type_of(tile)) and tile not in s["forged"]:
            return "coin tiles cannot be sold to fences"
        return f"that fence field does not take a {content.describe(tile)} (or is taken)"
    if "play" in action:
        card = action["play"]
        if card not in me["hand"] and all(e["card"] != card for e in me["in_play"]):
            return f"you do not hold the accomplice {card}"
        if card in me["fresh"]:
            return "accomplices hired this turn can be played from the next turn on"
        return f"{content.card_name(card)} cannot be played like that at this moment"
    if "hire" in action:
        return "hiring costs 1 coin (a coin or a coin tile) and happens in step 5"
    if "stop" in action and ask == "bag":
        return "you must draw at least one tile before you may stop"
    return f"not a legal choice now ({notation(action)}) for the {ask} decision"
