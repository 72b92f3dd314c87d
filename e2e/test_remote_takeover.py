"""Issue 36 in real browsers: a player who relays another seat's first link cannot take that
seat over. Ann hosts a Crooks table, Bea and Cy play on devices of their own; Bea's first
decision reaches Cy before Ann. Cy makes Bea's first decision anew under a key of his own,
reusing all that Bea's link showed, and sends it to Ann: Ann's page refuses it as forged,
without blaming Bea, keeps its game, and then takes Bea's genuine link."""

import copy

import pytest
from tablehelp import READY, open_table, start_table
from test_remote_links import chain_of, crooks_pick, my_turn, notice, offered, paste, send_on

from web.play import chain as remote
from web.play.chain import signing


@pytest.fixture
def crooks(browser, site_url):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    ann = pages[0]
    open_table(ann, site_url)
    start_table(ann, "crooks", ["human", "remote", "remote"])
    invitations = offered(ann)
    for seat in (1, 2):
        pages[seat].goto(invitations[f"invite-{seat}"])
        pages[seat].wait_for_selector(READY, timeout=90_000)
    yield pages
    for context in contexts:
        context.close()


def test_a_relaying_player_cannot_take_over_a_seat(crooks):
    pages = crooks
    # play in turn until a guest's first decision goes to one device, the relay, and the
    # third device (the target) has not seen that guest's key
    unannounced = {1, 2}  # guests whose first link has not left their device
    for count in range(30):
        decider = next(seat for seat in range(3) if my_turn(pages[seat]))
        crooks_pick(pages[decider], count)
        if my_turn(pages[decider]):
            continue  # the same person decides on
        sent = offered(pages[decider])
        if decider in unannounced and len(sent) == 1 and "all" not in sent:
            break
        unannounced.discard(decider)
        send_on(pages, decider)
    else:
        pytest.fail("no guest's first decision went to one device")
    victim, relay = decider, int(next(iter(sent)))
    target = ({0, 1, 2} - {victim, relay}).pop()
    genuine = sent[str(relay)]
    paste(pages[relay], genuine)
    assert not notice(pages[relay])
    # the relay, in CPython with a key of its own: the victim's first decision made otherwise
    held = chain_of(pages[relay])
    name = held.name(victim)
    index = min(i for i, (seat, _action) in enumerate(held.match.actions) if seat == victim)
    proof = next(c["t"] for c in held.claims.values()
                 if c["k"] == remote.b64(held.keys[victim]))
    before = held._cut(index)
    first = held.match.actions[index][1]
    other = next(o for o in before.turn(victim).choice["options"] if o != first)
    thief = signing.Keys()
    page = pages[target]
    for made in (remote.unb64(proof, remote.SIGNATURE_BYTES),
                 signing.Keys().sign(before.binding(victim, thief.public_key))):
        forged = copy.deepcopy(before)
        forged.bind(victim, thief.public_key, made)
        forged.decide(victim, other)
        while (digest := forged.to_sign(victim)) is not None:
            forged.sign(victim, digest, thief.sign(digest))
        shown = page.inner_text("#remote")
        paste(page, page.url.split("#")[0] + forged.hop([target]))
        assert "This link is forged" in notice(page)
        assert f"{name} is not to blame" in notice(page)
        assert page.inner_text("#remote") == shown
        assert victim not in chain_of(page).keys
    paste(page, genuine)  # the victim's own link, passed on by the relay
    assert chain_of(page).keys[victim] == held.keys[victim]
    assert "forged" not in notice(page)
