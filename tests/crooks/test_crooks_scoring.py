"""Final scoring: the rulebook's worked examples, target ties and the zero floor, gangs, the
money tie-break and a shared win; the breakdown a table replays step by step. Each step is a
message (an id with data) that the table renders; the English is checked as rendered."""

from crooks_helpers import arrange, by_name, new_match, pass_all, turn

from web.base import i18n
from web.games.crooks.messages import say

NOLAN = by_name("Nails Nolan")  # rank 7, +2
KRAMER = by_name("Dutch Kramer")  # rank 8, -1
MALONE, DOYLE, RICKY = by_name("Mad Dog Malone"), by_name("Knuckles Doyle"), \
    by_name("Ricky the Rat")  # Northside only
FRANKIE, SILK, SUGAR = by_name("Frankie Blue Eyes"), by_name("Silk Shaw"), \
    by_name("Sugar Kowalski")  # Westside only
FINGERS, TIM = by_name("Fingers McGee"), by_name("Tag-Along Tim")  # Northside only
NELL, DORA = by_name("Quick Nell"), by_name("Double Dora")  # Westside only
VITO = by_name("Big Vito")  # rank 11, -2, no gang


def scored(match):
    pass_all(match)
    return match.state["result"]


def english(match, step) -> str:
    """A scoring step as the table shows it in English."""
    i18n.activate("en")
    return say(step, match.state["names"])


def target_step(result, value):
    return next(b for b in result["breakdown"] if b.get("target") == value)


def gang_step(result, gang):
    return next(b for b in result["breakdown"] if b.get("gang") == gang)


def test_worked_example_the_eight_takes_target_six_worth_seven():
    match = arrange(new_match(2), dens={"A": [NOLAN], "B": [KRAMER]})
    turn(match, "A", NOLAN, 6)  # Tom: 7 (+2)
    turn(match, "B", KRAMER, 6)  # Pim: 8 (-1)
    step = target_step(scored(match), 6)
    assert [m["modifier"] for m in step["modifiers"]] == [2, -1]
    assert step["value"] == 7 and step["ranks"] == [7, 8]
    assert step["winners"] == [1] and step["points"] == 7
    assert step["msg"] == "target_won" and step["args"] == {
        "target": 6, "terms": [6, 2, -1], "worth": 7, "ranks": [7, 8], "points": 7, "player": 1}
    assert english(match, step) == \
        "Target 6: worth 6 +2 -1 = 7. Ranks: Tom 7, Pim 8. Pim takes 7 points."


def test_worked_example_gangs_in_a_three_player_game():
    tom = [MALONE, DOYLE, RICKY, FRANKIE, SILK]
    pim = [FINGERS, TIM, SUGAR]
    susanne = [NELL, DORA]
    targets = {}
    for seat, crooks in enumerate((tom, pim, susanne)):
        for value, cid in zip(range(2, 9), crooks, strict=False):
            targets[value, seat] = [cid]
    match = arrange(new_match(3), targets=targets)
    result = scored(match)
    north, west, outfit = (gang_step(result, g) for g in ("red", "blue", "yellow"))
    assert north["counts"] == [3, 2, 0] and north["winner"] == 0 and north["points"] == 4
    assert west["counts"] == [2, 1, 2] and west["winner"] is None and west["points"] == 0
    assert west["msg"] == "gang_tied" and west["args"] == {"gang": "blue", "counts": [2, 1, 2]}
    assert english(match, west) == \
        "Westside: Tom 2, Pim 1, Susanne 2. Tied for the most members: nobody scores."
    assert english(match, north) == \
        "Northside: Tom 3, Pim 2, Susanne 0. Tom controls the gang: 4 points."
    assert english(match, outfit) == "Outfit: no members on the targets; nobody scores."
    assert outfit["counts"] == [0, 0, 0] and outfit["winner"] is None


def test_gang_points_by_player_count():
    for players, points in ((2, 5), (3, 4), (4, 3)):
        result = scored(arrange(new_match(players), targets={(2, 1): [MALONE]}))
        assert gang_step(result, "red")["points"] == points
        assert gang_step(result, "red")["winner"] == 1


