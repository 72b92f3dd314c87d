"""The remote table's screens and flow (web/play/links/) in CPython: a host and two remote
devices, each an app of its own with its own storage and keys, play by passing the links
their screens offer; refusals, a split game, reopening a kept game."""

import html
import json
import random
import re
import sys
from pathlib import Path

import pytest
from webutil import Buttons

from engine.core.game import Match, state_hash
from engine.core.gamelog import written
from engine.simulate import make_bot
from web.app import App
from web.keep import gamelink as links
from web.keep.saves import MemoryStorage
from web.play import bots
from web.play import chain as remote
from web.play import links as linkplay
from web.play.chain import signing
from web.screens import links as linkscreen

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from key_store import KeyStore  # noqa: E402  (tools/ is a folder of scripts)
from qr_codes import drawn, read_back  # noqa: E402


class Device:
    """One person's device: an app, its storage and its key store."""

    def __init__(self, storage=None, keys=None, locks=None):
        self.storage = storage or MemoryStorage()
        self.keys = {} if keys is None else keys
        self.key_store = KeyStore(self.keys, locks)
        self.app = App(self.storage, session=MemoryStorage(), base_url="https://t.example/")

    def run(self, bots: bool = True) -> None:
        """Do the signing and checking the app asks for, and play the host's bots, as the page
        does in a browser (``bots`` False: the bot due is left to think)."""
        self.key_store.run(self.app.take_jobs, self.app.bot_step if bots else None)

    def open(self, link: str) -> None:
        self.app.handle("remote-open", {"value": link})
        self.run()

    @property
    def chain(self) -> remote.Chain:
        return self.app.remote.device.chain

    @property
    def seat(self) -> int:
        return self.app.remote.device.me

    def outgoing(self) -> list:
        return list(self.app.remote.device.out)

    def decide(self, bot) -> None:
        """The person decides through the screen's event (what a bot would choose); never
        asked a lone "no" (nobody else sees this screen)."""
        turn = self.chain.turn(self.seat)
        assert not (turn.choice.get("masked") and len(turn.choice["options"]) == 1)
        view = self.chain.match.rules.view(turn.state, self.seat)
        before = self.decided()
        self.app.handle("act", bot.decide(view, turn.choice))
        self.run()
        assert self.app.notice is None or self.app.notice[0] != "error", self.app.notice
        assert self.decided() != before

    def decided(self) -> tuple:
        """The decisions this device holds: the chain's head and the answers collected."""
        return self.chain.heads[-1], sorted(a.digest for a in self.chain.pending.values())


def second_tab(device: Device, storage=None) -> Device:
    """Another tab of ``device``'s browser (the same storage, keys and locks, a session of
    its own; ``storage``: its copy of the browser's) showing its remote game, as opened from
    the start screen's list."""
    again = Device(storage or device.storage, device.keys, device.key_store.locks)
    again.app.handle("remote-continue", device.chain.game_id)
    again.run()
    assert again.chain.heads == device.chain.heads
    return again


def link_in(text: str) -> str:
    return text.rsplit(" — ", 1)[1]


def host_game(game: str, kinds=("human", "remote", "remote"), options=(),
              seed: int = 1, invited: bool = True) -> tuple[Device, list[Device]]:
    """A table hosted by Ann with Bea and Cy remote (or the kinds given, and the table options
    chosen: (key, choice) pairs), each remote person bound by opening their invitation on their
    own device (``invited`` False: not yet); the deal is ``seed``'s, so that a test plays the
    same game every run."""
    host = Device()
    app = host.app
    app.seed_source = lambda: seed
    app.handle("setup-game", game)
    app.handle("setup-players", len(kinds))
    for i, (kind, name) in enumerate(zip(kinds, ["Ann", "Bea", "Cy", "Dot"], strict=False)):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": name})
    for key, choice in options:
        app.handle("setup-option", {"arg": key, "value": choice})
    app.handle("start-game")
    host.run()
    assert app.screen == "remote", app.notice
    # kept before anyone decides: a host who closes the tab at once can open it again
    kept = json.loads(host.storage.get(linkplay.SAVE_PREFIX + host.chain.game_id))
    assert kept["host"] and sorted(map(int, kept["tokens"])) == [
        i for i, k in enumerate(kinds) if k == "remote"]
    invitations = app.remote.invitations()
    assert [o.to for o in invitations] == [i for i, k in enumerate(kinds) if k == "remote"]
    guests = []
    for out in invitations if invited else ():
        assert out.text.startswith(f"{['Ann', 'Bea', 'Cy', 'Dot'][out.to]}: your invitation")
        guest = Device()
        guest.open(link_in(out.text))
        assert guest.app.screen == "remote" and guest.seat == out.to
        guests.append(guest)
    return host, guests


