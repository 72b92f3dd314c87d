"""The remote table: a game played by links, each person on their own device and seat.

A remote game is a hash chain over its record (``docs/remote.md``): the set-up (game, seats,
options, seed, the host's public key, each remote seat's invitation key) hashes to
the game's id, and every action chains onto the head before it. A device holds a :class:`Chain`:
the match at its end, the heads, who signed what, and the answers collected for a simultaneous
decision that is not complete yet. Links are ``#r=`` + a version character + the packing of
``web/links.py``:

- a **hop** carries what its recipients have not seen: the decisions since the head their own
  latest signature covers, the collected answers, and each signer's latest signature;
- a **join link** carries the set-up and the whole chain (an **invitation** adds one remote
  seat's token).

Decisions the rules leave no choice in (``Rules.forced``) are not carried: every device plays
them. The answers to a simultaneous decision (the players ``to_act`` lists at once; a reaction
window, where each seat answers as if those before it passed) arrive in any order and join the
chain in one canonical order. Everything read from a link is checked before use; a refused
link raises :class:`RemoteError` with a message a player understands and changes no chain.
"""

import base64
import binascii
import hashlib
from dataclasses import dataclass, field

from engine.core import wellformed
from engine.core.game import IllegalAction, Match, canonical, json_copy
from engine.core.reactions import PASS

from . import links
from .i18n import _

PREFIX = "#r="
VERSION = "1"
LINK_DEPTH = 3  # {"k": [[entry, signature], ...], ...}
ID_BYTES = 9  # of the set-up's hash: the game's id
BASE_BYTES = 6  # of the head a hop goes on from
KEY_BYTES, SIGNATURE_BYTES, DIGEST_BYTES = 32, 64, 32  # Ed25519; SHA-256
SECRET_BYTES = 32  # an invitation's secret: the private key of its invitation key
TOKEN_BYTES = COMMIT_BYTES = 12  # an invitation's secret and what the set-up showed of it,
                                 # in games set up before invitations were keys (2026-11-28)
MAX_ENTRIES = 20_000  # carried in one link (a whole Swindler game has a few thousand)
SETUP_KEYS = ("g", "s", "o", "r", "h", "t")  # a join link's set-up fields
RULES_KEY = "v"  # its rules revision: only in games set up since records name it


class RemoteError(links.LinkError):
    """A remote game's link that cannot be taken; the message says why, in a player's words."""


class MissedLinks(RemoteError):
    """The link goes on from moves this device has not received yet."""


class ForkError(RemoteError):
    """Two different continuations of the same game, both signed: ``position`` is the first
    action (1-based) where they part (None: before the link's start), ``ours`` and ``theirs``
    the two entries there ({"p": seat, "a": action})."""

    def __init__(self, message: str, position: int | None, ours=None, theirs=None):
        super().__init__(message)
        self.position, self.ours, self.theirs = position, ours, theirs


def setup_of(data: dict) -> dict:
    """A join link's set-up fields: the rules revision only where the link names one, so that
    a game set up before revisions were named keeps its id (the hash of its set-up)."""
    setup = {k: data.get(k) for k in SETUP_KEYS}
    if RULES_KEY in data:
        setup[RULES_KEY] = data[RULES_KEY]
    return setup


def digest(tag: bytes, *parts: bytes) -> bytes:
    return hashlib.sha256(tag + b"".join(parts)).digest()


def entry_bytes(entry: dict) -> bytes:
    return canonical(entry).encode()


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


@dataclass
class Answer:
    """A decision collected for the simultaneous decision at the chain's end: ``parent`` is the
    head it was made on (the end, or for a reaction window the end with every seat before it
    passing), ``leaf``: one of several answers at once (hashed apart, ordered later)."""

    entry: dict
    digest: bytes
    parent: bytes
    leaf: bool
    signer: bytes


@dataclass
class Turn:
    """What a seat must decide now: the state it decides on (for a reaction window, the state
    as if the seats before it passed) and its choice."""

    state: dict
    choice: dict


