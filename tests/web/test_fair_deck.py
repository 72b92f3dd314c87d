"""Private cards across devices (web/play/fair/deck.py, docs/fair-play.md): three simulated
devices deal Crooks' 3-player dens by commutative locks; a seat reads exactly the den it opens,
no other device can read a card with its own key, the audit names a cheating device, the deal
does not depend on the order of the openings, and hostile messages are refused."""

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.crooks import content
from web.play.fair import deck as fair

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from fair_table import FairTable, crook_ids, sent  # noqa: E402 (a tools/ script)

# A 128-bit safe prime: the protocol's arithmetic at a test's speed (the 2048-bit group is
# tested once, below).
SMALL = fair.Group(0x8000000000000000000000000000225F)
DENS = content.dens(3)


def seated(seed: int = 1, group: fair.Group = SMALL) -> FairTable:
    """Three devices, each with its own (here seeded) randomness, the deck shuffled and dealt."""
    table = FairTable.seat_up(group, [random.Random(seed * 10 + i).randbytes for i in range(3)])
    table.shuffle()
    return table


def test_three_devices_deal_the_three_player_dens():
    table = seated()
    assert [len(table.table["dens"][den]) for den in DENS] == list(content.STACKS[3])
    assert len(table.table["box"]) == 32 - sum(content.STACKS[3])
    dealt = table.audit()
    assert sorted(sum(dealt["dens"].values(), []) + dealt["box"]) == crook_ids()
    assert dealt["takes"] == []
    assert seated(2).audit()["dens"] != dealt["dens"]  # other secrets, another deal


def test_a_seat_opening_a_den_reads_exactly_its_crooks():
    table = seated()
    reads = {(den, seat): table.open(den, seat) for den in DENS for seat in range(3)}
    dealt = table.audit()["dens"]
    assert all(crooks == dealt[den] for (den, _), crooks in reads.items())


def test_a_taken_crook_leaves_the_den_and_the_audit_says_who_took_it():
    table = seated()
    seen = table.open("E", 1)
    table.take("E", 1, 2)
    assert table.open("E", 0) == seen[:2] + seen[3:]
    assert table.audit()["takes"] == [[1, "E", seen[2]]]


def test_no_device_can_read_another_ones_cards_with_its_own_key_alone():
    """The cards in a device's messages, as they are and under any other device's unlock, are
    never crooks, except in the last strip of an opening for the seat that opens it."""
    table = seated()
    for den in DENS:
        table.open(den, DENS.index(den) % 3)
    book = table.game.book
    strips = [m for m in table.transcript if m["kind"] == "strip"]
    for index, data in enumerate(table.transcript):
        got = fair.parsed(table.game, data, data["kind"])
        values = got.get("deck") or got["cards"]
        last = data["kind"] == "strip" and strips.index(data) % 2 == 1
        assert not book.keys() & set(values)
        for device in table.devices[:got["device"]] + table.devices[got["device"] + 1:]:
            readable = book.keys() & set(table.game.power(values, device.key.unlock))
            assert bool(readable) == (last and device.seat == got["seat"]), (index, device.seat)


def cheat(device: int, kind: str, change):
    """A wire on which ``device``'s messages of ``kind`` have their cards changed by ``change``."""
    def wire(data: dict) -> dict:
        data = sent(data)
        if (data["device"], data["kind"]) == (device, kind):
            field = "deck" if kind == "shuffle" else "cards"
            data[field] = [fair.hexed(x) for x in change([int(v, 16) for v in data[field]])]
        return data
    return wire


def forged(cards: list[int]) -> list[int]:
    """One card swapped for a crook who is not in the box (an element all the same)."""
    return [pow(99, 2, SMALL.p)] + cards[1:]


def test_the_audit_names_a_device_that_slips_a_forged_crook_into_its_shuffle():
    table = FairTable.seat_up(SMALL, [random.Random(i).randbytes for i in range(3)])
    table.wire = cheat(1, "shuffle", forged)
    table.shuffle()
    with pytest.raises(fair.Cheated) as caught:
        table.audit()
    assert caught.value.device == 1


def test_the_audit_names_a_device_that_shuffles_under_another_key_than_it_reveals():
    table = FairTable.seat_up(SMALL, [random.Random(i).randbytes for i in range(3)])
    honest = table.devices[2].key
    table.devices[2].key = table.game.new_key(random.Random(9).randbytes)
    table.shuffle()
    table.devices[2].key = honest
    with pytest.raises(fair.Cheated) as caught:
        table.audit()
    assert caught.value.device == 2


def test_a_wrong_strip_is_seen_by_the_reader_and_named_by_the_audit():
    table = seated()
    table.wire = cheat(0, "strip", lambda cards: [pow(cards[0], 2, SMALL.p)] + cards[1:])
    with pytest.raises(fair.Refused, match="stripped it wrongly"):
        table.open("C", 2, order=[1, 0])
    with pytest.raises(fair.Cheated) as caught:
        table.audit()
    assert caught.value.device == 0


def test_a_card_twice_is_refused_at_once_by_the_next_device():
    table = FairTable.seat_up(SMALL, [random.Random(i).randbytes for i in range(3)])
    table.wire = cheat(0, "shuffle", lambda cards: [cards[1]] + cards[1:])
    with pytest.raises(fair.Refused, match="the same card twice"):
        table.shuffle()


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(DENS), st.integers(0, 2), st.booleans()),
                min_size=1, max_size=10))
