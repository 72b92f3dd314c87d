"""Bot-vs-bot games: the statistics behind balance claims and the engine's soak test."""

import time
import traceback
from collections import Counter

from engine.core.bots import RandomBot, next_move
from engine.core.game import Match, rules_for, state_hash
from engine.core.search import SearchBot

BOTS = ("random", "easy", "normal", "hard")
ALIASES = {"heuristic": "normal", "search": "hard"}  # the names the bots had before levels


def heuristic(rules, seed: int):
    return rules.heuristic_bot(seed)


def easy(rules, seed: int):
    return rules.easy_bot(seed)


def make_bot(kind: str, game: str, seed: int, **search):
    """A bot of ``kind`` (one of BOTS, or an old name); ``search``: SearchBot's budget and
    breadth for a hard bot."""
    rules = rules_for(game)
    kind = ALIASES.get(kind, kind)
    if kind == "random":
        return RandomBot(rules, seed)
    if kind == "easy":
        return easy(rules, seed)
    if kind == "normal":
        return heuristic(rules, seed)
    if kind == "hard":
        return SearchBot(rules, seed, policy=heuristic, alternative=easy, **search)
    raise ValueError(f"unknown bot {kind!r} ({', '.join(BOTS)})")


MAX_ACTIONS = 50_000  # a game this long has lost its way (random Swindler bots pass 20,000 in
                      # about one game in a hundred: docs/swindler.md)


def decisions(match: Match, bots: list, max_actions: int = MAX_ACTIONS):
    """The bots play ``match`` to its end, every bot seeing only its own view and the choice in
    front of it; yields the match before every decision. Where the game lets players act out
    of turn (``Rules.standing``), the other bots are asked first, in seat order."""
    rules = match.rules
    while rules.result(match.state) is None:
        if len(match.actions) >= max_actions:
            raise RuntimeError(f"no result after {max_actions} actions")
        yield match
        match.act(*next_move(rules, match.state, bots))


def play(game: str, bots: list, seed: int, max_actions: int = MAX_ACTIONS) -> Match:
    """One game of bots."""
    match = Match.start(game, [{} for _ in bots], {}, seed)
    for _ in decisions(match, bots, max_actions):
        pass
    return match


def simulate(game: str, players: int, games: int, seed: int, bot_kinds: list[str],
             check_replay: bool = True) -> dict:
    if len(bot_kinds) == 1:
        bot_kinds = bot_kinds * players
    if len(bot_kinds) != players:
        raise ValueError("give one bot kind, or one per seat")
    started = time.perf_counter()
    errors, mismatches, finished, turns, actions = 0, 0, 0, 0, 0
    by_label, by_outcome, by_seat, by_bot = Counter(), Counter(), Counter(), Counter()
    failures = []
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        bots = [make_bot(kind, game, game_seed * 8 + i) for i, kind in enumerate(bot_kinds)]
        try:
            match = play(game, bots, game_seed)
        except Exception:
            errors += 1
            if len(failures) < 3:
                failures.append({"seed": game_seed, "error": traceback.format_exc(limit=6)})
            continue
        result = match.rules.result(match.state)
        finished += 1
        turns += match.state.get("turn", 0)
        actions += len(match.actions)
        by_outcome[result["outcome"]] += 1
        if result.get("winner") is not None:
            winner = result["winner"]
            by_seat[winner] += 1
            by_bot[bot_kinds[winner]] += 1
            label = match.rules.winner_label(match.state, winner)
            if label is not None:
                by_label[label] += 1
        if check_replay and state_hash(Match.replay(match.record()).state) != \
                state_hash(match.state):
            mismatches += 1
    seconds = time.perf_counter() - started
    return {
        "game": game, "players": players, "games": games, "bots": bot_kinds,
        "finished": finished, "errors": errors, "replay_mismatches": mismatches,
        "mean_turns": round(turns / finished, 2) if finished else None,
        "mean_actions": round(actions / finished, 1) if finished else None,
        "wins": {"by_outcome": dict(by_outcome), "by_label": dict(by_label),
                 "by_seat": {str(k): v for k, v in sorted(by_seat.items())},
                 "by_bot": dict(by_bot)},
        "seconds": round(seconds, 2), "failures": failures,
    }
