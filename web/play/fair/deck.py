"""A Crooks deal whose hidden stacks no single device can read: mental poker by commutative
encryption (Shamir, Rivest and Adleman's SRA; ``docs/fair-play.md``). Pure Python, no I/O, no
clock, no state between calls; every secret comes from the caller's ``random(n) -> n bytes``.

A card is a quadratic residue modulo a safe prime ``p = 2q + 1``. A device's key is an exponent
``lock`` in ``1..q-1`` and its inverse ``unlock`` modulo ``q``; locking is ``x ** lock mod p``, so
locks by several devices commute and each device removes its own in any order.

The protocol, device ``0..n-1`` playing seat ``0..n-1``:

1. every device in turn locks each card of the deck and permutes it (:func:`shuffle`);
2. the last deck is cut into the dens' stacks and the box (:func:`deal`);
3. a seat opens a den: each other device strips its lock from the den's cards (:func:`strip`),
   the seat strips its own last and reads the crooks (:func:`read`); it says which one it took
   (:func:`take`);
4. at the end every device reveals its lock (:func:`reveal`) and anyone replays the whole deal
   (:func:`audit`), naming the first device whose step does not match.

Messages are JSON-able dicts with the group elements as lowercase hex; :func:`parsed` refuses
anything else with :class:`Refused`.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.crooks import content

Random = Callable[[int], bytes]
HEX = frozenset("0123456789abcdef")
FIELDS = {"shuffle": ("deck",), "strip": ("den", "seat", "cards"), "take": ("den", "card"),
          "key": ("lock",)}


class Refused(ValueError):
    """A message, key or card that cannot come from an honest device."""


class Cheated(Exception):
    """A device's step that does not match what it revealed later: its key at the audit, the
    opening of its commitment (``commit.py``)."""

    def __init__(self, device: int, step: str):
        super().__init__(f"device {device}: {step}")
        self.device, self.step = device, step


@dataclass(frozen=True)
class Group:
    """The quadratic residues modulo the safe prime ``p``: a group of prime order ``q``."""

    p: int

    @property
    def q(self) -> int:
        return self.p // 2

    def element(self, x: int) -> int:
        """``x`` if it can be a locked card: a residue other than 1, below ``p``."""
        if not 1 < x < self.p or jacobi(x, self.p) != 1:
            raise Refused("not an element of the card group")
        return x


# RFC 3526, group 14: the 2048-bit MODP safe prime.
MODP_2048 = Group(int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E"
    "3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF"
    "5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D3"
    "9A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08"
    "CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995"
    "497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16))


@dataclass(frozen=True)
class Key:
    """One device's secret: cards are locked with ``lock`` and unlocked with ``unlock``."""

    lock: int
    unlock: int


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd ``n``: for a prime, 1 on the quadratic residues."""
    a %= n
    sign = 1
    while a:
        twos = (a & -a).bit_length() - 1
        a >>= twos
        if twos & 1 and n % 8 in (3, 5):
            sign = -sign
        if a % 4 == 3 and n % 4 == 3:
            sign = -sign
        a, n = n % a, a
    return sign if n == 1 else 0


def below(n: int, random: Random) -> int:
    """A uniform number in ``0..n-1`` from the caller's random bytes (by rejection)."""
    bits = (n - 1).bit_length()
    while True:
        x = int.from_bytes(random((bits + 7) // 8), "big") >> (-bits % 8)
        if x < n:
            return x


def permuted(items: Sequence, random: Random) -> list:
    """``items`` in a uniform random order (Fisher-Yates, each swap by :func:`below`)."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1, random)
        items[i], items[j] = items[j], items[i]
    return items


@dataclass(frozen=True)
class Game:
    """What every device knows before the deal: the group, the number of players (device and
    seat ``i`` are one), and the codebook: each crook as a card, the square of its place in the
    public list plus 2 (so a residue)."""

    group: Group
    players: int
    book: dict[int, str]

    @classmethod
    def of(cls, group: Group, players: int, crooks: Sequence[str]) -> "Game":
        return cls(group, players, {pow(i + 2, 2, group.p): c for i, c in enumerate(crooks)})

    def key(self, lock: int) -> Key:
        """A device's key from its revealed lock."""
        if not 0 < lock < self.group.q:
            raise Refused("not a lock")
        return Key(lock, pow(lock, -1, self.group.q))

    def new_key(self, random: Random) -> Key:
        return self.key(1 + below(self.group.q - 1, random))

    def power(self, cards: Sequence[int], exponent: int) -> list[int]:
        return [pow(x, exponent, self.group.p) for x in cards]


# --- messages --------------------------------------------------------------------------------
def hexed(x: int) -> str:
    return format(x, "x")


def unhexed(group: Group, text: object) -> int:
    if not (isinstance(text, str) and 0 < len(text) <= (group.p.bit_length() + 3) // 4
            and HEX.issuperset(text)):
        raise Refused("not a number in lowercase hex of the group's size")
    return int(text, 16)


def message(kind: str, device: int, **fields) -> dict:
    """A message to the other devices, its numbers (``deck``, ``cards``, ``lock``) in hex."""
    for name in ("deck", "cards"):
        if name in fields:
            fields[name] = [hexed(x) for x in fields[name]]
    if "lock" in fields:
        fields["lock"] = hexed(fields["lock"])
    return {"kind": kind, "device": device, **fields}


def _index(value: object, size: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < size:
        raise Refused(f"{what} out of range")
    return value


def _cards(group: Group, value: object) -> list[int]:
    if not isinstance(value, list):
        raise Refused("the cards are not a list")
    cards = [group.element(unhexed(group, x)) for x in value]
    if len(set(cards)) != len(cards):
        raise Refused("the same card twice")
    return cards


def parsed(game: Game, data: object, kind: str) -> dict:
    """A message of ``kind`` from another device, its fields checked and its numbers read (a
    key message's lock as the device's :class:`Key`)."""
    if not isinstance(data, dict) or data.get("kind") != kind:
        raise Refused(f"not a {kind} message")
    if set(data) != {"kind", "device", *FIELDS[kind]}:
        raise Refused(f"a {kind} message has the fields kind, device, {', '.join(FIELDS[kind])}")
    got = {"kind": kind, "device": _index(data["device"], game.players, "device")}
    if kind == "shuffle":
        got["deck"] = _sized(_cards(game.group, data["deck"]), len(game.book))
    if kind in ("strip", "take"):
        if data["den"] not in content.dens(game.players):
            raise Refused("no such den")
        got["den"] = data["den"]
    if kind == "strip":
        got["seat"] = _index(data["seat"], game.players, "seat")
        got["cards"] = _cards(game.group, data["cards"])
    if kind == "take":
        got["card"] = _index(data["card"], max(content.STACKS[game.players]), "card")
    if kind == "key":
        got["key"] = game.key(unhexed(game.group, data["lock"]))
    return got


def _sized(cards: list[int], size: int) -> list[int]:
    if len(cards) != size:
        raise Refused(f"{len(cards)} cards where {size} were expected")
    return cards


# --- each device's steps ---------------------------------------------------------------------
def shuffle(game: Game, device: int, key: Key, before: dict | None, random: Random) -> dict:
    """Device ``device``'s turn at the deck: every card of the previous device's deck (the
    codebook's for device 0) locked with ``key``, then put in a secret order."""
    deck = list(game.book) if before is None else parsed(game, before, "shuffle")["deck"]
    return message("shuffle", device, deck=permuted(game.power(deck, key.lock), random))


def _cut(game: Game, deck: list[int]) -> dict:
    stacks = {}
    for den, size in zip(content.dens(game.players), content.STACKS[game.players], strict=True):
        stacks[den], deck = deck[:size], deck[size:]
    return {"dens": stacks, "box": deck}


def deal(game: Game, last: dict) -> dict:
    """The last device's deck cut into the dens' stacks (A first, ``content.STACKS``) and the
    box: ``{"dens": {den: cards}, "box": cards}``, the same on every device."""
    return _cut(game, parsed(game, last, "shuffle")["deck"])


def strip(game: Game, table: dict, device: int, key: Key, den: str, seat: int,
          before: dict | None) -> dict:
    """Device ``device`` removes its lock from den ``den``'s cards for ``seat``: from the den's
    cards on ``table`` (:func:`deal`), or from another device's strip message ``before``."""
    if device == seat:
        raise Refused("a seat strips its own lock last, in private")
    cards = table["dens"][den] if before is None else _opening(game, table, den, seat, before)
    return message("strip", device, den=den, seat=seat, cards=game.power(cards, key.unlock))


def _opening(game: Game, table: dict, den: str, seat: int, data: dict) -> list[int]:
    got = parsed(game, data, "strip")
    if (got["den"], got["seat"]) != (den, seat):
        raise Refused("a strip for another opening")
    return _sized(got["cards"], len(table["dens"][den]))


def read(game: Game, table: dict, key: Key, den: str, seat: int, last: dict) -> list[str]:
    """The seat's own lock removed from the last strip of the other devices: the den's crooks,
    in the den's order."""
    cards = game.power(_opening(game, table, den, seat, last), key.unlock)
    if not all(x in game.book for x in cards):
        raise Refused("the den does not open to crooks: a device stripped it wrongly")
    return [game.book[x] for x in cards]


def take(table: dict, got: dict) -> dict:
    """The table after a seat took the ``card``-th card of a den (a parsed take message)."""
    stack = table["dens"][got["den"]]
    card = _index(got["card"], len(stack), "card")
    return {**table, "dens": {**table["dens"], got["den"]: stack[:card] + stack[card + 1:]}}


def reveal(device: int, key: Key) -> dict:
    return message("key", device, lock=key.lock)


# --- the audit -------------------------------------------------------------------------------
def audit(game: Game, transcript: Sequence[dict], reveals: Sequence[dict]) -> dict:
    """The whole deal replayed with every device's revealed lock: each shuffle must be the deck
    before it locked and permuted, each strip the cards before it unlocked. Returns the crooks
    as dealt (``{"dens": {den: crooks}, "box": crooks}``) and the takes (``[seat, den, crook]``);
    raises :class:`Cheated` naming the first device whose step does not match, and
    :class:`Refused` for a transcript out of the protocol's order."""
    keys = {}
    for data in reveals:
        got = parsed(game, data, "key")
        keys[got["device"]] = got["key"]
    if sorted(keys) != list(range(game.players)) or len(reveals) != game.players:
        raise Refused("a lock from every device, once")
    whole = 1
    for key in keys.values():
        whole = whole * key.unlock % game.group.q
    kinds = [data.get("kind") if isinstance(data, dict) else None for data in transcript]
    if kinds[:game.players] != ["shuffle"] * game.players:
        raise Refused("the transcript starts with every device's shuffle")
    deck = list(game.book)
    for device, data in enumerate(transcript[:game.players]):
        got = parsed(game, data, "shuffle")
        if got["device"] != device:
            raise Refused("the devices shuffle in turn from device 0")
        if sorted(game.power(deck, keys[device].lock)) != sorted(got["deck"]):
            raise Cheated(device, "its shuffle is not the deck before it under its lock")
        deck = got["deck"]
    crook = dict(zip(deck, (game.book[x] for x in game.power(deck, whole)), strict=True))
    table = _cut(game, deck)
    dealt = {"dens": {den: [crook[x] for x in cards] for den, cards in table["dens"].items()},
             "box": [crook[x] for x in table["box"]]}
    opening, opened, takes = {}, set(), []  # strips under way and done, by (den, seat)
    for kind, data in zip(kinds[game.players:], transcript[game.players:], strict=True):
        got = parsed(game, data, kind if kind in ("strip", "take") else "strip")
        device, den = got["device"], got["den"]
        if kind == "take":
            if (den, device) not in opened:
                raise Refused("a take with no opening of its den for its seat before it")
            stack = table["dens"][den]
            table = take(table, got)
            takes.append([device, den, crook[stack[got["card"]]]])
            opening = {k: v for k, v in opening.items() if k[0] != den}
            opened = {k for k in opened if k[0] != den}
            continue
        slot = (den, got["seat"])
        step = opening.setdefault(slot, {"done": set(), "cards": table["dens"][den]})
        if device in step["done"] or device == got["seat"]:
            raise Refused("each other device strips an opening once")
        if got["cards"] != game.power(step["cards"], keys[device].unlock):
            raise Cheated(device, f"its strip of den {den} is not the cards before it unlocked")
        step["done"].add(device)
        step["cards"] = got["cards"]
        if len(step["done"]) == game.players - 1:
            opened.add(slot)
            del opening[slot]
    return {**dealt, "takes": takes}
