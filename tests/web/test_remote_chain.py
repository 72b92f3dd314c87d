"""The remote table's links (web/play/chain/): whole bot games played by links only, every
device reaching the same chain; answers given at once arriving in any order; altered,
reordered, forked, replayed and broken links refused, the chain unchanged."""

import copy
import json
import random
import sys
from pathlib import Path

import pytest

from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from web.keep import gamelink as links
from web.play import chain as remote
from web.play.chain import ForkError, MissedLinks, RemoteError, signing

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from remote_table import Device, Table, behind, play, seat_up  # noqa: E402 (a tools/ script)


def opened(link: str) -> dict:
    return links.unpack(link[len(remote.PREFIX) + 1:], remote.LINK_DEPTH)


def packed(data: dict) -> str:
    return remote.PREFIX + remote.VERSION + links.pack(data)


def refused(device: Device, link: str, error=RemoteError) -> str:
    """The message ``device`` refuses ``link`` with; its chain is left as it was."""
    before = (list(device.chain.heads), dict(device.chain.pending),
              copy.deepcopy(device.chain.match.state))
    with pytest.raises(error) as raised:
        device.take(link)
    assert (device.chain.heads, device.chain.pending, device.chain.match.state) == before
    return str(raised.value)


@pytest.mark.parametrize("game", ["crooks", "age_of_thieves", "swindler"])
def test_a_whole_game_by_links_only(game):
    table = seat_up(game, 3, 5)
    last = play(table)
    heads = {device.chain.heads[-1] for device in table.devices}
    assert len(heads) == 1
    record = last.chain.match.record()
    assert state_hash(Match.replay(record).state) == state_hash(last.chain.match.state)
    assert last.chain.match.rules.result(last.chain.match.state) is not None
    # a new device joins from the whole-game link and holds the same chain
    incoming = remote.Chain.join(last.chain.join_link())
    joined = incoming.accept([signing.verify(*check) for check in incoming.checks])
    assert joined.heads == last.chain.heads and joined.match.actions == record["actions"]


def until_declaring(game: str = "age_of_thieves", seed: int = 5) -> Table:
    """A 3-seat table whose devices all hold the chain up to the first Declaration."""
    table = seat_up(game, 3, seed)
    lead = play(table, until=lambda lead: len(lead.chain.deciders()) > 1)
    for device in table.devices:
        if behind(device, lead):
            device.take(lead.chain.hop([device.seat]))
    return table


def answers(table: Table) -> list[str]:
    """Every seat declares on its own device; the links carrying each declaration."""
    found = []
    for device in table.devices:
        device.decide()
        device.sign()
        found.append(device.chain.answer_link(device.seat))
    return found


def test_declarations_arriving_in_any_order_give_the_same_chain():
    table = until_declaring()
    assert sorted(table.devices[0].chain.deciders()) == [0, 1, 2]
    sent = answers(table)
    ends = set()
    for order in ([1, 2], [2, 1]):
        device = copy.deepcopy(table.devices[0])
        device.take(sent[order[0]])
        assert len(device.chain.pending) == 2  # its own and one other: nothing resolved yet
        device.take(sent[order[1]])
        assert not device.chain.pending
        ends.add(device.chain.heads[-1])
    assert len(ends) == 1
    # the same link twice changes nothing
    again = device.chain
    device.take(sent[1])
    assert device.chain.heads == again.heads


def test_a_declaration_is_not_played_before_all_have_arrived():
    table = until_declaring()
    sent = answers(table)
    device = table.devices[2]
    count = len(device.chain.match.actions)
    device.take(sent[0])
    assert len(device.chain.match.actions) == count
    assert device.chain.turn(2) is None  # answered; waiting for the others


def test_a_group_resolved_elsewhere_reaches_a_device_holding_some_of_its_answers():
    """Bea answers last, after the others' answers reached her: her link carries the whole
    group as decisions; Cy, holding his own answer and Ann's, takes it all the same."""
    table = until_declaring()
    ann, bea, cy = table.devices
    sent = {}
    for device in (ann, cy):
        device.decide()
        device.sign()
        sent[device.seat] = device.chain.answer_link(device.seat)
    bea.take(sent[0])
    bea.take(sent[2])
    cy.take(sent[0])
    bea.decide()
    bea.sign()
    assert not bea.chain.pending
    cy.take(bea.chain.hop([0, 2]))
    assert not cy.chain.pending and cy.chain.heads == bea.chain.heads


