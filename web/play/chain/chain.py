"""A remote game as one device knows it (:class:`Chain`), and the links it sends and takes.

- a **hop** carries what its recipients have not seen: the decisions since the head their own
  latest signature covers, the collected answers, and each signer's latest signature;
- a **join link** carries the set-up and the whole chain (an **invitation** adds one remote
  seat's token).

Decisions the rules leave no choice in are not carried: every device plays them. Everything
read from a link is checked before use (:class:`Incoming`, then ``accept`` with the signatures
verified); a refused link raises RemoteError and changes no chain.
"""

from dataclasses import dataclass, field

from engine.core import wellformed
from engine.core.game import IllegalAction, Match, json_copy
from engine.core.reactions import PASS
from web.base.i18n import _
from web.keep import gamelink
from web.play.chain import codec
from web.play.chain.answers import DecidingChain
from web.play.chain.codec import BASE_BYTES, SECRET_BYTES, SIGNATURE_BYTES, TOKEN_BYTES, b64, unb64
from web.play.chain.protocol import commitment, digest, entry_bytes
from web.play.chain.texts import Altered, ForkError, MissedLinks, RemoteError, altered, forked


@dataclass
class Chain(DecidingChain):
    """A remote game as one device knows it: the match at its end, the heads, who signed
    what, the answers collected; what to send whom, and what a received link brings."""

    taking: set = field(default_factory=set)  # seats of a group being read from a link

    # --- sending ----------------------------------------------------------------------
    def hop(self, recipients: list[int]) -> str:
        """The link to send ``recipients`` (seats): what the least informed of them has not
        seen, as far as this chain tells (the head their latest signature covers)."""
        keys = {self.keys.get(s) for s in recipients}
        start = 0 if None in keys else min(self.known_by(k) for k in keys)
        skip = keys if len(keys) == 1 and None not in keys else set()
        return self._hop_from(start, skip)

    def join_link(self, invite: int | None = None, token: bytes | None = None) -> str:
        """The whole game, for a new device; with ``invite`` and ``token``: that remote seat's
        invitation (to be sent to that person only)."""
        if self.setup_signature is None:
            raise ValueError("the host has not signed the set-up")
        data = {**self.setup, "x": b64(self.setup_signature), **self._carried(0, set())}
        if invite is not None:
            data["y"] = [invite, b64(token)]
        return codec.pack(data)

    def answer_link(self, seat: int) -> str:
        """The link carrying ``seat``'s newest decision alone, for recipients who hold the
        chain it was made on (an answer to a decision taken at once, sent to everyone)."""
        key = self._key(seat)
        if any(a.signer == key for a in self.pending.values()):
            start = len(self.match.actions)
        else:
            start = self._group_start(max(i for i, k in enumerate(self.signers) if k == key))
        return self._hop_from(start, set())

    def _hop_from(self, start: int, skip: set) -> str:
        """A hop going on from action ``start`` (see ``_carried``)."""
        return codec.pack({"i": self.game_id, "n": start,
                           "h": b64(self.heads[start][:BASE_BYTES]), **self._carried(start, skip)})

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
            texts.append(gamelink.action_text(rules, action, player, not self.named[index]))
        queue, places = [], set()
        for seat, answer in sorted(self.pending.items()):
            if answer.signer in skip:
                continue
            if "k" in answer.entry:
                claims.append([len(texts) + len(queue), answer.entry["k"], answer.entry["t"]])
            places.add((len(texts) + len(queue), answer.digest))
            queue.append(gamelink.action_text(rules, answer.entry["a"], seat, False))
            if answer.leaf:  # made on the head, it covers its signer's decisions before it
                where.pop(answer.signer, None)  # (unlike a window's, which may be dropped)
        signed = []
        for at, signed_digest in sorted(places | set(where.values())):
            if signed_digest not in self.signatures:
                raise ValueError("a decision to send is not signed")
            signed.append([at, b64(self.signatures[signed_digest][1])])
        data = {"a": gamelink.SEP.join(texts), "k": signed}
        if queue:
            data["q"] = gamelink.SEP.join(queue)
        if claims:
            data["c"] = claims
        return data

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

    # --- taking -----------------------------------------------------------------------
    def read(self, link: str) -> "Incoming":
        """What a hop or join link of this game brings, checked against the rules, with the
        signatures still to verify; RemoteError (never anything else) if it cannot be taken."""
        return codec.guarded(lambda: self._read(codec.unpack(link)))

    def receive(self, link: str, verify) -> "Chain":
        """``read`` and ``accept`` at once, with a verifier answering at once (CPython)."""
        incoming = self.read(link)
        return incoming.accept([verify(*check) for check in incoming.checks])

    @staticmethod
    def join(link: str) -> "Incoming":
        """A join link or invitation opened on a device that does not have its game yet."""
        def read():
            data = codec.unpack(link)
            if "g" not in data:
                raise MissedLinks(_("This link carries only the latest moves of a game this "
                                    "device does not have: ask for a link to the whole game."))
            chain = Chain._from_setup(codec.setup_of(data))
            try:
                incoming = chain._read(data)
            except RemoteError as error:  # told once the set-up's signature is checked
                signature = unb64(data.get("x"), SIGNATURE_BYTES)
                return Incoming(chain, chain, [(chain.host_key, chain.heads[0], signature)],
                                [altered(chain.signer_name())], None, refusal=error)
            if "y" in data:
                incoming.invite = chain._invite(data["y"])
            return incoming
        return codec.guarded(read)

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

    def _read(self, data: dict) -> "Incoming":
        """Take a link's decisions onto a copy of this chain (or onto the chain cut where the
        link parts from it), checking each with the rules; collect what is to verify."""
        checks, refusals = [], []
        if "g" in data:
            if {k: data.get(k) for k in self.setup} != self.setup:
                raise RemoteError(_("This link belongs to another game than this one."))
            setup_signature = unb64(data.get("x"), SIGNATURE_BYTES)
            checks.append((self.host_key, self.heads[0], setup_signature))
            refusals.append(altered(self.signer_name()))
            start = 0
        else:
            start = self._base(data)
        texts, queue = codec.moves(data.get("a")), codec.moves(data.get("q"))
        claims = codec.claims(data.get("c"), len(texts) + len(queue))
        signed = codec.signatures(data.get("k"), len(texts) + len(queue))
        chain, fork, places, ahead = self._follow(start, texts, claims)
        if "g" in data:
            chain.setup_signature = setup_signature
        answering = self._cut(ahead) if queue and ahead is not None and fork is None else chain
        for offset, text in enumerate(queue):
            number = len(texts) + offset
            where = {"n": number + 1, "total": len(texts) + len(queue)}
            with gamelink.moves_read(where):
                seat, action = gamelink.read_action(answering.match.rules, text, None, where)
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
                              .format(name=chain.name(places[min(odd)][2]["p"])))
        for number, signature in signed.items():
            signer, signed_digest, entry = places[number]
            checks.append((signer, signed_digest, signature))
            refusals.append(altered(chain.signer_name(entry["p"])))
            chain.signatures[signed_digest] = (signer, signature)
        for place in places:
            entry = place[2]
            if check := chain._binding_check(entry):
                checks.append(check)
                refusals.append(_("This link is forged: it gives {name}'s seat to a device "
                                  "that did not open {name}'s invitation. It is refused, and "
                                  "{name} is not to blame.").format(name=chain.name(entry["p"])))
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
                with gamelink.moves_read(where):
                    player, action = gamelink.read_action(
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

    def _copy(self) -> "Chain":
        match = Match(self.match.game, self.match.seats, self.match.options, self.match.seed,
                      json_copy(self.match.state), [list(a) for a in self.match.actions])
        return Chain(self.setup, match, dict(self.keys), list(self.heads), list(self.digests),
                     list(self.signers), list(self.named), dict(self.claims),
                     dict(self.signatures), self.setup_signature, dict(self.bound),
                     pending=dict(self.pending))

    def _take(self, text: str, claim: dict, where: dict):
        """One carried decision at the end: read, checked, taken (with the decisions the rules
        then leave no choice in); its signer, signed digest and entry."""
        rules, state = self.match.rules, self.match.state
        waiting = rules.to_act(state)
        with gamelink.moves_read(where):
            player, action = gamelink.read_action(rules, text, waiting[0] if len(waiting) == 1
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
                raise Altered(refusal)
        if self.refusal:
            raise self.refusal
        if self.fork:
            raise forked(self.before.match.seats, *self.fork)
        return self.chain


def game_of(link: str) -> str:
    """The id of the game a remote link belongs to; RemoteError if the link cannot be read."""
    def read():
        data = codec.unpack(link)
        if "g" in data:
            return Chain._from_setup(codec.setup_of(data)).game_id
        if type(data["i"]) is not str:
            raise RemoteError(_("This game link is damaged: parts of the game are missing."))
        return data["i"]
    return codec.guarded(read)

