"""A game by links as one device holds it (web/play/links/ plays it): its signed chain, the
seat of the person at this device, the links it has to send, and how it is kept in local
storage: as its whole-game link (a verifiable save), its seat and the name of its key (the key
itself stays in the browser's key store).
"""

import json
from dataclasses import dataclass, field

from engine.core import undo
from engine.core.game import IllegalAction, Match
from web.base.i18n import _
from web.games import front
from web.play.chain import (
    KEY_BYTES,
    SECRET_BYTES,
    SIGNATURE_BYTES,
    TOKEN_BYTES,
    Chain,
    RemoteError,
    b64,
    b64_size,
    message,
    unb64,
)

SAVE_PREFIX = "thieves.remote."  # local storage: a remote game, by its id


class NoGame(RemoteError):
    """The remote game asked for is not kept on this device."""


@dataclass
class Outgoing:
    """A link to send: ``to`` the seat it is addressed to (None: everyone), ``text`` the
    ready-to-paste message with the link, ``upto`` the decisions it brings them up to."""

    to: int | None
    text: str
    upto: int = 0

    @property
    def link(self) -> str:
        """The link its text carries: the address a phone's camera opens from its QR code."""
        return next((word for word in self.text.split() if "#r=" in word), "")


@dataclass
class Device:
    """The remote game open on this device."""

    chain: Chain
    me: int  # the seat of the person at this device
    key: str  # the name of this device's key for the game
    host: bool = False
    tokens: dict = field(default_factory=dict)  # the host's: remote seat -> invitation token
    bound: tuple | None = None  # a remote seat not yet announced: (public key, token)
    out: list = field(default_factory=list)  # Outgoing: the links to send now
    signed_since_links: bool = False
    shared: int = 0  # the decisions that may have left this device: to a link received, or
                     # to a link copied to send (none of them can be taken back)
    broadcast: bool = False  # among them an answer to a decision taken at once
    sealed: int = 0  # the changes of the game's course made here under its lock across the
                     # tabs (decisions, taking back; web/play/links/tabs.py): ahead in a seal,
                     # another tab made one this tab has not read

    # the chain as the seat's ledger (web/play/seat.py)
    @property
    def match(self) -> Match:
        return self.chain.match

    def may_decide(self, seat: int) -> bool:
        return self.chain.turn(seat) is not None

    def decide(self, seat: int, action) -> None:
        self.broadcast |= len(self.chain.deciders()) > 1
        try:
            self.chain.decide(seat, action)
        except RemoteError as error:
            raise IllegalAction(str(error)) from None

    def take_back(self, seat: int) -> None:
        why = self.undo_refusal()
        if why is not None:
            raise undo.Refused(why)
        self.chain = self.chain.taken_back(seat)
        if self.bound and self.me not in self.chain.keys:  # it announced the seat's key
            self.chain.bind(self.me, *self.bound)
        self.out, self.signed_since_links = [], True  # its links held what was taken back

    def view(self, seat: int) -> dict:
        """What the person at this device sees (``seat``: theirs): their seat's view, asked
        their decision only while it is theirs to make (not once answered)."""
        turn = self.chain.turn(seat)
        rules = self.chain.match.rules
        if turn is not None:
            return rules.view(turn.state, seat)
        return {**rules.view(self.chain.match.state, seat), "choice": None}

    def undo_refusal(self) -> str | None:
        """Why this device's person cannot take back their latest decision now (an undo
        reason id, engine/core/undo.py), or None: only before its link may have left the
        device, and never an answer still waiting for the others'."""
        chain = self.chain
        if self.me in chain.pending:
            return undo.NOTHING  # (no button: its answer is collected, waiting for the others)
        why = chain.match.undo_refusal(self.me)
        if why is None and chain.match.last_decision(self.me) < self.shared:
            return undo.NOTHING
        return why

    # --- who plays where, and what to send them ----------------------------------------------
    def device_of(self, seat: int) -> int:
        """The seat of the person whose device plays ``seat`` (the host's for its bots)."""
        return self.chain.device_of(seat)

    def others(self) -> list[int]:
        """The other devices of this game, by their person's seat."""
        return sorted({self.device_of(p) for p in range(len(self.chain.match.seats))}
                      - {self.me})

    def invited(self) -> list[int]:
        """The host's remote seats not yet opened: each has an invitation to send."""
        if not self.host:
            return []
        return sorted(seat for seat in self.tokens if seat not in self.chain.keys)

    def invitations(self, base_url: str) -> list[Outgoing]:
        """The host's invitation for each remote seat not yet opened (to that person only)."""
        chain, game = self.chain, _(front(self.chain.match.game).name)
        return [Outgoing(seat, _("{name}: your invitation to {game} — {link}").format(
            name=chain.name(seat), game=game,
            link=base_url + chain.join_link(seat, self.tokens[seat])))
            for seat in self.invited()]

    def outgoing(self, base_url: str) -> list[Outgoing]:
        """The links this device sends now: to the one device that decides next, else (a
        decision taken at once, an answer of ours, the end) one to everyone."""
        chain, game = self.chain, front(self.chain.match.game)

        def sent(seat: int | None, link: str) -> str:
            moment = game.moment(chain.match.state.get("turn", 0))
            return message(None if seat is None else chain.name(seat), _(game.name), moment,
                           base_url + link)

        rules, state = chain.match.rules, chain.match.state
        next_devices = sorted({self.device_of(p) for p in chain.deciders()} - {self.me})
        upto = len(chain.match.actions)
        if rules.result(state) is None and len(next_devices) == 1 and not self.broadcast:
            return [Outgoing(next_devices[0], sent(
                next_devices[0], chain.hop(next_devices)), upto)]
        others = self.others()
        return [Outgoing(None, sent(None, chain.hop(others)), upto)] if others else []

    def drop_sent(self) -> None:
        """After a link with news: forget the links to send that their people no longer need,
        as each has signed a decision past what the link brings, or the link ended the game
        (whoever ended it sends the end to everyone)."""
        chain = self.chain
        if chain.match.rules.result(chain.match.state) is not None:
            self.out = []
            return

        def known(seat: int) -> int:
            key = chain.keys.get(seat) or chain.bound.get(seat, (None,))[0]
            return chain.known_by(key) if key else 0

        self.out = [out for out in self.out if any(
            known(seat) < out.upto for seat in (self.others() if out.to is None else [out.to]))]

    # --- kept on this device ------------------------------------------------------------------
    def kept(self) -> str:
        """The device's game as local storage keeps it."""
        chain = self.chain
        return json.dumps({
            "me": self.me, "key": self.key, "host": self.host,
            "tokens": {s: b64(t) for s, t in self.tokens.items()},
            # kept: a first decision taken back leaves the seat to be announced again
            "bound": [b64(k) for k in self.bound] if self.bound else None,
            "out": [[o.to, o.text, o.upto] for o in self.out], "shared": self.shared,
            "sealed": self.sealed,
            "link": chain.join_link(),
            "game": chain.match.game, "names": [chain.name(p) for p in
                                                range(len(chain.match.seats))]})

    @classmethod
    def reopened(cls, kept: dict, chain: Chain) -> "Device":
        """The device of a ``kept`` game, on its ``chain`` (read from the kept link, checked)."""
        bound = kept.get("bound")
        if bound:
            bound = (unb64(bound[0], KEY_BYTES), unb64(bound[1], b64_size(
                bound[1], SIGNATURE_BYTES, TOKEN_BYTES)))
            if kept["me"] not in chain.keys:
                chain.bind(kept["me"], *bound)
        tokens = {int(s): unb64(t, b64_size(t, SECRET_BYTES, TOKEN_BYTES))
                  for s, t in kept["tokens"].items()}
        out = [Outgoing(*sent) for sent in kept.get("out", [])]
        return cls(chain, kept["me"], kept["key"], kept["host"], tokens, bound, out,
                   shared=kept.get("shared", len(chain.match.actions)),
                   sealed=sealed(kept))


def parsed(text: str | None) -> dict | None:
    """A kept remote game read from storage (None: none, or not readable)."""
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


def sealed(kept: dict | None) -> int:
    """The changes of a kept game's course made under its lock (0: none, or nothing kept)."""
    count = (kept or {}).get("sealed", 0)
    return count if type(count) is int else 0


def kept_games(storage) -> list[tuple[str, dict]]:
    """The remote games kept on this device: (id, what was kept)."""
    found = []
    for key in sorted(storage.keys()):
        if key.startswith(SAVE_PREFIX) and (kept := parsed(storage.get(key))):
            found.append((key[len(SAVE_PREFIX):], kept))
    return found
