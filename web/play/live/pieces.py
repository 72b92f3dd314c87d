"""A message as a live data channel carries it (web/play/live/, docs/live.md): whole if it fits,
else in numbered pieces of at most 16 KiB with a check of the whole, put together on the other
side, where a piece out of turn, missing or repeated, or a whole that does not check, is
refused; a channel holds one message's pieces at most."""

import hashlib
import re
from dataclasses import dataclass

LONGEST_MESSAGE = 500_000  # characters of a message over a channel (a whole game is far less)
PIECE = 16_000  # characters of a message's piece: with its head within the 16 KiB every
                # browser's data channel carries in one message (docs/live.md)
PIECES = -(-LONGEST_MESSAGE // PIECE)  # the most pieces one message is sent in
PIECE_HEAD = re.compile(r"~(\d{1,3})/(\d{1,3})/([0-9a-f]{16})~")  # number, of how many, check


def check_of(data: str) -> str:
    """What a message's pieces carry to check the whole put together."""
    return hashlib.sha256(data.encode()).hexdigest()[:16]


def pieces(data: str) -> list[str]:
    """A message as the channel carries it: whole if it fits, else in numbered pieces (a
    message is ASCII: JSON, and links are base64url)."""
    if len(data) <= PIECE:
        return [data]
    parts = [data[at:at + PIECE] for at in range(0, len(data), PIECE)]
    check = check_of(data)
    return [f"~{number}/{len(parts)}/{check}~{part}" for number, part in enumerate(parts, 1)]


@dataclass
class Pieces:
    """The pieces of a message come so far over one channel."""

    count: int
    check: str
    parts: list[str]


def put_together(held_by: dict[int, Pieces], seat: int, data: str, damaged) -> str | None:
    """The message ``data`` completes from ``seat``'s device (None: more pieces to come, or
    refused: ``damaged()`` is called), ``held_by`` the pieces each channel holds so far. A
    channel carries its messages in order, one message's pieces one after another: anything
    else is refused."""
    head = PIECE_HEAD.match(data)
    so_far = held_by.pop(seat, None)
    if so_far is not None and (head is None or head[1] == "1"):  # the one before was cut
        damaged()
        so_far = None
    if head is None:
        return data
    number, count, check, part = int(head[1]), int(head[2]), head[3], data[head.end():]
    if number == 1:
        so_far = Pieces(count, check, [])
    if so_far is None or (count, check) != (so_far.count, so_far.check) or \
            not 1 < count <= PIECES or number != len(so_far.parts) + 1 or \
            not 0 < len(part) <= PIECE:
        damaged()
        return None
    so_far.parts.append(part)
    if number < count:
        held_by[seat] = so_far
        return None
    whole = "".join(so_far.parts)
    if check_of(whole) != check:
        damaged()
        return None
    return whole
