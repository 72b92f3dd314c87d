"""The protocol of a remote game (``docs/remote.md``): a hash chain over its record.

The set-up (game, seats, options, seed, the host's public key, each remote seat's invitation
key) hashes to the game's id, and every action chains onto the head before it; the answers to
a decision taken at once hash apart (leaves) and then into one head, in the order ``to_act``
lists them. Each action has the key that must sign it: its seat's, announced with the seat's
first decision and bound to the seat by its invitation. Decisions the rules leave no choice in
(``Rules.forced``) are played by every device and signed by none.
"""

import hashlib
from dataclasses import dataclass, field
from typing import Self

from engine.core.game import Match, canonical
from web.base.i18n import _
from web.base.names import seat_name
from web.keep import gamelink
from web.play.chain.codec import (
    COMMIT_BYTES,
    KEY_BYTES,
    SIGNATURE_BYTES,
    TOKEN_BYTES,
    b64,
    b64_size,
    unb64,
)
from web.play.chain.texts import RemoteError

ID_BYTES = 9  # of the set-up's hash: the game's id


def digest(tag: bytes, *parts: bytes) -> bytes:
    return hashlib.sha256(tag + b"".join(parts)).digest()


def entry_bytes(entry: dict) -> bytes:
    return canonical(entry).encode()


def commitment(token: bytes) -> bytes:
    """What the set-up of a game before invitation keys showed of an invitation's secret."""
    return digest(b"T", token)[:COMMIT_BYTES]


