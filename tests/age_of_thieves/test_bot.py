"""The heuristic bot: legal play over whole games, sensible single decisions, views only.

Positions are built with the rules-test helpers (aot_helpers.Game): a real match whose state is
edited, then the bot is asked through ``rules.view`` and ``rules.choice`` like any player.
"""

import copy

import pytest
from aot_helpers import BOARD, Game, card_of, near, plain, spaces_of

from engine.age_of_thieves.bot import HeuristicBot
from engine.core.bots import RandomBot
from engine.core.game import Match, rules_for
from engine.simulate import make_bot

RULES = rules_for("age_of_thieves")


def bot_for(seat: int, seed: int = 7, level: str = "normal") -> HeuristicBot:
    """The bot of ``level`` (normal: the heuristic bot; easy) for ``seat``."""
    return make_bot(level, "age_of_thieves", seed * 8 + seat)


def ask(bot: HeuristicBot, game: Game, p: int):
    """The bot's answer to the decision facing player p, from p's view only."""
    view = RULES.view(game.s, p)
    choice = RULES.choice(game.s, p)
    return bot.decide(view, choice)


def play(bots: list, seed: int, check_views: bool = False) -> Match:
    match = Match.start("age_of_thieves", [{} for _ in bots], {}, seed)
    while RULES.result(match.state) is None:
        assert len(match.actions) < 20000, "the game does not end"
        p = RULES.to_act(match.state)[0]
        choice = RULES.choice(match.state, p)
        view = RULES.view(match.state, p) if bots[p].uses_view else None
        before = copy.deepcopy(view) if check_views else None
        action = bots[p].decide(view, choice)
        if check_views:
            assert view == before, "the bot changed the view it was given"
            assert "deck" not in view and "rng" not in view  # the stack is public (views.py)
            assert all("hand" not in th for q, th in enumerate(view["thieves"]) if q != p)
        if "options" in choice:
            assert action in choice["options"], (choice, action)
        match.act(p, action)  # the rules check every action, declarations included
    return match


