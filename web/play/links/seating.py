"""Seating a game by links: the host's set-up, and a guest taking their seat by opening its
invitation (issue 17; the protocol is ``web/play/chain/``). Each step is a job for the page
(web/play/links/jobs.py); the device made is handed to ``seated``, a refusal to ``refused``."""

import secrets
from collections.abc import Callable

from engine.core.game import Match
from web.base.i18n import _
from web.play.chain import Chain, RemoteError
from web.play.links.device import Device
from web.play.links.jobs import Jobs


def host(jobs: Jobs, match: Match, remote_seats: list[int], seated: Callable) -> None:
    """A new game ``match`` hosted here: the host's key, an invitation key per remote seat,
    the set-up signed; ``seated(device)``."""
    record = match.record()
    me = next(p for p, s in enumerate(match.seats) if not s.get("bot") and p not in remote_seats)
    name = "remote." + secrets.token_hex(8)
    tokens, invitations = {}, {}  # remote seat -> its invitation's secret, public key

    def keyed(public_key):
        waiting = [p for p in remote_seats if p not in tokens]
        if waiting:  # one invitation key after another
            def made(pair):
                tokens[waiting[0]], invitations[waiting[0]] = pair
                keyed(public_key)
            jobs.ask("invitation", (), made)
            return
        chain = Chain.new(record, public_key, invitations)
        jobs.ask("sign", (name, chain.setup_digest), lambda signature: begun(chain, signature))

    def begun(chain, signature):
        chain.sign_setup(signature)
        seated(Device(chain, me, name, host=True, tokens=tokens))
    jobs.ask("key", (name,), keyed)


def join(jobs: Jobs, link: str, seated: Callable, refused: Callable) -> None:
    """An invitation opened on a device without its game: its signatures checked, the seat
    bound to a new key by a proof only the invitation can make; ``seated(device, welcome)``."""
    try:
        incoming = Chain.join(link)
    except RemoteError as error:
        refused(str(error))
        return

    def checked(verified):
        try:
            chain = incoming.accept(verified)
        except RemoteError as error:
            refused(str(error))
            return
        if incoming.invite is None:
            refused(_("This link holds a whole game, but no seat of it is played on this "
                      "device: open your own invitation first."))
            return
        seat, secret = incoming.invite
        name = "remote." + secrets.token_hex(8)
        invitation = chain.invitation_key(seat)

        def keyed(public_key):
            if invitation is None:  # a game set up before invitation keys
                bound(public_key, secret)
                return
            binding = chain.binding(seat, public_key)
            jobs.ask("prove", (secret, binding), lambda proof: jobs.ask(
                "verify", ([(invitation, binding, proof)],),
                lambda verified: bound(public_key, proof) if verified == [True]
                else refused(_("This invitation is damaged: its seat cannot be read."))))

        def bound(public_key, proof):
            chain.bind(seat, public_key, proof)
            seated(Device(chain, seat, name, bound=(public_key, proof)),
                   _("This device now plays {name}'s seat in this game.").format(
                       name=chain.name(seat)))
        jobs.ask("key", (name,), keyed)
    jobs.ask("verify", (incoming.checks,), checked)
