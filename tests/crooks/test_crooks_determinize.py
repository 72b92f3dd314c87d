"""Determinizing Crooks (``Rules.determinize``): a whole state from one seat's view alone.

Over bot games, at many decisions and for every seat, a sample shows that seat exactly its view,
keeps every crook once, contradicts nothing the seat has seen, and plays on to the end; the
deal of the hidden crooks is uniform (checked against counting every deal of small cases) and
varied; and two real states that look the same to a seat give the same samples.
"""

import copy
import itertools
from collections import Counter

import pytest

from engine.core.bots import RandomBot, play_on
from engine.core.game import Match, canonical, rules_for
from engine.core.rng import Rng, seed_state
from engine.crooks import content
from engine.crooks.deal import deal
from engine.crooks.determinize import den_takes, hidden, recollect, taken_crooks
from engine.simulate import decisions, make_bot

RULES = rules_for("crooks")
ALL = sorted(content.crooks())


def sample(view: dict, player: int, seed: int) -> dict:
    before = canonical(view)
    state = RULES.determinize(view, player, Rng(seed_state(seed)))
    assert canonical(view) == before, "determinize changed the view it was given"
    return state


def places(s: dict) -> list:
    """Every crook in the state, once per place it lies."""
    return ([c for stack in s["dens"].values() for c in stack] + s["box"]
            + [h for h in s["hand"] if h] + [r["crook"] for r in s["removed"]]
            + [c["crook"] for piles in s["targets"].values() for pile in piles for c in pile])


def play_out(state: dict, seed: int) -> None:
    """Legal play to the end: random, or (one seed in eight) heuristic bots, which read each
    seat's view of the sample, memory included."""
    bots = [RULES.heuristic_bot(seed + q) if seed % 8 == 1 else RandomBot(RULES, seed + q)
            for q in range(RULES.seat_count(state))]
    assert play_on(RULES, state, bots, 500) is not None, "no end after 500 actions"


def games(count: int, start: int = 0):
    """(seed, match) before every decision of ``count`` bot games: 2-4 players, random and
    heuristic bots."""
    for g in range(start, start + count):
        n = 2 + g % 3
        kinds = [("random", "heuristic")[(g + i) % 2 if g % 4 else 1] for i in range(n)]
        bots = [make_bot(k, "crooks", g * 8 + i) for i, k in enumerate(kinds)]
        match = Match.start("crooks", [{} for _ in range(n)], {}, g)
        yield from ((g, m) for m in decisions(match, bots))
        yield g, match


def consistent(sampled: dict, view: dict, player: int) -> None:
    """Nothing in ``sampled`` contradicts what ``player`` has seen (their memory) or the rules
    about hidden crooks."""
    looks = {}
    for e in view["memory"]:
        if e["kind"] in ("recruit", "spy_den"):
            took = (e.get("took") or {}).get("crook")
            looks.setdefault(e["den"], []).append({c["crook"] for c in e["saw"]} - {took})
    seen = set().union(*[s for ls in looks.values() for s in ls])
    assert not seen & set(sampled["box"]), "a crook seen in a den is in the box"
    for den, ls in looks.items():
        assert set(sampled["dens"][den]) <= ls[-1], f"den {den} holds a crook not seen there"
    for den, stack in sampled["dens"].items():
        assert not set(stack) & (seen - set().union(*looks.get(den, [set()]))), \
            f"den {den} holds a crook seen in another den"
    where = {(q, c["placed"]): c["crook"] for piles in sampled["targets"].values()
             for q, pile in enumerate(piles) for c in pile}
    for e in view["memory"]:
        if e["kind"] == "spy_target":
            for x in e["saw"]:
                assert where.get((x["seat"], x["placed"]), x["crook"]) == x["crook"]
    for piles in sampled["targets"].values():
        for pile in piles:
            for c in pile:
                assert not (c["face"] == "down"
                            and content.crook(c["crook"])["action"] == "kingpin")
    for r in sampled["removed"]:
        if r["how"] == "discarded":
            assert content.crook(r["crook"])["action"] not in ("accomplice", "killer")


def real_deal_fits(state: dict, view: dict, player: int) -> None:
    """The real state's hidden crooks are one of the deals the determinizer draws from: its
    facts never rule out the truth."""
    table = hidden(view, player)
    real = []
    for slot in table.slots:
        if slot.kind == "den":
            real.append(state["dens"][slot.where][sum(
                1 for s in real if s[0].kind == "den" and s[0].where == slot.where)])
        elif slot.kind == "box":
            real.append(state["box"][sum(1 for s in real if s[0].kind == "box")])
        elif slot.kind == "hand":
            real.append(state["hand"][slot.where])
        elif slot.kind == "down":
            v, q, i = slot.where
            real.append(state["targets"][v][q][i]["crook"])
        else:
            real.append(state["removed"][slot.where]["crook"])
        real[-1] = (slot, real[-1])
    assert sorted(cid for _, cid in real) == table.unknown
    for slot, cid in real:
        assert table.facts.fits(cid, slot), (cid, slot.kind, slot.where, slot.turns)