def play(devices: dict, rng: random.Random, until=None, max_steps: int = 20_000) -> list:
    """The people decide when their screen asks them, and every link a screen offers is
    delivered to the devices it is addressed to, in a random order between devices; returns
    the links sent, as (sender seat, Outgoing)."""
    bots = {seat: make_bot("normal", d.chain.match.game, seat + 3) for seat, d in devices.items()}
    queues = {seat: [] for seat in devices}
    sent = []
    # the links delivered, by id (each kept alive, so that no new link gets its id)
    delivered = {id(out): out for d in devices.values() for out in d.app.remote.device.out}
    for _ in range(max_steps):
        if until and until(devices):
            return sent
        for seat, device in devices.items():
            if device.chain.turn(seat) is not None and not queues[seat]:
                device.decide(bots[seat])
                break
        else:
            waiting = [seat for seat in devices if queues[seat]]
            if not waiting:
                return sent
            seat = rng.choice(waiting)
            devices[seat].open(queues[seat].pop(0))
            assert devices[seat].app.notice is None or \
                devices[seat].app.notice[0] != "error", devices[seat].app.notice
        for out in devices[seat].app.remote.device.out:
            if id(out) not in delivered:  # a new link to send
                delivered[id(out)] = out
                sent.append((seat, out))
                for other in devices:
                    if other != seat and (out.to is None or out.to == other):
                        queues[other].append(link_in(out.text))
    raise RuntimeError("the game did not end")


def finished_alike(devices: dict) -> Match:
    """Every device holds the same chain, of a game over that replays as played."""
    chains = [d.chain for d in devices.values()]
    assert len({c.heads[-1] for c in chains}) == 1
    match = chains[0].match
    assert match.rules.result(match.state) is not None
    assert state_hash(Match.replay(match.record()).state) == state_hash(match.state)
    return match


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_three_devices_play_a_game_by_the_links_their_screens_offer(game):
    host, guests = host_game(game)
    devices = {0: host, **{g.seat: g for g in guests}}
    sent = play(devices, random.Random(3))
    finished_alike(devices)
    texts = [out.text for _seat, out in sent]
    assert any(": your turn in " in t and ", Turn " in t for t in texts)  # as on the screen
    assert any(t.startswith("Everyone: news from") for t in texts)
    for device in devices.values():
        assert "The game is over." in device.app.render()
    # only the device that ended the game has a link to send: the end, to everyone
    offering = [d.app.remote.device.out for d in devices.values() if d.app.remote.device.out]
    assert [[out.to for out in links] for links in offering] == [[None]]


def until_declaring(host: Device, guests: list[Device]) -> tuple[dict, Device]:
    """Play until a device reaches the first Declaration (before anyone declares); that
    device declares and offers its link to everyone."""
    devices = {0: host, **{g.seat: g for g in guests}}
    play(devices, random.Random(1),
         until=lambda d: any(len(dev.chain.deciders()) > 1 for dev in d.values()))
    first = next(dev for dev in devices.values() if len(dev.chain.deciders()) > 1)
    first.decide(make_bot("normal", "age_of_thieves", 5))
    return devices, first


def test_declarations_arrive_in_any_order_and_stay_secret_until_all_are_in():
    host, guests = host_game("age_of_thieves")
    devices, first = until_declaring(host, guests)
    everyone = first.outgoing()
    assert [o.to for o in everyone] == [None]
    assert everyone[0].text.startswith("Everyone: news from Age of Thieves, Turn ")
    late, last = [d for d in devices.values() if d is not first]
    for device in (late, last):
        device.open(link_in(everyone[0].text))
        assert device.chain.turn(device.seat).choice["kind"] == "declare"
        assert "aot-draft" in device.app.render()  # asked to declare
    late.decide(make_bot("normal", "age_of_thieves", 1))
    last.decide(make_bot("normal", "age_of_thieves", 2))
    from_late, from_last = late.outgoing()[0], last.outgoing()[0]
    assert from_late.to is None and from_last.to is None
    assert "Waiting for" in late.app.render() and "aot-draft" not in late.app.render()
    first.open(link_in(from_last.text))  # the last answer first, then the other
    assert len(first.chain.pending) == 2
    first.open(link_in(from_late.text))
    late.open(link_in(from_last.text))
    last.open(link_in(from_late.text))
    assert not first.chain.pending
    assert first.chain.heads == late.chain.heads == last.chain.heads
    assert first.chain.match.state["phase"] != "declaration"


