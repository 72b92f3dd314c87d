"""The report's figures on a small fixed set of game records: exact counts, rates, intervals
and the findings they allow (engine/report/stats.py)."""

import pytest

from engine.report import stats


def game(number, winners, scores=None, end="points", labels=None, cards=None, turns=10,
         decisions=100, players=2):
    return {"number": number, "players": players, "winners": winners, "scores": scores,
            "turns": turns, "decisions": decisions, "end": end, "labels": labels,
            "cards": cards or [[] for _ in range(players)]}


RECORDS = [  # two-player games: seat 1 wins 2, seat 2 wins 1, one shared, one without a winner
    game(0, [0], [10, 4], labels=["a", "b"], cards=[["x"], ["y"]], turns=8, decisions=90),
    game(1, [0], [7, 6], labels=["b", "a"], cards=[["x", "y"], []], turns=9, decisions=95),
    game(2, [1], [3, 9], labels=["a", "b"], cards=[[], ["x"]], turns=10, decisions=100),
    game(3, [0, 1], [5, 5], end="shared", labels=["b", "a"], cards=[["y"], ["y"]], turns=11,
         decisions=105),
    game(4, [], [0, 0], end="all_defeated", labels=["a", "b"], turns=12, decisions=110),
]


def test_wilson_matches_the_bench_and_known_values():
    low, high = stats.wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_one_table_size():
    size = stats.table_size(RECORDS)
    assert (size["players"], size["games"], size["decided"]) == (2, 5, 4)
    assert [s["k"] for s in size["seats"]] == [2.5, 1.5]  # the shared game half each
    assert [s["rate"] for s in size["seats"]] == [0.625, 0.375]
    assert size["seats"][0]["fair"] == 0.5
    assert (size["seats"][0]["low"], size["seats"][0]["high"]) == \
        tuple(round(x, 4) for x in stats.wilson(2.5, 4))
    assert size["labels"]["a"]["k"] == 1.5 and size["labels"]["a"]["n"] == 4
    assert size["labels"]["b"]["k"] == 2.5
    assert {end: row["k"] for end, row in size["ends"].items()} == \
        {"all_defeated": 1, "points": 3, "shared": 1}
    assert size["ends"]["points"]["rate"] == 0.6
    never = stats.table_size(RECORDS, ("points", "money"))["ends"]["money"]
    assert (never["k"], never["n"], never["low"]) == (0, 5, 0.0)  # an end no game reached
    assert size["turns"]["mean"] == 10 and size["turns"]["median"] == 10
    assert size["decisions"]["mean"] == 100
    assert size["turns"]["hist"] == [[8, 9, 1], [9, 10, 1], [10, 11, 1], [11, 12, 1],
                                     [12, 13, 1]]
    # margins of the sole wins only: 10-4, 7-6, 9-3
    assert size["margin"]["n"] == 3 and size["margin"]["mean"] == pytest.approx(4.33, abs=0.01)
    assert size["margin"]["median"] == 6


def test_cards_of_winners_and_losers():
    rows = {row["card"]: row for row in stats.cards(RECORDS, least=1)}
    # winning seats: g0 s0, g1 s0, g2 s1, g3 s0+s1 = 5; losing: g0 s1, g1 s1, g2 s0 = 3
    assert rows["x"]["winners"]["k"] == 3 and rows["x"]["winners"]["n"] == 5
    assert rows["x"]["losers"]["k"] == 0 and rows["x"]["losers"]["n"] == 3
    assert rows["y"]["winners"]["k"] == 3 and rows["y"]["losers"]["k"] == 1
    assert rows["x"]["diff"] == 0.6
    assert rows["x"]["low"] < 0.6 < rows["x"]["high"]
    assert stats.cards(RECORDS) == []  # too few to show


def test_findings_claim_only_what_the_interval_supports():
    even = stats.findings(stats.aggregate("crooks", RECORDS))
    assert [f["msg"] for f in even["seats"]] == ["seats_even"]
    lopsided = [game(i, [0]) for i in range(30)] + [game(30 + i, [1]) for i in range(10)]
    said = stats.findings(stats.aggregate("crooks", lopsided))
    assert [(f["msg"], f["args"]["seat"]) for f in said["seats"]] == \
        [("seat_above", 1), ("seat_below", 2)]
    assert said["seats"][0]["args"]["low"] > 0.5


def test_bot_levels_from_logged_duels():
    games = [{"number": i, "seat": i % 2, "winners": w} for i, w in
             enumerate([[0], [1], [1], [1], [], [0, 1]])]
    row = stats.level(games, 2, "hard", "normal")
    # decided 5; the tested seat won games 0, 1, 3 and half of 5
    assert (row["k"], row["n"], row["games"], row["fair"]) == (3.5, 5, 6, 0.5)
