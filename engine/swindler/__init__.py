"""Swindler: push-your-luck pickpocketing in Victorian London, for 2-4 swindlers.

``RULES`` is made on first use, so that the help page (the content only) imports no rules.
"""

from engine.core.game import rules_on_first_use

__getattr__ = rules_on_first_use(__name__, "Swindler")
