"""The remote table's flow (issue 17; the protocol is ``web/play/chain/``, the screen
``web/screens/links.py``).

Each device plays one person's seat of a remote game: the host's device also runs the bots and
made the set-up and the invitations; a remote seat's device is bound to its seat by opening its
invitation. The device shows that seat's view only (no handover, no other seat), and after the
person's decisions it makes the link to send on, with a ready-to-paste text: to whoever decides
next, or to everyone. Signing and checking are asynchronous in the browser (WebCrypto), so they
are handed to the page as jobs (web/play/links/jobs.py); the flow goes on in each job's ``then``.
The device's own part is web/play/links/device.py. The table never writes the router's fields:
each of its entry points (web/play/playing.py's, and its own: a link taken, a job's answer, the
page's word on a live channel) returns an :class:`Outcome` with what was asked on the way (a
notice, a screen, a link to copy), then the live channels go on.
"""

from collections.abc import Callable
from functools import partial

from engine.core.game import Match
from web.base.i18n import _
from web.base.outcome import QUIET, Outcome
from web.base.secure import NOT_CHANGED, told
from web.games import front
from web.play import live
from web.play.chain import PREFIX, Chain, ForkError, RemoteError, game_of
from web.play.links import seating
from web.play.links.bots import HostBots
from web.play.links.device import SAVE_PREFIX, Device, NoGame, Outgoing, kept_games, parsed
from web.play.links.jobs import Job, Jobs
from web.play.links.scene import scene
from web.play.links.tabs import SharedSeat
from web.play.live import Heard, Live
from web.play.seat import Marks, Seat, take_back, write
from web.screens.linkscene import RemoteScene

OPEN_KEY = "thieves.remote-open"  # session storage: the remote game open in this tab


