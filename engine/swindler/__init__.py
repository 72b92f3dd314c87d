"""Swindler: push-your-luck pickpocketing in Victorian London, for 2-4 swindlers.

``RULES`` is made on first use, so that the help page (the content only) imports no rules.
"""


def __getattr__(name: str):
    if name == "RULES":
        from .rules import Swindler

        globals()["RULES"] = rules = Swindler()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
