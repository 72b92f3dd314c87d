"""What the remote table's screen (web/screens/links.py) draws: plain data, built once per paint
by the table's flow (``RemoteTable.scene``, web/play/links/), so that the screen holds no
chain, no device and no controller, and asks the game nothing."""

from dataclasses import dataclass

# where a live channel to another device stands (web/play/live/)
OFFERING = "offering"  # the host's page gathers its offer
OFFERED = "offered"  # the host shows the offer, for the guest's camera
ANSWERING = "answering"  # the guest's page makes its answer
ANSWERED = "answered"  # the guest shows the answer, for the host to scan
CONNECTING = "connecting"  # the host took the answer: the channel is opening
OPEN = "open"
CLOSED = "closed"  # it was open, and closed
FAILED = "failed"  # it could not be opened (the phones cannot reach each other, or an old code)
NOT_CONNECTED = ""  # never connected (the host's screen offers to connect it)


@dataclass(frozen=True)
class Peer:
    """The channel to another device, as the screen shows it: ``code`` the link with this
    device's offer (the host's) or answer (a guest's) to show as a QR code."""

    seat: int  # the seat of the person at that device
    stage: str
    code: str = ""
    attempt: str = ""  # the host's offer it comes from (web/play/live/: an old one is refused)


@dataclass(frozen=True)
class Split:
    """A split of the game as its panel tells it: ``position`` the move where the two courses
    part (None: before the link's start), ``ours`` and ``theirs`` the seats that decided
    there on this device and in the link (never what: one of them may be a secret not revealed
    yet)."""

    position: int | None
    ours: int | None = None
    theirs: int | None = None

    @classmethod
    def of(cls, fork) -> "Split":
        """The panel's telling of a refused link's ``ForkError`` (web/play/chain/)."""
        if fork.position is None:
            return cls(None)
        return cls(fork.position, fork.ours["p"], fork.theirs["p"])


@dataclass(frozen=True)
class RemoteScene:
    """The remote game open on this device, as its screen shows it now."""

    game: str  # the game's key (web/games/__init__.py)
    names: tuple[str, ...]  # the name each seat plays under
    me: int  # the seat of the person at this device
    view: dict  # their seat's view (asked their decision only while it is theirs to make)
    ui: dict  # the game screen's draft
    since: list  # the lines of their log since their last decision
    busy: bool  # signing or checking under way, or the host's bot about to decide
    asked: bool  # the game waits for their decision
    unsigned: bool  # decisions made here wait for their signature: no link yet
    thinking: int | None  # the host's bot about to decide (a Hard one searches)
    waiting: tuple[str, ...]  # the others whose decisions this device waits for
    undo: bool  # their latest decision may be taken back
    outgoing: tuple  # the links to send now (``Outgoing``: to, text)
    invitations: tuple  # the host's invitations to send (``Outgoing``)
    invited: bool  # the host has seats still to invite (once the decision is signed)
    game_link: str  # the link to the whole game ("" while a decision is being signed)
    fork: Split | None  # a split of the game, shown until dismissed
    paste: str  # the text in the box for a received link
    result: dict | None  # the game's result once it is over
    final: dict | None  # then, the view of the table (public information only)
    qr: str = ""  # the link shown as a QR code ("": none; one no longer offered shows nothing)
    live: tuple = ()  # the live channels to other devices (``Peer``, web/play/live/)
    host: bool = False  # this device is the host's
