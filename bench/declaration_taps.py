"""Taps to make an Age of Thieves declaration on the planning sheet (the phone play-test's 217
of 534 taps).

    .venv/bin/python bench/declaration_taps.py                 # markdown table
    .venv/bin/python bench/declaration_taps.py --json          # one JSON object
    .venv/bin/python bench/declaration_taps.py --tree /tmp/wt-before   # an older checkout

The plans are real ones: ``--games`` games of ``--players`` Normal bots (the heuristic bot),
every declaration a bot makes, with the view its thief had. Each plan is then built on the
sheet through its events (``web.games.aot.ui.reduce``, no browser) the fewest ways the sheet allows,
confirm included, and the declaration the sheet sends is checked to be the bot's (same cards,
AP, tokens and carried card). One event is one tap.

Two sheets are known, told apart by the events the checkout's sheet takes:

- "steps" (until November 2026): a card is added with 1 AP (0 when none is left), each further
  AP is one '+' tap (one '-' tap back), a carried card and each token one tap;
- "numbers": a card's AP are one tap on a number (0 up to what is left); a carried card and each
  token one tap, a token on a card without AP declares it.
"""

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path


def _use_tree(tree: str | None) -> None:
    if tree:
        sys.path.insert(0, str(Path(tree).resolve()))
    else:
        sys.path.append(str(Path(__file__).resolve().parents[1]))


def plans(games: int, players: int, seed: int) -> list[tuple[dict, list[dict]]]:
    """(view, declaration) of every declaration the bots make in ``games`` games."""
    from engine.core.game import Match

    out = []
    for g in range(games):
        match = Match.start("age_of_thieves", [{"name": f"P{i}"} for i in range(players)],
                            seed=seed + g)
        rules = match.rules
        bots = [rules.heuristic_bot((seed + g) * 8 + p) for p in range(players)]
        while rules.result(match.state) is None:
            p = rules.to_act(match.state)[0]
            choice = rules.choice(match.state, p)
            view = rules.view(match.state, p)
            action = bots[p].decide(view, choice)
            if choice["kind"] == "declare":
                out.append((view, action["declare"]))
            match.act(p, action)
    return out


def steps_events(view: dict, plan: list[dict]) -> list[tuple[str, object]]:
    """The taps on the "steps" sheet: add every card (with its carried card and tokens), then
    '-' where a card got an AP it should not have, then '+' up to each card's AP."""
    spec = view["choice"]["spec"]
    events, placed, left = [], [], spec["ap"]
    for i, entry in enumerate(plan):
        events.append(("aot-draft-add", entry["card"]))
        placed.append(1 if left > 0 else 0)
        left -= placed[-1]
        if "carry" in entry:
            events.append(("aot-draft-carry", {"i": i, "card": entry["carry"]}))
        events += [("aot-draft-token", {"i": i, "token": k, "add": True})
                   for k in entry.get("tokens", [])]
    for sign in (-1, 1):
        for i, entry in enumerate(plan):
            events += [("aot-draft-ap", {"i": i, "d": sign})] * max(0, sign * (entry["ap"]
                                                                                - placed[i]))
    return events


def number_events(view: dict, plan: list[dict]) -> list[tuple[str, object]]:
    """The taps on the "numbers" sheet: each card's AP (none for a token-only card), its
    tokens, its carried card (offered once the special card is declared)."""
    events = []
    for entry in plan:
        if entry["ap"]:
            events.append(("aot-draft-ap", {"card": entry["card"], "ap": entry["ap"]}))
        events += [("aot-draft-token", {"card": entry["card"], "token": k, "add": True})
                   for k in entry.get("tokens", [])]
        if "carry" in entry:
            events.append(("aot-draft-carry", entry["carry"]))
    return events


def sheet() -> str:
    """Which sheet this checkout has: the "steps" sheet takes an add event."""
    from web.games.aot.ui import reduce

    view = {"turn": 1, "player": 0, "choice": {"kind": "declare", "spec": {
        "ap": 10, "basic": ["move", "ambush"], "special": "x", "hand": [], "tokens": []}}}
    ui, _actions = reduce(view, {}, "aot-draft-add", "move")
    return "steps" if ui.get("draft", {}).get("entries") else "numbers"


def taps(view: dict, plan: list[dict], kind: str) -> int:
    """Taps to build ``plan`` and confirm it; checks the sheet sends exactly ``plan``."""
    from web.games.aot.ui import reduce

    events = (steps_events if kind == "steps" else number_events)(view, plan)
    ui = {}
    for ev, arg in events:
        ui, _actions = reduce(view, ui, ev, arg)
    _ui, actions = reduce(view, ui, "aot-declare", None)

    def key(entries):
        return sorted(json.dumps({**e, "tokens": sorted(e.get("tokens", []))}, sort_keys=True)
                      for e in entries)

    if key(actions[0]["declare"]) != key(plan):
        raise AssertionError(f"the sheet sent {actions[0]['declare']}, not {plan}")
    return len(events) + 1


def shape(plan: list[dict]) -> str:
    return " + ".join(sorted((str(e["ap"]) for e in plan), key=int, reverse=True)) or "nothing"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tree", help="measure this checkout's sheet (engine and web)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    _use_tree(args.tree)
    kind = sheet()
    found = plans(args.games, args.players, args.seed)
    counts = [taps(view, plan, kind) for view, plan in found]
    ap_total = [sum(e["ap"] for e in plan) for _view, plan in found]
    by_shape = Counter(shape(plan) for _view, plan in found)
    shape_taps = {}
    for count, (_view, plan) in zip(counts, found, strict=True):
        shape_taps.setdefault(shape(plan), []).append(count)
    result = {"sheet": kind, "games": args.games, "players": args.players,
              "plans": len(found), "taps": sum(counts),
              "taps_per_plan": round(statistics.mean(counts), 2),
              "cards_per_plan": round(statistics.mean(len(p) for _v, p in found), 2),
              "ap_per_plan": round(statistics.mean(ap_total), 2),
              "most_common": [
                  {"plan": s, "n": n, "taps": round(statistics.mean(shape_taps[s]), 1)}
                  for s, n in by_shape.most_common(8)]}
    if args.json:
        print(json.dumps(result))
        return
    print(f"sheet: {kind}; {result['plans']} plans of {args.games} games of {args.players} "
          f"Normal bots; {result['cards_per_plan']} cards and {result['ap_per_plan']} AP a plan")
    print(f"taps: {result['taps']} in all, {result['taps_per_plan']} a plan (confirm included)\n")
    print("| plan (AP per card) | plans | taps (mean) |\n|---|---|---|")
    for row in result["most_common"]:
        print(f"| {row['plan']} | {row['n']} | {row['taps']} |")


if __name__ == "__main__":
    main()
