"""Placing crooks (one per target and player, face down for $1) and the six special actions,
each used and declined; face-down crooks never act."""

from crooks_helpers import (
    arrange,
    first,
    ids,
    new_match,
    options,
    pile,
    plain,
    refused,
    to_act,
)

from engine.crooks import content, raid

PICKPOCKET, ACCOMPLICE, SWAP = first("pickpocket"), first("accomplice"), first("swap")
KILLER, SPY = first("killer"), first("spy")


def recruit(match, cid, den="A"):
    """Put ``cid`` alone in ``den`` and have the player to act recruit it."""
    match.state["dens"][den] = [cid]
    if cid in match.state["box"]:
        match.state["box"].remove(cid)
    p = to_act(match)
    match.act(p, {"den": den})
    match.act(p, {"take": cid})
    return p


# --- placing ----------------------------------------------------------------------------------
def test_one_crook_per_target_and_player():
    match = arrange(new_match(2), targets={(5, 0): [plain(8)], (5, 1): [plain(9)]})
    recruit(match, plain(7))
    refused(match, {"place": 5, "face": "up"}, "already have a crook at target 5")
    refused(match, {"place": 5, "face": "down"}, "already have a crook at target 5")
    refused(match, {"place": 10, "face": "up"}, "the targets are 2 to 9")
    refused(match, {"place": 6, "face": "sideways"}, "face 'up' or 'down'")
    refused(match, {"place": True, "face": "up"})
    refused(match, {"place": 6.0, "face": "up"})
    assert {"place": 5, "face": "up"} not in options(match)
    match.act(0, {"place": 6, "face": "up"})  # another player's crook there is no obstacle
    assert ids(match, 6, 0) == [plain(7)]


def test_face_down_costs_one_dollar_more_and_needs_it():
    match = arrange(new_match(2), money=[1, 18])
    recruit(match, plain(7))
    assert match.state["money"][0] == 0
    refused(match, {"place": 4, "face": "down"}, "costs $1 more")
    assert all(o["face"] == "up" for o in options(match))
    match = arrange(new_match(2))
    recruit(match, plain(7))
    match.act(0, {"place": 4, "face": "down"})
    assert match.state["money"][0] == 16 and match.state["bank"] == 2
    assert pile(match, 4, 0)[0]["face"] == "down"
    seen = match.rules.view(match.state, 1)["targets"][2]["piles"][0]
    assert seen == [{"face": "down", "placed": 1}]


def test_face_down_crooks_trigger_no_action():
    match = arrange(new_match(2), targets={(6, 1): [plain(9)], (7, 0): [plain(8)]})
    recruit(match, PICKPOCKET)
    match.act(0, {"place": 2, "face": "down"})
    assert match.state["money"][0] == 16 and to_act(match) == 1  # no $2, no question
    match.act(1, {"pass": True})
    recruit(match, KILLER)
    refused(match, {"place": 7, "face": "down"}, "already have a crook")
    match.act(0, {"place": 6, "face": "down"})
    assert ids(match, 6, 1) == [plain(9)] and match.state["step"] == {"kind": "turn"}
    recruit(match, ACCOMPLICE)
    refused(match, {"place": 7, "face": "down"}, "already have a crook")
    recruit_swap = arrange(new_match(2), targets={(7, 0): [plain(8)]})
    recruit(recruit_swap, SWAP)
    refused(recruit_swap, {"place": 7, "face": "down"}, "already have a crook")


# --- Pickpocket -------------------------------------------------------------------------------
def test_pickpocket_takes_two_dollars_or_declines():
    match = arrange(new_match(2))
    recruit(match, PICKPOCKET)
    match.act(0, {"place": 3, "face": "up"})
    assert options(match) == [{"use": True}, {"use": False}]
    match.act(0, {"use": True})
    assert match.state["money"] == [17 + 2, 18] and match.state["bank"] == -1
    match = arrange(new_match(2))
    recruit(match, PICKPOCKET)
    match.act(0, {"place": 3, "face": "up"})
    match.act(0, {"use": False})
    assert match.state["money"] == [17, 18] and to_act(match) == 1


