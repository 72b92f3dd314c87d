"""Small helpers every rule module uses on the JSON state: players, turn order, the log,
VP, coins and moving tiles between bags, the supply and the players."""

from engine.core import gamelog
from engine.core.rng import Rng

from . import content

NEWEST = 3  # the newest rules revision (Swindler.revision, which says what each one changed)


def revision(s: dict) -> int:
    """The rules revision the state ``s`` is played under (a state drawn from a view too: the
    view's options carry it): a rule that changed reads it where it applies
    (``if revision(s) < 2:`` the older rule)."""
    return s["options"].get("rules", NEWEST)


def players(s: dict) -> int:
    return len(s["players"])


def player(s: dict, p: int) -> dict:
    return s["players"][p]


def name(s: dict, p: int) -> str:
    return s["players"][p]["name"]


def from_seat(s: dict, seat: int) -> list[int]:
    """Every seat in turn order, starting with ``seat``."""
    n = players(s)
    return [(seat + i) % n for i in range(n)]


def rng(s: dict) -> Rng:
    return Rng(s["rng"])


def log(s: dict, msg: str, to: int | None = None, **args) -> None:
    """A log line for everyone, or only for seat ``to``: the message ``msg`` with its data
    ``args`` (seats, ids, numbers; rendered by web/games/swindler/messages.py). The state keeps a
    bounded log (the newest ``gamelog.KEPT`` public lines and the private ones among them): a
    long game's full log would be most of the state, hashed and copied into every view."""
    gamelog.write(s["log"], s["turn"], to=to, msg=msg, args=args)


def unlocked(s: dict, p: int, ability: str) -> bool:
    """Has ``p`` unlocked the master-thief ability ``ability``?"""
    me = s["players"][p]
    return me["master"] == ability and me["unlocked"]


# --- VP and coins ------------------------------------------------------------------------
def gain_vp(s: dict, p: int, n: int) -> None:
    s["players"][p]["vp"] += n


def lose_vp(s: dict, p: int, n: int) -> None:
    """The score marker never drops below 0."""
    me = s["players"][p]
    me["vp"] = max(0, me["vp"] - n)


def gain_coins(s: dict, p: int, n: int) -> int:
    """Coins from the supply (6 in the box): as many as are left. Returns how many."""
    got = min(n, s["supply"]["coins"])
    s["supply"]["coins"] -= got
    s["players"][p]["coins"] += got
    return got


def coins_worth(s: dict, p: int) -> int:
    """Coins ``p`` owns: coin pieces plus the coins shown on coin tiles."""
    me = s["players"][p]
    return me["coins"] + sum(content.coin_value(effective_type(s, t)) for t in me["loot"])


# --- tiles ----------------------------------------------------------------------------
def put_back(s: dict, tile: str) -> None:
    """A tile goes home: coloured tiles into their bag, neutral ones to the supply."""
    bag = content.bag_of(tile)
    pile = s["supply"]["neutral"] if bag == "neutral" else s["bags"][bag]
    pile.append(tile)
    pile.sort()


def give_back(s: dict, p: int, tile: str) -> None:
    """``p`` hands ``tile`` back to its bag (or the supply)."""
    s["players"][p]["loot"].remove(tile)
    s["forged"].pop(tile, None)
    put_back(s, tile)


def hand_over(s: dict, p: int, q: int, tile: str) -> None:
    """``tile`` passes from ``p`` to ``q``."""
    s["players"][p]["loot"].remove(tile)
    s["forged"].pop(tile, None)
    s["players"][q]["loot"].append(tile)


def effective_type(s: dict, tile: str) -> str:
    """The item a tile counts as now (a forgery lasts until the end of the turn)."""
    return s["forged"].get(tile) or content.type_of(tile)


def classes(s: dict, tiles: list[str]) -> list[str]:
    """One tile of each kind (same bag, same item, same forgery): offering each kind once keeps
    the option lists short; identical tiles are interchangeable."""
    seen, found = set(), []
    for tile in sorted(tiles):
        key = (content.bag_of(tile), effective_type(s, tile), tile in s["forged"])
        if key not in seen:
            seen.add(key)
            found.append(tile)
    return found


# --- paying -------------------------------------------------------------------------------
def coin_sources(s: dict, p: int) -> list[str]:
    """What ``p`` can pay a coin with: ``"coin"`` (a coin piece) and one coin tile per kind."""
    me = s["players"][p]
    tiles = [t for t in me["loot"] if content.coin_value(effective_type(s, t))]
    return (["coin"] if me["coins"] else []) + classes(s, tiles)


def pay(s: dict, p: int, source: str, amount: int) -> int:
    """``p`` pays towards ``amount`` coins with one source: a coin piece goes to the supply, a
    coin tile back to its bag. A double coin paying for one gives a coin change from the supply
    (if one is left). Returns the coins paid towards ``amount``."""
    if source == "coin":
        s["players"][p]["coins"] -= 1
        s["supply"]["coins"] += 1
        return 1
    value = content.coin_value(effective_type(s, source))
    give_back(s, p, source)
    if value > amount:
        got = gain_coins(s, p, value - amount)
        log(s, "change", player=p, count=got)
    return min(value, amount)


def draw_tile(s: dict, bag: str) -> str:
    """A random tile out of ``bag`` (every bag always holds at least its skull)."""
    tiles = s["bags"][bag]
    return tiles.pop(rng(s).below(len(tiles)))


def draw_card(s: dict, p: int, fresh: bool) -> str | None:
    """``p`` takes the top accomplice; an empty deck is the shuffled discard pile."""
    if not s["deck"]:
        s["deck"], s["discard"] = s["discard"], []
        rng(s).shuffle(s["deck"])
        if s["deck"]:
            log(s, "deck_reshuffled")
    if not s["deck"]:
        return None
    card = s["deck"].pop()
    player(s, p)["hand"].append(card)
    if fresh:
        player(s, p)["fresh"].append(card)
    log(s, "you_take_card", to=p, card=content.card_face(card))
    return card