def test_the_deal_is_the_same_whatever_the_order_of_the_openings(openings):
    """Same secrets, openings in any order, by any seat, the other devices stripping in either
    order: every read is the den as the audit deals it."""
    table = seated()
    reads = []
    for den, seat, reverse in openings:
        others = [d for d in range(3) if d != seat]
        reads.append((den, table.open(den, seat, others[::-1] if reverse else others)))
    dealt = table.audit()
    assert dealt == seated().audit()
    assert all(crooks == dealt["dens"][den] for den, crooks in reads)


def test_the_2048_bit_group_deals_and_opens_a_den():
    """RFC 3526's prime: the codebook's cards are in the group, and two seats opening den G
    read the same five crooks."""
    group = fair.MODP_2048
    table = seated(group=group)
    assert all(group.element(x) for x in table.game.book)
    seen = table.open("G", 0)
    assert len(set(seen)) == 5 and set(seen) <= set(crook_ids())
    assert table.open("G", 2, order=[1, 0]) == seen


def shuffle_message(**change) -> dict:
    table = FairTable.seat_up(SMALL, [random.Random(i).randbytes for i in range(3)])
    data = fair.shuffle(table.game, 0, table.devices[0].key, None, table.devices[0].random)
    return {**data, **change}


NON_RESIDUE = SMALL.p - 1  # -1 is not a square modulo a safe prime
HOSTILE = [
    ("a list", [], "not a shuffle message"),
    ("another kind", shuffle_message(kind="strip"), "not a shuffle message"),
    ("a field missing", {"kind": "shuffle", "device": 0}, "has the fields"),
    ("a field more", shuffle_message(note="hi"), "has the fields"),
    ("a device out of range", shuffle_message(device=3), "device out of range"),
    ("a device as a truth value", shuffle_message(device=True), "device out of range"),
    ("the deck not a list", shuffle_message(deck="ab"), "not a list"),
    ("a card not a string", shuffle_message(deck=[5] * 32), "lowercase hex"),
    ("a card in capitals", shuffle_message(deck=["AB"] * 32), "lowercase hex"),
    ("a card with 0x", shuffle_message(deck=["0x1f"] * 32), "lowercase hex"),
    ("a card of no digits", shuffle_message(deck=[""] * 32), "lowercase hex"),
    ("a card longer than the group", shuffle_message(deck=["1" * 33] * 32), "lowercase hex"),
    ("a non-residue", shuffle_message(deck=[fair.hexed(NON_RESIDUE)] * 32), "not an element"),
    ("zero", shuffle_message(deck=["0"] * 32), "not an element"),
    ("one", shuffle_message(deck=["1"] * 32), "not an element"),
    ("the prime itself", shuffle_message(deck=[fair.hexed(SMALL.p)] * 32), "not an element"),
]


@pytest.mark.parametrize(("data", "why"), [(data, why) for _, data, why in HOSTILE],
                         ids=[name for name, _, _ in HOSTILE])
def test_a_hostile_shuffle_message_is_refused(data, why):
    game = fair.Game.of(SMALL, 3, crook_ids())
    with pytest.raises(fair.Refused, match=why):
        fair.shuffle(game, 1, game.new_key(random.Random(1).randbytes), data,
                     random.Random(2).randbytes)


def test_a_deck_of_the_wrong_length_is_refused():
    data = shuffle_message()
    data["deck"] = data["deck"][:31]
    with pytest.raises(fair.Refused, match="31 cards where 32 were expected"):
        fair.deal(fair.Game.of(SMALL, 3, crook_ids()), data)


@pytest.mark.parametrize(("change", "why"), [
    ({"den": "Z"}, "no such den"),
    ({"den": "B"}, "a strip for another opening"),
    ({"seat": 0}, "a strip for another opening"),
    ({"cards": "cards"}, "not a list"),
])
def test_a_hostile_strip_is_refused(change, why):
    table = seated()
    first = fair.strip(table.game, table.table, 0, table.devices[0].key, "A", 2, None)
    with pytest.raises(fair.Refused, match=why):
        fair.strip(table.game, table.table, 1, table.devices[1].key, "A", 2, {**first, **change})


def test_a_strip_of_the_wrong_length_is_refused():
    table = seated()
    first = fair.strip(table.game, table.table, 0, table.devices[0].key, "A", 2, None)
    first["cards"].append(fair.hexed(pow(99, 2, SMALL.p)))
    with pytest.raises(fair.Refused, match="3 cards where 2 were expected"):
        fair.read(table.game, table.table, table.devices[2].key, "A", 2, first)


def test_a_seat_never_strips_its_own_lock_in_public():
    table = seated()
    with pytest.raises(fair.Refused, match="strips its own lock last"):
        fair.strip(table.game, table.table, 1, table.devices[1].key, "A", 1, None)


@pytest.mark.parametrize(("reveals", "why"), [
    (lambda r: r[:2], "a lock from every device, once"),
    (lambda r: r + r[:1], "a lock from every device, once"),
    (lambda r: [{**r[0], "lock": "0"}] + r[1:], "not a lock"),
    (lambda r: [{**r[0], "lock": fair.hexed(SMALL.q)}] + r[1:], "not a lock"),
])
def test_the_audit_refuses_missing_or_impossible_keys(reveals, why):
    table = seated()
    with pytest.raises(fair.Refused, match=why):
        fair.audit(table.game, table.transcript, reveals(table.reveals()))


def test_the_audit_refuses_a_take_with_no_opening():
    table = seated()
    table.take("A", 1, 0)
    with pytest.raises(fair.Refused, match="a take with no opening"):
        table.audit()
