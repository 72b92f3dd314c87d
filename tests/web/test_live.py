"""The live table (web/play/live/) in CPython: devices in one room connect by two scans per guest
and play whole games with every link carried over their channels, none copied; a dropped
channel loses nothing, a forged message is refused as a forged link is. The page's part
(static/live.js, WebRTC) is played by a room that carries each device's live effects out with
Chromium's own offer and answer; e2e/test_live.py plays it in Chromium."""

import html
import json
import re
import sys
import time
from pathlib import Path

import pytest
from test_linkplay import Device, drawn, finished_alike, host_game, read_back
from test_remote_refusals import refused_links
from webutil import Buttons

from engine.simulate import make_bot
from web.play import live
from web.play.live import handshake, pieces

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from longest_game import GAME, SEED, longest_game  # noqa: E402 (a tools/ script)

DATA = Path(__file__).parent / "data"
OFFER = (DATA / "chromium-offer.sdp").read_text()
ANSWER = (DATA / "chromium-answer.sdp").read_text()


class Room:
    """The pages of the devices in one room (``devices``: by their person's seat), carrying
    out their live effects as static/live.js does: channels between pairs of seats. Pairs in
    ``apart`` cannot reach each other (a guest Wi-Fi): their attempts never open, and
    :meth:`expire` gives up on them as the pages do when their time is up."""

    def __init__(self, devices: dict):
        self.devices = devices
        self.channels: set[frozenset] = set()
        self.apart: set[frozenset] = set()
        self.trying: dict[tuple[int, int], str] = {}  # (seat, peer) -> the attempt under way
        self.messages = 0  # sent over a channel
        self.longest = 0  # the most characters one message over a channel had
        self.copied = 0  # links copied by hand (none at a live table)

    def tell(self, seat: int, **news) -> None:
        self.devices[seat].app.live(news)

    def pump(self) -> None:
        """Until every device is quiet: its jobs done, its live effects carried out."""
        quiet = False
        while not quiet:
            quiet = True
            for seat, device in list(self.devices.items()):
                device.run()
                for kind, value in device.app.take_effects():
                    self.copied += kind == "copy"
                    if kind == "live":
                        quiet = False
                        self.carry_out(seat, value)

    def carry_out(self, seat: int, command: dict) -> None:
        what, peer, attempt = command["do"], command["peer"], command.get("attempt")
        pair = frozenset((seat, peer))
        if what == "offer":
            self.tell(seat, event="offered", peer=peer, attempt=attempt, sdp=OFFER)
        elif what == "answer":  # (the page's time runs from the answer, the host's from its
            self.trying[seat, peer] = attempt  # scan: until then it waits for a person)
            self.tell(seat, event="answered", peer=peer, attempt=attempt, sdp=ANSWER)
        elif what == "accept":
            self.trying[seat, peer] = attempt
            if pair in self.apart or self.trying.get((peer, seat)) != attempt:
                return  # (an answer to another offer reaches nobody either)
            del self.trying[seat, peer], self.trying[peer, seat]
            self.channels.add(pair)
            self.tell(seat, event="open", peer=peer, attempt=attempt)
            self.tell(peer, event="open", peer=seat, attempt=attempt)
        elif what == "send" and pair in self.channels:
            self.messages += 1
            self.longest = max(self.longest, len(command["data"].encode()))
            self.tell(peer, event="message", peer=seat, data=command["data"])
        elif what == "send":
            self.tell(seat, event="closed", peer=peer)
        elif what == "close":
            self.channels.discard(pair)

    def drop(self, a: int, b: int) -> None:
        """The channel between ``a`` and ``b`` is lost (a phone slept): both hear it."""
        self.channels.discard(frozenset((a, b)))
        self.tell(a, event="closed", peer=b)
        self.tell(b, event="closed", peer=a)
        self.pump()

    def expire(self) -> None:
        """The pages' time is up for every attempt that has not opened."""
        for (seat, peer), attempt in self.trying.items():
            self.tell(seat, event="failed", peer=peer, attempt=attempt)
        self.trying.clear()
        self.pump()


