"""Bot levels at the table: the start screen's Easy / Normal / Hard, seats saved before the
levels, and a Hard seat's search worked out in slices (web/play/bots.py): dropped when the game
moves away from it, legal, made from its seat's view alone, and never stopping the table."""

import itertools
from html.parser import HTMLParser

import pytest
from webutil import Clock

from engine.core.bots import RandomBot, next_move
from engine.core.game import Match
from engine.core.rng import Rng, seed_state
from engine.simulate import make_bot
from web.keep import gamelink as links
from web.keep.saves import Saves
from web.play.bots import PACE, THINK_S, TableBots


def ticking(step_s: float = 0.01):
    """A clock that moves on ``step_s`` each time it is read: a search's time budget in
    steps, the same on every machine."""
    ticks = itertools.count()
    return lambda: next(ticks) * step_s


def at_a_choice(game: str, seats: list[dict], seat: int, seed: int = 5) -> Match:
    """A game of ``seats`` played on by Normal bots until ``seat`` has a choice of several
    actions, a few decisions in."""
    match = Match.start(game, seats, {}, seed)
    rules = match.rules
    bots = [make_bot("normal", game, seed * 8 + i) for i in range(len(seats))]
    while True:
        state = match.state
        if seat in rules.to_act(state) and len(match.actions) > 6 \
                and len(rules.choice(state, seat).get("options", [0, 0])) > 1:
            return match
        match.act(*next_move(rules, state, bots))


HARD_SEATS = [{"name": "Ann"}, {"name": "Hal", "bot": "hard"}]


# --- the start screen --------------------------------------------------------------------
def test_each_bot_seat_offers_the_three_levels_and_no_random_bot(make_app):
    app = make_app()
    app.handle("setup-players", 4)
    kinds = Options(app.render())
    for seat in range(4):
        assert kinds.values(f"seat-kind-{seat}") == ["human", "easy", "normal", "hard",
                                                      "remote"]
    assert kinds.labels("seat-kind-0") == ["Person", "Bot (easy)", "Bot (normal)",
                                           "Bot (hard)", "Person on another device"]
    app.handle("setup-kind", {"arg": 1, "value": "random"})  # no longer offered
    app.handle("setup-kind", {"arg": 2, "value": "hard"})
    app.handle("setup-kind", {"arg": 3, "value": "easy"})
    app.handle("start-game")
    assert [seat.get("bot") for seat in app.match.seats] == [None, None, "hard", "easy"]
    assert app.match.seats[2]["name"] == "Bot 3"


class Options(HTMLParser):
    """The options of each select: (value, label, selected) by the select's id."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.selects, self.select, self.option = {}, None, None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "select":
            self.select = self.selects.setdefault(a.get("id"), [])
        elif tag == "option" and self.select is not None:
            self.option = [a["value"], "", "selected" in a]
            self.select.append(self.option)

    def handle_data(self, data):
        if self.option is not None:
            self.option[1] += data

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "option":
            self.option = None

    def values(self, ident: str) -> list[str]:
        return [value for value, _, _ in self.selects[ident]]

    def labels(self, ident: str) -> list[str]:
        return [label for _, label, _ in self.selects[ident]]

    def selected(self, ident: str) -> str:
        return next(value for value, _, chosen in self.selects[ident] if chosen)


# --- seats from before the levels ------------------------------------------------------------
@pytest.mark.parametrize("game", ["age_of_thieves", "swindler", "crooks"])
def test_a_game_saved_before_the_levels_still_plays_its_old_bots(make_app, storage, game):
    """A save whose bots are "heuristic" and "random" opens; the first plays as Normal (the
    same bot), the second keeps its random moves."""
    seats = [{"name": "Ann"}, {"name": "Cy", "bot": "heuristic"}, {"name": "Di", "bot": "random"}]
    record = Match.start(game, seats, {}, 3).record()
    Saves(storage, Clock()).write("old", record, ["Ann", "Cy", "Di"], 0)
    app = make_app(renderer=NoScreen)
    app.handle("continue", "old")
    assert app.match is not None and app.match.seats == seats
    assert type(app.hot.bots.bot(1)) is type(make_bot("normal", game, 1))
    assert type(app.hot.bots.bot(2)) is RandomBot
    for _ in range(40):
        if app.screen == "end":
            break
        if app.screen == "handover":
            app.handle("handover-ok")
        elif app.pending_bot() is not None:
            assert app.bot_step()
        else:
            rules, p = app.match.rules, app.hot.viewer
            app.handle("act", RandomBot(rules, len(app.match.actions)).decide(
                None, rules.choice(app.match.state, p)))
    played = {p for p, _ in app.match.actions}
    assert {1, 2} <= played
    assert app.saves.load("old")["record"]["actions"] == app.match.actions


class NoScreen:
    """The game screen for the app's events only: "act" sends its arg as the action."""

    @staticmethod
    def reduce(view, ui, ev, arg):
        return ui, [arg] if ev == "act" else []


