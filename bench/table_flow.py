"""Decisions and hand-overs per person per round at a hot-seat table (issue 13).

    .venv/bin/python bench/table_flow.py                      # markdown tables (about 2 min)
    .venv/bin/python bench/table_flow.py --json               # one JSON object
    .venv/bin/python bench/table_flow.py --games 5 --game swindler --people 1 2
    .venv/bin/python bench/table_flow.py --tree /tmp/wt-before   # measure another checkout
    # issue 53: a 3-seat Swindler table of 3 people, full secrecy, with auto-pass
    .venv/bin/python bench/table_flow.py --game swindler --players 3 --people 3 \
        --secrecy full --passes people

For each game and 1 to 4 people at a 4-seat table (``--players``: another size; the other
seats Normal bots), it plays ``--games`` games through the real app (``web.app.App`` on a
``MemoryStorage``, no browser), started from the start screen with that game's default table
options (``--secrecy``: Swindler's "Answering accomplices" set to full secrecy, ``full``, or to
asking only players who can answer, ``skip``, the default). The people are played by
the game's heuristic bot, each deciding from that person's own view and choice. The loop is the
page's: a hand-over screen is confirmed, a bot that is due decides (``App.bot_step``, in turn or
out of turn as the app lets it), else the person on screen decides through the screen's ``act``
event. Out-of-turn moments of people (Swindler's standing cards) are not taken.

Auto-pass (web/keep/passes.py, issue 53): with ``--passes none`` (the default) nobody sets one. With
``--passes people`` each person, at the first reaction window they are asked in the game, sets
"ask me only when someone has drawn a skull, has stopped stealing or plays a card", keeps it
all game and answers the windows still asked as the bot decides: the moments of the cards that
change a steal's outcome most (Schutzengelchen, Verräter, Erbschleicherin, Meuchlerin), leaving
the two commonest windows (about to steal, about to draw again) to the table. A choice made
once, before the hand is known, as a real person would make it whatever they hold (it is
shown to everyone: a hand-independent policy; it gives up answering those two moments with a
Naseweis or a Betrügerin). ``--passes turn``: each person, at the first window they are asked
in each of the others' turns, sets "until my next turn" (the table passes that window too).

Counted per game: every prompt a person is shown (a choice of theirs on their own screen), those
with exactly one legal option ("single-option prompts"), and every hand-over screen. An Age of
Thieves walk is one prompt: the screen's path planner sends all its steps at once, so a step
right after the same person's own step is counted as a walk step, not a prompt (a "stop" is a
prompt). The people's actions the table played without asking them (a tree that plays a lone
legal option itself) are counted too. A round: Age of Thieves ``state["turn"]``, Swindler
``state["round"]`` (both counters of the engine, the last round possibly unfinished), Crooks
the laps around the table (Crooks' ``state["turn"]`` counts single players' turns): a lap
starts whenever the player on turn is no further round from the first player than the one
before.

The app, the engine and the bots come from whatever ``web`` and ``engine`` are first on the
import path: ``--tree DIR`` (or ``PYTHONPATH=DIR``) measures another checkout, e.g. a worktree of
an older commit; the output names the tree and its commit. See bench/README.md.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

GAMES = ("age_of_thieves", "swindler", "crooks")
SEATS = 4
SECRECY = {"full": "ask", "skip": "skip"}  # Swindler's skip_reaction_prompts, by its radio id
PASSES = {"none": None, "turn": "turn",  # the auto-pass a person sets (web/keep/passes.py)
          "people": ["skull_drawn", "steal_ended", "played"]}


def _use_tree(tree: str | None) -> None:
    """Put ``tree`` first on the import path; without it, this repository goes last (whatever
    PYTHONPATH or the installed package gives wins)."""
    if tree:
        sys.path.insert(0, str(Path(tree).resolve()))
    else:
        sys.path.append(str(Path(__file__).resolve().parents[1]))


def _commit(path: Path) -> str:
    try:
        out = subprocess.run(["git", "-C", str(path), "log", "-1", "--format=%h %cs %s"],
                             capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", str(path), "status", "--porcelain", "--",
                                "engine", "web"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return "?"
    line = out.stdout.strip()[:80] or "?"
    return line + (" (+ uncommitted changes in engine/ or web/)" if dirty.stdout.strip() else "")


def _english() -> None:
    """English texts; a checkout whose catalogs were never compiled (a fresh worktree: no
    ``make catalogs``) gets the untranslated texts instead, which count the same."""
    import gettext

    from web.base import i18n

    try:
        i18n.activate("en")
    except FileNotFoundError:
        print("(no compiled catalogs in this tree: untranslated texts)", file=sys.stderr)

        def activate(code: str) -> None:
            i18n._active, i18n._code = gettext.NullTranslations(), code

        i18n.activate = activate
        i18n.activate("en")


# --- the people at the table ---------------------------------------------------------------------
class Person:
    """A person's decisions: the game's heuristic bot, from that person's own view."""

    def __init__(self, rules, seed: int):
        from engine.core.bots import RandomBot

        make = getattr(rules, "heuristic_bot", None)
        self.rules = rules
        self.bot = make(seed) if make else RandomBot(rules, seed)
        self.fallback = RandomBot(rules, seed ^ 0x7AB1E)

    def decide(self, state: dict, p: int, choice: dict):
        view = self.rules.view(state, p)
        try:
            action = self.bot.decide(view, choice)
            self.rules.check(state, p, action)
        except Exception:  # as the table does for a bot seat: a legal move instead
            action = self.fallback.decide(view, choice)
        return action