def shown_code(device: Device, seat: int) -> str:
    """The link of the live code ``device``'s screen shows for ``seat``."""
    return next(peer.code for peer in device.app.remote.live.shown() if peer.seat == seat)


def connect(room: Room, host: Device, seat: int, guest: Device | None = None) -> Device:
    """The host connects ``seat``'s device with two scans: the guest's camera opens the host's
    code (a new device opens its invitation with it), the host scans the guest's answer (the
    host's code shown already, or "Connect" pressed for it)."""
    if stage(host, seat) != "offered":
        assert ("remote-live", seat) in Buttons(host.app.render()).events()
        host.app.handle("remote-live", seat)
        room.pump()
    offer = shown_code(host, seat)
    guest = guest or Device()
    guest.open(offer)
    room.devices[seat] = guest
    room.pump()
    assert guest.seat == seat
    answer = shown_code(guest, 0)
    host.open(answer)
    room.pump()
    for device in (host, guest):
        assert device.app.notice is None or device.app.notice[0] != "error", device.app.notice
    assert [p.stage for p in guest.app.remote.live.shown()] == ["open"]
    assert host.app.remote.paste == ""  # the answer taken, the box is free again
    # connected, the guest has opened the invitation: it is no longer offered to send
    assert seat not in [out.to for out in host.app.remote.invitations()]
    return guest


def live_table(game: str, seed: int = 1, people: int = 3) -> tuple[Room, dict]:
    """Ann hosts Bea and Cy (or Bea alone), each connected live before anyone decides."""
    host, _guests = host_game(game, ("human",) + ("remote",) * (people - 1), seed=seed,
                              invited=False)
    room = Room({0: host})
    for seat in range(1, people):
        connect(room, host, seat)
    assert [p.stage for p in host.app.remote.live.shown()] == ["open"] * (people - 1)
    return room, room.devices


def play_live(room: Room, until=None, max_steps: int = 20_000) -> int:
    """The people decide when their screens ask; nothing is sent by hand. Returns the
    decisions made."""
    devices = room.devices
    bots = {seat: make_bot("normal", d.chain.match.game, seat + 3) for seat, d in devices.items()}
    for step in range(max_steps):
        if until and until(devices):
            return step
        asked = [seat for seat, d in devices.items() if d.chain.turn(seat) is not None]
        if not asked:
            return step
        seat = asked[0]
        devices[seat].decide(bots[seat])
        room.pump()
    raise RuntimeError("the game did not end")


@pytest.mark.parametrize("game, people", [("crooks", 3), ("age_of_thieves", 3),
                                          ("swindler", 3), ("crooks", 2), ("swindler", 2)])
def test_a_whole_game_is_played_live_with_no_link_sent_by_hand(game, people):
    room, devices = live_table(game, people=people)
    play_live(room)
    finished_alike(devices)
    assert room.copied == 0 and room.messages > 0
    for device in devices.values():
        page = device.app.render()
        assert "The game is over." in page
        assert 'id="remote-out-' not in page  # no link left to send by hand


def test_the_codes_are_small_and_read_back_from_the_screen():
    host, _guests = host_game("crooks", invited=False)
    room = Room({0: host})
    host.app.handle("remote-live", 1)
    room.pump()
    page = host.app.render()
    offer = shown_code(host, 1)
    assert live.OFFER in offer and offer.startswith(host.app.remote.invitations()[0].link)
    attempt, code = offer.split(live.OFFER)[1].split(".")
    assert len(code) <= 130 and len(attempt) <= 6
    assert offer.encode() in read_back([drawn(svg) for svg in re.findall(
        r'<svg class="qr".*?</svg>', page)])
    guest = Device()
    guest.open(offer)
    room.devices[1] = guest
    room.pump()
    answer = shown_code(guest, 0)
    assert answer.startswith("https://t.example/#a=") and len(answer) <= 130
    assert handshake.unpack(answer.rsplit(".", 1)[1])


