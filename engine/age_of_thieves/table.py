"""The table: the JSON game state together with the board and the state's own generator.

Every rule module works on a ``Table``. The state dict is the only thing that changes; the board
is immutable data shared by all games.
"""

from engine.core import gamelog
from engine.core.rng import Rng

from . import content
from .board import load_board

NEWEST = 3  # the newest rules revision (AgeOfThieves.revision, which says what each changed)


class Table:
    __slots__ = ("s", "board", "rng")

    def __init__(self, state: dict):
        self.s = state
        self.board = load_board()
        self.rng = Rng(state["rng"])

    @property
    def revision(self) -> int:
        """The rules revision the game is played under: a rule that changed reads it where it
        applies (``if t.revision < 2:`` the older rule)."""
        return self.s["options"].get("rules", NEWEST)

    # --- players -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.s["thieves"])

    def thief(self, p: int) -> dict:
        return self.s["thieves"][p]

    def name(self, p: int) -> str:
        return self.thief(p)["name"]

    def special(self, p: int) -> str | None:
        """The thief's special action card; None in a first game played without them (the
        table option ``special_cards`` off: the books leave them in the box then)."""
        if not self.s["options"].get("special_cards", True):
            return None
        return content.thieves()[self.thief(p)["id"]]["special"]

    def has_ability(self, p: int, key: str) -> bool:
        return content.thieves()[self.thief(p)["id"]]["ability_key"] == key

    def clockwise(self) -> list[int]:
        """Every player, starting with the first thief, clockwise."""
        first, n = self.s["first"], self.players
        return [(first + i) % n for i in range(n)]

    def in_game(self) -> list[int]:
        """Players still in the city (on the board or in a dungeon), first thief first."""
        return [p for p in self.clockwise() if self.thief(p)["where"] != "escaped"]

    def on_board(self, p: int) -> bool:
        return self.thief(p)["where"] == "board"

    def targetable(self) -> list[int]:
        """Thieves a card or ability may target: on the board, not in a dungeon."""
        return [p for p in range(self.players) if self.on_board(p)]

    # --- spaces and figures --------------------------------------------------------------
    def watch_at(self, space: str) -> str | None:
        for gid, figure in self.s["watch"].items():
            if figure["space"] == space:
                return gid
        return None

    def thieves_at(self, space: str) -> list[int]:
        return [p for p, t in enumerate(self.s["thieves"]) if t["where"] == "board"
                and t["space"] == space]

    def has_figure(self, space: str) -> bool:
        return self.watch_at(space) is not None or bool(self.thieves_at(space))

    def is_empty(self, space: str) -> bool:
        """No component at all: no figure, jewel, token or marker (never a dungeon)."""
        s = self.s
        return not (
            "dungeon" in self.board.spaces[space].kinds or self.has_figure(space)
            or space in s["jewels"] or space in s["tokens"] or space in s["features"]
            or space in s["smoke"] or space in s["fire"]
        )

    def is_kind(self, space: str, kind: str) -> bool:
        """Board kinds, counting the permanent city tokens lying on the space."""
        feature = self.s["features"].get(space)
        if feature and FEATURE_KINDS[feature] == kind:
            return True
        return kind in self.board.spaces[space].kinds

    def is_hideout(self, space: str) -> bool:
        return not self.mod("hideouts_exposed") and self.is_kind(space, "hideout")

    def hidden(self, p: int) -> bool:
        t = self.thief(p)
        return (t["hidden"] or bool(self.mod("all_hidden")) or self.is_hideout(t["space"])
                or t["space"] in self.s["smoke"] or self._behind_fire(p))

    def _behind_fire(self, p: int) -> bool:
        """Zain's firebrand: hidden on or beside a space on fire."""
        fire = self.s["fire"]
        space = self.thief(p)["space"]
        return bool(fire) and self.has_ability(p, "firebrand") and (
            space in fire or any(n in fire for n in self.board.neighbours(space)))

    def mod(self, key: str, default=0):
        return self.s["mods"].get(key, default)

    def blocked_for(self, space: str, p: int | None = None) -> bool:
        """Fire blocks a space for every figure (Zain's firebrand excepted)."""
        if space not in self.s["fire"]:
            return False
        return not (p is not None and self.has_ability(p, "firebrand"))

    def distance(self, a: str, b: str) -> int | None:
        return self.board.distance(a, b)

    def in_range(self, origin: str, target: str, rng) -> bool:
        """A card's range icon: a number of spaces, "D" for the same district, None for any."""
        if rng is None:
            return True
        if rng == "D":
            return self.board.district(origin) == self.board.district(target)
        d = self.distance(origin, target)
        return d is not None and d <= rng

    # --- jewels --------------------------------------------------------------------------
    def vp(self, p: int) -> int:
        t = self.thief(p)
        return sum(content.VP.get(j, 0) for j in t["jewels"]) + (
            content.BEST_BURGLAR_VP if t["best_burglar"] else 0)

    # --- cards ---------------------------------------------------------------------------
    @staticmethod
    def kind(card: str) -> str:
        """The kind of a card: basics and specials are named by kind, general cards 'c07'."""
        return content.general_deck()[int(card[1:])] if content.is_general(card) else card

    def card(self, kind: str) -> dict:
        """A card kind's data under the game's rules revision: a card a revision changed keeps
        what it did before in its ``before`` data (``{"3": {...}}``: under revisions before 3)."""
        card = content.cards()[kind]
        for since, older in sorted(card.get("before", {}).items(), key=lambda k: -int(k[0])):
            if self.revision < int(since):
                card = {**card, **older}
        return card

    def draw(self, p: int, n: int = 1) -> None:
        s = self.s
        for _ in range(n):
            if not s["deck"]:
                if not s["discard"]:
                    return
                s["deck"], s["discard"] = s["discard"], []
                self.rng.shuffle(s["deck"])
                self.log("deck_reshuffled")
            card = s["deck"].pop()
            self.thief(p)["hand"].append(card)
            self.log("draws", player=p)
            self.log("you_draw", to=p, card=self.kind(card))

    def discard_card(self, p: int, card: str) -> None:
        self.thief(p)["hand"].remove(card)
        self.s["discard"].append(card)
        self.log("discards", player=p, card=self.kind(card))

    def hand_limit(self) -> int:
        return content.HAND_LIMIT + self.mod("hand_limit")

    # --- the machine ---------------------------------------------------------------------
    def push(self, frame: dict) -> None:
        self.s["stack"].append(frame)

    def ask(self, player: int, ask: str, **fields) -> None:
        self.push({"do": ask, "player": player, **fields})

    def log(self, msg: str, to: int | None = None, **args) -> None:
        """A log line, the message ``msg`` with its data ``args``, for everyone or only for
        seat ``to`` (docs/i18n.md). Unlike the other games' logs this
        one is not bounded: the game itself bounds it (at most 15 turns; at most 433 lines,
        25 KB, in 600 bot games), the screen offers the whole log, and the board draws this
        turn's moves from it."""
        gamelog.write(self.s["log"], self.s["turn"], to=to, bounded=False, msg=msg, args=args)


FEATURE_KINDS = {"dark_alley": "hideout", "manhole": "sewer_entrance", "ladder": "sewer_exit"}
