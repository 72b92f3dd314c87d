"""The Declaration: weighs the plans of the turn (Dash, Sneak, Sneak with Elixir or
Rope, a repositioning card, before or after the city guard, hiding, taking a
guard out of the way), adds the cards worth declaring besides, and bids the AP:
just enough to act before the guard's known initiative when needed, spare AP
for priority over the other thieves."""

from __future__ import annotations

from .. import content
from .jumps import jump_cards
from .offence import offence_cards, offence_target
from .planning import Aim, p_caught
from .situation import Sit
from .values import CARD_VALUE, junk_card
from .watch import fire_cover, fire_wall, lured, variant, walked_away, walked_toward


class Declaring:
    """Building the declaration. Mixed into ``HeuristicBot``: notes the plan chosen, a jump's
    space and a removal in ``self.plan`` for the resolution. Without ``tricks`` (the Easy
    level) it weighs only the moves: no hiding, no repositioning card, no guard taken out of
    the way."""

    tricks = True

    def declare(self, sit: Sit, spec: dict) -> list[dict]:
        plain = spec["ap"]
        tokens = list(spec["tokens"])
        hand = {c["id"]: c["kind"] for c in sit.th["hand"]}
        if sit.where != "board":
            return fit([("move", None, max(1, plain + sum(
                content.TOKEN_AP[k] for k in tokens)), 1, 0)], plain, tokens)
        init = sit.view["initiative"] or 0
        bar = init + (1 if sit.alarm else 0)  # the least AP that acts before the guard
        strat = self.strategy(sit)
        by_kind: dict[str, list[str]] = {}
        for cid, kind in sorted(hand.items()):
            by_kind.setdefault(kind, []).append(cid)
        budget = plain + sum(content.TOKEN_AP[k] for k in tokens)
        sneak = max(0, content.SNEAK + sit.mods.get("sneak", 0))
        dash = max(0, content.DASH + sit.mods.get("dash", 0))
        here = sit.space
        s_threat = sit.threat_now(here)
        race = 0.5 if strat.get("race") else 1.0

        packages = [("dash", [("move", None)], dash, False, False),
                    ("sneak", [("move", None)], sneak, True, False)]
        elixir = by_kind.get("elixir_of_speed", [None])[0]
        rope = by_kind.get("rope_and_hook", [None])[0]
        if elixir:
            packages.append(("elixir", [("move", None), (elixir, None)], sneak + 5, True, False))
        if rope:
            packages.append(("rope", [("move", None), (rope, None)], sneak + 2, True, True))
        if elixir and rope:
            packages.append(("elixir+rope", [("move", None), (elixir, None), (rope, None)],
                             sneak + 7, True, True))
        defenses = self.defenses(sit, by_kind)
        offence = offence_cards(sit, strat, by_kind, sneak)
        if offence:
            packages = [pk for pk in packages if pk[0] != "dash"]  # Dash would waste them

        best = self.plan_moves(sit, here, packages, defenses, bar, budget, hand, strat, race)
        jumps = jump_cards(sit, by_kind) if self.tricks else {}
        for kind, (card, carry_card) in jumps.items():
            for timing in ("early", "late"):
                cost = bar + (bar if timing == "early" else 1)
                if cost > budget or (timing == "late" and bar <= 1):
                    continue
                jump = self.best_jump(sit, kind, here, sneak, timing == "early")
                if jump is None:
                    continue
                score = jump[0] - 0.4 * CARD_VALUE.get(kind, 4.0) - (
                    0.4 * CARD_VALUE.get(hand.get(carry_card, ""), 0) if carry_card else 0)
                if best is None or score > best[0] + 0.5:
                    best = (score, "jump", [("move", None)], timing, "jump",
                            (card, carry_card, jump[1]))
        stay = self.plan_moves(sit, here, [("stay", [], 0, True, False)], [(None, None)], bar,
                               budget, hand, strat, race)
        if best is None:
            best = stay
        stuck = best[0] - stay[0] < 2.0
        if self.tricks and (stuck or s_threat):
            for card, carry_card, changes in self.removals(sit, by_kind, here):
                vsit = variant(sit, changes)
                vhere = changes.get("here", here)
                cand = self.plan_moves(vsit, vhere, packages[:2], [("remove", (card, carry_card,
                                                                              changes))],
                                       bar, budget, hand, strat, race)
                if cand is not None and cand[0] > best[0] + 1.0:
                    best = cand
        if stuck and best[0] - stay[0] < 2.0 and not s_threat and sit.turns_left > 1:
            # nothing to gain by moving: a Cunning Plan for cards and AP next turn
            best = (stay[0] + 2.5, "plan", [("ambush", None)], "late", None, None)
        score, name, cards, timing, dname, dcard = best
        self.plan["declared"] = {"package": name, "timing": timing, "defense": dname}
        entries = []  # (card, carry, init, priority, min_init)
        early_init = max(bar, 1)
        late_init = max(1, bar - 1)
        if dcard:
            card, carry_card = _defence_cards(dname, dcard)
            entries.append((card, carry_card, early_init, 0, early_init))
            if dname == "jump":
                self.plan["jump"] = dcard[2]
            if dname == "remove":
                self.plan["removal"] = (card, dcard[2])
        for i, (card, _) in enumerate(cards):
            if timing == "early":
                entries.append((card, None, early_init, 1 + i, early_init))
            else:
                entries.append((card, None, late_init, 1 + i, 1))
        used = {e[0] for e in entries} | {e[1] for e in entries if e[1]}
        move_init = early_init if timing == "early" else late_init
        for card, carry_card in offence:
            # theft and catching cards go with the move (same AP: the order is ours to choose)
            if card in used or carry_card in used:
                continue
            left = budget - sum(e[2] for e in entries)
            init = min(move_init, left)
            if init < 1 or (init < move_init and hand.get(card) == "smoke_grenade"):
                continue
            entries.append((card, carry_card, init, 5, 1))
            used |= {card, carry_card}
        if name not in ("dash", "plan"):
            self.extras(sit, strat, by_kind, used, entries, budget, early_init)
        spare = budget - sum(e[2] for e in entries)
        if spare > 0 and entries and (timing == "early" or dname in ("jump", "remove")):
            # spare AP buys priority over the other thieves: for the card that must go first
            first = 0 if dname in ("jump", "remove") else next(
                (i for i, e in enumerate(entries) if e[3] == 1), 0)
            card, carry_card, ini, pr, mn = entries[first]
            entries[first] = (card, carry_card, ini + spare, pr, mn)
        return fit(entries, plain, tokens)

    def defenses(self, sit: Sit, by_kind: dict) -> list:
        """The ways to be safe wherever the move ends: (name, card), (None, None) for none;
        none but that for a bot without ``tricks``."""
        defenses = [(None, None)]
        if not self.tricks:
            return defenses
        cloak = by_kind.get("reflective_cloak", [None])[0]
        smoke = by_kind.get("smoke_grenade", [None])[0]
        if cloak:
            defenses.append(("cloak", cloak))
        if smoke:
            defenses.append(("smoke", smoke))
        fire = by_kind.get("fire_grenade", [None])[0]
        if sit.special == "wall_of_flames":
            junk = junk_card(sit, set())
            if junk:
                defenses.append(("fire", ("wall_of_flames", junk, 2)))
        if fire:
            defenses.append(("fire", (fire, None, 1)))
        return defenses

    def plan_moves(self, sit: Sit, here: str, packages: list, defenses: list, bar: int,
                   budget: int, hand: dict, strat: dict, race: float):
        """The best (score, package, cards, timing, defense, defense card) for this turn."""
        field = self.strategy(sit)["field"]
        carry = strat["mode"] == "carry"
        s_threat = sit.threat_now(here)
        memo: dict = {}

        def reach(steps, **terms):
            key = (steps, Aim.of(strat, **terms))
            if key not in memo:
                memo[key] = self.reach(sit, here, steps, field, key[1])
            return memo[key]

        best = None
        for name, cards, steps, pickups, protects in packages:
            card_cost = sum(0.4 * CARD_VALUE.get(hand.get(c, ""), 0) for c, _ in cards)
            first = 0
            if len(cards) > 1:  # a sewer ends the Move, the next card goes on from the exit
                first = max(0, content.SNEAK + sit.mods.get("sneak", 0))
            resume = (first, steps - first) if first else (0, 0)
            own = {c for c, _ in cards}
            for dname, dcard in defenses:
                if own.intersection(_defence_cards(dname, dcard)):
                    continue  # a card is declared once: no carrying the package's own card
                if dname in ("remove", "fire"):
                    dcost = 0.4 * CARD_VALUE.get(hand.get(dcard[0], dcard[0]), 2)
                    if dname == "fire" and dcard[1]:
                        dcost += 0.4 * CARD_VALUE.get(hand.get(dcard[1], ""), 1)
                else:
                    dcost = 0.4 * CARD_VALUE.get(hand.get(dcard, ""), 0) if dcard else 0.0
                if dname == "smoke" and carry:
                    dcost += 3.0  # smoke opens the carrier to theft
                for timing in ("early", "late"):
                    n_early = (len(cards) if timing == "early" else 0) + (1 if dcard else 0)
                    n_late = len(cards) if timing == "late" else 0
                    if timing == "late" and bar <= 1:
                        continue
                    if n_early * max(bar, 1) + n_late > budget:
                        continue
                    if timing == "late":
                        safe_start = not s_threat or dname in ("cloak", "smoke") or (
                            dname == "fire" and fire_cover(sit, here, dcard[2]))
                        score, _, _ = reach(steps, dash=not pickups, pending=False,
                                            cover=dname == "cloak", race=race, reveal=True,
                                            here_pickup=pickups and bool(cards),
                                            resume=resume)
                        if not safe_start:
                            score -= 120.0 if carry else p_caught(sit)
                    else:
                        score, _, _ = reach(steps, dash=not pickups, pending=True,
                                            cover=dname in ("cloak", "smoke"),
                                            protect=protects, reveal=True,
                                            here_pickup=pickups and bool(cards),
                                            resume=resume,
                                            end_fire=dcard[2] if dname == "fire" else 0)
                    score -= card_cost + dcost
                    if name == "dash":
                        score += 0.2  # keeps the cards for later
                    cand = (score, name, cards, timing, dname, dcard)
                    if best is None or score > best[0] + 1e-9:
                        best = cand
        return best

    def removals(self, sit: Sit, by_kind: dict, here: str) -> list:
        """Cards that take a nearby guard out of the way: (card, carried card, changes)."""
        g = sit.g
        near = sorted((g.d(here, sp), gid) for gid, (_, sp) in sit.guards.items()
                      if gid not in sit.held and g.d(here, sp) <= 5)[:3]
        if not near:
            return []
        out = []
        cards = {k: v[0] for k, v in by_kind.items()}
        if sit.special == "seduction":
            junk = junk_card(sit, set())
            if junk:
                cards["seduction"] = "seduction"
        if sit.special == "wall_of_flames":
            junk = junk_card(sit, set())
            if junk:
                cards["wall_of_flames"] = "wall_of_flames"
        for kind, card in sorted(cards.items()):
            carry = junk_card(sit, {card}) if kind in (
                "seduction", "wall_of_flames") else None
            if kind in ("seduction", "wall_of_flames") and not carry:
                continue
            if kind in ("fire_grenade", "wall_of_flames"):
                fires = fire_wall(sit, here, 2 if kind == "wall_of_flames" else 1)
                if fires:
                    out.append((card, carry, {"fire": fires}))
                continue
            if kind == "debilitating_gas":
                pushed = {gid: walked_away(sit, sp, here, 2)
                          for gid, (gk, sp) in sit.guards.items()
                          if g.d(here, sp) <= 5 and gk == "guard" and gid not in sit.held}
                if pushed:
                    out.append((card, None, {"moved": pushed}))
                continue
            if kind in ("firecracker", "noise_grenade"):
                steps = 3 if kind == "firecracker" else 2
                spot = self.lure_spot(sit, None, steps)
                if spot:
                    out.append((card, None, {"moved": lured(sit, spot, steps),
                                             "lure": spot}))
                continue
            for d, gid in near:
                gkind, sp = sit.guards[gid]
                if kind == "forged_orders" and gkind == "guard" and \
                        g.district[sp] == g.district[here]:
                    out.append((card, None, {"removed": [gid]}))
                elif kind == "beacon" and gkind == "guard" and d <= 5:
                    out.append((card, None, {"moved": {gid: walked_away(sit, sp, here, 4)}}))
                elif kind == "seduction" and d <= 4 and (
                        sit.revision < 3 or gkind == "guard"):  # moved, charmed: harmless
                    to = walked_away(sit, sp, here, 2) if sit.revision < 3 else \
                        walked_toward(sit, sp, here, 2)  # revision 3: lured toward her
                    out.append((card, carry, {"moved": {gid: to}, "held": [gid]}))
                elif d <= 3 and (kind == "purse_of_silver" or (
                        kind == "automatic_snare" and gkind == "guard")):
                    out.append((card, None, {"held": [gid]}))
                elif kind == "mirror_trick" and gkind == "guard" and d <= 3:
                    out.append((card, None, {"moved": {gid: here}, "here": sp}))
        return out[:6]

    def extras(self, sit: Sit, strat: dict, by_kind: dict, used: set, entries: list,
               budget: int, early_init: int) -> None:
        """Cheap cards worth declaring besides the plan: offence, draws, Wits."""
        spent = sum(e[2] for e in entries)
        left = budget - spent

        def add(card, init, priority, carry=None):
            nonlocal left
            if init > left:
                return False
            entries.append((card, carry, init, priority, 1))
            used.add(card)
            left -= init
            return True

        target = offence_target(sit, strat)
        if target is not None:
            for cid in by_kind.get("poisonous_bola", []):
                if cid not in used and self.offence_in_reach(sit, "poisonous_bola", target):
                    add(cid, 1, 6)
                    break
        for kind in ("guild_contacts", "pocket_chronometer"):
            for cid in by_kind.get(kind, []):
                if cid not in used and len(sit.th["hand"]) <= 4:
                    add(cid, 1, 8)
        if sit.special == "potion_of_haste" and "potion_of_haste" not in used and left >= 2:
            junk = junk_card(sit, used)
            if junk and CARD_VALUE.get(dict((c["id"], c["kind"]) for c in sit.th["hand"])
                                       .get(junk, ""), 1) <= 2:
                add("potion_of_haste", 1, 7, carry=junk)
        if "ambush" not in used and left >= 1:
            add("ambush", 1, 9)