class RemoteTable(Seat, HostBots, SharedSeat):
    """The remote game of the app's tab: starting, opening links, deciding, sending on."""

    screen = "remote"  # the router's screen it is shown on

    @staticmethod
    def takes(fragment: str) -> bool:
        """Is ``fragment`` a link this way of playing opens: a game by links, or a link of the
        live table's own (its live channel is reached through this transport only)?"""
        return PREFIX in fragment or live.takes(fragment)

    def __init__(self, storage, session, base_url: str):
        self.storage, self.session, self.base_url = storage, session, base_url
        self.outcome = QUIET  # what the entry point under way asks of the router
        self.device: Device | None = None
        self.jobs = Jobs()
        self.ui: dict = {}
        self.fork: ForkError | None = None  # a split of the game, shown until dismissed
        self.paste = ""  # the text in the box for a received link
        self.bots: dict = {}  # the host's bots, by seat
        self.bots_at_turn = None  # the bots (TableBots) at the position a bot thinks over
        self.save_seen: str | None = None  # the game's save as this tab last read or wrote it
        self.lock: tuple | None = None  # (ticket, name): the game's lock across the tabs, held
        self.waiting = ""  # what is lost if the change waiting for the lock is not made
        self.marks = Marks()  # what "since your last decision" counts from
        self.qr = ""  # the link to send shown as a QR code
        self.live = Live(self)  # the channels to the other devices in the room (web/play/live/)

    # --- the router's and the page's side -------------------------------------------------
    def _told(self, work: Callable, *args, go_on: bool = True) -> Outcome:
        """An entry point: ``work``, then (``go_on``) the live channels'; what it asked for."""
        work(*args)
        if go_on:
            self.live.go_on()
        outcome, self.outcome = self.outcome, QUIET
        return outcome

    def say(self, outcome: Outcome = QUIET, **fields) -> None:
        """Ask the router to show ``outcome`` (or one of ``fields``) after this entry point,
        with what was asked before."""
        self.outcome = self.outcome.then(outcome).then(Outcome(**fields))

    def take_jobs(self) -> list[Job]:
        """The work for the page; each job's ``then`` is an entry point (its Outcome)."""
        return [Job(job.kind, job.args, partial(self._told, job.then))
                for job in self.jobs.take()]

    def take_link(self, link: str) -> Outcome:
        """A link opened on this device (``App.open_link``)."""
        return self._told(self.receive, link)

    def reopen(self, game_id: str) -> Outcome:
        """The game kept here under ``game_id`` opened again in this tab; NoGame if none."""
        return self._told(self.open, game_id)

    def heard_live(self, message: dict) -> Outcome:
        """The page's word on a live channel (static/live.js)."""
        return self._told(self.live.event, message)

    @property
    def busy(self) -> bool:
        """Signing or checking under way, or the host's bot about to decide."""
        return self.jobs.busy or self._bot_due() is not None

    @property
    def unsigned(self) -> bool:
        """Are decisions made here waiting for their signature? No link can be made until
        they are signed (``Chain.to_sign``)."""
        device = self.device
        return device is not None and device.chain.to_sign(device.me) is not None

    def unsent(self) -> bool:
        """Has a decision made here not left this device yet (being signed, or its link not
        copied, shown nor sent over a live channel)?"""
        device = self.device
        mine = None if device is None else device.chain.match.last_decision(device.me)
        return mine is not None and mine >= device.shared and (self.unsigned
                                                                or bool(self._outgoing()))

    def failed(self, reason: str, secure: bool = True) -> Outcome:
        """A job could not be done (not ``secure``: no WebCrypto at a plain http:// address;
        no Ed25519 in this browser, the key store refused)."""
        self.jobs.drop()
        self._unlock()
        return self._told(self.refuse, told(NOT_CHANGED) if not secure else _(
            "This browser could not sign or check the game's links ({reason}); nothing was "
            "changed.").format(reason=reason))

    # --- starting -------------------------------------------------------------------------
    def start(self, match: Match, remote_seats: list[int]) -> Outcome:
        """A new game ``match`` by links hosted here (web/play/links/seating.py)."""
        return self._told(seating.host, self.jobs, match, remote_seats, self._seated)

    def _seated(self, device: Device, welcome: str | None = None) -> None:
        """This device now plays ``device``'s seat: the game is kept at once (the
        invitations are worth nothing without it)."""
        self._open(device)
        self._save()
        if welcome:
            self.say(notice=("info", welcome))
        self._advance()

    def invitations(self) -> list[Outgoing]:
        """The host's invitations to send; none while a decision made here waits for its
        signature (an invitation holds it)."""
        if self.device is None or self.unsigned:
            return []
        joined = self.live.open_to()  # (their key is announced with their first decision)
        return [out for out in self.device.invitations(self.base_url) if out.to not in joined]

    # --- links received -------------------------------------------------------------------
    def receive(self, link: str | Heard) -> None:
        """A link opened or pasted on this device (``App.open_link``), or come over a live
        channel (a ``Heard``: nothing said if it brings nothing new, a refusal names the device
        that sent it): taken, or refused with the reason."""
        if self.device is not None and self._follows_another_tab(then=lambda: self.receive(link)):
            return  # read on from what another tab kept, never over it
        heard, link = (link, link.link) if isinstance(link, Heard) else (None, link)
        try:
            left = self.live.door(link)
            if not left:  # the live table's own (an answer, an offer to a seat open here)
                self._taken(link)
                return
            link = left
            game_id = game_of(link)
            if self.device is None or self.device.chain.game_id != game_id:
                self.open(game_id, link=link)
                return
            incoming = self.device.chain.read(link)
        except NoGame:
            seating.join(self.jobs, link, self._seated, self.refuse)
            return
        except RemoteError as error:
            self._refused(error, heard)
            return
        self.jobs.ask("verify", (incoming.checks,), lambda verified: self._accept(
            incoming, verified, link, heard))

    def _accept(self, incoming, verified, link: str, heard: Heard | None = None) -> None:
        device = self.device
        try:
            chain = incoming.accept(verified)
        except RemoteError as error:
            self._refused(error, heard)
            return
        self._taken(link)
        if incoming.news == 0 and heard is None:
            self.say(notice=("info", _("This link brings nothing new: this device has "
                                       "everything it holds.")))
        if device.bound and device.me not in chain.keys:
            chain.bind(device.me, *device.bound)
        device.chain, self.ui = chain, {}
        device.shared = len(chain.match.actions)
        if incoming.news:  # (nothing comes after the end: the one who ended it keeps its link)
            device.drop_sent()
        self._save()
        if heard:
            self.live.accepted(heard)
        self._advance()

    def _taken(self, link: str) -> None:
        """``link`` was taken: the box for a received link is free for the next."""
        if self.paste.strip() == link:
            self.paste = ""

    # --- opening and keeping ------------------------------------------------------------------
    def open(self, game_id: str, then: Callable | None = None, link: str = "",
             text: str | None = None) -> None:
        """Open the remote game kept here under ``game_id`` (its signatures checked again),
        or its save ``text`` if given (a seal), then go on with ``then``, or take ``link`` read
        on it (the save's signatures and the link's checked in one job); NoGame if there is
        none."""
        text = text or self.storage.get(SAVE_PREFIX + game_id)
        kept = parsed(text)
        if kept is None:
            raise NoGame(_("This remote game is not kept on this device."))
        joined = Chain.join(kept["link"])
        try:
            incoming = joined.chain.read(link) if link else None
        except RemoteError as error:  # refused whatever its signatures: the game opens
            incoming, then = None, partial(self._refused, error)
        count = len(joined.checks)

        def checked(verified):
            try:
                chain = joined.accept(verified[:count])
            except RemoteError as error:
                self.refuse(_("This remote game's save cannot be opened: {reason}").format(
                    reason=error))
                return
            self._open(Device.reopened(kept, chain))
            self.save_seen = text
            if self._follows_another_tab(then=partial(self.receive, link) if incoming else then):
                return  # another tab saved it while it was checked: read on from there
            if incoming:
                self._accept(incoming, verified[count:], link)
            elif then:
                then()
            else:
                self._advance()
        self.jobs.ask("verify", (joined.checks + (incoming.checks if incoming else []),), checked)

    def _open(self, device: Device) -> None:
        self._unlock()
        self.device, self.ui, self.fork, self.bots, self.save_seen = device, {}, None, {}, None
        self.bots_at_turn, self.qr = None, ""
        self.live.follow(device.chain.game_id)
        # the jobs still under way for the game open before are dropped, not done for this one
        self.jobs.drop()
        self.paste = ""  # the links typed to open a game are done
        self.say(shown="game")
        if self.session:
            self.session.set(OPEN_KEY, device.chain.game_id)

    def close(self) -> None:
        self._unlock()
        self.device = self.fork = self.bots_at_turn = self.save_seen = None
        self.jobs.drop()
        if self.session:
            self.session.remove(OPEN_KEY)

    def _save(self) -> str:
        """Keep the game in local storage; the text kept."""
        text = self.device.kept()
        try:
            self.storage.set(SAVE_PREFIX + self.device.chain.game_id, text)
            self.save_seen = text
        except Exception:  # full, or switched off: the game goes on, unsaved
            self.say(notice=("error", _("This remote game could not be saved on this "
                                        "device; keep its newest link.")))
        return text

    def kept_games(self) -> list[tuple[str, dict]]:
        """The remote games kept on this device: (id, what was kept)."""
        return kept_games(self.storage)

    # --- the flow ---------------------------------------------------------------------------
    @property
    def front(self):
        return front(self.device.chain.match.game)

    def _advance(self) -> None:
        """After a change: once the host's bots have decided (the page paces them, as at one
        device) and this device has nothing left to decide, the links to send are made."""
        device = self.device
        if self._bot_due() is not None:
            return
        turn = device.chain.turn(device.me)
        if turn is not None and turn.choice.get("masked") and len(turn.choice["options"]) == 1:
            # a lone "no": nobody sees this screen, so it need not be asked
            self._decide_for(device.me, turn.choice["options"][0])
            return
        if turn is None and device.signed_since_links:
            device.out = device.outgoing(self.base_url)
            device.signed_since_links = device.broadcast = False
            self._save()
        self.live.post()

    def _decide_for(self, seat: int, action) -> None:
        """A decision this device makes for ``seat`` without asking (a bot's, a lone "no"),
        unless another tab has made it."""
        def decided():
            chain = self.device.chain
            self.device.broadcast |= len(chain.deciders()) > 1
            chain.decide(seat, action)
            self._sign(seat)
        self._locked(decided)

    def _sign(self, seat: int) -> None:
        """Sign what ``seat``'s decisions need (one digest a job), then go on."""
        device = self.device
        digest = device.chain.to_sign(seat)
        if digest is None:
            device.signed_since_links = True
            self._sealed()
            self._advance()
            return

        def signed(signature):
            device.chain.sign(seat, digest, signature)
            self._sign(seat)
        self.jobs.ask("sign", (device.key, digest), signed)

    def watcher(self) -> tuple[Match | None, int | None]:
        """The game, and the seat this device plays (None, None: no game is open)."""
        device = self.device
        return (None, None) if device is None else (device.chain.match, device.me)

    # --- events -----------------------------------------------------------------------------
    def handles(self, name: str) -> bool:
        return name.startswith("remote-") or self.device is not None and (
            name == "act" or name.startswith(self.front.prefix))

    @property
    def save_key(self) -> str | None:
        return None if self.device is None else SAVE_PREFIX + self.device.chain.game_id

    def handle(self, name: str, arg) -> Outcome:
        """An event of the remote screen (and the start screen's kept games, the box for a
        received link)."""
        return self._told(self._handle, name, arg)

    def _handle(self, name: str, arg) -> None:
        if name == "remote-continue":
            self.close()
            try:
                self.open(str(arg))
            except RemoteError as error:
                self.refuse(str(error))
        elif name == "remote-paste":
            self.paste = str(arg.get("value", "") if isinstance(arg, dict) else arg or "")
        elif name == "remote-scan":  # the page reads a code with the camera (static/table.js)
            self.say(effects=(("scan", ""),))
        elif self.device is None:
            return
        elif name == "remote-live":  # the host connects a device in the room
            self.live.invite(arg)
        elif name == "remote-copy-answer":
            self.say(effects=(("copy", self.live.answer()),))
        elif name in ("remote-copy", "remote-qr"):
            sent = self._outgoing() + self.invitations()
            if type(arg) is int and 0 <= arg < len(sent):
                shown = name == "remote-qr"
                if shown and self.qr == sent[arg].link:
                    self.qr = ""  # folded away again
                else:
                    self._copy(sent[arg].link if shown else sent[arg].text, shown)
        elif name == "remote-copy-game":
            if self.unsigned:
                return  # (a press on the link drawn before a decision)
            self._copy(self.base_url + self.device.chain.join_link())
        elif name == "remote-undo":
            if not self.busy:
                self._take_back()
        elif name == "remote-fork-ok":
            self.fork = None
        elif not self.busy:
            self._decide(name, arg)

    def _copy(self, text: str, shown: bool = False) -> None:
        """Copy a link to send, or show it as a QR code to scan (``shown``): from now on the
        decisions this device holds may have left it, and every tab of this browser knows
        (the save keeps it)."""
        if self._follows_another_tab(_("Nothing was copied.")):
            return
        if shown:
            self.qr = text
        else:
            self.say(effects=(("copy", text),))
        self.sent_on()

    def sent_on(self) -> None:
        """The device's decisions may have left it: none of them can be taken back now, and
        every tab of this browser knows (the save keeps it)."""
        self.device.shared = len(self.device.chain.match.actions)
        self._save()

    def _outgoing(self) -> list[Outgoing]:
        """The links to send by hand: those not sent over a live channel."""
        return [out for out in self.device.out if out.text not in self.live.sent]

    def _decide(self, name: str, arg) -> None:
        device = self.device
        view = device.view(device.me)
        self.ui, actions = self.front.module().reduce(view, self.ui, name, arg)
        if actions:
            self._locked(partial(self._write, actions), _(
                "Your decision was not made in this tab: make it again if it still fits."))

    def _write(self, actions: list) -> None:
        """Write the person's decision (the game's lock held), then sign it."""
        device = self.device
        written = write(device, device.me, actions)
        if written.refusal:
            self.refuse(_(written.refusal))
        if written.decided:
            self.ui = {}
            self._sign(device.me)
        else:
            self._unlock()

    def _take_back(self) -> None:
        self._locked(self._taken_back, _("Nothing was taken back."))

    def _taken_back(self) -> None:
        taken = take_back(self.device, self.device.me, self.front.module())
        if taken.draft is None:
            self._unlock()
            self.refuse(_(taken.message))
            return
        self.ui = taken.draft
        self._sealed()
        self.say(notice=("info", _(taken.message)))

    def scene(self) -> RemoteScene | None:
        """What the screen draws now, built once per paint (None: the game is being opened)."""
        return None if self.device is None else scene(self)

    def _refused(self, error: RemoteError, heard: Heard | None = None) -> None:
        """A link refused: the reason on the notice line (naming the device it came from over
        a live channel), a split game in its panel too."""
        if isinstance(error, ForkError):
            self.fork = error
        self.refuse(str(error) if heard is None else self.live.refusal(heard, error))

    def refuse(self, text: str) -> None:
        """Say why something was not done or taken (the notice takes the focus)."""
        self.say(notice=("error", text), focus="#notice",
                  shown="start" if self.device is None else None)

