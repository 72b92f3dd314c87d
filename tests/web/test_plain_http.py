"""The table at a plain http:// address (issue 52; web/base/secure.py): the page is no secure
context, so the browser has no WebCrypto to sign or check a game played on several devices. The
start screen says so, such a game does not start, a genuine link is refused with that reason (never
as altered) and kept in the start screen's box, and a game at this device plays as anywhere."""

import pytest
from test_linkplay import Device, host_game, link_in
from test_remote_refusals import START_BOX, by_box

from web.app import App
from web.keep.saves import MemoryStorage
from web.play import links as linkplay

HTTP = "http://192.168.1.20:8000/"  # what `make play HOST=0.0.0.0` gives a phone
NEEDS_HTTPS = "Games played on several devices need the table at an https:// address"


def at_plain_http(device: Device | None = None) -> Device:
    """``device`` (else a new one) with its tab at a plain http:// address."""
    device = device or Device()
    device.app = App(device.storage, session=MemoryStorage(), base_url=HTTP, secure=False)
    return device


def invitation() -> str:
    """A genuine invitation to Bea's seat, as the host's device offers it, with the address of
    the phone's tab."""
    host, _guests = host_game("crooks", kinds=("human", "remote"), invited=False)
    return HTTP + "#" + link_in(host.app.remote.invitations()[0].text).split("#", 1)[1]


def test_the_start_screen_says_so_where_games_on_several_devices_are_offered():
    phone = at_plain_http()
    assert NEEDS_HTTPS in phone.app.render()
    assert "Games at this device work here as usual." in phone.app.render()
    assert NEEDS_HTTPS not in Device().app.render()  # at an https:// address: nothing said
    phone.app.handle("language", "de")
    assert "brauchen den Tisch unter einer https://-Adresse" in phone.app.render()


def test_a_game_with_a_person_on_another_device_does_not_start_and_says_why():
    phone = at_plain_http()
    phone.app.handle("setup-kind", {"arg": 1, "value": "remote"})
    # said where it was chosen, before anyone presses Start
    seat = phone.app.render().split('id="seat-kind-1"', 1)[1].split("</fieldset>", 1)[0]
    assert NEEDS_HTTPS in seat and phone.app.render().count(NEEDS_HTTPS) == 1
    phone.app.handle("start-game")
    assert phone.app.notice == ("error", NEEDS_HTTPS + ", or at http://127.0.0.1 on the device "
                                "itself: at this http:// address the browser cannot sign or "
                                "check their links. Nothing was started.")
    assert not phone.app.take_jobs() and phone.app.screen == "start"
    phone.app.handle("setup-kind", {"arg": 1, "value": "normal"})
    phone.app.handle("start-game")  # a game at this device
    assert phone.app.notice is None and phone.app.screen in ("game", "handover")


@pytest.mark.parametrize("way", ["address", "box"])
def test_a_genuine_invitation_is_told_to_need_https_and_kept(way):
    link = invitation()
    bea = at_plain_http()
    if way == "address":
        bea.app.boot(link[len(HTTP):])
    else:
        by_box(bea, START_BOX, link)
    assert not bea.app.take_jobs()  # nothing to sign or check: refused before
    kind, said = bea.app.notice
    assert kind == "error" and said.startswith(NEEDS_HTTPS)
    assert said.endswith("The link is kept in the box below: open it at the table's "
                         "https:// address.")
    assert "altered" not in said and bea.app.screen == "start"
    assert bea.app.start.link_text == link  # nothing lost
    assert f'value="{link}"' in bea.app.render()
    kept = bea.storage.keys()
    assert not any(key.startswith(linkplay.SAVE_PREFIX) for key in kept)


def test_a_check_that_fails_for_want_of_webcrypto_asks_for_https():
    """A game kept here, opened in a tab at a plain http:// address: the check it asks for
    fails on the page (static/keys.js: no WebCrypto), and the table says why."""
    host, _guests = host_game("crooks", kinds=("human", "remote"), invited=False)
    game_id = host.chain.game_id
    phone = at_plain_http(host)
    phone.app.session.set(linkplay.OPEN_KEY, game_id)
    phone.app.boot("")
    (job,) = phone.app.take_jobs()
    assert job.kind == "verify"
    phone.app.job_failed("Error: no WebCrypto at this address: the table needs https://")
    kind, said = phone.app.notice
    assert kind == "error" and said.startswith(NEEDS_HTTPS) and said.endswith(
        "Nothing was changed.")
    assert "could not sign" not in said
