"""The Swindler table in the app (CPython): whole games played through the screen's buttons,
every option labelled in words, hands kept out of other players' HTML, saves and links."""

import json

from webutil import press_buttons, start_table

from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from engine.simulate import make_bot
from engine.swindler import content
from web.base import i18n
from web.games.swindler.messages import say
from web.games.swindler.options import option_text
from web.games.swindler.render import render_game
from web.keep import gamelink as links


def hand_names(app, owner: int) -> set[str]:
    return {content.card_name(c) for c in app.match.state["players"][owner]["hand"]}


def rule_texts(view) -> str:
    """The rule texts of the accomplices a view shows: the screen prints them, and a text may
    name another accomplice ("the Fälscher cannot change her colour")."""
    kinds = content.accomplice_kinds()
    found = set()

    def walk(value):
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and value in kinds:
            found.add(value)
    walk(view)
    return " ".join(kinds[k]["text"] for k in sorted(found))


def play_through_screen(app, rng: Rng, presses: int = 3000, to_the_end: bool = True) -> set:
    """People press random buttons of their own screen; the kinds of decisions met. Each
    screen offers exactly the engine's options, each in words (a costly one asks first), and
    no other player's hand (a name may show in the view or in the rule text of a card the view
    shows)."""
    kinds = set()

    def look(app, html, buttons):
        viewer, state = app.hot.viewer, app.match.state
        view = app.match.rules.view(state, viewer)
        names = [s["name"] for s in view["seats"]]
        said = [say(entry, names) for entry in view["log"]]  # the log names played cards
        if view["choice"]:
            said.append(say(view["choice"]["prompt"], names))
        visible = json.dumps(view, ensure_ascii=False) + rule_texts(view) + " ".join(said)
        played = {content.card_name(e["card"]) for e in state["plays"]}
        for other in range(len(app.match.seats)):
            if other != viewer:
                secret = hand_names(app, other) - hand_names(app, viewer) - played
                assert not [n for n in secret if n in html and n not in visible], other
        choice = app.match.rules.choice(state, viewer)
        kinds.add(choice["kind"])
        assert [arg for _, arg, _ in buttons] == choice["options"]
        assert all(text.strip() and "{" not in text for _, _, text in buttons), buttons

    # a costly option (giving up an order) is pressed twice: it asks, then it is sent
    press_buttons(app, rng, presses, to_the_end, look=look,
                  pressable=lambda ev: ev in ("act", "swd-confirm"))
    return kinds


def test_a_two_player_game_against_a_bot_reaches_the_end(make_app):
    app = make_app()
    start_table(app, "swindler", ["human", "normal"])
    kinds = play_through_screen(app, Rng(seed_state(2)))
    assert {"reserve", "bag", "more", "act", "hire"} <= kinds
    html = app.render()
    assert "Final standings" in html and "for each order still reserved" in html


def test_hot_seat_keeps_the_hands_secret_and_asks_everyone(make_app):
    app = make_app(seed_source=lambda: 11)
    start_table(app, "swindler", ["human", "human", "normal"],
                skip_reaction_prompts="ask")
    kinds = play_through_screen(app, Rng(seed_state(11)), presses=600, to_the_end=False)
    assert "react" in kinds


def test_every_option_of_whole_games_reads_as_words():
    for seed in range(3):
        match = Match.start("swindler", [{"name": "A"}, {"name": "B"}, {"name": "C"}], {},
                            seed)
        rules = match.rules
        bots = [make_bot("heuristic", "swindler", seed * 8 + i) for i in range(3)]
        while rules.result(match.state) is None:
            p = rules.to_act(match.state)[0]
            view = rules.view(match.state, p)
            for option in view["choice"]["options"]:
                text = option_text(view, option)
                assert text and "{" not in text and "None" not in text, (option, text)
            render_game(view, {})
            match.act(p, bots[p].decide(view, view["choice"]))


