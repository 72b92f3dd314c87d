"""Auto-pass at one device (web/keep/passes.py, issue 53): a person answers the accomplice windows
of others' turns ahead, and the table passes for them without handing them the device; what
the others see never depends on what that person holds."""

import json

from webutil import start_table

from engine.swindler import content
from web.app import App
from web.keep.passes import KEY

PASS = {"pass": True}


def table(make_app, **kw):
    """Three people at one device, full secrecy (everyone asked at every window)."""
    app = make_app(seed_source=lambda: 7, **kw)
    start_table(app, "swindler", ["human", "human", "human"], masters="off",
                skip_reaction_prompts="ask")
    return app


def decide(app) -> None:
    """The person holding the device decides as the heuristic bot would (a window: pass)."""
    rules, state, p = app.match.rules, app.match.state, app.hot.viewer
    choice = rules.choice(state, p)
    action = PASS if choice["kind"] == "react" else rules.heuristic_bot(5).decide(
        rules.view(state, p), choice)
    app.handle("act", action)


def until(app, done, seen: list | None = None, steps: int = 400) -> None:
    """Play on (hand-overs confirmed, ``seen`` collecting whom they name) until ``done()``."""
    for _ in range(steps):
        if done():
            return
        if app.screen == "handover":
            if seen is not None:
                seen.append(app.hot.next_human())
            app.handle("handover-ok")
        else:
            decide(app)
    raise AssertionError("not reached")


def at_window(app, p: int | None = None) -> bool:
    """Is a person (``p``) on their own screen at an accomplice window?"""
    viewer = app.hot.viewer
    return app.screen == "game" and viewer is not None and (p is None or viewer == p) \
        and (app.match.rules.choice(app.match.state, viewer) or {}).get("kind") == "react"


def test_until_my_turn_the_table_passes_for_me_without_a_hand_over(make_app):
    app = table(make_app)
    until(app, lambda: at_window(app) and app.match.state["active"] != app.hot.viewer)
    me, html = app.hot.viewer, app.render()
    assert "Pass until my turn" in html and "No, pass" in html
    n = len(app.match.actions)
    app.handle("auto-pass", "turn")
    # this window is answered "pass" for me, the ordinary action, and the device moves on
    assert app.match.actions[n] == [me, PASS] and app.hot.viewer != me
    seen = []
    until(app, lambda: app.hot.viewer is not None, seen)
    assert app.render().count("passes until their turn") == 1  # the mark at my name
    until(app, lambda: app.match.state["active"] == me, seen)
    assert me not in seen  # no window of the others' turns brought me the device
    passed = [a for p, a in app.match.actions[n:] if p == me]
    assert len(passed) > 1 and all(a == PASS for a in passed)
    # my own turn ends it: the mark is gone, and in the next turns I am asked again
    until(app, lambda: app.hot.viewer == me)
    assert "passes until their turn" not in app.render()
    until(app, lambda: at_window(app, me))


def test_what_the_others_see_is_the_same_whatever_i_hold(make_app):
    def hand_overs(fits: bool) -> tuple[list, list]:
        app = table(make_app)
        until(app, lambda: at_window(app) and app.match.state["active"] != app.hot.viewer)
        me, state = app.hot.viewer, app.match.state
        # a Know-it-all answers "about to steal": held, or (the same card gone) not
        card = next(c for c in state["deck"] if content.kind_of(c) == "naseweis")
        state["deck"].remove(card)
        (state["players"][me]["hand"] if fits else state["discard"]).append(card)
        app.handle("auto-pass", "turn")
        seen = []
        until(app, lambda: app.match.state["active"] == me, seen)
        return seen, app.match.actions

    held, not_held = hand_overs(True), hand_overs(False)
    assert held == not_held and any(a == PASS for _, a in held[1])