# --- Accomplice -------------------------------------------------------------------------------
def test_accomplice_stacks_on_your_own_crook_and_ranks_add():
    base = plain(6, gangs=["blue", "yellow"])
    match = arrange(new_match(2), targets={(8, 0): [(base, "down")], (8, 1): [plain(8)]})
    recruit(match, ACCOMPLICE)
    assert {"place": 8, "face": "up"} in options(match)
    match.act(0, {"place": 8, "face": "up"})
    assert ids(match, 8, 0) == [base, ACCOMPLICE]
    match.act(1, {"pass": True})
    match.act(0, {"pass": True})
    step = next(b for b in match.state["result"]["breakdown"] if b.get("target") == 8)
    rank = content.crook(base)["rank"] + content.crook(ACCOMPLICE)["rank"]
    assert rank == 9 and step["ranks"] == [9, 8] and step["winners"] == [0]


def test_accomplice_declined_is_placed_like_any_crook():
    match = arrange(new_match(2), targets={(8, 0): [plain(6)]})
    recruit(match, ACCOMPLICE)
    match.act(0, {"place": 3, "face": "up"})
    assert ids(match, 3, 0) == [ACCOMPLICE] and ids(match, 8, 0) == [plain(6)]
    assert to_act(match) == 1


# --- Swap -------------------------------------------------------------------------------------
def test_swap_moves_a_stack_with_its_accomplice_and_keeps_it_face_down():
    base = plain(9, gangs=["red"])
    match = arrange(new_match(2), targets={(9, 0): [(base, "down"), ACCOMPLICE],
                                           (4, 0): [plain(2)]})
    recruit(match, SWAP)
    match.act(0, {"place": 9, "face": "up"})
    choice = match.rules.choice(match.state, 0)
    assert choice["kind"] == "swap"
    assert choice["options"] == [{"swap_to": v} for v in (2, 3, 5, 6, 7, 8)]
    refused(match, {"swap_to": 4}, "only to a target without your crooks")
    refused(match, {"swap_to": 9}, "only to a target without your crooks")
    match.act(0, {"swap_to": 6})
    assert ids(match, 9, 0) == [SWAP]
    assert [(c["crook"], c["face"]) for c in pile(match, 6, 0)] == [(base, "down"),
                                                                     (ACCOMPLICE, "up")]
    assert to_act(match) == 1  # the moved crooks do not act again


def test_swap_needs_a_free_target_for_the_crooks_it_displaces():
    row = {(v, 0): [plain(r)] for v, r in zip(content.TARGETS, (2, 3, 4, 5, 6, 7, 8, 9),
                                               strict=True)}
    match = arrange(new_match(2), targets=row)
    assert raid.placements(match.state, 0, SWAP) == []
    assert "needs another target" in raid.place_reason(match.state, 0, SWAP, 5, "up")
    del row[9, 0]
    match = arrange(new_match(2), targets=row)
    recruit(match, SWAP)
    assert options(match) == [{"place": v, "face": "up"} for v in range(2, 9)] + [
        {"place": 9, "face": "up"}, {"place": 9, "face": "down"}]


def test_swap_declined_is_placed_on_a_free_target():
    match = arrange(new_match(2), targets={(9, 0): [plain(9)]})
    recruit(match, SWAP)
    match.act(0, {"place": 2, "face": "up"})
    assert ids(match, 2, 0) == [SWAP] and ids(match, 9, 0) == [plain(9)]
    assert to_act(match) == 1


# --- Killer -----------------------------------------------------------------------------------
def test_killer_removes_all_crooks_of_one_other_player_there():
    match = arrange(new_match(3), targets={(7, 1): [(plain(9), "down"), ACCOMPLICE],
                                           (7, 2): [plain(8)], (5, 1): [plain(4)]})
    recruit(match, KILLER)
    match.act(0, {"place": 7, "face": "up"})
    assert options(match) == [{"kill": 1}, {"kill": 2}, {"use": False}]
    refused(match, {"kill": 0}, "only when placed on them")
    refused(match, {"kill": 3}, "no crook at target 7")
    refused(match, {"use": True}, "choose how to use")
    match.act(0, {"kill": 1})
    assert ids(match, 7, 1) == [] and ids(match, 7, 2) == [plain(8)]
    assert ids(match, 5, 1) == [plain(4)] and ids(match, 7, 0) == [KILLER]
    assert [(r["crook"], r["face"], r["how"]) for r in match.state["removed"]] == [
        (plain(9), "down", "killed"), (ACCOMPLICE, "up", "killed")]
    # the killed face-down crook stays unseen by the players who never saw it
    seen = match.rules.view(match.state, 2)["removed"]
    assert "crook" not in seen[0] and seen[1]["crook"] == ACCOMPLICE


