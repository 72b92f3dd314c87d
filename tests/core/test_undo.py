"""Taking back decisions (engine/core/undo.py): a player takes back their own latest decisions
until something was revealed or another player decided; taking back replays a shorter record,
so nothing is re-rolled and nothing new is shown."""

import pytest

from engine.core import undo
from engine.core.game import Match, state_hash
from engine.core.rng import Rng, seed_state
from engine.core.undo import Refused, Step, kept

SEATS3 = [{"name": n} for n in ("Ann", "Bob", "Cem")]


def traced(game: str, options: dict | None = None, seed: int = 3) -> Match:
    return Match.start(game, SEATS3, options or {}, seed).traced()


def take(match: Match, p: int, pick) -> None:
    """``p`` takes the first option of their choice for which ``pick(option)`` holds."""
    choice = match.rules.choice(match.state, p)
    match.act(p, next(o for o in choice["options"] if pick(o)))


def refusal(match: Match, p: int) -> str:
    with pytest.raises(Refused) as refused:
        match.take_back(p)
    return refused.value.reason


# --- the rule itself ---------------------------------------------------------------------
def test_the_latest_own_decision_goes_with_the_forced_moves_after_it():
    steps = [Step(0, False, False), Step(1, False, False), Step(1, True, False),
             Step(0, True, False)]
    assert kept(steps, 1) == 1  # Bob's decision and both forced moves after it


def test_a_reveal_or_another_players_decision_stops_it():
    assert kept([Step(0, False, False), Step(0, False, False)], 0) == 1
    with pytest.raises(Refused) as refused:
        kept([Step(0, False, False), Step(0, False, True)], 0)  # it drew a card
    assert refused.value.reason == undo.REVEALED
    with pytest.raises(Refused) as refused:
        kept([Step(0, False, False), Step(1, True, True)], 0)  # a forced draw after it
    assert refused.value.reason == undo.REVEALED
    with pytest.raises(Refused) as refused:
        kept([Step(0, False, False), Step(1, False, False)], 0)
    assert refused.value.reason == undo.OTHER
    with pytest.raises(Refused) as refused:
        kept([Step(1, True, False)], 0)
    assert refused.value.reason == undo.NOTHING
    with pytest.raises(Refused) as refused:
        kept([Step(0, False, False)], 0, over=True)
    assert refused.value.reason == undo.OVER


# --- each game's reveals -----------------------------------------------------------------
def test_swindler_an_order_reserved_is_taken_back_a_tile_drawn_is_not():
    match = traced("swindler", {"skip_reaction_prompts": True})
    rules = match.rules
    while rules.choice(match.state, rules.to_act(match.state)[0])["kind"] == "master":
        p = rules.to_act(match.state)[0]
        take(match, p, lambda o: True)
    p = rules.to_act(match.state)[0]
    before = state_hash(match.state)
    take(match, p, lambda o: "reserve" in o)
    take(match, p, lambda o: "done" in o)  # reserving done
    back = match.take_back(p).take_back(p)
    assert state_hash(back.state) == before and back.actions == match.actions[:-2]
    take(back, p, lambda o: "done" in o)
    take(back, p, lambda o: "bag" in o)  # the first tile comes out of the bag
    assert refusal(back, p) == undo.REVEALED
    take(back, p, lambda o: "stop" in o)
    assert back.undo_refusal(p) is None  # stopping revealed nothing
    assert refusal(back.take_back(p), p) == undo.REVEALED
    assert refusal(back, (p + 1) % 3) == undo.OTHER


def test_crooks_looking_into_a_den_cannot_be_taken_back():
    match = traced("crooks")
    p = match.rules.to_act(match.state)[0]
    take(match, p, lambda o: "den" in o)
    assert refusal(match, p) == undo.REVEALED


