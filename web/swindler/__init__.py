"""Swindler at the table: the start screen's options here; the game screen in render.py, the
help page in help.py."""

from web.games import GameFront, TableOption

FRONT = GameFront(
    game="swindler", name="Swindler",
    blurb="2–4 pickpockets push their luck in Victorian London",
    screen="web.swindler.render", help="web.swindler.help", prefix="swd-",
    options=(
        TableOption("masters", "Master-thief cards", (
            ("draft", "draft", "Choose them",
             "each swindler picks one of the cards dealt, the last player in turn order "
             "first, as the rulebook suggests."),
            ("random", "random", "Deal them at random", "one card each, no choosing."),
            ("off", "off", "Play without them",
             "for a first game: nobody unlocks an ability.")), "draft"),
        TableOption("skip_reaction_prompts", "Answering accomplices (hot-seat)", (
            (False, "ask", "Ask everyone",
             "after each moment an accomplice could answer, every other player is asked in "
             "turn, with a quick “no”, so the question gives nothing away."),
            (True, "skip", "Ask only players who can answer",
             "quicker, but the table then shows everyone who holds a card that fits.")), False),
    ),
)
