"""Determinizing Age of Thieves: whole states made from one thief's view alone.

Over bot games (random and heuristic, 2-4 thieves) at many decision points and for every
seat: the sample shows the view (with the other thieves' unshown declarations not made yet,
``expected_view``), has the same result, and random play from it reaches the end. Then one
view at a time: nothing revealed is contradicted, what is hidden varies and no component is
doubled or lost, and two real states one thief cannot tell apart give the same samples.
"""

import copy
from collections import Counter

from engine.age_of_thieves import content
from engine.age_of_thieves.determinize import expected_view
from engine.core.bots import RandomBot, play_on
from engine.core.game import Match, rules_for, state_hash
from engine.core.rng import Rng, seed_state
from engine.simulate import decisions, make_bot

GAME = "age_of_thieves"
RULES = rules_for(GAME)
ALL_GENERAL = [f"c{i:02d}" for i in range(len(content.general_deck()))]


def sample(view: dict, player: int, seed: int) -> dict:
    return RULES.determinize(copy.deepcopy(view), player, Rng(seed_state(seed)))


def play_out(state: dict, seed: int) -> None:
    """Random legal play to the end of the game."""
    bots = [RandomBot(RULES, seed + q) for q in range(RULES.seat_count(state))]
    assert play_on(RULES, state, bots, 20_000) is not None, "the sampled game does not end"


def game(seed: int, kinds: list[str], options: dict | None = None):
    """(match, decision number) before every decision of a bot game."""
    bots = [make_bot(kind, GAME, seed * 8 + i) for i, kind in enumerate(kinds)]
    match = Match.start(GAME, [{} for _ in kinds], options or {}, seed)
    for number, m in enumerate(decisions(match, bots)):
        yield m, number


def general_ids(state: dict) -> Counter:
    """Every general card where it lies (declared cards are still in the hand until shown)."""
    found = Counter(state["deck"]) + Counter(state["discard"])
    for th in state["thieves"]:
        found.update(th["hand"])
        if state["phase"] == "resolution":
            found.update(c for d in th["declared"] for c in d["cards"]
                         if content.is_general(c))
    return found


def tokens_accounted(state: dict) -> Counter:
    """City tokens on the board and those turned so far (as the log tells)."""
    found = Counter(tok["kind"] for tok in state["tokens"].values())
    found.update(line["args"]["token"] for line in state["log"]
                 if line.get("msg") == "reveals_token")
    return found


def check_components(state: dict, real: dict) -> None:
    assert general_ids(state) == Counter(ALL_GENERAL), "a general card doubled or lost"
    assert tokens_accounted(state).total() == tokens_accounted(real).total()
    assert all(tokens_accounted(state)[k] <= n for k, n in content.CITY_TOKENS.items())
    drawn = {line["args"]["event"] for line in state["log"] if line.get("msg") == "event_drawn"}
    for deck in ("calm", "alarm"):
        cards = state[f"{deck}_deck"]
        assert len(cards) == len(real[f"{deck}_deck"]) and len(set(cards)) == len(cards)
        assert set(cards) <= set(content.event_decks()[deck]) - drawn
    assert sorted(state["district_deck"] + [state["open_district"]] * (
        state["open_district"] is not None)) == sorted(real["district_deck"] + [
            real["open_district"]] * (real["open_district"] is not None))


# --- 1. many games, many decision points, every seat ---------------------------------------
def test_samples_show_the_view_and_play_to_the_end():
    setups = [(2, ["random", "random"], {}), (3, ["heuristic"] * 3, {}),
              (4, ["heuristic", "random", "heuristic", "random"], {}),
              (5, ["random"] * 4, {"first_thief_decides": False}),
              (6, ["heuristic", "heuristic"], {}), (7, ["heuristic"] * 4, {}),
              (8, ["random", "heuristic", "random"], {"first_thief_decides": False})]
    points = reopened = 0
    for seed, kinds, options in setups:
        for match, number in game(seed, kinds, options):
            if number % 6:
                continue
            state = match.state
            for p in range(len(kinds)):
                view = RULES.view(state, p)
                before = copy.deepcopy(view)
                sampled = sample(view, p, seed * 100_003 + number * 7 + p)
                assert view == before, "determinize changed the view"
                assert RULES.view(sampled, p) == expected_view(view, p)
                assert RULES.result(sampled) == RULES.result(state)
                check_components(sampled, state)
                reopened += expected_view(view, p)["waiting"] != view["waiting"]
                if p == number % len(kinds):
                    play_out(sampled, number)
                points += 1
    assert points > 500 and reopened > 0, (points, reopened)