def test_links_carry_the_levels_and_the_bots_from_before():
    seats = [{"name": "Ann"}, {"name": "E", "bot": "easy"}, {"name": "N", "bot": "normal"},
             {"name": "H", "bot": "hard"}]
    match = Match.start("crooks", seats, {}, 4)
    assert links.decode(links.encode(match.record())).seats == seats
    old = [{"name": "Ann"}, {"name": "C", "bot": "heuristic"}, {"name": "R", "bot": "random"}]
    match = Match.start("crooks", old, {}, 4)
    assert links.decode(links.encode(match.record())).seats == old
    odd = Match.start("crooks", [{"name": "Ann"}, {"name": "X", "bot": "cheater"}], {}, 4)
    with pytest.raises(links.LinkError, match="seat cannot be read"):
        links.decode(links.encode(odd.record()))


# --- a Hard seat thinking ------------------------------------------------------------------
@pytest.mark.parametrize("game", ["age_of_thieves", "swindler", "crooks"])
def test_a_hard_seat_decides_legally_from_its_view_alone(game):
    """Two positions that look the same from the Hard seat (the hidden cards drawn anew from
    its view) get the same decision, a legal one, after its time budget."""
    match = at_a_choice(game, HARD_SEATS, 1)
    rules = match.rules
    view = rules.view(match.state, 1)
    other = Match(match.game, match.seats, match.options, match.seed,
                  rules.determinize(view, 1, Rng(seed_state(9))), list(match.actions))
    assert other.state != match.state and rules.view(other.state, 1) == view
    decisions = []
    for position in (match, other):
        PACE.clear()  # each the device's first search: its time alone ends it
        thinking = TableBots(position).think(1, clock=ticking(0.003))
        assert thinking.searching
        assert not thinking.work(THINK_S / 2)  # a slice: more to do
        assert thinking.work(float("inf"))
        assert thinking.seconds == pytest.approx(THINK_S, abs=0.005)
        # stopped by the time, not by the playouts
        assert 0 < thinking.playouts < thinking.bots.bot(1).playouts
        action = thinking.action()
        rules.check(position.state, 1, action)
        decisions.append(action)
    assert decisions[0] == decisions[1]


@pytest.mark.parametrize("game", ["age_of_thieves", "crooks"])
def test_a_search_is_planned_for_the_pace_the_device_showed(game):
    """The device's first search runs for its time and measures the pace (playouts a second);
    the next is planned for the playouts that fit in its time (engine/core/search.py's
    ``fitting``), so that it judges what it compares instead of being cut short half-way,
    and ends by its budget, within its time (issue 53)."""
    match = at_a_choice(game, HARD_SEATS, 1)
    first = TableBots(match).think(1, clock=ticking(0.003))
    assert first.work(float("inf")) and first.seconds == pytest.approx(THINK_S * first.effort,
                                                                       abs=0.005)
    assert PACE[game] == pytest.approx(first.playouts / first.seconds)
    second = TableBots(match).think(1, clock=ticking(0.003))
    assert second.thought.budget <= PACE[game] * THINK_S * second.effort
    assert second.work(float("inf"))
    assert second.playouts <= first.playouts and second.seconds <= THINK_S * second.effort