def test_killer_declined_spares_everyone():
    match = arrange(new_match(2), targets={(7, 1): [plain(8)]})
    recruit(match, KILLER)
    match.act(0, {"place": 7, "face": "up"})
    match.act(0, {"use": False})
    assert ids(match, 7, 1) == [plain(8)] and match.state["removed"] == []


def test_killer_with_nobody_there_asks_nothing():
    match = arrange(new_match(2))
    recruit(match, KILLER)
    match.act(0, {"place": 7, "face": "up"})
    assert to_act(match) == 1


def test_killer_on_your_own_crooks_takes_their_place():
    match = arrange(new_match(2), targets={(6, 0): [(plain(2), "down"), ACCOMPLICE],
                                           (6, 1): [plain(5)]})
    recruit(match, KILLER)
    assert {"place": 6, "face": "up"} in options(match)
    match.act(0, {"place": 6, "face": "up"})
    assert ids(match, 6, 0) == [KILLER] and ids(match, 6, 1) == [plain(5)]
    assert sorted(r["crook"] for r in match.state["removed"]) == sorted([plain(2), ACCOMPLICE])
    assert to_act(match) == 1


# --- Kingpin ----------------------------------------------------------------------------------
def test_kingpin_goes_face_up_only_on_a_free_target():
    match = arrange(new_match(2), targets={(9, 0): [plain(2)]})
    recruit(match, first("kingpin"))
    assert options(match) == [{"place": v, "face": "up"} for v in range(2, 9)]


# --- Spy --------------------------------------------------------------------------------------
def test_spy_looks_at_the_face_down_crooks_at_a_target():
    hidden1, hidden2 = plain(9), plain(8)
    match = arrange(new_match(3), dens={"B": [plain(2), plain(3)]},
                    targets={(8, 1): [(hidden1, "down")], (8, 2): [(hidden2, "down")],
                             (8, 0): [(plain(7), "down")], (5, 1): [plain(4)]})
    recruit(match, SPY)
    match.act(0, {"place": 3, "face": "up"})
    assert options(match) == [{"spy": "target", "at": 8}, {"spy": "den", "at": "B"},
                              {"use": False}]
    refused(match, {"spy": "target", "at": 5}, "no face-down crook of another player")
    refused(match, {"spy": "den", "at": "C"}, "no crook in a den")
    match.act(0, {"spy": "target", "at": 8})
    memory = match.state["memory"][0][-1]
    assert memory["kind"] == "spy_target" and memory["at"] == 8
    assert [(x["seat"], x["crook"]) for x in memory["saw"]] == [(1, hidden1), (2, hidden2)]
    seen = match.rules.view(match.state, 0)
    assert seen["memory"][-1]["saw"][0]["name"] == content.crook(hidden1)["name"]
    assert seen["targets"][6]["piles"][1] == [{"face": "down", "placed": 0}]
    assert match.rules.view(match.state, 1)["memory"] == []


def test_spy_looks_at_a_den_without_taking_anything():
    stack = [plain(2), plain(3), plain(4)]
    match = arrange(new_match(2), dens={"C": stack})
    recruit(match, SPY)
    match.act(0, {"place": 3, "face": "up"})
    match.act(0, {"spy": "den", "at": "C"})
    assert match.state["dens"]["C"] == stack
    assert match.state["memory"][0][-1] == {"turn": 1, "kind": "spy_den", "den": "C",
                                            "saw": stack}


def test_spy_declined_and_spy_with_nothing_to_see():
    match = arrange(new_match(2), dens={"C": [plain(2)]})
    recruit(match, SPY)
    match.act(0, {"place": 3, "face": "up"})
    match.act(0, {"use": False})
    assert match.state["memory"][0][-1]["kind"] == "recruit" and to_act(match) == 1
    match = arrange(new_match(2))
    recruit(match, SPY)
    match.act(0, {"place": 3, "face": "up"})
    assert to_act(match) == 1  # no den holds a crook, no face-down crook anywhere
