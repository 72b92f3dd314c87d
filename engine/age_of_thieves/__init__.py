"""Age of Thieves: the heist on the Emperors' Jewel, for 2-4 thieves.

``RULES`` is made on first use, so that a screen needing only the content data (the browser's
start screen) does not import the rules.
"""


def __getattr__(name: str):
    if name == "RULES":
        from .rules import AgeOfThieves

        globals()["RULES"] = rules = AgeOfThieves()
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