def prompt_key(choice: dict) -> str:
    """What a prompt asks: the choice's kind, and its message id where it has one; marked
    "[default]" when the choice carries a documented default (Age of Thieves: a decision the
    book leaves to the first thief, which a table option may settle by that default)."""
    prompt = choice.get("prompt")
    msg = prompt.get("msg") if isinstance(prompt, dict) else None
    kind = str(choice.get("kind", "?"))
    key = f"{kind}/{msg}" if msg and msg != kind else kind
    return key + " [default]" if "default" in choice else key


def single_option(choice: dict) -> bool:
    return "options" in choice and len(choice["options"]) == 1


class Laps:
    """Rounds of a game: an engine counter, or (Crooks) laps of the player on turn."""

    def __init__(self, game: str, seats: int = SEATS):
        self.game, self.seats, self.laps, self.turn, self.pos = game, seats, 0, None, None

    def see(self, state: dict) -> None:
        if self.game != "crooks" or state.get("turn") == self.turn \
                or state.get("current") is None:
            return
        n = len(state["passed"]) if "passed" in state else self.seats
        pos = (state["current"] - state.get("first", 0)) % n
        if self.pos is None or pos <= self.pos:
            self.laps += 1
        self.turn, self.pos = state.get("turn"), pos

    def rounds(self, state: dict) -> int:
        if self.game == "crooks":
            return self.laps
        return int(state.get("round" if self.game == "swindler" else "turn", 0))


# --- one game ------------------------------------------------------------------------------------
def start(app, game: str, people: int, seats: int = SEATS, secrecy: str | None = None) -> None:
    """Through the start screen: ``people`` persons then Normal bots at ``seats`` seats,
    default options (``secrecy``: Swindler's answering accomplices, full or skip)."""
    from web.screens.start import BOT_LABELS

    bot = "normal" if "normal" in BOT_LABELS else "heuristic"  # its name before the levels
    app.handle("setup-game", game)
    app.handle("setup-players", seats)
    if secrecy and game == "swindler":
        app.handle("setup-option", {"arg": "skip_reaction_prompts", "value": SECRECY[secrecy]})
    for i in range(seats):
        app.handle("setup-kind", {"arg": i, "value": "human" if i < people else bot})
        app.handle("setup-name", {"arg": i, "value": f"{'P' if i < people else 'Bot '}{i}"})
    app.handle("start-game")
    if app.match is None or app.match.game != game:
        raise RuntimeError(f"the table did not start: {app.notice}")


