"""The live table's handshake (web/play/live/handshake.py): Chromium's offer and answer packed
into a short code and rebuilt, every essential kept; anything else refused as Unreadable."""

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.play.live.handshake import LONGEST_CODE, Unreadable, pack, unpack
from web.screens import qr

DATA = Path(__file__).with_name("data")
OFFER = (DATA / "chromium-offer.sdp").read_text()  # Chromium 156, no STUN, mDNS candidates
ANSWER = (DATA / "chromium-answer.sdp").read_text()


def essentials(sdp: str) -> dict:
    def one(key):
        return re.search(rf"^a={key}:(.+?)\r?$", sdp, re.M).group(1)
    return {"ufrag": one("ice-ufrag"), "pwd": one("ice-pwd"), "setup": one("setup"),
            "fingerprint": one("fingerprint"),
            "hosts": re.findall(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host", sdp, re.M)}


def test_an_offer_and_an_answer_come_back_with_every_essential_in_a_small_qr_code():
    offer, answer = pack(OFFER), pack(ANSWER, candidates=False)
    assert (len(offer), len(answer)) == (130, 79)
    assert essentials(unpack(offer)) == essentials(OFFER)
    assert essentials(unpack(answer)) == {**essentials(ANSWER), "hosts": []}
    assert essentials(unpack(answer))["setup"] == "active"
    assert len(qr.matrix(offer.encode(), "L")) <= 41  # version 6 at most: easy to scan


@pytest.mark.parametrize("address", ["192.0.2.2", "fd00::2", "fe80::1:2:3:4"])
def test_raw_addresses_come_back_as_they_were(address):
    sdp = OFFER.replace("1ee25006-3e4b-49af-9443-001c49b4ea9d.local", address)
    assert essentials(unpack(pack(sdp)))["hosts"][0] == (address, "55241")


@given(st.one_of(st.ip_addresses(), st.uuids().map(lambda u: f"{u}.local")))
def test_every_address_comes_back_as_pythons_own_modules_write_it(address):
    """The packing writes addresses itself (the site's standard library has neither
    ``ipaddress`` nor ``uuid``): each comes back as those modules write it."""
    sdp = OFFER.replace("1ee25006-3e4b-49af-9443-001c49b4ea9d.local", str(address))
    assert essentials(unpack(pack(sdp)))["hosts"][0] == (str(address), "55241")


def test_a_damaged_or_cut_code_or_one_of_another_version_is_refused():
    code = pack(OFFER)
    for damaged in (code[:-1], code[:20], code[:-3] + ("A" if code[-3] != "A" else "B")
                    + code[-2:], "", "x" * (LONGEST_CODE + 1), code + "!", "AAAA"):
        with pytest.raises(Unreadable):
            unpack(damaged)
    with pytest.raises(Unreadable):
        pack("v=0\r\n")  # no credentials, no fingerprint


@given(st.text(max_size=300))
def test_no_text_makes_unpack_fail_otherwise_than_unreadable(text):
    try:
        sdp = unpack(text)
    except Unreadable:
        return
    assert sdp.startswith("v=0\r\n")