def sequential_link(game: str = "crooks", seed: int = 5):
    """A table, the device that decided last (not Bea), Bea's device, and the hop that tells
    Bea it is her turn: at least three decisions in."""
    table = seat_up(game, 3, seed)
    lead = play(table, until=lambda lead: lead.seat != 1 and lead.chain.deciders() == [1]
                and len(lead.chain.match.actions) >= 3)
    return table, lead, table.devices[1], lead.chain.hop([1])


def test_a_hop_is_taken_and_tells_what_it_brought():
    table, lead, bea, link = sequential_link()
    incoming = bea.chain.read(link)
    assert incoming.news == len(lead.chain.match.actions) - len(bea.chain.match.actions)
    assert incoming.refusals and all(incoming.refusals)
    assert bea.chain.turn(1) is None
    bea.take(link)
    assert bea.chain.turn(1) is not None


def test_an_altered_move_is_refused():
    table, lead, bea, link = sequential_link()
    data = opened(link)
    moves = data["a"].split("|")
    for i, move in enumerate(moves):  # a move that is not allowed, or not to be read
        changed = move.replace("1", "2", 1) if "1" in move else move + "x"
        refused(bea, packed({**data, "a": "|".join(moves[:i] + [changed] + moves[i + 1:])}))
    # another move that is allowed: the signature gives it away
    ann = lead.chain
    rules = ann.match.rules
    last = max(i for i, key in enumerate(ann.signers) if key is not None)
    player, action = ann.match.actions[last]
    before = Match.replay({**ann.match.record(), "actions": ann.match.actions[:last]})
    other = next(o for o in rules.choice(before.state, player)["options"] if o != action)
    moves[-1] = links.action_text(rules, other, player, True)
    name = lead.chain.match.seats[lead.seat]["name"]
    assert f"{name}'s signature does not match" in refused(bea, packed({**data,
                                                                        "a": "|".join(moves)}))


def test_moves_reordered_are_refused():
    table, lead, bea, link = sequential_link("age_of_thieves")
    data = opened(link)
    moves = data["a"].split("|")
    assert len(moves) >= 2
    swapped = packed({**data, "a": "|".join([moves[1], moves[0], *moves[2:]])})
    refused(bea, swapped)


def test_a_forged_signature_or_a_missing_one_is_refused():
    table, lead, bea, link = sequential_link()
    data = opened(link)
    *others, (at, signature) = data["k"]  # the last is the sender's
    other = remote.b64(signing.Keys().sign(bea.chain.heads[-1]))
    name = lead.chain.match.seats[lead.seat]["name"]
    assert f"{name}'s signature does not match" in refused(
        bea, packed({**data, "k": [*others, [at, other]]}))
    assert "carry no signature" in refused(bea, packed({**data, "k": others}))
    if at:  # a signature where the sender's last decision is not
        assert "carry no signature" in refused(bea, packed({**data,
                                                            "k": [*others, [0, signature]]}))


def test_a_link_signed_by_another_key_is_refused():
    table, lead, bea, link = sequential_link()
    stranger = signing.Keys()  # a device claiming to be that seat's
    chain = lead.chain
    latest = chain.digests[max(i for i, k in enumerate(chain.signers)
                               if k == chain.keys[lead.seat])]
    chain.sign(lead.seat, latest, stranger.sign(latest))
    assert "altered" in refused(bea, lead.chain.hop([1]))


def test_another_seed_or_another_game_is_refused():
    table, lead, bea, link = sequential_link()
    join = opened(lead.chain.join_link())
    with pytest.raises(RemoteError, match="altered"):
        incoming = remote.Chain.join(packed({**join, "r": join["r"] + 1}))
        incoming.accept([signing.verify(*c) for c in incoming.checks])
    assert "another game" in refused(bea, packed({**join, "r": join["r"] + 1}))
    assert "another game" in refused(bea, packed({**opened(link), "i": "A" * 12}))


def test_a_seat_taken_without_its_invitation_is_refused():
    table = seat_up("crooks", 3, 5)
    lead = play(table, until=lambda lead: lead.seat != 1 and lead.chain.deciders() == [1])
    bea = table.devices[1]
    cy = next(d for d in table.devices if d not in (lead, bea))
    assert 1 not in lead.chain.keys  # Bea's first decision: her key is not known yet
    # Cy's device makes Bea's first move, announcing a key of its own, with no invitation
    if behind(cy, lead):
        cy.take(lead.chain.hop([cy.seat]))
    thief = copy.deepcopy(cy)
    thief.chain.bound[1] = (thief.keys.public_key, bytes(remote.SIGNATURE_BYTES))
    thief.seat, thief.bot = 1, bea.bot
    thief.decide()
    thief.sign()
    assert "did not open Bea's invitation" in refused(lead, thief.chain.hop([lead.seat]))
    # Bea's own, with her invitation's token, is taken
    bea.take(lead.chain.hop([1]))
    bea.decide()
    bea.sign()
    lead.take(bea.chain.hop([lead.seat]))
    assert lead.chain.keys[1] == bea.keys.public_key


