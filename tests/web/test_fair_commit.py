"""Secret choices and shared chance across devices (web/play/fair/commit.py and chance.py,
docs/fair-play.md): an opening is accepted only for the choice, seat, game and moment committed
to; a chance event's outcome is the same on every device whatever order the shares come in, no
seat can change its share after seeing the others', numbers below n and shuffles are exactly
uniform over the bytes that drive them; and hostile input is refused, never a crash."""

import hashlib
import json
import random
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web.play.fair import chance, commit
from web.play.fair.deck import Cheated, Refused, below, permuted


def head(game: str = "Ann's game", decision: int = 7) -> bytes:
    """A stand-in for the chain's head after ``decision`` decisions of ``game``."""
    return hashlib.sha256(f"{game}/{decision}".encode()).digest()


def sent(data):
    """Data as another device reads it: through JSON text."""
    return json.loads(json.dumps(data, separators=(",", ":")))


DECLARATION = {"declare": "move:8,c21:1,ambush:1"}
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=8)


# --- commitments -----------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, derandomize=True)
@given(choice=JSON, seat=st.integers(0, 5), seed=st.integers(0, 2**32))
def test_an_opening_of_the_choice_committed_to_is_accepted(choice, seat, seed):
    commitment, opening = commit.commit(head(), seat, choice, random.Random(seed).randbytes)
    assert commit.opened(head(), seat, sent(commitment), sent(opening)) == choice


def test_the_commitment_hides_the_choice_behind_a_fresh_nonce():
    one = commit.commit(head(), 1, DECLARATION, random.Random(1).randbytes)
    two = commit.commit(head(), 1, DECLARATION, random.Random(2).randbytes)
    assert one[0] != two[0] and len(one[0]) == 64


def opening_changed(opening: dict, field: str) -> dict:
    if field == "choice":
        return {**opening, "choice": {"declare": "move:10"}}
    digits = opening["nonce"]
    return {**opening, "nonce": ("1" if digits[0] == "0" else "0") + digits[1:]}


@pytest.mark.parametrize("field", ["choice", "nonce"])
def test_a_changed_choice_or_nonce_is_refused_naming_the_seat(field):
    commitment, opening = commit.commit(head(), 2, DECLARATION, random.Random(1).randbytes)
    with pytest.raises(Cheated, match="device 2: what it reveals does not open") as caught:
        commit.opened(head(), 2, commitment, opening_changed(opening, field))
    assert caught.value.device == 2


@pytest.mark.parametrize("elsewhere", [head("Bea's game"), head(decision=8), bytes(32)],
                         ids=["another game", "another moment", "another head"])
def test_a_commitment_moved_to_another_game_or_moment_is_refused(elsewhere):
    commitment, opening = commit.commit(head(), 1, DECLARATION, random.Random(1).randbytes)
    with pytest.raises(Cheated) as caught:
        commit.opened(elsewhere, 1, commitment, opening)
    assert caught.value.device == 1


def test_a_seat_cannot_copy_another_seats_commitment_and_then_its_opening():
    """Seat 2 sends seat 1's commitment as its own, then seat 1's opening once it is shown:
    it would make seat 1's choice without having known it."""
    commitment, opening = commit.commit(head(), 1, DECLARATION, random.Random(1).randbytes)
    with pytest.raises(Cheated) as caught:
        commit.opened(head(), 2, commitment, opening)
    assert caught.value.device == 2


def nested(depth: int) -> list:
    value = []
    for _ in range(depth):
        value = [value]
    return value


GOOD_COMMITMENT, GOOD_OPENING = commit.commit(head(), 0, DECLARATION, random.Random(3).randbytes)
HOSTILE = [
    ("commitment too short", GOOD_COMMITMENT[:-2], GOOD_OPENING, "a commitment: not 32 bytes"),
    ("commitment too long", GOOD_COMMITMENT + "00", GOOD_OPENING, "a commitment: not 32"),
    ("commitment in capitals", GOOD_COMMITMENT.upper(), GOOD_OPENING, "a commitment: not 32"),
    ("commitment not hex", "g" * 64, GOOD_OPENING, "a commitment: not 32 bytes"),
    ("commitment a number", 12, GOOD_OPENING, "a commitment: not 32 bytes"),
    ("commitment missing", None, GOOD_OPENING, "a commitment: not 32 bytes"),
    ("opening a list", GOOD_COMMITMENT, [DECLARATION, "00"], "the fields choice and nonce"),
    ("nonce missing", GOOD_COMMITMENT, {"choice": DECLARATION}, "the fields choice and nonce"),
    ("a field more", GOOD_COMMITMENT, {**GOOD_OPENING, "seat": 0}, "the fields choice and"),
    ("nonce too short", GOOD_COMMITMENT, {**GOOD_OPENING, "nonce": "ab"}, "a nonce: not 32"),
    ("nonce with 0x", GOOD_COMMITMENT, {**GOOD_OPENING, "nonce": "0x" + "0" * 62}, "a nonce"),
    ("nonce as bytes", GOOD_COMMITMENT, {**GOOD_OPENING, "nonce": bytes(32)}, "a nonce"),
    ("choice not JSON", GOOD_COMMITMENT, {**GOOD_OPENING, "choice": {1, 2}}, "not JSON data"),
    ("choice nested deep", GOOD_COMMITMENT, {**GOOD_OPENING, "choice": nested(100_000)},
     "not JSON data"),
]


