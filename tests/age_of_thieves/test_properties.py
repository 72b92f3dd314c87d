"""Property tests over many bot games of Age of Thieves.

Hypothesis picks seeds, player counts (2-4) and bots; each game is played action by action and
after every action the components are counted, the figures checked and every player's view
searched for secrets. Random bots alone never reach the Alarm, so a small greedy test bot
(below) also plays: it heads for the Emperors' Jewel and then for an open gate; so does the
game's heuristic bot when it has one.
"""

import copy
import json
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.age_of_thieves import content
from engine.age_of_thieves.board import load_board
from engine.core.bots import RandomBot
from engine.core.game import Match, rules_for, state_hash
from engine.core.rng import Rng, seed_state

GAME = "age_of_thieves"
RULES = rules_for(GAME)
BOARD = load_board()
ALL_GENERAL = sorted(f"c{i:02d}" for i in range(len(content.general_deck())))
MAX_TURNS = content.CALM_TURNS + content.ALARM_TURNS
CARD_ID = re.compile(r"\bc\d\d\b")
GAMES = settings(max_examples=40, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])


class GreedyBot:
    """Test bot: declares Move with its AP, walks to the Emperors' Jewel (or its holder), then
    to the nearest open gate, taking every jewel and theft on the way; random otherwise."""

    name = "greedy"
    uses_view = True

    def __init__(self, rules, seed: int):
        self.rng = Rng(seed_state(seed ^ 0xC0FFEE))
        self.random = RandomBot(rules, seed)

    def target(self, view: dict) -> str | None:
        mine = view["thieves"][view["player"]]
        if "emperor" in mine["jewels"]:
            if view["open_district"] is None or mine["space"] is None:
                return None
            return min(BOARD.gates_of(view["open_district"]),
                       key=lambda g: BOARD.distance(mine["space"], g) or 99)
        for space, jewels in sorted(view["jewels"].items()):
            if "emperor" in jewels:
                return space
        return next((th["space"] for th in view["thieves"]
                     if "emperor" in th["jewels"] and th["where"] == "board"), None)

    def decide(self, view: dict, choice: dict):
        if self.rng.below(8) == 0:
            return self.random.decide(view, choice)
        if "spec" in choice:
            if choice["spec"]["ap"] >= 1:
                return {"declare": [{"card": "move", "ap": choice["spec"]["ap"]}]}
            return self.random.decide(view, choice)
        options = choice["options"]
        mine = view["thieves"][view["player"]]
        target = self.target(view)
        here = mine["space"]
        if choice["kind"] == "resolve":
            far = target and here and (BOARD.distance(here, target) or 99) > 5
            for want in (("dash",) if far else ()) + ("sneak", "play", "special", "general"):
                found = [o for o in options if o.get("as") == want]
                if found:
                    return found[0]
        if choice["kind"] == "move":
            for o in options:
                if "leave" in o or "take" in o or "steal" in o:
                    return o
            steps = [o for o in options if "step" in o]
            if target and here and steps:
                if here == target and {"stop": True} in options:
                    return {"stop": True}
                return min(steps, key=lambda o: BOARD.distance(o["step"], target) or 99)
        return self.random.decide(view, choice)


HEURISTIC = hasattr(RULES, "heuristic_bot")
BOT_KINDS = ["random", "greedy", "mixed"] + (["heuristic"] if HEURISTIC else [])


def make_bots(kind: str, players: int, seed: int) -> list:
    """One bot per seat; "mixed" alternates greedy and random (and the game's heuristic bot)."""
    kinds = {"random": ["random"] * players, "greedy": ["greedy"] * players,
             "heuristic": ["heuristic"] * players,
             "mixed": ["greedy", "random", "heuristic" if HEURISTIC else "random", "random"],
             }[kind][:players]
    made = {"random": RandomBot, "greedy": GreedyBot}
    return [made[k](RULES, seed * 8 + i) if k in made else RULES.heuristic_bot(seed * 8 + i)
            for i, k in enumerate(kinds)]


# --- invariants of one state -------------------------------------------------------------------
def in_guard_move(state: dict) -> bool:
    """A guard or captain moved by a card, mid-way: it may pass over another one."""
    top = state["stack"][-1] if state["stack"] else None
    return bool(top and top.get("do") == "move" and top["mover"][0] != "T")


