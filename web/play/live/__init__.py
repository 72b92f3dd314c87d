"""The live table (issue 40, docs/live.md): the remote table with a faster postman.

Every guest's phone holds a WebRTC data channel to the host's (a star: the host passes on what
one guest sends another), opened by two scans: the host's screen shows a link with its packed
offer (web/play/live/handshake.py), the guest's camera opens it, the guest's screen shows its
answer, and the host scans that inside the table. The channels themselves live on the page
(static/live.js: a worker has no ``RTCPeerConnection``); this module decides what goes over
them. What travels is exactly the remote table's links, taken through the same door, with the
same checks and refusals. A channel that closes leaves its links offered to copy, as without
one; when a channel opens each side sends the other its whole game, so a device that was away
catches up and nothing is lost or made twice.

Every join attempt ends: each offer is named (``attempt``, the host's clock), the guest's
answer names the offer it answers, and a code older than the one in hand is refused on either
side before it disturbs anything; the page gives up on a channel that does not open in time
(static/live.js), and both screens say so. A new attempt never closes a working channel: the
page swaps it only once the new one is open.
"""

import json
import time
from dataclasses import dataclass

from web.base.i18n import _
from web.play.chain import PREFIX, Altered, RemoteError, game_of
from web.play.live import handshake
from web.play.live.pieces import LONGEST_MESSAGE, Pieces, put_together
from web.play.live.pieces import pieces as in_pieces
from web.screens.linkscene import (
    ANSWERED,
    ANSWERING,
    CLOSED,
    CONNECTING,
    FAILED,
    NOT_CONNECTED,
    OFFERED,
    OFFERING,
    OPEN,
    Peer,
)

OFFER = "&l="  # after an invitation: the host's offer to the seat it invites (attempt.offer)
AGAIN = "#l="  # a seat already open: its game's id, the attempt and the host's offer
ANSWER = "#a="  # a guest's answer: its game's id, the guest's seat, the attempt and the answer
@dataclass
class Heard:
    """A link come over a channel: from ``sender``'s device (its person's seat), for ``to``
    (a seat; None: everyone)."""

    sender: int
    to: int | None
    link: str



DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"  # an attempt's name: a number in base 36
EPOCH = 1_767_225_600  # 2026-01-01: an attempt is named by the tenths of a second since

class Unreadable(RemoteError):
    """A live link or message that cannot be taken (damaged, or of another game or offer)."""


def takes(fragment: str) -> bool:
    """Is ``fragment`` a link of the live table's own (an offer to a seat already open, or an
    answer)?"""
    return AGAIN in fragment or ANSWER in fragment


def split(fragment: str) -> tuple[str, tuple[str, str, str] | None]:
    """A received link and the host's offer it carries: (the remote link, ("" or the game's
    id, the attempt, the packed offer)); (the link, None) when it carries none."""
    if AGAIN in fragment:
        game_id, _sep, offer = fragment.split(AGAIN, 1)[1].partition(".")
        return "", (game_id, *offer.partition(".")[::2])
    if OFFER in fragment:
        link, offer = fragment.split(OFFER, 1)
        return link, ("", *offer.partition(".")[::2])
    return fragment, None


def attempt_name(number: int) -> str:
    """``number`` in base 36 (what ``int(name, 36)`` reads back)."""
    name = ""
    while number:
        number, digit = divmod(number, 36)
        name = DIGITS[digit] + name
    return name or "0"


