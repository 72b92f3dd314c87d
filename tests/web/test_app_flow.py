"""The app's flow in CPython: handovers before private screens, secrets kept out of the HTML,
bots, autosave and reload, links, unreadable saves, a full storage, escaping."""

import json
import re

import pytest
from webutil import play_bots

from engine.age_of_thieves import content
from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from web.app import App
from web.games.aot import render as REAL
from web.keep import gamelink as links
from web.keep.saves import INDEX, PREFIX, MemoryStorage
from web.play.hotseat import HotSeat

CARD_NAMES = {k: c["name"] for k, c in content.cards().items()}


class Driver:
    """The real game screen for the HTML; "aot-do" sends its arg as an action (tests only)."""

    render_game = staticmethod(REAL.render_game)
    render_result = staticmethod(REAL.render_result)
    say = staticmethod(REAL.say)

    @staticmethod
    def reduce(view, ui, ev, arg):
        if ev == "aot-do":
            return ui, [arg]
        if ev == "aot-do-all":  # several decisions in one tap, as a walk's steps
            return ui, arg
        return REAL.reduce(view, ui, ev, arg)


def setup(app: App, seats: list[tuple[str, str]], ties: str = "default") -> None:
    """seats: (name, kind) pairs; kind 'human' or a bot level: 'easy', 'normal', 'hard'."""
    app.handle("setup-players", len(seats))
    for i, (name, kind) in enumerate(seats):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": name})
    app.handle("setup-option", {"arg": "first_thief_decides", "value": ties})
    app.handle("start-game")


def decide(app: App, rng: Rng, declare_nothing: bool = False) -> None:
    """The human on screen makes a legal decision through the page's event."""
    rules = app.match.rules
    choice = rules.choice(app.match.state, app.hot.viewer)
    if "options" in choice:
        action = choice.get("default") or choice["options"][rng.below(len(choice["options"]))]
    elif declare_nothing:
        action = {"declare": []}
    else:
        action = rules.random_action(choice, rng)
    before = len(app.match.actions)
    app.handle("aot-do", action)
    assert len(app.match.actions) == before + 1, app.notice


def secret_marks(app: App, owner: int, viewer: int) -> tuple[set, set]:
    """Card names and card ids of ``owner``'s hand and face-down declared cards that nothing in
    ``viewer``'s view reveals otherwise."""
    state, rules = app.match.state, app.match.rules
    seen = json.dumps(rules.view(state, viewer))
    th = state["thieves"][owner]
    ids = list(th["hand"]) + [c for d in th["declared"] for c in d["cards"]
                              if d["state"] == "declared" and content.is_general(c)]
    kinds = {content.general_deck()[int(c[1:])] if content.is_general(c) else c for c in ids}
    names = {CARD_NAMES[k] for k in kinds
             if f'"{k}"' not in seen and CARD_NAMES[k] not in seen}
    return names, {c for c in ids if content.is_general(c)}


def leaks(html: str, names: set, ids: set) -> list[str]:
    found = [n for n in names if n in html]
    found += [c for c in ids if re.search(rf"(?<![\w-]){c}(?![\w-])", html)]
    return found


def all_hand_marks(app: App) -> tuple[set, set]:
    names, ids = set(), set()
    for th in app.match.state["thieves"]:
        for c in th["hand"]:
            kind = content.general_deck()[int(c[1:])]
            names.add(CARD_NAMES[kind])
            ids.add(c)
    return names, ids


@pytest.fixture
def hot_seat(make_app):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human")])
    return app


def test_handover_before_every_private_screen(hot_seat):
    app = hot_seat
    rng = Rng(seed_state(5))
    handovers = 0
    checked = 0
    while app.match.state["turn"] < 3:
        assert app.screen in ("handover", "game")
        if app.screen == "handover":
            handovers += 1
            html = app.render()
            nxt = app.hot.next_human()
            assert f"Pass the device to {app.hot.name(nxt)}" in html
            assert leaks(html, *all_hand_marks(app)) == []
            assert "aot-" not in html and "game-screen" not in html  # no game screen at all
            app.handle("handover-ok")
            assert app.screen == "game" and app.hot.viewer == nxt
        me = app.hot.viewer
        other = 1 - me
        names, ids = secret_marks(app, other, me)
        html = app.render()
        assert leaks(html, names, ids) == [], (me, names & set(CARD_NAMES.values()))
        checked += bool(names or ids)
        decide(app, rng)
    assert handovers >= 4 and checked >= 4