def real_memories_rebuilt(state: dict, view: dict, player: int) -> None:
    """Rebuilt from the real deal, the other players' looks into dens that the view's log
    names are their real ones."""
    table = hidden(view, player)
    taken = taken_crooks(view["log"], player, table.memory, state["targets"],
                         state["removed"], state["hand"], state["turn"], table.slots)
    takes = den_takes(view["log"], taken)
    orders = {d: stack + [c for _, _, c in takes.get(d, [])] for d, stack in
              state["dens"].items()}
    rebuilt = recollect(view["log"], len(state["names"]), player, state["dens"], takes,
                        taken, orders)
    for q, entries in enumerate(rebuilt):
        if q == player:
            assert entries == []
            continue
        real = {(e["turn"], e["kind"]): e for e in state["memory"][q]}
        for e in entries:
            r = real[e["turn"], e["kind"]]
            assert (e["den"], sorted(e["saw"]), e.get("took")) == \
                (r["den"], sorted(r["saw"]), r.get("took")), (q, e, r)


# --- 1. the view is kept, the result agrees, play goes on --------------------------------------
def test_samples_show_each_seat_its_view_and_play_to_the_end():
    checked = 0
    for g, match in games(30):
        s = match.state
        for p in range(len(s["names"])):
            view = RULES.view(s, p)
            real_deal_fits(s, view, p)
            real_memories_rebuilt(s, view, p)
            if RULES.result(s) is None and len(match.actions) % 3:
                continue  # samples at every third decision, and at the end
            sampled = sample(view, p, g * 1000 + len(match.actions) * 7 + p)
            assert canonical(RULES.view(sampled, p)) == canonical(view)
            assert RULES.result(sampled) == RULES.result(s)
            assert sorted(places(sampled)) == ALL
            assert len(sampled["rng"]) == 4 and sampled["rng"] != s["rng"]
            consistent(sampled, view, p)
            play_out(sampled, g + p)
            checked += 1
    assert checked > 800


# --- 2. what the seat has seen -----------------------------------------------------------------
def _position(seed: int, want) -> tuple[Match, int]:
    """The position of a bot game (replayed from its record) at the first decision where
    ``want(view)`` holds for some seat, and that seat."""
    for _, match in games(1, seed):
        for p in range(len(match.state["names"])):
            if want(RULES.view(match.state, p)):
                return Match.replay(copy.deepcopy(match.record())), p
    pytest.skip("no such position")


def test_a_den_looked_into_and_not_touched_since_is_known_exactly():
    def looked(view):
        counts = {d["den"]: d["count"] for d in view["dens"]}
        return any(e["kind"] == "recruit" and len(e["saw"]) - 1 == counts[e["den"]] > 1
                   and e["turn"] < view["turn"] for e in view["memory"])

    match, p = _position(8, looked)
    view = RULES.view(match.state, p)
    den = next(e for e in reversed(view["memory"]) if e["kind"] == "recruit")["den"]
    assert {d["den"]: d["count"] for d in view["dens"]}[den] == len(match.state["dens"][den])
    for seed in range(50):
        sampled = sample(view, p, seed)
        assert sampled["dens"][den] == match.state["dens"][den]  # same crooks, same order
        assert sampled["hand"][p] == match.state["hand"][p]
        consistent(sampled, view, p)


def test_spied_crooks_stay_where_the_spy_saw_them():
    def spied(view):
        return any(e["kind"] == "spy_target" and e["saw"] for e in view["memory"])

    for seed in range(40):
        try:
            match, p = _position(seed, spied)
        except pytest.skip.Exception:
            continue
        view = RULES.view(match.state, p)
        saw = [x for e in view["memory"] if e["kind"] == "spy_target" for x in e["saw"]]
        for k in range(20):
            sampled = sample(view, p, k)
            consistent(sampled, view, p)
            where = {(q, c["placed"]): c["crook"] for piles in sampled["targets"].values()
                     for q, pile in enumerate(piles) for c in pile}
            for x in saw:
                if (x["seat"], x["placed"]) in where:
                    assert where[(x["seat"], x["placed"])] == x["crook"]
                else:
                    assert any(r["crook"] == x["crook"] and r["seat"] == x["seat"]
                               for r in sampled["removed"])
        return
    pytest.skip("no game with a spied target")


