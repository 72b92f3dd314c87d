"""Determinizing: a whole Crooks state made from one player's view alone (``Rules.determinize``).

What a seat cannot see: the crooks in the dens (only the counts), the unused crooks in the box,
another player's recruited crook not yet placed, other players' face-down crooks on the targets
(unless spied on, or the game is over), other players' crooks removed face down (killed or
discarded), what the others remember, and the generator. The crooks the viewer cannot place
(*unknown crooks*) are dealt to those hidden *slots* uniformly among the deals that contradict
nothing the view shows:

- a crook seen in a den (recruiting, spying) came from that den: it is still there if the
  viewer's latest look at the den showed it, or another player took it from there between the
  last look that showed it and the first that did not; a crook never seen in a den was not in
  any den the viewer has looked into by the time of the look, and the box holds only those;
- a slot filled by another player's take (a face-down crook placed in turn t, a discard in turn
  t, the crook in their hand) came from the den the log names for that turn, when the (bounded)
  log still has the line; a killed face-down crook was taken in the turn it was placed, which
  the log tells when it still has the placing (followed through Swaps to the kill), else
  before it was killed;
- a spied face-down crook is where the viewer saw it (its seat and ``placed`` turn), or, when
  it is gone from the targets, among that seat's face-down crooks killed after the look;
- the rules: the Kingpin never goes face down, and is taken only as a den's last crook; a
  discarded crook is never an Accomplice or a Killer (a full row can always take those face
  up), nor was any crook still in its den when the discard happened.

Deals are counted exactly (crooks and slots grouped by what they may go with), so each
consistent deal is equally likely. A den's stack keeps the order of the viewer's first look at
it (taking keeps the others' order); crooks the viewer never saw there go in at random places.
The box is sorted as in setup, and the generator is fresh from ``rng``. The other players'
looks into dens that the kept log names (recruiting, spying on a den) are rebuilt from the
dealt dens and the crooks taken since; their older looks and their looks at targets are not
(no rule reads a memory; only bots do), nor their private log lines (the view's log, and any
log the game writes later, is the same without them).
"""

from dataclasses import dataclass

from . import content
from .deal import deal

_DENLESS = ("accomplice", "killer")  # never discarded: a full row can take them face up
_NEVER = 1 << 30  # a turn after every turn


def determinize(view: dict, player: int, rng) -> dict:
    """A state whose ``view(state, player)`` is ``view``, its hidden crooks dealt with ``rng``."""
    table = hidden(view, player)
    n, dens = len(view["names"]), [d["den"] for d in view["dens"]]
    targets, removed, hand = table.targets, table.removed, table.hand
    dealt = deal(table.unknown, table.slots, table.facts.fits, rng)
    stacks = {d: [] for d in dens}
    box = []
    for slot, cid in zip(table.slots, dealt, strict=True):
        if slot.kind == "den":
            stacks[slot.where].append(cid)
        elif slot.kind == "box":
            box.append(cid)
        elif slot.kind == "hand":
            hand[slot.where] = cid
        elif slot.kind == "down":
            v, q, i = slot.where
            targets[v][q][i]["crook"] = cid
        else:
            removed[slot.where]["crook"] = cid
    taken = taken_crooks(view["log"], player, table.memory, targets, removed, hand,
                         view["turn"], table.slots)
    takes = den_takes(view["log"], taken)
    orders = {}
    for d in dens:
        orders[d] = _order(d, stacks[d], takes.get(d, []), table.memory, rng)
        here = set(stacks[d])
        stacks[d] = [c for c in orders[d] if c in here]
    step = None if view["step"] is None else {k: x for k, x in view["step"].items()
                                             if k != "seat"}
    memories = recollect(view["log"], n, player, stacks, takes, taken, orders)
    memories[player] = table.memory
    current = view["current"]
    state = {
        "game": "crooks", "options": {}, "names": list(view["names"]), "turn": view["turn"],
        "first": view["first"], "current": current, "step": step,
        "money": list(view["money"]), "bank": view["bank"], "passed": list(view["passed"]),
        "dens": stacks, "box": sorted(box),
        "removed": [{k: r[k] for k in ("crook", "seat", "face", "turn", "how")}
                    for r in removed],
        "targets": {v: [[{k: c[k] for k in ("crook", "face", "placed")} for c in pile]
                        for pile in piles] for v, piles in targets.items()},
        "hand": hand, "memory": memories, "log": [dict(line) for line in view["log"]],
        "result": view["result"], "rng": _fresh(rng),
    }
    return state


