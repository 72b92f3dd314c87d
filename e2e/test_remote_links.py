"""The remote table in real browsers: three browser contexts (Ann hosting, Bea and Cy each on a
device of their own) play by passing the links their screens offer, pasted into the box for
a received link; a decision taken back after its link was taken from the screen, and made
otherwise, makes a split game that the next device shows; the declarations are collected out
of order and stay secret; an altered link is refused and changes nothing; whole games of Crooks
and Age of Thieves are played by links only (Swindler's live, e2e/test_live.py); back at
one's turn, what the others did since is listed and watched on the table."""

import html
import json

import pytest
from qr_codes import drawn  # tools/ (on the path since conftest imported tablehelp)
from tablehelp import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PROMPT,
    READY,
    ROOT,
    accessibility_violations,
    click,
    decide_quickly,
    declaring,
    hidden_card_names,
    open_table,
    paints,
    prompt_options,
    repainted,
    start_game,
    start_table,
    storage,
)

from engine.core.game import Match
from engine.simulate import make_bot
from web.keep import gamelink as links
from web.play import chain as remote
from web.play.chain import signing
from web.screens.replay import written

IDLE = "#remote[data-busy=false]"


def idle(page) -> None:
    page.wait_for_selector(IDLE, timeout=60_000)


def my_turn(page) -> bool:
    idle(page)
    return page.get_attribute("#remote", "data-turn") == "true"


def offered(page) -> dict:
    """The links the screen offers to send: data-to ("all", a seat, "invite-<seat>") -> the
    link in the ready-to-paste text."""
    idle(page)
    found = {}
    for box in page.locator(".outgoing").all():
        text = box.locator("textarea").input_value()
        found[box.get_attribute("data-to")] = text.rsplit(" — ", 1)[1]
    return found


def paste(page, link: str) -> None:
    """Open a received link the way a person does: paste it into the box, press the button."""
    idle(page)
    page.fill("#remote-link", link)
    click(page, "#remote-open")
    idle(page)


def notice(page) -> str:
    return page.inner_text("#notice") if page.locator("#notice").count() else ""


def kept_of(page) -> dict:
    """What a device keeps of its remote game (web/play/links/: its seat, the whole-game
    link, ...)."""
    return next(json.loads(v) for k, v in storage(page).items()
                if k.startswith("thieves.remote."))


def chain_of(page):
    """The chain a device keeps (its whole-game link), checked in CPython."""
    incoming = remote.Chain.join(kept_of(page)["link"])
    return incoming.accept([signing.verify(*check) for check in incoming.checks])


def dom(page) -> str:
    return html.unescape(page.inner_html("#app"))


@pytest.fixture
def table(browser, site_url):
    """Ann's, Bea's and Cy's pages, each in a browser context of its own (own storage, own
    keys), at an Age of Thieves table Ann hosts; Bea and Cy opened their invitations."""
    contexts = [browser.new_context(viewport=size) for size in (
        {"width": 1280, "height": 800}, {"width": 390, "height": 844},
        {"width": 1280, "height": 800})]
    pages = [c.new_page() for c in contexts]
    ann = pages[0]
    open_table(ann, site_url)
    start_game(ann, [("Ann", "human"), ("Bea", "remote"), ("Cy", "remote")])
    invitations = offered(ann)
    assert set(invitations) == {"invite-1", "invite-2"}
    for seat in (1, 2):
        pages[seat].goto(invitations[f"invite-{seat}"])
        pages[seat].wait_for_selector(READY, timeout=90_000)
        idle(pages[seat])
    yield pages
    for context in contexts:
        context.close()


def send_on(pages, sender: int) -> None:
    """Deliver the links ``sender``'s screen offers to the devices they are addressed to."""
    for to, link in offered(pages[sender]).items():
        if to == "all":
            for seat in range(len(pages)):
                if seat != sender:
                    paste(pages[seat], link)
        elif not to.startswith("invite-"):
            paste(pages[int(to)], link)


NAMES = ["Ann", "Bea", "Cy"]


def options_of(page) -> list:
    return [json.loads(b.get_attribute("data-arg"))
            for b in page.locator(f'{PROMPT} [data-ev="act"]').all()]


