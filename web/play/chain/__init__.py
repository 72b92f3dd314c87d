"""The remote table: a game played by links, each person on their own device and seat
(``docs/remote.md``). Pure Python, no I/O; split by job, each part using only those before it:

- ``texts``: what players read: seats' names, the message a link is sent with, refusals;
- ``codec``: the link text and the sizes and shapes of what it carries;
- ``protocol``: the hash chain of signed entries over the game's record: keys, binding;
- ``answers``: who decides now, and the answers given at once put in one order;
- ``chain``: :class:`Chain`, the game as one device knows it: the links it sends and takes.

The rest of the table uses the names below.
"""

from web.play.chain.chain import Chain, Incoming, game_of
from web.play.chain.codec import (
           KEY_BYTES,
           LINK_DEPTH,
           PREFIX,
           SECRET_BYTES,
           SIGNATURE_BYTES,
           TOKEN_BYTES,
           VERSION,
           b64,
           b64_size,
           unb64,
)
from web.play.chain.protocol import commitment
from web.play.chain.texts import Altered, ForkError, MissedLinks, RemoteError, message

__all__ = ["KEY_BYTES", "LINK_DEPTH", "PREFIX", "SECRET_BYTES", "SIGNATURE_BYTES", "TOKEN_BYTES",
           "VERSION", "Altered", "Chain", "ForkError", "Incoming", "MissedLinks", "RemoteError",
           "b64", "b64_size", "commitment", "game_of", "message", "unb64"]
