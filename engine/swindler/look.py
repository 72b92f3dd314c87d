"""The Swindler bots' reading of a view: what a tile is worth, the odds in a bag, what an order
still needs, all from public data and the seat's own view (engine/swindler/bot.py plays on it)."""

from . import content
from .orders import draw_met, match

POSTER_COST = 0.7
NEEDED = 3.0  # extra worth of a tile that fills a slot of a reserved order
IDLE = 0.5  # the worth of a tile no open fence buys and no reserved order needs


class Look:
    """The bot's reading of a view: values, odds and plans, all from public data."""

    def __init__(self, view: dict, foresight: bool = True):
        self.v = view
        self.foresight = foresight
        self.me = view["player"]
        self.seat = view["seats"][self.me]
        self._needed = None
        self._holdings = None
        self._open = [o for o in view["orders"]["open"] if o]
        self._kept: dict = {}  # what was worked out from the view, by (what, arguments)

    # --- basics -------------------------------------------------------------------------
    def kind(self, tile: str, seat: dict | None = None) -> str:
        seat = seat or self.seat
        return seat["loot_types"].get(tile) or self.v["tiles"][tile]["type"]

    def bag(self, tile: str) -> str:
        return self.v["tiles"][tile]["bag"]

    def card_kind(self, card: str) -> str:
        return content.kind_of(card)

    def holdings(self, seat: dict | None = None) -> list[tuple]:
        """(handle, type, bag) of what ``seat`` (the bot's own) may fill slots with; a list
        to read, not to change."""
        if seat is None or seat is self.seat:
            if self._holdings is None:
                self._holdings = [(t, self.kind(t), self.bag(t)) for t in self.seat["loot"]] + [
                    (c["id"], "key-" + c["colour"], None) for c in self.v["picks"]]
            return self._holdings
        return [(t, self.kind(t, seat), self.bag(t)) for t in seat["loot"]]

    def unlocked(self, ability: str) -> bool:
        master = self.seat["master"]
        return bool(master and master["id"] == ability and master["unlocked"])

    def open_orders(self) -> list[dict]:
        """The open orders (a list to read, not to change)."""
        return self._open

    def order(self, order_id: str) -> dict:
        return next(o for o in self.open_orders() if o["id"] == order_id)

    # --- values -------------------------------------------------------------------------
    def _remembered(self, key: tuple, work, *args):
        """``work(*args)``, worked out once for this Look under ``key``: a view never
        changes."""
        if key not in self._kept:
            self._kept[key] = work(*args)
        return self._kept[key]

    def sale_value(self, kind: str, bag: str) -> float:
        return self._remembered(("sale", kind, bag), self._sale_value, kind, bag)

    def _sale_value(self, kind: str, bag: str) -> float:
        if content.coin_value(kind):  # money is counted, never sold
            return 0
        best = 0
        for fence in self.v["fences"]["open"]:
            if not fence:
                continue
            free = [f for f in fence["fields"] if f["tile"] is None]
            for f in free:
                if content.slot_matches(f["spec"], kind, bag):
                    bonus = content.FENCE_BONUS if len(free) == 1 else 0
                    best = max(best, f["vp"] + bonus)
        return best

    def order_worth(self, order_id: str) -> float:
        order = self.order(order_id)
        reward = order.get("reward", {})
        worth = reward.get("vp", 0) + reward.get("coins", 0) + 1.5 * reward.get("neutral", 0)
        poster = POSTER_COST / 2 if self.unlocked("raid_shield") else POSTER_COST
        worth -= poster * reward.get("posters", 0)
        return worth + (2 if self.unlocked("ringleader") else 0)

    def missing(self, order: dict) -> int:
        """Slots (or coins) of an Own or Give order that the bot cannot fill now."""
        if order["kind"] == "draw":
            return 0 if draw_met(order["draw"], (self.v["steal"] or {}).get("drawn", [])) else 1
        if order.get("coins"):
            return max(0, order["coins"] - self.seat["coins_worth"])
        return len(order["slots"]) - len(self.filled(order))

    def filled(self, order: dict) -> list[str]:
        """The holdings that would fill slots of an Own or Give order now (``partial``)."""
        return self._remembered(("filled", order["id"]), partial, order.get("slots", []),
                                self.holdings())

    def fulfillable(self, order: dict) -> bool:
        """Do the holdings fill every slot of an Own or Give order now?"""
        return self._remembered(("match", order["id"]), match, order["slots"],
                                self.holdings()) is not None

    def pursued(self) -> list[dict]:
        """Own and Give orders worth working towards: its own reservations, and open orders it
        may take that lack at most two items."""
        return [o for o in self.open_orders() if o["kind"] in ("own", "give") and (
            o["id"] in self.seat["reserved"] or o["reserved_by"] is None
            or self.missing(o) == 0) and self.missing(o) <= 2]

    def needed(self) -> set[str]:
        """Tiles that fill slots of pursued orders."""
        if self._needed is None:
            self._needed = set()
            for order in self.pursued():
                self._needed |= set(self.filled(order))
        return self._needed

    def keep_value(self, tile: str) -> float:
        """What losing ``tile`` costs."""
        if tile not in self.seat["loot"]:
            return 0.0
        kind, bag = self.kind(tile), self.bag(tile)
        worth = max(self.sale_value(kind, bag), content.coin_value(kind), IDLE)
        return worth + (NEEDED if tile in self.needed() else 0)

    def want(self, kind: str, bag: str) -> float:
        """What drawing an item is worth."""
        return self._remembered(("want", kind, bag), self._want, kind, bag)

    def _want(self, kind: str, bag: str) -> float:
        worth = max(self.sale_value(kind, bag), content.coin_value(kind), IDLE)
        for order_id in self.seat["reserved"]:
            order = self.order(order_id)
            if order["kind"] not in ("own", "give") or \
                    not any(content.slot_matches(slot, kind, bag) for slot in order["slots"]):
                continue  # an item that fills no slot changes neither test below
            pool = self.holdings()
            if not self.fulfillable(order) and \
                    match(order["slots"], pool + [("new", kind, bag)]) is not None:
                worth = max(worth, self.order_worth(order_id))
            elif len(partial(order["slots"], pool + [("new", kind, bag)])) > \
                    len(self.filled(order)):
                worth = max(worth, self.order_worth(order_id) / len(order["slots"]) + 1)
        return worth

    def payment_cost(self, source: str) -> float:
        if source == "coin":
            return 1.0
        cost = content.coin_value(self.kind(source)) - 0.3
        change = content.coin_value(self.kind(source)) > 1 and self.v["supply"]["coins"] < 1
        return cost + (2 if change else 0)

    # --- stealing -------------------------------------------------------------------------
    def stake(self, bag: str) -> float:
        """What a skull from ``bag`` would cost."""
        steal = self.v["steal"] or {}
        if self.unlocked("alibi") and len(steal.get("drawn", [])) < content.ALIBI_DRAWS:
            return 0.0
        return sum(self.keep_value(t) for t in self.seat["loot"] if self.bag(t) == bag)

    def mean_want(self, bag: str) -> float:
        contents = self.v["bags"][bag]["contents"]
        loot = sum(n for k, n in contents.items() if k != "skull")
        if not loot:
            return 0.0
        return sum(n * self.want(k, bag) for k, n in contents.items() if k != "skull") / loot

    def bag_score(self, bag: str, fresh: bool = False) -> float:
        """Expected worth of the first draw from ``bag`` (a fresh Lockvogel bag or the turn's
        first draw: a skull there costs nothing or pays a coin)."""
        info = self.v["bags"][bag]
        p = info["odds"]
        gain = (1 - p) * self.mean_want(bag)
        if fresh:
            return gain
        return gain - p * (self.stake(bag) - 1) + self.draw_order_bonus(bag)

    def draw_gain(self, bag: str) -> float:
        p = self.v["bags"][bag]["odds"]
        return (1 - p) * self.mean_want(bag) - p * self.stake(bag)

    def draw_order_bonus(self, bag: str) -> float:
        bonus = 0.0
        for order_id in self.seat["reserved"]:
            order = self.order(order_id)
            if order["kind"] == "draw" and "item" in order["draw"]:
                contents = self.v["bags"][bag]["contents"]
                if any(content.slot_matches({"item": order["draw"]["item"]}, k, bag)
                       for k in contents if k != "skull"):
                    bonus += 1.5
        return bonus

    def draw_order_push(self) -> float:
        """Worth of one more draw for reserved Draw orders not yet met."""
        steal = self.v["steal"]
        drawn = steal["drawn"]
        push = 0.0
        for order_id in self.seat["reserved"]:
            need = self.order(order_id)
            if need["kind"] != "draw" or draw_met(need["draw"], drawn):
                continue
            if "count" in need["draw"]:
                push += self.order_worth(order_id) / max(1, need["draw"]["count"] - len(drawn))
            elif "item" in need["draw"]:
                contents = self.v["bags"][steal["bag"]]["contents"]
                if any(content.slot_matches({"item": need["draw"]["item"]}, k, steal["bag"])
                       for k in contents if k != "skull"):
                    push += 1.0
        return push * (1 - self.v["bags"][steal["bag"]]["odds"])

    def catch_chance(self, bag: str) -> float:
        """A guess at the odds that a thief starting on ``bag`` is caught this turn (about
        three draws)."""
        info = self.v["bags"][bag]
        safe, total, loot = 1.0, info["tiles"], info["loot"]
        for i in range(3):
            if total - i <= 0:
                break
            safe *= max(0, loot - i) / (total - i)
        return 1 - safe

    # --- reserving and step 3 -------------------------------------------------------------
    def reserve_worth(self, order_id: str) -> float:
        order = self.order(order_id)
        worth = self.order_worth(order_id)
        if not self.foresight and order["kind"] != "draw" and self.missing(order):
            return 0
        if order["kind"] == "draw":
            chance = max(self.draw_chance(order["draw"], b) for b in self.v["bags"])
            return worth * chance - 1.5 if chance >= 0.35 else 0
        missing = self.missing(order)
        if order["kind"] == "give":  # the tiles handed over could have been sold
            worth -= sum(self.sale_value(k, b) for h, k, b in self.holdings()
                         if h in self.filled(order)) / 2
        if missing == 0:
            return worth + 1
        far = sum(1 for o in self.seat["reserved"] if self.missing(self.order(o)))
        if far >= 2 or order.get("coins"):
            return 0
        slots, pool = order["slots"], self.holdings()
        if missing == 1 and self.missing_in_bags(slots, pool):
            # taking a rival's reservation costs the rival 2 VP
            return worth * 0.6 - 1 + (1 if order["reserved_by"] is not None else 0)
        return 0

    def missing_in_bags(self, slots: list[dict], pool: list) -> bool:
        for bag, info in self.v["bags"].items():
            for kind in info["contents"]:
                if kind != "skull" and match(slots, pool + [("new", kind, bag)]) is not None:
                    return True
        return False

    def draw_chance(self, need: dict, bag: str) -> float:
        """Odds of meeting a Draw condition from ``bag`` before a skull."""
        info = self.v["bags"][bag]
        total, loot, skulls = info["tiles"], info["loot"], info["skulls"]
        if "count" in need:
            n, p = need["count"], 1.0
            for i in range(n):
                if total - i <= 0 or loot - i <= 0:
                    return 0.0
                p *= (loot - i) / (total - i)
            return p
        if "pair" in need:
            same = sum(n * (n - 1) for k, n in info["contents"].items() if k != "skull")
            twin = same / (loot * (loot - 1)) if loot > 1 else 0.0
            return (1 - (1 - twin) ** 2) * (loot / total) ** 3
        fits = sum(n for k, n in info["contents"].items() if k != "skull"
                   and content.slot_matches({"item": need["item"]}, k, bag))
        if fits < need["n"]:
            return 0.0
        # the wanted tiles come before the skulls with chance fits/(fits+skulls) each
        return (fits / (fits + skulls)) ** need["n"] if skulls else 1.0

    def sale_gain(self, option: dict) -> float:
        tile = option["sell"]
        fence = self.v["fences"]["open"][option["fence"]]
        free = [f for f in fence["fields"] if f["tile"] is None]
        vp = fence["fields"][option["field"]]["vp"] + (content.FENCE_BONUS if len(free) == 1
                                                       else 0)
        if self.v["end_triggered"]:
            return vp
        keep = NEEDED if tile in self.needed() else 0
        return vp - keep + 0.5

    def card_enables_order(self, card: str) -> dict | None:
        """A Fälscher forgery or a Schlossknackerin that makes an order fulfillable."""
        info = content.accomplices()[card]
        pool = self.holdings()
        for order in self.open_orders():
            if not self.may_fulfil(order) or order["kind"] not in ("own", "give") \
                    or match(order["slots"], pool) is not None or not order["slots"]:
                continue
            if info["kind"] == "schlossknackerin":
                if match(order["slots"], pool + [(card, "key-" + info["colour"], None)]):
                    return {}
                continue
            for i, (tile, kind, bag) in enumerate(pool):
                if bag is None or tile in self.needed():
                    continue
                for forged in content.types():
                    trial = pool[:i] + [(tile, forged, bag)] + pool[i + 1:]
                    if forged != kind and match(order["slots"], trial) is not None:
                        return {"tile": tile, "as": forged}
        return None

    def may_fulfil(self, order: dict) -> bool:
        return order["reserved_by"] == self.me or \
            order["reserved_by"] is None and self.unlocked("unreserved")

    # --- other players --------------------------------------------------------------------
    def beggar_victims(self) -> int:
        return sum(1 for s in self.v["seats"] if s["seat"] != self.me and len(s["loot"]) >= 3)

    def best_swap(self) -> dict | None:
        mine = min(self.seat["loot"], key=self.keep_value, default=None)
        if mine is None:
            return None
        best, gain = None, 1.0
        for seat in self.v["seats"]:
            if seat["seat"] == self.me:
                continue
            for tile in seat["loot"]:
                worth = self.want(self.kind(tile, seat), self.bag(tile))
                if worth - self.keep_value(mine) > gain:
                    best, gain = {"seat": seat["seat"], "mine": mine, "theirs": tile}, \
                        worth - self.keep_value(mine)
        return best

    def just_stolen(self) -> list[str]:
        steal = self.v["steal"]
        loot = self.v["seats"][self.v["active"]]["loot"]
        return [t for t in steal["drawn"] if t in loot]

    def hurts_me(self, play_index: int) -> bool:
        entry = self.v["plays"][play_index]
        kind, args = entry["card"]["kind"], entry["args"]
        if kind == "bettler":
            return len(self.seat["loot"]) >= 3
        if kind == "taschenspieler":
            return args.get("seat") == self.me
        if kind in ("verraeter", "erbschleicherin", "schutzengelchen", "betruegerin"):
            return self.v["active"] == self.me
        return kind == "meuchlerin" and entry["by"] != self.me and \
            self.v["plays"][play_index - 1]["by"] == self.me

    def ahead_of_me(self, seat: int) -> bool:
        return self.v["seats"][seat]["vp"] <= self.seat["vp"]


def partial(slots: list[dict], pool: list) -> list[str]:
    """Handles filling as many ``slots`` as a greedy pass manages (most specific slot first,
    least flexible holding first)."""
    fits = [[content.slot_matches(s, kind, bag) for s in slots] for _, kind, bag in pool]
    flexibility = [sum(f) for f in fits]
    left, used = list(range(len(pool))), []
    for i in sorted(range(len(slots)), key=lambda i: _breadth(slots[i])):
        if fitting := [h for h in left if fits[h][i]]:
            pick = min(fitting, key=flexibility.__getitem__)
            left.remove(pick)
            used.append(pool[pick][0])
    return used


def _breadth(spec: dict) -> int:
    item = spec["item"]
    wide = {"any": 4, "jewel": 2, "key": 2, "coin": 2}.get(item, 1)
    return wide - (1 if "bag" in spec else 0)
