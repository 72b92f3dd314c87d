"""What players read of a remote game: its seats' names, the message a link is sent with, and
why a link is refused (:class:`RemoteError` and its kinds, in a player's words)."""

from web.base.i18n import _
from web.base.names import seat_name
from web.keep import gamelink


class RemoteError(gamelink.LinkError):
    """A remote game's link that cannot be taken; the message says why, in a player's words."""


class Altered(RemoteError):
    """A signature the link carries does not hold: it was altered or forged."""


class MissedLinks(RemoteError):
    """The link goes on from moves this device has not received yet."""


class ForkError(RemoteError):
    """Two different continuations of the same game, both signed: ``position`` is the first
    action (1-based) where they part (None: before the link's start), ``ours`` and ``theirs``
    the two entries there ({"p": seat, "a": action})."""

    def __init__(self, message: str, position: int | None, ours=None, theirs=None):
        super().__init__(message)
        self.position, self.ours, self.theirs = position, ours, theirs


def message(name: str, game: str, moment: str, link: str) -> str:
    """The ready-to-paste text sending ``link`` to ``name`` (None: to everyone); ``moment``:
    where the game stands, as its screen says (e.g. "Turn 4")."""
    if name is None:
        return _("Everyone: news from {game}, {moment} — {link}").format(
            game=game, moment=moment, link=link)
    return _("{name}: your turn in {game}, {moment} — {link}").format(
        name=name, game=game, moment=moment, link=link)


def altered(name: str) -> str:
    """The refusal of a link whose signature by ``name`` does not hold."""
    return _("This link was altered: {name}'s signature does not match the moves it carries. "
             "Ask for the link again.").format(name=name)


def forked(seats: list[dict], position: int, ours: dict, theirs: dict) -> ForkError:
    """The refusal of a rightly signed link whose entry ``theirs`` at action ``position``
    differs from this device's ``ours``: a seat opened on two devices, a seat's two decisions,
    or two courses of the game."""
    name = seat_name(seats, ours["p"])
    if ours["p"] == theirs["p"] and ours.get("k") != theirs.get("k"):
        return ForkError(_(
            "{name}'s seat was opened on two devices: from move {n} on, this link and "
            "this device hold different decisions for it. Someone who held {name}'s "
            "invitation took the seat, and it need not be {name}. Agree at the table "
            "which course counts, then go on from its newest link.").format(
            name=name, n=position), position, ours, theirs)
    if ours["p"] == theirs["p"]:
        return ForkError(_("{name} made two different decisions at move {n}: this game has "
                           "split in two. Agree at the table which one counts, then go on from "
                           "its newest link.").format(name=name, n=position),
                         position, ours, theirs)
    return ForkError(_("This game has split in two: from move {n} on, this link's moves "
                       "differ from the ones on this device. Agree at the table which "
                       "one counts, then go on from its newest link.").format(n=position),
                     position, ours, theirs)