def test_an_altered_link_is_refused_with_a_message_and_changes_nothing():
    host, guests = host_game("age_of_thieves")
    devices, first = until_declaring(host, guests)
    link = link_in(first.outgoing()[0].text)
    data = links.unpack(link.split("#r=1", 1)[1], remote.LINK_DEPTH)
    seat = first.seat
    assert data["q"].startswith(f"{seat}@declare")
    data["q"] = f"{seat}@~" + json.dumps({"declare": []})  # changed on the way
    bea = next(d for d in devices.values() if d is not first)
    before = (list(bea.chain.heads), dict(bea.chain.pending))
    bea.open(remote.PREFIX + remote.VERSION + links.pack(data))
    kind, text = bea.app.notice
    assert kind == "error" and text.startswith("This link was altered: {}'s signature".format(
        ["Ann", "Bea", "Cy"][seat]))
    assert (bea.chain.heads, bea.chain.pending) == before
    assert bea.app.screen == "remote"
    bea.open("https://t.example/#r=1garbage")
    assert bea.app.notice[0] == "error" and (bea.chain.heads, bea.chain.pending) == before
    bea.open(link)  # the real one still opens
    assert seat in bea.chain.pending


def test_two_different_continuations_are_shown_as_a_split():
    """Bea's link is taken from the screen's box (not by its Copy button), then her decision
    taken back and made otherwise: the next device gets both links and shows a split."""
    host, guests = host_game("crooks")
    devices = {0: host, **{g.seat: g for g in guests}}
    bea = devices[1]

    def otherwise() -> list:
        """Bea's other options at the decision she can take back now (none: not yet)."""
        if not bea.outgoing() or bea.app.remote.device.undo_refusal() is not None:
            return []
        taken = bea.chain.match.actions[bea.chain.match.last_decision(1)][1]
        turn = bea.chain.taken_back(1).turn(1)
        return [o for o in turn.choice.get("options", []) if o != taken]
    play(devices, random.Random(2), until=lambda d: otherwise())
    one = bea.outgoing()[0]
    option = otherwise()[0]
    bea.app.handle("remote-undo", None)
    bea.run()
    bea.app.handle("act", option)
    bea.run()
    while bea.chain.turn(1) is not None:  # the rest of her turn
        bea.decide(make_bot("normal", "crooks", 1))
    two = bea.outgoing()[0]
    assert one.to == two.to and one.text != two.text
    target = devices[one.to]
    target.open(link_in(one.text))
    assert target.app.notice is None or target.app.notice[0] != "error"
    kept = list(target.chain.heads)
    target.open(link_in(two.text))
    kind, text = target.app.notice
    assert kind == "error" and "Bea made two different decisions" in text
    assert target.chain.heads == kept
    screen = target.app.render()
    assert "The game has split in two" in screen and "fork-ok" in screen
    assert "Bea sent two different decisions" in screen
    target.app.handle("remote-fork-ok")
    assert "The game has split in two" not in target.app.render()


FOLLOWED = "This game was played on in another tab: this tab now shows its latest position."


def at_beas_turn(game: str = "crooks", kinds=("human", "remote", "remote")) -> tuple:
    """A table played by links until it is Bea's decision; her seat open in a second tab of
    her browser too. Returns the devices by seat and that second tab."""
    host, guests = host_game(game, kinds)
    devices = {host.seat: host, **{g.seat: g for g in guests}}
    play(devices, random.Random(2), until=lambda d: d[1].chain.turn(1) is not None)
    again = second_tab(devices[1])
    assert 'data-turn="true"' in again.app.render()
    return devices, again


def beas_turn(bea: Device, first=None) -> None:
    """Bea decides her whole turn (``first`` her first decision, if given)."""
    if first is not None:
        bea.app.handle("act", first)
        bea.run()
    while bea.chain.turn(1) is not None:
        bea.decide(make_bot("normal", "crooks", 1))


def no_split(devices: dict, *tabs: Device) -> None:
    """The device Bea's link goes to opens the link of each of her tabs: no split, no
    refusal, one chain."""
    (out,) = tabs[0].outgoing()
    target = devices[out.to]
    for tab in tabs:
        target.open(link_in(tab.outgoing()[0].text))
        assert target.app.notice is None or target.app.notice[0] != "error", target.app.notice
        assert target.app.remote.fork is None
        assert target.chain.heads[-1] == tab.chain.heads[-1]


def test_a_seat_open_in_two_tabs_follows_the_tab_it_was_played_in():
    """Bea decides in one tab: her other tab follows the save (its signatures checked again),
    shows her latest position with a notice, asks her nothing and offers the same link."""
    devices, again = at_beas_turn()
    bea = devices[1]
    beas_turn(bea)
    again.app.storage_changed(linkplay.SAVE_PREFIX + "another-game")
    assert again.chain.turn(1) is not None
    again.app.handle("language", "de")
    again.app.storage_changed(linkplay.SAVE_PREFIX + bea.chain.game_id)
    again.run()
    assert again.app.screen == "remote"
    assert again.app.notice == ("info", "Diese Partie wurde in einem anderen Tab weitergespielt: "
                                "Dieser Tab zeigt jetzt ihren neuesten Stand.")
    assert again.chain.heads == bea.chain.heads and again.chain.turn(1) is None
    assert again.outgoing() == bea.outgoing()
    screen = again.app.render()
    assert 'data-turn="false"' in screen and "Du entscheidest." not in screen
    no_split(devices, bea, again)


