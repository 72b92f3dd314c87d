"""Recruiting: paying for a den, looking at its stack, taking one crook; passing; the Kingpin's
last-card rule; being broke; a full row."""

from crooks_helpers import (
    arrange,
    first,
    ids,
    new_match,
    options,
    pass_all,
    plain,
    refused,
    to_act,
    turn,
)

from engine.crooks import content

KINGPIN = first("kingpin")


def test_den_with_three_cards_costs_three_dollars_and_the_rest_go_back():
    a, b, c = plain(9), plain(8), plain(6)
    match = arrange(new_match(3), dens={"D": [a, b, c], "A": [plain(2)]})
    s = match.state
    match.act(0, {"den": "D"})
    assert s["money"][0] == 15 and s["bank"] == 3
    assert match.rules.choice(s, 0)["options"] == [{"take": a}, {"take": b}, {"take": c}]
    match.act(0, {"take": b})
    assert s["dens"]["D"] == [a, c] and s["hand"][0] == b
    memory = s["memory"][0][-1]
    assert memory["kind"] == "recruit" and memory["saw"] == [a, b, c] and memory["took"] == b
    # what the others see: a stack of two cards and nothing of what was looked at
    seen = match.rules.view(s, 1)
    assert {"den": "D", "count": 2} in seen["dens"] and seen["memory"] == []
    assert seen["hand"] is None and seen["holding"] == 0


def test_a_den_you_cannot_pay_for_is_refused_and_not_offered():
    match = arrange(new_match(2), dens={"E": [plain(9), plain(8), plain(7)], "A": [plain(2)]},
                    money=[2, 18])
    refused(match, {"den": "E"}, "costs $3 and you have $2")
    refused(match, {"den": "B"}, "den B is empty")
    refused(match, {"den": "Z"}, "no den Z")
    assert options(match) == [{"pass": True}, {"den": "A"}]


def test_broke_player_must_pass():
    match = arrange(new_match(2), dens={"E": [plain(9), plain(8)]}, money=[1, 18])
    assert options(match) == [{"pass": True}]
    match.act(0, {"pass": True})
    assert match.state["passed"] == [True, False] and to_act(match) == 1


def test_passing_is_for_the_rest_of_the_game_and_passed_players_are_skipped():
    match = arrange(new_match(3), dens={"A": [plain(9)], "B": [plain(8)], "C": [plain(7)]})
    s = match.state
    match.act(0, {"pass": True})
    assert to_act(match) == 1
    turn(match, "A", plain(9), 9)
    assert to_act(match) == 2
    turn(match, "B", plain(8), 8)
    assert to_act(match) == 1  # seat 0 has passed and is skipped
    match.act(1, {"pass": True})
    assert to_act(match) == 2 and s["result"] is None
    refused(match, {"pass": True}, "not player 0's decision", player=0)
    match.act(2, {"pass": True})
    assert s["result"] is not None and match.rules.to_act(s) == []
    refused(match, {"pass": True}, "the game is over", player=2)


def test_turn_order_is_clockwise_from_the_start_player():
    match = arrange(new_match(4), dens={"A": [plain(9), plain(8)], "B": [plain(7)]}, current=2)
    order = []
    for _ in range(4):
        order.append(to_act(match))
        match.act(to_act(match), {"pass": True})
    assert order == [2, 3, 0, 1]


def test_empty_dens_leave_only_passing_and_the_game_ends():
    match = arrange(new_match(3), dens={"A": [plain(9)]})
    turn(match, "A", plain(9), 9)
    for p in (1, 2, 0):
        assert to_act(match) == p and options(match) == [{"pass": True}]
        match.act(p, {"pass": True})
    # Mad Dog Malone (rank 9, -1, Northside): target 9 is worth 8, plus the gang's 4 points
    assert match.state["result"]["scores"] == [12, 0, 0]


def test_kingpin_only_as_the_last_card_of_its_stack():
    other = plain(2)
    match = arrange(new_match(2), dens={"A": [KINGPIN, other], "B": [plain(3)]})
    match.act(0, {"den": "A"})
    assert options(match) == [{"take": other}]
    refused(match, {"take": KINGPIN}, "only when it is the last card")
    match.act(0, {"take": other})
    match.act(0, {"place": 2, "face": "up"})
    match.act(1, {"pass": True})
    match.act(0, {"den": "A"})  # now the Kingpin is alone
    assert options(match) == [{"take": KINGPIN}]
    match.act(0, {"take": KINGPIN})
    assert all(o["face"] == "up" for o in options(match))
    refused(match, {"place": 9, "face": "down"}, "must be placed face up")
    match.act(0, {"place": 9, "face": "up"})
    assert ids(match, 9, 0) == [KINGPIN]


def test_a_den_holding_only_a_kingpin_below_others_is_never_offered():
    match = arrange(new_match(2), dens={"A": [KINGPIN]})
    match.state["dens"]["A"] = [KINGPIN, KINGPIN]  # cannot happen with one Kingpin; guarded
    assert options(match) == [{"pass": True}]
    refused(match, {"den": "A"}, "only a Kingpin")


def test_full_row_may_recruit_and_must_take_a_crook_it_can_place():
    row = {(v, 0): [c] for v, c in zip(content.TARGETS, [plain(r) for r in (2, 3, 4, 5, 6, 7,
                                                                              8, 9)],
                                          strict=True)}
    accomplice = first("accomplice")
    filler = plain(10)
    match = arrange(new_match(2), dens={"C": [filler, accomplice], "A": [plain(11)]},
                    targets=row)
    match.act(0, {"den": "C"})
    assert options(match) == [{"take": accomplice}]
    refused(match, {"take": filler}, "cannot be placed anywhere")
    match.act(0, {"take": accomplice})
    assert {"place": 9, "face": "up"} in options(match)
    assert all(o["face"] == "up" for o in options(match))


def test_full_row_taking_an_unplaceable_crook_discards_it():
    row = {(v, 0): [plain(r)] for v, r in zip(content.TARGETS, (2, 3, 4, 5, 6, 7, 8, 9),
                                               strict=True)}
    lost = plain(11)
    match = arrange(new_match(2), dens={"A": [lost]}, targets=row)
    s = match.state
    match.act(0, {"den": "A"})
    match.act(0, {"take": lost})
    assert s["removed"] == [{"crook": lost, "seat": 0, "face": "down", "turn": 1,
                             "how": "discarded"}]
    assert s["money"][0] == 17 and s["hand"][0] is None and to_act(match) == 1
    # the others see a face-down crook go into the box, not which one
    removed = match.rules.view(s, 1)["removed"]
    assert removed == [{"seat": 0, "face": "down", "turn": 1, "how": "discarded"}]
    assert match.rules.view(s, 0)["removed"][0]["crook"] == lost
    pass_all(match)


def test_malformed_turn_actions_are_refused():
    match = arrange(new_match(2), dens={"A": [plain(2)]})
    for action in (None, 3, "pass", [], {}, {"pass": False}, {"pass": 1}, {"den": 1},
                   {"den": "A", "extra": 1}, {"take": plain(2)}, {"place": 2, "face": "up"}):
        refused(match, action)
