"""The heuristic bot: it beats random bots, replays deterministically, decides from the view
alone (secrets it cannot see change nothing), and the balance report it feeds."""

import copy

import pytest

from engine.core.game import Match, rules_for
from engine.crooks.balance import balance
from engine.simulate import make_bot, play, simulate

RULES = rules_for("crooks")


def test_heuristic_bot_is_deterministic():
    games = [play("crooks", [make_bot("heuristic", "crooks", i) for i in range(4)], 6)
             for _ in range(2)]
    assert games[0].actions == games[1].actions
    bot = RULES.heuristic_bot(1)
    assert bot.name == "heuristic" and bot.uses_view is True


@pytest.mark.parametrize("level", ["heuristic", "easy"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_beats_random_bots(players, level):
    """Both levels (normal: the heuristic bot, and easy) play legally and win most games."""
    report = simulate("crooks", players, 40, 3, [level] + ["random"] * (players - 1),
                      check_replay=level == "easy")
    assert report["errors"] == report["replay_mismatches"] == 0
    assert report["wins"]["by_bot"].get(level, 0) >= 30


@pytest.mark.parametrize("level", ["normal", "easy"])
def test_secrets_the_bot_cannot_see_do_not_change_its_decisions(level):
    """Swap a rival's face-down crook with an unused one: the bot's view is the same, and so
    is its decision (the heuristic bot and the Easy level)."""
    checked = 0
    for seed in range(6):
        match = Match.start("crooks", [{}, {}], seed=seed)
        s = match.state
        bots = [make_bot("heuristic", "crooks", seed), make_bot("random", "crooks", seed)]
        while RULES.result(s) is None:
            p = RULES.to_act(s)[0]
            hidden = [c for v in s["targets"].values() for c in v[1] if c["face"] == "down"]
            if p == 0 and hidden:
                other = copy.deepcopy(s)
                card = next(c for v in other["targets"].values() for c in v[1]
                            if c["face"] == "down")
                other["box"][0], card["crook"] = card["crook"], other["box"][0]
                assert RULES.view(other, 0) == RULES.view(s, 0)
                twin, again = (make_bot(level, "crooks", 99) for _ in range(2))
                assert twin.decide(RULES.view(s, 0), RULES.choice(s, 0)) == \
                    again.decide(RULES.view(other, 0), RULES.choice(other, 0))
                checked += 1
            match.act(p, bots[p].decide(RULES.view(s, p), RULES.choice(s, p)))
    assert checked > 10


def test_balance_report():
    report = balance(2, 3, seed=5)
    assert report["games"] == 3 and len(report["wins_by_seat"]) == 2
    assert abs(sum(report["wins_by_seat"]) - 1) < 1e-9
    assert set(report["crooks"]) == {f"c{i:02d}" for i in range(1, 33)}
    assert 0 <= report["face_down_share"] <= 1 and report["crooks_placed_per_game"] > 0
