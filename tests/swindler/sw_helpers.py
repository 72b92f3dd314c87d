"""Shared helpers for the Swindler rules tests (conftest.py makes ``Game`` and ``script``
fixtures).

A test starts a real ``Match`` (masters dealt at random unless asked otherwise), then edits the
state dict to build the position it needs (loot, hands, open orders and fences, bag contents)
and drives the game with explicit actions. ``Script`` replaces the random draw from a bag with a
list of tiles, so steals have exact outcomes.
"""

import json

import pytest

from engine.core.game import IllegalAction, Match, state_hash
from engine.swindler import accomplices, content, stealing

GAME = "swindler"
ALL_TILES = sorted(content.tiles())
ALL_CARDS = sorted(content.accomplices())
ALL_ORDERS = sorted(content.orders())
ALL_FENCES = sorted(content.fences())


def cards_of(kind: str, colour: str | None = None) -> list[str]:
    return [c for c, i in sorted(content.accomplices().items())
            if i["kind"] == kind and (colour is None or i.get("colour") == colour)]


def tile_of(bag: str, kind: str, n: int = 0) -> str:
    """The n-th tile of ``kind`` in ``bag`` (by id)."""
    return [t for t, i in sorted(content.tiles().items())
            if i["bag"] == bag and i["type"] == kind][n]


# tiles the tests name (a key tile is named by the colour it opens, not by its bag)
RED_RING = tile_of("red", "ring")
RED_RING2 = tile_of("red", "ring", 1)
RED_RING3 = tile_of("red", "ring", 2)
RED_NECKLACE = tile_of("red", "necklace")
BLUE_NECKLACE = tile_of("blue", "necklace")
BLUE_NECKLACE2 = tile_of("blue", "necklace", 1)
YELLOW_WATCH = tile_of("yellow", "watch")
GREEN_COIN = tile_of("green", "coin")
NEUTRAL_RING = tile_of("neutral", "ring")
BLUE_KEY = tile_of("red", "key-blue")
JOKER = tile_of("black", "master_key")
DOUBLE = tile_of("black", "coin2")


class Game:
    """A match with helpers to set up positions and act."""

    def __init__(self, players: int = 3, seed: int = 1, skip: bool = True,
                 revision: int | None = None, **options):
        options.setdefault("masters", "random")
        options["skip_reaction_prompts"] = skip
        self.match = Match.start(GAME, [{"name": n} for n in "ABCD"[:players]], options, seed,
                                 revision)
        self.s = self.match.state
        self.rules = self.match.rules

    # --- reading ---------------------------------------------------------------------------
    @property
    def to_act(self) -> int:
        return self.rules.to_act(self.s)[0]

    @property
    def choice(self) -> dict:
        return self.rules.choice(self.s, self.to_act)

    @property
    def kind(self) -> str:
        return self.choice["kind"]

    @property
    def options(self) -> list:
        return self.choice["options"]

    def me(self, p: int) -> dict:
        return self.s["players"][p]

    def loot(self, p: int) -> list[str]:
        return sorted(self.s["players"][p]["loot"])

    # --- acting ------------------------------------------------------------------------------
    def act(self, action, player: int | None = None) -> None:
        self.match.act(self.to_act if player is None else player, action)

    def acts(self, *actions) -> None:
        for action in actions:
            self.act(action)

    def refused(self, action, player: int | None = None) -> str:
        """Assert ``action`` is refused and changes nothing; return the reason."""
        before = state_hash(self.s)
        with pytest.raises(IllegalAction) as error:
            self.rules.apply(self.s, self.to_act if player is None else player, action)
        assert state_hash(self.s) == before
        return str(error.value)

    def pass_until(self, kind: str) -> None:
        """Answer "pass" to reaction prompts until an ask of ``kind`` is on top."""
        for _ in range(50):
            if self.kind == kind:
                return
            assert self.kind == "react", f"expected {kind}, found {self.kind}"
            self.act({"pass": True})
        raise AssertionError(f"no {kind} ask came")

    def to_step3(self, bag: str, draws: int = 1) -> None:
        """From step 1: go stealing from ``bag``, draw ``draws`` tiles (scripted), stop."""
        self.act({"done": True})
        self.act({"bag": bag})
        for _ in range(draws - 1):
            self.pass_until("more")
            self.act({"draw": True})
        self.pass_until("more")
        self.act({"stop": True})
        self.pass_until("act")

    def ready_to_fulfil(self, script, order: str = "O01") -> None:
        """Player 0 reserved ``order`` (open beside O02-O04), holds a red ring and a blue
        necklace and steals a yellow watch (``script``): step 3 with what such an order asks."""
        self.set_orders(order, "O02", "O03", "O04")
        self.give_loot(0, RED_RING, BLUE_NECKLACE)
        self.reserve_for(0, order)
        script(YELLOW_WATCH)
        self.to_step3("yellow")

    # --- building positions ------------------------------------------------------------------
    def give_loot(self, p: int, *tiles: str) -> None:
        for tile in tiles:
            self._take_tile(tile)
            self.s["players"][p]["loot"].append(tile)

    def _take_tile(self, tile: str) -> None:
        for pile in [*self.s["bags"].values(), self.s["supply"]["neutral"]] + \
                [me["loot"] for me in self.s["players"]]:
            if tile in pile:
                pile.remove(tile)
                return
        raise AssertionError(f"tile {tile} is not free")

    def give_cards(self, p: int, kind: str, n: int = 1, colour: str | None = None) -> list[str]:
        """Move ``n`` cards of ``kind`` from the deck into ``p``'s hand."""
        found = [c for c in cards_of(kind, colour) if c in self.s["deck"]][:n]
        assert len(found) == n, f"not enough {kind} in the deck"
        for card in found:
            self.s["deck"].remove(card)
            self.s["players"][p]["hand"].append(card)
        return found

    def set_orders(self, *orders: str | None) -> None:
        """Open exactly these orders (None: an empty place); the rest go to the deck."""
        state = self.s["orders"]
        pool = [o for o in state["open"] + state["deck"] + state["box"] if o]
        state["open"] = list(orders) + [None] * (content.OPEN_ORDERS - len(orders))
        state["deck"] = [o for o in pool if o not in orders and o not in state["box"]]
        state["box"] = [o for o in state["box"] if o not in orders]

    def set_deck(self, *top_first: str) -> None:
        """Put these order cards on top of the order deck, the first on top."""
        deck = [o for o in self.s["orders"]["deck"] if o not in top_first]
        for o in top_first:
            if o in self.s["orders"]["box"]:
                self.s["orders"]["box"].remove(o)
        self.s["orders"]["deck"] = deck + list(reversed(top_first))

    def set_fences(self, *fences: str) -> None:
        state = self.s["fences"]
        pool = [f["id"] for f in state["open"] if f] + state["deck"] + state["discard"]
        state["open"] = [{"id": f, "laid": [None] * 3} for f in fences]
        state["deck"] = [f for f in pool if f not in fences]
        state["discard"] = []

    def reserve_for(self, p: int, *orders: str) -> None:
        for o in orders:
            self.s["reserved"][o] = p

    def set_master(self, p: int, ability: str, unlocked: bool = True) -> None:
        self.s["players"][p]["master"] = ability
        self.s["players"][p]["unlocked"] = unlocked

    def snapshot(self) -> str:
        return json.dumps(self.s, sort_keys=True)


