"""A heuristic bot for Swindler. It reads only its seat's view and the choice in front of it
(content data and the pure matching helper are public knowledge).

* Values: a loot tile is worth what the best open fence field pays for it or the coins it
  shows, and more while it fills a slot of one of its reserved orders; an item still in a bag
  is worth the same to draw.
* Reserving: orders it can fulfil now (taking them over if need be), orders missing one item
  the bags still hold, and Draw orders whose draws it will likely make this turn.
* Stealing: the bag with the best expected draw (what it may find, against the skull odds times
  what it holds of that colour; a first-draw skull pays a coin); it draws on while one more draw
  gains more than it risks, or while a reserved Draw order needs draws. A Lockvogel buys a free
  draw from a fresh bag when it would rather stop.
* Step 3: it fulfils every order it can, biggest reward first; it sells tiles that no reserved
  order needs (everything once the last round is rung in) and plays Fälscher or Schlossknackerin
  when that makes an order fulfillable. A neutral tile of a reward: the most wanted, or none
  if nothing wants it and a third loot tile would draw a Bettler and police raids.
* Step 5: it hires while it has coins to spare, paying with coin tiles (at risk in the bags)
  first.
* Reactions: Naseweis bets on the odds, Betrügerin draws until a skull, Verräter against a risky
  bag, Erbschleicherin after a rich steal, Schutzengelchen for a good tile from a player ahead of
  it, Meuchlerin against cards that hurt it, Bettler and Taschenspieler when they gain.
"""

from functools import lru_cache

from . import content
from .look import IDLE, Look, partial
from .orders import match

# the draft: strongest first, as measured in self-play (docs/swindler.md)
MASTER_PREFERENCE = ["unreserved", "recruiter", "ringleader", "alibi", "fence_bonus",
                     "raid_shield"]
HAND_LIMIT = 4
LOOT_TARGET = 3  # loot tiles a Bettler begs from and the smallest police raid searches
PLANS = 16384  # (order, holdings) whose fillings are kept


class Reading(Look):
    """The bots' Look, with what the playouts of a search work out over and over kept across
    decisions: an order's filling by the holdings (they change seldom), and each bag's mean
    want for the decision."""

    def filled(self, order: dict) -> tuple[str, ...]:
        return filling(order["id"], tuple(self.holdings()))

    def fulfillable(self, order: dict) -> bool:
        return fulfils(order["id"], tuple(self.holdings()))

    def mean_want(self, bag: str) -> float:
        return self._remembered(("mean want", bag), super().mean_want, bag)


@lru_cache(maxsize=PLANS)
def filling(order_id: str, pool: tuple) -> tuple[str, ...]:
    """``partial`` for an order's slots (none for a Draw order) and the holdings ``pool``."""
    return tuple(partial(content.orders()[order_id].get("slots", []), pool))


@lru_cache(maxsize=PLANS)
def fulfils(order_id: str, pool: tuple) -> bool:
    """Do the holdings ``pool`` fill every slot of an Own or Give order (``match``)?"""
    return match(content.orders()[order_id]["slots"], pool) is not None


def loot_worth(view: dict) -> float:
    """What the seat's loot tiles (not its coin tiles, which count as coins) are worth to it
    as the bot values them: a fence field, a slot of an order it pursues."""
    look = Reading(view)
    return sum(look.keep_value(tile) for tile in look.seat["loot"]
               if not content.coin_value(look.kind(tile)))


