"""Age of Thieves: the heist on the Emperors' Jewel, for 2-4 thieves.

``RULES`` is made on first use, so that a screen needing only the content data (the browser's
start screen) does not import the rules.
"""

from engine.core.game import rules_on_first_use

__getattr__ = rules_on_first_use(__name__, "AgeOfThieves")
