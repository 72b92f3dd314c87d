"""Learn to play (web/lesson.py) in CPython: every lesson plays through on the real engine and
screens in both languages, taking only the decision each guided step teaches; anything else
is refused with "not yet" and changes nothing; a lesson is saved and opens again where it was
left; a rule change that makes a scripted step illegal fails here."""

import html
import re

import pytest
from webutil import Buttons

from engine.simulate import make_bot
from web import lesson
from web.app import App
from web.saves import MemoryStorage


def learner(storage=None, session=None) -> App:
    return App(storage or MemoryStorage(), session=session or MemoryStorage(),
               seed_source=lambda: 1)


def tutor_of(page: str) -> tuple[str, str]:
    """The tutor's line and what it points at, as the game screen draws them."""
    found = re.search(r'<section class="panel tutor[^"]*"[^>]*?(?: data-point="([^"]*)")?>'
                      r'.*?<p id="tutor-line" role="status"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no tutor on the screen"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(2))), found.group(1) or ""


def settle(app: App) -> None:
    while app.bot_step():
        pass


def play_through(app: App, game: str, free=None, look=None) -> int:
    """The learner follows every guided step (through the screen's own buttons) and plays
    the free part as ``free`` decides (an easy bot); returns the steps seen. ``look(page,
    step)`` is called at every guided step with the screen drawn there."""
    app.handle("learn", game)
    guide = app.hot.guide
    steps = guide.lesson.steps
    seen = 0
    for _count in range(500):
        settle(app)
        match = app.hot.match
        if match.rules.result(match.state) is not None:
            return seen
        page = app.render()
        step = guide.step(match)
        choice = match.rules.choice(match.state, lesson.LEARNER)
        assert choice is not None
        assert "{" not in tutor_of(page)[0], "a name the tutor's line uses is not filled in"
        if step is None:
            view = match.rules.view(match.state, lesson.LEARNER)
            app.handle("act", (free or make_bot("easy", game, 1)).decide(view, choice))
            continue
        if look:
            look(page, step)
        line, point = tutor_of(page)
        assert f"{seen + 1} " in line and str(len(steps)) in line
        assert point == step.point
        if point:  # what the tutor points at is drawn, and lit with the taught option
            assert f'data-ref="{point}"' in page
        if "options" in choice:
            assert step.teach in choice["options"], f"step {seen + 1} is not legal here"
        else:  # a declaration: its choice is a spec, not a list of options
            match.rules.check(match.state, lesson.LEARNER, step.teach)
        before = len(match.actions)
        app.handle("act", step.teach)
        assert app.notice is None or app.notice[0] != "error", app.notice
        assert len(app.hot.match.actions) > before
        seen += 1
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", lesson.LESSONS)
def test_every_lesson_plays_through_taking_the_taught_decisions(game, language):
    app = learner()
    app.handle("language", language)
    try:
        assert ("learn", game) in Buttons(app.render()).events() or game != app.start.game
        seen = play_through(app, game)
        assert seen == len(lesson.of_game(game).steps)
        line, _point = tutor_of(app.render())
        assert line == lesson.Guide(lesson.of_game(game)).tutor(app.hot.match).line
        if language == "de":
            assert "Die Partie ist vorbei" in line
    finally:
        app.handle("language", "en")


QUOTES = {"en": r"[“\"](.+?)[”\"]", "de": r"„(.+?)“"}


# the Age of Thieves lesson's words are being rewritten (branch aotlesson): its German line at
# step 17 quotes an event's name; drop this mark when they are merged
REWRITTEN = pytest.mark.xfail(reason="the Age of Thieves lesson quotes an event's name")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", [pytest.param(game, marks=REWRITTEN)
                                  if game == "age_of_thieves" else game
                                  for game in lesson.LESSONS])
def test_the_names_the_tutor_quotes_are_the_labels_of_the_controls_on_the_screen(game,
                                                                               language):
    """At every guided step each name the tutor's line quotes („…“ in German, “…” or "…" in
    English) is the label of a control on that screen; a step needing more than one control
    (a face chosen, then the target) quotes the first of them, which the option does not
    name."""
    app = learner()
    app.handle("language", language)
    quoted = []

    def look(page, step):
        line = tutor_of(page)[0]
        buttons = Buttons(page).found
        labels = {" ".join(text.split()) for _ev, _arg, text in buttons}
        for name in re.findall(QUOTES[language], line):
            assert name in labels, f"{name!r} is no control's label here: {line}"
            quoted.append(name)
        hot = app.hot
        controls = hot.renderer.controls(hot.view_shown(), hot.ui, step.teach)
        if len(controls) > 1:
            first = next(" ".join(text.split()) for ev, arg, text in buttons
                         if [ev, arg] == list(controls[0]))
            assert first in re.findall(QUOTES[language], line), line

    try:
        play_through(app, game, look=look)
        assert quoted or game == "age_of_thieves"  # the lessons quote their buttons
    finally:
        app.handle("language", "en")


