"""Determinizing Swindler (Rules.determinize): a whole state from one seat's view alone.

Bot games are sampled at many decisions for every seat: the sample shows that seat exactly its
view, keeps every component once, and plays on to the end. Samples never contradict what the
seat saw, the hidden things vary over samples, and two real states a seat cannot tell apart
give the same samples.
"""

import copy
from collections import Counter
from functools import cache

from sw_helpers import ALL_CARDS, check_components

from engine.core.bots import RandomBot, play_on
from engine.core.game import Match, rules_for
from engine.core.rng import Rng, seed_state
from engine.simulate import decisions, make_bot
from engine.swindler import content
from engine.swindler.accomplices import responses
from engine.swindler.determinize import fulfilled_in_log

RULES = rules_for("swindler")
# seed, bots per seat, table options
GAMES = [
    (11, ["heuristic", "random"], {"masters": "draft"}),
    (12, ["random", "heuristic", "heuristic"], {"skip_reaction_prompts": True}),
    (13, ["heuristic"] * 4, {"masters": "random"}),
    (14, ["heuristic", "random", "heuristic", "random"],
     {"skip_reaction_prompts": True, "masters": "off"}),
    (15, ["heuristic"] * 3, {"masters": "draft", "skip_reaction_prompts": True}),
]
EVERY = 9  # decisions between two sampled positions


def sample(state: dict, player: int, seed: int) -> dict:
    return RULES.determinize(RULES.view(state, player), player, Rng(seed_state(seed)))


@cache
def positions(game: int) -> tuple:
    """Copies of a bot game's state at every EVERY-th decision, and its record."""
    seed, kinds, options = GAMES[game]
    match = Match.start("swindler", [{} for _ in kinds], options, seed)
    bots = [make_bot(kind, "swindler", seed * 8 + i) for i, kind in enumerate(kinds)]
    found = [copy.deepcopy(m.state) for k, m in enumerate(decisions(match, bots))
             if k % EVERY == 0]
    return found + [copy.deepcopy(match.state)], match.record()


def play_out(state: dict, seed: int) -> None:
    """Random legal play to the end, cards played out of turn too (Rules.standing)."""
    bots = [RandomBot(RULES, seed + q) for q in range(RULES.seat_count(state))]
    assert play_on(RULES, state, bots, 30_000) is not None, "the sampled game did not end"


def test_samples_show_the_view_and_play_to_the_end():
    checked = played = 0
    for game in range(len(GAMES)):
        states, _ = positions(game)
        for k, state in enumerate(states):
            for p in range(len(state["players"])):
                view = RULES.view(state, p)
                kept = copy.deepcopy(view)
                sampled = RULES.determinize(view, p, Rng(seed_state(k * 10 + p)))
                assert view == kept, "determinize changed the view"
                assert RULES.view(sampled, p) == view
                assert RULES.result(sampled) == RULES.result(state)
                assert set(sampled) == set(state)
                assert set(sampled["players"][p]) == set(state["players"][p])
                assert sampled["rng"] != state["rng"]
                check_components(sampled)
                checked += 1
                if k % 10 == 3 or k == len(states) - 2:  # every few positions: play on
                    play_out(sampled, k)
                    played += 1
    assert checked > 500 and played > 15


def test_samples_keep_what_the_seat_saw():
    """Own hand and fulfilled orders, the orders the log names as fulfilled, the cards in
    view, the deck of orders (A cards on top), the box (unused A cards) and the kinds on the
    discard pile."""
    orders = content.orders()
    hits = 0
    for game in range(len(GAMES)):
        for k, state in enumerate(positions(game)[0][::4]):
            p = k % len(state["players"])
            view = RULES.view(state, p)
            named = fulfilled_in_log(view)
            shown = {e["card"] for e in state["plays"]} | set(state["picks"]) | \
                {e["card"] for me in state["players"] for e in me["in_play"]}
            for n in range(5):
                s = RULES.determinize(view, p, Rng(seed_state(n)))
                assert s["players"][p]["hand"] == sorted(state["players"][p]["hand"])
                assert sorted(s["players"][p]["fresh"]) == sorted(state["players"][p]["fresh"])
                assert sorted(s["players"][p]["fulfilled"]) == \
                    sorted(state["players"][p]["fulfilled"])
                for order, q in named.items():
                    assert order in s["players"][q]["fulfilled"]
                    hits += 1
                for q, me in enumerate(s["players"]):
                    if q != p:
                        assert not set(me["hand"]) & (set(state["players"][p]["hand"]) | shown)
                    assert all(orders[o]["kind"] != "raid" for o in me["fulfilled"])
                    assert len(me["fresh"]) == len(state["players"][q]["fresh"])
                    assert set(me["fresh"]) <= set(me["hand"])
                assert all(orders[o]["tier"] == "A" for o in s["orders"]["box"])
                deck = s["orders"]["deck"]
                tiers = "".join(orders[o]["tier"] for o in deck)
                assert tiers == "".join(orders[o]["tier"] for o in state["orders"]["deck"])
                assert [content.kind_of(c) for c in s["discard"]] == \
                    [content.kind_of(c) for c in state["discard"]]
                assert all(content.kind_of(b["card"]) == "naseweis" for b in s["bets"])
    assert hits > 100