def check_components(state: dict) -> None:
    thieves = state["thieves"]
    players = len(thieves)

    # 70 general cards: deck + discard + hands + declared, each exactly once (a card declared
    # behind the screen stays in the hand until the reveal)
    hands = [c for th in thieves for c in th["hand"]]
    declared = [c for th in thieves for d in th["declared"] for c in d["cards"]
                if content.is_general(c) and c not in th["hand"]]
    assert all(content.is_general(c) for c in hands), "only general cards are held in hand"
    assert sorted(state["deck"] + state["discard"] + hands + declared) == ALL_GENERAL

    # the city guard
    kinds = Counter(w["kind"] for w in state["watch"].values())
    assert kinds["guard"] <= content.GUARDS and kinds["captain"] <= content.CAPTAINS
    assert set(kinds) <= {"guard", "captain"}
    spaces = [w["space"] for w in state["watch"].values()]
    for space in spaces:
        assert space in BOARD.spaces and "dungeon" not in BOARD.spaces[space].kinds
        assert space not in state["fire"], f"a guard stands in the fire on {space}"
    if not in_guard_move(state):
        assert len(spaces) == len(set(spaces)), f"two guards share a space: {state['watch']}"

    # jewels
    on_board = [j for js in state["jewels"].values() for j in js]
    on_sheets = [j for th in thieves for j in th["jewels"]]
    both = Counter(on_board + on_sheets)
    assert both["emperor"] == 1, "exactly one Emperors' Jewel, on the board or a sheet"
    assert state["pool"]["yellow"] >= 0
    assert both["yellow"] + state["pool"]["yellow"] == content.YELLOW_JEWELS
    assert both["green"] <= 4
    assert set(both) <= {"emperor", "yellow", "green", "trinkets"}
    assert "trinkets" not in on_board, "trinkets are a city token, never a jewel on the board"
    for space, jewels in state["jewels"].items():
        assert jewels, f"an empty jewel list is left on {space}"
        assert "dungeon" not in BOARD.spaces[space].kinds
    assert sum(th["best_burglar"] for th in thieves) == (1 if state["emperor_taken"] else 0)

    # city tokens: face-down/up on the board, left on a space, on sheets, trinkets as jewels
    tokens = Counter(tok["kind"] for tok in state["tokens"].values())
    tokens += Counter(state["features"].values())
    tokens += Counter(k for th in thieves for k in th["tokens"])
    tokens["trinkets"] += both["trinkets"]
    assert sum(tokens.values()) <= sum(content.CITY_TOKENS.values()) == 51
    for kind, n in tokens.items():
        assert n <= content.CITY_TOKENS[kind], f"{n} {kind} tokens"
    for space in state["tokens"]:
        assert "guardhouse" in BOARD.spaces[space].kinds and BOARD.district(space) != "P"

    # AP and the thieves' figures
    for p, th in enumerate(thieves):
        for key in ("ap", "red", "temp_next", "bola_next", "draw_next"):
            assert th[key] >= 0, f"thief {p} has {key} {th[key]}"
        assert th["red"] in (0, players - 1)
        for d in th["declared"]:
            assert d["init"] >= 1 and d["state"] in ("declared", "resolved", "resigned",
                                                      "cancelled")
        where, space = th["where"], th["space"]
        if where == "board":
            assert space in BOARD.spaces and "dungeon" not in BOARD.spaces[space].kinds
        elif where == "dungeon":
            assert "dungeon" in BOARD.spaces[space].kinds
        else:
            assert where in ("start", "escaped") and space is None
            assert (where == "start") == (state["turn"] == 0)
        assert (where == "escaped") == (p in state["escaped"])
    assert len(state["escaped"]) == len(set(state["escaped"]))

    # the hand limit: over it only while the discards are still being asked for
    limit = content.HAND_LIMIT + state["mods"].get("hand_limit", 0)
    for p, th in enumerate(thieves):
        pending = sum(1 for f in state["stack"] if f.get("do") == "discard"
                      and f["player"] == p)
        assert len(th["hand"]) - pending <= limit, f"thief {p} holds {len(th['hand'])} cards"
        if state["waiting"] and not state["stack"]:
            assert len(th["hand"]) <= limit, "a hand over the limit after the planning"

    assert 0 <= state["turn"] <= MAX_TURNS
    assert len(state["fire"]) == len(set(state["fire"]))