def test_a_decision_worth_more_is_given_more_time(monkeypatch):
    """A kind of decision the game gives a larger search (``Rules.search_effort``) is given
    as many times the thinking time: the device's time, not only the playouts, grows."""
    match = at_a_choice("swindler", HARD_SEATS, 1)
    kind = match.rules.choice(match.state, 1)["kind"]
    monkeypatch.setattr(type(match.rules), "search_effort", {kind: 2.5})
    thinking = TableBots(match).think(1, clock=ticking(0.003))
    assert thinking.work(float("inf"))
    assert thinking.seconds == pytest.approx(2.5 * THINK_S, abs=0.005)


def test_a_bots_walk_is_played_in_one_go_from_its_first_steps_thought(make_app):
    """Age of Thieves: a Hard seat thinks over a move's first step (issue 53), and once a
    bot's step is played the walk goes on at once to its end, unsearched, the page
    repainting once: the next bot decision asked is never the next step of the same walk.
    Between the decisions of one bot's turn the page pauses less than before another
    seat's."""
    from web.play.hotseat import GOING_ON

    app = make_app(renderer=NoScreen, seed_source=lambda: 5)
    app.start.on_setup_game("age_of_thieves")
    for i, kind in enumerate(("human", "hard", "normal")):
        app.handle("setup-kind", {"arg": i, "value": kind})
    app.handle("start-game")
    person = make_bot("normal", "age_of_thieves", 3)
    searched, walked_on, pauses = 0, set(), set()
    while not (searched and 1 in walked_on and len(pauses) == 2):
        thinking = app.bot_thinking()
        if thinking is None:
            rules, state, p = app.match.rules, app.match.state, app.hot.viewer
            app.handle("act", person.decide(rules.view(state, p), rules.choice(state, p)))
            continue
        assert not thinking.walking  # its walk went on at once
        undoer = app.hot.undoer()
        if undoer is None or app.match.undo_refusal(undoer) is not None:
            goes_on = app.match.actions[-1][0] == thinking.seat
            assert app.bot_pause() == (GOING_ON if goes_on else 1)
            pauses.add(app.bot_pause())
        assert thinking.work(float("inf"))
        move = thinking.choice is not None and thinking.choice["kind"] == "move"
        searched += move and thinking.seat == 1 and thinking.candidates > 1
        before = len(app.match.actions)
        assert app.bot_play(thinking)
        if move and len(app.match.actions) - before > 1:
            walked_on.add(thinking.seat)


def test_a_thought_is_dropped_when_the_game_moves_away_from_it(make_app):
    app = make_app(renderer=NoScreen, seed_source=lambda: 6)
    app.start.on_setup_game("crooks")
    for i, kind in enumerate(("human", "hard")):
        app.handle("setup-kind", {"arg": i, "value": kind})
    app.handle("start-game")

    def bot_thinking():
        """Ann decides until the Hard seat is due; its thinking, worked on a little."""
        while app.pending_bot() is None:
            rules = app.match.rules
            app.handle("act", rules.choice(app.match.state, 0)["options"][0])
        thinking = app.hot.bots.think(app.pending_bot(), clock=ticking())
        thinking.work(0.1)
        return thinking

    # another screen, then back: the same position, the same thought
    thinking = bot_thinking()
    app.handle("nav", "help")
    assert not app.bot_current(thinking) and not app.bot_play(thinking)
    app.handle("nav", "back")
    assert app.bot_current(thinking)
    # Ann takes her decision back
    before = list(app.match.actions)
    app.handle("undo")
    assert "taken back" in app.notice[1]
    assert not app.bot_current(thinking) and not app.bot_play(thinking)
    assert app.match.actions == before[:-1]
    # a new game; then the first one opened again
    first, thinking = app.hot.save_id, bot_thinking()
    app.handle("nav", "start")
    app.handle("start-game")
    made = list(app.match.actions)
    assert app.hot.save_id != first and not app.bot_play(thinking) and app.match.actions == made
    app.handle("continue", first)
    made = list(app.match.actions)
    assert not app.bot_play(thinking) and app.match.actions == made
    # played when still current
    thinking = bot_thinking()
    thinking.work(float("inf"))
    made = len(app.match.actions)
    assert app.bot_play(thinking) and app.match.actions[made][0] == 1


