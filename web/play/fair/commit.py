"""Secret choices made at once across devices: a hash commitment first, the choice later
(``docs/fair-play.md``, "Commitments"). Pure Python, no I/O, no state between calls; the nonce
comes from the caller's ``random(n) -> n bytes``.

Where the rules have seats decide at the same time or face down (Age of Thieves' declarations,
an answer in a Swindler reaction window, a Crooks crook placed face down), a seat's device
sends the **commitment** ``sha256(CHOICE + head + nonce + canonical([seat, choice]))`` and keeps
the **opening** (the choice and the 32-byte nonce) until every seat concerned has committed;
then it sends the opening, which anyone checks with :func:`opened`.

What is hashed besides the choice, and why:

- ``head``: the chain's head the decision stands on (``docs/remote.md``, "The record as a hash
  chain"; in a reaction window, the head the seat's answer is chained onto). It is the digest
  of the set-up (the game) and of every decision before, so a commitment opens in one game at
  one moment only: it cannot be replayed into another game, a later round or a fork. Every
  device holds that head already, so nothing more travels. (A game id and a decision number
  would do the same for the game and the moment, but not tell two forks apart.)
- ``seat``: a device cannot copy another seat's commitment and later copy its opening, which
  would let it make the other's choice without knowing it in time.
- ``nonce``: a choice has few values (a declaration is one of a few dozen); without 32 random
  bytes anyone could hash them all and read the commitment.

The fixed-size parts come first and the one part of varying length (the JSON) last, so no two
inputs share a hashed text. Texts travel as lowercase hex.
"""

import hashlib

from engine.core.game import canonical
from web.play.fair.deck import HEX, Cheated, Random, Refused

HEAD_BYTES = NONCE_BYTES = DIGEST_BYTES = 32
CHOICE = b"thieves-table fair choice 1:"  # the domain of a choice's commitment
OPENING = ("choice", "nonce")


def digest(domain: bytes, head: bytes, seat: int, nonce: bytes, value: object) -> bytes:
    """SHA-256 over ``domain``, the head, the nonce and ``[seat, value]`` as canonical JSON;
    Refused for a value that JSON cannot write."""
    if type(head) is not bytes or len(head) != HEAD_BYTES:
        raise Refused(f"a head is {HEAD_BYTES} bytes")
    if type(seat) is not int or seat < 0:
        raise Refused("a seat is a number from 0")
    try:
        text = canonical([seat, value])
    except (TypeError, ValueError, RecursionError):
        raise Refused("the choice is not JSON data") from None
    return hashlib.sha256(domain + head + nonce + text.encode()).digest()


def unhex(text: object, size: int, what: str) -> bytes:
    """``size`` bytes written as lowercase hex; Refused for anything else."""
    if not (isinstance(text, str) and len(text) == 2 * size and HEX.issuperset(text)):
        raise Refused(f"{what}: not {size} bytes in lowercase hex")
    return bytes.fromhex(text)


def commit(head: bytes, seat: int, choice: object, random: Random) -> tuple[str, dict]:
    """``seat``'s commitment to ``choice`` at ``head`` (hex, to send now) and its opening (to
    keep, and send once every seat concerned has committed)."""
    nonce = random(NONCE_BYTES)
    return (digest(CHOICE, head, seat, nonce, choice).hex(),
            {"choice": choice, "nonce": nonce.hex()})


def check(domain: bytes, head: bytes, seat: int, commitment: object, nonce: object,
          value: object, what: str) -> bytes:
    """The nonce (``what``, in hex) read, if with ``value`` it opens ``seat``'s ``commitment``
    in ``domain`` at ``head``. Raises :class:`Refused` for a commitment or nonce that is not
    well formed, and :class:`Cheated` naming ``seat`` when they do not match (another value,
    another nonce, or a commitment made for another seat, game or moment)."""
    expected = unhex(commitment, DIGEST_BYTES, "a commitment")
    opening = unhex(nonce, NONCE_BYTES, what)
    if digest(domain, head, seat, opening, value) != expected:
        raise Cheated(seat, "what it reveals does not open its commitment")
    return opening


def opened(head: bytes, seat: int, commitment: object, opening: object) -> object:
    """The choice ``opening`` reveals, if it opens ``seat``'s ``commitment`` at ``head``
    (:func:`check`'s refusals)."""
    if not isinstance(opening, dict) or set(opening) != set(OPENING):
        raise Refused("an opening has the fields choice and nonce")
    check(CHOICE, head, seat, commitment, opening["nonce"], opening["choice"], "a nonce")
    return opening["choice"]