@dataclass
class Chain:
    """A remote game as one device knows it."""

    setup: dict  # the link's set-up JSON: links.setup_data + "h" (host key) + "t" (invitations)
    match: Match
    keys: dict[int, bytes]  # seat -> public key (the host's seats from the start)
    heads: list = field(default_factory=list)  # head after each count of actions; None mid-group
    digests: list = field(default_factory=list)  # what each action's signer signs
    signers: list = field(default_factory=list)  # each action's key; None: played by every device
    named: list = field(default_factory=list)  # does the action's text name its player?
    claims: dict = field(default_factory=dict)  # action index -> its entry's "k" and "t"
    signatures: dict = field(default_factory=dict)  # digest -> (key, signature)
    pending: dict = field(default_factory=dict)  # seat -> Answer
    setup_signature: bytes | None = None
    bound: dict = field(default_factory=dict)  # seat -> (key, token): seats opened here, unused
    split: tuple | None = None  # a seat's two answers to one decision, found while reading
    taking: set = field(default_factory=set)  # seats of a group being read from a link

    # --- making a game ------------------------------------------------------------------
    @classmethod
    def new(cls, record: dict, host_key: bytes, invitations: dict[int, bytes]) -> "Chain":
        """A new remote game of ``record`` (no actions) hosted by ``host_key``;
        ``invitations``: each remote seat's invitation key (public; its private key is the
        secret the invitation carries). The host then signs ``setup_digest``
        (``sign_setup``)."""
        setup = {**links.setup_data(record), "h": b64(host_key),
                 "t": [b64(invitations[s]) if s in invitations else 0
                       for s in range(len(record["seats"]))]}
        return cls._from_setup(setup)

    @classmethod
    def _from_setup(cls, setup: dict) -> "Chain":
        record = links.record_of({**setup, "a": ""})
        host = unb64(setup.get("h"), KEY_BYTES)
        commits = setup.get("t")
        if type(commits) is not list or len(commits) != len(record["seats"]) or not all(
                c == 0 and type(c) is int or type(c) is str for c in commits):
            raise RemoteError(_("This link is damaged: its remote seats cannot be read."))
        for c in commits:
            if c != 0:
                unb64(c, b64_size(c, KEY_BYTES, COMMIT_BYTES))
        match = links.start(record)
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

    # --- deciding -----------------------------------------------------------------------
    def turn(self, seat: int) -> Turn | None:
        """What ``seat`` must decide now, or None (not its decision, or already answered)."""
        rules, state = self.match.rules, self.match.state
        if rules.result(state) is not None or seat in self.pending:
            return None
        waiting = rules.to_act(state)
        if seat in waiting and (len(waiting) == 1 or rules.forced(state, seat) is None):
            return Turn(state, rules.choice(state, seat))
        window = self._window()
        if seat in window:
            probe = window[seat][0]
            return Turn(probe, rules.choice(probe, seat))
        return None

    def decide(self, seat: int, action) -> bytes:
        """``seat``'s decision (its device checked it is theirs): joins the chain, or the
        answers collected; returns the digest to sign (``sign``). IllegalAction (or
        RemoteError) if it cannot be taken; the chain is then unchanged."""
        key = self._key(seat)
        claim = self._claim_of(seat) if seat not in self.keys else None
        entry = {"p": seat, "a": action, **(claim or {})}
        waiting = self.match.rules.to_act(self.match.state)
        if len(waiting) > 1 or (waiting and waiting[0] != seat and seat in self._window()):
            answer = self._answer(entry, key)
            self._collect(answer)
            self._settle()
            return answer.digest
        self._append(entry, key, waiting == [seat])
        self._implied()
        self._settle()
        return self.digests[-1]

    def taken_back(self, seat: int) -> "Chain":
        """The chain before ``seat``'s latest decision and the moves the table played after it
        (``Match.take_back``; raises ``undo.Refused`` with the reason)."""
        return self._cut(len(self.match.take_back(seat).actions))

    def to_sign(self, seat: int) -> bytes | None:
        """What ``seat``'s device signs before sending, one digest at a time (None: nothing
        more): each answer it has collected, else its latest decision in the chain, and that
        one too beside an answer in a reaction window: such an answer stands on passes
        assumed, and if they do not come it is dropped, the chain still signed."""
        key = self._key(seat)
        answers = [a for a in self.pending.values() if a.signer == key]
        needed = [a.digest for a in answers]
        if not all(a.leaf for a in answers) or not answers:
            needed += [d for d, k in zip(self.digests, self.signers, strict=True) if k == key][-1:]
        return next((d for d in needed if d not in self.signatures), None)

    def sign(self, seat: int, digest: bytes, signature: bytes) -> None:
        """``seat``'s key's ``signature`` of ``digest`` (one ``to_sign`` gave)."""
        self.signatures[digest] = (self._key(seat), signature)

    # --- links --------------------------------------------------------------------------
    def hop(self, recipients: list[int]) -> str:
        """The link to send ``recipients`` (seats): what the least informed of them has not
        seen, as far as this chain tells (the head their latest signature covers)."""
        keys = {self.keys.get(s) for s in recipients}
        start = 0 if None in keys else min(self.known_by(k) for k in keys)
        skip = keys if len(keys) == 1 and None not in keys else set()
        data = {"i": self.game_id, "n": start, "h": b64(self.heads[start][:BASE_BYTES]),
                **self._carried(start, skip)}
        return PREFIX + VERSION + links.pack(data)

    def join_link(self, invite: int | None = None, token: bytes | None = None) -> str:
        """The whole game, for a new device; with ``invite`` and ``token``: that remote seat's
        invitation (to be sent to that person only)."""
        if self.setup_signature is None:
            raise ValueError("the host has not signed the set-up")
        data = {**self.setup, "x": b64(self.setup_signature), **self._carried(0, set())}
        if invite is not None:
            data["y"] = [invite, b64(token)]
        return PREFIX + VERSION + links.pack(data)

    def answer_link(self, seat: int) -> str:
        """The link carrying ``seat``'s newest decision alone, for recipients who hold the
        chain it was made on (an answer to a decision taken at once, sent to everyone)."""
        key = self._key(seat)
        if any(a.signer == key for a in self.pending.values()):
            start = len(self.match.actions)
        else:
            start = self._group_start(max(i for i, k in enumerate(self.signers) if k == key))
        data = {"i": self.game_id, "n": start, "h": b64(self.heads[start][:BASE_BYTES]),
                **self._carried(start, set())}
        return PREFIX + VERSION + links.pack(data)

    def deciders(self) -> list[int]:
        """The seats that decide now: one, or several at once (a decision taken at once, or a
        reaction window, where each answers as if those before it passed); none at the end."""
        waiting = self.match.rules.to_act(self.match.state)
        if len(waiting) == 1:
            return waiting + list(self._window())
        return [p for p in waiting if self.match.rules.forced(self.match.state, p) is None]

    def known_by(self, key: bytes) -> int:
        """How many actions the device of ``key`` is known to hold: those its latest signature
        covers, short of the passes just before it, which an answer in a reaction window
        assumes without having seen them (0 when it has signed none)."""
        if any(a.signer == key and a.digest in self.signatures for a in self.pending.values()):
            return self._before_passes(len(self.match.actions))
        for index in range(len(self.signers) - 1, -1, -1):
            if self.signers[index] == key and self.digests[index] in self.signatures:
                if self.heads[index + 1] == self.digests[index]:
                    before = self._before_passes(index)
                    return index + 1 if before == index else before
                while self.heads[index] is None:  # one of several answers at once
                    index -= 1
                return index
        return 0

    def _before_passes(self, count: int) -> int:
        """``count`` actions less the passes that end them."""
        while count and wellformed.same(self.match.actions[count - 1][1], PASS):
            count -= 1
        return count

    def read(self, link: str) -> "Incoming":
        """What a hop or join link of this game brings, checked against the rules, with the
        signatures still to verify; RemoteError (never anything else) if it cannot be taken."""
        return _guarded(lambda: self._read(_unpack(link)))

    def receive(self, link: str, verify) -> "Chain":
        """``read`` and ``accept`` at once, with a verifier answering at once (CPython)."""
        incoming = self.read(link)
        return incoming.accept([verify(*check) for check in incoming.checks])

    @staticmethod
    def join(link: str) -> "Incoming":
        """A join link or invitation opened on a device that does not have its game yet."""
        def read():
            data = _unpack(link)
            if "g" not in data:
                raise MissedLinks(_("This link carries only the latest moves of a game this "
                                    "device does not have: ask for a link to the whole game."))
            chain = Chain._from_setup(setup_of(data))
            try:
                incoming = chain._read(data)
            except RemoteError as error:  # told once the set-up's signature is checked
                signature = unb64(data.get("x"), SIGNATURE_BYTES)
                return Incoming(chain, chain, [(chain.host_key, chain.heads[0], signature)],
                                [altered(chain._name(0))], None, refusal=error)
            if "y" in data:
                incoming.invite = chain._invite(data["y"])
            return incoming
        return _guarded(read)

    # --- inside -------------------------------------------------------------------------
    def _invite(self, found) -> tuple[int, bytes]:
        """An invitation's seat and secret (its invitation key is checked when the seat is
        bound: only the browser's key store can sign with it)."""
        seat, secret = found if type(found) is list and len(found) == 2 else (None, None)
        if type(seat) is not int or not 0 <= seat < len(self.match.seats) or \
                self.setup["t"][seat] == 0:
            raise RemoteError(_("This invitation is damaged: its seat cannot be read."))
        if self.invitation_key(seat) is not None:
            return seat, unb64(secret, SECRET_BYTES)
        if self.setup["t"][seat] != b64(commitment(unb64(secret, TOKEN_BYTES))):
            raise RemoteError(_("This invitation is damaged: its seat cannot be read."))
        return seat, unb64(secret, TOKEN_BYTES)

    def _key(self, seat: int) -> bytes:
        if seat in self.keys:
            return self.keys[seat]
        if seat in self.bound:
            return self.bound[seat][0]
        raise RemoteError(_("This link has a move for {name}, whose seat has not been opened "
                            "on any device yet.").format(name=self._name(seat)))

    def _claim_of(self, seat: int) -> dict:
        key, token = self.bound[seat]
        return {"k": b64(key), "t": b64(token)}

    def _name(self, seat) -> str:
        seats = self.match.seats
        if type(seat) is int and 0 <= seat < len(seats):
            return seats[seat].get("name") or _("Player {n}").format(n=seat + 1)
        return "?"

    def _signer(self, entry: dict) -> bytes:
        """The key that must sign ``entry``: its seat's, or the one its claim announces."""
        seat = entry["p"]
        if seat in self.keys:
            if "k" in entry and entry["k"] != b64(self.keys[seat]):
                raise RemoteError(_("This link is damaged: {name}'s seat was opened twice.")
                                  .format(name=self._name(seat)))
            return self.keys[seat]
        if "k" not in entry:
            raise RemoteError(_("This link has a move for {name}, whose seat has not been "
                                "opened on any device yet.").format(name=self._name(seat)))
        promised = self.setup["t"][seat] if type(seat) is int and \
            0 <= seat < len(self.setup["t"]) else 0
        if promised != 0 and self.invitation_key(seat) is not None:
            unb64(entry["t"], SIGNATURE_BYTES)  # the proof: checked with the signatures
        elif promised == 0 or b64(commitment(unb64(entry["t"], TOKEN_BYTES))) != promised:
            raise RemoteError(_("This link is damaged: {name}'s seat was opened without its "
                                "invitation.").format(name=self._name(seat)))
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

    def _append_group(self, waiting: list[int], answers: dict) -> None:
        """Everyone's answers to a decision taken at once, in the order ``to_act`` lists them:
        each hashed onto the head before them (a leaf), the leaves then into one head."""
        rules, state, base = self.match.rules, self.match.state, self.heads[-1]
        forced = {p: rules.forced(state, p) for p in waiting}
        leaves = []
        for seat in waiting:
            answer = answers.get(seat)
            entry = answer.entry if answer else {"p": seat, "a": forced[seat]}
            leaf = digest(b"L", base, entry_bytes(entry))
            self.match.act(seat, entry["a"])
            self._record(entry, answer.signer if answer else None, False, leaf, None)
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

    def _window(self) -> dict[int, tuple[dict, bytes]]:
        """The seats of a reaction window opening at the end after the first (each asked a
        masked question with a pass, as if the seats before it passed), with the state and
        head each of them decides on."""
        rules = self.match.rules
        state, head, found, asked = self.match.state, self.heads[-1], {}, set()
        while rules.result(state) is None:
            waiting = rules.to_act(state)
            if len(waiting) != 1 or waiting[0] in asked:
                break
            seat = waiting[0]
            choice = rules.choice(state, seat) or {}
            if not choice.get("masked") or not any(wellformed.same(o, PASS)
                                                  for o in choice.get("options") or ()):
                break
            if asked:
                found[seat] = (state, head)
            asked.add(seat)
            state = json_copy(state)
            rules.apply(state, seat, PASS)
            head = digest(b"S", head, entry_bytes({"p": seat, "a": PASS}))
        return found

    def _answer(self, entry: dict, signer: bytes) -> Answer:
        """``entry`` as an answer to the simultaneous decision at the end, checked."""
        rules, state, seat = self.match.rules, self.match.state, entry["p"]
        waiting = rules.to_act(state)
        if len(waiting) > 1:
            if seat not in waiting or rules.forced(state, seat) is not None:
                raise IllegalAction("not this seat's decision now")
            rules.check(state, seat, entry["a"])
            return Answer(entry, digest(b"L", self.heads[-1], entry_bytes(entry)),
                          self.heads[-1], True, signer)
        window = self._window()
        if seat not in window:
            raise IllegalAction("not this seat's decision now")
        probe, parent = window[seat]
        rules.check(probe, seat, entry["a"])
        return Answer(entry, digest(b"S", parent, entry_bytes(entry)), parent, False, signer)

    def _collect(self, answer: Answer) -> None:
        """Keep an answer to the decision at the end; one made on another chain is passed
        over (it was taken already, or made assuming a pass that did not come)."""
        seat = answer.entry["p"]
        known = self.pending.get(seat)
        if known and known.parent == answer.parent and known.digest != answer.digest:
            self.split = self.split or (len(self.match.actions) + 1, known.entry, answer.entry)
            return
        if self._fits(answer):
            self.pending[seat] = answer
            if "k" in answer.entry:
                self.keys[seat] = answer.signer

    def _fits(self, answer: Answer) -> bool:
        """Is ``answer`` one to the decision at the end?"""
        rules, state, seat = self.match.rules, self.match.state, answer.entry["p"]
        waiting = rules.to_act(state)
        if answer.leaf or len(waiting) > 1:
            return answer.leaf and answer.parent == self.heads[-1] and seat in waiting
        if waiting == [seat]:
            return answer.parent == self.heads[-1]
        return answer.parent == self._window().get(seat, (None, None))[1]

    def _settle(self) -> None:
        """Take the collected answers into the chain once they are complete (all at once), or
        as far as they go (a reaction window: until an answer other than a pass); drop the
        answers that no longer fit (made assuming a pass that did not come)."""
        rules, state = self.match.rules, self.match.state
        while self.pending and rules.result(state) is None:
            waiting, head = rules.to_act(state), self.heads[-1]
            if len(waiting) > 1:
                needed = [p for p in waiting if rules.forced(state, p) is None]
                if not all(p in self.pending and self.pending[p].leaf
                           and self.pending[p].parent == head for p in needed):
                    break
                self._append_group(waiting, {p: self.pending.pop(p) for p in needed})
            else:
                answer = self.pending.get(waiting[0]) if waiting else None
                if not answer or answer.leaf or answer.parent != head:
                    break
                del self.pending[waiting[0]]
                self._append(answer.entry, answer.signer, True)
            self._implied()
        fitting = self._window() if self.pending else {}
        head = self.heads[-1]
        for seat, answer in list(self.pending.items()):
            if answer.parent != (head if answer.leaf else fitting.get(seat, (0, None))[1]):
                del self.pending[seat]  # made assuming a pass that did not come

    def _equivocation(self, position: int, ours: dict, theirs: dict) -> ForkError:
        return ForkError(_("{name} made two different decisions at move {n}: this game has "
                           "split in two. Agree at the table which one counts, then go on from "
                           "its newest link.").format(name=self._name(ours["p"]), n=position),
                         position, ours, theirs)

    def _carried(self, start: int, skip: set) -> dict:
        """The link's fields for the decisions after action ``start`` and the answers
        collected (without those of the keys in ``skip``: the recipient's own)."""
        rules = self.match.rules
        texts, claims, where = [], [], {}
        for index in range(start, len(self.signers)):
            signer = self.signers[index]
            if signer is None:
                continue
            player, action = self.match.actions[index]
            if index in self.claims:
                claims.append([len(texts), self.claims[index]["k"], self.claims[index]["t"]])
            where[signer] = (len(texts), self.digests[index])
            texts.append(links.action_text(rules, action, player, not self.named[index]))
        queue, places = [], set()
        for seat, answer in sorted(self.pending.items()):
            if answer.signer in skip:
                continue
            if "k" in answer.entry:
                claims.append([len(texts) + len(queue), answer.entry["k"], answer.entry["t"]])
            places.add((len(texts) + len(queue), answer.digest))
            queue.append(links.action_text(rules, answer.entry["a"], seat, False))
            if answer.leaf:  # made on the head, it covers its signer's decisions before it
                where.pop(answer.signer, None)  # (unlike a window's, which may be dropped)
        signed = []
        for at, signed_digest in sorted(places | set(where.values())):
            if signed_digest not in self.signatures:
                raise ValueError("a decision to send is not signed")
            signed.append([at, b64(self.signatures[signed_digest][1])])
        data = {"a": links.SEP.join(texts), "k": signed}
        if queue:
            data["q"] = links.SEP.join(queue)
        if claims:
            data["c"] = claims
        return data

    def _copy(self) -> "Chain":
        match = Match(self.match.game, self.match.seats, self.match.options, self.match.seed,
                      json_copy(self.match.state), [list(a) for a in self.match.actions])
        return Chain(self.setup, match, dict(self.keys), list(self.heads), list(self.digests),
                     list(self.signers), list(self.named), dict(self.claims),
                     dict(self.signatures), dict(self.pending), self.setup_signature,
                     dict(self.bound))

    def _cut(self, count: int) -> "Chain":
        """This chain as it was after ``count`` actions (replayed; not inside a decision taken
        at once), with no answers collected."""
        again = Chain._from_setup(self.setup)
        again.setup_signature, again.signatures = self.setup_signature, dict(self.signatures)
        while len(again.match.actions) < count:
            index = len(again.match.actions)
            waiting = again.match.rules.to_act(again.match.state)
            if len(waiting) > 1:
                again._append_group(waiting, {
                    self.match.actions[i][0]: Answer(self._entry(i), self.digests[i],
                                                     again.heads[-1], True, self.signers[i])
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

    def _read(self, data: dict) -> "Incoming":
        """Take a link's decisions onto a copy of this chain (or onto the chain cut where the
        link parts from it), checking each with the rules; collect what is to verify."""
        checks, refusals = [], []
        if "g" in data:
            if {k: data.get(k) for k in self.setup} != self.setup:
                raise RemoteError(_("This link belongs to another game than this one."))
            setup_signature = unb64(data.get("x"), SIGNATURE_BYTES)
            checks.append((self.host_key, self.heads[0], setup_signature))
            refusals.append(altered(self._name(0)))
            start = 0
        else:
            start = self._base(data)
        texts, queue = _texts(data.get("a")), _texts(data.get("q"))
        claims = _claims(data.get("c"), len(texts) + len(queue))
        signed = _signed(data.get("k"), len(texts) + len(queue))
        chain, fork, places, ahead = self._follow(start, texts, claims)
        if "g" in data:
            chain.setup_signature = setup_signature
        answering = self._cut(ahead) if queue and ahead is not None and fork is None else chain
        for offset, text in enumerate(queue):
            number = len(texts) + offset
            where = {"n": number + 1, "total": len(texts) + len(queue)}
            with links.moves_read(where):
                seat, action = links.read_action(answering.match.rules, text, None, where)
                if type(seat) is not int or not 0 <= seat < len(answering.match.seats):
                    raise IllegalAction("no such seat")
                entry = {"p": seat, "a": action, **claims.get(number, {})}
                signer = answering._signer(entry)
                answer = answering._answer(entry, signer)
            places.append((signer, answer.digest, entry))
            if answering is not chain:
                fork = fork or self._contradicted(answer)
            if fork is None:
                chain._collect(answer)
        decided = {signer: number for number, (signer, _d, _e) in enumerate(places[:len(texts)])}
        queued = set(range(len(texts), len(places)))
        answerers = {places[number][0] for number in queued}
        needed = queued | {n for signer, n in decided.items() if signer not in answerers}
        odd = needed - set(signed) | set(signed) - needed - set(decided.values())
        if odd:
            raise RemoteError(_("This link is damaged: {name}'s moves carry no signature.")
                              .format(name=chain._name(places[min(odd)][2]["p"])))
        for number, signature in signed.items():
            signer, signed_digest, entry = places[number]
            checks.append((signer, signed_digest, signature))
            refusals.append(altered(chain._name(entry["p"])))
            chain.signatures[signed_digest] = (signer, signature)
        for place in places:
            entry = place[2]
            if check := chain._binding_check(entry):
                checks.append(check)
                refusals.append(_("This link is forged: it gives {name}'s seat to a device "
                                  "that did not open {name}'s invitation. It is refused, and "
                                  "{name} is not to blame.").format(name=chain._name(entry["p"])))
        if fork is None:
            chain._settle()
        return Incoming(self, chain, checks, refusals, fork or chain.split)

    def _base(self, data: dict) -> int:
        """The number of actions a hop goes on from, checked against this chain."""
        if data.get("i") != self.game_id:
            raise RemoteError(_("This link belongs to another game than this one."))
        start = data.get("n")
        if type(start) is not int or start < 0:
            raise RemoteError(_("This game link is damaged: parts of the game are missing."))
        if start > len(self.match.actions):
            raise MissedLinks(_("This link follows links you have not opened yet: open those "
                                "first, or ask for a link to the whole game."))
        if self.heads[start] is None or data.get("h") != b64(self.heads[start][:BASE_BYTES]):
            raise ForkError(_("This link goes on from another course of this game than the one "
                              "on this device. Agree at the table which one counts, then go on "
                              "from its newest link."), None)
        return start

    def _follow(self, start: int, texts: list[str], claims: dict):
        """The link's decisions after action ``start`` in a chain: a copy of this one where
        they agree with it and go on past its end, this one cut and replayed where they part.
        Returns that chain, the fork (position, our entry, theirs; or None), per decision its
        signer, signed digest and entry, and where the link ends if this chain is ahead of it
        (None: it is not)."""
        ours = [i for i in range(start, len(self.signers)) if self.signers[i] is not None]
        places, fork, chain, number = [], None, None, 0
        while number < len(texts):
            where = {"n": start + number + 1, "total": start + len(texts)}
            if chain is None and number < len(ours):
                index = ours[number]
                mine = self._entry(index)
                with links.moves_read(where):
                    player, action = links.read_action(
                        self.match.rules, texts[number],
                        None if self.named[index] else mine["p"], where)
                entry = {"p": player, "a": action, **claims.get(number, {})}
                if entry_bytes(entry) == entry_bytes(mine):
                    places.append((self.signers[index], self.digests[index], entry))
                    number += 1
                    continue
                fork = (index + 1, mine, entry)
                cut = self._group_start(index)
                chain = self._cut(cut)
                while number and ours[number - 1] >= cut:  # the group's earlier answers again
                    number -= 1
                    places.pop()
                continue
            if chain is None:
                chain = self._copy()
            places.append(chain._take(texts[number], claims.get(number, {}), where))
            number += 1
        ahead = None
        if chain is None:
            chain = self._copy()
            if len(texts) < len(ours):
                ahead = ours[len(texts)]
        return chain, fork, places, ahead

    def _contradicted(self, answer: Answer):
        """The fork an answer collected at an earlier point makes with this chain, if the
        chain took another decision of that seat there (None: it agrees, or never got there:
        an answer made assuming a pass that did not come)."""
        seat = answer.entry["p"]
        for index in range(len(self.match.actions)):
            if self.heads[index] != answer.parent:
                continue
            span = range(index, len(self.match.actions))
            if answer.leaf:
                span = [i for i in span if self._group_start(i) == index]
            for i in span:
                if self.match.actions[i][0] == seat:
                    mine = self._entry(i)
                    same = entry_bytes({**mine, **answer.entry}) == entry_bytes(mine)
                    return None if same else (i + 1, mine, answer.entry)
                if not answer.leaf:
                    break
        return None

    def _take(self, text: str, claim: dict, where: dict):
        """One carried decision at the end: read, checked, taken (with the decisions the rules
        then leave no choice in); its signer, signed digest and entry."""
        rules, state = self.match.rules, self.match.state
        waiting = rules.to_act(state)
        with links.moves_read(where):
            player, action = links.read_action(rules, text, waiting[0] if len(waiting) == 1
                                               else None, where, bool(waiting))
            entry = {"p": player, "a": action, **claim}
            signer = self._signer(entry)
            if len(waiting) > 1:  # the link carries the whole group, in to_act's order:
                answer = self._answer(entry, signer)  # answers collected here before must
                self._collect(answer)  # not complete it early
                self.taking.add(player)
                if {p for p in waiting if rules.forced(state, p) is None} <= self.taking:
                    self.taking = set()
                    self._settle()
                return signer, answer.digest, entry
            known = self.pending.get(player)
            if known and not known.leaf and known.parent == self.heads[-1] and \
                    known.digest != digest(b"S", self.heads[-1], entry_bytes(entry)):
                self.split = self.split or (len(self.match.actions) + 1, known.entry, entry)
            self._append(entry, signer, waiting == [player])
            self.pending.pop(player, None)
            signed = self.digests[-1]
            self._implied()  # answers collected here settle after the link: it may carry them
            return signer, signed, entry


@dataclass
class Incoming:
    """A link read against a chain: ``checks`` (public key, digest, signature) to verify, each
    with the refusal ``refusals`` gives if it does not hold, then ``accept``."""

    before: Chain
    chain: Chain
    checks: list
    refusals: list[str]
    fork: tuple | None
    invite: tuple | None = None  # an invitation's seat and secret
    refusal: RemoteError | None = None  # why the link is refused if its signatures hold

    @property
    def news(self) -> int:
        """How many actions and collected answers the link adds to the chain it was read on."""
        return (len(self.chain.match.actions) - len(self.before.match.actions)
                + len(set(self.chain.pending) - set(self.before.pending)))

    def accept(self, verified: list[bool]) -> Chain:
        """The chain with the link's decisions, given whether each check held; RemoteError if
        one did not, ForkError if the link, rightly signed, parts from the chain."""
        for refusal, good in zip(self.refusals, verified, strict=True):
            if good is not True:
                raise RemoteError(refusal)
        if self.refusal:
            raise self.refusal
        if self.fork:
            position, ours, theirs = self.fork
            if ours["p"] == theirs["p"] and ours.get("k") != theirs.get("k"):
                raise ForkError(_(
                    "{name}'s seat was opened on two devices: from move {n} on, this link and "
                    "this device hold different decisions for it. Someone who held {name}'s "
                    "invitation took the seat, and it need not be {name}. Agree at the table "
                    "which course counts, then go on from its newest link.").format(
                    name=self.before._name(ours["p"]), n=position), position, ours, theirs)
            if ours["p"] == theirs["p"]:
                raise self.before._equivocation(position, ours, theirs)
            raise ForkError(_("This game has split in two: from move {n} on, this link's moves "
                              "differ from the ones on this device. Agree at the table which "
                              "one counts, then go on from its newest link.").format(n=position),
                            position, ours, theirs)
        return self.chain


def altered(name: str) -> str:
    """The refusal of a link whose signature by ``name`` does not hold."""
    return _("This link was altered: {name}'s signature does not match the moves it carries. "
             "Ask for the link again.").format(name=name)


def commitment(token: bytes) -> bytes:
    """What the set-up of a game before invitation keys showed of an invitation's secret."""
    return digest(b"T", token)[:COMMIT_BYTES]


def message(name: str, game: str, moment: str, link: str) -> str:
    """The ready-to-paste text sending ``link`` to ``name`` (None: to everyone); ``moment``:
    where the game stands, as its screen says (e.g. "Turn 4")."""
    if name is None:
        return _("Everyone: news from {game}, {moment} — {link}").format(
            game=game, moment=moment, link=link)
    return _("{name}: your turn in {game}, {moment} — {link}").format(
        name=name, game=game, moment=moment, link=link)


def game_of(link: str) -> str:
    """The id of the game a remote link belongs to; RemoteError if the link cannot be read."""
    def read():
        data = _unpack(link)
        if "g" in data:
            return Chain._from_setup(setup_of(data)).game_id
        if type(data["i"]) is not str:
            raise RemoteError(_("This game link is damaged: parts of the game are missing."))
        return data["i"]
    return _guarded(read)


def _guarded(read):
    try:
        return read()
    except RemoteError:
        raise
    except links.LinkError as error:
        raise RemoteError(str(error)) from None
    except Exception as error:  # whatever was missed: still the link's fault
        raise RemoteError(_("This game link cannot be opened ({error}). The link may have been "
                            "altered or cut.").format(error=type(error).__name__)) from None


def _unpack(link: str) -> dict:
    found = links.fragment_data(link, PREFIX, VERSION) if type(link) is str else None
    if found is None:
        raise RemoteError(_("This is not a link of a remote game: such a link contains “#r=” "
                            "followed by the game's data."))
    data = links.unpack(found, LINK_DEPTH)
    if type(data) is not dict or ("g" in data) == ("i" in data):
        raise RemoteError(_("This game link is damaged: parts of the game are missing."))
    return data


def _texts(text) -> list[str]:
    if text is None:
        return []
    if type(text) is not str:
        raise RemoteError(_("This game link is damaged: its moves cannot be read."))
    texts = text.split(links.SEP) if text else []
    if len(texts) > MAX_ENTRIES:
        raise RemoteError(_("This game link holds far more data than a game can have."))
    return texts


def _claims(found, count: int) -> dict:
    """The link's announced keys: entry number -> {"k", "t"}."""
    claims = {}
    for item in found or []:
        if not (type(item) is list and len(item) == 3 and type(item[0]) is int
                and 0 <= item[0] < count and item[0] not in claims):
            raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))
        unb64(item[1], KEY_BYTES)
        unb64(item[2], b64_size(item[2], SIGNATURE_BYTES, TOKEN_BYTES))
        claims[item[0]] = {"k": item[1], "t": item[2]}
    if found is not None and type(found) is not list:
        raise RemoteError(_("This link is damaged: its keys or signatures cannot be read."))
    return claims


def _signed(found, count: int) -> dict:
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