# --- 2. nothing revealed is contradicted ---------------------------------------------------
def first_point(seed: int, kinds: list[str], test, options: dict | None = None):
    for match, _ in game(seed, kinds, options):
        if test(match.state):
            return copy.deepcopy(match.state)
    raise AssertionError("no such position in this game")


def test_samples_keep_what_the_thief_has_seen():
    """Mid-Resolution, after the declarations and some cards are shown: one's own hand and
    declared cards by id, the cards shown by kind, the turned and face-up city tokens, the
    events drawn, the open district."""
    def shown_a_lot(s):
        return (s["phase"] == "resolution" and s["turn"] >= 3 and len(s["discard"]) >= 3
                and any(d["state"] != "declared" for th in s["thieves"]
                        for d in th["declared"]))
    state = first_point(11, ["heuristic"] * 3, shown_a_lot)
    for p in range(3):
        view = RULES.view(state, p)
        for seed in range(40):
            sampled = sample(view, p, seed)
            me, real = sampled["thieves"][p], state["thieves"][p]
            assert me["hand"] == real["hand"] and me["declared"] == real["declared"]
            assert [RULES.view(sampled, p)["discard"]] == [view["discard"]]
            for q, th in enumerate(state["thieves"]):
                assert len(sampled["thieves"][q]["hand"]) == len(th["hand"])
                for mine, theirs in zip(sampled["thieves"][q]["declared"], th["declared"],
                                        strict=True):
                    if theirs["state"] != "declared" or q == p:  # face up: same kinds
                        assert [_kind(c) for c in mine["cards"]] == [
                            _kind(c) for c in theirs["cards"]]
            for space, token in state["tokens"].items():
                if token["up"]:
                    assert sampled["tokens"][space] == token
            assert sampled["tokens"].keys() == state["tokens"].keys()
            assert sampled["open_district"] == state["open_district"]
            assert state["event"] not in sampled["calm_deck"] + sampled["alarm_deck"]
            assert sampled["rng"] != state["rng"]


def _kind(card: str) -> str:
    return content.general_deck()[int(card[1:])] if content.is_general(card) else card


def test_unshown_declarations_count_as_not_made():
    """A thief who declared before the viewer: in the sample they are to declare again (the
    viewer must not read their declaration); the viewer's own declaration stays as made."""
    def half_declared(s):
        return (s["phase"] == "declaration" and s["waiting"] and not s["stack"]
                and len(s["waiting"]) < len([t for t in s["thieves"] if t["where"] != "escaped"]))
    state = first_point(12, ["random"] * 4, half_declared)
    done = [p for p in range(4) if state["thieves"][p]["where"] != "escaped"
            and p not in state["waiting"]]
    for p in range(4):
        view = RULES.view(state, p)
        sampled = sample(view, p, p)
        for q in done:
            if q != p:
                assert q in RULES.to_act(sampled) and sampled["thieves"][q]["declared"] == []
        if p in done:
            assert p not in RULES.to_act(sampled)
            assert sampled["thieves"][p]["declared"] == state["thieves"][p]["declared"]
        assert sorted(RULES.to_act(sampled)) == sorted(expected_view(view, p)["waiting"])
        play_out(sampled, p)


