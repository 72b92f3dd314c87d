"""Age of Thieves behind the engine's game protocol."""

from engine.core.game import IllegalAction, Rules
from engine.core.gamelog import message
from engine.core.rng import Rng
from engine.core.wellformed import listed, number_or_text

from . import city_tokens, content, declaration, effects, movement, phases, setup  # noqa: F401 (ops)
from .machine import MACHINE, options_of, prompt_of, top_ask
from .table import NEWEST, Table


class AgeOfThieves(Rules):
    id = "age_of_thieves"
    name = "Age of Thieves"
    min_players = 2
    max_players = 4
    options = {"first_thief_decides": bool, "special_cards": bool}
    """``special_cards`` (absent: on): each thief may declare their special action card; off,
    a first game as the books advise it, with the special cards left in the box."""
    revision = NEWEST
    """1: the rules of release 2026-11-26. 2 (since ab15d46): a guard's target is chosen with
    the guards still to move, to catch as many thieves as possible together, and a hidden
    thief it did not detect does not make a crowd (1: the guard alone, the closest space with
    the most thieves on it). 3: the books' printed texts (docs/rules-coverage.md, "Rules
    revision 3"): Potion of Haste gives 2 temporary AP (2: 3); Seduction lures a guard up to
    2 spaces toward Jasmine's space (2: a guard or captain, up to 3 spaces, any way);
    Reinforcements puts a guard in the Palace too (2: the outer four districts); a noise on a
    guard's own space lures him, so he catches the thieves there (2: not lured); closed sewers
    close Rat King's Tunnels (2: open). Where a switch lies: grep ``t.revision``, and a card's
    ``before`` data (``Table.card``)."""
    unnamed_revision = 2  # records made before revisions were named: under 2, or 1 before it
    search_effort = {"declare": 2.5}  # a turn's plan: where Normal's pick costs the most
                                      # (bench/README.md, "the Declaration searched longer")

    def new_state(self, seats, options, rng: Rng) -> dict:
        state = setup.new_state(seats, options, rng)
        MACHINE.run(Table(state), phases.after_the_stack)
        return state

    def to_act(self, state: dict) -> list[int]:
        if state["result"] is not None:
            return []
        t = Table(state)
        frame = top_ask(t)
        return [frame["player"]] if frame else list(state["waiting"])

    def choice(self, state: dict, player: int) -> dict | None:
        if player not in self.to_act(state):
            return None
        t = Table(state)
        frame = top_ask(t)
        if frame is None:
            return {"player": player, "kind": "declare",
                    "prompt": message("declare_ask"),
                    "spec": declaration.spec(t, player)}
        found = {"player": player, "kind": frame["do"],
                 "prompt": prompt_of(t, frame), "options": options_of(t, frame)}
        if "default" in frame:
            found["default"] = frame["default"]
        if frame["do"] == "move":
            found.update(mover=frame["mover"], left=frame["left"])
        return found

    def check_rules(self, state: dict, player: int, action) -> None:
        t = Table(state)
        frame = top_ask(t)
        if frame is None:
            declaration.check(t, player, action)
            return
        try:
            listed(options_of(t, frame), action)
        except IllegalAction:
            text = self.notation(action)
            raise IllegalAction("not a legal choice here" + (f": {text}" if len(text) <= 60
                                                             else "")) from None

    def perform(self, state: dict, player: int, action) -> None:
        t = Table(state)
        frame = top_ask(t)
        if frame is None:
            phases.declare(t, player, action["declare"])
            MACHINE.run(t, phases.after_the_stack)
        else:
            MACHINE.answer(t, listed(options_of(t, frame), action), phases.after_the_stack)

    def view(self, state: dict, player: int | None) -> dict:
        from .views import view

        return view(Table(state), player, self.choice(state, player) if player is not None
                    else None)

    def walk_goes_on(self, view: dict, action, next_view: dict) -> bool:
        """A step of a move, and the next step of the same figure's move asked, with nothing
        else seen changing (no token turned, jewel taken, guard woken, line logged)."""
        from .views import stepped

        before, after = view["choice"], next_view["choice"]
        if not (before and after and before["kind"] == after["kind"] == "move"
                and before["mover"] == after["mover"] and "step" in action
                and len(view["stack"]) == len(next_view["stack"])):
            return False
        return stepped(view, before["mover"], action["step"], next_view) == next_view

    def determinize(self, view: dict, player: int, rng: Rng) -> dict:
        """See ``determinize.py``: hidden cards, city tokens, event decks and the generator
        drawn anew; other thieves' unshown declarations count as not made yet."""
        from .determinize import determinize

        return determinize(view, player, rng)

    def revealed(self, state: dict):
        """Besides the generator (dice, shuffles): the decks drawn from, the city tokens
        turned, and the declarations shown (the resolution phase)."""
        return (tuple(state["rng"]), len(state["calm_deck"]), len(state["alarm_deck"]),
                len(state["deck"]), len(state["district_deck"]),
                sum(token["up"] for token in state["tokens"].values()),
                state["phase"] == "resolution")

    def result(self, state: dict) -> dict | None:
        return state["result"]

    def scores(self, result: dict) -> list:
        """The victory points of the final table."""
        return [row["vp"] for row in sorted(result["table"], key=lambda row: row["player"])]

    def winner_label(self, state: dict, seat: int) -> str:
        return state["thieves"][seat]["id"]

    label_title = "thief"
    turns = "game turns"
    cards_played = "general and special cards resolved"
    ends = {"emperor_escape": "the Emperors' Jewel carried out",
            "escape": "escaped thieves compared on VP", "all_defeated": "every thief defeated"}

    def card_played(self, state: dict, player: int, action) -> str | None:
        """A declared card resolved (not resigned): its kind, the basic cards left out."""
        if not (isinstance(action, dict) and "as" in action and action["as"] != "resign"):
            return None
        declared = state["thieves"][player]["declared"][action["card"]]
        kinds = [content.general_deck()[int(c[1:])] if content.is_general(c) else c
                 for c in declared["cards"]]
        kinds = [k for k in kinds if content.cards()[k]["type"] != "basic"]
        return kinds[0] if kinds else None

    def ending(self, result: dict) -> str:
        """The Emperor's Jewel carried out, an escape on VP (or a tie-break), or every thief
        defeated."""
        return result["outcome"]

    def english_names(self) -> dict:
        return {**{k: v["name"] for k, v in content.thieves().items()},
                **{k: v["name"] for k, v in content.cards().items()}}

    def notation(self, action) -> str:
        if declaration.shape_reason(action) is None:
            return "declare " + (",".join(_entry_text(e) for e in action["declare"]) or "-")
        if isinstance(action, dict):
            return ";".join(k if v is True else f"{k}={v}" for k, v in action.items())
        return repr(action)

    def parse(self, text: str):
        text = text.strip()
        if text.startswith("declare"):
            body = text[len("declare"):].strip()
            return {"declare": [] if body in ("", "-") else
                    [_parse_entry(e) for e in body.split(",")]}
        action = {}
        for part in text.split(";"):
            key, eq, value = part.partition("=")
            if not key:
                raise IllegalAction("cannot read that action")
            action[key] = True if not eq else number_or_text(value)
        return action

    def random_action(self, choice: dict, rng: Rng):
        return {"declare": declaration.random_declaration(choice["spec"], rng)}

    def seat_count(self, state: dict) -> int:
        return len(state["thieves"])

    def heuristic_bot(self, seed: int):
        """The heuristic bot (solo opponent, simulations): it sees only its seat's view."""
        from .bot import HeuristicBot

        return HeuristicBot(self, seed)

    def easy_bot(self, seed: int):
        """The Easy level: the heuristic bot weighing only its moves, no tricks."""
        from .bot import EasyBot

        return EasyBot(self, seed)


def _entry_text(entry: dict) -> str:
    card = entry["card"] + (f"/{entry['carry']}" if "carry" in entry else "")
    tokens = "".join(f"+{k}" for k in entry.get("tokens", []))
    return f"{card}:{entry['ap']}{tokens}"


def _parse_entry(text: str) -> dict:
    card, _, rest = text.partition(":")
    ap, *tokens = rest.split("+")
    entry = {"card": card.split("/")[0], "ap": number_or_text(ap)}
    if "/" in card:
        entry["carry"] = card.split("/")[1]
    if tokens:
        entry["tokens"] = tokens
    return entry
