"""A heuristic bot for Crooks: it reads only its seat's view and the choice in front of it.

It keeps a probabilistic picture of the table (``Model``):

* Every crook whose place it does not know (not face up, not its own, not spied, not known to
  lie in a den) is in the *pool*. An unknown face-down crook is drawn from the pool, weighted
  towards high ranks (players hide their good crooks); an unknown card in a den is drawn from
  the pool evenly. What it saw while recruiting or spying stays known: a den whose size has not
  changed since is known exactly; a smaller one is assumed to have lost its best crooks.
* At each target, every player's rank is a distribution; a player still in the game with no
  crook there may still come (more likely at high targets, less when short of money or free
  targets). The expected points of a target are its expected worth times each player's chance
  of the highest rank; gangs score by a soft majority.
* The bot's utility is its expected points minus the best rival's, plus a price per dollar
  (money buys later crooks and breaks ties). A den is worth the expected best gain of the
  crooks it may hold minus its price; when no den is worth it, the bot passes.
* Face-down placement costs a dollar but hides rank and modifier: a small bonus, with some
  noise, makes the bot hide strong crooks and bluff with weak ones on valuable targets.
* Killer, Swap and Accomplice are weighed through the same utility; Pickpocket always takes the
  money; Spy looks where the unknown matters most.
"""

import math
from itertools import accumulate

from engine.core.rng import Rng, seed_state

from . import content

MAX_RANK = 48  # above any stack of ranks plus a hidden crook
# Tuned in bot-against-bot games (docs/crooks.md).
SETTINGS = {
    "price": {2: 2.0, 3: 1.5, 4: 1.2},  # utility of a dollar, by player count
    "hide": 0.25, "hide_per_value": 0.05,  # face-down bonus in dollars: base + per value
    "noise": 0.8,  # spread of the random bonus (in dollars) that varies face-down play
    "spy": 0.4,  # worth of a Spy's look
    "later_cost": 2.5,  # dollars a rival is assumed to spend per crook still to come
    "later_cap": 0.8,  # highest chance that a rival still comes to a target
    "memory": True,  # remembers the crooks seen while recruiting and spying
}
# The Easy level, a beginner: it forgets what it saw, expects no rival to come to a target later,
# never bluffs face down, sees nothing in the Spy's look and spends its money too freely (a
# dollar is worth 0.7 of what the heuristic bot counts); docs/engine.md, "Bot levels".
EASY = {"memory": False, "later_cap": 0.0, "hide": 0.0, "hide_per_value": 0.0, "noise": 0.0,
        "spy": 0.0, "price": {2: 1.4, 3: 1.05, 4: 0.85}}


def _cdf(dist: dict) -> list[float]:
    dense = [0.0] * (MAX_RANK + 1)
    for rank, p in dist.items():
        dense[rank] += p
    return list(accumulate(dense))


def win_chances(dists: list[dict], cdfs: list[list[float]]) -> list[float]:
    """Each player's share of a target: the chance of the highest rank, ties split evenly
    (rank 0 stands for no crook there; ``cdfs`` are the distributions' cumulative sums)."""
    out = []
    for q, dist in enumerate(dists):
        others = [c for j, c in enumerate(cdfs) if j != q and c[0] < 1]
        share = 0.0
        for x, p in dist.items():
            if x <= 0:
                continue
            below = level = 1.0
            for c in others:
                below *= c[x - 1]
                level *= c[x]
            share += p * (below + level) / 2
        out.append(share)
    return out


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


class Pile:
    """One player's crooks at a target as the bot knows them."""

    __slots__ = ("rank", "mod", "gangs", "hidden", "exists")

    def __init__(self, cards: list[dict], spied: dict):
        self.rank = self.mod = self.hidden = 0
        self.gangs = [0, 0, 0]
        self.exists = bool(cards)
        for c in cards:
            cid = c.get("crook") or spied.get(c["placed"])
            if cid is None:
                self.hidden += 1
                continue
            data = content.crook(cid)
            self.rank += data["rank"]
            self.mod += data["modifier"]
            for i, g in enumerate(content.GANGS):
                self.gangs[i] += g in data["gangs"]


