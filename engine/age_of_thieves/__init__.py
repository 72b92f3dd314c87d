"""Age of Thieves: the heist on the Emperors' Jewel, for 2-4 thieves."""

from .rules import AgeOfThieves

RULES = AgeOfThieves()