def play(game: str, people: int, seed: int, max_steps: int = 100_000, seats: int = SEATS,
         secrecy: str | None = None, passes: str = "none") -> dict:
    from web.app import App
    from web.keep.saves import MemoryStorage

    clock = iter(range(1_750_000_000, 1 << 40))
    app = App(MemoryStorage(), now=lambda: float(next(clock)), session=MemoryStorage(),
              seed_source=lambda: seed)
    start(app, game, people, seats, secrecy)
    rules = app.match.rules
    persons = {p: Person(rules, (seed * 8 + p) & 0xFFFFFFFF) for p in range(people)}
    laps = Laps(game, seats)
    decisions, singles, walk_steps, handovers = Counter(), Counter(), 0, 0
    by_seat = Counter()
    handover_to = Counter()  # the prompt each hand-over leads to
    back_to_holder = 0  # hand-overs to the person who had the device just before
    wish, wished = PASSES[passes], {}  # the auto-pass people set, and when (seat: turn)
    last = None  # (person, action, actions made then) of the last prompt answered
    steps = 0
    while app.screen != "end":
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{game} seed {seed}: no end after {max_steps} steps")
        laps.see(app.match.state)
        if app.screen == "handover":
            handovers += 1
            back_to_holder += app.hot.handed_from == app.hot.next_human()
            app.handle("handover-ok")
            p = app.hot.viewer
            if app.screen == "game" and p in rules.to_act(app.match.state):
                handover_to[prompt_key(rules.choice(app.match.state, p))] += 1
            else:
                handover_to["(no prompt)"] += 1
            continue
        if app.pending_bot() is not None:
            app.bot_step()
            continue
        state, p = app.match.state, app.hot.viewer
        if app.screen != "game" or p is None or p not in rules.to_act(state):
            raise RuntimeError(f"{game} seed {seed}: stuck on {app.screen} (viewer {p}, "
                               f"to act {rules.to_act(state)})")
        choice = rules.choice(state, p)
        if wish is not None and choice.get("kind") == "react" \
                and wished.get(p, -1) != (state["turn"] if wish == "turn" else 0):
            wished[p] = state["turn"] if wish == "turn" else 0  # once a turn, or once a game
            app.handle("auto-pass", wish)
            continue
        action = persons[p].decide(state, p, choice)
        n = len(app.match.actions)
        walking = (last is not None and last[0] == p and last[2] == n
                   and isinstance(last[1], dict) and "step" in last[1]
                   and choice.get("kind") == "move" and isinstance(action, dict)
                   and "step" in action)
        if walking:
            walk_steps += 1
        else:
            key = prompt_key(choice)
            decisions[key] += 1
            by_seat[p] += 1
            if single_option(choice):
                singles[key] += 1
        app.handle("act", action)
        if len(app.match.actions) <= n:
            raise RuntimeError(f"{game} seed {seed}: the screen refused {action!r}: "
                               f"{app.notice}")
        last = (p, action, len(app.match.actions))
    laps.see(app.match.state)
    actors = Counter(actor for actor, _ in app.match.actions)
    return {"rounds": laps.rounds(app.match.state), "actions": len(app.match.actions),
            "person_actions": sum(actors[p] for p in range(people)),
            "decisions": decisions, "singles": singles, "walk_steps": walk_steps,
            "handovers": handovers, "handover_to": handover_to,
            "back_to_holder": back_to_holder,
            "per_seat": [by_seat[p] for p in range(people)]}