def test_a_dropped_channel_loses_nothing_and_catches_up_when_connected_again():
    room, devices = live_table("crooks")
    play_live(room, until=lambda d: len(d[0].chain.match.actions) >= 6)
    devices[2].app.handle("language", "de")  # (one language for the whole process)
    room.drop(0, 2)
    assert "Live-Verbindung zu Cy ist abgerissen" in devices[0].app.notice[1]
    assert "Live-Verbindung zu Ann ist abgerissen" in devices[2].app.notice[1]
    devices[2].app.handle("language", "en")
    # Cy's device is away: the others play on, and what is for Cy is offered to copy
    play_live(room, until=lambda d: d[2].chain.turn(2) is not None
              or len(d[0].chain.match.actions) >= 14)
    assert len(devices[2].chain.match.actions) < len(devices[0].chain.match.actions)
    # waiting for Cy: the host's screen offers to connect Cy again, or the whole game to send
    page = devices[0].app.render()
    assert ("remote-live", 2) in Buttons(page).events() and 'id="remote-game-link"' in page
    connect(room, devices[0], 2, devices[2])
    assert devices[2].chain.heads == devices[0].chain.heads  # caught up at once
    play_live(room)
    finished_alike(devices)


def test_a_forged_or_unreadable_message_is_refused_and_changes_nothing():
    """Over a channel as by a link: what cannot be read, another game, a link that skips
    decisions, one that goes on from another course, an altered one."""
    room, devices = live_table("crooks")
    play_live(room, until=lambda d: len(d[0].chain.match.actions) >= 4)
    bea = devices[1]
    link = devices[0].chain.join_link()
    altered = link[:-8] + ("A" * 8 if link[-8:] != "A" * 8 else "B" * 8)
    forged = ["not json", json.dumps({"to": 1}), json.dumps({"to": "x", "link": link}),
              *(json.dumps({"to": 1, "link": sent[sent.index("#"):]})
                for sent in [*refused_links(bea).values(), altered])]
    for data in forged:
        before = bea.chain.heads, bea.app.remote.device.kept()
        room.tell(1, event="message", peer=0, data=data)
        room.pump()
        assert bea.app.notice[0] == "error", data
        assert (bea.chain.heads, bea.app.remote.device.kept()) == before
        bea.app.handle("remote-fork-ok")
    play_live(room)
    finished_alike(devices)


def test_an_answer_for_no_offer_is_refused_with_a_reason():
    host, _guests = host_game("crooks", invited=False)
    answer = f"https://t.example/#a={host.chain.game_id}.1.a.{handshake.pack(ANSWER, False)}"
    host.open(answer)
    assert host.app.notice[0] == "error" and "did not offer" in host.app.notice[1]
    host.open(answer[:-3])
    assert host.app.notice[0] == "error" and "damaged" in host.app.notice[1]


def test_connecting_what_is_not_another_device_changes_nothing():
    host, guests = host_game("crooks")
    for table, args in ((host, (0, 5, -1, "1", None, True, [1], {"seat": 1}, 1.5)),
                        (guests[0], (0, 1, 2))):  # (a guest connects nobody: the host does)
        for arg in args:
            table.app.handle("remote-live", arg)
            assert not [kind for kind, _value in table.app.take_effects() if kind == "live"]
        assert all(peer.stage == "" for peer in table.app.remote.live.shown())


def forged(chain, seat: int, keys) -> str:
    """A link carrying a decision for ``seat`` after ``chain`` (a copy of it is used), signed
    with ``keys``: a forger's, where ``seat`` is not theirs."""
    chain = chain._copy()
    turn = chain.turn(seat)
    view = chain.match.rules.view(turn.state, seat)
    signed = chain.decide(seat, make_bot("normal", chain.match.game, 1).decide(view, turn.choice))
    chain.sign(seat, signed, keys.sign(signed))
    return chain.hop(list(range(len(chain.match.seats))))


def key_of(device: Device):
    return device.keys[device.app.remote.device.key]