def test_a_tab_behind_its_save_follows_it_instead_of_deciding():
    """The other tab missed the news (no storage event came): when Bea decides there, the
    table finds the save ahead of the tab, decides nothing and shows the save's game."""
    devices, again = at_beas_turn()
    bea = devices[1]
    options = bea.chain.turn(1).choice["options"]
    beas_turn(bea, options[0])
    again.app.handle("act", options[1])
    again.run()
    kind, text = again.app.notice
    assert kind == "info" and text.startswith(FOLLOWED)
    assert "Your decision was not made in this tab" in text
    assert again.chain.heads == bea.chain.heads and again.chain.turn(1) is None
    no_split(devices, bea, again)


def test_a_link_opened_in_a_tab_behind_its_save_goes_on_from_the_save():
    """Bea decided in one tab; a link opened in the other (which missed the news) is read
    after the tab follows her save: her decision is kept, the save is not overwritten."""
    devices, again = at_beas_turn()
    bea = devices[1]
    beas_turn(bea)
    again.open(bea.chain.join_link())
    assert again.app.notice[1].startswith("This link brings nothing new")
    assert again.chain.heads == bea.chain.heads
    kept = json.loads(bea.storage.get(linkplay.SAVE_PREFIX + bea.chain.game_id))
    assert kept["out"] and kept["out"] == [[o.to, o.text, o.upto] for o in bea.outgoing()]


def test_a_decision_whose_link_was_copied_in_one_tab_is_not_taken_back_in_the_other():
    """Copying a link is kept in the save: the other tab, on its old copy, takes nothing back
    and follows; a tab that got the news shows no button to take it back."""
    devices, again = at_beas_turn()
    bea = devices[1]
    beas_turn(bea)
    again.app.storage_changed(linkplay.SAVE_PREFIX + bea.chain.game_id)
    again.run()
    assert 'id="undo"' in again.app.render()
    bea.app.handle("remote-copy", 0)
    third = second_tab(bea)  # opened after the copy
    assert 'id="undo"' not in third.app.render()
    actions = list(bea.chain.match.actions)
    again.app.handle("remote-undo", None)
    again.run()
    kind, text = again.app.notice
    assert kind == "info" and text == FOLLOWED + " Nothing was taken back."
    assert again.chain.match.actions == actions and 'id="undo"' not in again.app.render()
    no_split(devices, bea, again)


def test_a_hosts_bot_decides_in_one_tab_only(monkeypatch):
    """The host's seat open in two tabs: a link comes into one, both think for the Hard bot,
    the other tab decides first; the slower follows its save instead of deciding again."""
    monkeypatch.setitem(bots.SEARCH, "playouts", 4)
    devices, bea_again = at_beas_turn(kinds=("human", "remote", "hard"))
    host, bea = devices[0], devices[1]
    again = second_tab(host)
    beas_turn(bea)
    (out,) = bea.outgoing()
    assert out.to == 0  # the host's device plays the bot that decides next
    again.app.handle("remote-open", {"value": link_in(out.text)})
    again.run(bots=False)
    thinking = again.app.bot_thinking()  # the bot thinks in this tab
    assert thinking.seat == 2 and again.app.remote.scene().thinking == 2
    host.open(link_in(out.text))  # the same link in the first tab: it thinks and decides
    assert len(host.chain.match.actions) > len(again.chain.match.actions)
    kept = host.storage.get(linkplay.SAVE_PREFIX + host.chain.game_id)
    thinking.work(float("inf"))
    assert again.app.bot_play(thinking)
    again.run()
    assert again.app.notice == ("info", FOLLOWED)
    assert again.chain.heads == host.chain.heads
    assert host.storage.get(linkplay.SAVE_PREFIX + host.chain.game_id) == kept


def test_a_tab_whose_remote_game_was_deleted_elsewhere_goes_to_the_start():
    devices, again = at_beas_turn()
    bea = devices[1]
    key = linkplay.SAVE_PREFIX + bea.chain.game_id
    bea.storage.remove(key)
    again.app.storage_changed(key)
    assert again.app.screen == "start" and again.app.remote.device is None
    assert again.app.notice == ("info", "This game was deleted in another tab.")
    bea.app.handle("act", bea.chain.turn(1).choice["options"][0])
    assert bea.app.screen == "start" and bea.app.remote.device is None
    assert bea.app.notice[1].startswith("This game was deleted in another tab.")


def test_a_kept_game_reopens_after_a_reload_and_on_the_start_screen():
    host, guests = host_game("crooks")
    bea = guests[0]
    session = bea.app.session
    again = App(bea.storage, session=session, base_url="https://t.example/")
    again.boot("")
    reopened = Device(bea.storage, bea.keys)
    reopened.app = again
    reopened.run()
    assert again.screen == "remote" and again.remote.device.me == 1
    assert again.remote.device.chain.heads == bea.chain.heads
    again.handle("nav", "start")
    start = again.render()
    assert "Games played by links" in start and "Bea's seat" in html.unescape(start)
    assert ("remote-continue", bea.chain.game_id) in Buttons(start).events()