@dataclass
class SignedChain:
    """A remote game's actions as a hash chain, with the key that signs each and the
    signatures this device holds."""

    setup: dict  # the link's set-up JSON: gamelink.setup_data + "h" (host key) + "t" (invitations)
    match: Match
    keys: dict[int, bytes]  # seat -> public key (the host's seats from the start)
    heads: list = field(default_factory=list)  # head after each count of actions; None mid-group
    digests: list = field(default_factory=list)  # what each action's signer signs
    signers: list = field(default_factory=list)  # each action's key; None: played by every device
    named: list = field(default_factory=list)  # does the action's text name its player?
    claims: dict = field(default_factory=dict)  # action index -> its entry's "k" and "t"
    signatures: dict = field(default_factory=dict)  # digest -> (key, signature)
    setup_signature: bytes | None = None
    bound: dict = field(default_factory=dict)  # seat -> (key, token): seats opened here, unused

    # --- making a game ------------------------------------------------------------------
    @classmethod
    def new(cls, record: dict, host_key: bytes, invitations: dict[int, bytes]) -> Self:
        """A new remote game of ``record`` (no actions) hosted by ``host_key``;
        ``invitations``: each remote seat's invitation key (public; its private key is the
        secret the invitation carries). The host then signs ``setup_digest``
        (``sign_setup``)."""
        setup = {**gamelink.setup_data(record), "h": b64(host_key),
                 "t": [b64(invitations[s]) if s in invitations else 0
                       for s in range(len(record["seats"]))]}
        return cls._from_setup(setup)

    @classmethod
    def _from_setup(cls, setup: dict) -> Self:
        record = gamelink.record_of({**setup, "a": ""})
        host = unb64(setup.get("h"), KEY_BYTES)
        commits = setup.get("t")
        if type(commits) is not list or len(commits) != len(record["seats"]) or not all(
                c == 0 and type(c) is int or type(c) is str for c in commits):
            raise RemoteError(_("This link is damaged: its remote seats cannot be read."))
        for c in commits:
            if c != 0:
                unb64(c, b64_size(c, KEY_BYTES, COMMIT_BYTES))
        match = gamelink.start(record)
        chain = cls(setup, match, {s: host for s, c in enumerate(commits) if c == 0})
        chain.heads = [digest(b"R", entry_bytes(setup))]
        chain._implied()
        return chain

    @property
    def game_id(self) -> str:
        return b64(self.heads[0][:ID_BYTES])

    @property
    def setup_digest(self) -> bytes:
        return self.heads[0]

    @property
    def host_key(self) -> bytes:
        return unb64(self.setup["h"], KEY_BYTES)

    def sign_setup(self, signature: bytes) -> None:
        self.setup_signature = signature

    def name(self, seat) -> str:
        """The name ``seat`` plays under."""
        return seat_name(self.match.seats, seat)

    def device_of(self, seat: int) -> int:
        """The seat of the person whose device plays and signs ``seat`` (the host's for its
        bots)."""
        if self.setup["t"][seat] != 0:
            return seat
        return next(p for p, c in enumerate(self.setup["t"])
                    if c == 0 and not self.match.seats[p].get("bot"))

    def signer_name(self, seat: int | None = None) -> str:
        """The name of the person whose device signs ``seat``'s decisions (None: the set-up,
        signed by the host's)."""
        return self.name(self.device_of(self.setup["t"].index(0) if seat is None else seat))


    # --- keys ---------------------------------------------------------------------------
    def invitation_key(self, seat: int) -> bytes | None:
        """The public key of ``seat``'s invitation, which alone can bind a key to the seat
        (None: not a remote seat, or a game set up when the invitation's secret itself was
        shown in the seat's first decision)."""
        promised = self.setup["t"][seat]
        return unb64(promised, KEY_BYTES) if promised != 0 and b64_size(
            promised, KEY_BYTES, COMMIT_BYTES) == KEY_BYTES else None

    def binding(self, seat: int, key: bytes) -> bytes:
        """What ``seat``'s invitation key signs to give the seat to ``key`` in this game."""
        return digest(b"B", self.heads[0], seat.to_bytes(2, "big"), key)

    def bind(self, seat: int, key: bytes, proof: bytes) -> None:
        """This device opened ``seat``'s invitation and made ``key`` for it; the seat's first
        decision announces the key with ``proof``: the invitation key's signature of its
        ``binding`` (in an older game, the invitation's secret)."""
        self.bound[seat] = (key, proof)

    def sign(self, seat: int, digest: bytes, signature: bytes) -> None:
        """``seat``'s key's ``signature`` of ``digest`` (one ``to_sign`` gave)."""
        self.signatures[digest] = (self._key(seat), signature)

    def _key(self, seat: int) -> bytes:
        if seat in self.keys:
            return self.keys[seat]
        if seat in self.bound:
            return self.bound[seat][0]
        raise RemoteError(_("This link has a move for {name}, whose seat has not been opened "
                            "on any device yet.").format(name=self.name(seat)))

    def _claim_of(self, seat: int) -> dict:
        key, token = self.bound[seat]
        return {"k": b64(key), "t": b64(token)}

    def _signer(self, entry: dict) -> bytes:
        """The key that must sign ``entry``: its seat's, or the one its claim announces."""
        seat = entry["p"]
        if seat in self.keys:
            if "k" in entry and entry["k"] != b64(self.keys[seat]):
                raise RemoteError(_("This link is damaged: {name}'s seat was opened twice.")
                                  .format(name=self.name(seat)))
            return self.keys[seat]
        if "k" not in entry:
            raise RemoteError(_("This link has a move for {name}, whose seat has not been "
                                "opened on any device yet.").format(name=self.name(seat)))
        promised = self.setup["t"][seat] if type(seat) is int and \
            0 <= seat < len(self.setup["t"]) else 0
        if promised != 0 and self.invitation_key(seat) is not None:
            unb64(entry["t"], SIGNATURE_BYTES)  # the proof: checked with the signatures
        elif promised == 0 or b64(commitment(unb64(entry["t"], TOKEN_BYTES))) != promised:
            raise RemoteError(_("This link is damaged: {name}'s seat was opened without its "
                                "invitation.").format(name=self.name(seat)))
        return unb64(entry["k"], KEY_BYTES)

    def _binding_check(self, entry: dict) -> tuple | None:
        """The check of a seat's first decision's proof that its invitation gave the seat the
        key it announces (None: nothing to check)."""
        seat = entry["p"]
        invitation = self.invitation_key(seat) if "k" in entry else None
        if invitation is None:
            return None
        key = unb64(entry["k"], KEY_BYTES)
        return invitation, self.binding(seat, key), unb64(entry["t"], SIGNATURE_BYTES)

    # --- the chain ----------------------------------------------------------------------
    def taken_back(self, seat: int) -> Self:
        """The chain before ``seat``'s latest decision and the moves the table played after it
        (``Match.take_back``; raises ``undo.Refused`` with the reason)."""
        return self._cut(len(self.match.take_back(seat).actions))

    def _append(self, entry: dict, signer: bytes | None, expected: bool) -> None:
        """One action after the end (checked by the rules), chained onto the head;
        ``expected``: the rules name its player (its text need not)."""
        self.match.act(entry["p"], entry["a"])
        head = digest(b"S", self.heads[-1], entry_bytes(entry))
        self._record(entry, signer, expected, head, head)

    def _record(self, entry, signer, expected: bool, signed: bytes, head) -> None:
        if "k" in entry:
            self.claims[len(self.digests)] = {"k": entry["k"], "t": entry["t"]}
            self.keys[entry["p"]] = signer
            self.bound.pop(entry["p"], None)
        self.digests.append(signed)
        self.signers.append(signer)
        self.named.append(not expected)
        self.heads.append(head)

    def _append_group(self, waiting: list[int], decided: dict) -> None:
        """Everyone's answers to a decision taken at once (``decided``: seat -> its entry and
        signer; the others' are forced), in the order ``to_act`` lists them: each hashed onto
        the head before them (a leaf), the leaves then into one head."""
        rules, state, base = self.match.rules, self.match.state, self.heads[-1]
        forced = {p: rules.forced(state, p) for p in waiting}
        leaves = []
        for seat in waiting:
            entry, signer = decided.get(seat) or ({"p": seat, "a": forced[seat]}, None)
            leaf = digest(b"L", base, entry_bytes(entry))
            self.match.act(seat, entry["a"])
            self._record(entry, signer, False, leaf, None)
            leaves.append(leaf)
        self.heads[-1] = digest(b"G", base, *leaves)

    def _implied(self) -> None:
        """Play the decisions the rules leave no choice in (every device plays them)."""
        rules, state = self.match.rules, self.match.state
        while rules.result(state) is None:
            waiting = rules.to_act(state)
            forced = [rules.forced(state, p) for p in waiting]
            if not waiting or any(f is None for f in forced):
                return
            if len(waiting) == 1:
                self._append({"p": waiting[0], "a": forced[0]}, None, True)
            else:
                self._append_group(waiting, {})

    def _cut(self, count: int) -> Self:
        """This chain as it was after ``count`` actions (replayed; not inside a decision taken
        at once), with no answers collected."""
        again = type(self)._from_setup(self.setup)
        again.setup_signature, again.signatures = self.setup_signature, dict(self.signatures)
        while len(again.match.actions) < count:
            index = len(again.match.actions)
            waiting = again.match.rules.to_act(again.match.state)
            if len(waiting) > 1:
                again._append_group(waiting, {
                    self.match.actions[i][0]: (self._entry(i), self.signers[i])
                    for i in range(index, index + len(waiting)) if self.signers[i]})
            else:
                again._append(self._entry(index), self.signers[index], not self.named[index])
            again._implied()
        return again

    def _entry(self, index: int) -> dict:
        player, action = self.match.actions[index]
        return {"p": player, "a": action, **self.claims.get(index, {})}

    def _group_start(self, index: int) -> int:
        while self.heads[index] is None:
            index -= 1
        return index