def test_a_forged_message_names_the_device_that_sent_it_and_is_never_passed_on():
    """Bea's device makes up Cy's decision: Ann's device refuses it naming Bea's device (not
    Cy, whose signature it lacks), and passes nothing on to Cy; the host's device forging
    one is named on Bea's device. In German too."""
    room, devices = live_table("crooks")
    play_live(room, until=lambda d: d[2].chain.turn(2) is not None and 2 in d[0].chain.keys)
    ann, bea, cy = devices[0], devices[1], devices[2]
    kept = {seat: d.app.remote.device.kept() for seat, d in devices.items()}
    sent = room.messages
    room.tell(0, event="message", peer=1, data=json.dumps(
        {"to": None, "link": forged(ann.chain, 2, key_of(bea))}))
    room.pump()
    assert ann.app.notice == ("error", "Bea's device sent a forged message: its signatures do "
                              "not match the moves it carries. It was refused, and nothing "
                              "was changed.")
    assert room.messages == sent  # nothing passed on: Cy's device heard nothing
    assert cy.app.notice is None or cy.app.notice[0] != "error"
    bea.app.handle("language", "de")  # (one language for the whole process)
    room.tell(1, event="message", peer=0, data=json.dumps(
        {"to": 1, "link": forged(ann.chain, 2, key_of(ann))}))
    room.pump()
    assert bea.app.notice == ("error", "Das Gerät von Ann hat eine gefälschte Nachricht "
                              "geschickt: Ihre Signaturen passen nicht zu den Zügen, die sie "
                              "enthält. Sie wurde abgelehnt, nichts wurde geändert.")
    bea.app.handle("language", "en")
    assert {seat: d.app.remote.device.kept() for seat, d in devices.items()} == kept
    play_live(room)
    finished_alike(devices)


def test_a_guests_message_is_passed_on_once_the_host_has_taken_it():
    """The host's device checks what a guest sends before it passes it on: while the check
    is under way, nothing has gone on to the other guest."""
    room, devices = live_table("crooks")
    ann, bea, cy = devices[0], devices[1], devices[2]
    bot = make_bot("normal", "crooks", 2)
    for _step in range(100):  # until Bea sends a link that is for Cy too
        play_live(room, until=lambda d: d[1].chain.turn(1) is not None)
        turn = bea.chain.turn(1)
        bea.app.handle("act", bot.decide(bea.chain.match.rules.view(turn.state, 1), turn.choice))
        bea.run()
        sends = [value for kind, value in bea.app.take_effects() if kind == "live"]
        if any(json.loads(value["data"])["to"] != 0 for value in sends):
            break
        for value in sends:
            room.carry_out(1, value)
        room.pump()
    (link,) = [value["data"] for value in sends]
    sent = room.messages
    room.tell(0, event="message", peer=1, data=link)
    assert ann.app.remote.jobs.busy  # the host's check is asked for
    assert not [value for kind, value in ann.app.take_effects() if kind == "live"]
    room.pump()
    assert room.messages > sent and cy.chain.heads[-1] == bea.chain.heads[-1]


def test_a_message_in_pieces_is_put_together_and_a_damaged_one_refused():
    """Pieces of a message are taken once all came and their whole checks; a piece missing,
    out of turn, of too many or with a whole that does not check is refused and changes
    nothing, and a channel holds one message's pieces at most."""
    room, devices = live_table("crooks")
    play_live(room, until=lambda d: len(d[0].chain.match.actions) >= 4)
    bea = devices[1]
    table = bea.app.remote
    data = json.dumps({"to": 1, "link": devices[0].chain.join_link()})  # (Bea is behind)
    check = pieces.check_of(data)
    first, second = f"~1/2/{check}~{data[:300]}", f"~2/2/{check}~{data[300:]}"

    def heard(*messages, refused: bool) -> None:
        before = table.device.kept()
        bea.app.handle("remote-fork-ok")  # (the person acts: the notice before goes)
        for data in messages:
            room.tell(1, event="message", peer=0, data=data)
        room.pump()
        damaged = bea.app.notice is not None and bea.app.notice[0] == "error"
        assert damaged == refused, (messages, bea.app.notice)
        assert not damaged or "Ann's device came over the live connection damaged or " \
            "incomplete" in bea.app.notice[1]
        assert (table.device.kept() == before) == refused and not table.live.pieces

    heard(first, second, refused=False)
    heard(first, second.replace(data[300:310], "A" * 10), refused=True)  # altered
    heard(second, refused=True)  # its first piece never came
    heard(first, first, second, refused=True)  # a piece twice
    heard(first, data, refused=True)  # cut off: the whole message after it is taken
    heard(f"~1/99/{check}~{data[:300]}", refused=True)  # too many pieces
    heard(first.replace(check, "0" * 16), second, refused=True)  # two messages' pieces
    # however many pieces a device sends, one message's worth is held at most
    for number in range(1, pieces.PIECES + 3):
        room.tell(1, event="message", peer=0,
                  data=f"~{number}/{pieces.PIECES}/{check}~" + "A" * pieces.PIECE)
        assert sum(map(len, table.live.pieces[0].parts)) < pieces.LONGEST_MESSAGE \
            if 0 in table.live.pieces else bea.app.notice[0] == "error"
    play_live(room)
    finished_alike(devices)