@pytest.mark.parametrize("level", ["normal", "easy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_are_legal_and_finish(players, level):
    for seed in (11, 12):
        bots = [bot_for(i, seed, level) for i in range(players)]
        match = play(bots, seed, check_views=True)
        assert match.state["result"]["outcome"] in ("emperor_escape", "escape", "all_defeated")
        assert all(b.fallbacks == 0 and not b.failures for b in bots), \
            [b.failures for b in bots]
        assert Match.replay(match.record()).state == match.state


def test_the_same_seed_plays_the_same_game():
    first = play([bot_for(i, 5) for i in range(3)], 5)
    second = play([bot_for(i, 5) for i in range(3)], 5)
    assert first.actions == second.actions


def test_takes_the_jewel_on_its_space():
    g = Game(("zain", "joanne"))
    here = near(spaces_of("start", "N")[0], 3)
    g.put(0, here)
    g.away(1)
    g.jewel(here, "green")
    bot = bot_for(0)
    g.declare({0: [{"card": "move", "ap": 5}]})
    resolve = ask(bot, g, 0)
    assert resolve == {"card": 0, "as": "sneak"}  # a Dash could take nothing
    g.act(0, resolve)
    assert ask(bot, g, 0) == {"take": "green"}


def test_takes_the_emperors_jewel_and_steals_from_a_marked_thief():
    g = Game(("zain", "joanne"))
    vault = BOARD.of_kind("palace_centre")[0]
    g.put(0, vault)
    g.put(1, vault)
    g.th(1)["jewels"] = ["green"]
    g.th(1)["theft_marker"] = True
    bot = bot_for(0)
    g.declare({0: [{"card": "move", "ap": 5}]})
    g.act(0, ask(bot, g, 0))
    assert ask(bot, g, 0) == {"take": "emperor"}
    g.act(0, {"take": "emperor"})
    assert ask(bot, g, 0) == {"steal": 1, "jewel": "green"}


@pytest.mark.parametrize("district", ["N", "S"])
def test_leaves_through_an_open_gate_with_the_emperors_jewel(district):
    g = Game(("zain", "joanne"))
    g.set_alarm(district)
    gate = spaces_of("gate", district)[0]
    g.put(0, gate)
    g.th(0)["jewels"] = ["emperor"]
    g.away(1)
    bot = bot_for(0)
    g.declare({0: [{"card": "move", "ap": 9}]})
    g.act(0, ask(bot, g, 0))
    assert ask(bot, g, 0) == {"leave": True}
    g.act(0, {"leave": True})
    assert g.s["result"]["outcome"] == "emperor_escape"


def play_turn(game: Game, bots: list) -> None:
    """Every player's bot decides until the turn is over (or the game)."""
    turn = game.s["turn"]
    while game.s["result"] is None and game.s["turn"] == turn:
        p = RULES.to_act(game.s)[0]
        game.act(p, ask(bots[p], game, p))


@pytest.mark.parametrize("district", ["N", "E", "W"])
def test_a_carrier_next_to_an_open_gate_steps_out_with_the_emperors_jewel(district):
    g = Game(("zain", "joanne"))
    g.set_alarm(district)
    gate = spaces_of("gate", district)[0]
    beside = BOARD.neighbours(gate)[0]
    g.put(0, beside)
    g.th(0)["jewels"] = ["emperor"]
    g.guard(near(beside, 2, avoid=(gate,)))
    g.away(1)
    g.s["initiative"] = 6
    for p in range(2):
        g.th(p)["ap"] = 9
    play_turn(g, [bot_for(0), bot_for(1)])
    assert g.s["result"]["outcome"] == "emperor_escape" and g.s["result"]["winner"] == 0


# the guards of a Normal bots' game two turns before its end
GUARDS_LATE = ("E19", "E25", "E30", "E31", "N09", "N11", "N26", "N29", "N30", "N36", "N39", "P01",
               "P02", "S07", "S13", "S26", "W16", "W26", "W29")


def test_the_carrier_runs_for_the_gates_instead_of_waiting_for_a_cunning_plan():
    """Found in bot games: 15 spaces from the open gates with the Alarm deck nearly out, the
    carrier declared a Cunning Plan (more cards and AP next turn) to stay out of the watch's
    way, and the game ended with the jewel still in the city."""
    g = Game(("nikolai", "jasmine"))
    g.set_alarm("N")
    g.s["alarm_deck"] = g.s["alarm_deck"][:2]  # this turn and two more
    for space in GUARDS_LATE:
        g.guard(space)
    g.guard("N12", "captain")
    g.guard("N25", "captain")
    g.put(0, "W13")
    g.th(0)["jewels"] = ["emperor"]
    g.away(1)
    g.s["initiative"] = 8
    g.th(0)["ap"] = 11
    declaration = ask(bot_for(0), g, 0)["declare"]
    assert [e["card"] for e in declaration] == ["move"]


def test_a_jewel_too_far_to_carry_out_in_time_is_left_for_the_gates():
    """The last turn: the Emperors' Jewel lies across the city, an open gate is a Sneak away.
    Only leaving can still win."""
    g = Game(("zain", "joanne"))
    g.set_alarm("W")
    g.s["alarm_deck"] = []
    gate = spaces_of("gate", "W")[0]
    here = near(gate, 3)
    g.put(0, here)
    g.jewel(spaces_of("imperial", "E")[0], "emperor")
    g.th(0)["jewels"] = ["green"]
    g.away(1)
    g.s["initiative"] = 1
    for p in range(2):
        g.th(p)["ap"] = 9
    play_turn(g, [bot_for(0), bot_for(1)])
    assert g.s["escaped"] == [0]


def move_ap(declaration: list[dict]) -> int:
    entry = next(e for e in declaration if e["card"] == "move")
    return entry["ap"] + sum({"informer": 1, "guild_agent": 2}[k] for k in entry.get("tokens", []))


@pytest.mark.parametrize("alarm", [False, True])
def test_moves_before_a_guard_that_threatens_it(alarm):
    g = Game(("zain", "joanne"))
    here = next(s for s in sorted(BOARD.in_district("W")) if plain(s)
                and len(BOARD.neighbours(s)) >= 3)
    if alarm:
        g.set_alarm("N")
        g.th(1)["jewels"] = ["emperor"]
    g.put(0, here)
    g.away(1)
    g.guard(BOARD.neighbours(here)[0])
    g.s["initiative"] = 6
    for p in range(2):
        g.th(p)["ap"] = 10
    declaration = ask(bot_for(0), g, 0)
    RULES.check(g.s, 0, declaration)
    assert move_ap(declaration["declare"]) >= 6 + (1 if alarm else 0)


def closing_in_with_a_cloak_in_hand() -> Game:
    """Three guards next to the thief, the watch acting at initiative 8, a Reflective Cloak."""
    g = Game(("zain", "joanne"))
    here = next(s for s in sorted(BOARD.in_district("E")) if plain(s)
                and len(BOARD.neighbours(s)) >= 3)
    g.put(0, here)
    g.away(1)
    for n in BOARD.neighbours(here)[:3]:
        g.guard(n)
    g.hand(0, "reflective_cloak")
    g.s["initiative"] = 8
    g.th(0)["ap"] = 10
    return g


def test_hides_or_outruns_the_watch_with_a_cloak_in_hand():
    g = closing_in_with_a_cloak_in_hand()
    declaration = ask(bot_for(0), g, 0)
    RULES.check(g.s, 0, declaration)
    declaration = declaration["declare"]
    cloak = card_of("reflective_cloak")
    early = [e for e in declaration if e["ap"] >= 8]
    assert early, declaration
    assert any(e["card"] in (cloak, "move") for e in early)


def test_the_easy_bot_only_runs_where_the_heuristic_bot_hides():
    """The Easy level weighs only its moves: it runs with all its AP and keeps the Cloak in
    hand, which the heuristic bot declares first."""
    g = closing_in_with_a_cloak_in_hand()
    cloak = card_of("reflective_cloak")
    normal, easy = (ask(bot_for(0, level=level), g, 0)["declare"] for level in ("normal", "easy"))
    assert normal[0]["card"] == cloak and normal[0]["ap"] >= 8
    assert easy == [{"card": "move", "ap": 10}]


def test_a_first_thief_decision_takes_the_default():
    g = Game(("zain", "joanne"))
    view = RULES.view(g.s, 0)
    choice = {"player": 0, "kind": "choose", "prompt": "Choose which guard moves next",
              "options": [{"pick": "g01"}, {"pick": "g02"}], "default": {"pick": "g02"}}
    assert bot_for(0).decide(view, choice) == {"pick": "g02"}


@pytest.mark.parametrize("level", ["normal", "easy"])
def test_the_decision_depends_on_the_view_only(level):
    """Other players' hands and the deck order are not in the view: changing them changes
    nothing the bot decides."""
    g = Game(("zain", "joanne"), clear=False)
    view = RULES.view(g.s, 0)
    choice = RULES.choice(g.s, 0)
    first = bot_for(0, level=level).decide(view, choice)
    g.s["thieves"][1]["hand"] = list(reversed(g.s["deck"][-len(g.s["thieves"][1]["hand"]):]))
    g.s["deck"].reverse()
    assert RULES.view(g.s, 0) == view
    assert bot_for(0, level=level).decide(RULES.view(g.s, 0), RULES.choice(g.s, 0)) == first


def test_the_heuristic_bot_beats_the_random_bot():
    wins = {"heuristic": 0, "random": 0}
    for n in range(30):
        seed = 900 + n
        kinds = ["heuristic", "random"] if n % 2 == 0 else ["random", "heuristic"]
        bots = [bot_for(i, seed) if k == "heuristic" else RandomBot(RULES, seed * 8 + i)
                for i, k in enumerate(kinds)]
        match = play(bots, seed)
        winner = match.state["result"].get("winner")
        if winner is not None:
            wins[kinds[winner]] += 1
    assert wins["heuristic"] >= 10
    assert wins["heuristic"] >= 4 * wins["random"]


def test_the_wall_of_flames_never_carries_the_card_the_move_declares():
    """Zain's Wall of Flames is declared with a card to discard; the bot picked its cheapest card,
    the Elixir of Speed, which its move declared as well: an illegal declaration (a card is
    declared only once), found in a search's playout."""
    g = Game(("zain", "morius"))
    g.clear()
    g.put(0, "W21")
    g.guard("W25")
    g.away(1)
    elixir, = g.hand(0, "elixir_of_speed")
    g.s["initiative"] = 7
    for p in range(2):
        g.th(p)["ap"] = 10
    declaration = ask(bot_for(0), g, 0)
    RULES.check(g.s, 0, declaration)
    declared = [e["card"] for e in declaration["declare"]] + [
        e["carry"] for e in declaration["declare"] if "carry" in e]
    assert declared.count(elixir) <= 1
