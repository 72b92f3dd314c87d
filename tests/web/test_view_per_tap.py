"""A tap and its paint build the person's view at most twice (the tap is read against the view
the screen was drawn from; a decision adds one for "since your last decision"), and the game
screens draw a view without changing it."""

import copy

import pytest
from webutil import Buttons, start_table


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_a_tap_and_its_paint_build_the_view_at_most_twice(make_app, monkeypatch, game):
    app = make_app()
    start_table(app, game, ["human"] * 3)
    rules = type(app.match.rules)  # (each game's rules have a view of their own)
    built, real = [], rules.view

    def counted(self, state, player):
        built.append(player)
        return real(self, state, player)
    monkeypatch.setattr(rules, "view", counted)
    for _tap in range(12):
        if app.screen == "handover":
            app.handle("handover-ok")
        page = app.render()
        taps = [b for b in Buttons(page).found if b[0] == "act"]
        if not taps:  # (a decision made of several controls)
            break
        built.clear()
        app.handle("act", taps[0][1])
        app.render()
        assert 1 <= len(built) <= 2, built  # (none: the count missed the views)
    assert len(app.match.actions) >= 3


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_the_game_screens_leave_the_view_they_draw_as_it_was(make_app, game):
    app = make_app()
    start_table(app, game, ["human"] * 3)
    for _tap in range(12):
        if app.screen == "handover":
            app.handle("handover-ok")
        app.render()
        view, before = app.hot.painted[2], copy.deepcopy(app.hot.painted[2])
        app.renderer.render_game(view, app.hot.ui)
        app.renderer.reduce(view, app.hot.ui, "act", None)
        assert view == before
        taps = [b for b in Buttons(app.render()).found if b[0] == "act"]
        if not taps:
            break
        app.handle("act", taps[0][1])
    assert len(app.match.actions) >= 3