@dataclass
class Hidden:
    """What a view hides, laid out: the crooks the viewer cannot place (``unknown``) and the
    ``slots`` they go to, the ``facts`` a deal must respect, and the view's targets, removed
    crooks and hands in the state's form (spied crooks filled in)."""

    unknown: list
    slots: list
    facts: "_Facts"
    looks: dict
    memory: list
    targets: dict
    removed: list
    hand: list


def hidden(view: dict, player: int) -> Hidden:
    """The hidden slots of ``player``'s view and what a deal must respect."""
    dens = [d["den"] for d in view["dens"]]
    count = {d["den"]: d["count"] for d in view["dens"]}
    memory = [_remembered(e) for e in view["memory"]]
    taken_from = _takes(view["log"])
    killed = _killed(view["log"])
    targets = {str(t["value"]): [[dict(c) for c in pile] for pile in t["piles"]]
               for t in view["targets"]}
    removed = [dict(r) for r in view["removed"]]
    hand = [None] * len(view["names"])
    if view["hand"] is not None:
        hand[player] = view["hand"]["crook"]
    known = {c["crook"] for piles in targets.values() for pile in piles for c in pile
             if "crook" in c} | {r["crook"] for r in removed if "crook" in r}
    known |= {h for h in hand if h}

    spied = _spied(memory)
    slots = []
    for v, piles in targets.items():
        for q, pile in enumerate(piles):
            for i, c in enumerate(pile):
                if "crook" in c:
                    continue
                cid = spied.get((q, c["placed"]))
                if cid is not None:
                    c["crook"] = cid
                    known.add(cid)
                    continue
                slots.append(_Slot("down", (v, q, i), seat=q, turns=(c["placed"],) * 2,
                                   origin=taken_from.get((q, c["placed"]))))
    for i, r in enumerate(removed):
        if "crook" in r:
            continue
        if r["how"] == "discarded":
            slots.append(_Slot("discarded", i, seat=r["seat"], turns=(r["turn"],) * 2,
                               origin=taken_from.get((r["seat"], r["turn"]))))
        else:
            placed = killed.get((r["seat"], r["turn"]))
            turns = (1, r["turn"] - 1) if placed is None else (placed, placed)
            slots.append(_Slot("killed", i, seat=r["seat"], turns=turns, removed=r["turn"],
                               origin=taken_from.get((r["seat"], placed))))
    holder = view["holding"]
    if holder is not None and holder != player:
        slots.append(_Slot("hand", holder, seat=holder, turns=(view["turn"],) * 2,
                           origin=taken_from.get((holder, view["turn"]))))
    for d in dens:
        slots += [_Slot("den", d, den=d) for _ in range(count[d])]
    slots += [_Slot("box", None) for _ in range(view["unused"])]

    unknown = sorted(set(content.crooks()) - known)
    if len(unknown) != len(slots):
        raise ValueError("the view does not account for every crook")
    looks = _looks(memory)
    facts = _Facts(looks, count, _discard_turns(slots), _spied_gone(memory, targets))
    return Hidden(unknown, slots, facts, looks, memory, targets, removed, hand)


class _Slot:
    """A hidden place for one crook: ``den``, ``box``, or one taken by another player
    (``down`` on a target, ``killed``, ``discarded``, in the ``hand``), taken in a turn within
    ``turns`` (first, last) from the den ``origin`` (None: the log no longer says)."""

    __slots__ = ("kind", "where", "seat", "turns", "origin", "den", "removed")

    def __init__(self, kind, where, seat=None, turns=None, origin=None, den=None, removed=None):
        self.kind, self.where, self.seat, self.turns = kind, where, seat, turns
        self.origin, self.den, self.removed = origin, den, removed