def test_a_skipping_prompt_tells_that_its_seat_holds_a_fitting_card():
    found = 0
    for game in range(len(GAMES)):
        for state in positions(game)[0]:
            top = state["stack"][-1] if state["stack"] else None
            if not (state["options"].get("skip_reaction_prompts") and top
                    and top["do"] == "react"):
                continue
            for p in range(len(state["players"])):
                if p != top["player"]:
                    for n in range(5):
                        s = sample(state, p, n)
                        assert responses(s, top["player"], top["trigger"])
                        found += 1
    assert found > 10


def test_hidden_things_vary_over_samples():
    """200 samples of one seat's view: the other hands, the decks and the face-down orders
    take many values, every card nobody can see reaches another hand, and every sample holds
    each component exactly once."""
    state = next(s for game in range(len(GAMES)) for s in positions(game)[0]
                 if s["discard"] and s["deck"] and len(s["players"][1]["hand"]) >= 2
                 and s["fences"]["deck"] and s["fences"]["discard"]
                 and _face_down(s) - len(_named(RULES.view(s, 0))) > 2 * len(s["players"]))
    view = RULES.view(state, 0)
    seen = {c["id"] for c in view["seats"][0]["hand"]} | {e["card"] for e in state["plays"]} | \
        set(state["picks"]) | {e["card"] for me in state["players"] for e in me["in_play"]}
    hands, decks, orders, fences, reached, face_down = set(), set(), set(), set(), set(), set()
    for n in range(200):
        s = RULES.determinize(view, 0, Rng(seed_state(n)))
        check_components(s)
        hands.add(tuple(sorted(s["players"][1]["hand"])))
        decks.add(tuple(s["deck"]))
        orders.add(tuple(s["orders"]["deck"]))
        fences.add(tuple(sorted(s["fences"]["deck"])))
        reached.update(c for me in s["players"][1:] for c in me["hand"])
        face_down.update(o for me in s["players"] for o in me["fulfilled"])
    assert len(hands) > 50 and len(decks) == 200 and len(orders) == 200
    assert len(fences) > 1
    free = set(ALL_CARDS) - seen
    slots = Counter(view["accomplices"]["discard"] + ["naseweis"] * len(view["bets"]))
    spare = Counter(content.kind_of(c) for c in free) - slots  # cards a hand may hold
    assert reached <= free and all(sum(1 for c in reached if content.kind_of(c) == kind) == n
                                   + slots[kind] for kind, n in spare.items())
    unseen = {o for o, c in content.orders().items() if c["kind"] != "raid"} - \
        _named(view) - {o["id"] for o in view["orders"]["open"] if o}
    named = _named(view)
    assert len(face_down - named) > _face_down(state) - len(named) and face_down <= unseen | named


def _named(view: dict) -> set[str]:
    """Fulfilled orders the view names: in its log, and the seat's own."""
    return set(fulfilled_in_log(view)) | set(view["seats"][view["player"]]["fulfilled_orders"])


def _face_down(state: dict) -> int:
    return sum(len(me["fulfilled"]) for me in state["players"])


def _shuffled_secrets(state: dict, player: int, seed: int) -> dict:
    """The same table with other secrets: hands swapped between the other seats' hands, the
    decks reshuffled (the A orders kept on top), other face-down orders, a new generator."""
    rng = Rng(seed_state(seed))
    other = copy.deepcopy(state)
    rivals = [q for q in range(len(other["players"])) if q != player
              and not other["players"][q]["fresh"]]
    cards = [c for q in rivals for c in other["players"][q]["hand"]] + other["deck"]
    rng.shuffle(cards)
    for q in rivals:
        me = other["players"][q]
        me["hand"] = [cards.pop() for _ in me["hand"]]
    other["deck"] = cards
    deck = other["orders"]["deck"]
    b_part = [o for o in deck if content.orders()[o]["tier"] == "B"]
    rng.shuffle(b_part)
    other["orders"]["deck"] = b_part + deck[len(b_part):]
    fences = other["fences"]["deck"] + other["fences"]["discard"]
    rng.shuffle(fences)
    other["fences"]["deck"] = fences[:len(other["fences"]["deck"])]
    other["fences"]["discard"] = fences[len(other["fences"]["deck"]):]
    piles = [o for q in rivals for o in other["players"][q]["fulfilled"]]
    rng.shuffle(piles)
    for q in rivals:
        me = other["players"][q]
        me["fulfilled"] = [piles.pop() for _ in me["fulfilled"]]
    other["rng"] = seed_state(seed + 1)
    return other


def test_samples_depend_on_the_view_alone():
    compared = differed = 0
    for game in range(len(GAMES)):
        for k, state in enumerate(positions(game)[0][::3]):
            for p in range(len(state["players"])):
                other = _shuffled_secrets(state, p, k)
                assert RULES.view(other, p) == RULES.view(state, p)
                differed += any(other[key] != state[key] for key in state if key != "rng")
                assert sample(other, p, k) == sample(state, p, k)
                compared += 1
    assert compared > 150 and differed > compared // 2
