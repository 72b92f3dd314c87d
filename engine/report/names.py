"""The English names the report page gives ids, as each game's rules declare them
(``Rules.english_names``, ``Rules.ends``); the app gives them in the player's language
(web/screens/stats.py)."""

from functools import cache

from engine.core.game import rules_for


@cache
def english_names(game: str) -> dict:
    """The names of ``game``'s labels (thieves, master thieves) and cards, by id."""
    return rules_for(game).english_names()


def name(game: str, key: str) -> str:
    """A thief's, master thief's or card's name; an end condition's words."""
    return rules_for(game).ends.get(key) or english_names(game).get(key, key)
