"""The English names the report page gives ids: thieves, master thieves, cards, end conditions
(the app gives them in the player's language: web/screens/stats.py)."""

from functools import cache

GAME_NAMES = {"age_of_thieves": "Age of Thieves", "swindler": "Swindler", "crooks": "Crooks"}
LABEL_TITLES = {"age_of_thieves": "thief", "swindler": "master thief"}
ENDS = {
    "emperor_escape": "the Emperors' Jewel carried out",
    "escape": "escaped thieves compared on VP",
    "all_defeated": "every thief defeated",
    "orders_reached": "enough orders fulfilled",
    "orders_out": "the orders ran out",
    "points": "a win on points",
    "money": "money broke a tie",
    "shared": "a shared win",
}


@cache
def english_names(game: str) -> dict:
    if game == "age_of_thieves":
        from engine.age_of_thieves import content
        return {**{k: v["name"] for k, v in content.thieves().items()},
                **{k: v["name"] for k, v in content.cards().items()}}
    if game == "swindler":
        from engine.swindler import content
        return {**{k: v["name"] for k, v in content.masters().items()},
                **{k: v["name"] for k, v in content.accomplice_kinds().items()}}
    from engine.crooks import content
    return {k: v["name"] for k, v in content.crooks().items()}


def name(game: str, key: str) -> str:
    """A thief's, master thief's or card's name; an end condition's words."""
    return ENDS.get(key) or english_names(game).get(key, key)