def test_ask_me_only_at_some_moments(make_app):
    app = table(make_app)
    until(app, lambda: at_window(app) and app.match.state["active"] != app.hot.viewer)
    me, n = app.hot.viewer, len(app.match.actions)
    app.handle("auto-pass", ["skull_drawn", "steal_ended"])
    assert app.hot.viewer == me  # the window shown is mine to answer still
    assert "passes: before someone steals, before someone draws again, when someone plays an " \
        "accomplice" in app.render()
    app.handle("act", PASS)

    def asked_at() -> str | None:
        choice = app.match.rules.choice(app.match.state, me)
        return choice["context"]["trigger"]["on"] if at_window(app, me) else None
    until(app, lambda: asked_at() is not None)
    assert asked_at() in ("skull_drawn", "steal_ended")
    rules = app.match.rules
    assert any(p == me and a == PASS for p, a in app.match.actions[n + 1:])  # passed for me
    app.handle("auto-pass", "always")  # cleared by the person holding the device
    assert "passes:" not in app.render() and rules.choice(app.match.state, me)


def test_it_survives_a_reload_for_that_seat_only(make_app):
    app = table(make_app)
    until(app, lambda: at_window(app) and app.match.state["active"] != app.hot.viewer)
    me = app.hot.viewer
    app.handle("auto-pass", "turn")
    again = App(app.saves.storage, now=app.saves.now, session=app.session,
                seed_source=lambda: 7)
    again.boot("")
    assert again.hot is not None and again.hot.passes.by_seat.keys() == {me}
    seen = []
    until(again, lambda: again.hot.viewer is not None, seen)
    assert again.render().count("passes until their turn") == 1
    until(again, lambda: again.match.state["active"] == me, seen)
    assert me not in seen


def test_wrong_or_stale_wishes_are_refused(make_app):
    app = table(make_app)
    until(app, lambda: at_window(app) and app.match.state["active"] != app.hot.viewer)
    me, n = app.hot.viewer, len(app.match.actions)
    for wish in ("nonsense", ["bogus"], ["played", "played"], 5, {"until": 3}, None):
        app.handle("auto-pass", wish)
    assert app.hot.passes.by_seat == {} and len(app.match.actions) == n
    assert app.hot.viewer == me and app.session.get(KEY.format(save_id=app.hot.save_id)) is None
    app.handle("act", PASS)
    if app.screen == "handover":  # nobody holds the device: nobody may set one
        app.handle("auto-pass", "turn")
        assert app.hot.passes.by_seat == {}
    # a kept entry that is not an auto-pass is dropped on opening
    app.session.set(KEY.format(save_id=app.hot.save_id),
                    json.dumps({"0": {"until": "x"}, "1": {"ask": ["x"]}, "2": {"until": 4}}))
    again = App(app.saves.storage, now=app.saves.now, session=app.session,
                seed_source=lambda: 7)
    again.boot("")
    assert again.hot.passes.by_seat == {2: {"until": 4}}


def test_a_game_without_windows_offers_none(make_app):
    app = make_app()
    start_table(app, "crooks", ["human", "human"])
    app.handle("handover-ok")
    app.handle("auto-pass", "turn")
    assert app.hot.passes.by_seat == {} and "Pass until my turn" not in app.render()


def test_the_moments_stay_unfolded_while_a_person_ticks_them(make_app):
    app = table(make_app)
    until(app, lambda: at_window(app) and app.match.state["active"] != app.hot.viewer)
    assert "before someone draws again" not in app.render()  # folded
    app.handle("swd-moments")
    app.handle("auto-pass", ["before_steal", "skull_drawn", "steal_ended", "played"])
    html = app.render()
    assert 'aria-expanded="true"' in html and "Ask me always" in html
    assert 'aria-pressed="false" data-ev="auto-pass" data-arg="[&quot;before_steal&quot;, ' \
        '&quot;draw_again&quot;' in html  # unticked: a tap asks me there again


def test_a_lesson_offers_none(make_app):
    """A lesson teaches its steps, accomplice windows among them: no answering them ahead."""
    app = make_app()
    app.handle("learn", "swindler")
    assert app.hot.guide is not None
    app.handle("auto-pass", "turn")
    assert app.hot.passes.by_seat == {} and "passes" not in app.hot.view_shown()