def test_declaration_asks_each_human_in_turn_and_hides_declarations(hot_seat):
    app = hot_seat
    rng = Rng(seed_state(9))
    while app.match.state["phase"] != "declaration" or app.screen != "handover" and \
            app.match.rules.choice(app.match.state, app.hot.viewer)["kind"] != "declare":
        if app.screen == "handover":
            app.handle("handover-ok")
        decide(app, rng)
    if app.screen == "handover":
        app.handle("handover-ok")
    first = app.hot.viewer
    decide(app, rng)  # the first human declares cards
    assert app.match.state["phase"] == "declaration"
    assert app.screen == "handover" and app.hot.next_human() == 1 - first
    app.handle("handover-ok")
    names, ids = secret_marks(app, first, 1 - first)
    assert leaks(app.render(), names, ids) == []


def test_same_human_twice_needs_no_handover(make_app):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human"), ("Cy", "human")])
    app.handle("handover-ok")
    p = app.hot.viewer
    # pretend this human decides again: with the same decider nothing changes
    app.hot._sync()
    assert app.screen == "game" and app.hot.viewer == p


def test_solo_game_against_bots_runs_to_the_end(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Solo", "human"), ("B1", "normal"), ("B2", "normal"), ("B3", "normal")])
    assert app.screen == "game" and app.hot.viewer == 0  # a lone human needs no handover
    rng = Rng(seed_state(1))
    for _ in range(5000):
        if app.screen == "end":
            break
        if app.pending_bot() is not None:
            assert app.bot_step()
        else:
            decide(app, rng, declare_nothing=True)
    assert app.screen == "end"
    html = app.render()
    assert "Final standings" in html and "Watch the replay" in html
    for name in ("Solo", "B1", "B2", "B3"):
        assert name in html
    saved = app.saves.load(app.hot.save_id)
    assert saved["record"] == app.match.record()
    # the replay steps through the record
    app.handle("replay")
    assert app.screen == "replay" and "decision 0 of" in app.render()
    app.handle("replay-step", 1)
    # the first decision, a starting space, in the log's words (never the notation "start=…")
    start = app.match.actions[0][1]["start"]
    status = re.search(r'<p class="status" role="status">(.*?)</p>', app.render()).group(1)
    assert status == f"Last decision: {app.hot.name(app.match.actions[0][0])} — " \
        f"{app.hot.name(app.match.actions[0][0])} starts on {start}.", status
    app.handle("replay-step", 3)
    app.handle("replay-step", -1)  # back: made again from the snapshot, still said in words
    assert "Last decision" in app.render() and "=" not in re.search(
        r'role="status">(.*?)</p>', app.render()).group(1)
    app.handle("replay-step", "last")
    assert state_hash(app.replay.match.state) == state_hash(app.match.state)
    app.handle("replay-step", -1)
    app.handle("replay-step", "first")
    assert app.replay.pos == 0
    app.handle("replay-end")
    assert app.screen == "end"


def test_bot_decides_only_from_its_view_and_choice(make_app, monkeypatch):
    app = make_app(renderer=Driver)
    setup(app, [("Solo", "human"), ("B1", "normal")])
    seen = []

    class Spy:
        def decide(self, view, choice):
            seen.append((view["player"], choice["player"]))
            return choice["options"][0] if "options" in choice else {"declare": []}

    rng = Rng(seed_state(2))
    while len(seen) < 3:
        if app.pending_bot() is not None:
            app.hot.bots.bots[app.pending_bot()] = Spy()
            app.bot_step()
        else:
            decide(app, rng, declare_nothing=True)
    assert all(v == c == 1 for v, c in seen)


def test_autosave_after_every_action_and_reload_continues(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human")])
    rng = Rng(seed_state(3))
    for _ in range(6):
        if app.screen == "handover":
            app.handle("handover-ok")
        decide(app, rng)
        assert app.saves.load(app.hot.save_id)["record"]["actions"] == app.match.actions
    # a reload: the same storage and tab session, a new app
    again = App(storage, now=app.saves.now, session=app.session, renderer=Driver)
    again.boot("")
    assert again.match is not None and again.hot.save_id == app.hot.save_id
    assert state_hash(again.match.state) == state_hash(app.match.state)
    assert again.screen == "handover"  # nobody's cards show after a reload
    # from the saved games list in a fresh tab
    fresh = App(storage, now=app.saves.now, session=MemoryStorage(), renderer=Driver)
    fresh.boot("")
    assert fresh.screen == "start" and "Continue a game" in fresh.render()
    fresh.handle("continue", app.hot.save_id)
    assert state_hash(fresh.match.state) == state_hash(app.match.state)


def test_copy_link_and_open_it_as_a_new_save_on_another_device(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "normal")])
    rng = Rng(seed_state(4))
    for _ in range(4):
        while app.bot_step():
            pass
        decide(app, rng)
    app.handle("copy-link")
    [(kind, url)] = [e for e in app.take_effects() if e[0] == "copy"]
    assert kind == "copy" and url == app.hot.link and "#g=1" in url
    html = app.render()
    assert "hidden cards" in html and 'id="share-link"' in html
    device = MemoryStorage()
    other = App(device, now=app.saves.now, session=MemoryStorage(), renderer=Driver)
    other.boot(url[url.index("#"):])
    assert other.match is not None
    assert state_hash(other.match.state) == state_hash(app.match.state)
    assert ("hash", "") in other.take_effects()
    assert len([k for k in device.data if k.startswith(PREFIX)]) == 1
    assert "saved as a new game" in other.render()