def test_three_devices_pass_links_a_split_is_shown_declarations_arrive_out_of_order(table):
    ann, bea, cy = table
    assert "Bea's seat" in dom(bea) and "Cy's seat" in dom(cy)
    assert not accessibility_violations(ann)  # the invitations
    assert not accessibility_violations(bea)  # a phone, bound to its seat
    # the set-up: one after the other, each chooses a starting space
    turns = [seat for seat in range(3) if my_turn(table[seat])]
    assert len(turns) == 1
    first = turns[0]
    decide_quickly(table[first])
    sent = {to: link for to, link in offered(table[first]).items()
            if not to.startswith("invite-")}
    assert len(sent) == 1
    assert not accessibility_violations(table[first])  # the link panel
    second = int(next(iter(sent)))
    text = table[first].locator(f'.outgoing[data-to="{second}"] textarea').input_value()
    assert text.startswith(f"{NAMES[second]}: your turn in Age of Thieves, set-up — ")
    paste(table[second], sent[str(second)])
    assert my_turn(table[second])
    # the second decides, takes its link from the box (not by the Copy button), takes the
    # decision back and decides otherwise: two links, two different decisions
    page = table[second]
    options = options_of(page)
    click(page, page.locator(f'{PROMPT} [data-ev="act"]').nth(0))
    one = offered(page)
    click(page, "#undo")
    assert my_turn(page)
    click(page, page.locator(f'{PROMPT} [data-ev="act"]').nth(1))
    assert options[0] != options[1]
    two = offered(page)
    third = int(next(to for to in two if not to.startswith("invite-")))
    assert third not in (first, second)
    paste(table[third], two[str(third)])  # the course the second's device holds
    assert my_turn(table[third]) and not notice(table[third])
    paste(table[third], one[str(third)])
    assert f"{NAMES[second]} made two different decisions at move 2" in notice(table[third])
    assert "The game has split in two" in dom(table[third])
    assert not accessibility_violations(table[third])
    click(table[third], "#fork-ok")
    assert my_turn(table[third])  # on the course it had
    decide_quickly(table[third])
    # the third's choice opens the Declaration: they declare, then tell everyone
    assert my_turn(table[third]) and declaring(table[third])
    decide_quickly(table[third])
    assert not my_turn(table[third])
    everyone = offered(table[third])
    assert set(everyone) == {"all"}
    low, high = sorted({0, 1, 2} - {third})
    for seat in (low, high):
        paste(table[seat], everyone["all"])
    match = chain_of(ann).match
    for viewer, page in enumerate(table):
        shown = dom(page)
        for owner in range(3):
            if owner != viewer:
                assert not [n for n in hidden_card_names(match, owner, viewer) if n in shown]
    assert my_turn(table[low]) and my_turn(table[high]) and declaring(table[low])
    decide_quickly(table[high])
    decide_quickly(table[low])
    from_low, from_high = offered(table[low])["all"], offered(table[high])["all"]
    # an altered link: the declaration of ``low`` changed on its way to the third
    data = links.unpack(from_low.split("#r=1", 1)[1], remote.LINK_DEPTH)
    queue = data["q"].split("|")
    at = len(data["a"].split("|") if data["a"] else []) + next(
        i for i, text in enumerate(queue) if text.startswith(f"{low}@"))
    signed = next(item for item in data["k"] if item[0] == at)
    signed[1] = signed[1][:9] + ("A" if signed[1][9] != "A" else "B") + signed[1][10:]
    before = table[third].inner_text("#remote")
    paste(table[third], from_low.split("#", 1)[0] + remote.PREFIX + remote.VERSION
          + links.pack(data))
    assert notice(table[third]).startswith(
        f"This link was altered: {NAMES[low]}'s signature does not match")
    assert table[third].inner_text("#remote") == before
    # the declarations arrive in any order: at the third, the higher seat's first
    paste(table[third], from_high)
    assert f"Waiting for {NAMES[low]}" in table[third].inner_text("#remote")
    paste(table[third], from_low)
    paste(table[low], from_high)
    paste(table[high], from_low)
    heads = {chain_of(p).heads[-1] for p in table}
    assert len(heads) == 1
    chain = chain_of(cy)
    assert not chain.pending  # all three declarations taken, in one order on every device
    assert sorted(p for p, action in chain.match.actions[-3:] if "declare" in action) == \
        [0, 1, 2]
    assert any(my_turn(page) for page in table)  # and the game goes on


