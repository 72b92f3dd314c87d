"""One bot game played to its end and written as a record: the figures the report sums up.

Pure: the game and its bots are drawn from the seeds alone, so game ``number`` of a run with
``seed`` is the same game in any process on any machine (seats' bots as in ``engine.simulate``).
"""

from engine.core.bots import next_move
from engine.core.game import Match
from engine.core.search import result_winners
from engine.simulate import MAX_ACTIONS, make_bot


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run with ``seed`` (as ``engine.simulate`` draws it)."""
    return seed * 1_000_003 + number


def play_record(game: str, players: int, seed: int, number: int, bots: str = "normal") -> dict:
    """Game ``number`` of the run ``seed``: ``players`` bots of level ``bots``, played out."""
    start = game_seed(seed, number)
    kinds = [bots] * players
    seated = [make_bot(kind, game, start * 8 + p) for p, kind in enumerate(kinds)]
    match = Match.start(game, [{} for _ in kinds], {}, start)
    rules, played = match.rules, [[] for _ in kinds]
    while rules.result(match.state) is None:
        if len(match.actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{game} game {number} of seed {seed}: no result")
        player, action = next_move(rules, match.state, seated)
        card = rules.card_played(match.state, player, action)
        if card is not None:
            played[player].append(card)
        match.act(player, action)
    return record(match, number, played)


def record(match: Match, number: int, played: list[list[str]]) -> dict:
    """The record of a finished ``match``; ``played``: the cards each seat played, in order."""
    rules, state = match.rules, match.state
    result = rules.result(state)
    players = len(played)
    labels = [rules.winner_label(state, p) for p in range(players)]
    return {
        "number": number, "players": players,
        "winners": result_winners(result),
        "scores": rules.scores(result) or None,
        "turns": state.get("turn", 0), "decisions": len(match.actions),
        "end": rules.ending(result),
        "labels": labels if any(x is not None for x in labels) else None,
        "cards": [sorted(set(cards)) for cards in played],
    }