class _Facts:
    """What the viewer knows that a crook in a slot must not contradict."""

    def __init__(self, looks, count, discards, gone):
        self.looks, self.count, self.discards, self.gone = looks, count, discards, gone
        self.seen = {}  # crook -> (den, last turn seen there, first look without it)
        for den, seen in looks.items():
            for i, (turn, cards) in enumerate(seen):
                for cid in cards:
                    later = next((t for t, c in seen[i + 1:] if cid not in c), _NEVER)
                    self.seen[cid] = (den, turn, later)

    def fits(self, cid: str, slot: _Slot) -> bool:
        action = content.crook(cid)["action"]
        if cid in self.gone:  # spied on, since killed: among that seat's later kills
            seat, after = self.gone[cid]
            return slot.kind == "killed" and slot.seat == seat and slot.removed > after
        seen = self.seen.get(cid)
        if slot.kind == "box":
            return seen is None
        if slot.kind == "den":
            if action in _DENLESS and slot.den in self.discards:
                return False
            if seen is not None:
                return seen[0] == slot.den and seen[2] == _NEVER
            return slot.den not in self.looks
        if action == "kingpin" and slot.kind not in ("hand", "discarded"):
            return False
        if slot.kind == "discarded" and action in _DENLESS:
            return False
        first, last = slot.turns
        for den in ([slot.origin] if slot.origin else self.count):
            if action == "kingpin" and self.count[den]:
                continue
            top = last
            if action in _DENLESS and den in self.discards:
                top = min(top, min(self.discards[den]) - 1)
            if seen is not None:
                if den == seen[0] and max(first, seen[1] + 1) <= min(top, seen[2] - 1):
                    return True
            elif den not in self.looks or first <= min(top, self.looks[den][0][0] - 1):
                return True
        return False


def _fresh(rng) -> list[int]:
    words = [rng.next_u32() for _ in range(4)]
    if not any(words):
        words[0] = 1
    return words


def _remembered(entry: dict) -> dict:
    """A memory entry of the view back in the state's form (crook ids for cards)."""
    out = dict(entry)
    if entry["kind"] == "spy_target":
        out["saw"] = [{"seat": x["seat"], "placed": x["placed"], "crook": x["crook"]}
                      for x in entry["saw"]]
    else:
        out["saw"] = [c["crook"] for c in entry["saw"]]
    if entry.get("took"):
        out["took"] = entry["took"]["crook"]
    return out


def _looks(memory: list) -> dict:
    """Den -> [(turn, crooks in it after the look)], oldest first: what the viewer saw in a den
    while recruiting (less the crook taken) or spying."""
    looks = {}
    for e in memory:
        if e["kind"] in ("recruit", "spy_den"):
            cards = [c for c in e["saw"] if c != e.get("took")]
            looks.setdefault(e["den"], []).append((e["turn"], cards))
    return looks


def _spied(memory: list) -> dict:
    """(seat, placed turn) -> the face-down crook the viewer saw there with a Spy."""
    return {(x["seat"], x["placed"]): x["crook"] for e in memory if e["kind"] == "spy_target"
            for x in e["saw"]}


def _spied_gone(memory: list, targets: dict) -> dict:
    """Spied crooks no longer on the targets (killed since): crook -> (seat, turn of the
    look)."""
    here = {(q, c["placed"]) for piles in targets.values() for q, pile in enumerate(piles)
            for c in pile}
    return {x["crook"]: (x["seat"], e["turn"]) for e in memory if e["kind"] == "spy_target"
            for x in e["saw"] if (x["seat"], x["placed"]) not in here}


def _takes(log: list) -> dict:
    """(seat, turn) -> the den that seat took a crook from, as far as the log still tells."""
    return {(line["args"]["player"], line["turn"]): line["args"]["den"] for line in log
            if line.get("msg") in ("takes", "discards") and "to" not in line}


