"""The game protocol: notation round trips, refusals with reasons, views, JSON and replay."""

import json

import pytest
from sw_helpers import tile_of

from engine.core.bots import RandomBot
from engine.core.game import IllegalAction, Match, rules_for, state_hash
from engine.simulate import play

RULES = rules_for("swindler")

VIEW_KEYS = {"game", "player", "players", "turn", "round", "step", "active", "start",
             "end_triggered", "thresholds", "tiles", "bags", "supply", "orders", "fences",
             "accomplices", "seats", "steal", "forged", "picks", "plays", "bets", "reaction",
             "to_act", "log", "choice", "result", "flow"}
SEAT_KEYS = {"seat", "name", "vp", "coins", "coins_worth", "loot", "loot_types", "posters",
             "fulfilled", "reserved", "master", "jailed", "hand_size", "in_play"}


def seen_options(games: int = 4) -> list:
    found = []
    for seed in range(games):
        match = Match.start("swindler", [{}, {}, {}], {}, seed)
        bots = [RandomBot(RULES, seed * 8 + i) for i in range(3)]
        while RULES.result(match.state) is None:
            p = RULES.to_act(match.state)[0]
            choice = RULES.choice(match.state, p)
            found += choice["options"]
            match.act(p, bots[p].decide(None, choice))
    return found


def test_every_action_reads_back_from_its_notation():
    options = seen_options()
    kinds = {next(iter(o)) for o in options}
    assert {"reserve", "cancel", "done", "bag", "draw", "stop", "play", "pass", "sell",
            "hire", "tile", "heap", "seat"} <= kinds
    for action in options:
        text = RULES.notation(action)
        assert RULES.parse(text) == action, text
        assert len(text) <= 30


def test_notation_examples():
    assert RULES.notation({"sell": "R3", "fence": 0, "field": 2}) == "sell R3 fence=0 field=2"
    assert RULES.notation({"play": "C05", "bet": "skull"}) == "play C05 bet=skull"
    assert RULES.notation({"pass": True}) == "pass"
    assert RULES.parse("heap 2") == {"heap": 2}
    with pytest.raises(IllegalAction):
        RULES.parse("  ")


def test_refusals_name_the_reason_and_change_nothing(new_game):
    game = new_game()
    assert "not player 1's decision" in game.refused({"done": True}, player=1)
    assert "small dict" in game.refused("draw")
    assert "step 3" in game.refused({"fulfil": "O01"})
    assert "step 3" in game.refused({"sell": "R1", "fence": 0, "field": 0})
    assert "do not hold" in game.refused({"play": "C01"})
    assert "step 5" in game.refused({"hire": "coin"})
    assert "not a legal choice" in game.refused({"heap": 1})


def test_views_hide_hands_and_show_the_table(new_game):
    game = new_game()
    cards = game.give_cards(1, "meuchlerin", 2)
    game.give_loot(2, tile_of("red", "ring"))
    public = game.rules.view(game.s, None)
    assert set(public) == VIEW_KEYS and public["choice"] is None
    assert all(set(seat) == SEAT_KEYS for seat in public["seats"])
    mine = game.rules.view(game.s, 1)
    assert [c["id"] for c in mine["seats"][1]["hand"]] == cards
    assert "hand" not in mine["seats"][0] and mine["seats"][1]["hand_size"] == 2
    other = game.rules.view(game.s, 0)
    assert "hand" not in other["seats"][1] and other["seats"][1]["hand_size"] == 2
    assert other["choice"]["kind"] == "reserve" and mine["choice"] is None
    assert other["seats"][2]["loot"] == [tile_of("red", "ring")]
    assert other["accomplices"]["deck"] == 25
    assert json.loads(json.dumps(other)) == other


def test_matches_survive_json_and_replay():
    rules = rules_for("swindler")
    match = play("swindler", [RandomBot(rules, i) for i in range(2)], 7)
    again = Match.replay(match.record())
    assert state_hash(again.state) == state_hash(match.state)
    loaded = Match.from_json(match.to_json())
    assert loaded.state == match.state