def _defence_cards(dname: str | None, dcard) -> tuple:
    """The card a defence declares and the card it carries (None for none): a removal's,
    jump's or fire's ``dcard`` is (card, carried, what it does), any other the card alone."""
    if dname in ("remove", "jump", "fire"):
        return dcard[0], dcard[1]
    return dcard, None


def fit(entries: list, plain: int, tokens: list[str]) -> list[dict]:
    """Turn (card, carry, init, priority, min) entries into a legal declaration."""
    entries = sorted(entries, key=lambda e: e[3])
    budget = plain + sum(content.TOKEN_AP[k] for k in tokens)
    while sum(e[2] for e in entries) > budget and entries:
        # lower the over-bids first, then drop the least important card
        over = [i for i, e in enumerate(entries) if e[2] > e[4]]
        if over:
            i = max(over, key=lambda i: (entries[i][3], entries[i][2]))
            c, cr, ini, pr, mn = entries[i]
            entries[i] = (c, cr, ini - 1, pr, mn)
        else:
            entries.pop()
    out = []
    spare_plain = plain
    free_tokens = sorted(tokens, key=lambda k: -content.TOKEN_AP[k])
    for card, carry, init, _, _ in entries:
        entry = {"card": card, "ap": 0}
        if carry:
            entry["carry"] = carry
        need = init
        pay = min(need, spare_plain)
        spare_plain -= pay
        need -= pay
        while need > 0 and free_tokens:
            token = next((k for k in free_tokens if content.TOKEN_AP[k] <= need),
                         free_tokens[-1])
            free_tokens.remove(token)
            entry.setdefault("tokens", []).append(token)
            need -= content.TOKEN_AP[token]
        entry["ap"] = pay
        if pay + sum(content.TOKEN_AP[k] for k in entry.get("tokens", [])) >= 1:
            out.append(entry)
    return out