def send_after(pages, sender: int) -> None:
    """Once ``sender``'s run of decisions is over, deliver the links its screen offers."""
    if not my_turn(pages[sender]):
        send_on(pages, sender)


def crooks_pick(page, count: int) -> None:
    """Recruit and place as offered; pass after a while (and confirm)."""
    buttons = page.locator(".crk-prompt button")
    texts = buttons.all_inner_texts()
    passing = [i for i, t in enumerate(texts) if t.startswith(("Pass", "Yes"))]
    if count > 12 and passing:
        click(page, buttons.nth(passing[0]))
    else:
        click(page, page.locator('.crk-prompt [data-ev="act"]:not([disabled])').first)


def swindler_pick(page, count: int) -> None:
    """The option a normal bot of this seat would take (from the seat's view, as the device
    keeps it), else the first."""
    chain, seat = chain_of(page), kept_of(page)["me"]
    turn = chain.turn(seat)
    if turn is None:  # (taken away since the screen asked: a live table's news came in)
        return
    action = make_bot("normal", "swindler", count).decide(
        chain.match.rules.view(turn.state, seat), turn.choice)
    options = prompt_options(page, '.swd-prompt [data-ev="act"]')
    click(page, page.locator('.swd-prompt [data-ev="act"]').nth(
        options.index(action) if action in options else 0))


def aot_pick(page, count: int) -> None:
    """What a normal bot of this seat would decide: its option's button, or for a Declaration
    its cards (a button made on the page that carries them, as the draft's Declare would)."""
    chain, seat = chain_of(page), kept_of(page)["me"]
    turn = chain.turn(seat)
    action = make_bot("normal", "age_of_thieves", count).decide(
        chain.match.rules.view(turn.state, seat), turn.choice)
    if turn is None:  # (taken away since the screen asked: a live table's news came in)
        return
    if declaring(page):  # (made and pressed at once: a live table may repaint in between)
        before = paints(page)
        page.evaluate("""action => {
            const button = document.createElement("button");
            button.id = "bot-declares";
            button.dataset.ev = "act";
            button.dataset.arg = JSON.stringify(action);
            document.querySelector("#game-screen").append(button);
            button.click();
        }""", action)
        repainted(page, before)
        return
    options = prompt_options(page, f'{PROMPT} [data-ev="act"]')
    click(page, page.locator(f'{PROMPT} [data-ev="act"]').nth(
        options.index(action) if action in options else 0))


