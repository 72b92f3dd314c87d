"""A remote game's link text: ``#r=`` + a version character + the packing of
``web/keep/gamelink.py`` (compressed JSON); the sizes of its keys, signatures and secrets and their
base64 text; and the shape of each field read back, checked before anything uses it (RemoteError if
not)."""

import base64
import binascii

from web.base.i18n import _
from web.keep import gamelink
from web.play.chain.texts import RemoteError

PREFIX = "#r="
VERSION = "1"
LINK_DEPTH = 3  # {"k": [[entry, signature], ...], ...}
BASE_BYTES = 6  # of the head a hop goes on from
KEY_BYTES, SIGNATURE_BYTES = 32, 64  # Ed25519
SECRET_BYTES = 32  # an invitation's secret: the private key of its invitation key
TOKEN_BYTES = COMMIT_BYTES = 12  # an invitation's secret and what the set-up showed of it,
                                 # in games set up before invitations were keys (2026-11-28)
MAX_ENTRIES = 20_000  # carried in one link (a whole Swindler game has a few thousand)
SETUP_KEYS = ("g", "s", "o", "r", "h", "t")  # a join link's set-up fields
RULES_KEY = "v"  # its rules revision: only in games set up since records name it


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text, size: int) -> bytes:
    """``size`` bytes written by ``b64``; RemoteError when the text is anything else."""
    if type(text) is str and len(text) == -(-size * 4 // 3):
        try:
            data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except (binascii.Error, ValueError):
            data = b""
        if len(data) == size and b64(data) == text:
            return data
    raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))


def b64_size(text, *sizes: int) -> int:
    """Which of ``sizes`` (bytes) ``b64`` text of this length holds (the first if none)."""
    return next((n for n in sizes if type(text) is str and len(text) == -(-n * 4 // 3)),
                sizes[0])


def setup_of(data: dict) -> dict:
    """A join link's set-up fields: the rules revision only where the link names one, so that
    a game set up before revisions were named keeps its id (the hash of its set-up)."""
    setup = {k: data.get(k) for k in SETUP_KEYS}
    if RULES_KEY in data:
        setup[RULES_KEY] = data[RULES_KEY]
    return setup


def pack(data: dict) -> str:
    """The link (from its ``#``) carrying ``data``."""
    return PREFIX + VERSION + gamelink.pack(data)


def unpack(link: str) -> dict:
    """The data of a remote game's link: a join link's (with "g") or a hop's (with "i")."""
    found = gamelink.fragment_data(link, PREFIX, VERSION) if type(link) is str else None
    if found is None:
        raise RemoteError(_("This is not a link of a remote game: such a link contains “#r=” "
                            "followed by the game's data."))
    data = gamelink.unpack(found, LINK_DEPTH)
    if type(data) is not dict or ("g" in data) == ("i" in data):
        raise RemoteError(_("This game link is damaged: parts of the game are missing."))
    return data


def guarded(read):
    """``read()``, whatever goes wrong in it told as a RemoteError: the link's fault."""
    try:
        return read()
    except RemoteError:
        raise
    except gamelink.LinkError as error:
        raise RemoteError(str(error)) from None
    except Exception as error:  # whatever was missed: still the link's fault
        raise RemoteError(_("This game link cannot be opened ({error}). The link may have been "
                            "altered or cut.").format(error=type(error).__name__)) from None


def moves(text) -> list[str]:
    """The texts of the moves a link's "a" or "q" field carries."""
    if text is None:
        return []
    if type(text) is not str:
        raise RemoteError(_("This game link is damaged: its moves cannot be read."))
    texts = text.split(gamelink.SEP) if text else []
    if len(texts) > MAX_ENTRIES:
        raise RemoteError(_("This game link holds far more data than a game can have."))
    return texts


def claims(found, count: int) -> dict:
    """The link's announced keys: entry number -> {"k", "t"}."""
    claimed = {}
    for item in found or []:
        if not (type(item) is list and len(item) == 3 and type(item[0]) is int
                and 0 <= item[0] < count and item[0] not in claimed):
            raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))
        unb64(item[1], KEY_BYTES)
        unb64(item[2], b64_size(item[2], SIGNATURE_BYTES, TOKEN_BYTES))
        claimed[item[0]] = {"k": item[1], "t": item[2]}
    if found is not None and type(found) is not list:
        raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))
    return claimed


def signatures(found, count: int) -> dict:
    """The link's signatures: entry number -> signature bytes."""
    if type(found) is not list:
        raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))
    signed = {}
    for item in found:
        if not (type(item) is list and len(item) == 2 and type(item[0]) is int
                and 0 <= item[0] < count and item[0] not in signed):
            raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))
        signed[item[0]] = unb64(item[1], SIGNATURE_BYTES)
    return signed
