"""Randomness made together: a die, a draw of one of ``n``, a shuffle, whose outcome no device
can foresee or steer (``docs/fair-play.md``, "Randomness made together"). Pure Python, no I/O,
no state between calls; each share comes from the caller's ``random(n) -> n bytes``.

An :class:`Event` is one draw at one moment (the chain's head), named by its label, with the
seats that take part. Each seat's device:

1. draws a 32-byte share and sends its commitment (:func:`share`; the share is its own nonce:
   32 random bytes hide it as well as a choice's nonce does, ``commit.py``);
2. once it holds every seat's commitment, and not before, sends the share (:func:`reveal`);
3. checks every share against its commitment and derives the outcome: SHA-256 over the event
   and the shares in seat order, expanded by a counter (:func:`stream`), read as a number below
   ``n`` by rejection (:func:`draw`) or as a Fisher-Yates shuffle (:func:`shuffled`). Every
   device gets the same outcome, whatever order the shares came in.

**Why nobody can steer it.** Every share is fixed by its commitment before anyone has seen a
share, and the outcome depends on all of them: one share unknown to the others when they
committed (an honest device's) makes the outcome unknown to every other device. The last to
reveal has seen all the other shares, so it knows the outcome before anyone else, but it can
no longer change its own share: its commitment opens to one share only, and another is refused
as cheating, naming its seat.

**What a device can still do: refuse to reveal.** That stops the event, visibly: everyone sees
whose share is missing. It must not be answered by drawing again with fresh shares, or a
device that dislikes the outcome it alone has seen would get a second throw by keeping quiet;
the table waits for that seat or ends the game, naming it.
"""

import hashlib
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.game import canonical
from web.play.fair.commit import HEAD_BYTES, check, digest
from web.play.fair.deck import Random, Refused, below, permuted

SHARE_BYTES = 32
SHARE = b"thieves-table fair share 1:"  # the domain of a share's commitment
CHANCE = b"thieves-table fair chance 1:"  # of the outcome


@dataclass(frozen=True)
class Event:
    """A chance event: the head it stands on, what is drawn (``label``, such as "start
    player"), and the seats whose devices take part, in seat order."""

    head: bytes
    label: str
    seats: tuple[int, ...]

    def __post_init__(self):
        if type(self.head) is not bytes or len(self.head) != HEAD_BYTES:
            raise Refused(f"a head is {HEAD_BYTES} bytes")
        if type(self.label) is not str:
            raise Refused("an event's label is a text")
        if not self.seats or list(self.seats) != sorted(set(self.seats)) or not all(
                type(s) is int and s >= 0 for s in self.seats):
            raise Refused("an event's seats are distinct numbers from 0, in order")


def share(event: Event, seat: int, random: Random) -> tuple[str, bytes]:
    """``seat``'s commitment to a new share (hex, to send now) and the share (to keep)."""
    if seat not in event.seats:
        raise Refused(f"seat {seat} takes no part in {event.label}")
    secret = random(SHARE_BYTES)
    return digest(SHARE, event.head, seat, secret, event.label).hex(), secret


def reveal(event: Event, share: bytes, commitments: Mapping[int, object]) -> str:
    """The share to send (hex), once the commitments of all the event's seats are in; Refused
    before, since a share seen early would let a seat still to commit choose its own."""
    missing = [seat for seat in event.seats if seat not in commitments]
    if missing:
        raise Refused(f"a share is revealed only after every commitment; none yet from seat "
                      f"{', '.join(map(str, missing))}")
    return share.hex()


def stream(event: Event, commitments: Mapping[int, object], shares: Mapping[int, object]
           ) -> Random:
    """The event's random bytes: every seat's share checked against its commitment, then
    SHA-256 of the event and the shares in seat order, extended by ``sha256(seed + counter)``
    blocks. Raises :class:`Refused` for a missing, extra or malformed commitment or share, and
    :class:`Cheated` naming the seat whose share does not open its commitment."""
    for given, what in ((commitments, "commitment"), (shares, "share")):
        if set(given) != set(event.seats):
            raise Refused(f"a {what} from each seat of {event.label}, and from no other")
    shown = b"".join(check(SHARE, event.head, seat, commitments[seat], shares[seat],
                           event.label, "a share") for seat in event.seats)
    about = hashlib.sha256(canonical([list(event.seats), event.label]).encode()).digest()
    seed = hashlib.sha256(CHANCE + event.head + about + shown).digest()
    blocks = (hashlib.sha256(seed + i.to_bytes(8, "big")).digest() for i in itertools.count())
    kept = bytearray()

    def read(n: int) -> bytes:
        while len(kept) < n:
            kept.extend(next(blocks))
        got = bytes(kept[:n])
        del kept[:n]
        return got
    return read


def draw(event: Event, commitments: Mapping[int, object], shares: Mapping[int, object],
         n: int) -> int:
    """The event's outcome as one of ``0..n-1``, each equally likely (:func:`deck.below`)."""
    if type(n) is not int or n < 1:
        raise Refused("a draw is of one of at least one")
    return below(n, stream(event, commitments, shares))


def shuffled(event: Event, commitments: Mapping[int, object], shares: Mapping[int, object],
             items: Sequence) -> list:
    """``items`` in the event's order, every order equally likely (:func:`deck.permuted`)."""
    return permuted(items, stream(event, commitments, shares))