class Script:
    """Draws from a bag take the next tile of this list (it must be in that bag)."""

    def __init__(self, monkeypatch):
        self.queue: list[str] = []
        for module in (stealing, accomplices):  # the two places that draw from a bag
            monkeypatch.setattr(module, "draw_tile", self.draw)

    def __call__(self, *tiles: str) -> None:
        self.queue += tiles

    def draw(self, s: dict, bag: str) -> str:
        assert self.queue, f"unscripted draw from the {bag} bag"
        tile = self.queue.pop(0)
        assert tile in s["bags"][bag], f"{tile} is not in the {bag} bag"
        s["bags"][bag].remove(tile)
        return tile


def check_components(s: dict) -> None:
    """Every tile, card, order and fence is in exactly one place; coins and posters add up."""
    tiles = [t for bag in s["bags"].values() for t in bag] + s["supply"]["neutral"]
    tiles += [t for me in s["players"] for t in me["loot"]]
    tiles += [t for f in s["fences"]["open"] if f for t in f["laid"] if t]
    if s["steal"] and s["steal"]["skull"]:
        tiles.append(s["steal"]["skull"])
    assert sorted(tiles) == ALL_TILES

    cards = s["deck"] + s["discard"] + s["picks"] + [e["card"] for e in s["plays"]]
    cards += [b["card"] for b in s["bets"]]
    for me in s["players"]:
        cards += me["hand"] + [e["card"] for e in me["in_play"]]
    assert sorted(cards) == ALL_CARDS

    orders = s["orders"]["open"] + s["orders"]["deck"] + s["orders"]["out"] + s["orders"]["box"]
    orders += [o for me in s["players"] for o in me["fulfilled"]]
    assert sorted(o for o in orders if o) == ALL_ORDERS
    assert set(s["reserved"]) <= {o for o in s["orders"]["open"] if o}

    fences = [f["id"] for f in s["fences"]["open"] if f] + s["fences"]["deck"] + \
        s["fences"]["discard"]
    assert sorted(fences) == ALL_FENCES

    data = content.tile_data()
    assert s["supply"]["coins"] + sum(me["coins"] for me in s["players"]) == data["coins"]
    assert s["supply"]["posters"] + sum(me["posters"] for me in s["players"]) == \
        data["posters"]
    assert all(me["vp"] >= 0 and me["coins"] >= 0 for me in s["players"])
    for p in range(len(s["players"])):
        assert sum(1 for q in s["reserved"].values() if q == p) <= content.MARKERS


def hiring_with_a_double_coin(game, script) -> None:
    """Ann holds a double coin and no other coin, the supply none to give change (Bea keeps
    them all); she steals from the red bag and comes to hiring accomplices."""
    game.give_loot(0, DOUBLE)
    game.me(1)["coins"] += game.s["supply"]["coins"] + game.me(0)["coins"]  # all coins kept
    game.s["supply"]["coins"] = game.me(0)["coins"] = 0
    script(RED_RING)
    game.to_step3("red")
    game.act({"done": True})
