"""Only real decisions reach a person; a person takes back their last decision; after a
handover, what happened since one's last decision is listed and can be watched; the end
screen shows the final table."""

from webutil import Buttons, press_buttons, start_table

from engine.core import undo
from engine.core.rng import Rng, seed_state
from engine.simulate import make_bot
from web.games.aot import FRONT as AOT


def own_choice(app):
    return app.match.rules.choice(app.match.state, app.hot.viewer)


def act(app, pick) -> None:
    """The person at the screen takes the first option ``pick`` accepts (through the page's
    event, as a button would send it)."""
    if app.screen == "handover":
        app.handle("handover-ok")
    app.handle("act", next(o for o in own_choice(app)["options"] if pick(o)))


def test_a_prompt_with_one_legal_option_is_never_shown(make_app):
    for seed in range(3):
        app = make_app(seed_source=lambda seed=seed: seed)
        start_table(app, "crooks", ["human", "human", "human"])

        def look(app, html, buttons):
            choice = own_choice(app)
            assert len(choice["options"]) > 1, choice["kind"]
        press_buttons(app, Rng(seed_state(seed)), 400, look=look)
        forced = [s for s in app.match.steps if s.forced]
        assert forced, "no forced move in three games: the test shows nothing"
        assert all(not app.hot.is_bot(s.player) for s in forced)


def bots_asked(app, game: str, kinds: list[str], **options) -> list:
    """A game at one device to its end, the person playing as a Normal bot would: the
    choices the bot seats were asked."""
    person, asked = make_bot("normal", game, 7), []
    start_table(app, game, kinds, **options)
    rules = app.match.rules
    while app.screen != "end":
        if (p := app.pending_bot()) is not None:
            asked.append(rules.choice(app.match.state, p))
            app.bot_step()
        else:
            view = rules.view(app.match.state, app.hot.viewer)
            app.handle("act", person.decide(view, own_choice(app)))
            assert app.notice is None, app.notice
    return asked


def test_a_bots_lone_option_is_played_at_once_without_its_pause(make_app):
    """A decision with one legal option is not a bot's either: the table plays it at once,
    without the bots' pause (issue 53). With full secrecy Swindler asks a bot its lone "no"
    like anyone, so that how long it takes to answer does not tell its hand."""
    app = make_app(seed_source=lambda: 4)
    asked = bots_asked(app, "crooks", ["human", "normal", "normal"])
    assert asked and all(c is None or len(c["options"]) > 1 for c in asked)
    assert any(s.forced and app.hot.is_bot(s.player) for s in app.match.steps)
    app = make_app(seed_source=lambda: 4)
    asked = bots_asked(app, "swindler", ["human", "normal", "normal"],
                       skip_reaction_prompts="ask")
    lone = [c for c in asked if c and len(c["options"]) == 1]
    assert lone and all(c["masked"] for c in lone)


def test_full_secrecy_still_asks_a_lone_no():
    from engine.core.game import Match

    match = Match.start("swindler", [{}, {}, {}], {"skip_reaction_prompts": False}, 5)
    rules = match.rules
    rng = Rng(seed_state(2))
    while rules.result(match.state) is None:
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        if choice["kind"] == "react" and len(choice["options"]) == 1:
            assert choice["masked"] and rules.forced(match.state, p) is None
            return
        match.act(p, choice["options"][rng.below(len(choice["options"]))])
    raise AssertionError("no lone 'no' asked in a whole game")


def test_age_of_thieves_settles_the_first_thiefs_housekeeping_by_default():
    assert AOT.default_options() == {"first_thief_decides": False, "special_cards": True}


