"""Who decides now in a remote game, and the order of answers given at once.

A decision taken at once (the players ``to_act`` lists together) or a reaction window (where
each seat answers as if those before it passed) is answered on several devices, and the
answers arrive in any order. Each is collected (``pending``) until the decision is complete,
then joins the chain in one canonical order; one made assuming a pass that did not come is
dropped.
"""

from dataclasses import dataclass, field

from engine.core import wellformed
from engine.core.game import IllegalAction, json_copy
from engine.core.reactions import PASS
from web.play.chain.protocol import SignedChain, digest, entry_bytes


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
class DecidingChain(SignedChain):
    """A signed chain with the decisions at its end: whose they are and the answers
    collected."""

    pending: dict = field(default_factory=dict)  # seat -> Answer
    split: tuple | None = None  # a seat's two answers to one decision, found while reading

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

    def deciders(self) -> list[int]:
        """The seats that decide now: one, or several at once (a decision taken at once, or a
        reaction window, where each answers as if those before it passed); none at the end."""
        waiting = self.match.rules.to_act(self.match.state)
        if len(waiting) == 1:
            return waiting + list(self._window())
        return [p for p in waiting if self.match.rules.forced(self.match.state, p) is None]

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
                taken = {p: self.pending.pop(p) for p in needed}
                self._append_group(waiting, {p: (a.entry, a.signer) for p, a in taken.items()})
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
