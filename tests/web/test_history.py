"""Back, Forward and reload in CPython (web/play/history.py, web/keep/plans.py): which of the
person's screen changes are the browser's entries, where Back and Forward go (never to a private
screen without its hand-over, never losing a game), and a seat's half-made decision kept in the tab
for a reload, for that seat only, until it decides."""

import json

from test_app_flow import setup

from web.app import App
from web.keep.saves import MemoryStorage

FIVE_AP = {"card": "move", "ap": 5}


def steps(app: App) -> list:
    """The page's history steps after this paint."""
    return [value for kind, value in app.take_effects() if kind == "history"]


def two_people(make_app) -> App:
    app = make_app()
    app.boot("")
    setup(app, [("Ann", "human"), ("Bob", "human")])
    return app


def to_declaration(app: App) -> int:
    """Hand-overs taken and starting spaces chosen until someone declares; that seat."""
    for _ in range(20):
        if app.screen == "handover":
            app.handle("handover-ok")
            continue
        choice = app.match.rules.choice(app.match.state, app.hot.viewer)
        if choice["kind"] == "declare":
            return app.hot.viewer
        app.handle("act", choice["options"][0])
    raise AssertionError("no declaration")


def draft(app: App) -> list:
    return (app.hot.ui.get("draft") or {}).get("entries", [])


def reloaded(app: App, entry=None) -> App:
    """The same tab after a reload: its storage, its session, its history entry."""
    again = App(app.saves.storage, now=app.saves.now, session=app.session,
                seed_source=lambda: 12345)
    again.boot("", entry)
    return again


# --- which screens are entries ---------------------------------------------------------------
def test_each_screen_a_person_goes_to_is_an_entry_with_the_start_screen_below(make_app):
    app = make_app()
    app.boot("")
    assert steps(app) == [["replace", {"screen": "start", "at": 0}]]
    setup(app, [("Ann", "human"), ("Bob", "human")])
    save_id = app.hot.save_id
    assert steps(app) == [["push", {"screen": "game", "game": save_id, "at": 1}]]
    app.handle("handover-ok")  # the game's own screens are one entry
    assert steps(app) == []
    app.handle("nav", "help")
    assert steps(app) == [["push", {"screen": "help", "game": save_id, "at": 2}]]
    app.handle("help-stats", "age_of_thieves")
    assert steps(app) == [["push", {"screen": "stats", "game": save_id,
                                    "rules": "age_of_thieves", "at": 3}]]
    app.handle("nav", "saves")
    assert steps(app) == [["push", {"screen": "saves", "game": save_id, "at": 4}]]


def test_the_in_app_back_and_the_menu_step_back_instead_of_piling_up(make_app):
    app = two_people(make_app)
    app.take_effects()
    app.handle("nav", "help")
    app.take_effects()
    app.handle("nav", "back")  # "Back to the game": the entry below
    assert steps(app) == [["back", None]]
    app.handle("nav", "start")  # the menu from the game: the start screen below
    assert steps(app) == [["back", None]] and app.screen == "start"


# --- Back and Forward ---------------------------------------------------------------------------
def test_back_from_the_rules_page_goes_to_the_game_and_from_the_game_to_the_start(make_app):
    app = two_people(make_app)
    app.handle("handover-ok")
    app.take_effects()
    game = app.place()
    app.handle("nav", "help")
    [[_, help_page]] = steps(app)
    app.handle("history", {**game, "at": 1})  # Back
    assert app.screen == "game" and app.hot.viewer is not None and steps(app) == []
    app.handle("history", {"screen": "start", "at": 0})  # Back again
    assert app.screen == "start" and app.match is None
    assert game["game"] in app.render() and steps(app) == []  # kept, offered to continue
    app.handle("history", {**game, "at": 1})  # Forward: the game again, at its hand-over
    assert app.hot.save_id == game["game"] and app.screen == "handover"
    app.handle("history", help_page)  # Forward: its rules page, Back to its hand-over
    assert app.screen == "help" and app.back == "handover"


def test_back_and_forward_never_show_a_private_screen_without_its_handover(make_app):
    app = two_people(make_app)
    app.handle("handover-ok")
    app.take_effects()
    game = {**app.place(), "at": 1}
    app.handle("nav", "help")
    [[_, help_page]] = steps(app)
    app.handle("history", game)  # Back to the first person's screen, who decides
    choice = app.match.rules.choice(app.match.state, app.hot.viewer)
    app.handle("act", choice["options"][0])
    assert app.screen == "handover"
    app.handle("history", help_page)  # Forward to the rules page, and Back
    app.handle("history", game)
    assert app.screen == "handover" and "game-screen" not in app.render()


def test_a_game_opened_by_a_link_gets_the_start_screen_below_it(make_app, storage):
    app = two_people(make_app)
    app.handle("handover-ok")
    link = app.hot.copy_link("https://table.example/")
    other = App(MemoryStorage(), session=MemoryStorage())
    other.boot(link[link.index("#"):])
    effects = other.take_effects()
    assert effects[0] == ("hash", "")  # taken out of the address bar: Back cannot open it again
    save_id = other.hot.save_id
    assert [v for k, v in effects if k == "history"] == [
        ["replace", {"screen": "start", "at": 0}],
        ["push", {"screen": "game", "game": save_id, "at": 1}]]
    other.handle("history", {"screen": "start", "at": 0})
    other.handle("history", {"screen": "game", "game": save_id, "at": 1})
    assert other.hot.save_id == save_id and len(other.saves.list()) == 1