# --- all of it -----------------------------------------------------------------------------------
def measure(game: str, people: int, games: int, seed: int, seats: int = SEATS,
            secrecy: str | None = None, passes: str = "none") -> dict:
    t0 = time.perf_counter()
    runs = [play(game, people, seed + i, seats=seats, secrecy=secrecy, passes=passes)
            for i in range(games)]
    rounds = sum(r["rounds"] for r in runs)
    decisions, singles, handover_to = Counter(), Counter(), Counter()
    for r in runs:
        decisions.update(r["decisions"])
        singles.update(r["singles"])
        handover_to.update(r["handover_to"])
    prompts, lone = sum(decisions.values()), sum(singles.values())
    handovers = sum(r["handovers"] for r in runs)
    person_rounds = rounds * people
    seat_share = [max(r["per_seat"]) / max(1, min(r["per_seat"])) for r in runs]
    return {
        "game": game, "people": people, "games": games, "seeds": [seed, seed + games - 1],
        "players": seats, "secrecy": secrecy or "default", "passes": passes,
        "rounds_per_game": rounds / games,
        "actions_per_game": sum(r["actions"] for r in runs) / games,
        "decisions_per_person_round": prompts / person_rounds,
        "single_option_per_person_round": lone / person_rounds,
        "handovers_per_round": handovers / rounds,
        "decisions_per_game": prompts / games,
        "single_option_per_game": lone / games,
        "handovers_per_game": handovers / games,
        "handovers_back_to_holder_per_game": sum(r["back_to_holder"] for r in runs) / games,
        "walk_steps_per_game": sum(r["walk_steps"] for r in runs) / games,
        # the people's actions the table played without asking (one legal option)
        "played_for_people_per_game": sum(r["person_actions"] - r["walk_steps"]
                                          - sum(r["decisions"].values()) for r in runs) / games,
        "busiest_over_quietest_person": sum(seat_share) / games,
        "prompts_by_kind": dict(decisions.most_common()),
        "single_option_by_kind": dict(singles.most_common()),
        "handovers_by_next_prompt": dict(handover_to.most_common()),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def table(rows: list[dict]) -> str:
    head = ("| game | people | rounds / game | decisions / person / round | single-option / "
            "person / round | hand-overs / round | decisions / game | single-option / game | "
            "hand-overs / game | played without asking / game |\n"
            "|---|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['people']} | {r['rounds_per_game']:.1f} | "
            f"{r['decisions_per_person_round']:.2f} | "
            f"{r['single_option_per_person_round']:.2f} | {r['handovers_per_round']:.2f} | "
            f"{r['decisions_per_game']:.1f} | {r['single_option_per_game']:.1f} | "
            f"{r['handovers_per_game']:.1f} | {r['played_for_people_per_game']:.1f} |")
    return "\n".join(lines)


def breakdown(rows: list[dict], top: int = 8) -> str:
    """Per game, all table sizes together: the commonest prompts, single-option prompts and
    the prompts hand-overs lead to (shares of each)."""
    out = []
    for game in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == game]
        for field, title in (("prompts_by_kind", "prompts"),
                             ("single_option_by_kind", "single-option prompts"),
                             ("handovers_by_next_prompt", "hand-overs, by the prompt after")):
            total = Counter()
            for r in mine:
                total.update(r[field])
            n = sum(total.values())
            if not n:
                out.append(f"- {game}, {title}: none")
                continue
            parts = ", ".join(f"{k} {100 * v / n:.0f} %" for k, v in total.most_common(top))
            out.append(f"- {game}, {title} ({n}): {parts}")
        back = sum(r["handovers_back_to_holder_per_game"] * r["games"] for r in mine)
        out.append(f"- {game}, hand-overs to the person who had the device just before: "
                   f"{back:.0f}")
    return "\n".join(out)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="games per game and table size")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed")
    ap.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    ap.add_argument("--people", type=int, nargs="+", default=[1, 2, 3, 4],
                    choices=range(1, SEATS + 1), help="the table sizes in people")
    ap.add_argument("--players", type=int, default=SEATS, choices=range(2, SEATS + 1),
                    help="seats at the table (people, then bots)")
    ap.add_argument("--secrecy", choices=tuple(SECRECY),
                    help="Swindler: ask everyone (full) or only who can answer (skip)")
    ap.add_argument("--passes", choices=tuple(PASSES), default="none",
                    help="the auto-pass the people set (see above)")
    ap.add_argument("--tree", help="import web/ and engine/ from this checkout")
    ap.add_argument("--json", action="store_true", help="one JSON object")
    args = ap.parse_args(argv)
    _use_tree(args.tree)
    import web.app

    _english()
    tree = Path(web.app.__file__).resolve().parents[1]
    rows = []
    for game in args.game or GAMES:
        for people in (n for n in args.people if n <= args.players):
            rows.append(measure(game, people, args.games, args.seed, args.players,
                                args.secrecy, args.passes))
            if not args.json:
                print(f"  {game}, {people} people: {rows[-1]['seconds']} s", file=sys.stderr,
                      flush=True)
    about = {"tree": str(tree), "commit": _commit(tree), "python": platform.python_version(),
             "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
             "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
             "games": args.games, "seed": args.seed, "players": args.players,
             "secrecy": args.secrecy or "default", "passes": args.passes}
    if args.json:
        print(json.dumps({**about, "rows": rows}, indent=1))
        return
    print(f"Tree {about['tree']} at {about['commit']}; {args.games} games per row from seed "
          f"{args.seed}; {args.players} seats, secrecy {about['secrecy']}, auto-pass "
          f"{args.passes}; CPython {about['python']}; {about['date']}\n")
    print(table(rows))
    print()
    print(breakdown(rows))


if __name__ == "__main__":
    main()