def test_a_crook_in_two_gangs_counts_for_both():
    slim = by_name("Slim Perez")  # Westside and Outfit
    result = scored(arrange(new_match(2), targets={(4, 0): [slim], (5, 1): [SUGAR]}))
    assert gang_step(result, "blue")["counts"] == [1, 1]
    assert gang_step(result, "blue")["winner"] is None
    assert gang_step(result, "yellow")["counts"] == [1, 0]
    assert gang_step(result, "yellow")["winner"] == 0


def test_tied_ranks_split_the_target_rounded_down():
    match = arrange(new_match(3), targets={(7, 0): [DOYLE], (7, 2): [SILK], (7, 1): [NOLAN]})
    step = target_step(scored(match), 7)  # 7 + 2 = 9 between two rank-8 crooks
    assert step["value"] == 9 and step["winners"] == [0, 2] and step["points"] == 4
    assert step["msg"] == "target_shared" and step["args"]["players"] == [0, 2]
    assert english(match, step).endswith("Tom and Susanne take 4 points each.")


def test_a_target_is_never_worth_less_than_zero():
    match = arrange(new_match(2), targets={(2, 0): [VITO], (2, 1): [RICKY]})
    step = target_step(scored(match), 2)
    assert step["value"] == 0 and step["winners"] == [0] and step["points"] == 0
    assert step["msg"] == "target_won_floor"
    assert english(match, step) == ("Target 2: worth 2 -2 -2 = 0 (never below 0). Ranks: Tom 11, "
                                    "Pim 5. Tom takes 0 points.")


def test_an_empty_target_scores_for_nobody():
    match = arrange(new_match(2))
    step = target_step(scored(match), 9)
    assert step["winners"] == [] and step["points"] == 0 and step["ranks"] == [None, None]
    assert english(match, step) == "Target 9: no crook raids it."


def test_equal_points_most_money_wins():
    match = arrange(new_match(2), targets={(5, 0): [DOYLE], (5, 1): [SILK]}, money=[10, 12])
    result = scored(match)
    assert result["scores"] == [2 + 5, 2 + 5]
    assert result["outcome"] == "win" and result["winner"] == 1 and result["winners"] == [1]
    assert result["decided_by"] == "money"
    assert english(match, result["breakdown"][-1]) == \
        "Totals: Tom 7 ($10), Pim 7 ($12). Pim wins on money."


def test_equal_points_and_money_share_the_win():
    match = arrange(new_match(3), targets={(5, 0): [DOYLE], (5, 1): [SILK]},
                    money=[10, 10, 10])
    result = scored(match)
    assert result["scores"] == [6, 6, 0]
    assert result["outcome"] == "shared" and result["winner"] is None
    assert result["winners"] == [0, 1] and result["decided_by"] is None
    assert result["breakdown"][-1]["msg"] == "total_shared"
    assert english(match, result["breakdown"][-1]) == \
        "Totals: Tom 6 ($10), Pim 6 ($10), Susanne 0 ($10). Tom and Pim share the win."


def test_most_points_wins_and_the_breakdown_is_in_order():
    match = arrange(new_match(2), targets={(9, 0): [MALONE], (3, 1): [DOYLE]}, money=[0, 18])
    result = scored(match)
    assert result["scores"] == [8, 3]  # Northside: one member each is a tie
    assert result["winner"] == 0 and result["decided_by"] == "points"
    steps = [b["step"] for b in result["breakdown"]]
    assert steps == ["target"] * 8 + ["gang"] * 3 + ["total"]
    assert [b["target"] for b in result["breakdown"][:8]] == list(range(2, 10))
    assert [b["gang"] for b in result["breakdown"][8:11]] == ["red", "blue", "yellow"]
    assert set(result) == {"outcome", "winner", "winners", "scores", "money", "decided_by",
                           "breakdown"}


def test_face_down_crooks_are_revealed_and_count_with_their_modifiers():
    match = arrange(new_match(2), targets={(6, 0): [(NOLAN, "down")], (6, 1): [KRAMER]})
    result = scored(match)
    assert target_step(result, 6)["value"] == 7
    seen = match.rules.view(match.state, 1)["targets"][4]["piles"][0]
    assert seen[0]["crook"] == NOLAN and seen[0]["face"] == "down"
