"""Age of Thieves at the table: the start screen's choices here; the game screen in render.py,
the help page in help.py."""

from web.games import GameFront, SeatChoice, TableOption


def _thieves() -> list[tuple[str, str]]:
    from engine.age_of_thieves import content

    return [(t, f"{info['name']}, {info['title']}")
            for t, info in sorted(content.thieves().items())]


FRONT = GameFront(
    game="age_of_thieves", name="Age of Thieves",
    blurb="2–4 thieves race for the Emperors' Jewel",
    screen="web.aot.render", help="web.aot.help", prefix="aot-",
    seat_choice=SeatChoice(
        "thief", "Thief", "Random thief", _thieves,
        "Two seats chose the same thief: each thief can be played by one seat only."),
    options=(TableOption(
        "first_thief_decides", "Decisions the rulebook leaves to the first thief", (
            (True, "first", "The first thief decides",
             "who goes first among guards moving together, ties between thieves a guard hears "
             "at the same distance, and where a new yellow jewel or a plain-garb guard "
             "appears."),
            (False, "default", "Apply the defaults",
             "the table settles these at once by fixed rules (fewer questions, quicker "
             "turns).")),
        True),),
)
