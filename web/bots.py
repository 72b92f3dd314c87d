"""The bot seats of the game open at the table: which bot decides next, and its decision, made
from that bot's own view and choice only (engine/core/bots.py)."""

from engine.core.bots import RandomBot, standing_play
from engine.core.game import Match


class TableBots:
    def __init__(self, match: Match):
        self.match = match
        self.bots: dict = {}  # seat -> its bot, made when first needed
        self.asked: set = set()  # (decisions made, seat): asked to act out of turn

    def is_bot(self, p: int) -> bool:
        return bool(self.match.seats[p].get("bot"))

    def due(self) -> int | None:
        """The bot seat that decides next: one whose decision it is, else one that may act out
        of turn now (``Rules.standing``) and was not asked at this moment yet."""
        rules, state = self.match.rules, self.match.state
        for p in rules.to_act(state):
            if self.is_bot(p):
                return p
        return next((p for p in range(len(self.match.seats)) if self.is_bot(p)
                     and (len(self.match.actions), p) not in self.asked
                     and rules.standing_options(state, p)), None)

    def decide(self, p: int):
        """Bot seat ``p``'s action now; None when, out of turn, it lets the moment pass."""
        rules, state = self.match.rules, self.match.state
        if p not in rules.to_act(state):
            self.asked.add((len(self.match.actions), p))
            return standing_play(rules, state, p, self.bot(p))
        choice = rules.choice(state, p)
        view = rules.view(state, p)
        try:
            action = self.bot(p).decide(view, choice)
            rules.check(state, p, action)
        except Exception:
            # a bot's mistake or crash must not stop the table: a random legal move instead
            action = RandomBot(rules, len(self.match.actions)).decide(view, choice)
        return action

    def bot(self, p: int):
        if p not in self.bots:
            kind = self.match.seats[p].get("bot", "heuristic")
            rules = self.match.rules
            seed = (self.match.seed * 8 + p + len(self.match.actions)) & 0xFFFFFFFF
            make = getattr(rules, "heuristic_bot", None)
            self.bots[p] = make(seed) if kind == "heuristic" and make else RandomBot(rules, seed)
        return self.bots[p]