def test_the_game_is_saved_and_travels_in_a_link(make_app):
    app = make_app()
    start_table(app, "swindler", ["human", "normal"], masters="random",
                skip_reaction_prompts="skip")
    assert app.match.options == {"masters": "random", "skip_reaction_prompts": True}
    press_buttons(app, Rng(seed_state(5)), presses=25, to_the_end=False)
    saved = app.saves.load(app.hot.save_id)["record"]
    assert state_hash(Match.replay(saved).state) == state_hash(app.match.state)
    opened = links.decode(links.encode(app.match.record()))
    assert state_hash(opened.state) == state_hash(app.match.state)


def test_the_odds_of_a_draw_are_shown_only_while_drawing():
    """Step 4's odds of a skull belong to the next draw: once the thief stopped or was
    caught, step 5 says what was drawn or that a skull caught them, and gives no odds. The
    hint that everyone is asked shows only when everyone is (full secrecy)."""
    seen = {"drawing": 0, "over": 0, "react": 0}
    for options in ({}, {"skip_reaction_prompts": False}):
        match = Match.start("swindler", [{}, {}, {}], options, 8)
        rules, rng = match.rules, Rng(seed_state(8))
        while rules.result(match.state) is None and len(match.actions) < 1500:
            p = rules.to_act(match.state)[0]
            view = rules.view(match.state, p)
            html = render_game(view, {})
            steal, choice = view["steal"], view["choice"]
            if steal and steal["state"] == "drawing" and choice["kind"] == "more":
                seen["drawing"] += 1
                assert "chance of a skull" in html or "the bag is empty" in html
            elif steal and steal["state"] in ("ended", "caught") and choice["kind"] == "hire":
                seen["over"] += 1
                assert "chance of a skull" not in html
                assert ("is over" if steal["state"] == "ended" else "a skull from the") in html
            if choice["kind"] == "react":
                seen["react"] += 1
                assert ("Everyone is asked in turn" in html) == bool(choice.get("masked"))
            options_ = choice["options"]
            match.act(p, options_[rng.below(len(options_))])
    assert all(n > 5 for n in seen.values()), seen


def at_a_neutral_reward(seed: int = 0) -> Match:
    """A two-player game of Normal bots, stopped where a seat chooses its neutral tile."""
    match = Match.start("swindler", [{"name": "Ann"}, {"name": "Ben"}], {}, seed)
    rules = match.rules
    bots = [make_bot("normal", "swindler", seed * 8 + i) for i in range(2)]
    while rules.result(match.state) is None:
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        if choice["kind"] == "neutral":
            return match
        match.act(p, bots[p].decide(rules.view(match.state, p), choice))
    raise AssertionError("no neutral tile came")


def test_the_neutral_tiles_of_a_reward_are_a_tap_each_or_none():
    """Rules revision 3: the book's "darfst du dir ... nehmen" is a choice, so the screen
    offers each kind of neutral tile in the supply and "Take none", all in words, in both
    languages; the log says what was left."""
    match = at_a_neutral_reward()
    p = match.rules.to_act(match.state)[0]
    view = match.rules.view(match.state, p)
    *tiles, last = view["choice"]["options"]
    kinds = {content.type_of(t) for t in view["supply"]["neutral"]}
    assert sorted(content.type_of(o["neutral"]) for o in tiles) == sorted(kinds)
    assert last == {"done": True}  # a tap for each kind of tile, then none
    for lang, ask, none in [
            ("en", "You may take a neutral loot tile of your choice from the supply, or none",
             "Take none"),
            ("de", "Du darfst dir ein neutrales Beuteplättchen deiner Wahl aus dem Vorrat "
                   "nehmen oder keins", "Keins nehmen")]:
        i18n.activate(lang)
        html = render_game(view, {})
        assert ask in html and f">{none}</button>" in html
        texts = [option_text(view, o) for o in view["choice"]["options"]]
        assert texts[-1] == none
        assert texts[0] == ("the neutral ring" if lang == "en" else "Ring (neutral)")
    i18n.activate("en")
    match.act(p, {"done": True})
    names = [s["name"] for s in match.state["players"]]
    assert say(match.state["log"][-1], names) == \
        f"{names[p]} leaves the neutral tile in the supply."