def test_the_start_screen_offers_remote_seats_with_one_person_here():
    device = Device()
    app = device.app
    app.handle("setup-players", 3)
    app.handle("setup-kind", {"arg": 2, "value": "remote"})  # Player 1 and 2 here
    assert "Person on another device" in app.render()
    app.handle("start-game")
    assert app.notice[0] == "error" and "exactly one seat" in app.notice[1]
    assert app.match is None and app.remote.device is None and not app.remote.jobs.queued
    app.handle("setup-kind", {"arg": 1, "value": "normal"})
    app.handle("start-game")
    device.run()
    assert app.screen == "remote" and app.remote.device.me == 0
    assert [o.to for o in app.remote.invitations()] == [2]


# What the secrecy texts say (docs/remote.md, "What a link protects"), in each language: what
# a link protects and what its holder can work out, on the help page ...
SECRECY_SAID = {
    "en": ("as a QR code", "What a link protects: the course of the game",
           "change, drop, reorder or add",
           "the table never shows another seat", "What a link does not protect: the hidden cards",
           "from their invitation alone", "every face-down card and the order of every deck",
           "another player's hidden decision before it is revealed", "a peek is seen",
           "friends who won't take links apart"),
    "de": ("als QR-Code", "Was ein Link schützt: den Verlauf der Partie", "ihm eine unterschieben",
           "der Tisch zeigt nie einen anderen Platz",
           "Was ein Link nicht schützt: die verdeckten Karten", "aus der eigenen Einladung",
           "jede verdeckte Karte und die Reihenfolge jedes Stapels",
           "die verdeckte Entscheidung eines anderen", "wer spickt, wird von allen gesehen",
           "Freunden, die keine Links auseinandernehmen"),
}
# ... each game's own secrets ...
GAME_SECRETS_SAID = {
    "crooks": {"en": ("every den's stack", "those left in the box",
                      "each crook a player recruits is named in their link",
                      "sent to its target face down"),
               "de": ("jedem Spelunkenstapel", "die in der Schachtel",
                      "nennt ihn in seinem Link mit Namen", "verdeckt zu einem Ziel")},
    "age_of_thieves": {"en": ("the order of the Action deck", "every die roll to come",
                              "a declaration goes to everyone", "a player still declaring"),
                       "de": ("die Reihenfolge des Aktionsstapels", "jeder künftige Würfelwurf",
                              "eine Planung geht per Link an alle", "Wer noch plant")},
    "swindler": {"en": ("the accomplice cards in every hand", "the order of every pile",
                        "each draw from a sack", "an accomplice played in answer"),
                 "de": ("die Komplizenkarten auf jeder Hand", "die Reihenfolge jedes Stapels",
                        "jedes Ziehen aus einem Sack", "ein Komplize, der als Antwort")},
}
# ... and the link panel's note, in short
LINK_NOTE_SAID = {
    "en": ("Whoever takes a link apart", "every hidden card and the order of every deck",
           "hidden decisions before they are revealed", "friends who won't", "Rules & cards"),
    "de": ("Wer einen Link auseinandernimmt", "jede verdeckte Karte und die Reihenfolge jedes",
           "verdeckte Entscheidungen lesen, bevor sie aufgedeckt werden",
           "Freunden, die das nicht tun", "Regeln & Karten"),
}


def said(page: str, texts) -> list:
    """The texts ``page`` (HTML) does not say."""
    return [text for text in texts if text not in html.unescape(page)]


@pytest.mark.parametrize("game", sorted(GAME_SECRETS_SAID))
def test_the_help_page_says_what_a_link_protects_and_gives_away_in_both_languages(game):
    app = Device().app
    app.handle("nav", "help")
    app.handle("help-game", game)
    for language in ("en", "de"):
        app.handle("language", language)
        page = app.render()
        assert not said(page, SECRECY_SAID[language] + GAME_SECRETS_SAID[game][language])
        for other in GAME_SECRETS_SAID.keys() - {game}:
            assert said(page, GAME_SECRETS_SAID[other][language][:1])
    assert "What a link" not in page


def test_the_link_panel_says_in_short_what_a_link_gives_away_in_both_languages():
    app = host_game("crooks")[0].app  # its invitations are links to send
    for language in ("en", "de"):
        app.handle("language", language)
        page = app.render()
        note = page.split('<p class="link-note">', 1)[1].split("</p>", 1)[0]
        assert not said(note, LINK_NOTE_SAID[language])
        assert len(html.unescape(note)) < 320  # two sentences: the help page has the rest
        # the screen's folded help: the game's own secrets among the rest
        assert not said(page.split('class="panel help secrecy"', 1)[1],
                        SECRECY_SAID[language] + GAME_SECRETS_SAID["crooks"][language])