def taken_crooks(log, player, memory, targets, removed, hand, turn, slots) -> dict:
    """(seat, turn) -> the crook that seat took in that turn, for every take the kept log names,
    read from a state whose crooks are all filled in."""
    out = {(player, e["turn"]): e["took"] for e in memory if e["kind"] == "recruit"}
    out.update(((line["args"]["player"], line["turn"]), line["args"]["crook"]) for line in log
               if line.get("msg") == "places_up" and "to" not in line)
    out.update(((q, c["placed"]), c["crook"]) for piles in targets.values()
               for q, pile in enumerate(piles) for c in pile)
    out.update(((r["seat"], r["turn"]), r["crook"]) for r in removed if r["how"] == "discarded")
    out.update(((s.seat, s.turns[0]), removed[s.where]["crook"]) for s in slots
               if s.kind == "killed" and s.turns[0] == s.turns[1])
    out.update(((q, turn), cid) for q, cid in enumerate(hand) if cid)
    return out


def den_takes(log: list, taken: dict) -> dict:
    """Den -> [(seat, turn, crook)]: the takes the kept log names, oldest first."""
    out = {}
    for line in log:
        key = (line["args"].get("player"), line["turn"])
        if line.get("msg") in ("takes", "discards") and "to" not in line and key in taken:
            out.setdefault(line["args"]["den"], []).append((*key, taken[key]))
    return out


def _order(den: str, stack: list, takes: list, memory: list, rng) -> list:
    """The den's crooks now and those taken from it as far as the log tells, in stack order:
    the order of the viewer's first look at the den, the others put in at random places."""
    present = set(stack) | {cid for _, _, cid in takes}
    first = next((e["saw"] for e in memory if e.get("den") == den
                  and e["kind"] in ("recruit", "spy_den")), [])
    seq = [c for c in first if c in present]
    for cid in sorted(present - set(seq)):
        seq.insert(rng.below(len(seq) + 1), cid)
    return seq


def recollect(log: list, n: int, player: int, stacks: dict, takes: dict, taken: dict,
              orders: dict) -> list:
    """The other players' looks into dens (recruiting, spying) that the kept log names, rebuilt
    from the dens now and the crooks taken since; their looks at targets are not rebuilt."""
    memories = [[] for _ in range(n)]
    for line in log:
        msg, a, turn = line.get("msg"), line["args"], line["turn"]
        if msg not in ("recruits", "spy_den") or "to" in line or a["player"] == player:
            continue
        q, den = a["player"], a["den"]
        later = {cid for _, t, cid in takes.get(den, []) if t > turn or
                 (t == turn and msg == "recruits")}
        present = set(stacks[den]) | later
        entry = {"turn": turn, "kind": "recruit" if msg == "recruits" else "spy_den",
                 "den": den, "saw": [c for c in orders[den] if c in present]}
        if msg == "recruits":
            entry["took"] = taken.get((q, turn)) if (q, turn, taken.get((q, turn))) in \
                takes.get(den, []) else None
        memories[q].append(entry)
    return memories


def _killed(log: list) -> dict:
    """(seat, turn killed) -> turn placed, for the face-down crooks the kept log follows from
    their placing to their death (a pile holds at most one face-down crook; a Swap moves it)."""
    out = {}
    at = {}  # (seat, turn placed) -> its target now
    for line in log:
        msg, a, turn = line.get("msg"), line["args"], line["turn"]
        if "to" in line:
            continue
        if msg == "places_down":
            at[(a["player"], turn)] = a["target"]
        elif msg == "swap_moves":
            for key, v in at.items():
                if key[0] == a["player"] and v == a["target"]:
                    at[key] = a["dest"]
        elif msg in ("killer_removes", "killer_own"):
            seat = a["victim"] if msg == "killer_removes" else a["player"]
            for key, v in list(at.items()):
                if key[0] == seat and v == a["target"]:
                    out[(seat, turn)] = key[1]
                    del at[key]
    return out


def _discard_turns(slots: list) -> dict:
    """Den -> turns a crook was discarded from it (as far as the log tells): the whole stack
    then held no Accomplice and no Killer."""
    out = {}
    for s in slots:
        if s.kind == "discarded" and s.origin:
            out.setdefault(s.origin, []).append(s.turns[0])
    return out