def test_age_of_thieves_a_declaration_is_taken_back_until_all_are_shown():
    match = traced("age_of_thieves", {"first_thief_decides": False})
    rules = match.rules
    rng = Rng(seed_state(9))
    while match.state["phase"] != "declaration" or not match.state["waiting"]:
        p = rules.to_act(match.state)[0]
        choice = rules.choice(match.state, p)
        match.act(p, choice.get("default") or choice["options"][0])
    first, *others = rules.to_act(match.state)
    before = state_hash(match.state)
    match.act(first, rules.random_action(rules.choice(match.state, first), rng))
    assert state_hash(match.take_back(first).state) == before
    for q in others:
        match.act(q, rules.random_action(rules.choice(match.state, q), rng))
    assert match.state["phase"] == "resolution"
    assert refusal(match, others[-1]) == undo.REVEALED  # everyone's declaration is shown
    assert refusal(match, first) in (undo.REVEALED, undo.OTHER)


# --- many games ----------------------------------------------------------------------------
def hidden(view: dict) -> tuple:
    """What one player's view shows of hidden things (read from the view, not the state),
    as numbers that grow when more is shown: minus the size of each face-down pile, the
    tokens turned, other players' secrets seen."""
    game = view["game"]
    if game == "swindler":
        return (-view["orders"]["deck"], -view["fences"]["deck"], -view["accomplices"]["deck"],
                *(-sum(b["contents"].values()) + b["contents"].get("skull", 0)
                  for b in view["bags"].values()))  # loot drawn (skulls go back in)
    if game == "crooks":
        return (-view["unused"], *(-d["count"] for d in view["dens"]),
                sum(len(e["saw"]) for e in view["memory"]))
    return (*(-n for n in view["decks"].values()),
            sum(k is not None for k in view["tokens"].values()),
            sum(len(th.get("declared", ())) for q, th in enumerate(view["thieves"])
                if q != view["player"]))


def shown_more(before: tuple, after: tuple) -> bool:
    """Did any view show more between two moments (or the generator move)?"""
    if before[0] != after[0]:
        return True
    return any(b > a for seen, was in zip(after[1:], before[1:], strict=True)
               for a, b in zip(was, seen, strict=True))


@pytest.mark.parametrize("game", ["crooks", "swindler", "age_of_thieves"])
def test_random_games_take_back_only_what_showed_nothing_and_reroll_nothing(game):
    """At every decision of random games: a take-back gives exactly the state before the
    decision taken back (so the same decision again has the same outcome); between the two,
    no player's view showed anything hidden and the generator did not move. A refusal for a
    reveal has such a change behind it."""
    rules = Match.start(game, SEATS3, {}, 0).rules
    checked = {"back": 0, "refused": 0}
    for seed in range(6):
        match = traced(game, seed=seed)
        rng = Rng(seed_state(seed + 40))
        states = [(state_hash(match.state), _seen(match))]
        while rules.result(match.state) is None and len(match.actions) < 250:
            p = rules.to_act(match.state)[0]
            choice = rules.choice(match.state, p)
            action = (choice["options"][rng.below(len(choice["options"]))]
                      if "options" in choice else rules.random_action(choice, rng))
            match.act(p, action)
            states.append((state_hash(match.state), _seen(match)))
            try:
                back = match.take_back(p)
            except Refused as refused:
                checked["refused"] += 1
                if refused.reason == undo.REVEALED:
                    assert any(shown_more(states[i][1], states[i + 1][1])
                               for i in range(len(states) - 1)), "a reveal nobody saw"
                continue
            checked["back"] += 1
            keep = len(back.actions)
            assert back.actions == match.actions[:keep] and match.actions[keep][0] == p
            assert state_hash(back.state) == states[keep][0]
            assert not any(shown_more(states[keep][1], states[i][1])
                           for i in range(keep, len(states)))
            for q, again in match.actions[keep:]:
                back.act(q, again)
            assert state_hash(back.state) == states[-1][0], "taking back re-rolled something"
    assert checked["back"] > 20 and checked["refused"] > 20, checked


def _seen(match: Match) -> tuple:
    rules = match.rules
    return (tuple(match.state["rng"]),
            *(hidden(rules.view(match.state, q)) for q in range(len(match.seats))))