def test_a_seat_is_opened_once_per_device_and_its_save_holds_the_whole_game():
    host, guests = host_game("crooks")
    bea = guests[0]
    kept = json.loads(bea.storage.get("thieves.remote." + bea.chain.game_id))
    assert kept["me"] == 1 and kept["link"].startswith("#r=1")
    incoming = remote.Chain.join(kept["link"])
    assert incoming.accept([signing.verify(*c) for c in incoming.checks]).heads == \
        bea.chain.heads


@pytest.mark.parametrize("kinds", [("human", "remote", "normal"), ("normal", "remote", "human"),
                                   ("human", "remote", "remote", "easy")])
def test_swindler_asking_everyone_by_links_with_bots_on_the_host(kinds):
    """Full secrecy: every reaction window asks every other seat, the host's bots and people
    answering at once, in any order; an answer made on a pass that did not come is dropped and
    the chain stays signed (the devices once refused each other's links here)."""
    host, guests = host_game("swindler", kinds, [("skip_reaction_prompts", "ask")])
    devices = {host.seat: host, **{g.seat: g for g in guests}}
    assert host.chain.match.options["skip_reaction_prompts"] is False
    play(devices, random.Random(len(kinds)))
    match = finished_alike(devices)
    people = {p for p, kind in enumerate(kinds) if kind in ("human", "remote")}
    assert sum(p in people and action == {"pass": True} for p, action in match.actions) > 20


def test_a_hard_bot_on_the_hosts_device_thinks_as_the_page_paces_it(monkeypatch):
    """The host's Hard bot searches as at one device (the page paces it a slice at a time,
    web/browser/pacing.py), the screen says whom it waits for meanwhile, and the game plays to
    its end."""
    monkeypatch.setitem(bots.SEARCH, "playouts", 4)  # a short search: the flow is tested here
    statuses, think = [], App.bot_thinking

    def watched(app):
        thinking = think(app)
        if thinking is not None and thinking.searching:
            statuses.append(linkscreen.status(app.remote.scene()))
        return thinking
    monkeypatch.setattr(App, "bot_thinking", watched)
    host, guests = host_game("crooks", ("human", "remote", "hard"))
    devices = {0: host, **{g.seat: g for g in guests}}
    play(devices, random.Random(5))
    match = finished_alike(devices)
    decided = sum(p == 2 for p, _action in match.actions)
    assert decided > 10 and decided // 2 < len(statuses) <= decided  # one option: no search
    assert set(statuses) == {"Cy (bot) is thinking…"}


def at_a_link_to_send() -> tuple[dict, int, Device]:
    """A Crooks game by links played until a device offers a link holding a decision that can
    still be taken back: the devices by seat, that seat and its device."""
    host, guests = host_game("crooks")
    devices = {0: host, **{g.seat: g for g in guests}}

    def undoable(d):
        return d.app.remote.device.out and d.app.remote.device.undo_refusal() is None

    play(devices, random.Random(1), until=lambda ds: any(map(undoable, ds.values())))
    seat, device = next((seat, d) for seat, d in devices.items() if undoable(d))
    return devices, seat, device


def test_a_decision_is_taken_back_until_its_link_is_copied():
    """Undo at a remote seat: the latest decision and the link holding it go, the person decides
    anew and the next device takes the new link as if nothing happened; once the link is copied
    (it may have left the device), or a link came in since, the decision stands."""
    devices, seat, device = at_a_link_to_send()
    before = list(device.chain.match.actions)
    assert 'id="undo"' in device.app.render()
    device.app.handle("remote-undo", None)
    device.run()
    assert device.app.notice == ("info", "Your last decision is taken back.")
    assert len(device.chain.match.actions) < len(before) and not device.app.remote.device.out
    assert device.chain.turn(seat) is not None
    assert remote.Chain.join(json.loads(device.storage.get(
        linkplay.SAVE_PREFIX + device.chain.game_id))["link"])  # kept as it is now
    device.decide(make_bot("normal", "crooks", 11))
    while device.chain.turn(seat) is not None:
        device.decide(make_bot("normal", "crooks", 11))
    sent = device.app.remote.device.out
    assert len(sent) == 1 and 'id="undo"' in device.app.render()
    device.app.handle("remote-copy", 0)
    assert 'id="undo"' not in device.app.render()
    device.app.handle("remote-undo", None)
    device.run()
    assert device.app.notice[0] == "error" and device.app.remote.device.out == sent
    receivers = [d for s, d in devices.items() if s != seat and (sent[0].to in (None, s))]
    for other in receivers:
        other.open(link_in(sent[0].text))
        assert other.app.notice is None, other.app.notice
        assert other.chain.heads[-1] == device.chain.heads[-1]