# --- 3. coverage and the inventory ---------------------------------------------------------
def test_hidden_things_vary_and_components_add_up():
    def busy(s):
        return (s["phase"] == "resolution" and s["turn"] >= 2 and any(
            d["state"] == "declared" and len(d["cards"]) == 1 for th in s["thieves"][1:]
            for d in th["declared"]) and all(th["hand"] for th in s["thieves"][1:])
            and any(not tok["up"] for tok in s["tokens"].values()))
    state = first_point(13, ["heuristic"] * 3, busy)
    view = RULES.view(state, 0)
    hands, lone, tokens, decks = set(), Counter(), Counter(), set()
    kinds_in_hands = Counter()
    for seed in range(200):
        sampled = sample(view, 0, seed)
        check_components(sampled, state)
        for q in (1, 2):
            hand = sampled["thieves"][q]["hand"]
            hands.add((q, tuple(sorted(hand))))
            kinds_in_hands.update(_kind(c) for c in hand)
            for d in sampled["thieves"][q]["declared"]:
                if d["state"] == "declared" and len(d["cards"]) == 1:
                    lone[_kind(d["cards"][0]) if d["cards"][0] in ("move", "ambush")
                         else "general"] += 1
        tokens.update((sp, tok["kind"]) for sp, tok in sampled["tokens"].items()
                      if not tok["up"])
        decks.add(tuple(sampled["calm_deck"]))
    assert len(hands) > 150  # the other thieves' hands take many values
    unseen = Counter(content.general_deck())
    unseen.subtract(view["discard"])
    unseen.subtract(c["kind"] for c in view["thieves"][0]["hand"])
    for th in view["thieves"]:
        unseen.subtract(k for d in th.get("declared", []) for k in d["cards"]
                        if k is not None and content.cards()[k]["type"] == "general")
    assert {k for k, n in unseen.items() if n > 0} <= set(kinds_in_hands)
    assert len(lone) >= 2, lone  # a lone face-down card: sometimes Move or Ambush
    face_down = [sp for sp, tok in state["tokens"].items() if not tok["up"]]
    for sp in face_down:  # each face-down token takes several kinds
        assert len({kind for (space, kind) in tokens if space == sp}) >= 3
    assert len(decks) > 1 or len(state["calm_deck"]) <= 1


# --- 4. no cheating ------------------------------------------------------------------------
def disguised(state: dict, player: int, seed: int) -> dict:
    """The same game as ``player`` sees it, its secrets changed: the other thieves' hands
    swapped with deck cards, the deck and the face-down city tokens shuffled, each event deck
    drawn anew from the events not seen, another generator."""
    other = copy.deepcopy(state)
    rng = Rng(seed_state(seed))
    declared = {c for th in other["thieves"] for d in th["declared"] for c in d["cards"]}
    for q, th in enumerate(other["thieves"]):
        if q == player:
            continue
        for i, card in enumerate(th["hand"]):
            if card not in declared and other["deck"] and rng.below(2):
                j = rng.below(len(other["deck"]))
                th["hand"][i], other["deck"][j] = other["deck"][j], card
    rng.shuffle(other["deck"])
    down = [sp for sp, tok in other["tokens"].items() if not tok["up"]]
    kinds = [other["tokens"][sp]["kind"] for sp in down]
    rng.shuffle(kinds)
    for sp, kind in zip(down, kinds, strict=True):
        other["tokens"][sp]["kind"] = kind
    seen = {line["args"]["event"] for line in state["log"] if line.get("msg") == "event_drawn"}
    for deck in ("calm", "alarm"):
        unseen = [e for e in content.event_decks()[deck] if e not in seen]
        rng.shuffle(unseen)
        other[f"{deck}_deck"] = unseen[:len(other[f"{deck}_deck"])]
    other["rng"] = seed_state(seed + 1)
    return other


def test_states_a_thief_cannot_tell_apart_give_the_same_samples():
    points = changed = 0
    for match, number in game(14, ["heuristic", "random", "heuristic"]):
        if number % 13:
            continue
        for p in range(3):
            other = disguised(match.state, p, number * 3 + p)
            changed += other != match.state
            view = RULES.view(match.state, p)
            assert RULES.view(other, p) == view, "the view shows a secret"
            for seed in (1, 2):
                assert state_hash(sample(view, p, seed)) == state_hash(
                    sample(RULES.view(other, p), p, seed))
            points += 1
    assert points > 20 and changed > points // 2