def check_result(state: dict) -> None:
    result = state["result"]
    assert result is not None
    escaped = state["escaped"]
    if result["outcome"] == "all_defeated":
        assert not escaped and result["winner"] is None
    else:
        assert result["winner"] in escaped
        winner = state["thieves"][result["winner"]]
        assert winner["where"] == "escaped"
        if result["outcome"] == "emperor_escape":
            assert "emperor" in winner["jewels"]
        else:
            assert result["outcome"] == "escape"
            assert all("emperor" not in state["thieves"][p]["jewels"] for p in escaped)
            vp = {row["player"]: row["vp"] for row in result["table"]}
            assert vp[result["winner"]] == max(vp[p] for p in escaped)


# --- secrets ---------------------------------------------------------------------------------
def check_view_secrets(state: dict, player: int, known: set[str]) -> None:
    """No other hand's card ids (unless this player held them), no face-down token kinds,
    no deck order, no other declaration before the reveal."""
    view = RULES.view(state, player)
    text = json.dumps(view)
    figures = set(state["watch"])
    secret = {c for q, th in enumerate(state["thieves"]) if q != player for c in th["hand"]}
    secret |= {c for q, th in enumerate(state["thieves"]) if q != player
               for d in th["declared"] for c in d["cards"] if content.is_general(c)}
    secret |= set(state["deck"])
    secret -= known | figures
    leaked = set(CARD_ID.findall(text)) & secret  # as values, keys or inside log lines
    assert not leaked, f"player {player} sees hidden card ids {leaked}"
    for space, token in state["tokens"].items():
        assert view["tokens"][space] == (token["kind"] if token["up"] else None)
    for q, th in enumerate(view["thieves"]):
        if q != player:
            assert "hand" not in th and "ids" not in json.dumps(th)
            if state["phase"] == "declaration":
                assert "declared" not in th, "a declaration is seen before the reveal"
            special = content.thieves()[state["thieves"][q]["id"]]["special"]
            for d in th.get("declared", []):
                if d["state"] == "declared":  # face down: only a special card shows
                    assert d["cards"] in ([None], [special, None]), d
    for key in ("deck", "calm_deck", "alarm_deck", "district_deck", "rng"):
        assert key not in view


def perturbed(state: dict, player: int, known: set[str], seed: int) -> dict:
    """The same game as ``player`` sees it: other hands and face-down declared cards swapped
    with unknown deck cards, the face-down city tokens and every deck reshuffled, another
    generator state."""
    other = copy.deepcopy(state)
    rng = Rng(seed_state(seed))
    pool = [c for c in other["deck"] if c not in known]
    for q, th in enumerate(other["thieves"]):
        if q == player:
            continue
        face_down = [d["cards"] for d in th["declared"] if d["state"] == "declared"]
        for cards in [th["hand"], *face_down]:
            for i, card in enumerate(cards):
                if card in known or not content.is_general(card) or not pool:
                    continue
                swap = pool.pop(rng.below(len(pool)))
                j = other["deck"].index(swap)
                cards[i], other["deck"][j] = swap, card
    down = [sp for sp, tok in sorted(other["tokens"].items()) if not tok["up"]]
    kinds = [other["tokens"][sp]["kind"] for sp in down]
    rng.shuffle(kinds)
    for sp, kind in zip(down, kinds, strict=True):
        other["tokens"][sp]["kind"] = kind
    for key in ("deck", "calm_deck", "alarm_deck", "district_deck"):
        rng.shuffle(other[key])
    other["rng"] = seed_state(seed + 1)
    return other


def views_ignore_hidden_information(state: dict, players: int, known: list[set], seed: int):
    for p in range(players):
        if RULES.choice(state, p) is not None and state["stack"]:
            continue  # the options of an ask may rightly depend on the player's own cards
        mine = RULES.view(state, p)
        theirs = RULES.view(perturbed(state, p, known[p], seed + p), p)
        assert theirs == mine, f"player {p}'s view depends on information hidden from them"


