"""The Swindler table in the app (CPython): whole games played through the screen's buttons,
every option labelled in words, hands kept out of other players' HTML, saves and links."""

import json
from html.parser import HTMLParser

from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from engine.simulate import make_bot
from engine.swindler import content
from web import links
from web.swindler.render import option_text, render_game


class Buttons(HTMLParser):
    """The enabled buttons of a screen: (data-ev, data-arg as JSON, text)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.found, self.open = [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "button" and "disabled" not in a and a.get("data-ev"):
            self.open = [a["data-ev"], json.loads(a["data-arg"]) if "data-arg" in a else None,
                         ""]

    def handle_data(self, data):
        if self.open is not None:
            self.open[2] += data

    def handle_endtag(self, tag):
        if tag == "button" and self.open is not None:
            self.found.append(tuple(self.open))
            self.open = None


def start(app, kinds: list[str], **options) -> None:
    app.handle("setup-game", "swindler")
    app.handle("setup-players", len(kinds))
    for i, kind in enumerate(kinds):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": f"P{i}"})
    for key, value in options.items():
        app.handle("setup-option", {"arg": key, "value": value})
    app.handle("start-game")
    assert app.match is not None and app.match.game == "swindler", app.notice


def hand_names(app, owner: int) -> set[str]:
    return {content.card_name(c) for c in app.match.state["players"][owner]["hand"]}


def play_through_screen(app, rng: Rng, limit: int = 3000, to_the_end: bool = True) -> set:
    """Humans press random buttons of their own screen; the kinds of decisions met."""
    kinds = set()
    for _ in range(limit):
        if app.screen == "end":
            return kinds
        if app.screen == "handover":
            app.handle("handover-ok")
            continue
        if app.pending_bot() is not None:
            app.bot_step()
            continue
        html = app.render()
        viewer = app.viewer
        for other in range(len(app.match.seats)):
            if other != viewer:
                secret = hand_names(app, other) - hand_names(app, viewer) - {
                    content.card_name(e["card"]) for e in app.match.state["plays"]}
                visible = json.dumps(app.match.rules.view(app.match.state, viewer),
                                     ensure_ascii=False)
                assert not [n for n in secret if n in html and n not in visible], other
        choice = app.match.rules.choice(app.match.state, viewer)
        kinds.add(choice["kind"])
        buttons = [b for b in Buttons(html).found if b[0] == "act"]
        assert [b[1] for b in buttons] == choice["options"]
        assert all(text.strip() and "{" not in text for _, _, text in buttons), buttons
        _, arg, _ = buttons[rng.below(len(buttons))]
        app.handle("act", arg)
    assert not to_the_end, "the game did not end"
    return kinds


def test_a_two_player_game_against_a_bot_reaches_the_end(make_app):
    app = make_app()
    start(app, ["human", "heuristic"])
    kinds = play_through_screen(app, Rng(seed_state(2)))
    assert {"reserve", "bag", "more", "act", "hire"} <= kinds
    html = app.render()
    assert "Final standings" in html and "Orders still reserved" in html


def test_hot_seat_keeps_the_hands_secret_and_asks_everyone(make_app):
    app = make_app(seed_source=lambda: 11)
    start(app, ["human", "human", "heuristic"])
    kinds = play_through_screen(app, Rng(seed_state(11)), limit=600, to_the_end=False)
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
    start(app, ["human", "random"], masters="random", skip_reaction_prompts="skip")
    assert app.match.options == {"masters": "random", "skip_reaction_prompts": True}
    rng = Rng(seed_state(5))
    for _ in range(25):
        if app.screen == "handover":
            app.handle("handover-ok")
        elif app.pending_bot() is not None:
            app.bot_step()
        elif app.screen == "game":
            buttons = [b for b in Buttons(app.render()).found if b[0] == "act"]
            app.handle("act", buttons[rng.below(len(buttons))][1])
    saved = app.saves.load(app.save_id)["record"]
    assert state_hash(Match.replay(saved).state) == state_hash(app.match.state)
    opened = links.decode(links.encode(app.match.record()))
    assert state_hash(opened.state) == state_hash(app.match.state)
