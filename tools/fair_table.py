"""Simulated devices dealing Crooks' dens between them by web/play/fair/deck.py, in one process:
each device has its own key and randomness, and every message goes through JSON as it would
between phones. For tests/web/test_fair_deck.py and bench/fair_deck.py; a script of tools/, not
a package."""

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.crooks import content
from web.play.fair import deck as fair


def crook_ids() -> list[str]:
    """The public list of the 32 crooks, in the codebook's order."""
    return sorted(content.crooks())


def sent(data: dict) -> dict:
    """A message as another device receives it: through JSON text."""
    return json.loads(json.dumps(data, separators=(",", ":")))


@dataclass
class Device:
    seat: int
    key: fair.Key
    random: object  # n -> n secret bytes


@dataclass
class FairTable:
    """The devices of one game, the messages they sent (``transcript``) and the dens' cards.
    Every message goes over ``wire`` (a test's cheat may alter it on the way)."""

    game: fair.Game
    devices: list[Device]
    transcript: list[dict] = field(default_factory=list)
    table: dict | None = None
    wire: Callable[[dict], dict] = sent

    @classmethod
    def seat_up(cls, group: fair.Group, randoms: list) -> "FairTable":
        game = fair.Game.of(group, len(randoms), crook_ids())
        return cls(game, [Device(i, game.new_key(r), r) for i, r in enumerate(randoms)])

    def shuffle(self) -> dict:
        """Every device locks and permutes the deck in turn; the dens dealt from the last."""
        last = None
        for device in self.devices:
            last = self.wire(fair.shuffle(self.game, device.seat, device.key, last, device.random))
            self.transcript.append(last)
        self.table = fair.deal(self.game, last)
        return self.table

    def open(self, den: str, seat: int, order: list[int] | None = None) -> list[str]:
        """The other devices strip den ``den`` for ``seat`` (in ``order``), which reads it."""
        last = None
        for other in order or [d.seat for d in self.devices if d.seat != seat]:
            device = self.devices[other]
            last = self.wire(fair.strip(self.game, self.table, other, device.key, den, seat, last))
            self.transcript.append(last)
        return fair.read(self.game, self.table, self.devices[seat].key, den, seat, last)

    def take(self, den: str, seat: int, card: int) -> None:
        data = self.wire(fair.message("take", seat, den=den, card=card))
        self.transcript.append(data)
        self.table = fair.take(self.table, fair.parsed(self.game, data, "take"))

    def reveals(self) -> list[dict]:
        return [self.wire(fair.reveal(d.seat, d.key)) for d in self.devices]

    def audit(self) -> dict:
        return fair.audit(self.game, self.transcript, self.reveals())


def timed_deal(group: fair.Group, random, clock) -> dict:
    """One 3-device deal on ``group`` with ``random`` as every device's randomness, timed on
    ``clock`` (seconds): ms of the whole shuffle (each device in turn, the next one checking its
    deck), of opening the biggest den (5 crooks) for seat 0, and of the end-of-game audit; and
    the bytes of each kind of message as compact JSON. The same code in CPython and in the
    page's Pyodide (bench/fair_deck.py)."""
    start = clock()
    table = FairTable.seat_up(group, [random] * 3)
    table.shuffle()
    shuffled = clock()
    den = content.dens(3)[-1]
    table.open(den, 0)
    opened = clock()
    table.take(den, 0, 0)
    table.audit()
    audited = clock()
    size = {}
    for data in [*table.transcript, *table.reveals()]:
        size.setdefault(data["kind"], len(json.dumps(data, separators=(",", ":"))))
    return {"shuffle_ms": 1000 * (shuffled - start), "open_ms": 1000 * (opened - shuffled),
            "audit_ms": 1000 * (audited - opened), "den": den, "bytes": size}
