"""A way of playing for the tests: tables in CPython, each one seat of a game by signed entries
(web/play/chain/, seated by tools/remote_table.py), and an in-memory relay that hands what one
table signs to the others at once. It plugs into the router (web/play/playing.py's
``Playing``) with one registration line; the common part is web/play/seat.py's ``Seat``."""

import sys
from pathlib import Path

from engine.core.game import IllegalAction
from web.app import App
from web.base.outcome import QUIET, Outcome
from web.games import front
from web.play.chain import RemoteError, signing
from web.play.seat import Seat, write
from web.screens import table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from remote_table import seat_up  # noqa: E402 (a tools/ script)

App.TABLES["relay"] = table.game  # the registration: how the router draws a relay's scene


class Relay:
    """The room: one table a seat; what one signs reaches every other."""

    def __init__(self, game: str, players: int, seed: int):
        self.tables = [RelayTable(self, device) for device in seat_up(game, players, seed).devices]
        self.passed = 0  # the entries handed on

    def hand_on(self, sender: "RelayTable") -> None:
        for other in self.tables:
            if other is not sender:
                other.chain = other.chain.receive(sender.chain.hop([other.me]), signing.verify)
                self.passed += 1


class RelayTable(Seat):
    screen = "relay"
    pending_bot = bot_thinking = lambda self, *_: None  # no bots at these tables
    bot_pause = lambda self: 1  # noqa: E731
    save_key, close = None, lambda self: None  # nothing kept here: nothing to follow
    match = property(lambda self: self.chain.match)  # the chain as the seat's ledger (seat.py)

    def __init__(self, relay: Relay, device):
        self.relay, self.keys, self.me, self.chain = relay, device.keys, device.seat, device.chain
        self.ui: dict = {}

    def may_decide(self, seat: int) -> bool:
        return self.chain.turn(seat) is not None

    def decide(self, seat: int, action) -> None:
        try:
            self.chain.decide(seat, action)
        except RemoteError as error:
            raise IllegalAction(str(error)) from None

    def view(self, seat: int) -> dict:
        turn = self.chain.turn(seat)
        return self.match.rules.view(self.match.state if turn is None else turn.state, seat)

    def handles(self, name: str) -> bool:
        return name == "act" or name.startswith(front(self.match.game).prefix)

    def handle(self, name: str, arg) -> Outcome:
        screen = front(self.match.game).module()
        self.ui, actions = screen.reduce(self.view(self.me), self.ui, name, arg)
        written = write(self, self.me, actions)
        if written.decided:
            while (digest := self.chain.to_sign(self.me)) is not None:
                self.chain.sign(self.me, digest, self.keys.sign(digest))
            self.relay.hand_on(self)
        return Outcome(notice=("error", written.refusal)) if written.refusal else QUIET

    def scene(self) -> table.Scene:
        game = front(self.match.game)
        names = [self.chain.name(p) for p in range(len(self.match.seats))]
        return table.Scene("game", game, game.module(), names, self.view(self.me), self.ui, self.me)

    def watcher(self):
        return self.match, self.me

    def _follow_save(self, shown: bool) -> Outcome:
        return QUIET