def test_the_longest_game_catches_up_over_a_channel_in_pieces():
    """The longest game found among the bots' records (tools/longest_game.py: a whole-game
    link of about 19,800 characters), near its end, is more than one message of a data
    channel carries: Bea's device, still at the start, catches up with it when her channel
    opens, every message within 16 KiB."""
    host, guests = host_game(GAME, ("human", "remote", "remote", "remote"), seed=SEED,
                             options=(("skip_reaction_prompts", "ask"),))
    chain = host.chain._copy()
    keys = {0: key_of(host)}
    for guest in guests:
        chain.bind(guest.seat, *guest.app.remote.device.bound)
        keys[guest.seat] = key_of(guest)
    link = longest_game(chain, keys).join_link()
    assert len(link) > pieces.PIECE
    host.open("https://t.example/" + link)
    assert host.chain.heads == chain.heads
    room = Room({0: host})
    bea = connect(room, host, 1, guests[0])
    assert bea.chain.heads == chain.heads
    assert 16_000 < room.longest <= 16 * 1024
def reloaded(device: Device) -> Device:
    """``device``'s page loaded again: its game kept, its live channels gone."""
    game_id = device.chain.game_id
    device = Device(device.storage, device.keys)
    device.app.handle("remote-continue", game_id)
    device.run()
    return device


def stage(device: Device, seat: int) -> str:
    return next(peer.stage for peer in device.app.remote.live.shown() if peer.seat == seat)


def test_two_codes_offered_at_once_each_have_their_own_scan_button():
    host, _guests = host_game("crooks", invited=False)
    room = Room({0: host})
    for seat in (1, 2):
        host.app.handle("remote-live", seat)
    room.pump()
    page = host.app.render()
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    assert [text for ev, _arg, text in Buttons(page).found if ev == "remote-scan"] == [
        "Scan the answer of Bea", "Scan the answer of Cy", "Scan a QR code"]


def test_scanning_an_older_code_again_keeps_the_working_connection():
    """Bea's camera opens the host's code she was connected with (or an older one): her
    page refuses it at once and keeps the channel; nothing is sent to the page."""
    host, _guests = host_game("crooks", invited=False)
    room = Room({0: host})
    host.app.handle("remote-live", 1)
    room.pump()
    first = shown_code(host, 1)
    bea = connect(room, host, 1, Device())
    bea.open(first)
    assert bea.app.notice == ("error", "This code has connected you live with Ann already: "
                                       "nothing to do.")
    assert not [value for kind, value in bea.app.take_effects() if kind == "live"]
    room.pump()
    assert stage(bea, 0) == stage(host, 1) == "open"
    assert bea.app.remote.live.open_to() == [0]