def relayed_first_decision(**setup):
    """Bea's first decision, sent to Ann and Cy: Cy takes it first (he relays it), Ann has not
    seen it yet. Returns Ann, Cy as he was before it, Bea's link, her claim as Cy saw it and
    the other decision Cy makes for her."""
    table = seat_up("crooks", 3, 5, **setup)
    lead = play(table, until=lambda lead: lead.seat != 1 and lead.chain.deciders() == [1])
    bea = table.devices[1]
    ann, cy = (d for d in table.devices if d is not bea)
    for device in (bea, ann, cy):
        if behind(device, lead):
            device.take(lead.chain.hop([device.seat]))
    assert 1 not in ann.chain.keys and 1 not in cy.chain.keys
    before = copy.deepcopy(cy)
    bea.decide()
    bea.sign()
    genuine = bea.chain.hop([ann.seat, cy.seat])
    cy.take(genuine)  # Cy now holds Bea's key, what bound it and her first decision
    claim = next(c for c in cy.chain.claims.values() if c["k"] == remote.b64(bea.keys.public_key))
    first = cy.chain.match.actions[len(before.chain.match.actions)][1]
    other = next(o for o in before.chain.turn(1).choice["options"] if o != first)
    return ann, before, genuine, claim, other


def taken_over(cy: Device, proof: bytes, decision) -> str:
    """The link Cy sends Ann after making Bea's first decision with a key of his own."""
    thief = copy.deepcopy(cy)
    thief.chain.bound[1] = (thief.keys.public_key, proof)
    thief.chain.decide(1, decision)
    thief.seat = 1
    thief.sign()
    return thief.chain.hop([0])


def test_a_relaying_player_cannot_take_over_a_seat_whose_first_link_they_pass_on():
    """Issue 36: Bea's first decision announces her key, and Cy sees that link before Ann.
    Cy makes Bea's first decision anew under a key of his own, reusing everything Bea's link
    showed, or with a proof made up, and sends it to Ann: Ann refuses it without blaming Bea,
    keeps her chain, and then takes Bea's genuine link."""
    ann, cy, genuine, claim, other = relayed_first_decision()
    for proof in (remote.unb64(claim["t"], remote.SIGNATURE_BYTES),  # Bea's proof, reused
                  signing.Keys().sign(cy.chain.binding(1, cy.keys.public_key))):  # made up
        message = refused(ann, taken_over(cy, proof, other))
        assert "forged" in message and "Bea is not to blame" in message
        assert 1 not in ann.chain.keys
    ann.take(genuine)
    assert ann.chain.keys[1] == remote.unb64(claim["k"], remote.KEY_BYTES)


def test_in_a_game_set_up_before_invitation_keys_a_taken_seat_is_told_without_blame():
    """Before invitation keys a seat's first decision showed the invitation's secret, so a
    relaying player could take the seat at a device that had not seen it yet (the fault of
    issue 36). Such games still play on as they began; when the genuine link comes, the split
    names the seat, not its person, as the one who decided twice."""
    ann, cy, genuine, claim, other = relayed_first_decision(before_invitation_keys=True)
    ann.take(taken_over(cy, remote.unb64(claim["t"], remote.TOKEN_BYTES), other))  # the hole
    message = refused(ann, genuine, ForkError)
    assert "Bea's seat was opened on two devices" in message and "need not be Bea" in message


def test_an_invitation_carries_its_secret_and_no_link_after_it_does():
    """The set-up shows each remote seat's invitation key, never its secret; a seat's first
    decision shows its proof, not the secret."""
    table = seat_up("crooks", 3, 5)
    host = table.devices[0]
    invitation = next(link for kind, link in table.sent if kind == "invitation")
    secret = opened(invitation)["y"][1]
    last = play(table)
    for link in [last.chain.join_link()] + [link for kind, link in table.sent
                                            if kind != "invitation"]:
        assert secret not in json.dumps(opened(link))
    assert all(len(t) == len(remote.b64(bytes(remote.KEY_BYTES)))
               for t in host.chain.setup["t"] if t)