# --- playing -------------------------------------------------------------------------------------
def play_checked(seed: int, players: int, bots: str, secrets_every: int = 1) -> Match:
    match = Match.start(GAME, [{"name": f"S{i}"} for i in range(players)], {}, seed)
    bots_ = make_bots(bots, players, seed)
    state = match.state
    known = [set(th["hand"]) for th in state["thieves"]]
    check_components(state)
    steps = 0
    while state["result"] is None:
        assert len(match.actions) < 5000, "the game does not end"
        to_act = RULES.to_act(state)
        assert to_act, "nobody to act in an unfinished game"
        player = to_act[0]
        choice = RULES.choice(state, player)
        assert choice is not None and choice["player"] == player
        if "options" in choice:
            assert choice["options"], "an ask with no options"
            if len(choice["options"]) == 1:
                raise AssertionError(f"a forced ask reached a player: {choice}")
            for option in choice["options"]:
                RULES.check(state, player, option)  # every option offered is legal
            assert choice.get("default", choice["options"][0]) in choice["options"]
        else:
            assert choice["kind"] == "declare" and set(to_act) == set(state["waiting"])
        bot = bots_[player]
        view = RULES.view(state, player) if bot.uses_view else None
        action = bot.decide(view, choice)
        hash_before = state_hash(state)
        RULES.check(state, player, action)
        assert state_hash(state) == hash_before, "check mutated the state"
        match.act(player, action)
        steps += 1
        for p, th in enumerate(state["thieves"]):
            known[p] |= set(th["hand"]) | {c for d in th["declared"] for c in d["cards"]}
        check_components(state)
        assert all(a >= 0 for th in state["thieves"] for a in (th["ap"],))
        if steps % secrets_every == 0 or state["waiting"]:
            for p in range(players):
                check_view_secrets(state, p, known[p])
    check_result(state)
    assert state["turn"] <= MAX_TURNS
    return match


@GAMES
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       bots=st.sampled_from(BOT_KINDS))
def test_random_games_keep_every_invariant_and_replay(seed, players, bots):
    match = play_checked(seed, players, bots, secrets_every=3)
    again = Match.replay(json.loads(json.dumps(match.record())))
    assert state_hash(again.state) == state_hash(match.state)


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       bots=st.sampled_from(BOT_KINDS))
def test_views_do_not_depend_on_hidden_information(seed, players, bots):
    """Swap everything a player may not know; what they see must not change."""
    match = Match.start(GAME, [{"name": f"S{i}"} for i in range(players)], {}, seed)
    state, bots_ = match.state, make_bots(bots, players, seed)
    known = [set(th["hand"]) for th in state["thieves"]]
    step = 0
    while state["result"] is None:
        player = RULES.to_act(state)[0]
        choice = RULES.choice(state, player)
        view = RULES.view(state, player) if bots_[player].uses_view else None
        match.act(player, bots_[player].decide(view, choice))
        for p, th in enumerate(state["thieves"]):
            known[p] |= set(th["hand"]) | {c for d in th["declared"] for c in d["cards"]}
        step += 1
        if step % 7 == 0 or (state["waiting"] and not state["stack"]):
            views_ignore_hidden_information(state, players, known, seed + step)


def test_greedy_bots_reach_the_alarm_and_the_gates():
    """The property games above cover the Alarm and escapes, not only calm defeats."""
    outcomes, alarms = Counter(), 0
    for seed in range(16):
        match = play_checked(seed, 2 + seed % 3, "greedy", secrets_every=50)
        outcomes[match.state["result"]["outcome"]] += 1
        alarms += match.state["alarm"]
    assert alarms >= 3, outcomes
    assert outcomes["escape"] + outcomes["emperor_escape"] >= 1, outcomes


def without(view: dict, *keys) -> dict:
    return {k: v for k, v in view.items() if k not in keys}


@pytest.mark.parametrize("seed,players", [(0, 3), (1, 4), (2, 3), (3, 4)])
def test_a_declaration_shows_nothing_but_that_it_was_made(seed, players):
    """Behind the screen: until the reveal, a rival's declaration changes nothing another player
    sees except who is still declaring and the log line that they have declared (the rulebook
    lets AP city tokens go behind the screen too, so the sheet must not show them spent)."""
    match = Match.start(GAME, [{"name": f"S{i}"} for i in range(players)], {}, seed)
    state, bots = match.state, make_bots("random", players, seed)
    checked = 0
    while state["result"] is None:
        player = RULES.to_act(state)[0]
        choice = RULES.choice(state, player)
        action = bots[player].decide(None, choice)
        last = len(state["waiting"]) <= 1
        if "spec" in choice and not last:
            others = [p for p in range(players) if p != player]
            before = {p: RULES.view(state, p) for p in others}
            match.act(player, action)
            for p in others:
                after = RULES.view(state, p)
                assert without(after, "waiting", "log", "choice") == \
                    without(before[p], "waiting", "log", "choice"), \
                    f"player {p} learns something of player {player}'s declaration"
                checked += 1
        else:
            match.act(player, action)
    assert checked