def test_a_hard_seat_whose_search_fails_plays_its_policys_pick(monkeypatch):
    match = at_a_choice("crooks", HARD_SEATS, 1)

    def broken(*args):
        raise RuntimeError("search bug")

    bots = TableBots(match)
    thinking = bots.think(1, clock=ticking())
    pick = thinking.thought.candidates[0]  # the policy's (Normal's) pick
    monkeypatch.setattr(thinking.thought, "step", broken)
    assert thinking.work(float("inf"))
    match.rules.check(match.state, 1, thinking.action())
    assert thinking.action() == pick


def test_a_hard_seat_answers_out_of_turn_at_once():
    """Where a seat may play a card out of turn (Swindler), a Hard seat answers at once with
    its policy's pick (a pass cannot be played out)."""
    seats = [{"name": "Ann", "bot": "normal"}, {"name": "Hal", "bot": "hard"}]
    for seed in range(40):
        match = Match.start("swindler", seats, {}, seed)
        rules = match.rules
        bots = [make_bot("normal", "swindler", seed * 8 + i) for i in range(2)]
        while rules.result(match.state) is None:
            if 1 not in rules.to_act(match.state) \
                    and rules.standing_options(match.state, 1):
                thinking = TableBots(match).think(1)
                assert not thinking.searching
                action = thinking.action()
                assert action is None or action in rules.standing_options(match.state, 1)
                return
            match.act(*next_move(rules, match.state, bots))
    pytest.fail("no moment to act out of turn")



@pytest.mark.parametrize("game", ["age_of_thieves", "swindler", "crooks"])
def test_an_easy_seat_plays_the_games_easy_bot_from_its_view(game):
    """An Easy seat is the game's own Easy bot, deciding at once, from its seat's view: the
    same decision as that bot's with the seat's seed."""
    match = at_a_choice(game, [{"name": "Ann"}, {"name": "Eve", "bot": "easy"}], 1)
    rules = match.rules
    bots = TableBots(match)
    thinking = bots.think(1)
    assert not thinking.searching and type(bots.bot(1)) is type(rules.easy_bot(0))
    seed = (match.seed * 8 + 1 + len(match.actions)) & 0xFFFFFFFF
    easy = rules.easy_bot(seed)
    assert thinking.action() == easy.decide(rules.view(match.state, 1),
                                            rules.choice(match.state, 1))


def test_a_hard_seats_masked_answer_takes_its_whole_time_whatever_it_holds():
    """Swindler with full secrecy: a Hard seat's answer in a window is played no sooner than
    its whole time to think, with a card to answer (searched) or with only "no" (nothing to
    compare), so that how long it takes does not tell what it holds; its other decisions as
    soon as made."""
    seats = [{"name": "Ann", "bot": "hard"}, {"name": "Bo", "bot": "hard"},
             {"name": "Cy", "bot": "hard"}]
    match = Match.start("swindler", seats, {"skip_reaction_prompts": False}, 3)
    rules, bots = match.rules, TableBots(match)
    normal = [make_bot("normal", "swindler", 40 + p) for p in range(3)]
    held = {}  # options at the window (1: "no" alone, more: a card) -> time held
    while len(held) < 2:
        p = next(iter(rules.to_act(match.state)))
        choice = rules.choice(match.state, p)
        if choice["kind"] == "react":
            thinking = bots.think(p, clock=ticking(0.001))
            assert thinking.work(float("inf"), 0.5)
            held[min(len(choice["options"]), 2)] = thinking.held_until(0.5) - thinking.started
            action = thinking.action()
        else:
            thinking = bots.think(p, clock=ticking(0.001))
            assert thinking.held_until(0.5) == float("-inf")
            action = normal[p].decide(rules.view(match.state, p), choice)
        match.act(p, action)
    assert held == {1: pytest.approx(0.5), 2: pytest.approx(0.5)}