def test_every_position_of_many_games_is_consistent_with_the_memory():
    for g, match in games(12, 100):
        for p in range(len(match.state["names"])):
            view = RULES.view(match.state, p)
            consistent(sample(view, p, g + p), view, p)


# --- 3. coverage and uniformity ----------------------------------------------------------------
def _hidden(view: dict, sampled: dict, player: int) -> dict:
    """Where each crook the viewer cannot place went in a sample."""
    out = {}
    for d, stack in sampled["dens"].items():
        out.update((c, ("den", d)) for c in stack)
    out.update((c, ("box",)) for c in sampled["box"])
    for piles in sampled["targets"].values():
        for q, pile in enumerate(piles):
            for c in pile:
                if q != player and c["face"] == "down":
                    out[c["crook"]] = ("down", q, c["placed"])
    return out


def test_hidden_crooks_vary_and_every_unseen_crook_turns_up():
    def busy(view):
        downs = sum(1 for t in view["targets"] for q, pile in enumerate(t["piles"])
                    if q != view["player"] for c in pile if "crook" not in c)
        return downs >= 2 and view["unused"] > 0 and not view["memory"]

    match, p = _position(10, busy)  # a seat that has looked at nothing yet
    view = RULES.view(match.state, p)
    visible = {c["crook"] for t in view["targets"] for pile in t["piles"] for c in pile
               if "crook" in c}
    downs = [(q, c["placed"]) for t in view["targets"] for q, pile in enumerate(t["piles"])
             if q != p for c in pile if "crook" not in c]
    values = {slot: Counter() for slot in downs}
    where = Counter()
    for seed in range(200):
        sampled = sample(view, p, seed)
        assert sorted(places(sampled)) == ALL
        hidden = _hidden(view, sampled, p)
        for cid, place in hidden.items():
            where[cid, place[0]] += 1
            if place[0] == "down":
                values[place[1:]][cid] += 1
    for slot, seen in values.items():
        assert len(seen) >= 8, f"the face-down crook {slot} took only {len(seen)} values"
        assert "c32" not in seen, "the Kingpin went face down"
    for cid in set(ALL) - visible:
        assert where[cid, "box"] and where[cid, "den"], f"{cid} was never in the box or a den"


@pytest.mark.parametrize("seed", range(12))
def test_deals_are_uniform_among_those_that_fit(seed):
    """Against counting: every deal of a small random case comes up about equally often."""
    rng = Rng(seed_state(seed))
    cards = [f"k{i}" for i in range(5)]
    slots = list(range(5))
    fits_table = {(c, s): rng.below(3) > 0 or s == i for i, c in enumerate(cards) for s in slots}
    deals = [perm for perm in itertools.permutations(cards)
             if all(fits_table[c, s] for s, c in zip(slots, perm, strict=True))]
    tally = Counter()
    draws = 100 * len(deals)
    for _ in range(draws):
        tally[tuple(deal(cards, slots, lambda c, s: fits_table[c, s], rng))] += 1
    assert set(tally) == set(deals)
    expected = draws / len(deals)
    assert all(abs(k - expected) < 5 * expected ** 0.5 for k in tally.values()), tally


# --- 4. no cheating ----------------------------------------------------------------------------
def test_states_that_look_alike_to_a_seat_give_the_same_samples():
    def hidden(view):
        downs = sum(1 for t in view["targets"] for q, pile in enumerate(t["piles"])
                    if q != view["player"] for c in pile if "crook" not in c)
        looked = {e.get("den") for e in view["memory"]}
        return downs >= 2 and view["unused"] > 0 and view["player"] != view["current"] and any(
            d["count"] and d["den"] not in looked for d in view["dens"])

    match, p = _position(1, hidden)
    real = match.state
    other = copy.deepcopy(real)
    downs = [c for piles in other["targets"].values() for q, pile in enumerate(piles)
             if q != p for c in pile if c["face"] == "down"]
    downs[0]["crook"], downs[1]["crook"] = downs[1]["crook"], downs[0]["crook"]
    untouched = [d for d, stack in other["dens"].items() if stack and not any(
        e.get("den") == d for e in other["memory"][p])]
    stack = other["dens"][untouched[0]]
    stack[0], other["box"][0] = other["box"][0], stack[0]
    other["box"].sort()
    other["rng"] = seed_state(12345)
    assert places(other) != places(real)
    view = RULES.view(real, p)
    assert canonical(RULES.view(other, p)) == canonical(view)
    for seed in range(10):
        assert canonical(sample(view, p, seed)) == \
            canonical(sample(RULES.view(other, p), p, seed))