def test_a_reload_shows_the_entry_it_was_on(make_app):
    app = two_people(make_app)
    app.handle("handover-ok")
    app.handle("nav", "help")
    [*_, [_, help_page]] = steps(app)
    again = reloaded(app, help_page)
    assert again.screen == "help" and again.back == "handover"
    assert steps(again) == []


def test_a_deleted_game_is_not_opened_by_forward(make_app):
    app = two_people(make_app)
    save_id = app.hot.save_id
    app.handle("nav", "start")
    app.handle("delete", save_id)
    app.handle("delete-yes", save_id)
    app.handle("history", {"screen": "game", "game": save_id, "at": 1})
    assert app.match is None and app.screen == "start" and app.notice is None
    assert save_id not in json.dumps(app.saves.list())  # not marked as a broken save
    assert steps(app)[-1][1]["screen"] == app.place()["screen"]


# --- a half-made decision kept for a reload ----------------------------------------------------
def test_a_half_made_declaration_comes_back_after_a_reload_to_its_seat_only(make_app):
    app = two_people(make_app)
    p = to_declaration(app)
    app.handle("aot-draft-ap", FIVE_AP)
    assert draft(app) == [{"card": "move", "ap": 5, "tokens": []}]
    again = reloaded(app)
    assert again.screen == "handover" and "aot-" not in again.render()
    assert again.hot.next_human() == p  # the hand-over names who held the device
    again.handle("handover-ok")
    assert again.hot.viewer == p and draft(again) == draft(app)
    keys = [k for k in again.session.data if k.startswith("thieves.plan.")]
    assert sorted(keys) == [f"thieves.plan.{app.hot.save_id}.{p}",
                            f"thieves.plan.{app.hot.save_id}.holder"]


def test_a_half_made_declaration_is_never_shown_to_another_seat(make_app):
    app = two_people(make_app)
    p = to_declaration(app)
    app.handle("aot-draft-ap", FIVE_AP)
    app.session.set(f"thieves.plan.{app.hot.save_id}.holder", str(1 - p))
    again = reloaded(app)  # the other person had the device last: they are named first
    again.handle("handover-ok")
    assert again.hot.viewer == 1 - p and draft(again) == []
    again.handle("aot-declare")
    assert again.screen == "handover"
    again.handle("handover-ok")
    assert again.hot.viewer == p and draft(again) == draft(app)


def test_the_plan_is_cleared_when_it_is_confirmed(make_app):
    app = two_people(make_app)
    p = to_declaration(app)
    app.handle("aot-draft-ap", {"card": "move", "ap": 1})
    app.handle("aot-declare")
    assert app.match.last_decision(p) == len(app.match.actions) - 1
    assert not [k for k in app.session.data if k.startswith("thieves.plan.")
                and not k.endswith(".holder")]
    again = reloaded(app)
    to_declaration(again)
    assert draft(again) == []


def test_a_plan_made_before_the_seats_last_decision_is_not_brought_back(make_app):
    app = two_people(make_app)
    p = to_declaration(app)
    app.handle("aot-draft-ap", FIVE_AP)
    key = f"thieves.plan.{app.hot.save_id}.{p}"
    kept = json.loads(app.session.get(key))
    app.session.set(key, json.dumps({**kept, "after": -1}))  # a decision made since
    again = reloaded(app)
    again.handle("handover-ok")
    assert draft(again) == []


def test_a_pass_asked_to_confirm_in_crooks_is_kept_alike(make_app):
    """Every game's half-made decision is its screen state: one rule keeps them all."""
    app = make_app()
    app.boot("")
    app.handle("setup-game", "crooks")
    setup(app, [("Ann", "human"), ("Bob", "human")])
    app.handle("handover-ok")
    app.handle("crk-pass", True)  # "Pass…": asked to confirm
    assert "Go on recruiting" in app.render()
    again = reloaded(app)
    assert "Go on recruiting" not in again.render()
    again.handle("handover-ok")
    assert "Go on recruiting" in again.render()


def test_back_does_not_leave_a_game_by_links_whose_decision_has_not_left(make_app):
    from test_linkplay import host_game

    from engine.simulate import make_bot

    host, _guests = host_game("crooks", kinds=("human", "remote"))
    app = host.app
    bot = make_bot("normal", "crooks", 1)
    assert host.chain.turn(host.seat) is not None  # (the host's turn first in this deal)
    app.take_effects()
    game = app.place()
    while host.chain.turn(host.seat) is not None:  # the host's whole turn, its link not sent
        host.decide(bot)
    assert app.remote.unsent() and steps(app) == []
    app.handle("history", {"screen": "start", "at": 0})  # Back
    assert app.screen == "remote" and app.notice[0] == "error"
    assert "not left this device" in app.notice[1]
    assert steps(app) == [["push", {**game, "at": 1}]]  # the game's entry comes back
    app.handle("remote-copy", 0)  # its link copied: now Back leaves, the game kept
    app.handle("history", {"screen": "start", "at": 0})
    assert app.screen == "start" and app.remote.device is None


def test_an_entry_the_table_does_not_know_leads_to_the_start_screen(make_app):
    app = two_people(make_app)
    for entry in ({"screen": "nowhere", "at": 3}, {"screen": "game", "remote": "nope", "at": 1},
                  {"screen": "game", "game": "<script>", "at": 1},
                  {"screen": "help", "rules": "chess", "at": 2},
                  {"screen": "stats", "rules": ["crooks"], "at": 2}):
        app.handle("history", entry)
        assert app.screen in ("start", "help", "saves") and app.render()
    app.handle("history", None)  # none of the table's: nothing happens
    app.handle("history", {"screen": "start", "at": "0"})
    assert app.screen == "help" and app.help_game is None