def test_an_answer_to_an_older_code_is_refused_at_once_and_disturbs_nothing():
    """The host shows a new code for Bea, her phone (loaded again meanwhile) scans an older
    one: the host refuses her answer at once and its code stays, Cy plays on live, Bea's page
    gives up in time and says to scan the code shown now; the new code connects her."""
    room, devices = live_table("crooks")
    ann, cy = devices[0], devices[2]
    room.drop(0, 1)
    ann.app.handle("remote-live", 1)
    room.pump()
    older = shown_code(ann, 1)
    room.apart.add(frozenset((0, 1)))  # (this attempt does not open)
    bea = devices[1]
    bea.open(older)
    room.pump()
    ann.open(shown_code(bea, 0))
    room.pump()
    room.expire()
    room.apart.clear()
    ann.app.handle("remote-live", 1)  # "Connect Bea again"
    room.pump()
    newer = shown_code(ann, 1)
    assert newer != older
    bea = devices[1] = reloaded(bea)
    bea.open(older)  # an older code, and her page no longer knows it answered it
    room.pump()
    ann.open(shown_code(bea, 0))
    room.pump()
    assert ann.app.notice == ("error", "This code answers an older code of yours: let Bea scan "
                                       "the code your screen shows now, then scan the code "
                                       "Bea's phone shows.")
    assert stage(ann, 1) == "offered" and shown_code(ann, 1) == newer
    assert stage(ann, 2) == stage(cy, 0) == "open"
    room.expire()  # Bea's page gives up on its attempt
    assert stage(bea, 0) == "failed" and bea.app.notice[0] == "error"
    assert "scan the code Ann's screen shows now" in html.unescape(bea.app.render())
    assert stage(ann, 1) == "offered"
    bea.open(newer)
    room.pump()
    ann.open(shown_code(bea, 0))
    room.pump()
    assert stage(ann, 1) == stage(bea, 0) == "open"
    assert bea.chain.heads == ann.chain.heads
    play_live(room)
    finished_alike(devices)


def test_phones_that_cannot_reach_each_other_are_told_so_and_play_on_by_links():
    """A guest Wi-Fi keeps Cy's phone from the host's: both pages give up in time, both
    screens say why, the host's offers to connect again, and the links are there to send;
    Bea's channel goes on."""
    host, _guests = host_game("crooks", invited=False)
    room = Room({0: host})
    bea = connect(room, host, 1)
    room.apart.add(frozenset((0, 2)))
    host.app.handle("remote-live", 2)
    room.pump()
    cy = room.devices[2] = Device()
    cy.open(shown_code(host, 2))
    room.pump()
    host.open(shown_code(cy, 0))
    room.pump()
    assert stage(host, 2) == "connecting"
    room.expire()
    assert stage(host, 2) == stage(cy, 0) == "failed"
    page = host.app.render()
    assert "These phones cannot reach each other here" in page
    assert host.app.notice == ("error", "Could not connect Cy live.")
    assert ("remote-live", 2) in Buttons(page).events()  # "Connect Cy again"
    assert "these phones cannot reach each other here: play on by links" in cy.app.render()
    cy.app.handle("language", "de")  # (one language for the whole process)
    assert "erreichen sich diese Handys hier nicht: Spielt per Link weiter" in cy.app.render()
    cy.app.handle("language", "en")
    assert stage(host, 1) == stage(bea, 0) == "open"
    # by links: the host's invitation for Cy is offered to send, with its copy button
    assert [out.to for out in host.app.remote.invitations()] == [2]
    assert "remote-copy" in [ev for ev, _arg in Buttons(page).events()]


def test_a_new_attempt_that_fails_leaves_the_working_channel_open(monkeypatch):
    """Ann's page is loaded again a minute later (her side of the channel is gone, Bea's not
    yet): her new code reaches Bea's phone, but the attempt does not open; Bea's channel stays
    as it was."""
    room, devices = live_table("crooks", people=2)
    later = time.time() + 60
    monkeypatch.setattr(live.time, "time", lambda: later)
    ann = devices[0] = reloaded(devices[0])
    room.apart.add(frozenset((0, 1)))
    bea = devices[1]
    ann.app.handle("remote-live", 1)
    room.pump()
    bea.open(shown_code(ann, 1))
    room.pump()
    assert stage(bea, 0) == "answered" and bea.app.remote.live.open_to() == [0]
    ann.open(shown_code(bea, 0))
    room.pump()
    room.expire()
    assert stage(bea, 0) == "open" and bea.app.remote.live.open_to() == [0]
    assert bea.app.notice == ("error", "The new live connection to Ann could not be opened: "
                                       "the one before goes on.")
    assert stage(ann, 1) == "failed"