class Model:
    """The bot's picture of the table, built from its view."""

    def __init__(self, view: dict, settings: dict):
        self.view = view
        self.settings = settings
        self.price = settings["price"][len(view["names"])]
        self.me = me = view["player"]
        self.n = n = len(view["names"])
        self.money = view["money"][me]
        self.memory = view["memory"] if settings["memory"] else []
        spied = {x["placed"]: x["crook"] for e in self.memory if e["kind"] == "spy_target"
                 for x in e["saw"]}
        known = set()
        self.piles = {}
        for target in view["targets"]:
            v = target["value"]
            self.piles[v] = [Pile(cards, spied) for cards in target["piles"]]
            for cards in target["piles"]:
                known.update(c.get("crook") or spied.get(c["placed"]) for c in cards)
        known.update(r["crook"] for r in view["removed"] if "crook" in r)
        if view["hand"]:
            known.add(view["hand"]["crook"])
        self.den_known, self.den_partial = {}, {}
        counts = {d["den"]: d["count"] for d in view["dens"]}
        for den, cards in self._den_memory().items():
            if counts[den] == len(cards):
                self.den_known[den] = cards
                known.update(cards)
            elif counts[den]:
                self.den_partial[den] = cards
        self.den_counts = counts
        self.pool = [cid for cid in content.crooks() if cid not in known]
        self._pool_stats()
        self.active = [not view["passed"][q] for q in range(n)]
        self.free = {q: [v for v in content.TARGETS if not self.piles[v][q].exists]
                     for q in range(n)}
        self.base_mod = {v: v + sum(p.mod + p.hidden * self.mean_mod for p in self.piles[v])
                         for v in content.TARGETS}
        self.configs = {v: tuple((p.exists, p.rank, p.hidden) for p in self.piles[v])
                        for v in content.TARGETS}  # each player's (exists, rank, hidden)
        self._chance_cache: dict = {}
        self._gang_cache: dict = {}
        self._cdf_cache: dict = {}
        self.target_points = {v: self._target_points(v, {}, 0) for v in content.TARGETS}
        self.gang_counts = [[sum(self.piles[v][q].gangs[i] + self.piles[v][q].hidden
                                 * self.gang_prob[i] for v in content.TARGETS)
                             for i in range(3)] for q in range(n)]
        self.totals = [sum(self.target_points[v][q] for v in content.TARGETS)
                       for q in range(n)]
        gangs = self._gang_points(self.gang_counts)
        self.totals = [t + g for t, g in zip(self.totals, gangs, strict=True)]
        self.gang_base = gangs
        self.base_utility = self.utility(self.totals, self.money)  # every gain is counted from it

    def _den_memory(self) -> dict:
        """The latest stack the bot saw in each den (recruiting: the cards it left)."""
        seen = {}
        for e in self.memory:
            if e["kind"] == "recruit":
                took = e["took"]["crook"] if e["took"] else None
                seen[e["den"]] = [c["crook"] for c in e["saw"] if c["crook"] != took]
            elif e["kind"] == "spy_den":
                seen[e["den"]] = [c["crook"] for c in e["saw"]]
        return seen

    def _pool_stats(self) -> None:
        pool = self.pool or list(content.crooks())
        weights = [1 + content.crook(c)["rank"] / 6 for c in pool]
        total = sum(weights)
        self.hidden_dist: dict = {}
        for cid, w in zip(pool, weights, strict=True):
            r = content.crook(cid)["rank"]
            self.hidden_dist[r] = self.hidden_dist.get(r, 0) + w / total
        self.mean_mod = sum(content.crook(c)["modifier"] * w
                            for c, w in zip(pool, weights, strict=True)) / total
        self.gang_prob = [sum(w for c, w in zip(pool, weights, strict=True)
                              if g in content.crook(c)["gangs"]) / total
                          for g in content.GANGS]
        ranks = sorted(content.crook(c)["rank"] for c in pool)
        self.future_dist = {}
        for i, r in enumerate(ranks):  # the better of two crooks drawn from the pool
            p = ((i + 1) ** 2 - i ** 2) / len(ranks) ** 2
            self.future_dist[r] = self.future_dist.get(r, 0) + p

    # --- expected points ---------------------------------------------------------------------
    def _future_chance(self, q: int, v: int) -> float:
        """How likely player ``q`` (still in, no crook at ``v``) sends a crook there later."""
        free = self.free[q]
        if not free:
            return 0.0
        later = min(len(free), self.view["money"][q] / self.settings["later_cost"])
        return min(self.settings["later_cap"], later * v / sum(free))

    def _dist(self, v: int, q: int, cfg) -> dict:
        exists, rank, hidden = cfg
        if exists:
            dist = {rank: 1.0}
            for _ in range(hidden):
                dist = {a + b: pa * pb for a, pa in dist.items()
                        for b, pb in self.hidden_dist.items()}
            return dist
        if q != self.me and self.active[q]:
            f = self._future_chance(q, v)
            dist = {r: f * p for r, p in self.future_dist.items()}
            dist[0] = 1 - f
            return dist
        return {0: 1.0}

    def _target_points(self, v: int, changes: dict, mod_delta: float) -> list[float]:
        cfgs = self.configs[v]
        if changes:
            cfgs = tuple(changes.get(q) or c for q, c in enumerate(cfgs))
        key = (v, cfgs)
        chances = self._chance_cache.get(key)
        if chances is None:
            dists = [self._dist(v, q, c) for q, c in enumerate(cfgs)]
            cdfs = []
            for q, (c, d) in enumerate(zip(cfgs, dists, strict=True)):
                cdf = self._cdf_cache.get((v, q, c))
                if cdf is None:
                    cdf = self._cdf_cache[v, q, c] = _cdf(d)
                cdfs.append(cdf)
            chances = self._chance_cache[key] = win_chances(dists, cdfs)
        worth = max(0.0, self.base_mod[v] + mod_delta)
        return [worth * c for c in chances]

    def _gang_points(self, counts: list[list[float]]) -> list[float]:
        points = content.GANG_POINTS[self.n]
        out = [0.0] * self.n
        for g in range(3):
            for q in range(self.n):
                rival = max(counts[j][g] for j in range(self.n) if j != q)
                if counts[q][g] > 0:
                    out[q] += points * _logistic(2 * (counts[q][g] - rival) - 1)
        return out

    def utility(self, totals: list[float], money: float) -> float:
        rival = max(t for q, t in enumerate(totals) if q != self.me)
        return totals[self.me] - rival + self.price * money

    def gain(self, targets: dict, gangs: dict, money: int = 0) -> float:
        """Utility change of a hypothetical move: ``targets`` maps a target to (player configs
        ``{q: (exists, rank, hidden)}``, modifier change), ``gangs`` a player to gang changes."""
        totals = self.totals
        for v, (changes, mod_delta) in targets.items():
            new = self._target_points(v, changes, mod_delta)
            totals = [t - o + w for t, o, w in zip(totals, self.target_points[v], new,
                                                    strict=True)]
        if gangs:
            key = tuple((q, tuple(d)) for q, d in sorted(gangs.items()))
            points = self._gang_cache.get(key)
            if points is None:
                counts = [list(c) for c in self.gang_counts]
                for q, delta in gangs.items():
                    counts[q] = [a + b for a, b in zip(counts[q], delta, strict=True)]
                points = self._gang_cache[key] = self._gang_points(counts)
            totals = [t - o + w for t, o, w in zip(totals, self.gang_base, points, strict=True)]
        return self.utility(totals, self.money + money) - self.base_utility

    # --- placements --------------------------------------------------------------------------
    def placements(self, cid: str, money: int) -> list[tuple[int, str]]:
        """Where the bot may place ``cid`` holding ``money`` (the rules of ``raid``)."""
        action = content.crook(cid)["action"]
        free = self.free[self.me]
        found = [(v, "up") for v in free]
        if action != "kingpin" and money >= content.FACE_DOWN_COST:
            found += [(v, "down") for v in free]
        if action in ("accomplice", "killer") or action == "swap" and free:
            found += [(v, "up") for v in content.TARGETS if v not in free]
        return found

    def removal(self, v: int, q: int) -> tuple[float, list[float]]:
        """The modifiers and gang members (expected, for hidden crooks) of ``q``'s pile."""
        p = self.piles[v][q]
        mod = p.mod + p.hidden * self.mean_mod
        return mod, [g + p.hidden * pr for g, pr in zip(p.gangs, self.gang_prob, strict=True)]

    def placement_gain(self, cid: str, v: int, face: str) -> float:
        """The utility change of placing ``cid`` at ``v``, its action used at its best."""
        data = content.crook(cid)
        r, m, action = data["rank"], data["modifier"], data["action"]
        me = self.me
        gangs = content.gang_members(cid)
        mine = self.piles[v][me]
        if face == "down":
            bonus = self.price * (self.settings["hide"] + self.settings["hide_per_value"] * v)
            return self.gain({v: ({me: (True, r, 0)}, m)}, {me: gangs}, -1) + bonus
        if mine.exists:
            if action == "accomplice":
                return self.gain({v: ({me: (True, mine.rank + r, 0)}, m)}, {me: gangs})
            if action == "killer":
                lost = [a - b for a, b in zip(gangs, mine.gangs, strict=True)]
                return self.gain({v: ({me: (True, r, 0)}, m - mine.mod)}, {me: lost})
            return max(self.gain({v: ({me: (True, r, 0)}, m - mine.mod),  # a Swap
                                  w: ({me: (True, mine.rank, 0)}, mine.mod)}, {me: gangs})
                       for w in self.free[me])
        extra = {"pickpocket": content.PICKPOCKET_MONEY}.get(action, 0)
        best = self.gain({v: ({me: (True, r, 0)}, m)}, {me: gangs}, extra)
        if action == "spy":
            best += self.settings["spy"]
        if action == "killer":
            for q in range(self.n):
                if q != me and self.piles[v][q].exists:
                    mod, lost = self.removal(v, q)
                    best = max(best, self.gain({v: ({me: (True, r, 0), q: (False, 0, 0)},
                                                    m - mod)},
                                               {me: gangs, q: [-x for x in lost]}))
        return best

    def best_gain(self, cid: str, money: int) -> float:
        """The best a crook can do here, holding ``money`` once recruited (nothing: 0)."""
        spots = self.placements(cid, money)
        return max((self.placement_gain(cid, v, f) for v, f in spots), default=0.0)