@pytest.mark.parametrize("reloaded", [False, True])
def test_a_remote_seats_first_decision_taken_back_is_made_anew(reloaded):
    """Bea's first decision announces her key; taken back (before its link left, also after
    the page was loaded again), she decides otherwise and her link is taken: her seat is
    still hers."""
    host, guests = host_game("age_of_thieves")  # (her decision reveals nothing)
    devices = {0: host, **{g.seat: g for g in guests}}
    play(devices, random.Random(1), until=lambda d: d[1].chain.turn(1) is not None)
    bea = devices[1]
    assert bea.chain.match.last_decision(1) is None
    options = bea.chain.turn(1).choice["options"]
    bea.app.handle("act", options[0])
    bea.run()
    if reloaded:
        game_id = bea.chain.game_id
        bea = devices[1] = Device(bea.storage, bea.keys)
        bea.app.handle("remote-continue", game_id)
        bea.run()
    bea.app.handle("remote-undo", None)
    bea.run()
    assert bea.app.notice == ("info", "Your last decision is taken back.")
    bea.app.handle("act", options[1])
    bea.run()
    assert bea.app.notice is None, bea.app.notice
    assert bea.chain.match.actions[bea.chain.match.last_decision(1)] == [1, options[1]]
    (out,) = bea.outgoing()
    devices[out.to].open(link_in(out.text))
    assert devices[out.to].app.notice is None, devices[out.to].app.notice
    assert devices[out.to].chain.heads[-1] == bea.chain.heads[-1]


def test_a_device_that_missed_links_catches_up_with_the_whole_game_link():
    """Bea's device misses every link of a few turns; the link to the whole game that another
    device's screen offers (and copies) brings it to the same chain, and the game goes on."""
    host, guests = host_game("crooks")
    bea, cy = guests
    play({0: host, 1: bea, 2: cy}, random.Random(2), until=lambda ds: len(
        host.chain.match.actions) > 3 and host.chain.turn(0) is not None)
    play({0: host, 2: cy}, random.Random(2))  # Bea's links are not delivered meanwhile
    assert len(bea.chain.match.actions) < len(host.chain.match.actions)
    shown = host.app.render()
    assert "Someone missed links? The whole game in one link" in shown
    host.app.handle("remote-copy-game", None)
    (kind, link), = [e for e in host.app.take_effects() if e[0] == "copy"]
    assert html.unescape(shown).count(link) == 1 and "#r=1" in link
    bea.open(link)
    assert bea.app.notice is None, bea.app.notice
    assert bea.chain.heads == host.chain.heads
    play({0: host, 1: bea, 2: cy}, random.Random(2))
    finished_alike({0: host, 1: bea, 2: cy})


def test_the_end_stays_on_the_device_that_ended_the_game_when_an_old_link_comes_again():
    """Opening a link already opened (nothing new) leaves the links to send as they are: the
    device that ended the game still offers the end to everyone."""
    host, guests = host_game("crooks")
    devices = {0: host, **{g.seat: g for g in guests}}
    sent = play(devices, random.Random(4))
    ender, end = sent[-1]
    assert end.to is None and devices[ender].app.remote.device.out == [end]
    earlier = next(out for seat, out in reversed(sent) if seat != ender)
    devices[ender].open(link_in(earlier.text))
    assert devices[ender].app.notice[1].startswith("This link brings nothing new")
    assert devices[ender].app.remote.device.out == [end]


def test_by_links_what_the_others_did_since_ones_last_decision_is_listed_and_watched():
    """Back at her turn, Bea's screen lists what the others did since her last decision, as
    the table at one device does; she watches it on the board (a tap there decides nothing)
    and comes back to her seat."""
    host, guests = host_game("crooks")
    devices = {host.seat: host, **{g.seat: g for g in guests}}
    bea = devices[1]

    def again(d):
        match = d[1].chain.match
        return d[1].chain.turn(1) is not None and match.last_decision(1) is not None \
            and match.actions[-1][0] != 1
    play(devices, random.Random(3), until=again)
    match = bea.chain.match
    last = match.last_decision(1)
    page = bea.app.render()
    assert 'class="since"' in page and 'id="since-replay"' in page
    then = Match.replay({**match.record(), "actions": match.actions[:last + 1]})
    log = match.rules.view(bea.chain.turn(1).state, 1)["log"]
    new = written(then.rules.view(then.state, 1)["log"], log)
    assert new and f'<span class="count">{len(new)}</span>' in page
    bea.app.handle("since-replay")
    assert bea.app.screen == "replay" and bea.app.replay.pos == last + 1
    assert "Back to the game" in bea.app.render()
    turn = bea.chain.turn(1)
    heads = bea.chain.heads
    bea.app.handle("act", make_bot("normal", "crooks", 1).decide(
        match.rules.view(turn.state, 1), turn.choice))
    bea.run()
    assert bea.chain.heads == heads and bea.app.screen == "replay"
    bea.app.handle("replay-end")
    assert bea.app.screen == "remote" and 'data-turn="true"' in bea.app.render()


