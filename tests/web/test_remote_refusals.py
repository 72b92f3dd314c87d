"""Refusals, splits and signing at the remote table (issue 36), in CPython: a refusal stays on
screen however the link came in, a split found at a link's base opens the split panel, and the
screen is drawn while a decision waits for its signature."""

import random

import pytest
from test_linkplay import Device, host_game, play

from engine.core.game import Match
from engine.simulate import make_bot
from web.keep import gamelink as links
from web.play import chain as remote
from web.play.chain import signing


def hop(game_id: str, start: int, head: str = "AAAAAAAA") -> str:
    """A hop of the game ``game_id`` going on from action ``start`` whose head there is
    ``head``, carrying nothing."""
    return "https://t.example/" + remote.PREFIX + remote.VERSION + links.pack(
        {"i": game_id, "n": start, "h": head, "a": "", "k": []})


def another_game() -> str:
    """The whole-game link of a remote game hosted on another device."""
    record = Match.start("crooks", [{"name": n} for n in ("Dan", "Eve", "Flo")], {}, 5).record()
    keys = signing.Keys()
    chain = remote.Chain.new(record, keys.public_key, {})
    chain.sign_setup(keys.sign(chain.setup_digest))
    return "https://t.example/" + chain.join_link()


def refused_links(device: Device) -> dict:
    """The links a device refuses, by the start of the refusal (in English)."""
    game_id = device.chain.game_id
    return {"This game link is damaged": "https://t.example/#r=1garbage",
            "This link holds a whole game, but no seat": another_game(),
            "This link follows links you have not opened yet": hop(game_id, 99),
            "This link goes on from another course": hop(game_id, 0)}


def by_box(device: Device, box: tuple[str, str], link: str) -> None:
    """A link typed into a box and opened, by Enter or the button: the page reports the text
    (as Enter does, or the box losing the focus to the button), presses the button, and the box
    reports its text again as the screen is redrawn around it (web/browser/); then the links
    are checked."""
    report, press = box
    device.app.handle(report, {"arg": None, "value": link})
    device.app.handle(press, None)
    device.app.handle(report, {"arg": None, "value": link})
    device.run()


REMOTE_BOX = ("remote-paste", "remote-open")
START_BOX = ("link-text", "open-link")


def test_a_refusal_stays_on_screen_until_the_person_acts():
    host, guests = host_game("crooks")
    bea = guests[0]
    before = list(bea.chain.heads)
    for start, link in refused_links(bea).items():
        by_box(bea, REMOTE_BOX, link)
        assert bea.app.notice is not None and bea.app.notice[0] == "error"
        assert bea.app.notice[1].startswith(start), bea.app.notice
        assert start in bea.app.render()
        assert bea.chain.heads == before and bea.app.screen == "remote"
        bea.app.handle("remote-fork-ok")  # (the split panel's OK: the person acts)
    # typing a different link is acting: the notice goes
    by_box(bea, REMOTE_BOX, "https://t.example/#r=1garbage")
    bea.app.handle("remote-paste", {"arg": None, "value": "https://t.example/#r=1other"})
    assert bea.app.notice is None


def test_a_refusal_stays_in_german_and_from_the_address_bar():
    host, guests = host_game("crooks")
    bea = guests[0]
    bea.app.handle("language", "de")
    by_box(bea, REMOTE_BOX, refused_links(bea)["This link follows links you have not "
                                                   "opened yet"])
    assert bea.app.notice[1].startswith("Dieser Link folgt auf Links")
    before = list(bea.chain.heads)
    bea.app.handle("nav", "help")
    bea.app.open_link("#r=1garbage")  # the address bar (a hashchange)
    bea.run()
    assert bea.app.notice[0] == "error" and "beschädigt" in bea.app.notice[1]
    assert bea.app.screen == "remote" and bea.chain.heads == before  # the game stays open


@pytest.mark.parametrize("link, words", [
    ("https://t.example/#g=garbage", "another version of the table"),
    ("https://t.example/#r=1garbage", "This game link is damaged")])
def test_the_start_screens_link_box_keeps_its_refusal_on_screen(link, words):
    device = Device()
    by_box(device, START_BOX, link)
    assert device.app.notice[0] == "error" and words in device.app.notice[1]
    assert device.app.screen == "start"
    assert 'value="https://t.example/#' in device.app.render()  # the box keeps the link


def test_a_start_box_refusal_of_another_game_stays_on_screen():
    device = Device()
    by_box(device, START_BOX, another_game())
    assert device.app.notice[1].startswith("This link holds a whole game, but no seat")


