"""Property tests over many bot games of Crooks (random and heuristic bots, 2-4 players).

After every action: money is conserved with the bank, every crook is in exactly one place,
piles keep the rules' shape, and no player's view or choice shows a crook that player may not
know. At the end: the record replays to the same state and the result adds up.
"""

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.game import Match, rules_for, state_hash
from engine.crooks import content
from engine.simulate import make_bot

RULES = rules_for("crooks")
GAMES = settings(max_examples=40, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
ID = re.compile(r'"(c\d\d)"')


def placed_cards(s: dict):
    """(value, seat, card) for every crook on the targets."""
    for v, piles in s["targets"].items():
        for q, cards in enumerate(piles):
            for c in cards:
                yield int(v), q, c


def known_to(s: dict, p: int | None) -> set:
    """The crooks ``p`` may know, worked out from the state (not from the view code)."""
    over = s["result"] is not None
    known = {c["crook"] for _, q, c in placed_cards(s) if over or c["face"] == "up" or q == p}
    known |= {r["crook"] for r in s["removed"] if r["face"] == "up" or r["seat"] == p}
    if p is None:
        return known
    if s["hand"][p]:
        known.add(s["hand"][p])
    for entry in s["memory"][p]:
        known.update(x["crook"] if isinstance(x, dict) else x for x in entry["saw"])
    return known


def check_invariants(s: dict) -> None:
    n = len(s["names"])
    assert sum(s["money"]) + s["bank"] == content.START_MONEY * n
    assert all(m >= 0 for m in s["money"])
    places = ([c for stack in s["dens"].values() for c in stack] + s["box"]
              + [h for h in s["hand"] if h] + [c["crook"] for _, _, c in placed_cards(s)]
              + [r["crook"] for r in s["removed"]])
    assert sorted(places) == sorted(content.crooks()), "a crook was lost or doubled"
    assert len(s["box"]) == 32 - sum(content.STACKS[n])
    step = s["step"] or {}
    for v, piles in s["targets"].items():
        for q, cards in enumerate(piles):
            if step.get("kind") == "swap" and (step["at"], s["current"]) == (int(v), q):
                cards = cards[-1:]  # the Swap, on the crooks it is about to send away
            for c in cards[1:]:  # only Accomplices, face up, join a crook at a target
                assert c["face"] == "up" and content.crook(c["crook"])["action"] == "accomplice"
            for c in cards:
                assert not (c["face"] == "down" and
                            content.crook(c["crook"])["action"] == "kingpin")
    assert s["step"] is None or s["current"] is not None and not s["passed"][s["current"]]


def check_secrecy(s: dict) -> None:
    n = len(s["names"])
    for p in [None, *range(n)]:
        secret = set(content.crooks()) - known_to(s, p)
        text = json.dumps(RULES.view(s, p))
        leaked = set(ID.findall(text)) & secret
        assert not leaked, f"player {p} sees {leaked}"
        names = {content.crook(c)["name"] for c in secret}
        assert not [name for name in names if json.dumps(name)[1:-1] in text], p
        choice = RULES.choice(s, p) if p is not None else None
        if choice is not None:
            assert not set(ID.findall(json.dumps(choice))) & secret


def play_checked(seed: int, kinds: list[str], secrecy: bool = True) -> Match:
    bots = [make_bot(kind, "crooks", seed * 8 + i) for i, kind in enumerate(kinds)]
    match = Match.start("crooks", [{"name": f"P{i}"} for i in range(len(kinds))], seed=seed)
    s = match.state
    check_invariants(s)
    while RULES.result(s) is None:
        assert len(match.actions) < 500
        p = RULES.to_act(s)[0]
        choice = RULES.choice(s, p)
        assert choice["options"] and choice["prompt"] and choice["player"] == p
        action = bots[p].decide(RULES.view(s, p) if bots[p].uses_view else None, choice)
        assert action in choice["options"]
        text = RULES.notation(action)
        assert RULES.parse(text) == action and "\n" not in text
        match.act(p, action)
        check_invariants(s)
        if secrecy:
            check_secrecy(s)
    return match


def check_end(match: Match) -> None:
    s = match.state
    result = s["result"]
    assert result["outcome"] in ("win", "shared")
    assert all(s["passed"]) and RULES.to_act(s) == [] and RULES.choice(s, 0) is None
    totals = [0] * len(s["names"])
    for step in result["breakdown"]:
        if step["step"] == "target":
            for q in step["winners"]:
                totals[q] += step["points"]
        elif step["step"] == "gang" and step["winner"] is not None:
            totals[step["winner"]] += step["points"]
    assert totals == result["scores"]
    best = max(totals)
    assert all(totals[q] == best for q in result["winners"])
    assert (result["winner"] is None) == (len(result["winners"]) > 1)
    assert state_hash(Match.replay(json.loads(json.dumps(match.record()))).state) == \
        state_hash(s)


@GAMES
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       kinds=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4))
def test_bot_games_keep_every_invariant_and_every_secret(seed, players, kinds):
    check_end(play_checked(seed, kinds[:players]))


@settings(max_examples=30, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_random_games_finish_and_replay(seed, players):
    check_end(play_checked(seed, ["random"] * players, secrecy=False))