@pytest.mark.parametrize(("commitment", "opening", "why"),
                         [(c, o, why) for _, c, o, why in HOSTILE],
                         ids=[name for name, _, _, _ in HOSTILE])
def test_a_hostile_commitment_or_opening_is_refused(commitment, opening, why):
    with pytest.raises(Refused, match=why):
        commit.opened(head(), 0, commitment, opening)


@pytest.mark.parametrize(("where", "seat", "why"), [
    (head()[:31], 0, "a head is 32 bytes"), (head().hex(), 0, "a head is 32 bytes"),
    (head(), -1, "a seat is a number"), (head(), True, "a seat is a number"),
])
def test_a_commitment_needs_a_head_and_a_seat(where, seat, why):
    with pytest.raises(Refused, match=why):
        commit.commit(where, seat, DECLARATION, random.Random(1).randbytes)


# --- randomness made together ----------------------------------------------------------------
DIE = chance.Event(head(), "die", (0, 1, 2))


def committed(event: chance.Event, seed: int = 1) -> tuple[dict, dict]:
    """Every seat's commitment and, once all are in, its share as sent (hex)."""
    made = {seat: chance.share(event, seat, random.Random(seed * 10 + seat).randbytes)
            for seat in event.seats}
    commitments = {seat: sent(c) for seat, (c, _) in made.items()}
    return commitments, {seat: chance.reveal(event, s, commitments)
                         for seat, (_, s) in made.items()}


@settings(max_examples=30, deadline=None, derandomize=True)
@given(order=st.permutations([0, 1, 2]), seed=st.integers(0, 1000))
def test_the_outcome_is_the_same_whatever_order_the_shares_arrive_in(order, seed):
    commitments, shares = committed(DIE, seed)
    arrived = ({seat: commitments[seat] for seat in order}, {seat: shares[seat] for seat in order})
    assert chance.draw(DIE, *arrived, 6) == chance.draw(DIE, commitments, shares, 6)
    assert chance.shuffled(DIE, *arrived, "abcde") == chance.shuffled(DIE, commitments, shares,
                                                                       "abcde")


def test_every_share_changes_the_outcome():
    commitments, shares = committed(DIE)
    first = chance.stream(DIE, commitments, shares)(32)
    for seat in DIE.seats:
        other, secret = chance.share(DIE, seat, random.Random(99).randbytes)
        changed = ({**commitments, seat: other}, {**shares, seat: secret.hex()})
        assert chance.stream(DIE, *changed)(32) != first


def test_the_last_to_reveal_cannot_swap_its_share_for_one_that_steers_the_outcome():
    """Seat 2 has seen the others' shares and looks for a share of its own that rolls a 6
    (outcome 5): its commitment does not open to it, and it is named."""
    commitments, shares = committed(DIE)
    steering = random.Random(5)
    while True:
        fake_commitment, wished = chance.share(DIE, 2, steering.randbytes)
        if chance.draw(DIE, {**commitments, 2: fake_commitment}, {**shares, 2: wished.hex()},
                       6) == 5:
            break
    assert wished.hex() != shares[2]
    with pytest.raises(Cheated) as caught:
        chance.draw(DIE, commitments, {**shares, 2: wished.hex()}, 6)
    assert caught.value.device == 2


def test_a_share_is_revealed_only_once_every_commitment_is_in():
    commitment, secret = chance.share(DIE, 0, random.Random(1).randbytes)
    with pytest.raises(Refused, match="none yet from seat 1, 2"):
        chance.reveal(DIE, secret, {0: commitment})