# (Swindler's whole game is played live in three browsers, e2e/test_live.py, and by links in
# CPython, tests/web/test_linkplay.py: here it took 140 s of CI's 30 minutes)
@pytest.mark.parametrize("game, pick", [("crooks", crooks_pick), ("age_of_thieves", aot_pick)])
def test_a_whole_game_by_links_only(browser, site_url, game, pick):
    contexts = [browser.new_context() for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    open_table(pages[0], site_url)
    start_table(pages[0], game, ["human", "remote", "remote"])
    invitations = offered(pages[0])
    for seat in (1, 2):
        pages[seat].goto(invitations[f"invite-{seat}"])
        pages[seat].wait_for_selector(READY, timeout=90_000)
    for count in range(1500):
        turns = [seat for seat in range(3) if my_turn(pages[seat])]
        if not turns:
            break
        pick(pages[turns[0]], count)
        send_after(pages, turns[0])
    for page in pages:
        assert "The game is over." in page.inner_text("#remote")
        assert "Final standings" in page.inner_text("#app")
    assert len({chain_of(page).heads[-1] for page in pages}) == 1
    for context in contexts:
        context.close()


STATUSES = """() => { window.__statuses = new Set();
    new MutationObserver(() => window.__statuses.add(
        document.querySelector('#remote .status')?.textContent))
    .observe(document.getElementById('app'), {subtree: true, childList: true}); }"""


def test_the_hosts_hard_bot_thinks_on_the_hosts_device_and_its_decisions_travel(browser,
                                                                                 site_url):
    """Ann hosts Crooks with Bea by links and a Hard bot: the bot thinks on Ann's device as a bot
    at one device does (the page paces it, the screen says so meanwhile), and its decisions
    reach Bea in Ann's links."""
    contexts = [browser.new_context() for _ in range(2)]
    ann, bea = (c.new_page() for c in contexts)
    open_table(ann, site_url + "?botthink=600")
    ann.evaluate(STATUSES)
    start_table(ann, "crooks", ["human", "remote", "hard"])
    bea.goto(offered(ann)["invite-1"])
    bea.wait_for_selector(READY, timeout=90_000)
    idle(bea)  # joined: its key made and the game kept
    pages = [ann, bea]
    for count in range(60):
        if any(p == 2 for p, _action in chain_of(bea).match.actions):
            break
        turns = [seat for seat in range(2) if my_turn(pages[seat])]
        crooks_pick(pages[turns[0]], count)
        send_after(pages, turns[0])
    assert any(p == 2 for p, _action in chain_of(bea).match.actions)
    assert "Bot 3 (bot) is thinking…" in ann.evaluate("[...window.__statuses]")
    assert chain_of(ann).heads[:len(chain_of(bea).heads)] == chain_of(bea).heads
    for context in contexts:
        context.close()


BELOW = """([above, below]) => document.querySelector(below).getBoundingClientRect().top
    - document.querySelector(above).getBoundingClientRect().bottom"""


def press(page, key: str) -> None:
    """Press ``key`` on the page and wait for the app to repaint."""
    before = paints(page)
    page.keyboard.press(key)
    repainted(page, before)


def test_by_links_what_the_others_did_since_ones_last_decision_is_listed_and_watched(
        browser, site_url):
    """Two devices play Crooks by links until one person is at their turn again: their screen
    counts what the other did since, and "Watch it on the table" replays it from the decision
    after theirs (a tap on the board there decides nothing) and returns to their decision."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    open_table(pages[0], site_url)
    start_table(pages[0], "crooks", ["human", "remote"])
    pages[1].goto(offered(pages[0])["invite-1"])
    pages[1].wait_for_selector(READY, timeout=90_000)
    for count in range(60):
        me = next(seat for seat in range(2) if my_turn(pages[seat]))
        page = pages[me]
        if page.locator("details.since").count():
            break
        crooks_pick(page, count)
        send_after(pages, me)
    else:
        raise AssertionError("nobody came to their turn again")
    kept = kept_of(page)["link"]
    chain = chain_of(page)
    match, last = chain.match, chain.match.last_decision(me)
    then = Match.replay({**match.record(), "actions": match.actions[:last + 1]})
    new = written(then.rules.view(then.state, me)["log"],
                  match.rules.view(match.state, me)["log"])
    since = page.locator("details.since")
    assert since.get_attribute("open") is None  # folded, with its count
    assert since.locator(".count").inner_text() == str(len(new))
    since.locator("summary").click()
    assert since.locator("li").count() == min(len(new), 8)
    click(page, "#since-replay")
    title = f"Replay · decision {{}} of {len(match.actions)}"
    assert page.inner_text("#screen-title") == title.format(last + 1)
    assert page.inner_text(".game-head .status").startswith(f"Last decision: {chain.name(me)}")
    # no decision in a replay: the side column comes right under the status bar
    assert page.evaluate(BELOW, [".crk-status", ".crk-side"]) <= 2 * 12 + 1
    press(page, "ArrowRight")
    assert page.inner_text("#screen-title") == title.format(last + 2)
    assert page.inner_text(".game-head .status").startswith(
        f"Last decision: {chain.name(1 - me)}")
    page.locator("#game-screen .crk-den").first.click()  # decides nothing
    press(page, "ArrowLeft")
    assert page.inner_text("#screen-title") == title.format(last + 1)
    click(page, "#replay-close")
    assert my_turn(page) and page.locator('.crk-prompt [data-ev="act"]').count()
    assert page.locator("details.since").count() and not offered(page)
    assert kept_of(page)["link"] == kept
    for context in contexts:
        context.close()


SCAN = """async () => {
  const svg = document.querySelector('.qr-code svg');
  const box = svg.getBoundingClientRect();
  const image = new Image();
  image.src = 'data:image/svg+xml;base64,' + btoa(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [Math.round(box.width), Math.round(box.height)];
  const drawing = canvas.getContext('2d');
  drawing.drawImage(image, 0, 0, canvas.width, canvas.height);
  const code = jsQR(drawing.getImageData(0, 0, canvas.width, canvas.height).data,
                    canvas.width, canvas.height);
  return code && code.data;
}"""


def test_an_invitation_scanned_from_the_hosts_phone_opens_the_guests_seat(browser, site_url):
    """On a phone-sized screen the host shows Bea's invitation as a QR code; read from the code
    as drawn (jsQR, at the size the screen draws it), it is the invitation's link, and opening
    it binds Bea's seat on her device, where she decides."""
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    ann, bea = (c.new_page() for c in contexts)
    open_table(ann, site_url)
    start_table(ann, "crooks", ["human", "remote"])
    invitation = offered(ann)["invite-1"]
    click(ann, "#remote-qr-0")
    ann.wait_for_selector(".qr-code svg")
    assert ann.get_attribute("#remote-qr-0", "aria-expanded") == "true"
    assert ann.locator(".qr-code svg").bounding_box()["width"] >= 300
    ann.add_script_tag(path=str(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"))
    scanned = ann.evaluate(SCAN)
    assert scanned == invitation
    bea.goto(scanned)
    bea.wait_for_selector(READY, timeout=90_000)
    idle(bea)
    assert "Player 2's seat" in bea.inner_text("#remote")
    click(ann, "#remote-qr-0")
    assert ann.locator(".qr-code").count() == 0
    for context in contexts:
        context.close()


def camera_showing(path, modules: list[list[bool]]) -> None:
    """A one-frame video (YUV4MPEG2, grey) of a QR code, for Chromium's fake camera."""
    side, count = 720, len(modules) + 8
    scale = side // count
    rows = bytearray(b"\xff" * side * side)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    at = ((y + 4) * scale + dy) * side + (x + 4) * scale
                    rows[at:at + scale] = b"\x00" * scale
    chroma = b"\x80" * (side * side // 2)
    path.write_bytes(f"YUV4MPEG2 W{side} H{side} F10:1 Ip A1:1 C420jpeg\nFRAME\n".encode()
                     + bytes(rows) + chroma)


def test_a_link_scanned_with_the_camera_in_the_table_is_taken_as_a_pasted_one(
        browser, browser_type, site_url, tmp_path):
    """Bea's phone reads the link Ann's screen shows as a QR code with its camera (Chromium's
    fake camera showing that code), inside the table: the link is taken through the one door
    and Bea's device holds Ann's decision."""
    video = tmp_path / "camera.y4m"
    camera_showing(video, [[False] * 21] * 21)
    with_camera = browser_type.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    try:
        ann = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        bea = with_camera.new_context(viewport={"width": 390, "height": 844}).new_page()
        open_table(ann, site_url)
        start_table(ann, "crooks", ["human", "remote"])
        bea.goto(offered(ann)["invite-1"])
        bea.wait_for_selector(READY, timeout=90_000)
        pages = [ann, bea]
        for count in range(20):
            if "1" in offered(ann):
                break
            me = next(seat for seat in range(2) if my_turn(pages[seat]))
            crooks_pick(pages[me], count)
            if me == 1:
                send_after(pages, 1)
        else:
            raise AssertionError("Ann never had a link for Bea")
        index = [box.get_attribute("data-to") for box in ann.locator(".outgoing").all()].index("1")
        click(ann, f"#remote-qr-{index}")
        camera_showing(video, drawn(ann.inner_html(".qr-code")))
        click(bea, "#remote-scan")
        bea.wait_for_selector("dialog.scanner video")
        bea.wait_for_selector("dialog.scanner", state="detached", timeout=30_000)
        idle(bea)
        assert chain_of(bea).heads[-1] == chain_of(ann).heads[-1]
        assert bea.input_value("#remote-link") == ""  # taken: the box is free again
    finally:
        with_camera.close()
