"""A remote table in CPython: one device per seat, each with its own key and chain, bots
deciding on each device from its own seat's view, and the links passed between them the way
the app will pass them (docs/remote.md, "Who sends what to whom"). For the tests
(tests/web/test_remote_chain.py) and bench/link_size.py; a script of tools/, not a package."""

import random
import secrets
from dataclasses import dataclass, field

from engine.core.game import Match, rules_for
from engine.simulate import make_bot
from web.play import chain as remote
from web.play.chain import signing


@dataclass
class Device:
    seat: int
    keys: signing.Keys
    bot: object
    chain: remote.Chain | None = None

    def take(self, link: str) -> None:
        self.chain = self.chain.receive(link, signing.verify)

    def decide(self) -> None:
        """One decision of this device's seat, by its bot, from the seat's view."""
        turn = self.chain.turn(self.seat)
        rules = self.chain.match.rules
        view = rules.view(turn.state, self.seat) if self.bot.uses_view else None
        self.chain.decide(self.seat, self.bot.decide(view, turn.choice))

    def sign(self) -> None:
        while (digest := self.chain.to_sign(self.seat)) is not None:
            self.chain.sign(self.seat, digest, self.keys.sign(digest))


@dataclass
class Table:
    devices: list[Device]
    sent: list[tuple[str, str]] = field(default_factory=list)  # (kind, link)
    shuffle: random.Random = field(default_factory=lambda: random.Random(7))

    def send(self, kind: str, link: str, recipients: list[Device]) -> None:
        self.sent.append((kind, link))
        for device in recipients:
            device.take(link)


def seat_up(game: str, players: int, seed: int, kind: str = "normal",
            before_invitation_keys: bool = False) -> Table:
    """A remote game: seat 0 hosts it (its device made the set-up), every other seat is
    remote and opens its invitation on its own device. ``before_invitation_keys``: set up as
    the table did until 2026-11-28, each seat's first decision showing its invitation's
    secret."""
    names = ["Ann", "Bea", "Cy", "Dot"][:players]
    record = Match.start(game, [{"name": n} for n in names], {}, seed).record()
    devices = [Device(p, signing.Keys(), make_bot(kind, game, seed * 8 + p))
               for p in range(players)]
    host = devices[0]
    if before_invitation_keys:
        tokens = {p: secrets.token_bytes(remote.TOKEN_BYTES) for p in range(1, players)}
        host.chain = remote.Chain.new(record, host.keys.public_key, {})
        host.chain = remote.Chain._from_setup({**host.chain.setup, "t": [0] + [
            remote.b64(remote.commitment(tokens[p])) for p in range(1, players)]})
    else:
        tokens = {p: secrets.token_bytes(remote.SECRET_BYTES) for p in range(1, players)}
        host.chain = remote.Chain.new(record, host.keys.public_key,
                                      {p: signing.Keys(t).public_key for p, t in tokens.items()})
    host.chain.sign_setup(host.keys.sign(host.chain.setup_digest))
    table = Table(devices)
    for device in devices[1:]:
        link = host.chain.join_link(device.seat, tokens[device.seat])
        table.sent.append(("invitation", link))
        incoming = remote.Chain.join(link)
        device.chain = incoming.accept([signing.verify(*c) for c in incoming.checks])
        seat, secret = incoming.invite
        key = device.keys.public_key
        proof = secret if before_invitation_keys else signing.Keys(secret).sign(
            device.chain.binding(seat, key))
        device.chain.bind(seat, key, proof)
    return table


def behind(device: Device, lead: Device) -> bool:
    return device.chain.heads[-1] != lead.chain.heads[-1] or \
        set(device.chain.pending) != set(lead.chain.pending)


def play(table: Table, until=None, max_rounds: int = 20_000) -> Device:
    """Play the game by links only to its end, when every device is sent what it lacks (or
    until ``until(lead)`` holds for the device holding the newest chain); returns the device
    that decided last."""
    devices = table.devices
    lead = devices[0]
    for _ in range(max_rounds):
        rules = rules_for(lead.chain.match.game)
        if until and until(lead):
            return lead
        if rules.result(lead.chain.match.state) is not None:
            late = [d for d in devices if behind(d, lead)]
            if late:
                table.send("to everyone", lead.chain.hop([d.seat for d in late]), late)
            return lead
        deciders = lead.chain.deciders()
        if len(deciders) == 1:
            actor = devices[deciders[0]]
            if behind(actor, lead):
                table.send("hop", lead.chain.hop([actor.seat]), [actor])
            actor.decide()
            while actor.chain.deciders() == [actor.seat]:
                actor.decide()
            actor.sign()
            lead = actor
            continue
        members = [devices[p] for p in deciders]
        late = [d for d in devices if behind(d, lead)]
        if late:
            table.send("to everyone", lead.chain.hop([d.seat for d in late]), late)
        answers = []
        for device in members:
            device.decide()
            device.sign()
            answers += [(device.chain.answer_link(device.seat), other) for other in devices
                        if other is not device]
        table.shuffle.shuffle(answers)  # they arrive in any order
        for link in dict.fromkeys(link for link, _ in answers):
            table.sent.append(("answer", link))
        for link, device in answers:
            device.take(link)
        lead = members[-1]
    raise RuntimeError("the game did not end")