def test_a_link_to_a_game_saved_here_opens_that_save(make_app, storage):
    """No second copy: the same link again opens the save where it was last played; a link
    that has got further moves that save on."""
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "normal")])
    rng = Rng(seed_state(4))
    while app.bot_step():
        pass
    decide(app, rng)
    early = links.encode(app.match.record())
    device = MemoryStorage()
    other = App(device, now=app.saves.now, session=MemoryStorage(), renderer=Driver)
    other.boot(early)
    first = other.hot.save_id
    other.boot(early)  # the same link again
    assert other.hot.save_id == first and "already saved on this device" in other.render()
    for _ in range(3):
        while app.bot_step():
            pass
        decide(app, rng)
    other.boot(links.encode(app.match.record()))  # the game went on meanwhile
    assert other.hot.save_id == first and "goes on from where the link has got to" in other.render()
    assert other.saves.load(first)["record"] == app.match.record()
    assert len([k for k in device.data if k.startswith(PREFIX)]) == 1
    here = App(storage, now=app.saves.now, session=MemoryStorage(), renderer=Driver)
    here.boot(early)  # on the device that holds the game further on: opened where it is
    assert here.hot.save_id == app.hot.save_id and len(here.match.actions) == len(app.match.actions)


def test_a_finished_game_is_marked_and_not_offered_to_continue(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Solo", "human"), ("B1", "normal")])
    rng = Rng(seed_state(1))
    while app.screen != "end":
        if not app.bot_step():
            decide(app, rng, declare_nothing=True)
    assert app.saves.list()[0].finished
    app.handle("nav", "start")
    assert "Continue a game" not in app.render()
    app.handle("nav", "saves")
    html = app.render()
    assert "See the end" in html and "finished · last played" in html


def test_bad_link_shows_the_error_and_touches_no_save(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human")])
    good = links.encode(app.match.record())
    before = dict(storage.data)
    fresh = App(storage, now=app.saves.now, session=MemoryStorage(), renderer=Driver)
    fresh.boot(good[:-12])
    assert fresh.match is None and fresh.screen == "start"
    assert "game link" in fresh.render() and 'role="alert"' in fresh.render()
    assert storage.data == before
    fresh.handle("link-text", {"arg": None, "value": "#g=1AAAA"})
    fresh.handle("open-link")
    assert fresh.match is None and storage.data == before


def test_unreadable_save_is_reported_not_touched(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human")])
    save_id = app.hot.save_id
    saved = json.loads(storage.get(PREFIX + save_id))
    saved["record"]["actions"].append([0, {"start": "nowhere"}])
    storage.set(PREFIX + save_id, json.dumps(saved))
    text = storage.get(PREFIX + save_id)
    app.handle("nav", "start")
    app.handle("continue", save_id)
    assert app.match is None and app.screen == "saves"
    html = app.render()
    assert "cannot be opened" in html.lower() and "replayed" in html
    assert storage.get(PREFIX + save_id) == text
    app.handle("language", "de")  # the reason kept for the list follows the language
    assert "Lässt sich nicht öffnen: ihre Züge lassen sich nicht nachspielen" in app.render()
    app.handle("language", "en")
    storage.set(PREFIX + "junk", "{{{")
    html = app.render()
    assert html.count("Cannot be opened") == 2
    app.handle("delete", "junk")
    assert "Delete this game for good?" in app.render()
    app.handle("delete-no")
    assert storage.get(PREFIX + "junk") == "{{{"
    app.handle("delete", "junk")
    app.handle("delete-yes", "junk")
    assert storage.get(PREFIX + "junk") is None


def test_full_storage_keeps_the_game_in_the_tab_and_old_saves(make_app, storage):
    app = make_app(renderer=Driver)
    setup(app, [("Old", "human"), ("Game", "normal")])
    old_id = app.hot.save_id
    app.handle("nav", "start")
    setup(app, [("Ann", "human"), ("Bob", "human")])
    kept = {k: v for k, v in storage.data.items() if k != INDEX}
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
    rng = Rng(seed_state(6))
    app.handle("handover-ok")
    decide(app, rng)
    assert "storage is full" in app.render()
    assert len(app.match.actions) == 1
    assert {k: v for k, v in storage.data.items() if k != INDEX} == kept
    assert old_id in {s.id for s in app.saves.list()}


def test_names_are_escaped_everywhere(make_app):
    evil = '<img src=x onerror="alert(1)">'
    app = make_app(renderer=Driver)
    setup(app, [(evil, "human"), ("Bob", "human")])
    while app.screen != "handover" or app.hot.next_human() != 0:
        if app.screen == "handover":
            app.handle("handover-ok")
        decide(app, Rng(seed_state(8)))
    for html in (app.render(),):
        assert "<img" not in html
        assert "&lt;img" in html
    app.handle("handover-ok")
    assert "<img" not in app.render()
    app.handle("nav", "saves")
    assert "<img" not in app.render() and "&lt;img" in app.render()
    match = play_bots(Match.replay(app.match.record()), "random")
    app.play(HotSeat(match, app.place_here))
    assert app.screen == "end" and "<img" not in app.render()


def test_setup_refuses_duplicate_names_and_thieves(make_app):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("ann", "human")])
    assert app.match is None and "same name" in app.render()
    app.handle("setup-name", {"arg": 1, "value": "Bob"})
    app.handle("setup-pick", {"arg": 0, "value": "zain"})
    app.handle("setup-pick", {"arg": 1, "value": "zain"})
    app.handle("start-game")
    assert app.match is None and "same thief" in app.render()
    app.handle("setup-pick", {"arg": 1, "value": "morius"})
    app.handle("start-game")
    assert [th["id"] for th in app.match.state["thieves"]] == ["zain", "morius"]


def test_options_reach_the_engine(make_app):
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human")], ties="first")
    assert app.match.options == {"first_thief_decides": True, "special_cards": True}
    app.handle("nav", "start")
    app.handle("setup-option", {"arg": "special_cards", "value": "without"})
    setup(app, [("Ann", "human"), ("Bob", "hard")], ties="default")
    assert app.match.options == {"first_thief_decides": False, "special_cards": False}
    assert app.match.seats[1] == {"name": "Bob", "bot": "hard"}
    assert app.match.rules.view(app.match.state, 0)["thieves"][0]["special"] is None


def test_help_lists_every_card_event_and_thief(make_app):
    app = make_app()
    app.handle("nav", "help")
    html = app.render()
    from html import escape
    for card in content.cards().values():
        assert escape(card["name"]) in html
    for event in content.events().values():
        assert escape(event["name"]) in html and escape(event["text"]) in html
    for thief in content.thieves().values():
        assert escape(thief["ability"]) in html


def test_a_crashing_bot_does_not_stop_the_table(make_app):
    app = make_app(renderer=Driver)
    setup(app, [("Solo", "human"), ("B1", "normal")])

    class Broken:
        def decide(self, view, choice):
            raise RuntimeError("bot bug")

    rng = Rng(seed_state(3))
    moves = 0
    while moves < 4:
        if app.pending_bot() is not None:
            app.hot.bots.bots[app.pending_bot()] = Broken()
            before = len(app.match.actions)
            assert app.bot_step() and len(app.match.actions) == before + 1
            moves += 1
        else:
            decide(app, rng, declare_nothing=True)


def test_a_new_game_with_full_storage_still_plays(make_app, storage):
    storage.quota = 10
    app = make_app(renderer=Driver)
    setup(app, [("Ann", "human"), ("Bob", "human")])
    assert app.match is not None and "storage is full" in app.render()
    assert storage.data == {}
    app.handle("handover-ok")
    decide(app, Rng(seed_state(1)))
    assert len(app.match.actions) == 1


def test_a_refused_decision_is_said_and_changes_nothing(hot_seat):
    """A tap the rules refuse leaves a notice in the player's language, never a Python error."""
    app = hot_seat
    app.handle("handover-ok")
    before = (len(app.match.actions), state_hash(app.match.state), app.hot.viewer)
    app.handle("aot-do", {"no such": "action"})
    assert app.notice == ("error", "That is not allowed at this point of the game.")
    assert (len(app.match.actions), state_hash(app.match.state), app.hot.viewer) == before
    assert app.screen == "game" and "game-screen" in app.render()


def test_board_taps_during_the_replay_are_taken(hot_seat):
    app = hot_seat
    app.handle("handover-ok")
    decide(app, Rng(seed_state(3)))
    app.handle("replay")
    app.handle("aot-zoom", 1)  # a tap on the replay's board: no crash, no decision
    assert app.screen == "replay" and app.notice is None


def test_a_tap_whose_later_steps_the_game_overtook_keeps_the_first_and_says_nothing(hot_seat):
    """A walk's steps go in one tap; when a step brings about something that ends the walk
    (the thief is caught), the steps after it are not sent, and that is no mistake to report."""
    app = hot_seat
    app.handle("handover-ok")
    rules, me = app.match.rules, app.hot.viewer
    first = rules.choice(app.match.state, me)["options"][0]
    before = len(app.match.actions)
    app.handle("aot-do-all", [first, {"no such": "step"}])
    assert len(app.match.actions) > before and app.notice is None