class HeuristicBot:
    """Plays Crooks from its own view: see the module docstring."""

    name = "heuristic"
    uses_view = True

    def __init__(self, seed: int, **settings):
        self.rng = Rng(seed_state(seed ^ 0xC500C5))
        self.settings = {**SETTINGS, **settings}

    def decide(self, view: dict, choice: dict):
        options = choice["options"]
        if len(options) == 1:
            return options[0]
        model = Model(view, self.settings)
        kind = choice["kind"]
        if kind == "turn":
            return self._turn(model, options)
        if kind == "take":
            return max(options, key=lambda o: model.best_gain(o["take"], model.money))
        if kind == "place":
            return self._place(model, view, options)
        if kind == "kill":
            return self._kill(model, view, options)
        if kind == "swap":
            return self._swap(model, view, options)
        if kind == "spy":
            return self._spy(model, view, options)
        return {"use": True} if {"use": True} in options else options[0]

    def _turn(self, model: Model, options: list) -> dict:
        known: dict = {}

        def value(cid: str, k: int) -> float:
            """A crook's best gain from a stack of ``k`` (its price paid)."""
            if content.crook(cid)["action"] == "kingpin" and k > 1:
                return 0.0
            key = (cid, model.money - k >= content.FACE_DOWN_COST)
            if key not in known:
                known[key] = model.best_gain(cid, model.money - k)
            return known[key]

        gains = {}
        for option in options:
            if "den" not in option:
                continue
            den = option["den"]
            k = model.den_counts[den]
            if den in model.den_known:
                expected = max(value(c, k) for c in model.den_known[den])
            elif den in model.den_partial:  # the others took its best crooks
                expected = sorted(value(c, k) for c in model.den_partial[den])[k - 1]
            else:
                expected = _expected_best(sorted(value(c, k) for c in model.pool), k)
            gains[den] = expected - model.price * k
        if not gains or max(gains.values()) <= 0:
            return {"pass": True}
        return {"den": max(gains, key=lambda d: (gains[d], -model.den_counts[d]))}

    def _place(self, model: Model, view: dict, options: list) -> dict:
        cid = view["hand"]["crook"]

        def score(option):
            g = model.placement_gain(cid, option["place"], option["face"])
            if option["face"] == "down":
                g += model.price * self.settings["noise"] * (self.rng.below(1000) / 500 - 1)
            return g
        return max(options, key=score)

    def _kill(self, model: Model, view: dict, options: list) -> dict:
        v = view["step"]["at"]

        def score(option):
            if "use" in option:
                return 0.0
            q = option["kill"]
            mod, lost = model.removal(v, q)
            return model.gain({v: ({q: (False, 0, 0)}, -mod)}, {q: [-x for x in lost]})
        return max(options, key=score)

    def _swap(self, model: Model, view: dict, options: list) -> dict:
        v = view["step"]["at"]
        mine = next(t for t in view["targets"] if t["value"] == v)["piles"][model.me]
        swap, moved = mine[-1], mine[:-1]
        rank = sum(c["rank"] for c in moved)
        mod = sum(c["modifier"] for c in moved)

        def score(option):
            w = option["swap_to"]
            return model.gain({v: ({model.me: (True, swap["rank"], 0)}, -mod),
                               w: ({model.me: (True, rank, 0)}, mod)}, {})
        return max(options, key=score)

    def _spy(self, model: Model, view: dict, options: list) -> dict:
        def score(option):
            if "use" in option:
                return 0.0
            if option["spy"] == "den":
                den = option["at"]
                return 0.0 if den in model.den_known else 0.6 * model.den_counts[den]
            v = option["at"]
            return v * sum(p.hidden for q, p in enumerate(model.piles[v]) if q != model.me)
        return max(options, key=score)


class EasyBot(HeuristicBot):
    """The Easy level: the heuristic bot with the ``EASY`` settings."""

    name = "easy"

    def __init__(self, seed: int):
        super().__init__(seed, **EASY)


def _expected_best(values: list[float], k: int) -> float:
    """The expected largest of ``k`` values drawn without replacement (``values`` sorted)."""
    n = len(values)
    if n == 0:
        return 0.0
    k = min(k, n)
    total = math.comb(n, k)
    return sum(v * math.comb(i, k - 1) / total for i, v in enumerate(values) if i >= k - 1)