@pytest.mark.parametrize("elsewhere", [chance.Event(head(), "start player", (0, 1, 2)),
                                       chance.Event(head(decision=8), "die", (0, 1, 2))],
                         ids=["another event", "another moment"])
def test_shares_moved_to_another_event_or_moment_are_refused(elsewhere):
    with pytest.raises(Cheated) as caught:
        chance.draw(elsewhere, *committed(DIE), 6)
    assert caught.value.device == 0


def one_draw(*values: int):
    """A byte source that gives ``values`` (one byte each) and then nothing: a draw that asks
    for more was rejected."""
    left = list(values)

    def read(n: int) -> bytes:
        assert n <= 1, "one byte at a time"
        if n and not left:
            raise LookupError("rejected")
        return bytes(left.pop(0) for _ in range(n))
    return read


def accepted(draws, inputs):
    """What ``draws`` (a function of a byte source) gives for each of ``inputs`` (the bytes it
    reads), leaving out the inputs where a draw was rejected."""
    for values in inputs:
        try:
            yield draws(one_draw(*values))
        except LookupError:
            continue


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 12, 100, 129, 256])
def test_a_number_below_n_is_exactly_uniform_over_the_bytes_read(n):
    """Every byte value read once: each outcome comes from the same number of them, the rest
    are rejected and read again (the next byte as uniform as the first)."""
    counts = [0] * n
    for outcome in accepted(lambda read: below(n, read), [(b,) for b in range(256)]):
        counts[outcome] += 1
    assert len(set(counts)) == 1 and counts[0] * n > 128


def test_every_order_of_three_items_is_made_by_as_many_byte_pairs():
    counts = {order: 0 for order in permutations("abc")}
    for order in accepted(lambda read: tuple(permuted("abc", read)),
                          product(range(256), repeat=2)):
        counts[order] += 1
    assert len(set(counts.values())) == 1 and counts[("a", "b", "c")] > 0


def test_events_shuffle_three_items_into_every_order():
    seen = set()
    for number in range(200):
        event = chance.Event(head(), f"shuffle {number}", (0, 1, 2))
        seen.add(tuple(chance.shuffled(event, *committed(event, number), "abc")))
        if len(seen) == 6:
            break
    assert seen == set(permutations("abc"))


@settings(max_examples=25, deadline=None, derandomize=True)
@given(items=st.lists(st.integers(), max_size=40), seed=st.integers(0, 1000))
def test_a_shuffle_is_a_permutation(items, seed):
    event = chance.Event(head(), "shuffle", (0, 2))
    assert sorted(chance.shuffled(event, *committed(event, seed), items)) == sorted(items)


def hostile_shares(change) -> tuple[dict, dict]:
    commitments, shares = committed(DIE)
    return change(commitments, shares)


@pytest.mark.parametrize(("change", "why"), [
    (lambda c, s: (c, {0: s[0], 1: s[1]}), "a share from each seat of die"),
    (lambda c, s: (c, {**s, 3: s[0]}), "a share from each seat of die"),
    (lambda c, s: ({0: c[0]}, s), "a commitment from each seat of die"),
    (lambda c, s: (c, {**s, 1: s[1][:-2]}), "a share: not 32 bytes"),
    (lambda c, s: (c, {**s, 1: None}), "a share: not 32 bytes"),
    (lambda c, s: ({**c, 2: "zz" * 32}, s), "a commitment: not 32 bytes"),
])
def test_hostile_shares_and_commitments_are_refused(change, why):
    with pytest.raises(Refused, match=why):
        chance.draw(DIE, *hostile_shares(change), 6)


@pytest.mark.parametrize(("make", "why"), [
    (lambda: chance.Event(head()[:8], "die", (0, 1)), "a head is 32 bytes"),
    (lambda: chance.Event(head(), 6, (0, 1)), "label is a text"),
    (lambda: chance.Event(head(), "die", ()), "distinct numbers from 0, in order"),
    (lambda: chance.Event(head(), "die", (1, 0)), "distinct numbers from 0, in order"),
    (lambda: chance.Event(head(), "die", (0, 0)), "distinct numbers from 0, in order"),
    (lambda: chance.share(DIE, 3, random.Random(1).randbytes), "seat 3 takes no part"),
    (lambda: chance.draw(DIE, *committed(DIE), 0), "one of at least one"),
])
def test_an_impossible_event_or_draw_is_refused(make, why):
    with pytest.raises(Refused, match=why):
        make()
