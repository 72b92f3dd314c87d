"""Crooks: masterminds recruit crooks in the city's dens and send them to raid targets, 2-4
players.

``RULES`` is made on first use, so that the help page (the content only) imports no rules.
"""


def __getattr__(name: str):
    if name == "RULES":
        from .rules import Crooks

        globals()["RULES"] = rules = Crooks()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