def test_a_taken_link_empties_the_box():
    host, guests = host_game("crooks")
    devices = {0: host, **{g.seat: g for g in guests}}
    play(devices, random.Random(2), until=lambda ds: any(d.app.remote.device.out
                                                         for d in ds.values()))
    sender = next(d for d in devices.values() if d.app.remote.device.out)
    out = sender.app.remote.device.out[0]
    receiver = next(d for seat, d in devices.items()
                    if seat != sender.seat and out.to in (None, seat))
    link = out.text.rsplit(" — ", 1)[1]
    by_box(receiver, REMOTE_BOX, link)
    assert receiver.app.notice is None or receiver.app.notice[0] != "error"
    assert receiver.app.remote.paste == ""  # the box reported it before it was taken


def test_a_split_at_a_links_base_opens_the_split_panel_in_both_languages():
    host, guests = host_game("crooks")
    bea = guests[0]
    before = list(bea.chain.heads)
    bea.open(hop(bea.chain.game_id, 0))
    assert bea.app.remote.fork is not None and bea.chain.heads == before
    screen = bea.app.render()
    assert "The game has split in two" in screen and "fork-ok" in screen
    assert "The link you opened goes on from other moves than this device holds" in screen
    assert "Move None" not in screen
    bea.app.handle("language", "de")
    screen = bea.app.render()
    assert "Die Partie hat sich geteilt" in screen
    assert "Der geöffnete Link setzt an anderen Zügen an" in screen
    bea.app.handle("remote-fork-ok")
    assert "fork-ok" not in bea.app.render()


@pytest.mark.parametrize("kinds", [("human", "remote", "remote"), ("human", "remote", "normal")])
def test_the_screen_is_drawn_while_a_decision_waits_for_its_signature(kinds):
    """Between a decision and its signature no link can be made (remote.Chain._carried): the
    screen says the decision is being signed and offers no link until it is."""
    host, guests = host_game("crooks", kinds)
    devices = {0: host, **{g.seat: g for g in guests}}
    drawn = 0
    for _step in range(12):
        deciding = next((d for seat, d in devices.items() if d.chain.turn(seat) is not None),
                        None)
        if deciding is None:
            break
        turn = deciding.chain.turn(deciding.seat)
        view = deciding.chain.match.rules.view(turn.state, deciding.seat)
        deciding.app.handle("act", make_bot("normal", "crooks", 1).decide(view, turn.choice))
        (hold,) = deciding.app.take_jobs()  # the game's lock across the tabs, free: held
        deciding.key_store.do(hold)
        assert deciding.app.remote.jobs.queued  # the signature is asked for, not made yet
        screen = deciding.app.render()
        assert "Sending: the new decision is being signed" in screen
        assert "remote-game-link" not in screen and "remote-copy-game" not in screen
        assert 'data-to="invite-' not in screen
        deciding.app.handle("remote-copy-game")  # (a press on a button drawn before)
        deciding.app.handle("remote-copy", 0)
        drawn += 1
        deciding.run()
        assert "Sending: the new decision is being signed" not in deciding.app.render()
        for out in deciding.app.remote.device.out:
            for seat, other in devices.items():
                if seat != deciding.seat and out.to in (None, seat):
                    other.open(out.text.rsplit(" — ", 1)[1])
    assert drawn >= 3


def with_signature(link: str, seat: int | None, chain: remote.Chain) -> str:
    """``link`` (a whole game of ``chain``) with a wrong signature where it carries the latest
    of ``seat``'s decisions (None: the set-up's)."""
    data = links.unpack(links.fragment_data(link, remote.PREFIX, remote.VERSION),
                        remote.LINK_DEPTH)
    wrong = remote.b64(bytes(remote.SIGNATURE_BYTES))
    if seat is None:
        data["x"] = wrong
    else:
        carried = [i for i, signer in enumerate(chain.signers) if signer is not None]
        (item,) = [item for item in data["k"] if chain.match.actions[carried[item[0]]][0] == seat]
        item[1] = wrong
    return "https://t.example/" + remote.PREFIX + remote.VERSION + links.pack(data)


def test_a_link_with_a_wrong_signature_names_the_person_whose_device_signs_it():
    """The host's device signs the set-up and its bots' decisions: a link whose signature of
    them does not hold names the host, wherever the host sits (here Bea, at seat 1), not seat
    0's person nor a bot."""
    host, guests = host_game("crooks", ("remote", "human", "normal"))
    ann = guests[0]
    play({0: ann, 1: host}, random.Random(3), until=lambda ds: any(
        ds[1].chain.match.actions[i][0] == 2 and ds[1].chain.signers[i] is not None
        for i in range(len(ds[1].chain.signers))))
    play({0: ann, 1: host}, random.Random(3), until=lambda ds: (lambda chain: next(
        chain.match.actions[i][0] for i in reversed(range(len(chain.signers)))
        if chain.signers[i] == chain.keys[1]) == 2)(ds[1].chain))
    before = list(ann.chain.heads)
    for seat in (None, 2):
        ann.open(with_signature(host.chain.join_link(), seat, host.chain))
        assert ann.app.notice == ("error", "This link was altered: Bea's signature does not "
                                  "match the moves it carries. Ask for the link again.")
        assert ann.chain.heads == before