class Live:
    """The live channels of the remote game open in the tab (``table``: its RemoteTable)."""

    def __init__(self, table):
        self.table = table
        self.game_id = ""  # the game the channels are for
        self.peers: dict[int, Peer] = {}  # by the other device's seat: the latest attempt
        self.channels: dict[int, str] = {}  # the open channels, by seat: their attempt
        self.offer: tuple[str, str, str] | None = None  # heard: answered once its game is open
        self.newest = 0  # the latest attempt made (the host) or answered (a guest) here
        self.inbox: list[Heard] = []  # links come over a channel, taken one at a time
        self.pieces: dict[int, Pieces] = {}  # a message coming in pieces, by channel
        self.sent: dict[str, set] = {}  # the links sent over channels: to which devices
        self.behind: set[int] = set()  # devices to send the whole game to, once it is signed

    def follow(self, game_id: str) -> None:
        """A game is open in the tab: another game's channels are closed."""
        if game_id == self.game_id:
            return
        effects = tuple(("live", {"do": "close", "peer": seat}) for seat in self.peers)
        self.peers, self.channels, self.inbox, self.sent, self.behind = {}, {}, [], {}, set()
        self.pieces = {}
        self.game_id, self.newest = game_id, 0
        if self.offer is not None and self.offer[0] not in ("", game_id):
            self.offer = None
        self.table.say(effects=effects)

    def door(self, fragment: str) -> str:
        """What of a link opened here is the live table's: an answer is taken, an offer kept
        to answer; the remote link left to take ("": none)."""
        if ANSWER in fragment:
            self.answer_read(fragment)
            return ""
        link, offer = split(fragment)
        if offer is None or link:
            self.offer = offer or self.offer
            return link
        if self.device is None or self.device.chain.game_id != offer[0]:
            try:
                self.table.open(offer[0])
            except RemoteError:
                raise Unreadable(_("This live connection is for a game this device does not "
                                   "have: open its invitation first.")) from None
        self.offer = offer
        return ""

    @property
    def device(self):
        return self.table.device

    def host_seat(self) -> int:
        """The seat of the host's person, as a guest's device knows it."""
        return self.device.device_of(next(
            p for p, c in enumerate(self.device.chain.setup["t"]) if c == 0))

    def _stage(self, seat: int) -> str:
        return self.peers[seat].stage if seat in self.peers else NOT_CONNECTED

    def open_to(self) -> list[int]:
        """The devices reached now (a guest's channel keeps working while it connects
        again)."""
        return list(self.channels)

    def shown(self) -> tuple[Peer, ...]:
        """The channels the screen shows: the host's to every other device (those never
        connected too, to connect them), a guest's to the host once there is one."""
        device = self.device
        if device is None:
            return ()
        seats = device.others() if device.host else list(self.peers)
        return tuple(self.peers.get(seat, Peer(seat, NOT_CONNECTED)) for seat in seats)

    def event(self, message: dict) -> None:
        """The page's word on a channel (static/live.js): an offer or answer made, a channel
        open or closed, an attempt failed (not open in time), a message come; each but a
        message names its attempt, and one no longer in hand is let be."""
        seat, event, attempt = message.get("peer"), message.get("event"), message.get("attempt")
        if self.device is None or type(seat) is not int:
            return
        try:
            if event == "offered":
                self.offered(seat, attempt, str(message["sdp"]))
            elif event == "answered":
                self.answered(seat, attempt, str(message["sdp"]))
            elif event == "open":
                self.opened(seat, attempt)
            elif event == "closed":
                self.closed(seat, attempt)
            elif event == "failed":
                self.failed(seat, attempt)
            elif event == "message":
                self.heard(seat, str(message["data"]))
        except handshake.Unreadable:  # (a browser's SDP the packing does not know)
            self.failed(seat, attempt)

    def _trying(self, seat: int, attempt, *stages: str) -> bool:
        peer = self.peers.get(seat)
        return peer is not None and peer.attempt == attempt and peer.stage in stages

    # --- the host's side of the two scans -------------------------------------------------
    def invite(self, seat) -> None:
        """The host connects ``seat``'s device: the page makes an offer."""
        device = self.device
        if device is None or not device.host or type(seat) is not int or \
                seat not in device.others() or self._stage(seat) in (OFFERING, CONNECTING, OPEN):
            return
        # named by the clock, so that a guest tells an older code from a newer one also
        # after this page is loaded again
        self.newest = max(int((time.time() - EPOCH) * 10), self.newest + 1)
        attempt = attempt_name(self.newest)
        self.peers[seat] = Peer(seat, OFFERING, attempt=attempt)
        self.table.say(effects=(("live", {"do": "offer", "peer": seat, "attempt": attempt}),))

    def offered(self, seat: int, attempt, sdp: str) -> None:
        """The page's offer to ``seat``: shown as a link for that person's camera, the seat's
        invitation with it when the seat is not open yet."""
        if not self._trying(seat, attempt, OFFERING):
            return
        code = f"{attempt}.{handshake.pack(sdp)}"
        device = self.device
        invitation = next((out.link for out in self.table.invitations() if out.to == seat), "")
        link = invitation + OFFER + code if invitation else \
            f"{self.table.base_url}{AGAIN}{device.chain.game_id}.{code}"
        self.peers[seat] = Peer(seat, OFFERED, link, attempt)

    def answer_read(self, fragment: str) -> None:
        """A guest's answer scanned (or pasted) on the host's device: the channel opens."""
        try:
            game_id, seat, attempt, code = fragment.split(ANSWER, 1)[1].split(".")
            seat = int(seat)
            sdp = handshake.unpack(code)
        except (ValueError, handshake.Unreadable):
            raise Unreadable(_("This live connection's code is damaged: scan it again.")) \
                from None
        device = self.device
        stage = self._stage(seat)
        if device is None or device.chain.game_id != game_id or \
                stage not in (OFFERED, OPEN) or seat not in device.others():
            raise Unreadable(_("This code answers a live connection this screen did not offer: "
                               "scan it with the table that showed the invitation, or connect "
                               "again."))
        name = device.chain.name(seat)
        if stage == OPEN:
            raise Unreadable(_("{name} is connected live already: this code answers an older "
                               "one. Nothing was changed.").format(name=name))
        if self.peers[seat].attempt != attempt:
            raise Unreadable(_("This code answers an older code of yours: let {name} scan the "
                               "code your screen shows now, then scan the code {name}'s phone "
                               "shows.").format(name=name))
        self.peers[seat] = Peer(seat, CONNECTING, attempt=attempt)
        self.table.say(effects=(("live", {"do": "accept", "peer": seat, "attempt": attempt,
                                          "sdp": sdp}),))

    # --- the guest's side ------------------------------------------------------------------
    def go_on(self) -> None:
        """While no signing or checking is under way: answer an offer heard, or take the next
        link that came over a channel."""
        device, table = self.device, self.table
        if table.jobs.busy or device is None:
            return
        if self.offer is not None:
            (game_id, attempt, code), self.offer = self.offer, None
            if game_id not in ("", device.chain.game_id):
                return
            try:
                sdp, number = handshake.unpack(code), int(attempt, 36)
            except ValueError:  # (handshake.Unreadable too)
                table.refuse(_("This live connection's code is damaged: ask for a new one."))
                return
            host = self.host_seat()
            if number <= self.newest:  # answered already, or older than one answered
                table.refuse(self._stale(host, attempt))
                return
            self.newest = number
            self.peers[host] = Peer(host, ANSWERING, attempt=attempt)
            table.say(effects=(("live", {"do": "answer", "peer": host, "attempt": attempt,
                                         "sdp": sdp}),))
        else:
            self._take()

    def _take(self) -> None:
        """Take the links come over the channels, in turn, while no check is under way."""
        while self.inbox and not self.table.jobs.busy:
            self.table.receive(self.inbox.pop(0))

    def _stale(self, host: int, attempt: str) -> str:
        """Why a guest does not answer a code of the host's it scanned again, or one older
        than a code it answered."""
        name = self.device.chain.name(host)
        if self.channels.get(host) == attempt:
            return _("This code has connected you live with {name} already: nothing to "
                     "do.").format(name=name)
        return _("This is an older code of {name}'s: scan the code {name}'s screen shows "
                 "now.").format(name=name)

    def answered(self, seat: int, attempt, sdp: str) -> None:
        """The page's answer to the host (``seat``): shown for the host to scan."""
        if not self._trying(seat, attempt, ANSWERING):
            return
        chain = self.device.chain
        code = handshake.pack(sdp, candidates=False)
        self.peers[seat] = Peer(seat, ANSWERED, f"{self.table.base_url}{ANSWER}{chain.game_id}."
                                                f"{self.device.me}.{attempt}.{code}", attempt)

    def answer(self) -> str:
        """The answer this device shows for the host to scan ("": none)."""
        return next((peer.code for peer in self.peers.values() if peer.stage == ANSWERED), "")

    # --- the channels ----------------------------------------------------------------------
    def opened(self, seat: int, attempt) -> None:
        """A channel is open (the page closed the one it replaces): each side sends the other
        its whole game, then what it has to send."""
        if not self._trying(seat, attempt, CONNECTING, ANSWERED):
            return
        self.peers[seat] = Peer(seat, OPEN, attempt=attempt)
        self.channels[seat] = attempt
        self.pieces.pop(seat, None)  # (a message cut off with the channel before: caught up)
        self.behind.add(seat)
        self.post()

    def closed(self, seat: int, attempt=None) -> None:
        """An open channel closed (``attempt`` None: whichever was open): its links are
        offered to copy again."""
        if seat not in self.channels or attempt not in (None, self.channels[seat]):
            return
        del self.channels[seat]
        if self._stage(seat) == OPEN:
            self.peers[seat] = Peer(seat, CLOSED)
        self.sent = {text: via for text, via in self.sent.items() if seat not in via}
        self.table.say(notice=("error", _("The live connection to {name} is lost: connect "
                                          "again, or send the links below.").format(
            name=self.device.chain.name(seat))))

    def failed(self, seat: int, attempt) -> None:
        """An attempt ended without a channel (the page gave up on it): said on the screen;
        a channel still open from before goes on."""
        if not self._trying(seat, attempt, OFFERING, OFFERED, ANSWERING, ANSWERED, CONNECTING):
            return
        name = self.device.chain.name(seat)
        if seat in self.channels:
            self.peers[seat] = Peer(seat, OPEN, attempt=self.channels[seat])
            why = _("The new live connection to {name} could not be opened: the one before "
                    "goes on.")
        else:
            self.peers[seat] = Peer(seat, FAILED, attempt=attempt)
            # (the reason and what to do stay in the live panel's row: linkscreen.py)
            why = _("Could not connect {name} live.") if self.device.host else _(
                "Could not connect to {name} live.")
        self.table.say(notice=("error", why.format(name=name)))

    def post(self) -> None:
        """Send the device's links to send over the open channels that reach everyone they
        are for; the others stay offered to copy."""
        device = self.device
        if device is None or self.table.unsigned:
            return
        for seat in sorted(self.behind & set(self.open_to())):
            self._send(seat, seat, device.chain.join_link())
        self.behind -= set(self.open_to())
        for out in device.out:
            if out.text in self.sent:
                continue
            if device.host:
                via = device.others() if out.to is None else [out.to]
            else:
                via = [self.host_seat()]
            if via and all(seat in self.open_to() for seat in via):
                for seat in via:
                    self._send(seat, out.to, out.link)
                self.sent[out.text] = set(via)
                self.table.sent_on()

    def heard(self, seat: int, data: str) -> None:
        """A message (or a piece of one) from ``seat``'s device: a link to take here, in turn;
        on the host's device passed on to whoever else it is for once it is taken
        (``accepted``)."""
        data = put_together(self.pieces, seat, data, lambda: self._damaged(seat))
        if data is None:
            return
        try:
            message = json.loads(data) if len(data) <= LONGEST_MESSAGE else None
            to, link = message["to"], message["link"]
            if not (to is None or type(to) is int) or type(link) is not str or \
                    not link.startswith(PREFIX) or game_of(link) != self.game_id:
                raise ValueError(link)
        except (ValueError, TypeError, KeyError, RemoteError):
            self.table.refuse(_("A message from {name}'s device over the live connection "
                                "could not be read: nothing was changed.").format(
                name=self.device.chain.name(seat)))
            return
        self.inbox.append(Heard(seat, to, link))

    def _damaged(self, seat: int) -> None:
        self.table.refuse(_("A message from {name}'s device came over the live connection "
                            "damaged or incomplete: nothing was changed. Connect again if "
                            "the game does not go on.").format(name=self.device.chain.name(seat)))

    def accepted(self, heard: Heard) -> None:
        """A link come over a channel is taken here: the host's device passes it on to the
        other devices it is for (never one it refused: it checks before it passes on)."""
        if not self.device.host:
            return
        for other in self.open_to():
            if other != heard.sender and heard.to in (None, other):
                self._send(other, heard.to, heard.link)

    def refusal(self, heard: Heard, error: RemoteError) -> str:
        """Why a link come over a channel is refused, naming the device that sent it: a
        channel links two devices only, so the fault is the sender's."""
        name = self.device.chain.name(heard.sender)
        if isinstance(error, Altered):
            return _("{name}'s device sent a forged message: its signatures do not match the "
                     "moves it carries. It was refused, and nothing was changed.").format(
                name=name)
        return _("A message from {name}'s device was refused: {reason}").format(
            name=name, reason=error)

    def _send(self, seat: int, to: int | None, link: str) -> None:
        fragment = link[link.index(PREFIX):]
        data = json.dumps({"to": to, "link": fragment})
        self.table.say(effects=tuple(("live", {"do": "send", "peer": seat, "data": piece})
                                     for piece in in_pieces(data)))
