"""Random taps on everything a screen offers, for each game, with people only and with bots:
no Python error ever reaches the page, nothing the rules refuse changes the game, and the
person holding the device always has something to do (tests/web/monkey.py)."""

import json

import pytest
from monkey import Controls, LegalTaps, legal_decision, pick, something_to_do
from webutil import start_table

from engine.core.game import state_hash
from engine.core.rng import Rng, seed_state
from web.app import App
from web.keep.saves import PREFIX

TABLES = [
    ("age_of_thieves", ["human", "human", "human"]),
    ("crooks", ["human", "human", "human"]),
    ("swindler", ["human", "human", "human"]),
    ("age_of_thieves", ["human", "normal"]),
    ("crooks", ["human", "easy", "normal"]),
    ("swindler", ["human", "normal"]),
]


def table_app(make_app, session=None) -> App:
    """An app whose people can also make a legal decision directly (monkey.LegalTaps)."""
    taps = LegalTaps()
    app = taps.app = make_app(renderer=taps, **({"session": session} if session else {}))
    return app


def reload(app: App, make_app) -> App:
    """The page reloaded: a new app on the same storage and tab, started as the page does."""
    again = table_app(make_app, app.session)
    again.boot("")
    return again


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("game", "kinds"), TABLES, ids=lambda t: str(t))
def test_random_taps_never_break_the_table(make_app, game, kinds, seed):
    app = table_app(make_app)
    start_table(app, game, kinds)
    rng = Rng(seed_state(seed))
    link = None
    for tap in range(300):
        while app.pending_bot() is not None:
            app.bot_step()
        trouble = something_to_do(app)
        assert trouble is None, (tap, trouble, app.notice)
        if rng.below(60) == 0:
            app = reload(app, make_app)
            continue
        before = (app.screen, app.match and len(app.match.actions),
                  app.match and state_hash(app.match.state))
        legal = legal_decision(app, rng) if rng.below(4) == 0 else None
        if legal is not None:
            app.handle(app.front.prefix + "do", legal)
            assert len(app.match.actions) > before[1] or app.screen == "end", (tap, app.notice)
            continue
        control = pick(Controls(app.render()).found, rng, app.front.prefix)
        app.handle(control.ev, control.event_arg(rng, link))
        link = next((v for k, v in app.take_effects() if k == "copy"), link)
        if app.notice and app.notice[0] == "error" and app.match is not None \
                and before[0] == app.screen == "game":
            # a refusal changes nothing of the game
            assert (len(app.match.actions), state_hash(app.match.state)) == before[1:], \
                (tap, control, app.notice)


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks", "swindler"])
def test_two_tabs_of_one_game_tapped_at_random_lose_nothing(make_app, storage, game):
    """Both tabs tap at random; each hears of the other's writes as the page does (the storage
    event). Whatever a tab shows of the game is the saved game, and no save is overwritten by
    a tab that was behind."""
    first = table_app(make_app)
    start_table(first, game, ["human", "human"])
    save_id = first.hot.save_id
    second = table_app(make_app)
    second.handle("continue", save_id)
    tabs, rng = [first, second], Rng(seed_state(7))
    for tap in range(300):
        me = tabs[rng.below(2)]
        other = tabs[1] if me is tabs[0] else tabs[0]
        while me.pending_bot() is not None:
            me.bot_step()
        legal = legal_decision(me, rng) if rng.below(3) == 0 else None
        if legal is not None:
            me.handle(me.front.prefix + "do", legal)
        else:
            control = pick(Controls(me.render()).found, rng, me.front.prefix)
            me.handle(control.ev, control.event_arg(rng, None))
        other.storage_changed(PREFIX + save_id)
        saved = storage.get(PREFIX + save_id)
        for tab in tabs:
            assert something_to_do(tab) is None, (tap, something_to_do(tab))
            if saved is not None and tab.match is not None and tab.hot.save_id == save_id:
                assert tab.match.actions == json.loads(saved)["record"]["actions"], tap
