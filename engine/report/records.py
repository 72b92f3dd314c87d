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
        card = PLAYED[game](match.state, player, action)
        if card is not None:
            played[player].append(card)
        match.act(player, action)
    return record(game, match, number, played)


def record(game: str, match: Match, number: int, played: list[list[str]]) -> dict:
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
        "end": END[game](state, result),
        "labels": labels if any(x is not None for x in labels) else None,
        "cards": [sorted(set(cards)) for cards in played],
    }


# --- what each game counts as a card played, and how it ended ---------------------------------
def _aot_played(state: dict, player: int, action) -> str | None:
    """A declared card resolved (not resigned): its kinds, the basic cards left out."""
    from engine.age_of_thieves import content
    if not (isinstance(action, dict) and "as" in action and action["as"] != "resign"):
        return None
    declared = state["thieves"][player]["declared"][action["card"]]
    kinds = [content.general_deck()[int(c[1:])] if content.is_general(c) else c
             for c in declared["cards"]]
    kinds = [k for k in kinds if content.cards()[k]["type"] != "basic"]
    return kinds[0] if kinds else None


def _swindler_played(state: dict, player: int, action) -> str | None:
    """An accomplice played: its kind."""
    from engine.swindler import content
    if isinstance(action, dict) and "play" in action:
        return content.accomplices()[action["play"]]["kind"]
    return None


def _crooks_played(state: dict, player: int, action) -> str | None:
    """A crook recruited."""
    if isinstance(action, dict) and "take" in action:
        return action["take"]
    return None


PLAYED = {"age_of_thieves": _aot_played, "swindler": _swindler_played,
          "crooks": _crooks_played}


def _aot_end(state: dict, result: dict) -> str:
    """The Emperor's Jewel carried out, an escape on VP (or a tie-break), or every thief
    defeated."""
    return result["outcome"]


def _swindler_end(state: dict, result: dict) -> str:
    """The last round rung in by a swindler's fulfilled orders, or by the orders running out
    (then nobody can fulfil more: no count reaches the mark later)."""
    from engine.swindler import content
    most = max(row["orders"] for row in result["table"])
    return "orders_reached" if most >= content.END_AT[len(result["table"])] else "orders_out"


def _crooks_end(state: dict, result: dict) -> str:
    """Every mastermind passed; the game decided on points, on money (a tie on points), or
    shared."""
    return {"points": "points", "money": "money"}.get(result["decided_by"], "shared")


END = {"age_of_thieves": _aot_end, "swindler": _swindler_end, "crooks": _crooks_end}