def test_two_decisions_for_the_same_move_are_a_fork():
    table, lead, bea, link = sequential_link()
    bea.take(link)
    other = copy.deepcopy(bea)
    choice = bea.chain.turn(1).choice
    first, second = choice["options"][:2]
    bea.chain.decide(1, first)
    bea.sign()
    other.chain.decide(1, second)
    other.sign()
    lead.take(bea.chain.hop([lead.seat]))
    message = refused(lead, other.chain.hop([lead.seat]), ForkError)
    assert "Bea made two different decisions" in message
    with pytest.raises(ForkError) as fork:
        lead.take(other.chain.hop([lead.seat]))
    assert fork.value.ours["a"] == first and fork.value.theirs["a"] == second


def test_a_link_from_another_course_of_the_game_is_a_fork():
    table, lead, bea, link = sequential_link()
    data = opened(link)
    assert refused(bea, packed({**data, "h": "AAAAAAAA"}), ForkError)


def test_a_link_after_one_not_yet_opened_is_refused_until_that_one_comes():
    table, lead, bea, link = sequential_link()
    cy = next(d for d in table.devices if d not in (lead, bea))
    bea.take(link)
    bea.decide()
    while bea.chain.deciders() == [1]:
        bea.decide()
    bea.sign()
    later = bea.chain.hop([cy.seat])
    data = opened(later)
    skipped = packed({**data, "n": len(cy.chain.match.actions) + 5})
    refused(cy, skipped, MissedLinks)
    cy.take(later)
    assert cy.chain.heads == bea.chain.heads


def broken(link: str):
    data = opened(link)
    yield "", "not a link"
    yield "#r=", "empty"
    yield "#r=xabc", "another version"
    yield "#r=9abc", "newer version of the table"
    yield link[: len(link) // 2], "incomplete"
    yield link + "$", "do not belong"
    yield packed([1, 2]), "parts of the game are missing"
    yield packed({**data, "i": 5}), "another game"
    yield packed({**data, "n": -1}), "missing"
    yield packed({**data, "n": True}), "missing"
    yield packed({**data, "a": 7}), "cannot be read"
    yield packed({**data, "a": "|".join(["~{}"] * 3)}), ""
    yield packed({**data, "a": "zz@" + data["a"]}), ""
    yield packed({**data, "a": "7@" + data["a"]}), ""
    yield packed({**data, "k": "x"}), "signatures cannot be read"
    yield packed({**data, "k": [[0, "abc"]]}), "signatures cannot be read"
    yield packed({**data, "k": [[99, data["k"][0][1]]]}), "signatures cannot be read"
    yield packed({**data, "c": [[0, "a", "b"]]}), "cannot be read"
    yield packed({**data, "q": "5@x"}), ""
    yield packed({**data, "a": "|" * 30_000}), "far more"


def test_broken_links_are_refused_with_a_message():
    table, lead, bea, link = sequential_link()
    for text, words in broken(link):
        message = refused(bea, text)
        assert words in message and len(message) < 300


def test_garbage_never_crashes():
    table, lead, bea, link = sequential_link()
    rng = random.Random(3)
    data = opened(link)
    for _ in range(60):
        fields = dict(data)
        key = rng.choice(sorted(fields))
        fields[key] = rng.choice([None, 0, -5, 2 ** 70, "", "A" * 5000, [], {}, [[0]], 1.5,
                                  True, "|".join("x" * rng.randint(1, 4) for _ in range(9))])
        with pytest.raises(RemoteError):
            bea.take(packed(fields))


def test_message_to_paste():
    assert remote.message("Bea", "Age of Thieves", "Turn 4", "https://x/#r=1abc") == \
        "Bea: your turn in Age of Thieves, Turn 4 — https://x/#r=1abc"
    assert remote.message(None, "Crooks", "turn 2", "L").startswith("Everyone: news from Crooks")


def test_two_declarations_by_one_seat_are_a_fork_once_their_signatures_hold():
    table = until_declaring()
    ann, bea, cy = table.devices
    twin = copy.deepcopy(bea)
    bea.decide()
    bea.sign()
    first = bea.chain.answer_link(1)
    declaration = bea.chain.pending[1].entry["a"]
    choice, rules = twin.chain.turn(1).choice, twin.chain.match.rules
    drawn = (rules.random_action(choice, Rng(seed_state(n))) for n in range(50))
    second = next(a for a in drawn if a != declaration)
    twin.chain.decide(1, second)
    twin.sign()
    cy.take(first)
    data = opened(twin.chain.answer_link(1))
    (at, _signature), = data["k"]
    forged = remote.b64(signing.Keys().sign(cy.chain.heads[-1]))
    assert "altered" in refused(cy, packed({**data, "k": [[at, forged]]}))
    assert "Bea made two different decisions" in refused(cy, twin.chain.answer_link(1),
                                                         ForkError)
