"""What the per-game language tests share: whole bot games to render, and the checks every
rendered screen passes in every language."""

import html
import re

from engine.core.game import Match
from engine.simulate import decisions, make_bot

PLACEHOLDER = re.compile(r"\{\w*\}")
TAG = re.compile(r"<[^>]*>")
NAMES = ["Ann", "Bo", "Cem", "Dana"]


def play(game: str, players: int, kind: str, seed: int, options: dict | None = None):
    """A bot game with the seats Ann, Bo, ...: yields the match before every decision and
    once at the end."""
    bots = [make_bot(kind, game, seed * 8 + i) for i in range(players)]
    match = Match.start(game, [{"name": n} for n in NAMES[:players]], options or {}, seed)
    yield from decisions(match, bots)
    yield match


def sample_messages(messages: dict, samples: dict):
    """Every message of a game's table with ``samples`` for its arguments, a plural one with
    its count 1 and 2: (the table's id, the message as the engine would write it)."""
    for msg, template in messages.items():
        text = template if isinstance(template, str) else template[1]
        args = {key: samples[key] for key in re.findall(r"\{(\w+)\}", text)}
        for count in ((1, 2) if isinstance(template, tuple) else (None,)):
            if count is not None:
                args = {**args, template[2]: count}
            yield msg, {"msg": msg.split(".")[0], "args": args}  # "moves.watch": a variant


def raw_ids(messages: dict) -> re.Pattern:
    """Finds a message id shown instead of its text."""
    return re.compile(r"\b(" + "|".join(re.escape(k) for k in messages if "_" in k) + r")\b")


def check(text: str, raw: re.Pattern, where: str) -> None:
    """No unfilled placeholder and no raw message id in ``text``."""
    assert not PLACEHOLDER.search(text), (where, PLACEHOLDER.search(text).group())
    assert not raw.search(text), (where, raw.search(text).group())


def shown(page: str) -> str:
    """What a page shows (its text, not its attributes)."""
    return html.unescape(TAG.sub(" ", page))


def words(names: list[str], text: str) -> list[str]:
    """Which of ``names`` appear in ``text`` as whole words."""
    return [n for n in names if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", text)]