def test_by_links_the_rules_and_saved_games_lead_back_to_the_game():
    """As at one device: "Rules & cards" and "Saved games" offer the way back to the game
    played by links, which is still open there (the menu says "Menu", not "New game")."""
    host, guests = host_game("crooks")
    bea = guests[0]
    heads = bea.chain.heads
    for where in ("help", "saves"):
        bea.app.handle("nav", where)
        page = bea.app.render()
        assert 'id="nav-back"' in page and ">Menu<" in page
        bea.app.handle("nav", "back")
        assert bea.app.screen == "remote" and bea.chain.heads == heads
    bea.app.handle("nav", "help")
    assert 'id="help-back"' in bea.app.render()
    bea.app.handle("nav", "start")
    assert bea.app.remote.device is None and 'id="nav-back"' not in bea.app.render()


@pytest.mark.parametrize("open_here", [True, False])
def test_a_link_by_address_is_checked_in_one_job_and_keeps_its_game_open(open_here):
    """One door for links: the link arriving by address on the device whose game is open is
    checked once (one signature check), without closing and reopening the game; on one that
    keeps the game but shows another screen, the save's signatures and the link's are checked
    in one job too, and the game opens with the link taken."""
    host, guests = host_game("crooks")
    devices = {host.seat: host, **{g.seat: g for g in guests}}
    p = next(seat for seat, d in devices.items() if d.chain.turn(seat) is not None)
    while devices[p].chain.turn(p) is not None:
        devices[p].decide(make_bot("normal", "crooks", 1))
    (out,) = devices[p].outgoing()
    target = devices[out.to]
    link = link_in(out.text)
    remote_table, device = target.app.remote, target.app.remote.device
    kinds = []
    take = remote_table.take_jobs

    def watched():
        jobs = take()
        kinds.extend(job.kind for job in jobs)
        return jobs
    remote_table.take_jobs = watched
    if not open_here:
        target.app.handle("nav", "start")
        assert target.app.remote.device is None
    target.app.open_link(link[link.index("#"):])
    target.run()
    assert kinds == ["verify"] and target.app.screen == "remote"
    assert (target.app.remote.device is device) == open_here
    assert target.chain.heads == devices[p].chain.heads


def test_a_link_pasted_on_the_remote_screen_goes_through_the_one_door():
    """The remote screen's box takes a link as the start screen's does (App.open_link): a
    broken one is refused and kept in the box to be mended, a game at one device opens in
    place of the game by links (one game open in a tab)."""
    host, guests = host_game("crooks")
    bea = guests[0]
    bea.app.handle("remote-open", {"value": "https://t.example/#g=broken"})
    assert bea.app.notice[0] == "error" and bea.app.remote.paste == "https://t.example/#g=broken"
    assert bea.app.screen == "remote" and bea.app.remote.device is not None
    shared = "https://t.example/" + links.encode(Match.start(
        "crooks", [{"name": "Ann"}, {"name": "Bea"}], {}, 3).record())
    bea.app.handle("remote-open", {"value": shared})
    assert bea.app.screen in ("game", "handover") and bea.app.match is not None
    assert bea.app.remote.device is None and bea.app.remote.paste == ""


def test_a_link_shown_as_a_qr_code_is_the_link_to_scan_and_counts_as_sent():
    """A link to send shown as a QR code holds the link itself (read back by jsQR, as a phone's
    camera would), opens on the device it is for, and may have left the device as a copied one
    may: the decision in it stands. Pressed again, it folds away."""
    devices, seat, device = at_a_link_to_send()
    for wrong in (-1, 99, "0", None):
        device.app.handle("remote-qr", wrong)
        assert 'class="qr-code"' not in device.app.render() and 'id="undo"' in device.app.render()
    device.app.handle("remote-qr", 0)
    page = device.app.render()
    assert 'id="undo"' not in page and 'id="remote-qr-0" aria-expanded="true"' in page
    sent = device.app.remote.device.out[0]
    (scanned,) = read_back([drawn(re.search(r'<svg class="qr".*?</svg>', page).group(0))])
    assert scanned.decode() == link_in(sent.text)
    receiver = next(d for s, d in devices.items() if s != seat and sent.to in (None, s))
    receiver.open(scanned.decode())
    assert receiver.chain.heads[-1] == device.chain.heads[-1]
    device.app.handle("remote-qr", 0)
    assert 'class="qr-code"' not in device.app.render()


def test_scanning_a_qr_code_is_asked_of_the_page_and_changes_nothing_else():
    """"Scan a QR code" on the remote screen asks the page to read one with the camera
    (static/table.js); what it reads comes back as a link pasted into the box."""
    host, _guests = host_game("crooks")
    before = host.chain.heads[-1]
    host.app.take_effects()
    assert 'id="remote-scan"' in host.app.render()
    host.app.handle("remote-scan", None)
    assert host.app.take_effects() == [("scan", "")] and host.app.notice is None
    assert host.chain.heads[-1] == before
