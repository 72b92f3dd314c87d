"""Crooks: masterminds recruit crooks in the city's dens and send them to raid targets, 2-4
players.

``RULES`` is made on first use, so that the help page (the content only) imports no rules.
"""

from engine.core.game import rules_on_first_use

__getattr__ = rules_on_first_use(__name__, "Crooks")