class HeuristicBot:
    name = "heuristic"
    uses_view = True
    foresight = True  # reserves Own and Give orders it cannot fulfil yet (Look.reserve_worth)

    def __init__(self, seed: int):
        self.plan: dict = {}  # the choices still to make for a card being played (no dice)

    def decide(self, view: dict, choice: dict):
        options = choice["options"]
        if len(options) == 1:
            return options[0]
        handler = self.DECIDES.get(choice["kind"])
        picked = handler(self, Reading(view, self.foresight), choice, options) if handler else None
        if picked in options:
            return picked
        quiet = [o for o in options if o.get("pass") or o.get("done") or o.get("stop")]
        return quiet[0] if quiet else options[0]

    def _master(self, look, choice, options):
        return min(options, key=lambda o: MASTER_PREFERENCE.index(o["master"]))

    # --- step 1 ---------------------------------------------------------------------------
    def _reserve(self, look, choice, options):
        scored = [(look.reserve_worth(o["reserve"]), o) for o in options if "reserve" in o]
        scored = [x for x in scored if x[0] > 0]
        if scored:
            return max(scored, key=lambda x: x[0])[1]
        return self._anytime(look, options) or {"done": True}

    # --- step 2 ---------------------------------------------------------------------------
    def _bag(self, look, choice, options):
        bags = [o for o in options if "bag" in o]
        return max(bags, key=lambda o: look.bag_score(o["bag"]))

    def _more(self, look, choice, options):
        bag = look.v["steal"]["bag"]
        if look.draw_gain(bag) + look.draw_order_push() > 0:
            return {"draw": True}
        decoys = [o for o in options if "bag" in o]
        if decoys:
            best = max(decoys, key=lambda o: look.bag_score(o["bag"], fresh=True))
            if look.bag_score(best["bag"], fresh=True) > 0.5:
                return best
        return self._anytime(look, options) or {"stop": True}

    def _fraud_more(self, look, choice, options):
        return {"draw": True}  # a skull costs the Betrügerin nothing

    # --- step 3 ---------------------------------------------------------------------------
    def _act(self, look, choice, options):
        fulfils = [o for o in options if "fulfil" in o]
        if fulfils:  # Own orders first: they keep the tiles for Give orders and fences
            return max(fulfils, key=lambda o: (look.order(o["fulfil"])["kind"] == "own",
                                               look.order_worth(o["fulfil"])))
        for o in options:
            if "play" in o and look.card_kind(o["play"]) in ("faelscher", "schlossknackerin"):
                plan = look.card_enables_order(o["play"])
                if plan is not None:
                    self.plan = plan
                    return o
        sales = [(look.sale_gain(o), o) for o in options if "sell" in o]
        sales = [x for x in sales if x[0] > 0]
        if sales:
            return max(sales, key=lambda x: x[0])[1]
        return self._anytime(look, options) or {"done": True}

    def _give(self, look, choice, options):
        return min(options, key=lambda o: look.keep_value(o["give"]))

    def _pay(self, look, choice, options):
        return min(options, key=lambda o: look.payment_cost(o["pay"]))

    def _neutral(self, look, choice, options):
        """The most wanted tile; none if no open fence buys it and no reserved order needs it
        and it would make the loot a target of a Bettler and of police raids."""
        best = max((o for o in options if "neutral" in o),
                   key=lambda o: look.want(look.kind(o["neutral"]), "neutral"))
        idle = look.want(look.kind(best["neutral"]), "neutral") <= IDLE
        if idle and len(look.seat["loot"]) + 1 >= LOOT_TARGET \
                and {"done": True} in options:  # revision 2: no such option
            return {"done": True}
        return best

    # --- step 5 ---------------------------------------------------------------------------
    def _hire(self, look, choice, options):
        hires = [o for o in options if "hire" in o]
        seat = look.seat
        if hires and not look.v["end_triggered"] and seat["hand_size"] < HAND_LIMIT and \
                seat["coins_worth"] >= 2:
            return min(hires, key=lambda o: look.payment_cost(o["hire"]))
        return self._anytime(look, options) or {"done": True}

    # --- cards ----------------------------------------------------------------------------
    def _anytime(self, look, options):
        """Bettler when someone must pay; Taschenspieler for a swap that gains value."""
        for o in options:
            if set(o) != {"play"}:
                continue
            kind = look.card_kind(o["play"])
            if kind == "bettler" and look.beggar_victims():
                return o
            if kind == "taschenspieler":
                swap = look.best_swap()
                if swap:
                    self.plan = swap
                    return o
        return None

    def _standing(self, look, choice, options):
        """Out of turn, during another player's step: the cards playable at any time."""
        return self._anytime(look, options) or {"pass": True}

    def _card_choice(self, look, choice, options):
        what = choice["context"]["what"]
        wanted = {"swap_seat": "seat", "swap_mine": "mine", "swap_theirs": "theirs",
                  "forge_tile": "tile", "forge_as": "as"}[what]
        for o in options:
            if next(iter(o.values())) == self.plan.get(wanted):
                return o
        return options[0]

    def _react(self, look, choice, options):
        trigger = choice["context"]["trigger"]
        active = look.v["active"]
        for o in options:
            if "play" not in o:
                continue
            kind = look.card_kind(o["play"])
            steal = look.v["steal"]
            if kind == "meuchlerin" and look.hurts_me(trigger["play"]):
                return o
            if kind == "naseweis":
                p = look.catch_chance(steal["bag"])
                if o["bet"] == ("skull" if p >= 0.5 else "safe") and abs(p - 0.5) >= 0.1:
                    return o
            if kind == "betruegerin" and look.v["bags"][steal["bag"]]["loot"] >= 2:
                return o
            if kind == "verraeter" and look.v["bags"][steal["bag"]]["odds"] >= 0.2:
                return o
            if kind == "erbschleicherin" and len(look.just_stolen()) >= 2:
                return o
            if kind == "schutzengelchen" and look.keep_value(o["take"]) >= 2 and \
                    look.ahead_of_me(active):
                return o
        return self._anytime(look, options) or {"pass": True}

    def _split(self, look, choice, options):
        heaps = [sum(look.keep_value(t) for t in h) for h in choice["context"]["heaps"]]
        return {"heap": 1 if heaps[0] <= heaps[1] else 2}

    def _pick_heap(self, look, choice, options):
        heaps = choice["context"]["heaps"]
        return max(options, key=lambda o: sum(look.keep_value(t) for t in heaps[o["heap"] - 1]))

    def _beg(self, look, choice, options):
        tiles = [o for o in options if "tile" in o]
        cheapest = min(tiles, key=lambda o: look.keep_value(o["tile"])) if tiles else None
        if cheapest and look.keep_value(cheapest["tile"]) < 1:
            return cheapest
        return {"coin": True} if {"coin": True} in options else cheapest

    def _surrender(self, look, choice, options):
        return min(options, key=lambda o: look.keep_value(o["tile"]))

    DECIDES = {  # by the choice's kind; any other: pass, stop or be done where that is offered
        "master": _master, "reserve": _reserve, "bag": _bag, "more": _more,
        "fraud_more": _fraud_more, "act": _act, "give": _give, "pay": _pay, "neutral": _neutral,
        "hire": _hire, "standing": _standing, "card_choice": _card_choice, "react": _react,
        "split": _split, "pick_heap": _pick_heap, "beg": _beg, "surrender": _surrender}


class EasyBot(HeuristicBot):
    """The Easy level: the heuristic bot playing no reaction, Bettler or Taschenspieler, and
    reserving an Own or Give order only when it can fulfil it now (docs/engine.md)."""

    name = "easy"
    foresight = False

    def _anytime(self, look, options):
        return None

    def _react(self, look, choice, options):
        return {"pass": True}

    DECIDES = {**HeuristicBot.DECIDES, "react": _react}