def test_undo_takes_back_a_placement_until_the_next_person_decides(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    first = app.match.rules.to_act(app.match.state)[0]
    act(app, lambda o: "den" in o)  # looks into a den: revealed
    assert 'id="undo" class="unavailable" aria-disabled="true"' in app.render()
    looked = list(app.match.actions)
    app.handle("undo")  # says why, changes nothing
    assert "revealed" in app.notice[1] and app.match.actions == looked
    while app.hot.viewer == first and own_choice(app)["kind"] != "place":
        act(app, lambda o: True)
    before = list(app.match.actions)
    act(app, lambda o: o.get("face") == "up")
    assert app.screen == "handover"  # the device goes to the other person
    html = app.render()
    assert f"P{first}: take back my last decision" in html
    app.handle("undo")
    assert app.match.actions == before and app.screen == "game" and app.hot.viewer == first
    assert app.saves.load(app.hot.save_id)["record"]["actions"] == before
    assert own_choice(app)["kind"] == "place"
    act(app, lambda o: o.get("face") == "up")
    app.handle("handover-ok")
    other = app.hot.viewer
    assert other != first
    act(app, lambda o: "pass" in o)
    while app.hot.viewer != first or app.screen != "game":
        if app.screen == "handover":
            app.handle("handover-ok")
        else:
            act(app, lambda o: True)
    assert app.match.undo_refusal(first) in (undo.OTHER, undo.REVEALED)
    app.handle("undo")
    assert app.notice[0] == "error" and "stands" in app.notice[1]


def test_since_your_last_decision_lists_the_others_moves_and_replays_them(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "normal", "normal"])
    me, rules = 0, app.match.rules

    def bots_play():
        while rules.to_act(app.match.state) != [me]:
            assert app.bot_step()
    bots_play()
    assert "Since your last decision" not in app.render()  # nothing decided yet
    act(app, lambda o: "den" in o)
    while rules.to_act(app.match.state) == [me]:
        act(app, lambda o: True)  # takes a crook, places it
    mine = max(i for i, (q, _a) in enumerate(app.match.actions) if q == me)
    bots_play()
    html = app.render()
    assert app.hot.viewer == me and app.match.actions[-1][0] != me
    assert "Since your last decision" in html and "<li>" in html
    app.handle("since-replay")
    assert app.screen == "replay" and app.replay.pos == mine + 1
    assert "Back to the game" in app.render()
    app.handle("replay-end")
    assert app.screen == "game" and app.hot.viewer == me
    act(app, lambda o: True)
    assert "Since your last decision" not in app.render()


def test_the_end_screen_shows_the_final_table(make_app):
    app = make_app()
    start_table(app, "swindler", ["human", "normal"])
    press_buttons(app, Rng(seed_state(4)), 2000)
    html = app.render()
    assert app.screen == "end" and "The table at the end" in html
    assert 'id="game-screen"' in html and not [b for b in Buttons(html).found if b[0] == "act"]


def test_after_an_undo_the_bots_play_the_game_as_it_now_is(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "normal"])
    rules = app.match.rules
    while rules.to_act(app.match.state) != [0]:
        app.bot_step()
    act(app, lambda o: "den" in o)
    while rules.to_act(app.match.state) == [0] and own_choice(app)["kind"] != "place":
        act(app, lambda o: True)
    act(app, lambda o: "place" in o)
    app.handle("undo")
    assert own_choice(app)["kind"] == "place" and app.hot.bots.match is app.match
    act(app, lambda o: "place" in o)
    assert app.bot_step() and app.match.actions[-1][0] == 1


def test_bots_wait_longer_while_a_person_could_take_back(make_app):
    from web.play.hotseat import UNDO_PAUSE

    app = make_app()
    start_table(app, "crooks", ["human", "normal", "human"])
    rules = app.match.rules
    while not (rules.to_act(app.match.state) == [0] and app.screen == "game"):
        app.handle("handover-ok") if app.screen == "handover" else (
            app.bot_step() or act(app, lambda o: "pass" not in o))
    act(app, lambda o: "den" in o)
    while rules.to_act(app.match.state) == [0]:
        act(app, lambda o: o.get("face") != "down")
    assert app.pending_bot() == 1  # the bot's turn after P0's
    assert app.hot.viewer is None and app.bot_pause() == UNDO_PAUSE  # the public screen
    assert 'id="undo"' in app.render() and "P0: take back my last decision" in app.render()
    app.handle("undo")
    assert app.hot.viewer == 0 and rules.choice(app.match.state, 0)["kind"] == "place"


def test_the_crooks_end_screen_shows_its_targets_once(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "normal"])
    press_buttons(app, Rng(seed_state(4)), 400)
    html = app.render()
    assert app.screen == "end" and "The table at the end" not in html
    assert "Final standings" in html


def test_a_declaration_taken_back_comes_back_as_the_draft(make_app):
    """Age of Thieves: a secret declaration undone before the others have declared returns
    to its maker's screen as the draft it was, to be changed rather than made anew."""
    app = make_app()
    start_table(app, "age_of_thieves", ["human", "human"])
    while app.screen != "game" or own_choice(app)["kind"] != "declare":
        if app.screen == "handover":
            app.handle("handover-ok")
        else:
            act(app, lambda o: True)
    first, spec = app.hot.viewer, own_choice(app)["spec"]
    card = spec["basic"][0]
    app.handle("aot-draft-ap", {"card": card, "ap": 2})
    app.handle("aot-declare")
    declared = app.match.actions[-1]
    assert declared[0] == first and app.screen == "handover"  # the other still declares
    app.handle("undo")
    assert app.hot.viewer == first and own_choice(app)["kind"] == "declare"
    assert [(e["card"], e["ap"]) for e in app.hot.ui["draft"]["entries"]] == [
        (d["card"], d["ap"]) for d in declared[1]["declare"]]
    app.handle("aot-declare")  # declared again as it stood, unchanged
    assert app.match.actions[-1] == declared