def test_the_tutor_names_a_step_only_once_its_controls_are_there_and_folds():
    """While the opponent plays (Age of Thieves: his starting space first) the tutor says so
    and teaches nothing; its panel folds to one line and back."""
    app = learner()
    app.handle("learn", "age_of_thieves")
    page = app.render()
    assert "Ray is playing. Wait for your turn." in tutor_of(page)[0]
    assert "data-teach" not in page
    settle(app)
    assert "data-teach" in app.render()
    app.handle("tutor", None)
    assert '<section class="panel tutor folded"' in app.render()
    assert 'aria-expanded="false"' in app.render().split('class="tutor-fold"')[1][:80]
    app.handle("tutor", None)
    assert '<section class="panel tutor"' in app.render()


def test_a_decision_the_step_does_not_teach_is_refused_and_changes_nothing():
    app = learner()
    app.handle("learn", "crooks")
    settle(app)
    match = app.hot.match
    before = (len(match.actions), app.hot.save_rev)
    app.handle("act", {"den": "B"})
    assert app.notice is None
    assert 'role="alert">Not yet: recruit at Den A.</p>' in app.render()
    assert (len(app.hot.match.actions), app.hot.save_rev) == before
    app.handle("act", {"den": "A"})
    assert len(app.hot.match.actions) == before[0] + 1


def test_a_lesson_is_saved_and_opens_again_at_its_step():
    storage, session = MemoryStorage(), MemoryStorage()
    app = learner(storage, session)
    app.handle("learn", "crooks")
    steps = lesson.of_game("crooks").steps
    for step in steps[:5]:
        settle(app)
        app.handle("act", step.teach)
    settle(app)
    again = learner(storage, session)
    again.boot("")
    assert again.hot is not None and again.hot.guide is not None
    line, point = tutor_of(again.render())
    assert line.startswith("Step 6 of") and point == steps[5].point


def test_the_start_screen_offers_a_lesson_for_the_games_that_have_one():
    app = learner()
    for game in ("crooks", "swindler", "age_of_thieves"):
        app.handle("setup-game", game)
        assert (("learn", game) in Buttons(app.render()).events()) == (game in lesson.LESSONS)
    app.handle("learn", "chess")
    assert app.hot is None


def test_a_step_taken_back_is_taught_again():
    """(Recruiting shows a stack: it stands. Placing a crook reveals nothing.)"""
    app = learner()
    app.handle("learn", "crooks")
    steps = lesson.of_game("crooks").steps
    settle(app)
    for step in steps[:3]:
        app.handle("act", step.teach)
    assert tutor_of(app.render())[0].startswith("Step 4 of")
    app.handle("undo")
    line, point = tutor_of(app.render())
    assert line.startswith("Step 3 of") and point == steps[2].point
    app.handle("act", steps[2].teach)
    assert tutor_of(app.render())[0].startswith("Step 4 of")


def test_a_lesson_ends_in_a_real_game_at_the_same_table():
    app = learner()
    play_through(app, "crooks")
    assert ("same-table", None) in Buttons(app.render()).events()
    assert "Play a real game" in app.render()
    lesson_seats = app.hot.match.seats
    app.handle("same-table")
    match = app.hot.match
    assert app.hot.guide is None and match.rules.result(match.state) is None
    assert match.seats == [{"name": "Sam"}, {"name": "Ray", "bot": "easy"}]
    assert [seat["name"] for seat in lesson_seats] == ["Sam", "Ray"]
    app.handle("nav", "start")  # the start screen holds that table too
    assert (app.start.game, app.start.players) == ("crooks", 2)
    app.handle("same-table")  # (no game over: nothing happens)
    assert app.hot is None or app.hot.match is match


def test_a_guided_declaration_takes_only_the_cards_and_ap_it_names():
    """(Age of Thieves: a declaration is a spec, not a list of options: the step names every
    card and its AP, as the screen's confirmed declaration gives them.)"""
    app = learner()
    app.handle("learn", "age_of_thieves")
    steps = lesson.of_game("age_of_thieves").steps
    settle(app)
    app.handle("act", steps[0].teach)
    settle(app)
    before = (len(app.hot.match.actions), app.hot.save_rev)
    for ap in (3, 5):  # AP on Move as the sheet sets them, then confirmed
        app.handle("aot-draft-ap", {"card": "move", "ap": ap})
        app.handle("aot-declare")
        assert "Not yet: put 4 AP on Move and nothing else, then confirm." in app.render()
        assert (len(app.hot.match.actions), app.hot.save_rev) == before
    app.handle("aot-draft-ap", {"card": "move", "ap": 4})
    app.handle("aot-declare")
    assert len(app.hot.match.actions) > before[0]
    assert tutor_of(app.render())[0].startswith("Step 3 of")
